"""Build Speicherstadt scenario states by setting fields directly (instead of playing hundreds of moves)."""

from __future__ import annotations

from typing import Any

from rules.core import Rng
from rules.speicherstadt import GAME
from rules.speicherstadt.data import CARDS, GOODS
from rules.speicherstadt.state import SpeicherstadtState


def fresh(n: int = 3, seed: int = 1) -> SpeicherstadtState:
    state = GAME.new_state(n, seed)
    assert isinstance(state, SpeicherstadtState)
    return state


def goods(**counts: int) -> dict[str, int]:
    out = dict.fromkeys(GOODS, 0)
    out.update(counts)
    return out


def slot(card: str, workers: list[int] | None = None, cubes: dict[str, int] | None = None) -> dict[str, Any]:
    if CARDS[card]["kind"] == "ship" and cubes is None:
        cubes = goods(coffee=1, tea=1, carpet=1)
    return {"card": card, "cubes": cubes, "workers": list(workers or []), "status": "open", "buyer": None}


def _sync_workers(state: SpeicherstadtState) -> None:
    on_board = [0] * state.num_players
    for s in state.row:
        for w in s["workers"]:
            on_board[w] += 1
    for seat, p in enumerate(state.players):
        p["workers"] = 3 - on_board[seat]


def give(state: SpeicherstadtState, seat: int, *cards: str) -> None:
    """Hand cards to a seat, taking them out of the pile so the card count stays whole."""
    p = state.players[seat]
    for cid in cards:
        if cid in state.pile:
            state.pile.remove(cid)
        p["cards"].append(cid)
        if CARDS[cid]["kind"] == "contract":
            p["filled"][cid] = []


def purchase_state(n: int, row: list[dict[str, Any]], coins: int = 5, seed: int = 1) -> SpeicherstadtState:
    """A Purchase phase at the first column of ``row``."""
    state = fresh(n, seed)
    state.row = row
    state.phase = "purchase"
    state.col = 0
    for p in state.players:
        p["coins"] = coins
    _sync_workers(state)
    state._advance_purchase(Rng(seed, "test"), [])  # discards leading empty columns, like the real phase
    return state


def demand_state(n: int, row: list[dict[str, Any]], turn: int, placed: int, seed: int = 1) -> SpeicherstadtState:
    state = fresh(n, seed)
    state.row = row
    state.phase = "demand"
    state.turn = turn
    state.placed = placed
    _sync_workers(state)
    return state


def loading_state(n: int, queue: list[int], seed: int = 1) -> SpeicherstadtState:
    """A Loading phase with an empty row; the caller fills hands, halls, warehouses."""
    state = fresh(n, seed)
    state.row = []
    state.phase = "loading"
    state.queue = list(queue)
    _sync_workers(state)
    return state


def take_from_bag(state: SpeicherstadtState, counts: dict[str, int]) -> dict[str, int]:
    """Cubes for a scenario come out of the bag, so cube conservation still holds."""
    for g, k in counts.items():
        state.bag[g] -= k
    return goods(**counts)


def start_round(state: SpeicherstadtState, salt: str = "test") -> list[Any]:
    events: list[Any] = []
    state._start_round(Rng(state.seed, salt), events)
    return events


def play_out(state: SpeicherstadtState, choose: Any = None, limit: int = 5000) -> None:
    """Finish the game: by default everyone declines purchases and ends loading at once."""
    for _ in range(limit):
        awaited = state.to_act()
        if not awaited:
            return
        seat = awaited[0]
        legal = state.legal_actions(seat)
        action = choose(state, seat, legal) if choose else _passive(legal)
        state.apply(seat, action)
    raise AssertionError("the game did not end")


def _passive(legal: list[str]) -> str:
    for action in ("decline", "done"):
        if action in legal:
            return action
    if any(a.startswith("take ") for a in legal) and "done" not in legal:
        return next(a for a in legal if a.startswith("take "))
    return legal[0]
