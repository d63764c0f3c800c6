"""Nürnberg's "end my turn after my next move" through the service on a real SQLite file (issue 15): the order is
given during one's own turn, plays nothing until the player's next move, then ends the turn as an automatic move;
it lapses with the turn."""

from __future__ import annotations

import rules
from bot.table import TableService
from tests.table.test_service import ANNA, BEN, CARL, CH, lobby, read_rows

PLAYERS = {ANNA: "Anna", BEN: "Ben", CARL: "Carl"}

SERVICE_GAMES = dict(rules.GAMES)  # the service of tests/table/conftest.py opens with these


async def _top_of_a_turn_with(svc: TableService, prefix: str) -> int:
    """Play (first legal actions, turns ended at once) until someone at the top of their turn may play an action
    starting with ``prefix``; that user."""
    await lobby(svc, *PLAYERS.items(), game="nuernberg")
    await svc.start(CH, ANNA, seed=3)
    for _ in range(400):
        user = (await svc.table(CH)).awaited[0]
        legal = [a for a, _ in await svc.legal(CH, user)]
        view = await svc.private_view(CH, user)
        if view["phase"] == "main" and view["menu"] is None and any(a.startswith(prefix) for a in legal):
            return user
        await svc.act(CH, user, "end" if "end" in legal else legal[0])
    raise AssertionError(f"nobody could play {prefix!r}")


async def test_the_order_ends_the_turn_after_the_players_next_move(svc: TableService) -> None:
    user = await _top_of_a_turn_with(svc, "bank")
    before = await svc.private_view(CH, user)
    offers = (await svc.orders(CH, user)).offers
    order = next(o for o, label in offers if o.startswith("end after") and "next move" in label)
    text, update = await svc.set_order(CH, user, order)
    assert update is None and "📌" in text  # nothing played yet: the player has not moved
    assert (await svc.table(CH)).awaited == (user,)
    seat = before["active"]
    me = before["players"][seat]
    give = next(item for item, rate in me["bank_rates"].items()
                if (me["gold"] if item == "gold" else me["hand"][item]) >= rate)
    get = next(res for res in me["hand"] if res != give)
    update = await svc.act(CH, user, f"bank {give} {get}")
    after = await svc.public_view(CH)
    assert after["active"] != seat and (await svc.table(CH)).awaited != (user,)  # the turn passed on
    rows = await read_rows(svc, "SELECT kind, action FROM actions WHERE action IS NOT NULL ORDER BY id")
    assert ("auto", "end") in rows[-3:]  # the order played "end" (the next turn's draw may follow, also auto)
    assert await svc.my_order(CH, user) is None  # it lapsed with the turn


async def test_the_order_does_not_end_a_turn_before_the_player_moved(svc: TableService) -> None:
    user = await _top_of_a_turn_with(svc, "end")
    order = next(o for o, _label in (await svc.orders(CH, user)).offers if o.startswith("end after"))
    await svc.set_order(CH, user, order)
    assert (await svc.table(CH)).awaited == (user,)
    # opening a menu and closing it again is no move: the turn is still theirs
    legal = [a for a, _ in await svc.legal(CH, user)]
    opener = next((a for a in legal if a in ("bank", "manufacture", "tower") or a.startswith("settle ")), None)
    if opener is not None:
        await svc.act(CH, user, opener)
        await svc.act(CH, user, "back")
        assert (await svc.table(CH)).awaited == (user,)
