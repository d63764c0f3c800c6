"""Tally's renderer and slash commands: the parts a toy game ships beside its rules, named by its declaration
(``TALLY_PARTS`` in tests/support/toygame.py), as ``render/<game>.py`` and ``bot/discord/commands/specs/<game>.py``
are for a
real game. One module may serve as both: the registry only needs ``draw_board``/``draw_private`` and ``SPEC``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.discord.commands.specs import GameSpec, Verb
from render.kit import Box, Canvas, seat_name

SPEC = GameSpec(
    game="tally",
    command="tally",
    description="Play Tally (the test game)",
    verbs=(
        Verb("bid", "Secretly bid a card", "card", "Card 1–9"),
        Verb("take", "Take a number (scores it mod 3)", "number", "1–30"),
        Verb("draw", "Draw a card"),
        Verb("pass", "Pass"),
        Verb("gift", "Give your lowest card away", "seat", "Whom"),
    ),
)


def draw_board(view: dict[str, Any], last: Any, names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    box = c.region("board", Box(0, 0, c.w, c.h).inset(20))
    c.panel(box)
    rows = box.inset(20).rows(*([1] * (1 + view["num_players"])), gap=8)
    c.text_in(rows[0], str(view["status"]), 28, "bold")
    for seat, row in enumerate(rows[1:]):
        c.text_in(row, f"{seat_name(seat, names)}: {view['scores'][seat]} points, {view['hand_sizes'][seat]} cards")
    return c


def draw_private(view: dict[str, Any], names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    box = c.region("hand", Box(0, 0, c.w, c.h).inset(20))
    c.panel(box)
    c.text_in(box.inset(20), "Your hand: " + (", ".join(map(str, view.get("hand", []))) or "empty"), 28, "bold")
    return c
