"""Issue 20: a Nürnberg trade offer waits for its addressees on its own short clock (the table's ``offer_hours``),
not on the proposer's time bank; an addressee's silence declines when that time is up, and costs nobody's bank."""

from __future__ import annotations

from pathlib import Path

from bot.table import TableService, Update
from bot.table.settings import describe_settings, normalise_settings
from tests.table.conftest import FakeClock
from tests.table.test_service import ANNA, BEN, CARL, CH, GUILD

HOUR = 3600.0
DAILY = {"pace": "daily", "offer_hours": 12}  # a 72 h bank


async def _at_main(svc: TableService, settings: dict) -> tuple[Update, dict[int, int]]:
    await svc.create(CH, GUILD, "nuernberg", ANNA, "Anna", settings=settings)
    await svc.join(CH, BEN, "Ben")
    await svc.join(CH, CARL, "Carl")
    update = await svc.start(CH, ANNA, seed=5)
    user_of = {s.seat: s.user_id for s in update.table.seats}
    for _ in range(20):  # the active player turns over event cards until a plain trade-and-build phase
        (user,) = update.awaited
        legal = [a for a, _ in await svc.legal(CH, user)]
        if "end" in legal:
            return update, user_of  # type: ignore[return-value]
        update = await svc.act(CH, user, legal[0], update.version)
    raise AssertionError("no trade-and-build phase")


async def test_an_unanswered_offer_lapses_without_touching_any_bank(db_path: Path, clock: FakeClock) -> None:
    svc = await TableService.open(str(db_path), clock=clock)
    try:
        update, user_of = await _at_main(svc, DAILY)
        game_id = update.table.game_id
        (proposer,) = update.awaited
        seat = update.table.seat_of(proposer)
        clock.advance(2)  # the proposer thinks for 2 h: that is charged to their bank
        update = await svc.act(CH, proposer, "offer 1 gold for 1 wool to all", update.version)
        others = sorted(u for u in user_of.values() if u != proposer)
        assert sorted(update.awaited) == others  # the addressees, never the proposer
        banks = await svc.store.banks(game_id)
        rows = await svc.store.clock_rows(game_id)
        assert seat not in rows  # the proposer's clock stands while the others consider the offer
        proposer_bank = banks[seat]
        addressee_banks = {s: banks.get(s, 72 * HOUR) for s in rows}
        assert all(due == clock.now + 12 * HOUR and remind is None for remind, due in rows.values())

        assert await svc.due(clock.advance(11.9)) == []  # nothing happens before the offer's time is up
        lapsed = await svc.due(clock.advance(0.2))
        texts = " ".join(line for u in lapsed for line in [*u.public_events, u.notice or ""])
        assert "did not answer within 12 h" in texts and "declines the offer" in texts
        assert "caretaker" not in texts and "time bank" not in texts
        table = await svc.table(CH)
        assert list(table.awaited_seats) == [seat]  # the offer lapsed: the proposer plays on
        banks = await svc.store.banks(game_id)
        assert banks[seat] == proposer_bank  # 12 h of silence cost the proposer nothing
        for s, bank in addressee_banks.items():
            assert banks[s] == bank  # nor the silent addressees' banks: they only lost the offer
    finally:
        await svc.close()


async def test_an_answered_offer_returns_to_the_proposer_with_the_same_bank(db_path: Path, clock: FakeClock) -> None:
    svc = await TableService.open(str(db_path), clock=clock)
    try:
        update, _ = await _at_main(svc, DAILY)
        game_id = update.table.game_id
        (proposer,) = update.awaited
        seat = update.table.seat_of(proposer)
        update = await svc.act(CH, proposer, "offer 1 gold for 1 wool to all", update.version)
        bank = (await svc.store.banks(game_id))[seat]
        first, second = sorted(update.awaited)
        clock.advance(5)
        update = await svc.act(CH, first, "decline", update.version)
        clock.advance(5)
        hand = (await svc.private_view(CH, proposer))["players"][seat]["hand"]
        item = next(res for res, n in hand.items() if n)
        update = await svc.act(CH, second, f"counter 1 gold for 1 {item}", update.version)
        assert update.awaited == [proposer]
        legal = [a for a, _ in await svc.legal(CH, proposer)]
        assert legal == [f"take {update.table.seat_of(second)}", "withdraw"]
        rows = await svc.store.clock_rows(game_id)
        assert rows[seat][1] == clock.now + bank  # 10 h of answers did not run the proposer's clock
    finally:
        await svc.close()


def test_offer_hours_is_a_table_setting_in_words() -> None:
    settings = normalise_settings({"offer_hours": 6})
    assert settings["offer_hours"] == 6
    assert "a trade offer left unanswered 6 h counts as declined" in describe_settings(settings)
    assert normalise_settings(None)["offer_hours"] == 12


async def test_an_addressee_going_away_keeps_their_bank_and_the_offer_still_lapses(db_path: Path,
                                                                                  clock: FakeClock) -> None:
    svc = await TableService.open(str(db_path), clock=clock)
    try:
        update, _ = await _at_main(svc, DAILY)
        game_id = update.table.game_id
        (proposer,) = update.awaited
        update = await svc.act(CH, proposer, "offer 1 gold for 1 wool to all", update.version)
        away = update.awaited[0]
        seat = update.table.seat_of(away)
        bank = (await svc.store.banks(game_id))[seat]
        await svc.away(away, 3)
        assert (await svc.store.banks(game_id))[seat] == bank  # not the window's remainder
        lapsed = await svc.due(clock.advance(12.1))
        assert any("did not answer within 12 h" in line for u in lapsed for line in u.public_events)
        assert (await svc.store.banks(game_id))[seat] == bank
    finally:
        await svc.close()
