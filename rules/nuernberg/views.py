"""The per-viewer view (structure documented in ``state``). Only the viewer's own hand is shown in full.

Its few texts (``status``, ``phase_name``, the last card's ``text``, council ``name``) are in the language of
whoever builds the view; the summary and the images remake theirs from the data, in their reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import getitem
from typing import TYPE_CHECKING, Any, TypedDict, cast

from rules.nuernberg import names, trading
from rules.nuernberg.board import (
    CARD_BY_ID,
    COUNCIL_NAME,
    COUNCIL_VP,
    DISC_BAUHOF,
    DISC_DOUBLES,
    GOOD_NAMES,
    ROUTE_INDEX,
    TOWER_NEEDS,
    TRADE_ITEMS,
)
from rules.nuernberg.data import (
    CASTLE_HEX,
    CITY_HEX,
    CITY_HEXES,
    DISCS,
    END_YEAR,
    EVENT_TEXT,
    GOODS,
    HEXES,
    RESHUFFLE_YEARS,
    RESOURCES,
    ROUTES,
    TOWERS,
    WALLS,
    YEARS,
    seat_colours,
)
from rules.nuernberg.economy import bank_rates, council_card, pieces_left, scores, vp_breakdown
from rules.views import BaseView, LazyView
from rules.words import N_, translator
from rules.words import seat as seat_word

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState

_, _n = translator("nuernberg")


class NuernbergPlayer(TypedDict):
    """A seat's entry in ``players``; ``hand`` (its resource cards) is the one private part: only in its own view."""

    seat: int
    colour: str
    gold: int
    cards: int
    hand: dict[str, int] | None
    prestige: int
    vp: int
    breakdown: dict[str, int]
    wegerecht: list[str]
    council: str | None
    pieces_left: dict[str, int]
    discard_due: int
    bank_rates: dict[str, int]


class NuernbergView(BaseView):
    """A Nürnberg view (the keys are documented in ``state.py``); nested records are JSON objects."""

    phase_name: str
    round: int
    turn: int
    active: int
    setup: str
    colours: list[str]
    winner: int | None
    end: str | None
    countryside: dict[str, Any]
    city: dict[str, Any]
    goods: list[dict[str, Any]]
    cities: list[dict[str, Any]]
    timeline: dict[str, Any]
    deck: dict[str, Any]
    council: list[dict[str, Any]]
    players: list[NuernbergPlayer]
    menu: str | None
    draft: dict[str, dict[str, int]] | None
    counter_draft: dict[str, dict[str, int]] | None
    offer: dict[str, Any] | None
    offers_left: int
    council_choice: list[int]
    robber_number: int | None

PHASE_NAMES = {
    "setup_toll": N_("set-up: toll bar"),
    "setup_settle": N_("set-up: settlement"),
    "draw": N_("event card"),
    "discard": N_("Raubritter: returning cards"),
    "robber": N_("Raubritter: moving the knight"),
    "robber_hex": N_("Raubritter: moving the knight"),
    "steal": N_("Raubritter: stealing"),
    "main": N_("trade and build"),
    "council": N_("council card choice"),
    "offer": N_("trade offer out"),
    "over": N_("game over"),
}

_HEXES = [{k: h[k] for k in ("id", "q", "r", "terrain", "resource", "number")} for h in HEXES]
_CITY = [{k: h[k] for k in ("id", "q", "r", "kind", "good")} for h in CITY_HEXES]


# The fixed parts of the board, built once; a view copies the small dicts and fills in who owns what.
# Their nested lists (coordinates, hex ids) are shared between views: views are read, never changed.
_CROSSINGS = [
    [{"id": f"{route['id']}.{k}", "xy": list(xy), "hexes": list(adj), "origin": k == 0}
     for k, (adj, xy) in enumerate(route["crossings"])]
    for route in ROUTES
]
_SECTIONS = [
    [{"id": f"{route['id']}.s{k}", "ends": [f"{route['id']}.{k - 1}", f"{route['id']}.{k}"]}
     for k in range(1, len(route["crossings"]))]
    for route in ROUTES
]
_ROUTE_HEADS = [{"id": r["id"], "numeral": r["numeral"], "card": r["card"], "city": r["city"]} for r in ROUTES]
_DISCS = [
    {"id": d["id"], "xy": list(d["xy"]), "hexes": list(d["hexes"]), "trade": d["trade"],
     "bauhof": DISC_BAUHOF[i], "doubles": [GOOD_NAMES[g] for g in sorted(DISC_DOUBLES[i])]}
    for i, d in enumerate(DISCS)
]
_WALLS = [{"id": w["id"], "ends": [list(p) for p in w["ends"]]} for w in WALLS]
_TOWERS = [{"id": t["id"], "between": list(t["between"]), "xy": list(t["xy"])} for t in TOWERS]
_GOODS = [{"good": g["good"], "recipe": dict(g["recipe"]), "city": g["city"], "route": g["route"],
           "price": g["price"], "toll": g["toll"]} for g in GOODS]
_GOOD_ROUTES = [ROUTE_INDEX[g["route"]] for g in GOODS]
_CITIES = [(i, {"city": r["city"], "route": r["id"], "goods": [g["good"] for g in GOODS if g["route"] == r["id"]]})
           for i, r in enumerate(ROUTES) if r["city"]]
_TIMELINE = {"years": list(YEARS), "reshuffle": list(RESHUFFLE_YEARS), "end": END_YEAR}


def _seat(value: int) -> int | None:
    return value if value >= 0 else None


def _routes(st: NuernbergState) -> list[dict[str, Any]]:
    seats = range(st.num_players)
    return [
        {**_ROUTE_HEADS[r], "holder": _seat(st.holders[r]),
         "tolls_by_seat": [tolls.count(s) for s in seats],
         "crossings": [{**c, "settlement": v if v >= 0 else None}
                       for c, v in zip(_CROSSINGS[r], st.settlements[r], strict=True)],
         "sections": [{**c, "toll": v if v >= 0 else None} for c, v in zip(_SECTIONS[r], tolls, strict=True)]}
        for r, tolls in enumerate(st.tolls)
    ]


def _city(st: NuernbergState) -> dict[str, Any]:
    built = len(st.walls)
    return {
        "hexes": _CITY,
        "discs": [{**d, "owner": _seat(owner)} for d, owner in zip(_DISCS, st.discs, strict=True)],
        "walls": [{**w, "built_by": st.walls[i] if i < built else None} for i, w in enumerate(_WALLS)],
        "next_wall": WALLS[built]["id"] if built < len(WALLS) else None,
        "towers": [
            {**t, "built_by": _seat(st.towers[i]), "open": st.towers[i] < 0 and TOWER_NEEDS[i] <= built}
            for i, t in enumerate(_TOWERS)
        ],
    }


def _hand(st: NuernbergState, seat: int) -> dict[str, int]:
    hand = st.hands[seat]
    return {res: hand[i] for i, res in enumerate(RESOURCES)}


def _pieces_left(st: NuernbergState, seat: int) -> dict[str, int]:
    return {p: pieces_left(st, seat, p) for p in ("settlement", "manufacture", "toll")}


def _bank_rates(st: NuernbergState, seat: int) -> dict[str, int]:
    rates = bank_rates(st, seat)
    return {item: rates[i] for i, item in enumerate(TRADE_ITEMS)}


def _player(st: NuernbergState, seat: int, viewer: int | None, breakdown: dict[str, int]) -> NuernbergPlayer:
    return {
        "seat": seat,
        "colour": seat_colours(st.num_players)[seat],
        "gold": st.gold[seat],
        "cards": sum(st.hands[seat]),
        "hand": _hand(st, seat) if seat == viewer else None,
        "prestige": st.prestige[seat],
        "vp": sum(breakdown.values()),
        "breakdown": breakdown,
        "wegerecht": [ROUTES[r]["id"] for r, h in enumerate(st.holders) if h == seat],
        "council": council_card(st, seat),
        "pieces_left": _pieces_left(st, seat),
        "discard_due": st.discards_due[seat],
        "bank_rates": _bank_rates(st, seat),
    }


def status_line(st: NuernbergState) -> str:
    return status_text(YEARS[st.year], st.phase, st.turn, st.active, st.to_act(), st.end, st.winner)


def status_text(year: int, phase: str, turn: int, active: int, waiting: list[int], end: str | None,
                winner: int | None) -> str:
    """The status line, also remade from a view by the summary (each reader gets their own language)."""
    if phase == "over":
        if end == "vp":
            return _("{year}: game over — {who} reached 13 points").format(year=year, who=seat_word(winner or 0))
        return _("{year}: game over — the time marker reached {end}").format(year=year, end=END_YEAR)
    # No colour words: the image draws each seat in the render palette, and names replace "Seat N" at the table.
    return _("{year}, turn {turn}: {who} — {phase}; waiting for {waiting}").format(
        year=year, turn=turn, who=seat_word(active), phase=names.tr(PHASE_NAMES[phase]),
        waiting=", ".join(seat_word(s) for s in waiting))


def _draft(st: NuernbergState) -> dict[str, dict[str, int]] | None:
    if st.draft is None:
        return None
    return {"give": trading.as_dict(st.draft[0]), "want": trading.as_dict(st.draft[1])}


def _counter_draft(st: NuernbergState, viewer: int | None) -> dict[str, dict[str, int]] | None:
    """The viewer's own counter-offer being built in the menu (secret until sent), else None."""
    draft = st.counter_drafts.get(str(viewer)) if viewer is not None else None
    return None if draft is None else {"give": trading.as_dict(draft[0]), "want": trading.as_dict(draft[1])}


def build_view(st: NuernbergState, viewer: int | None) -> NuernbergView:
    n = st.num_players
    last = None
    if st.last_card:
        card = CARD_BY_ID[st.last_card]
        last = {"id": card["id"], "income": card["income"], "event": card["event"],
                "text": names.tr(EVENT_TEXT.get(card["event"] or "", ""))}
    offer = None
    if st.offer is not None:
        offer = trading.public_offer(st.offer)
    breakdowns = [vp_breakdown(st, s) for s in range(n)]
    view: NuernbergView = {
        "game": "nuernberg",
        "num_players": n,
        "viewer": viewer,
        "to_act": st.to_act(),
        "phase": st.phase,
        "phase_name": names.tr(PHASE_NAMES[st.phase]),
        "status": status_line(st),
        "scores": [sum(b.values()) for b in breakdowns],
        "over": st.phase == "over",
        "round": max(1, (st.turn - 1) // n + 1),
        "turn": st.turn,
        "active": st.active,
        "setup": st.options.get("setup", "beginner"),
        "colours": list(seat_colours(n)),
        "winner": st.winner,
        "end": st.end,
        "countryside": {"hexes": _HEXES, "robber": st.robber, "city_hex": CITY_HEX, "castle_hex": CASTLE_HEX,
                        "routes": _routes(st)},
        "city": _city(st),
        "goods": [{**g, "toll_to": _seat(st.holders[r])} for g, r in zip(_GOODS, _GOOD_ROUTES, strict=True)],
        "cities": [{**c, "holder": _seat(st.holders[i])} for i, c in _CITIES],
        "timeline": {**_TIMELINE, "year": YEARS[st.year], "index": st.year},
        "deck": {"draw_pile": len(st.deck), "drawn": len(st.discard), "drawn_cards": list(st.discard),
                 "last_card": last, "handelstag": st.handelstag},
        "council": [
            {"id": c, "name": names.tr(COUNCIL_NAME[c]), "vp": COUNCIL_VP[c], "holder": _seat(h)}
            for c, h in zip(st.council_cards, st.council, strict=True)
        ],
        "players": [_player(st, s, viewer, breakdowns[s]) for s in range(n)],
        "menu": st.menu,
        # A trade draft is the proposer's secret until it is sent: only their own view shows it.
        "draft": _draft(st) if viewer == st.active else None,
        "counter_draft": _counter_draft(st, viewer),
        "offer": offer,
        "offers_left": trading.MAX_OFFERS_PER_TURN - st.offers_made,
        "council_choice": list(st.candidates),
        "robber_number": st.robber_number or None,
    }
    if st.phase == "over":
        view["outcome"] = st.outcome().to_dict()
    return view


def build_views(st: NuernbergState, seats: Iterable[int]) -> tuple[NuernbergView, dict[int, NuernbergView]]:
    """The public view and each seat's, built once: a seat's view differs only by its own hand."""
    public = build_view(st, None)
    out: dict[int, NuernbergView] = {}
    for seat in seats:
        players = list(public["players"])
        players[seat] = {**players[seat], "hand": _hand(st, seat)}
        out[seat] = {**public, "viewer": seat, "players": players, "draft": _draft(st) if seat == st.active else None,
                     "counter_draft": _counter_draft(st, seat)}
    return public, out


# ---- the bot's view (``State.bot_view``): only what ``bot.py`` reads, for the strong bot's playouts ------------
# Of the geometry, only each crossing's id and hexes (the bot's crossing values); of a route's toll bars, only
# their count per seat (no sections); of the pieces left, settlements and manufactures. A crossing, disc or signpost
# has one of five states (owned by seat 0..3, or nobody), so each state's dict is built once here and shared by
# every bot view (as above, views are read, never changed), picked by the owner as the state stores it: -1 (nobody)
# picks the last. Building those dicts anew was most of a bot view's cost.
_OWNERS = (0, 1, 2, 3, None)  # Nürnberg seats at most 4 players; _OWNERS[v] is _seat(v)
_BOT_CROSSINGS = [[[{"id": c["id"], "hexes": c["hexes"], "settlement": v} for v in _OWNERS] for c in row]
                  for row in _CROSSINGS]
_ROUTE_IDS = [r["id"] for r in ROUTES]
_BOT_FREE_WALL = {"built_by": None}
_BOT_DISCS = [[{**{k: d[k] for k in ("id", "trade", "bauhof", "doubles")}, "owner": v} for v in _OWNERS]
              for d in _DISCS]
_BOT_GOODS = [[{**g, "toll_to": v} for v in _OWNERS] for g in _GOODS]


def _bot_routes(st: NuernbergState) -> list[dict[str, Any]]:
    seats = range(st.num_players)
    return [
        {"id": rid, "holder": _OWNERS[holder], "tolls_by_seat": list(map(tolls.count, seats)),
         "crossings": list(map(getitem, crossings, settled))}
        for rid, holder, tolls, crossings, settled in zip(_ROUTE_IDS, st.holders, st.tolls, _BOT_CROSSINGS,
                                                          st.settlements, strict=True)
    ]


def _drafting(st: NuernbergState) -> bool:
    """While the bot fills in a trade draft (a third of its decisions) it reads only its hand, gold, draft and next
    build: the scores, goods, walls, bank rates and offer are left out of its view then."""
    return st.menu == "offer" and st.phase == "main"


def _bot_players(st: NuernbergState, viewer: int) -> list[dict[str, Any]]:
    # every seat's cards and gold: whom an offer can reach (``bot.bot_moves``)
    players: list[dict[str, Any]] = [{"cards": sum(hand), "gold": gold} for hand, gold in zip(st.hands, st.gold,
                                                                                                strict=True)]
    me = players[viewer]
    me.update(hand=_hand(st, viewer),
              pieces_left={p: pieces_left(st, viewer, p) for p in ("settlement", "manufacture")})
    if not _drafting(st):
        me["bank_rates"] = _bank_rates(st, viewer)
    return players


def _bot_countryside(st: NuernbergState, viewer: int) -> dict[str, Any]:
    return {"hexes": _HEXES, "robber": st.robber, "city_hex": CITY_HEX, "routes": _bot_routes(st)}


def _bot_city(st: NuernbergState, viewer: int) -> dict[str, Any]:
    built = len(st.walls)
    city: dict[str, Any] = {
        "discs": [by_owner[owner] for by_owner, owner in zip(_BOT_DISCS, st.discs, strict=True)],
        "next_wall": WALLS[built]["id"] if built < len(WALLS) else None,
    }
    if not _drafting(st):
        city["walls"] = [{"built_by": by} for by in st.walls] + [_BOT_FREE_WALL] * (len(WALLS) - built)
    return city


def _bot_goods(st: NuernbergState, viewer: int) -> list[dict[str, Any]]:
    holders = st.holders
    return [by_holder[holders[r]] for by_holder, r in zip(_BOT_GOODS, _GOOD_ROUTES, strict=True)]


# Built when the bot first reads them (``LazyView``): a decision reads a few of them.
_BOT_PARTS: dict[str, Callable[[NuernbergState, int], Any]] = {
    "countryside": _bot_countryside, "city": _bot_city, "players": _bot_players}
_BOT_PARTS_FULL: dict[str, Callable[[NuernbergState, int], Any]] = {
    **_BOT_PARTS, "scores": lambda st, viewer: scores(st), "goods": _bot_goods,
    "offer": lambda st, viewer: trading.public_offer(st.offer) if st.offer is not None else None}


def build_bot_view(st: NuernbergState, viewer: int) -> NuernbergView:
    """The part of ``build_view(st, viewer)`` that ``bot.choose`` reads, from the same helpers: no texts, no
    geometry beyond the crossings' hexes, and of the other seats only their card counts (less while it drafts a
    trade: ``_drafting``). The countryside, city, players, scores, goods and offer are built when first read."""
    view: dict[str, Any] = {"phase": st.phase, "menu": st.menu, "draft": _draft(st) if viewer == st.active else None}
    if _drafting(st):
        return cast("NuernbergView", LazyView(st, viewer, view, _BOT_PARTS))
    view["offers_left"] = trading.MAX_OFFERS_PER_TURN - st.offers_made
    # A partial NuernbergView (a sub-tree of the full one, tests/contract/test_bot_view.py): the type is the full one's.
    return cast("NuernbergView", LazyView(st, viewer, view, _BOT_PARTS_FULL))
