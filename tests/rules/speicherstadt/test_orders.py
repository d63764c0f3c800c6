"""Speicherstadt's standing order "buy column C for N coins or less": declines above N, buys at N or less."""

from __future__ import annotations

import rules
from rules.core import Rng

GAME = rules.get_game("speicherstadt")


def test_upto_declines_above_the_limit_buys_at_it_and_lapses_with_the_column() -> None:
    state = GAME.new_state(4, 3)
    checked = 0
    while not state.is_over() and checked < 5:
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        if view["phase"] == "purchase":
            col = view["deciding"]
            price = len(view["row"][col - 1]["workers"])
            ids = [o for o, _ in GAME.standing_orders(view, seat)]
            assert f"upto {col} 0" in ids and f"upto {col} {view['players'][seat]['coins'] + 1}" not in ids
            assert GAME.standing_scope(f"upto {col} {price}", view, seat) == f"r{view['round']}:c{col}"
            assert GAME.standing_answer(f"upto {col} {price}", view, legal, seat) == "buy"
            assert GAME.standing_answer(f"upto {col} {price - 1}", view, legal, seat) == "decline"
            assert GAME.standing_answer(f"upto {col + 1} 9", view, legal, seat) is None  # another column: ask
            scope = GAME.standing_scope(f"upto {col} {price}", view, seat)
            state.apply(seat, "buy")
            after = state.view(seat)
            assert GAME.standing_scope(f"upto {col} {price}", after, seat) != scope  # sold: lapsed
            checked += 1
            continue
        state.apply(seat, GAME.bot_action(view, legal, seat, Rng(3, "bot", state.ply)))
    assert checked == 5


def test_junk_order_ids_are_no_orders() -> None:
    view = GAME.new_state(2, 1).view(0)
    for junk in ("upto", "upto x 1", "upto 1", "buy 1 2", ""):
        assert GAME.standing_scope(junk, view, 0) is None
        assert GAME.standing_answer(junk, view, ["buy", "decline"], 0) is None
