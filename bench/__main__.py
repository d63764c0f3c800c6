"""``python -m bench [--quick] [--only engine,service,service-pg,scale,render,memory,async,ratings,bots,web,hints]``:
print Kontor's performance table.

``bots`` (the strong bot's arena figures) takes hours at its full size, so it runs only when named in ``--only``."""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
from collections.abc import Sequence

import rules
from bench.stats import Row, render_table

ALL = "engine,service,service-pg,scale,render,memory,async,ratings,tournament,web,hints"


KEPT = "\n## How to read it"  # BENCHMARKS.md's own text from here on survives a --write


def kept_after_table(path: str) -> str:
    """What ``--write`` keeps of the file it replaces: everything from its "How to read it" section on."""
    try:
        with open(path, encoding="utf-8") as old:
            text = old.read()
    except FileNotFoundError:
        return ""
    at = text.find(KEPT)
    return text[at:] if at >= 0 else ""


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    import sqlite3

    import PIL

    return (f"{cpu}, {os.cpu_count()} cores; {platform.system()} {platform.release()}; Python "
            f"{platform.python_version()}; SQLite {sqlite3.sqlite_version}; Pillow {PIL.__version__}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repeats and samples (about a minute)")
    parser.add_argument("--only", default=ALL,
                        help="comma-separated sections (default: all)")
    parser.add_argument("--write", metavar="FILE", help="also write the table as markdown (e.g. BENCHMARKS.md)")
    args = parser.parse_args(argv)
    sections = {s.strip() for s in args.only.split(",") if s.strip()}
    quick = args.quick
    if not rules.GAMES:
        print("no games are registered", file=sys.stderr)
        return 2

    print(f"Kontor bench ({'quick' if quick else 'full'}): games {', '.join(rules.GAMES)}")
    print(f"machine: {machine()}", flush=True)
    started = time.perf_counter()
    table: list[Row] = []
    if "engine" in sections:
        from bench import engine

        table += engine.rows(repeats=3 if quick else 7, games_per_run=3 if quick else 10)
        print(f"  engine done ({time.perf_counter() - started:.0f} s)", flush=True)
    if "service" in sections:
        from bench import service

        table += service.rows([1, 100] if quick else [1, 100, 1000], samples=200 if quick else 1000,
                              repeats=1 if quick else 3)
        print(f"  service done ({time.perf_counter() - started:.0f} s)", flush=True)
    if sections & {"service-pg", "scale"}:  # PostgreSQL (bench/pg.py): KONTOR_BENCH_PG, or a throwaway server
        from bench import pg

        table += pg.rows([1, 100] if quick else [1, 100, 1000], samples=200 if quick else 1000,
                         repeats=1 if quick else 3, moves=64 if quick else 240, renders=24 if quick else 96,
                         sections=sections & {"service-pg", "scale"})
        print(f"  service-pg/scale done ({time.perf_counter() - started:.0f} s)", flush=True)
    if "render" in sections:
        from bench import render

        table += render.rows(repeats=5 if quick else 15)
        print(f"  render done ({time.perf_counter() - started:.0f} s)", flush=True)
    if "memory" in sections:
        from bench import memory

        table += memory.rows(rss_games=(100, 1000) if quick else (1000, 10_000), games=1 if quick else 5)
        print(f"  memory done ({time.perf_counter() - started:.0f} s)", flush=True)
    if "async" in sections:
        from bench import asyncplay

        table += asyncplay.rows(quick=quick)
        print(f"  async done ({time.perf_counter() - started:.0f} s)", flush=True)
    if sections & {"ratings", "ratings-sqlite"}:  # the club at 100,000 games (bench/ratings.py); -sqlite: no PostgreSQL
        from bench import ratings

        table += ratings.rows(quick=quick, pg="ratings" in sections)
        print(f"  ratings done ({time.perf_counter() - started:.0f} s)", flush=True)
    if "bots" in sections:
        from bench import bots

        table += bots.rows(games=10 if quick else 200, jobs=min(2, os.cpu_count() or 1))
        print(f"  bots done ({time.perf_counter() - started:.0f} s)", flush=True)
    if "web" in sections:
        from bench import web

        table += web.rows(games=100 if quick else 1000, samples=200 if quick else 1000, moves=5 if quick else 20)
        print(f"  web done ({time.perf_counter() - started:.0f} s)", flush=True)
    if "tournament" in sections:
        from bench import tournament

        table += tournament.rows(rounds=4 if quick else 6, repeats_each=1 if quick else 3)
        print(f"  tournament done ({time.perf_counter() - started:.0f} s)", flush=True)
    if "hints" in sections:
        from bench import hints

        table += hints.rows(quick=quick)
        print(f"  hints done ({time.perf_counter() - started:.0f} s)", flush=True)
    text = render_table(table)
    how = "Each figure is a median over repeated runs; ratio = ours / peer."
    if "async" in sections:
        how += " Async rows: means over whole games; ratio = now / baseline."
    print()
    print(text)
    print(f"\n{how} {time.perf_counter() - started:.0f} s.")
    if args.write:
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        only = f" --only {args.only}" if args.only != ALL else ""
        command = "python -m bench" + (" --quick" if quick else "") + only
        kept = kept_after_table(args.write)  # read before the file is truncated
        with open(args.write, "w") as out:
            out.write(f"# Benchmarks\n\nThe latest table from `{command}` ({stamp}), on {machine()}.\n"
                      "How each figure is measured, its peer and its target: [bench/README.md](bench/README.md).\n"
                      f"{how}\n\n" + text + "\n" + kept)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
