"""``python -m bot.tools.emojis [write|check]``: the application emojis' pictures (render/emoji_art.py) as 128×128
PNGs in ``bot/discord/emojis/png/`` (``<game>_<thing>.png``), checked in; the bot uploads them at start.

``write`` draws them all and removes pictures of things that are gone; ``check`` (the default) says which are
missing, stale or extra, and exits with 1 then: run ``write`` after changing a sprite, and commit the files.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from render.emoji_art import THINGS, draw

FOLDER = Path(__file__).resolve().parents[1] / "discord" / "emojis" / "png"


def wanted() -> dict[str, bytes]:
    """File name -> PNG bytes of every thing of every game."""
    return {f"{game}_{thing}.png": draw(game, thing) for game, things in THINGS.items() for thing in things}


def problems(folder: Path = FOLDER) -> list[str]:
    pictures = wanted()
    found = {p.name for p in folder.glob("*.png")}
    out = [f"{name}: missing" for name in sorted(set(pictures) - found)]
    out += [f"{name}: stale (the sprite changed)" for name in sorted(set(pictures) & found)
            if (folder / name).read_bytes() != pictures[name]]
    out += [f"{name}: no such thing any more" for name in sorted(found - set(pictures))]
    return out


def write(folder: Path = FOLDER) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    pictures = wanted()
    for stale in folder.glob("*.png"):
        if stale.name not in pictures:
            stale.unlink()
    for name, data in pictures.items():
        path = folder / name
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
    return len(pictures)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.tools.emojis", description=__doc__.splitlines()[0])
    parser.add_argument("action", nargs="?", choices=("check", "write"), default="check")
    args = parser.parse_args(argv)
    if args.action == "write":
        print(f"wrote {write()} emoji pictures to {FOLDER}")
        return 0
    found = problems()
    print("\n".join(found) or "emoji pictures up to date")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
