"""Strasbourg board: the header, whose turn it is at a size a phone reads on the whole board (issue 41)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render.kit import BOARD_DARK, INK, MIN_FONT, PHONE_MIN, Box, Canvas, seat_name, text_width
from render.strasbourg.layout import ROLE_NAMES, _edifice_label
from rules.strasbourg.names import guild_name
from rules.words import translator

if TYPE_CHECKING:
    from rules.strasbourg.views import StrasbourgView

_, _n = translator("strasbourg")

#: whose turn: tokens and name at the smallest size a phone reads on the 1280 px board
TURN = PHONE_MIN
HEADER_H = 50


def turn_verb(view: StrasbourgView) -> str:
    """What the awaited seat(s) do, in a few words after their name (or their tokens when several plan)."""
    if view.get("phase") == "planning":
        n = len(view.get("to_act", []))
        # TRANSLATORS: after a player's name (or several players' tokens) in the board's header
        return _n("plans in secret", "plan in secret", n)
    task = view.get("task")
    if task:
        kind = task["kind"]
        if kind in ROLE_NAMES:
            # TRANSLATORS: after a player's name in the board's header: "Anna · Master (Smiths)"
            return _("· {role} ({guild})").format(role=_(ROLE_NAMES[kind]), guild=guild_name(task.get("guild")))
        if kind == "merchant":
            return _("sells goods for coins")
        if kind == "return":
            return _("may return one card to the deck")
        if kind == "chapel":
            return _("builds a chapel")
        if kind == "edifice":
            rnd = int(view.get("round") or 1)
            edifices = view.get("edifices", [])
            if 0 < rnd <= len(edifices):
                return _("builds the {edifice}").format(edifice=_edifice_label(edifices[rnd - 1]))
            return _("builds the edifice")
    if view.get("bid") and view.get("step"):
        # TRANSLATORS: after a player's name in the board's header: reveals a stack, passes or spends a privilege
        return _("bids in step {step}").format(step=view["step"])
    return ""


def draw_header(c: Canvas, box: Box, view: StrasbourgView, names: Sequence[str] | None) -> None:
    """Whose turn: every awaited seat's token, the name when one seat is awaited, and what they do (at the name's
    size where the line holds it, else smaller: the words say it too)."""
    c.panel(box, fill=BOARD_DARK)
    seats = [int(s) for s in view.get("to_act", [])]
    if not seats or view.get("over"):
        return
    inner = box.inset(14, 0)
    x = inner.x
    with c.element("turn"):
        for s in seats:
            c.token(s, (x + TURN / 2, box.cy), TURN)
            x += TURN + 6
        if len(seats) == 1:
            # a name longer than most of the line is cut there (the chips below cut it too, the words say it whole)
            x = c.text((x + 6, box.cy), seat_name(seats[0], names), TURN, "bold", INK, "lm",
                       max_width=inner.w * 0.6).x2
    verb = turn_verb(view)
    c.in_words("header", "status", "phase", *(("task",) if view.get("phase") != "planning" else ()))
    room = inner.x2 - x - 14
    size = TURN if text_width(verb, TURN, "regular") <= room else MIN_FONT
    if verb:
        c.text((x + 14, box.cy), verb, size, "regular", INK, "lm", max_width=room)
