"""``python -m bot.web``: the same as ``kontor web`` (docs/web.md)."""

from __future__ import annotations

import argparse

from bot.web.serve import add_arguments, web_main

if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="kontor web", description="serve each table's read-only web page")
    add_arguments(parser)
    raise SystemExit(web_main(parser.parse_args()))
