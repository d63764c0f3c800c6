"""The per-viewer view (documented in state.py) built from the state; its words (the status line, the summary) are in
``summary``, re-exported here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from rules.speicherstadt import scoring
from rules.speicherstadt.data import (
    CARDS,
    SEASON_NAMES,
)
from rules.speicherstadt.summary import BREAKDOWN_LABELS as BREAKDOWN_LABELS
from rules.speicherstadt.summary import PHASE_NAMES as PHASE_NAMES
from rules.speicherstadt.summary import alt_text as alt_text
from rules.speicherstadt.summary import board_lines as board_lines
from rules.speicherstadt.summary import card_hint as card_hint
from rules.speicherstadt.summary import final_lines as final_lines
from rules.speicherstadt.summary import phase_name as phase_name
from rules.speicherstadt.summary import player_lines as player_lines
from rules.speicherstadt.summary import players_lines as players_lines
from rules.speicherstadt.summary import private_lines as private_lines
from rules.speicherstadt.summary import reserve_line as reserve_line
from rules.speicherstadt.summary import row_line as row_line
from rules.speicherstadt.summary import row_lines as row_lines
from rules.speicherstadt.summary import scores_line as scores_line
from rules.speicherstadt.summary import seats_words as seats_words
from rules.speicherstadt.summary import situation_lines as situation_lines
from rules.speicherstadt.summary import status_text as status_text
from rules.speicherstadt.summary import summary as summary
from rules.views import BaseView
from rules.words import translator

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


_INFO_KEYS = ("goods", "points", "value", "good", "bonus", "penalty", "capacity")
#: Each card's printed numbers, looked up once (views ask for them ~25 times a move); card_info hands out copies.
_INFO = {cid: {key: card[key] for key in _INFO_KEYS if key in card} for cid, card in CARDS.items()}


def card_info(cid: str) -> dict[str, Any]:
    """The printed numbers of a card (contract goods and points, fireman value, merchant good ...)."""
    return dict(_INFO[cid])


def _status(state: SpeicherstadtState) -> str:
    return status_text({"phase": state.phase, "round": state.round, "season": state.season, "to_act": state.to_act(),
                        "row": [{"card": slot["card"], "price": len(slot["workers"])} for slot in state.row],
                        "deciding": state.col + 1 if state.phase == "purchase" else None,
                        "loading_later": [s for s in state.queue if s not in state.to_act()]})


def _contracts(p: dict[str, Any]) -> list[dict[str, Any]]:
    """A player's contracts with their goods and how far they are filled (both views)."""
    return [
        {"card": c, "goods": CARDS[c]["goods"], "filled": list(p["filled"][c]), "points": CARDS[c]["points"],
         "complete": scoring.contract_complete(c, p["filled"][c])}
        for c in p["cards"] if CARDS[c]["kind"] == "contract"
    ]


def _warehouse(p: dict[str, Any], kinds: list[str]) -> dict[str, int] | None:
    return dict(p["wh"]) if "warehouse" in kinds else None


def _pile_seasons(state: SpeicherstadtState) -> dict[str, int]:
    letters = [cid[0] for cid in state.pile]  # the counting done by list.count: every bot view needs this
    return {s: letters.count(s) for s in dict.fromkeys(letters)}


def _player(state: SpeicherstadtState, seat: int, parts: dict[str, int]) -> SpeicherstadtPlayer:
    p = state.players[seat]
    kinds = [CARDS[c]["kind"] for c in p["cards"]]
    contracts = _contracts(p)
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
        "warehouse": _warehouse(p, kinds),
        "hall": dict(p["hall"]),
        "kontors": kinds.count("kontor"),
        "ships": kinds.count("ship"),
        "score": sum(parts.values()),
        "breakdown": parts,
    }


def build_view(state: SpeicherstadtState, seat: int | None) -> SpeicherstadtView:
    parts = state.breakdowns()
    pile_seasons = _pile_seasons(state)
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


def build_bot_view(state: SpeicherstadtState, seat: int) -> SpeicherstadtView:
    """The part of ``build_view(state, seat)`` that bot.py and bot_values.py read, for the strong bot's playouts
    (``State.bot_view``): no texts, scores, names or counts the bot ignores. Loading reads only the seat's own
    cubes and contracts and the reserve; Demand and Purchase read the row, the pile, the fires and every seat's
    coins, workers, firemen, cards and contracts."""
    players = state.players
    if state.phase == "loading":
        p = players[seat]
        me = {"hand": dict(p["hand"]), "hall": dict(p["hall"]), "contracts": _contracts(p),
              "warehouse": _warehouse(p, [CARDS[c]["kind"] for c in p["cards"]])}
        rows: list[dict[str, Any]] = [{} for _ in players]
        rows[seat] = me
        # A partial view (a sub-tree of the full one, tests/contract/test_bot_view.py): cast to the view's type.
        return cast("SpeicherstadtView", {"phase": "loading", "reserve": dict(state.reserve), "players": rows})
    partial = {
        "num_players": state.num_players,
        "phase": state.phase,
        "pile": {"count": len(state.pile), "seasons": _pile_seasons(state)},
        "row": [
            {"col": i + 1, "card": s["card"], "kind": CARDS[s["card"]]["kind"], "info": card_info(s["card"]),
             "cubes": dict(s["cubes"]) if s["cubes"] is not None else None, "workers": list(s["workers"]),
             "status": s["status"]}
            for i, s in enumerate(state.row)
        ],
        "deciding": state.col + 1 if state.phase == "purchase" else None,
        "fires_resolved": list(state.fires_resolved),
        "players": [_bot_player(state, s) for s in range(state.num_players)],
    }
    # A partial view (a sub-tree of the full one, tests/contract/test_bot_view.py): cast to the view's type.
    return cast("SpeicherstadtView", partial)


def _bot_player(state: SpeicherstadtState, seat: int) -> dict[str, Any]:
    """What the bot reads of a seat in Demand and Purchase (bot_values.card_value values a card for any seat): the
    same as _player's fields, in one pass over the cards (this runs at every step of the strong bot's playouts)."""
    p = state.players[seat]
    cards, contracts = [], []
    firemen = 0
    warehouse = None
    for c in p["cards"]:
        card = CARDS[c]
        kind = card["kind"]
        cards.append({"id": c, "kind": kind})
        if kind == "fireman":
            firemen += card["value"]
        elif kind == "contract":
            filled = p["filled"][c]
            contracts.append({"card": c, "goods": card["goods"], "filled": list(filled), "points": card["points"],
                              "complete": len(filled) == len(card["goods"])})
        elif kind == "warehouse":
            warehouse = dict(p["wh"])
    return {
        "seat": seat,
        "coins": p["coins"],
        "workers": p["workers"],
        "firemen": firemen,
        "cards": cards,
        "contracts": contracts,
        "warehouse": warehouse,
    }
