"""Speicherstadt board: the header (round, season, phase, whose decision, the pile and the fires to come).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import kit
from render.kit import BOARD_DARK, INK, MIN_FONT, PHONE_MIN, Box, Canvas, seat_name
from render.speicherstadt.layout import _short_title
from rules.speicherstadt.text import season_name
from rules.speicherstadt.views import phase_name
from rules.words import translator

if TYPE_CHECKING:
    from rules.speicherstadt.views import SpeicherstadtView

_, _n = translator("speicherstadt")


def _decider(view: SpeicherstadtView) -> int | None:
    return view["to_act"][0] if view.get("to_act") else None


def _situation(view: SpeicherstadtView, names: Sequence[str] | None) -> str:
    """What the awaited seat is deciding, in a few words (after their name)."""
    deciding = view.get("deciding")
    if view["phase"] == "purchase" and deciding:
        slot = view["row"][deciding - 1]
        # TRANSLATORS: follows a player's name in the board's header: "Ana buys Ship for 3?"
        return _("buys {card} for {price}?").format(card=_short_title(slot), price=slot["price"])
    if view["phase"] == "demand":
        # TRANSLATORS: follows a player's name in the board's header
        return _("places a worker")
    # TRANSLATORS: follows a player's name in the board's header
    return _("unloads goods")


#: whose turn, at a size a phone reads on the whole board (the rest of the header is a detail there: words)
TURN = PHONE_MIN
TOKEN = PHONE_MIN


def draw_header(c: Canvas, box: Box, view: SpeicherstadtView, names: Sequence[str] | None) -> None:
    c.panel(box, fill=BOARD_DARK)
    c.in_words("header", "round", "season", "phase", "pile", "last_round")
    inner = box.inset(14, 0)
    # right: cards left in the pile and fires to come
    pile = view["pile"]
    fires = c.text((inner.x2, inner.cy), str(pile["fires_left"]), MIN_FONT, "bold", INK, "rm")
    kit.icon(c, "flame", (fires.x - 24, inner.cy), 38)
    count = c.text((fires.x - 52, inner.cy), str(pile["count"]), MIN_FONT, "bold", INK, "rm")
    kit.icon(c, "cards", (count.x - 24, inner.cy), 38)
    right_edge = count.x - 52
    seat = _decider(view)
    together = view["to_act"] if view["phase"] == "loading" and seat is not None else []
    if len(together) > 1:
        verb = _("load at the same time") if len(together) < 5 else _("load at once")
        need = len(together) * (TOKEN + 4) + 8 + kit.text_width(verb, TURN, "regular")
    elif seat is not None:
        verb = _situation(view, names)
        need = TOKEN + 10 + kit.text_width(seat_name(seat, names), TURN, "bold") + 12 + kit.text_width(
            verb, TURN, "regular")
    else:
        verb, need = "", 0.0
    left = _header_left(c, box, inner, view, room=right_edge - inner.x - 24 - need)
    x = left.x2 + 24 if left.w else inner.x
    if seat is None:
        return
    with c.element("turn"):
        if len(together) > 1:  # loading at the same time: every loading seat's token, no names (they would not fit)
            for s in together:
                c.token(s, (x + TOKEN / 2, box.cy), TOKEN)
                x += TOKEN + 4
            room = right_edge - x - 8
            size = TURN if kit.text_width(verb, TURN, "regular") <= room else MIN_FONT
            c.text((x + 8, box.cy), verb, size, "regular", INK, "lm", max_width=max(60.0, room))
            return
        c.token(seat, (x + TOKEN / 2, box.cy), TOKEN)
        x += TOKEN + 10
        name = c.text((x, box.cy), seat_name(seat, names), TURN, "bold", INK, "lm", max_width=right_edge - x - 120)
    # the verb at the name's size where the line holds it, else smaller (the phase it says is in the words too)
    room = right_edge - name.x2 - 12
    size = TURN if kit.text_width(verb, TURN, "regular") <= room else MIN_FONT
    c.text((name.x2 + 12, box.cy), verb, size, "regular", INK, "lm", max_width=max(60.0, room))


def _header_left(c: Canvas, box: Box, inner: Box, view: SpeicherstadtView, room: float) -> Box:
    """The header's left part: round, season and phase, or less of it when the rest of the line (whose turn, in
    a longer language) needs the room; returns the drawn box."""
    phase = phase_name(view["phase"])
    # TRANSLATORS: the phase, as the board's header says it before whose turn it is ("Purchase:")
    short = _("{phase}:").format(phase=phase)
    if view.get("last_round"):  # the season is Autumn by then; say what matters more
        last = _("Last round {round}").format(round=view["round"])
        chip_w = kit.text_width(last, MIN_FONT, "cond") + 28
        left = c.chip(Box(inner.x - 6, box.y + 7, chip_w, box.h - 14), last, kit.BAD, MIN_FONT, "cond")
        if chip_w - 6 + 30 + kit.text_width(short, MIN_FONT, "bold") > room:
            return left
        return c.text((left.x2 + 30, inner.cy), short, MIN_FONT, "bold", INK, "lm")
    choices = [_("Round {round} · {season} · {phase}:").format(round=view["round"], season=season_name(view["season"]),
                                                             phase=phase),
               _("Round {round} · {phase}:").format(round=view["round"], phase=phase), short]
    when = next((text for text in choices if kit.text_width(text, MIN_FONT, "bold") <= room), None)
    if when is None:  # whose turn takes the line (the phase is in the words and the verb)
        return Box(inner.x, inner.cy, 0, 0)
    return c.text((inner.x, inner.cy), when, MIN_FONT, "bold", INK, "lm")
