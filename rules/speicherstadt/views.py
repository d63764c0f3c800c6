"""The per-viewer view (documented in state.py) and the readable summary built from it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from rules.speicherstadt import scoring
from rules.speicherstadt.data import CARDS, GOODS, HALL_CONVERT_CUBES, HALL_SELL_CUBES, HALL_STORE_MAX, SEASON_NAMES
from rules.views import BaseView
from rules.words import plural

if TYPE_CHECKING:
    from rules.speicherstadt.state import SpeicherstadtState


class SpeicherstadtPlayer(TypedDict):
    """A seat's entry in ``players``. Everything is public in The Speicherstadt: there is no private block."""

    seat: int
    coins: int
    fire_points: int
    workers: int
    firemen: int
    bought: int
    cards: list[dict[str, Any]]  # {id, name, kind, info}
    contracts: list[dict[str, Any]]  # {card, goods, filled, points, complete}
    hand: dict[str, int]
    warehouse: dict[str, int] | None
    hall: dict[str, int]
    kontors: int
    ships: int
    score: int
    breakdown: dict[str, int]


class RowSlot(TypedDict):
    """A card of the row with its cubes and the workers on its demand spaces (lowest first)."""

    col: int
    card: str
    name: str
    kind: str
    info: dict[str, Any]
    cubes: dict[str, int] | None
    workers: list[int]
    price: int
    status: str
    buyer: int | None
    paid: int | None  # what the buyer paid (None before a purchase, and in games saved before it was kept)


class SpeicherstadtView(BaseView):
    """A Speicherstadt view (the keys are documented in ``state.py``)."""

    round: int
    season: str
    season_name: str
    last_round: bool
    first_player: int
    pile: dict[str, Any]  # {count, seasons: {season: n}, fires_left}
    row: list[RowSlot]
    deciding: int | None
    loading_later: list[int]
    bag: int
    reserve: dict[str, int]
    discard: int
    fires_resolved: list[str]
    special_end: bool
    players: list[SpeicherstadtPlayer]

PHASE_NAMES = {"demand": "Demand", "purchase": "Purchase", "loading": "Loading", "over": "Game over"}


_INFO_KEYS = ("goods", "points", "value", "good", "bonus", "penalty", "capacity")


def card_info(cid: str) -> dict[str, Any]:
    """The printed numbers of a card (contract goods and points, fireman value, merchant good ...)."""
    card = CARDS[cid]
    return {key: card[key] for key in _INFO_KEYS if key in card}


def _status(state: SpeicherstadtState) -> str:
    if state.phase == "over":
        return f"Game over after round {state.round}."
    head = f"Round {state.round} ({SEASON_NAMES[state.season]}), {PHASE_NAMES[state.phase]}"
    awaited = state.to_act()
    seat = awaited[0]
    if state.phase == "purchase":
        slot = state.row[state.col]
        price = len(slot["workers"])
        return f"{head}: seat {seat} may buy {CARDS[slot['card']]['name']} for {plural(price, 'coin')}."
    if state.phase == "demand":
        return f"{head}: seat {seat} places a worker."
    later = [s for s in state.queue if s not in awaited]
    if len(awaited) == 1:
        now = f"{head}: seat {seat} unloads goods"
    else:
        now = f"{head}: {_seats_words(awaited)} unload goods at the same time"
    if not later:
        return now + "."
    return f"{now}; then {_seats_words(later)} (a conversion at the market hall could depend on the order)."


def _seats_words(seats: list[int]) -> str:
    """'seat 2', 'seat 0 and seat 2', 'seat 0, seat 2 and seat 3' (each "seat N" becomes a name at the table)."""
    words = [f"seat {s}" for s in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _player(state: SpeicherstadtState, seat: int, parts: dict[str, int]) -> SpeicherstadtPlayer:
    p = state.players[seat]
    kinds = [CARDS[c]["kind"] for c in p["cards"]]
    contracts = [
        {"card": c, "goods": CARDS[c]["goods"], "filled": list(p["filled"][c]), "points": CARDS[c]["points"],
         "complete": scoring.contract_complete(c, p["filled"][c])}
        for c in p["cards"] if CARDS[c]["kind"] == "contract"
    ]
    return {
        "seat": seat,
        "coins": p["coins"],
        "fire_points": p["fire"],
        "workers": p["workers"],
        "firemen": scoring.fireman_total(p["cards"]),
        "bought": p["bought"],
        "cards": [
            {"id": c, "name": CARDS[c]["name"], "kind": CARDS[c]["kind"], "info": card_info(c)} for c in p["cards"]
        ],
        "contracts": contracts,
        "hand": dict(p["hand"]),
        "warehouse": dict(p["wh"]) if "warehouse" in kinds else None,
        "hall": dict(p["hall"]),
        "kontors": kinds.count("kontor"),
        "ships": kinds.count("ship"),
        "score": sum(parts.values()),
        "breakdown": parts,
    }


def build_view(state: SpeicherstadtState, seat: int | None) -> SpeicherstadtView:
    parts = state.breakdowns()
    pile_seasons: dict[str, int] = {}
    for cid in state.pile:
        pile_seasons[cid[0]] = pile_seasons.get(cid[0], 0) + 1
    view_to_act = state.to_act()
    view: SpeicherstadtView = {
        "game": "speicherstadt",
        "num_players": state.num_players,
        "viewer": seat,
        "to_act": view_to_act,
        "phase": state.phase,
        "status": _status(state),
        "scores": [sum(b.values()) for b in parts],
        "over": state.phase == "over",
        "round": state.round,
        "season": state.season,
        "season_name": SEASON_NAMES[state.season],
        "last_round": state.last_round,
        "first_player": state.first,
        "pile": {
            "count": len(state.pile),
            "seasons": pile_seasons,
            "fires_left": sum(1 for c in state.pile if CARDS[c]["kind"] == "fire"),
        },
        "row": [
            {"col": i + 1, "card": s["card"], "name": CARDS[s["card"]]["name"], "kind": CARDS[s["card"]]["kind"],
             "info": card_info(s["card"]),
             "cubes": dict(s["cubes"]) if s["cubes"] is not None else None, "workers": list(s["workers"]),
             "price": len(s["workers"]), "status": s["status"], "buyer": s["buyer"],
             "paid": s.get("paid")}
            for i, s in enumerate(state.row)
        ],
        "deciding": state.col + 1 if state.phase == "purchase" else None,
        "loading_later": [s for s in state.queue if s not in view_to_act] if state.phase == "loading" else [],
        "bag": sum(state.bag.values()),
        "reserve": dict(state.reserve),
        "discard": len(state.discard),
        "fires_resolved": list(state.fires_resolved),
        "special_end": state.special_end,
        "players": [_player(state, s, parts[s]) for s in range(state.num_players)],
    }
    if state.phase == "over":
        view["outcome"] = state.outcome().to_dict()
    return view


def _goods_text(counts: dict[str, int] | None) -> str:
    if not counts:
        return "-"
    text = ", ".join(f"{n} {g}" for g in GOODS if (n := counts.get(g, 0)))
    return text or "-"


def _cards_text(pl: dict[str, Any]) -> str:
    parts = []
    for c in pl["contracts"]:
        progress = "done" if c["complete"] else f"{len(c['filled'])}/{len(c['goods'])}"
        parts.append(f"{'+'.join(c['goods'])} {progress}")
    counts: dict[str, int] = {}
    for card in pl["cards"]:
        if card["kind"] != "contract":
            counts[card["name"]] = counts.get(card["name"], 0) + 1
    others = [f"{name} x{n}" if n > 1 else name for name, n in counts.items()]
    text = ("contracts " + ", ".join(parts) + "; " if parts else "") + ", ".join(others)
    return text.rstrip("; ") or "no cards"


_KIND_HINTS = {
    "kontor": "Kontor set: 2/5/9/14 pts",
    "bank": "+1 income",
    "chamber": "1 pt per coin at the end",
    "port": "1 pt per ship",
    "warehouse": "stores up to {capacity} cubes, 1 pt each",
    "merchant": "sells {good} for 1 coin, {points} pt",
    "contract": "{points} pts when complete",
    "church": "{points} pts",
    "michaelis": "{points} pts",
    "fire": "most firemen +{bonus}, fewest -{penalty}",
}


def card_hint(slot: dict[str, Any]) -> str:
    """What a card in the row is good for, in a few words ('' if its name says it all)."""
    hint = _KIND_HINTS.get(slot["kind"], "")
    try:
        return hint.format(**slot["info"])
    except KeyError:  # a card without the printed number the hint needs
        return ""




def _seats_text(seats: list[int]) -> str:
    return ", ".join(f"Seat {s}" for s in seats)


def summary(view: dict[str, Any]) -> str:
    lines = [view["status"]]
    pile = view["pile"]
    lines.append(f"Pile: {plural(pile['count'], 'card')}, {plural(pile['fires_left'], 'fire')} to come"
                 + (" — last round!" if view["last_round"] else ""))
    reserve = _goods_text(view["reserve"]) if any(view["reserve"].values()) else "empty"
    lines.append(f"Reserve: {reserve}; bag: {plural(view['bag'], 'cube')}")
    for slot in view["row"]:
        hint = card_hint(slot)
        carries = slot["cubes"] is not None and slot["status"] == "open"
        extra = f" carrying {_goods_text(slot['cubes'])}" if carries else ""
        if slot["status"] == "bought":
            paid = slot.get("paid")
            where = f"bought by Seat {slot['buyer']}" + (f" for {plural(paid, 'coin')}" if paid is not None else "")
        elif slot["status"] == "discarded":
            where = "nobody bought it"
        elif slot["workers"]:
            deciding = " ← deciding" if view.get("deciding") == slot["col"] else ""
            where = f"price {slot['price']}, workers (lowest first) {_seats_text(slot['workers'])}{deciding}"
        else:
            where = "no workers yet"
        lines.append(f"  {slot['col']}. {slot['name']}{f' ({hint})' if hint else ''}{extra}: {where}")
    for pl in view["players"]:
        first = " (first player)" if pl["seat"] == view["first_player"] else ""
        workers = f", {plural(pl['workers'], 'worker')} to place" if view["phase"] == "demand" else ""
        money = plural(pl["coins"], "coin")
        lines.append(f"Seat {pl['seat']}{first}: {plural(pl['score'], 'point')}, {money}{workers}, "
                     f"firemen {pl['firemen']}; {_cards_text(pl)}")
        stock = []
        if any(pl["hand"].values()):
            stock.append(f"in hand {_goods_text(pl['hand'])}")
        if pl["warehouse"] and any(pl["warehouse"].values()):
            stock.append(f"warehouse {_goods_text(pl['warehouse'])}")
        if any(pl["hall"].values()):
            stock.append(f"market hall {_goods_text(pl['hall'])}")
        if stock:
            lines.append("    " + "; ".join(stock))
        if view["phase"] == "loading" and pl["seat"] in view["to_act"]:
            lines.append("    " + _hall_hint(pl))
    return "\n".join(lines)


def _hall_hint(pl: dict[str, Any]) -> str:
    """How the market hall works, and why End loading is missing while 2 or more cubes stand on it."""
    on_hall = sum(pl["hall"].values())
    rule = (f"market hall: {HALL_SELL_CUBES} cubes on it sell for 1 coin, {HALL_CONVERT_CUBES} trade for any 1 cube "
            f"of the reserve; at most {HALL_STORE_MAX} may stay")
    if on_hall > HALL_STORE_MAX:
        return f"{rule}. It holds {on_hall}: sell, convert or take cubes back before you can end loading."
    return rule + "."
