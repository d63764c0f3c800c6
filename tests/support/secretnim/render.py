"""Secret Nim's images (named by ``PARTS.render``): the heap and the two players on the board, your own pick on
your private screen. Drawn from a view only, so the board cannot show a pick before both are revealed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.kit import MIN_FONT, Box, Canvas, seat_name
from rules.words import translator

_, _n = translator("secretnim")


def draw_board(view: dict[str, Any], last: Any, names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    box = c.region("board", Box(0, 0, c.w, c.h).inset(20))
    c.panel(box)
    rows = box.inset(20).rows(1, 1, 1, 1, 1, gap=8)
    c.text_in(rows[0], str(view["status"]), MIN_FONT + 4, "bold")
    heap = _n("Heap: {heap} stone", "Heap: {heap} stones", view["heap"]).format(heap=view["heap"])
    c.text_in(rows[1], heap + "  " + "●" * view["heap"])
    for s in range(2):
        line = _n("{who}: {score} points, {stones} stone", "{who}: {score} points, {stones} stones",
                  view["taken"][s]).format(
            who=seat_name(s, names), score=view["scores"][s], stones=view["taken"][s])
        if not view["over"]:
            line += " (" + (_("picked") if view["picked"][s] else _("choosing")) + ")"
        c.text_in(rows[2 + s], line)
    if view["last_picks"]:
        a, b = view["last_picks"]
        c.text_in(rows[4], _("Last picks: {a} and {b}").format(a=a, b=b))
    return c


def draw_private(view: dict[str, Any], names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    box = c.region("pick", Box(0, 0, c.w, c.h).inset(20))
    c.panel(box)
    if view["over"]:
        said = str(view["status"])
    else:
        mine = view.get("my_pick")
        said = _("Your pick: {n}").format(n=mine) if mine else _("Your pick: not yet")
    c.text_in(box.inset(20), said, MIN_FONT + 4, "bold")
    return c


def draw_final(view: dict[str, Any], names: Sequence[str] | None) -> Canvas:
    """The final sheet: one row per player, their stones, the last stone's bonus and the total, each in its cell."""
    c = Canvas()
    outcome = view["outcome"]
    box = c.region("table", Box(0, 0, c.w, c.h).inset(20))
    c.panel(box)
    rows = box.inset(20).rows(1, 1, 1, 1, gap=8)
    winners = [seat_name(s, names) for s, rank in enumerate(outcome["ranks"]) if rank == 1]
    c.text_in(rows[0], _n("Secret Nim — final scores · {who} wins", "Secret Nim — final scores · {who} win",
                          len(winners)).format(who=" & ".join(winners)), MIN_FONT + 4, "bold")
    heads = [_("Player"), _("Stones"), _("Last stone"), _("Total")]
    for cell, head in zip(rows[1].cols(2, 1, 1, 1, gap=8), heads, strict=True):
        c.text_in(cell, head, MIN_FONT, "bold")
    for s in range(2):
        values = [seat_name(s, names), str(outcome["breakdown"][s]["stones"]), str(outcome["breakdown"][s]["last"]),
                  str(outcome["scores"][s])]
        for cell, value in zip(rows[2 + s].cols(2, 1, 1, 1, gap=8), values, strict=True):
            c.text_in(cell, value)
    return c
