"""The terminal's keyboard: what a typed ``order …`` line means, keys typed ahead never answering a menu their typist
had not seen yet, and the file the board image is written to."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from bot.terminal.text import pick

try:  # Unix only: elsewhere typed-ahead lines are not discarded (the table still plays)
    import termios
except ImportError:  # pragma: no cover - Windows
    termios = None  # type: ignore[assignment]


def gives_standing_order(line: str, legal: Sequence[tuple[str, str]], offers: Sequence[tuple[str, str]]) -> bool:
    """Whether ``order …`` typed at the prompt gives a standing order (``order 3``, ``order cancel``, an offer's id or
    label) rather than plays the game's own action of those words: what a menu shows can always be typed (Colonia's
    ``order saddler``), and words that are neither go to the rules, whose refusal says why in a line."""
    if pick(line, list(legal)) is not None:
        return False
    rest = line.strip()[len("order"):].strip().casefold()
    if rest == "cancel" or (rest.isascii() and rest.isdigit()):
        return True
    return any(rest in (order.casefold(), label.casefold()) for order, label in offers)


def discard_typed_ahead(stdin: TextIO) -> None:
    """Throw away the lines typed at a keyboard but not read yet: they were typed before the menu now shown (a vote's
    ``2`` Enter ``1`` Enter must not place an order in the menu that followed the vote). Piped or scripted input is a
    script whose every line is meant, so only a terminal (a tty) is flushed. At a terminal in its usual line mode a
    read returns one line, so nothing typed ahead waits in Python's own buffer: the kernel's queue is all there is."""
    if termios is None:  # pragma: no cover - Windows
        return
    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):  # an in-memory stream: scripted input
        return
    if not os.isatty(fd):
        return
    with contextlib.suppress(termios.error):  # a terminal that refuses it: keep the keys rather than fail the game
        termios.tcflush(fd, termios.TCIFLUSH)


def board_file(db: Path, game: str, game_id: int) -> Path:
    """Where the terminal writes a game's board image: beside its table file, named after the file, the game and
    the game's number (``kontor-play-colonia-7-board.png``), so neither two table files in one folder nor two games
    of one file overwrite each other's image."""
    return db.with_name(f"{db.stem}-{game}-{game_id}-board.png")
