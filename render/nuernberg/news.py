"""Nürnberg board: the news line under the map: the open trade offer (offers are public), else the last move in
words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from render import nuernberg_art as art
from render.kit import BAD, GOLD, GOOD, INK, INK_SOFT, MIN_FONT, PAPER, Box, Canvas, last_action, text_width
from render.nuernberg.layout import EVENT_LINES, _name, _paste
from rules.nuernberg import names as nb_names
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.nuernberg.views import NuernbergView

_, _n = translator("nuernberg")


def _items(cv: Canvas, x: float, cy: float, items: dict[str, int], limit: float) -> float:
    for item, n in items.items():
        if x + 80 > limit:
            cv.text((x, cy), "…", MIN_FONT, "bold", INK, "lm")
            return x + 30
        cv.text((x, cy), str(n), MIN_FONT, "bold", INK, "lm")
        x += text_width(str(n), MIN_FONT, "bold") + 2
        sprite = art.icon("gold", 30) if item == "gold" else art.resource_chip(item, 34)
        _paste(cv, sprite, (x + sprite.width / 2, cy))
        x += sprite.width + 10
    return x


def _draw_offer(cv: Canvas, box: Box, offer: dict[str, Any]) -> None:
    inner = box.inset(10, 4)
    cy = inner.cy
    cv.token(offer["from"], (inner.x + 16, cy), 30)
    x = inner.x + 38
    x = _items(cv, x, cy, offer.get("give") or {}, inner.x2 - 200)
    cv.text((x, cy), _("for"), MIN_FONT, "regular", INK_SOFT, "lm")
    x += text_width(_("for"), MIN_FONT, "regular") + 10
    x = _items(cv, x, cy, offer.get("want") or {}, inner.x2 - 110)
    cv.text((x, cy), "→", MIN_FONT, "bold", INK, "lm")
    x += 36
    declined = set(offer.get("declined") or [])
    answers = offer.get("answers") or {}
    for seat in offer.get("to") or []:
        if x + 30 > inner.x2:
            break
        cv.token(seat, (x + 15, cy), 30)
        answer = answers.get(str(seat))
        if seat in declined:
            cv.draw.line((x + 2, cy - 13, x + 28, cy + 13), fill=BAD, width=4)
        elif answer == "accept":  # a tick: the proposer may take it
            cv.draw.line((x + 4, cy, x + 12, cy + 10, x + 28, cy - 12), fill=GOOD, width=5)
        elif isinstance(answer, dict):  # a counter-offer (its terms are in the log and the summary)
            cv.draw.ellipse((x + 1, cy - 14, x + 29, cy + 14), outline=GOLD, width=4)
        x += 36


def _draw_news(cv: Canvas, box: Box, view: NuernbergView, last: Any, names: Sequence[str] | None) -> None:
    cv.panel(box, fill=PAPER)
    offer = view.get("offer")
    if offer:
        _draw_offer(cv, box, offer)
        return
    inner = box.inset(12, 4)
    seat, action = last_action(last)
    text = _describe(view, seat, action, names)
    if text:
        _seat_line(cv, inner, [seat] if seat is not None else [], "", text, names)
        return
    card = (view.get("deck") or {}).get("last_card") or {}
    event = EVENT_LINES.get(str(card.get("event")), "")
    if event:
        cv.text_in(inner, nb_names.tr(event), MIN_FONT, "regular", INK, "left")
    elif view.get("to_act") and not view.get("over"):
        _seat_line(cv, inner, list(view["to_act"]), _("Waiting for"), "", names)


def _seat_line(cv: Canvas, box: Box, seats: list[int], before: str, after: str,
               names: Sequence[str] | None) -> None:
    """``before`` [token name]... ``after`` on one line: the words are kept whole, a long name drawn short
    (or, with no room for it, only its token)."""
    x = box.x
    if before:
        x = cv.text((x, box.cy), before, MIN_FONT, "regular", INK, "lm").x2 + 10
    tail = f": {after}" if after and seats else after
    tail_w = text_width(tail, MIN_FONT, "regular") if tail else 0.0
    share = (box.x2 - x - tail_w) / max(1, len(seats))
    # a name shows whole or short (render/names.py), else only its seat's token: never cut
    named = share >= 90 and all(cv.name_fits(_name(s, names), share - 46) for s in seats)
    for s in seats:
        cv.token(s, (x + 15, box.cy), 30)
        x += 36
        if named:
            x = cv.text((x, box.cy), _name(s, names), MIN_FONT, "bold", INK, "lm", max_width=share - 46).x2 + 10
    if tail:
        x -= 10 if seats and named else 0
        cv.text((x, box.cy), tail, MIN_FONT, "regular", INK, "lm", max_width=box.x2 - x)  # never past the box


def _describe(view: NuernbergView, seat: int | None, action: str, names: Sequence[str] | None) -> str:
    words = action.split()
    if not words:
        return ""
    verb = words[0]
    arg = words[1] if len(words) > 1 else ""
    numerals = {r["id"]: r["numeral"] for r in view["countryside"]["routes"]}
    route = numerals.get(arg.split(".")[0], "")
    if verb == "toll" and arg:
        text = _("toll bar on route {numeral}").format(numeral=route)
    elif verb == "settle" and "." in arg:
        text = _("settlement on route {numeral}").format(numeral=route)
    elif verb == "manufacture" and arg:
        text = _("built a manufacture")
    elif verb == "wall":
        text = _("built a wall")
    elif verb == "tower" and arg:
        text = _("built a tower")
    elif verb == "produce":
        text = _("sold {good}").format(good=nb_names.good(arg))
    elif verb == "bank" and len(words) == 3:
        text = _("traded with the bank")
    elif verb == "robber" and arg.startswith("H"):
        text = _("moved the robber knight")
    elif verb == "steal" and arg.isdigit():
        text = _("robbed {victim}").format(victim=_name(int(arg), names))
    elif verb == "draw":
        text = _("turned an event card")
    elif verb == "discard":
        text = _("returned a card")  # which card stays unsaid
    elif verb == "council":
        text = _("council card chosen")
    elif verb in ("accept", "decline", "withdraw", "cancel"):
        text = nb_names.tr({"accept": N_("accepted the offer"), "decline": N_("declined the offer"),
                            "withdraw": N_("withdrew the offer"), "cancel": N_("cancelled the offer")}[verb])
    elif verb == "end":
        text = _("ended the turn")
    else:
        return ""
    return text
