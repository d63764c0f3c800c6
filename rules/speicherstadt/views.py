"""The per-viewer view (documented in state.py) and the readable summary built from it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict

from rules.speicherstadt import scoring
from rules.speicherstadt.data import CARDS, HALL_CONVERT_CUBES, HALL_SELL_CUBES, HALL_STORE_MAX, SEASON_NAMES
from rules.speicherstadt.text import card_name, good_name, goods_text, season_name, seat_in_text
from rules.views import BaseView
from rules.words import N_, seat, translator

if TYPE_CHECKING:
    from rules.speicherstadt.state import SpeicherstadtState

_, _n = translator("speicherstadt")


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

PHASE_NAMES = {"demand": N_("Demand"), "purchase": N_("Purchase"), "loading": N_("Loading"),
               "over": N_("Game over")}


def phase_name(phase: str) -> str:
    """A phase as the texts name it ("Purchase"); an unknown one as it is."""
    name = PHASE_NAMES.get(phase)
    return _(name) if name else phase


_INFO_KEYS = ("goods", "points", "value", "good", "bonus", "penalty", "capacity")


def card_info(cid: str) -> dict[str, Any]:
    """The printed numbers of a card (contract goods and points, fireman value, merchant good ...)."""
    card = CARDS[cid]
    return {key: card[key] for key in _INFO_KEYS if key in card}


def _status(state: SpeicherstadtState) -> str:
    return status_text({"phase": state.phase, "round": state.round, "season": state.season, "to_act": state.to_act(),
                        "row": [{"card": slot["card"], "price": len(slot["workers"])} for slot in state.row],
                        "deciding": state.col + 1 if state.phase == "purchase" else None,
                        "loading_later": [s for s in state.queue if s not in state.to_act()]})


def status_text(view: Mapping[str, Any]) -> str:
    """Where the game stands, in the reader's language, from a view's own fields (so a view built for one reader
    still reads right for another)."""
    if view["phase"] == "over":
        return _("Game over after round {round}.").format(round=view["round"])
    fields = {"round": view["round"], "season": season_name(view["season"]), "phase": phase_name(view["phase"])}
    awaited = view["to_act"]
    who = seat_in_text(awaited[0])
    if view["phase"] == "purchase":
        slot = view["row"][view["deciding"] - 1]
        price = slot["price"]
        return _n("Round {round} ({season}), {phase}: {who} may buy {card} for {n} coin.",
                  "Round {round} ({season}), {phase}: {who} may buy {card} for {n} coins.", price).format(
            who=who, card=card_name(slot["card"]), n=price, **fields)
    if view["phase"] == "demand":
        return _("Round {round} ({season}), {phase}: {who} places a worker.").format(who=who, **fields)
    later = view["loading_later"]
    if len(awaited) == 1 and not later:
        return _("Round {round} ({season}), {phase}: {who} unloads goods.").format(who=who, **fields)
    if not later:
        return _("Round {round} ({season}), {phase}: {seats} unload goods at the same time.").format(
            seats=seats_words(awaited), **fields)
    if len(awaited) == 1:
        return _("Round {round} ({season}), {phase}: {who} unloads goods; then {later} (a conversion at the market "
                 "hall could depend on the order).").format(who=who, later=seats_words(later), **fields)
    return _("Round {round} ({season}), {phase}: {seats} unload goods at the same time; then {later} (a conversion "
             "at the market hall could depend on the order).").format(
        seats=seats_words(awaited), later=seats_words(later), **fields)


def seats_words(seats: list[int]) -> str:
    """'seat 2', 'seat 0 and seat 2', 'seat 0, seat 2 and seat 3' (each "seat N" becomes a name at the table)."""
    words = [seat_in_text(s) for s in seats]
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: the end of a list of players: "seat 0, seat 2 and seat 3"
    return _("{others} and {last}").format(others=", ".join(words[:-1]), last=words[-1])


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
    return goods_text(counts, "-")


def _cards_text(pl: dict[str, Any]) -> str:
    parts = []
    for c in pl["contracts"]:
        progress = _("done") if c["complete"] else f"{len(c['filled'])}/{len(c['goods'])}"
        # TRANSLATORS: a contract's goods and how far it is filled, e.g. "coffee+tea 1/2" or "coffee+tea done"
        parts.append(_("{goods} {progress}").format(goods="+".join(good_name(g) for g in c["goods"]),
                                                    progress=progress))
    counts: dict[str, int] = {}
    for card in pl["cards"]:
        if card["kind"] != "contract":
            name = card_name(card["id"])
            counts[name] = counts.get(name, 0) + 1
    others = [f"{name} x{n}" if n > 1 else name for name, n in counts.items()]
    text = (_("contracts {list}").format(list=", ".join(parts)) + "; " if parts else "") + ", ".join(others)
    return text.rstrip("; ") or _("no cards")


_KIND_HINTS = {
    "kontor": N_("Kontor set: 2/5/9/14 pts"),
    "bank": N_("+1 income"),
    "chamber": N_("1 pt per coin at the end"),
    "port": N_("1 pt per ship"),
    "warehouse": N_("stores up to {capacity} cubes, 1 pt each"),
    "merchant": N_("sells {good} for 1 coin, {points} pt"),
    "contract": N_("{points} pts when complete"),
    "church": N_("{points} pts"),
    "michaelis": N_("{points} pts"),
    "fire": N_("most firemen +{bonus}, fewest -{penalty}"),
}


def card_hint(slot: dict[str, Any]) -> str:
    """What a card in the row is good for, in a few words ('' if its name says it all)."""
    hint = _KIND_HINTS.get(slot["kind"], "")
    info = dict(slot["info"])
    if "good" in info:
        info["good"] = good_name(info["good"])
    try:
        return _(hint).format(**info) if hint else ""
    except KeyError:  # a card without the printed number the hint needs
        return ""


def _seats_text(seats: list[int]) -> str:
    return ", ".join(seat(s) for s in seats)


def summary(view: dict[str, Any]) -> str:
    lines = [status_text(view)]
    pile = view["pile"]
    lines.append(_n("Pile: {n} card", "Pile: {n} cards", pile["count"]).format(n=pile["count"]) + ", "
                 + _n("{n} fire to come", "{n} fires to come", pile["fires_left"]).format(n=pile["fires_left"])
                 + (" — " + _("last round!") if view["last_round"] else ""))
    reserve = _goods_text(view["reserve"]) if any(view["reserve"].values()) else _("empty")
    lines.append(_n("Reserve: {reserve}; bag: {n} cube", "Reserve: {reserve}; bag: {n} cubes", view["bag"]).format(
        reserve=reserve, n=view["bag"]))
    for slot in view["row"]:
        hint = card_hint(slot)
        carries = slot["cubes"] is not None and slot["status"] == "open"
        extra = " " + _("carrying {goods}").format(goods=_goods_text(slot["cubes"])) if carries else ""
        if slot["status"] == "bought":
            paid = slot.get("paid")
            who = seat(slot["buyer"])
            where = (_n("bought by {who} for {n} coin", "bought by {who} for {n} coins", paid).format(who=who, n=paid)
                     if paid is not None else _("bought by {who}").format(who=who))
        elif slot["status"] == "discarded":
            where = _("nobody bought it")
        elif slot["workers"]:
            workers = _seats_text(slot["workers"])
            if view.get("deciding") == slot["col"]:
                where = _("price {price}, workers (lowest first) {seats} ← deciding").format(
                    price=slot["price"], seats=workers)
            else:
                where = _("price {price}, workers (lowest first) {seats}").format(price=slot["price"], seats=workers)
        else:
            where = _("no workers yet")
        card = f"{card_name(slot['card'])}{f' ({hint})' if hint else ''}{extra}"
        # TRANSLATORS: a card of the row in the summary: "1. Ship carrying 2 tea: no workers yet"
        lines.append("  " + _("{col}. {card}: {where}").format(col=slot["col"], card=card, where=where))
    for pl in view["players"]:
        first = " (" + _("first player") + ")" if pl["seat"] == view["first_player"] else ""
        facts = [_n("{n} point", "{n} points", pl["score"]).format(n=pl["score"]),
                 _n("{n} coin", "{n} coins", pl["coins"]).format(n=pl["coins"])]
        if view["phase"] == "demand":
            facts.append(_n("{n} worker to place", "{n} workers to place", pl["workers"]).format(n=pl["workers"]))
        facts.append(_("firemen {n}").format(n=pl["firemen"]))
        # TRANSLATORS: a player's line in the summary: "Seat 1 (first player): 3 points, 2 coins; Ship, Kontor"
        lines.append(_("{who}: {facts}; {cards}").format(who=seat(pl["seat"]) + first, facts=", ".join(facts),
                                                         cards=_cards_text(pl)))
        stock = []
        if any(pl["hand"].values()):
            stock.append(_("in hand {goods}").format(goods=_goods_text(pl["hand"])))
        if pl["warehouse"] and any(pl["warehouse"].values()):
            stock.append(_("warehouse {goods}").format(goods=_goods_text(pl["warehouse"])))
        if any(pl["hall"].values()):
            stock.append(_("market hall {goods}").format(goods=_goods_text(pl["hall"])))
        if stock:
            lines.append("    " + "; ".join(stock))
        if view["phase"] == "loading" and pl["seat"] in view["to_act"]:
            lines.append("    " + _hall_hint(pl))
    return "\n".join(lines)


def _hall_hint(pl: dict[str, Any]) -> str:
    """How the market hall works, and why End loading is missing while 2 or more cubes stand on it."""
    on_hall = sum(pl["hall"].values())
    numbers = {"sell": HALL_SELL_CUBES, "convert": HALL_CONVERT_CUBES, "keep": HALL_STORE_MAX}
    if on_hall > HALL_STORE_MAX:
        return _("market hall: {sell} cubes on it sell for 1 coin, {convert} trade for any 1 cube of the reserve; at "
                 "most {keep} may stay. It holds {n}: sell, convert or take cubes back before you can end "
                 "loading.").format(n=on_hall, **numbers)
    return _("market hall: {sell} cubes on it sell for 1 coin, {convert} trade for any 1 cube of the reserve; at "
             "most {keep} may stay.").format(**numbers)
