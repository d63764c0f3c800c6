"""Speicherstadt board: the header (round, season, phase, whose decision, the pile and the fires to come).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import kit
from render.kit import BOARD_DARK, INK, MIN_FONT, Box, Canvas, seat_name
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


def draw_header(c: Canvas, box: Box, view: SpeicherstadtView, names: Sequence[str] | None) -> None:
    c.panel(box, fill=BOARD_DARK)
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
        need = len(together) * 40 + 6 + kit.text_width(verb, MIN_FONT, "regular")
    elif seat is not None:
        verb = _situation(view, names)
        need = 40 + kit.text_width(seat_name(seat, names), MIN_FONT, "bold") + 10 + kit.text_width(
            verb, MIN_FONT, "regular")
    else:
        verb, need = "", 0.0
    left = _header_left(c, box, inner, view, room=right_edge - inner.x - 24 - need)
    x = left.x2 + 24
    if seat is None:
        return
    if len(together) > 1:  # loading at the same time: every loading seat's token, no names (they would not fit)
        for s in together:
            c.token(s, (x + 17, box.cy), 34)
            x += 40
        c.text((x + 6, box.cy), verb, MIN_FONT, "regular", INK, "lm", max_width=max(60.0, right_edge - x - 6))
        return
    c.token(seat, (x + 17, box.cy), 34)
    x += 40
    verb_w = kit.text_width(verb, MIN_FONT, "regular")
    name_w = max(60.0, right_edge - x - verb_w - 12)
    name = c.text((x, box.cy), seat_name(seat, names), MIN_FONT, "bold", INK, "lm", max_width=name_w)
    c.text((name.x2 + 10, box.cy), verb, MIN_FONT, "regular", INK, "lm", max_width=max(60.0, right_edge - name.x2))


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
    when = next((text for text in choices if kit.text_width(text, MIN_FONT, "bold") <= room), short)
    return c.text((inner.x, inner.cy), when, MIN_FONT, "bold", INK, "lm")
