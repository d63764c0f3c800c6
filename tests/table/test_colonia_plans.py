"""Colonia's plan-ahead order through the service: "my next action in this loop: X" plays when the loop reaches the
seat if nobody took X's target since; else its owner is told why, privately, and asked as usual. It stands beside
the pass order and plays before it ("order a saddle, then pass")."""

from __future__ import annotations

from typing import Any

import rules
from bot.table import TableService
from rules.colonia import plans
from rules.core import Rng
from tests.table.test_service import ANNA, BEN, CARL, CH, lobby, read_row, read_rows

GAME = rules.get_game("colonia")
GAMES = {"colonia": GAME}

SERVICE_GAMES = GAMES  # the service of tests/table/conftest.py opens with these


async def _until(svc: TableService, found: Any) -> tuple[int, int, list[str], dict[str, str]]:
    """Play the table with each seat's bot until ``found(mover's legal, next seat's plans)`` picks a moment in a
    loop: the mover, the next seat in the loop, the mover's legal actions and the next seat's offered plans."""
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), (CARL, "Carl"), game="colonia")
    update = await svc.start(CH, ANNA, seed=4)
    users = {s.seat: s.user_id for s in update.table.seats}
    for _step in range(2000):
        mover = update.table.awaited[0]
        seat = next(s for s, u in users.items() if u == mover)
        view = await svc.private_view(CH, mover)
        legal = [a for a, _label in await svc.legal(CH, mover)]
        loop = view.get("loop")
        if loop is not None and view.get("pending") is None:
            order = view["turn_order"]
            nxt = next((order[(order.index(seat) + k) % len(order)] for k in range(1, len(order))
                        if order[(order.index(seat) + k) % len(order)] not in loop["passed"]), None)
            if nxt is not None:
                offered = {parsed[0][0]: o for o, _l in (await svc.orders(CH, users[nxt])).offers
                           if (parsed := plans.parse(o)) is not None and len(parsed) == 1}
                if found(legal, offered):
                    return mover, users[nxt], legal, offered
        choice = GAME.bot_action(view, legal, seat, Rng(4, "test", update.version))
        update = await svc.act(CH, mover, choice)
    raise AssertionError("no such moment in the game")


async def test_a_plan_plays_when_the_loop_reaches_the_seat_then_its_pass_order(svc: TableService) -> None:
    mover, nxt, _legal, offered = await _until(svc, lambda legal, offered: "pass" in legal and offered)
    action, order_id = next(iter(offered.items()))
    text, played = await svc.set_order(CH, nxt, order_id)
    assert "My next action in this" in text and played is None  # not its turn yet
    await svc.set_order(CH, nxt, "pass")  # and then pass: both kept, the plan plays first
    assert sorted(await read_rows(svc, "SELECT kind, order_id FROM standing_orders")) == [("", "pass"),
                                                                                        ("plan", order_id)]
    update = await svc.act(CH, mover, "pass")
    actions = await read_rows(svc, "SELECT kind, action FROM actions WHERE action IS NOT NULL ORDER BY id")
    assert ("player", "pass") in actions[-4:]
    mine = actions[actions.index(("player", "pass"), len(actions) - 4) + 1:]
    assert mine[0] == ("auto", action)  # the plan, played for the next seat as an automatic move
    assert update.table.awaited != (nxt,)  # not asked: the plan answered, and the pass order waits its turn
    assert nxt not in update.private  # what its own order did to its screen is no news (no DM for it)
    assert await read_rows(svc, "SELECT kind FROM standing_orders") == [("",)]  # the plan is one-shot


async def test_a_plan_whose_target_another_took_is_not_played_and_its_owner_is_told_privately(
        svc: TableService) -> None:
    def shared(legal: list[str], offered: dict[str, str]) -> bool:
        return any(a in offered and a.split()[0] in ("stall", "order", "load") for a in legal)

    mover, nxt, legal, offered = await _until(svc, shared)
    action = next(a for a in legal if a in offered and a.split()[0] in ("stall", "order", "load"))
    await svc.set_order(CH, nxt, offered[action])
    update = await svc.act(CH, mover, action)  # the mover takes the very target the next seat planned for
    assert update.table.awaited == (nxt,)  # asked as usual
    note = " ".join(update.private[nxt].events)
    assert "Your planned next action was not played: another player" in note and "asked as usual" in note
    assert mover not in update.private or "planned" not in " ".join(update.private[mover].events)
    assert "planned" not in " ".join(update.public_events)  # the plan stays private
    assert await svc.my_order(CH, nxt) is None
    assert await read_row(svc, "SELECT COUNT(*) FROM standing_orders") == (0,)
