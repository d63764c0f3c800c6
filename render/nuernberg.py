"""Die Siedler von Nürnberg board — owned by the nuernberg board helper.

The public board (1280 x 800): the countryside with its trade routes, toll bars, settlements and the robber
knight on the left, with the timeline, the event deck and the open trade offer (offers are public) or the last move
below; on the right the player cards with a key to their icons (``nuernberg_panel.py``), the city (districts,
manufactures, walls and towers) with the council cards beside it, and the three sale markets with prices and
tolls. The private screen shows one player's hand and what it can build or produce now; the final image shows each
seat's score breakdown.

Everything is drawn from the view (``rules/nuernberg/state.py`` documents it), never from a State.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from PIL import Image, ImageDraw

from render import nuernberg_art as art
from render import nuernberg_maps as maps
from render import nuernberg_panel as panel
from render.kit import (
    BAD,
    BOARD,
    BOARD_DARK,
    GOLD,
    GOOD,
    INK,
    INK_SOFT,
    MIN_FONT,
    PAPER,
    Box,
    Canvas,
    icon_sprite,
    last_action,
    mix,
    player,
    seat_name,
    text_width,
)
from rules.nuernberg import names as nb_names
from rules.nuernberg.board_words import affordable, can_build
from rules.nuernberg.text import and_list
from rules.nuernberg.views import PHASE_NAMES
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.core import Event
    from rules.nuernberg.views import NuernbergPlayer, NuernbergView

RESOURCES: tuple[str, ...] = ("wood", "wool", "grain", "brick", "ore")
# Costs are printed on the players' building cards (rules/nuernberg/data.py COSTS, seed); the view has no
# cost table, so the private screen carries this copy (a test checks it against the rules' table).
COSTS: dict[str, dict[str, int]] = {
    "toll": {"wood": 1, "brick": 1},
    "settlement": {"grain": 1, "wool": 1, "brick": 1, "wood": 1},
    "manufacture": {"ore": 3, "grain": 2},
    "wall": {"brick": 1, "gold": 3},
    "tower": {"brick": 1, "wood": 1, "gold": 3},
}
_, _n = translator("nuernberg")

BUILD_NAMES = {"toll": N_("Toll bar"), "settlement": N_("Settlement"), "manufacture": N_("Manufacture"),
               "wall": N_("Wall"), "tower": N_("Tower")}
EVENT_NAMES = {"raubritter": N_("Raubritter"), "wegezoll": N_("Wegezoll"), "time": N_("Time +1"),
               "retreat": N_("Knight home"), "reichstag": N_("Reichstag"), "handelstag": N_("Handelstag")}
# The header's phase names, short enough to fit beside the active player's name.
PHASE_SHORT = {"setup_toll": N_("set-up: toll"), "setup_settle": N_("set-up: settle"), "draw": N_("event card"),
               "discard": N_("return cards"), "robber": N_("knight moves"), "robber_hex": N_("knight moves"),
               "steal": N_("steal a card"), "main": N_("trade & build"), "council": N_("council card"),
               "offer": N_("offer out"), "over": N_("game over")}
# The last event card, in one line of the news box (the view's text is longer than the box).
EVENT_LINES = {"raubritter": N_("Raubritter: the knight moves"), "wegezoll": N_("Wegezoll: gold to route holders"),
               "time": N_("The time marker moves on"), "retreat": N_("The knight goes home"),
               "reichstag": N_("Reichstag: gold per manufacture"),
               "handelstag": N_("Handelstag: bank trades at 3:1")}

# ---------------------------------------------------------------- layout of the public board
# The right column is for what a phone must read at a third of the size: player cards with whole names, and a city
# 520 px wide (it was 440 beside a 184 px council column); the last move sits under the map to make room (issue 20).
COUNTRYSIDE = Box(8, 8, 624, 580)
TIMELINE = Box(8, 596, 624, 76)
DECK = Box(8, 680, 624, 52)
NEWS = Box(8, 740, 624, 52)
HEADER = Box(640, 8, 632, 48)
PLAYERS = Box(640, 64, 632, 236)
CITY = Box(640, 308, 520, 340)
COUNCIL = Box(1168, 308, 104, 340)
MARKETS = Box(640, 656, 632, 136)
# The final image has no news line: its map keeps the full height.
FINAL_COUNTRYSIDE = Box(8, 8, 624, 640)
FINAL_TIMELINE = Box(8, 656, 624, 76)
FINAL_DECK = Box(8, 740, 624, 52)


@dataclass
class Board(Canvas):
    """A canvas that also records what the last-move ring marks (for the tests)."""

    marks: list[tuple[str, Box]] = field(default_factory=list)
    labels: list[tuple[str, Box]] = field(default_factory=list)  # the places labelled while a menu chooses one

    def mark(self, what: str, box: Box) -> None:
        self.marks.append((what, box))
        self.highlight(box, radius=10, width=5)

    def ring(self, what: str, centre: tuple[float, float], radius: float) -> None:
        self.marks.append((what, Box(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)))
        maps.ring(self, centre, radius)


def _name(seat: int, names: Sequence[str] | None) -> str:
    return seat_name(seat, names)


def _paste(cv: Canvas, sprite: Image.Image, centre: tuple[float, float]) -> None:
    cv.paste(sprite, centre)


# ================================================================ the last move as data
@dataclass(frozen=True)
class LastMove:
    """The last move as data, read from its public events (``last_from_events``): the mover and the public
    action as the board draws it (``drawn``: ``council`` and ``send`` without their seat, which is not drawn).
    ``draw_board`` takes it in place of an action hint."""

    seat: int | None
    action: str


def drawn(seat: int | None, action: str) -> LastMove:
    """A public action as the board draws it (whose card a council choice takes, or whom an offer goes to, is
    read from the view)."""
    verb, _, rest = action.partition(" ")
    if verb == "offer" and rest:  # an offer sent in one step reads like a draft sent
        return LastMove(seat, "send")
    return LastMove(seat, verb if verb in ("council", "send", "counter") else action)


_BUILT = {"toll": "toll", "settlement": "settle", "manufacture": "manufacture", "tower": "tower"}
_OFFER_MOVES = {"offer": "send", "offer_cancelled": "cancel", "offer_withdrawn": "withdraw",
                "offer_declined": "decline", "offer_accepted": "accept", "offer_countered": "counter",
                "turn_end": "end", "council": "council"}


def last_from_events(view: NuernbergView, events: Sequence[Event]) -> LastMove | None:
    """The last move from its public events: the mover's event comes first (what follows, e.g. the next turn, an
    automatic council card or theft, comes after it). None where the events do not say what the move was, so
    the action fallback draws it: the menus (``settle <route>``, ``manufacture``, ``tower``, ``bank <item>``,
    ``offer``, ``back``), an offer's draft (``give``/``want``, secret) and ``robber <number>`` with several
    hexes to choose from (the candidates are ringed) emit no event. One move reads better from its events than
    from its action: ``robber <number>`` with one hex moves the knight at once, and its event names the hex,
    which is ringed like ``robber <hex>`` (tests/render/test_nuernberg.py checks all of this against the action
    on every step of whole bot games)."""
    if not events:
        return None
    first, p = events[0], events[0].params
    seat = p.get("seat")
    if first.kind == "discarded":  # a secret move (which card stays unsaid): drawn as nothing
        return LastMove(None, "")
    if first.kind in ("card", "reshuffle"):  # turning over the event card (a reshuffle comes first if need be)
        cards = [e.params.get("seat") for e in events if e.kind == "card"]
        return LastMove(cards[0], "draw") if cards and isinstance(cards[0], int) else None
    if not isinstance(seat, int):
        return None
    if first.kind == "build":
        piece, where = p.get("piece"), p.get("where")
        return LastMove(seat, "wall" if piece == "wall" else f"{_BUILT[str(piece)]} {where}")
    if first.kind == "produce":
        return LastMove(seat, f"produce {p['good']}")
    if first.kind == "bank":
        return LastMove(seat, f"bank {p['give']} {p['get']}")
    if first.kind == "robber":
        return LastMove(seat, f"robber {p['hex']}")
    if first.kind == "steal" and isinstance(p.get("victim"), int):
        return LastMove(seat, f"steal {p['victim']}")
    if first.kind == "trade":  # the proposer took an acceptance or a counter
        return LastMove(seat, f"take {p['with']}")
    if first.kind in _OFFER_MOVES:
        return LastMove(seat, _OFFER_MOVES[first.kind])
    return None


# ================================================================ public board
def draw_board(view: NuernbergView, last: Any, names: Sequence[str] | None) -> Board:
    cv = Board()
    if isinstance(last, LastMove):  # the last move as data (its events); else the fallback, a public action hint
        last = (last.seat, last.action)
    board = _draw_common(cv, view, names)
    _highlight_last(cv, view, last, board, names)
    _label_choices(cv, view, board)
    return cv


def _free_crossings(route: dict[str, Any]) -> list[int]:
    """The crossings of a route open to a settlement: not the origin, empty, both neighbours empty."""
    cross = route["crossings"]
    return [k for k in range(1, len(cross)) if cross[k]["settlement"] is None
            and cross[k - 1]["settlement"] is None and (k + 1 >= len(cross) or cross[k + 1]["settlement"] is None)]


def _label_choices(cv: Board, view: NuernbergView, a: dict[str, Any]) -> None:
    """While the active player's menu chooses a place (a crossing, a disc, a tower), label each candidate with the
    name the menu gives it, so "Settlement on IV.5" can be found on the board (issue 20)."""
    words = (view.get("menu") or "").split()
    if not words:
        return
    places: list[tuple[str, str, tuple[float, float]]] = []
    if words[0] == "settle" and len(words) == 2:
        route = next((r for r in view["countryside"]["routes"] if r["id"] == words[1]), None)
        if route is not None:
            places = [(f"{route['id']}.{k}", str(k), a["crossing"][f"{route['id']}.{k}"])
                      for k in _free_crossings(route)]
    elif words == ["manufacture"]:
        places = [(d["id"], d["id"][1:], a["disc"][d["id"]]) for d in view["city"]["discs"] if d["owner"] is None]
    elif words == ["tower"]:
        places = [(t["id"], t["id"][1:], a["tower"][t["id"]]) for t in view["city"]["towers"] if t.get("open")]
    for what, text, (x, y) in places:
        w = max(38.0, text_width(text, MIN_FONT, "bold") + 14)
        box = Box(x - w / 2, y - 19, w, 38)  # on the place itself: a free place has nothing to hide
        cv.chip(box, text, GOLD, MIN_FONT)
        cv.labels.append((what, box))


def _draw_common(cv: Canvas, view: NuernbergView, names: Sequence[str] | None) -> dict[str, Any]:
    anchors: dict[str, Any] = {}
    cv.region("countryside", COUNTRYSIDE)
    lay = maps.countryside_layout(COUNTRYSIDE, view["countryside"])
    anchors.update(maps.draw_countryside(cv, lay, view["countryside"]))
    anchors["R"] = lay.grid.R
    _draw_timeline(cv, cv.region("timeline", TIMELINE), view["timeline"])
    anchors["deck"] = _draw_deck(cv, cv.region("deck", DECK), view["deck"])
    _draw_header(cv, cv.region("header", HEADER), view, names)
    anchors["players"] = panel.draw_players(cv, cv.region("players", PLAYERS), view, names)
    city_lay = maps.city_layout(cv.region("city", CITY), view["city"])
    anchors.update(maps.draw_city(cv, city_lay, view["city"]))
    anchors["city_R"] = city_lay.grid.R
    anchors["council"] = _draw_council(cv, cv.region("council", COUNCIL), view["council"])
    anchors["goods"] = _draw_markets(cv, cv.region("markets", MARKETS), view)
    anchors["news"] = cv.region("news", NEWS)
    return anchors


def _draw_header(cv: Canvas, box: Box, view: NuernbergView, names: Sequence[str] | None) -> None:
    cv.panel(box, fill=BOARD_DARK)
    inner = box.inset(10, 5)
    turn = _("Turn {turn}").format(turn=view.get("turn", 0))
    tw = text_width(turn, MIN_FONT, "bold")
    key = str(view.get("phase"))  # the view's phase_name is its builder's language: only a fallback, read if needed
    phase = _("game over") if view.get("over") else (
        nb_names.tr(PHASE_SHORT[key]) if key in PHASE_SHORT else str(view.get("phase_name")))
    pw = text_width(phase, MIN_FONT, "regular")
    if inner.w - tw - 14 - pw - 12 < 150:  # a long phase (in some language) takes the turn's place, not the name's
        tw = -14.0
    else:
        cv.text_in(inner.left(tw), turn, MIN_FONT, "bold", INK, "left")
    active = int(view.get("active", 0))
    name = _name(active, names)
    room = max(inner.w - tw - 14 - pw - 12, inner.h + 40)  # the phase is never cut; a long name is
    chip = Box(inner.x + tw + 14, inner.y, min(room, text_width(name, MIN_FONT, "cond") + inner.h + 20),
               inner.h)
    cv.player_chip(chip, active, name, MIN_FONT, "cond")
    cv.text_in(Box(chip.x2 + 12, inner.y, min(pw + 1, inner.x2 - chip.x2 - 12), inner.h), phase, MIN_FONT,
               "regular", INK, "left")


def _draw_council(cv: Canvas, box: Box, council: list[dict[str, Any]]) -> dict[str, Box]:
    """A narrow column beside the city: the council pictogram, then each card's points and its holder."""
    cv.panel(box)
    inner = box.inset(6)
    _paste(cv, art.icon("council", 44), (inner.cx, inner.y + 24))
    slots = inner.rest_below(48, 4).rows(*([1] * 3), gap=8)
    out: dict[str, Box] = {}
    for card, slot in zip(council, slots, strict=False):
        out[card["id"]] = slot
        cv.draw.rounded_rectangle(slot.rect, radius=8, fill=mix(GOLD, PAPER, 0.45), outline=INK, width=2)
        top, bottom = slot.inset(2, 4).rows(1, 1)
        cv.text_in(top, _("{vp} VP").format(vp=card["vp"]), MIN_FONT, "cond", INK)
        if card.get("holder") is not None:
            cv.token(card["holder"], (bottom.cx, bottom.cy), 34)
        else:
            r = 14
            cv.draw.ellipse((bottom.cx - r, bottom.cy - r, bottom.cx + r, bottom.cy + r), outline=INK_SOFT, width=2)
    return out


def _draw_markets(cv: Canvas, box: Box, view: NuernbergView) -> dict[str, Box]:
    cv.panel(box)
    cities = view.get("cities") or []
    goods = {g["good"]: g for g in view.get("goods") or []}
    numerals = {r["id"]: r["numeral"] for r in view["countryside"]["routes"]}
    cols = box.inset(8, 6).cols(*([1] * max(1, len(cities))), gap=8)
    out: dict[str, Box] = {}
    for city, col in zip(cities, cols, strict=False):
        head = col.top(40)
        numeral = numerals.get(city["route"], "")
        name = nb_names.city(city["city"])
        nw = text_width(numeral, MIN_FONT, "cond") + 16
        if text_width(name, MIN_FONT, "cond") > head.w - nw - 6:  # a long city name (Francoforte) takes it all
            numeral, nw = "", -6.0
        pill = Box(head.x, head.y + 2, nw, head.h - 4)
        if numeral:
            cv.draw.rounded_rectangle(pill.rect, radius=8, fill=BOARD_DARK, outline=INK, width=2)
            cv.text_in(pill, numeral, MIN_FONT, "cond", INK)
        cv.text_in(Box(pill.x2 + 6, head.y, head.w - nw - 6, head.h), name, MIN_FONT, "cond", INK, "left")
        rows = col.rest_below(40, 4).rows(1, 1, gap=4)
        for good_name, row in zip(city["goods"], rows, strict=False):
            g = goods.get(good_name)
            if g is None:
                continue
            out[good_name] = row
            _good_row(cv, row, g)
    return out


def _good_row(cv: Canvas, row: Box, g: dict[str, Any]) -> None:
    """Good pictogram, sale price on a coin, the toll (minus) and who collects it."""
    h = row.h
    size = min(44, round(h))
    _paste(cv, art.icon(g["good"], size), (row.x + size / 2, row.cy))
    coin = Box(row.x + size + 6, row.cy - 21, 42, 42)
    _paste(cv, art.icon("gold", 42), (coin.cx, coin.cy))
    cv.text((coin.cx, coin.cy), str(g["price"]), MIN_FONT, "bold", INK, "mm")
    toll = Box(coin.x2 + 8, row.cy - 19, 52, 38)
    cv.draw.rounded_rectangle(toll.rect, radius=8, fill=mix(BAD, PAPER, 0.65), outline=INK, width=2)
    cv.text_in(toll, f"−{g['toll']}", MIN_FONT, "cond", INK)
    slot = (toll.x2 + 20, row.cy)
    if g.get("toll_to") is not None:
        cv.token(g["toll_to"], slot, 30)
    else:
        cv.draw.ellipse((slot[0] - 12, slot[1] - 12, slot[0] + 12, slot[1] + 12), outline=INK_SOFT, width=2)


def _draw_timeline(cv: Canvas, box: Box, tl: dict[str, Any]) -> None:
    cv.panel(box)
    years = list(tl.get("years") or [])
    index = int(tl.get("index", 0))
    weights = [-112.0 if i == index else 1.0 for i in range(len(years))]
    cells = box.inset(6, 6).cols(*weights, gap=3)
    reshuffle = set(tl.get("reshuffle") or [])
    for i, (year, cell) in enumerate(zip(years, cells, strict=True)):
        current = i == index
        fill = GOLD if current else (mix(BAD, PAPER, 0.55) if year in reshuffle else BOARD_DARK)
        cv.draw.rounded_rectangle(cell.rect, radius=8, fill=fill, outline=INK if current else INK_SOFT,
                                  width=3 if current else 1)
        label = str(year) if current else str(year)[-2:]
        mark = "flag" if year == tl.get("end") else "shuffle" if year in reshuffle else None
        text_box = cell.top(cell.h - 20) if mark else cell
        cv.text_in(text_box, label, MIN_FONT, "bold" if current else "cond", INK if i >= index else INK_SOFT)
        if mark:
            _paste(cv, art.icon(mark, 20), (cell.cx, cell.y2 - 13))


def _draw_deck(cv: Canvas, box: Box, deck: dict[str, Any]) -> Box:
    cv.panel(box)
    inner = box.inset(10, 6)
    _paste(cv, art.icon("event", 44), (inner.x + 22, inner.cy))
    card = deck.get("last_card")
    if card is None:
        label = _("No card yet")
    elif card.get("income") is None:
        label = _("{event}!").format(event=nb_names.tr(EVENT_NAMES.get(card.get("event") or "", "Raubritter")))
    else:
        event = EVENT_NAMES.get(card.get("event") or "")
        label = _("Income {number}").format(number=card["income"]) + (f" · {nb_names.tr(event)}" if event else "")
    # TRANSLATORS: event cards left in the draw pile
    pile = _n("{n} left", "{n} left", deck.get("draw_pile", 0)).format(n=deck.get("draw_pile", 0))
    pw = text_width(pile, MIN_FONT, "regular")
    text_box = Box(inner.x + 54, inner.y, inner.w - 54 - pw - 16, inner.h)
    style = "bold" if text_width(label, MIN_FONT, "bold") <= text_box.w else "cond"  # a longer language's label
    drawn = cv.text_in(text_box, label, MIN_FONT, style, INK, "left")
    cv.text_in(inner.right(pw), pile, MIN_FONT, "regular", INK_SOFT, "right")
    return Box(inner.x, inner.y, drawn.x2 - inner.x, inner.h)


# ---------------------------------------------------------------- the news line: open offer, else the last move
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
    """``before`` [token name]... ``after`` on one line: the words are kept whole, a long name is cut."""
    x = box.x
    if before:
        x = cv.text((x, box.cy), before, MIN_FONT, "regular", INK, "lm").x2 + 10
    tail = f": {after}" if after and seats else after
    tail_w = text_width(tail, MIN_FONT, "regular") if tail else 0.0
    share = (box.x2 - x - tail_w) / max(1, len(seats))
    for s in seats:
        cv.token(s, (x + 15, box.cy), 30)
        x += 36
        if share >= 90:
            x = cv.text((x, box.cy), _name(s, names), MIN_FONT, "bold", INK, "lm", max_width=share - 46).x2 + 10
    if tail:
        x -= 10 if seats and share >= 90 else 0
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


# ---------------------------------------------------------------- the last move, ringed
def _highlight_last(cv: Board, view: NuernbergView, last: Any, a: dict[str, Any],
                    names: Sequence[str] | None) -> None:
    """Ring the part of the board the last move touched (menus and ``end`` touch nothing)."""
    _draw_news(cv, a["news"], view, last, names)
    seat, action = last_action(last)
    words = action.split()
    if not words:
        return
    verb, arg = words[0], (words[1] if len(words) > 1 else "")
    R, city_R = a["R"], a["city_R"]
    if verb == "toll" and arg in a["section"]:
        cv.ring(f"section {arg}", a["section"][arg], R * 0.42)
    elif verb == "settle" and arg in a["crossing"]:
        cv.ring(f"crossing {arg}", a["crossing"][arg], R * 0.42)
    elif verb == "robber" and arg in a["hex"]:
        cv.ring(f"hex {arg}", a["hex"][arg], R * 0.86)
    elif verb == "robber" and arg.isdigit() and view.get("phase") == "robber_hex":
        # a number with several hexes: ring the candidates the knight may go to
        for h in view["countryside"]["hexes"]:
            if h.get("number") == int(arg) and h["id"] != view["countryside"].get("robber"):
                cv.ring(f"hex {h['id']}", a["hex"][h["id"]], R * 0.86)
    elif verb == "manufacture" and arg in a["disc"]:
        cv.ring(f"disc {arg}", a["disc"][arg], city_R * 0.42)
    elif verb == "tower" and arg in a["tower"]:
        cv.ring(f"tower {arg}", a["tower"][arg], city_R * 0.42)
    elif verb == "wall" and not arg:
        built = [w["id"] for w in view["city"]["walls"] if w.get("built_by") is not None]
        if built:
            cv.ring(f"wall {built[-1]}", a["wall"][built[-1]], city_R * 0.45)
    elif verb == "produce" and arg in a["goods"]:
        cv.mark(f"good {arg}", a["goods"][arg])
    elif verb == "draw":
        cv.mark("deck", a["deck"])
    elif verb == "council" and seat is not None:
        held = [c["id"] for c in view["council"] if c.get("holder") == seat]
        if held and held[0] in a["council"]:
            cv.mark(f"council {held[0]}", a["council"][held[0]])
    elif verb == "steal" and arg.isdigit() and int(arg) in a["players"]:
        cv.mark(f"player {arg}", a["players"][int(arg)])
    elif verb in ("decline", "send", "accept", "counter") and view.get("offer"):
        cv.mark("offer", a["news"])


# ================================================================ the zoomed panel (issue 25)
#: the board's region each awaited decision is about; main (trade and build) is the whole board unless a menu
#: chooses a place, and turning over the event card is one click
_FOCUS = {"setup_toll": "countryside", "setup_settle": "countryside", "robber": "countryside",
          "robber_hex": "countryside", "discard": "players", "steal": "players", "council": "council",
          "offer": "news"}


def focus_region(view: NuernbergView) -> str | None:
    """The region of the board canvas the awaited decision concerns, or None (the whole board)."""
    phase = str(view.get("phase"))
    if view.get("over"):
        return None
    if phase == "main":
        words = str(view.get("menu") or "").split()
        if words[:1] == ["settle"]:
            return "countryside"
        if words[:1] in (["manufacture"], ["tower"]):
            return "city"
        return None
    return _FOCUS.get(phase)


# ================================================================ private screen
def draw_private(view: NuernbergView, names: Sequence[str] | None) -> Canvas:
    cv = Canvas()
    seat = view.get("viewer")
    if seat is None:
        box = cv.region("header", Box(8, 8, cv.w - 16, 60))
        cv.panel(box, fill=BOARD_DARK)
        cv.text_in(box.inset(12, 4), _("Spectators hold no cards"), MIN_FONT, "bold", INK, "left")
        return cv
    me = view["players"][seat]
    hand: dict[str, int] = me.get("hand") or {}
    header = cv.region("header", Box(8, 8, cv.w - 16, 56))
    cv.panel(header, fill=BOARD_DARK)
    hi = header.inset(10, 6)
    name = _name(seat, names)
    chip = hi.left(max(260.0, min(340.0, panel.chip_width(name, hi.h))))  # a 14-character name whole
    cv.player_chip(chip, seat, name, MIN_FONT, "cond", tight=chip.w > 260)
    stats = Box(chip.x2 + 16, hi.y, hi.w - chip.w - 16, hi.h).cols(-110, -110, -110, -110, 1)
    panel.stat(cv, stats[0], "star", me["vp"])
    panel.stat(cv, stats[1], "gold", me["gold"])
    panel.stat(cv, stats[2], "prestige", me["prestige"])
    panel.stat(cv, stats[3], "card", me["cards"])
    phase = str(view.get("phase"))  # the phase in the reader's language (the view's name is its builder's)
    turn = _("your turn") if seat in (view.get("to_act") or []) else (
        nb_names.tr(PHASE_NAMES[phase]) if phase in PHASE_NAMES else str(view.get("phase_name") or ""))
    cv.text_in(stats[4], turn, MIN_FONT, "regular", INK, "right")

    _draw_hand(cv, cv.region("hand", Box(8, 72, cv.w - 16, 220)), hand, me)
    _draw_builds(cv, cv.region("builds", Box(8, 300, 624, 492)), view, me, hand)
    _draw_goods(cv, cv.region("goods", Box(640, 300, 632, 340)), view, me, hand)
    _draw_private_info(cv, cv.region("info", Box(640, 648, 632, 144)), view, me, names)
    return cv


def _draw_hand(cv: Canvas, box: Box, hand: dict[str, int], me: NuernbergPlayer) -> None:
    cv.panel(box)
    cards = box.inset(12, 10).cols(*([1] * 6), gap=14)
    items = [(res, int(hand.get(res, 0)), art.RESOURCE_COLOUR[res]) for res in RESOURCES]
    items.append(("gold", int(me["gold"]), GOLD))
    for (item, n, colour), card in zip(items, cards, strict=False):
        fill = colour if n else mix(colour, BOARD, 0.75)
        cv.draw.rounded_rectangle(card.rect, radius=14, fill=mix(fill, PAPER, 0.35), outline=INK, width=3)
        pic_box, label_box, count_box = card.inset(6, 6).rows(1, -36, -56)
        pic = round(min(pic_box.w, pic_box.h) * 0.92)
        _paste(cv, art.icon(item, pic), (pic_box.cx, pic_box.cy))
        cv.text_in(label_box, nb_names.item(item), MIN_FONT, "cond", INK_SOFT)
        cv.text_in(count_box, str(n), 48, "bold", INK if n else INK_SOFT)


def _cost_icons(cv: Canvas, x: float, cy: float, cost: dict[str, int], size: int = 34) -> float:
    for item, n in cost.items():
        for _ in range(n if item != "gold" else 1):
            sprite = art.icon("gold", size) if item == "gold" else art.resource_chip(item, size)
            _paste(cv, sprite, (x + size / 2, cy))
            if item == "gold":
                cv.text((x + size / 2, cy), str(n), MIN_FONT, "bold", INK, "mm")
            x += size + 3
    return x


def _draw_builds(cv: Canvas, box: Box, view: NuernbergView, me: NuernbergPlayer, hand: dict[str, int]) -> None:
    cv.panel(box)
    inner = box.inset(12, 8)
    cv.text_in(inner.top(40), _("Build"), MIN_FONT, "bold", INK, "left")
    rows = inner.rest_below(40, 4).rows(*([1] * len(COSTS)), gap=6)
    left = me.get("pieces_left") or {}
    seat = me["seat"]
    for (kind, cost), row in zip(COSTS.items(), rows, strict=False):
        ok = can_build(kind, cast(dict[str, Any], view), cast(dict[str, Any], me), hand)
        if kind == "toll":
            sprite = art.toll_bar(seat, 46, 16, 0)
        elif kind == "settlement":
            sprite = art.settlement(seat, 40)
        elif kind == "manufacture":
            sprite = art.manufacture(seat, 40)
        elif kind == "tower":
            sprite = art.tower(seat, 40)
        else:
            sprite = _wall_sprite(seat)
        if ok:
            cv.draw.rounded_rectangle(row.rect, radius=10, fill=mix(GOOD, PAPER, 0.8))
        _paste(cv, sprite, (row.x + 28, row.cy))
        label = nb_names.tr(BUILD_NAMES[kind])
        if kind in left:
            label += f" ({left[kind]})"
        cv.text_in(Box(row.x + 60, row.y, 272, row.h), label, MIN_FONT, "cond", INK, "left")
        _cost_icons(cv, row.x + 340, row.cy, cost)
        _paste(cv, art.icon("check" if ok else "cross", 30), (row.x2 - 22, row.cy))


def _wall_sprite(seat: int) -> Image.Image:
    img = Image.new("RGBA", (46, 20), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle((1, 3, 45, 17), fill=player(seat).colour, outline=INK, width=2)
    for x in (12, 23, 34):
        d.line((x, 3, x, 17), fill=INK, width=1)
    return img


def _doubled(view: NuernbergView, seat: int) -> set[str]:
    return {g for d in view["city"]["discs"] if d.get("owner") == seat for g in d.get("doubles") or []}


def _draw_goods(cv: Canvas, box: Box, view: NuernbergView, me: NuernbergPlayer, hand: dict[str, int]) -> None:
    cv.panel(box)
    inner = box.inset(12, 8)
    cv.text_in(inner.top(40), _("Produce and sell"), MIN_FONT, "bold", INK, "left")
    goods = view.get("goods") or []
    rows = inner.rest_below(40, 4).rows(*([1] * max(1, len(goods))), gap=4)
    doubled = _doubled(view, me["seat"])
    for g, row in zip(goods, rows, strict=False):
        ok = affordable(g["recipe"], hand, 0)
        if ok:
            cv.draw.rounded_rectangle(row.rect, radius=10, fill=mix(GOOD, PAPER, 0.8))
        _paste(cv, art.icon(g["good"], 44), (row.x + 26, row.cy))
        x = _cost_icons(cv, row.x + 58, row.cy, g["recipe"], 32)
        cv.text((x + 6, row.cy), "→", MIN_FONT, "bold", INK, "lm")
        price = g["price"] * (2 if g["good"] in doubled else 1)
        coin_x = row.x + 58 + 4 * 35 + 50
        _paste(cv, art.icon("gold", 42), (coin_x + 21, row.cy))
        cv.text((coin_x + 21, row.cy), str(price), MIN_FONT, "bold", INK, "mm")
        if g["good"] in doubled:
            cv.text((coin_x + 48, row.cy), "×2", MIN_FONT, "cond", GOOD, "lm")
        # the toll goes to the sale city's Wegerecht holder, unless that is the seller or nobody
        collector = g.get("toll_to")
        if collector is None or collector == me["seat"]:
            cv.text((coin_x + 110, row.cy), _("no toll"), MIN_FONT, "cond", GOOD, "lm")
        else:
            drawn = cv.text((coin_x + 110, row.cy), _("toll {toll}").format(toll=g["toll"]), MIN_FONT, "cond",
                            INK_SOFT, "lm")
            cv.token(collector, (drawn.x2 + 20, row.cy), 28)
        _paste(cv, art.icon("check" if ok else "cross", 30), (row.x2 - 22, row.cy))


def _draw_private_info(cv: Canvas, box: Box, view: NuernbergView, me: NuernbergPlayer,
                       names: Sequence[str] | None) -> None:
    cv.panel(box)
    inner = box.inset(12, 6)
    top, bottom = inner.rows(1, 1, gap=4)
    rates = me.get("bank_rates") or {}
    cv.text_in(top.left(150), _("Bank n:1"), MIN_FONT, "cond", INK, "left")
    x = top.x + 156
    for item in (*RESOURCES, "gold"):
        rate = rates.get(item, 4)
        sprite = art.icon("gold", 32) if item == "gold" else art.resource_chip(item, 34)
        _paste(cv, sprite, (x + 17, top.cy))
        colour = GOOD if rate < 4 else INK
        cv.text((x + 38, top.cy), f"{rate}", MIN_FONT, "bold", colour, "lm")
        x += 74
    offer = view.get("offer")
    draft = view.get("draft") if view.get("active") == me["seat"] else None
    if me.get("discard_due"):
        due = me["discard_due"]  # never 1 (more than 7 cards return half): English always said "cards"
        cv.chip(bottom.inset(0, 4), _n("Return {n} cards (Raubritter)", "Return {n} cards (Raubritter)", due).format(
            n=due), BAD, MIN_FONT, "bold")
    elif offer:
        _draw_offer(cv, bottom, offer)
    elif draft:
        _draw_offer(cv, bottom, {"from": me["seat"], "to": [], "declined": [], **draft})
    else:
        tolls = (me.get("pieces_left") or {}).get("toll", 0)
        routes = panel.numerals(view, me.get("wegerecht") or [])
        text = _("Wegerecht {routes}").format(routes=routes) if routes else _("No Wegerecht")
        # English said "1 toll bars left" too (kept); other languages take their singular
        left_text = _n("{n} toll bars left", "{n} toll bars left", tolls).format(n=tolls)
        cv.text_in(bottom, f"{text} · {left_text}", MIN_FONT, "regular", INK, "left")


# ================================================================ final scores
def draw_final(view: NuernbergView, names: Sequence[str] | None) -> Canvas:
    cv = Canvas()
    cv.region("countryside", FINAL_COUNTRYSIDE)
    lay = maps.countryside_layout(FINAL_COUNTRYSIDE, view["countryside"])
    maps.draw_countryside(cv, lay, view["countryside"])
    _draw_timeline(cv, cv.region("timeline", FINAL_TIMELINE), view["timeline"])
    outcome: Mapping[str, Any] = view.get("outcome") or {}
    scores = list(outcome.get("scores") or view.get("scores") or [])
    ranks = list(outcome.get("ranks") or [1] * len(scores))
    breakdown = list(outcome.get("breakdown") or [{} for _ in scores])
    title = cv.region("title", Box(640, 8, 632, 110))
    cv.panel(title, fill=BOARD_DARK)
    winners = [s for s, r in enumerate(ranks) if r == 1]
    head, sub = title.inset(14, 8).rows(1, 1)
    cv.text_in(head, _("Game over"), 40, "bold", INK, "left")
    end = view.get("end")
    reason = {"vp": _("13 points reached"), "time": _("time ran out")}.get(str(end), "")
    win = and_list([_name(s, names) for s in winners])
    # English said "A and B wins" for a shared win too (kept); other languages take their plural
    wins = _n("{winners} wins", "{winners} wins", len(winners)).format(winners=win)
    cv.text_in(sub, wins + (f" · {reason}" if reason else ""), MIN_FONT, "regular", INK, "left")
    table = cv.region("scores", Box(640, 126, 632, 420))
    cv.panel(table)
    _final_table(cv, table.inset(10), scores, ranks, breakdown, names)
    legend = cv.region("legend", Box(640, 554, 632, 238))
    cv.panel(legend)
    _final_legend(cv, legend.inset(14, 10), scores, ranks)
    deck = cv.region("deck", FINAL_DECK)
    cv.panel(deck)
    cv.text_in(deck.inset(12, 4), _("Ended in {year}, turn {turn}").format(year=view["timeline"].get("year", ""),
                                                                           turn=view.get("turn", 0)),
               MIN_FONT, "regular", INK, "left")
    return cv


_FINAL_COLS: tuple[tuple[str, str, str], ...] = (
    ("settlements", "house", N_("Settlements")), ("manufactures", "workshop", N_("Manufactures")),
    ("wegerecht", "signpost", N_("Wegerecht")), ("council", "council", N_("Council")),
)


def _final_table(cv: Canvas, box: Box, scores: list[int], ranks: list[int], breakdown: list[dict[str, int]],
                 names: Sequence[str] | None) -> None:
    order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
    lines = box.rows(-60, *([1] * 4), gap=6)
    widths = (-40, 1, -66, -66, -66, -66, -84)
    head = lines[0].cols(*widths, gap=6)
    cv.draw.rounded_rectangle(lines[0].rect, radius=8, fill=BOARD_DARK)
    for cell, (_key, pic, _label) in zip(head[2:6], _FINAL_COLS, strict=True):
        _paste(cv, art.icon(pic, 42), (cell.cx, cell.cy))
    _paste(cv, icon_sprite("star", 42), (head[6].cx, head[6].cy))
    cv.text_in(head[1].inset(8, 0), _("Player"), MIN_FONT, "bold", INK, "left")
    for seat, line in zip(order, lines[1:], strict=False):
        cells = line.cols(*widths, gap=6)
        if ranks[seat] == 1:
            cv.draw.rounded_rectangle(line.rect, radius=8, fill=mix(GOLD, PAPER, 0.5))
        cv.text_in(cells[0], str(ranks[seat]), MIN_FONT, "bold", INK)
        chip = Box(cells[1].x, cells[1].cy - 24, cells[1].w, 48)
        cv.player_chip(chip, seat, _name(seat, names), MIN_FONT, "cond")
        parts = breakdown[seat] if seat < len(breakdown) else {}
        for cell, (key, _pic, _label) in zip(cells[2:6], _FINAL_COLS, strict=True):
            cv.text_in(cell, str(parts.get(key, 0)), MIN_FONT, "regular", INK)
        cv.text_in(cells[6], str(scores[seat]), 40, "bold", INK)


def _final_legend(cv: Canvas, box: Box, scores: list[int], ranks: list[int]) -> None:
    """What the columns count, and whether a tie was broken."""
    tied = len(set(scores)) < len(scores) and len(set(ranks)) > len(set(scores))
    rows = box.rows(1, 1, 1)
    cells = [*rows[0].cols(1, 1, gap=10), *rows[1].cols(1, 1, gap=10)]
    for cell, (_key, pic, label) in zip(cells, _FINAL_COLS, strict=True):
        _paste(cv, art.icon(pic, 40), (cell.x + 20, cell.cy))
        cv.text_in(Box(cell.x + 48, cell.y, cell.w - 48, cell.h), nb_names.tr(label), MIN_FONT, "regular", INK, "left")
    if tied:
        cv.text_in(rows[2], _("Ties: the better council card first"), MIN_FONT, "regular", INK_SOFT,
                   "left")
