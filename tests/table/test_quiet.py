"""Quiet hours (bot/table/quiet.py): the arithmetic across midnight and the changes of the clocks, the parsing, and
the preference stored with the notification preference (migration 12)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.table import Reader, TableError, TableService
from bot.table.quiet import QuietHours, check_timezone, parse_quiet, quiet_until
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock

BERLIN = QuietHours("Europe/Berlin", 22, 8)


def at(text: str) -> float:
    """A UTC time as epoch seconds: ``at("2024-06-10 21:00")``."""
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def utc(seconds: float | None) -> str | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M")


def test_a_night_across_midnight() -> None:
    # Berlin is UTC+2 in June: 22-8 local is 20:00-06:00 UTC
    assert utc(quiet_until(at("2024-06-10 19:59"), BERLIN)) is None
    assert utc(quiet_until(at("2024-06-10 20:00"), BERLIN)) == "2024-06-11 06:00"  # 22:00 local: it starts
    assert utc(quiet_until(at("2024-06-10 23:30"), BERLIN)) == "2024-06-11 06:00"  # after midnight local
    assert utc(quiet_until(at("2024-06-11 05:59"), BERLIN)) == "2024-06-11 06:00"
    assert utc(quiet_until(at("2024-06-11 06:00"), BERLIN)) is None  # 08:00 local: the end is not included
    assert quiet_until(at("2024-06-11 12:00"), BERLIN) is None
    assert quiet_until(at("2024-06-11 12:00"), None) is None


def test_a_window_inside_one_day_and_west_of_greenwich() -> None:
    early = QuietHours("America/New_York", 1, 7)  # UTC-4 in June
    assert utc(quiet_until(at("2024-06-10 04:59"), early)) is None  # 00:59 local
    assert utc(quiet_until(at("2024-06-10 05:00"), early)) == "2024-06-10 11:00"
    assert utc(quiet_until(at("2024-06-10 10:30"), early)) == "2024-06-10 11:00"
    assert quiet_until(at("2024-06-10 11:00"), early) is None
    # 23-6 in New York: 03:00 UTC is 23:00 local the day before, the night ends at 06:00 local (10:00 UTC)
    late = QuietHours("America/New_York", 23, 6)
    assert utc(quiet_until(at("2024-06-11 03:00"), late)) == "2024-06-11 10:00"


def test_the_clocks_going_forward_make_the_night_an_hour_shorter() -> None:
    # Berlin, night of 30/31 March 2024: 22:00 CET (21:00 UTC) to 08:00 CEST (06:00 UTC): nine hours
    assert utc(quiet_until(at("2024-03-30 21:00"), BERLIN)) == "2024-03-31 06:00"
    assert quiet_until(at("2024-03-31 06:00"), BERLIN) is None
    # an end in the skipped hour (02:00-03:00 local) ends the night when the clocks jump (01:00 UTC)
    skipped = QuietHours("Europe/Berlin", 0, 2)
    assert utc(quiet_until(at("2024-03-30 23:30"), skipped)) == "2024-03-31 01:00"  # 00:30 CET
    assert quiet_until(at("2024-03-31 01:00"), skipped) is None  # 03:00 CEST


def test_the_clocks_going_back_make_the_night_an_hour_longer() -> None:
    # Berlin, night of 26/27 October 2024: 22:00 CEST (20:00 UTC) to 08:00 CET (07:00 UTC): eleven hours
    assert utc(quiet_until(at("2024-10-26 20:00"), BERLIN)) == "2024-10-27 07:00"
    assert utc(quiet_until(at("2024-10-27 01:30"), BERLIN)) == "2024-10-27 07:00"  # the repeated hour
    assert quiet_until(at("2024-10-27 07:00"), BERLIN) is None


def test_parsing_hours_and_time_zones() -> None:
    assert parse_quiet("22-8") == (22, 8) and parse_quiet(" 1 - 7 ") == (1, 7) and parse_quiet("23:00-06:00") == (23, 6)
    assert parse_quiet("off") is None and parse_quiet("") is None
    for bad in ("22", "8-8", "24-6", "22-8-1", "ten-six", "22:30-6"):
        with pytest.raises(TableError):
            parse_quiet(bad)
    assert check_timezone("europe/berlin") == "Europe/Berlin"
    for bad in ("Mars/Olympus", "", "CET+5", "../etc/passwd"):
        with pytest.raises(TableError):
            check_timezone(bad)


async def test_the_preference_is_validated_and_survives_a_reopen(
        svc: TableService, db_path: Path, clock: FakeClock) -> None:
    anna = 11
    assert await svc.quiet_hours(anna) is None
    with pytest.raises(TableError, match="time zone too"):
        await svc.set_quiet_hours(anna, quiet="22-8")  # local hours without a zone: refused
    assert await svc.quiet_hours(anna) is None
    await svc.set_notify_pref(anna, "dm")
    assert await svc.set_quiet_hours(anna, timezone="Europe/Berlin") is None  # a zone alone
    assert await svc.set_quiet_hours(anna, quiet="22-8") == BERLIN
    with pytest.raises(TableError):
        await svc.set_quiet_hours(anna, timezone="Nowhere/Atlantis", quiet="1-2")
    assert await svc.quiet_hours(anna) == BERLIN  # a refusal changed nothing
    assert await svc.notify_pref(anna) == "dm"  # the same row: neither clobbers the other
    clock.now = at("2024-06-10 23:00")
    assert utc(await svc.quiet_until(anna)) == "2024-06-11 06:00"
    await svc.close()
    again = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        assert await again.quiet_hours(anna) == BERLIN and await again.notify_pref(anna) == "dm"
        assert await again.set_quiet_hours(anna, quiet="off") is None
        assert await again.time_zone(anna) == "Europe/Berlin"  # the zone stays
    finally:
        await again.close()


async def test_the_update_says_what_posting_needs_of_each_player(tmp_path: Path) -> None:
    """Each seated human's language, notice preference and quiet hours, read when the Update is built."""
    night = at("2024-06-10 23:30")  # Berlin: inside 22-8
    svc = await TableService.open(str(tmp_path / "k.sqlite3"), games=TEST_GAMES, clock=lambda: night)
    try:
        anna, ben = 11, 12
        await svc.set_notify_pref(ben, "dm")
        await svc.set_quiet_hours(ben, timezone="Europe/Berlin", quiet="22-8")
        await svc.remember_language(ben, "fr")
        await svc.create(1, 2, "tiny", anna, "Anna")
        await svc.join(1, ben, "Ben")
        update = await svc.start(1, anna, seed=5)
        assert update.readers == {anna: Reader("en", "mention", False), ben: Reader("fr", "dm", True)}
        update = await svc.act(1, anna, (await svc.legal(1, anna))[0][0])
        assert update.readers[ben] == Reader("fr", "dm", True) and update.reader(999) == Reader()
    finally:
        await svc.close()


async def test_the_update_carries_what_each_player_whose_turn_begins_missed(tmp_path: Path) -> None:
    """``Update.since``: a digest for each human awaited now and not before the change; none for who still waits."""
    svc = await TableService.open(str(tmp_path / "k.sqlite3"), games=TEST_GAMES, clock=FakeClock())
    try:
        anna, ben = 11, 12
        await svc.create(1, 2, "tiny", anna, "Anna")
        await svc.join(1, ben, "Ben")
        update = await svc.start(1, anna, seed=5)
        assert set(update.since) == set(update.awaited) == {anna, ben}  # the bids: both turns begin
        update = await svc.act(1, anna, (await svc.legal(1, anna))[0][0])
        assert update.since == {}  # Ben was already awaited; Anna is not any more
        begun = 0
        while update.table.status == "active" and begun < 3:
            before = set(update.awaited)
            user = update.awaited[0]
            update = await svc.act(1, user, (await svc.legal(1, user))[0][0])
            new = set(update.awaited) - before  # whose turn begins with this move
            assert set(update.since) == new, (before, update.awaited)
            for mover in new:  # the same digest ``/game since`` gives
                begun += 1
                assert update.since[mover] == await svc.since_last_move(1, mover, upto=update.version)
        assert begun
    finally:
        await svc.close()


async def test_since_from_the_logs_tail_is_the_digest_from_the_whole_log(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The Update reads only the log's tail for "since your last move" when it holds the player's own latest move,
    else the whole log: either way the same digest ``/game since`` gives."""
    from bot.table import audience

    monkeypatch.setattr(audience, "SINCE_TAIL", 3)  # a tail shorter than a round: both paths are taken
    svc = await TableService.open(str(tmp_path / "k.sqlite3"), games=TEST_GAMES, clock=FakeClock())
    try:
        for user, name in ((11, "Anna"), (12, "Ben"), (13, "Cy")):
            await (svc.create(1, 2, "tiny", user, name) if user == 11 else svc.join(1, user, name))
        update = await svc.start(1, 11, seed=5)
        digests = 0
        while update.table.status == "active":
            for user, digest in update.since.items():
                digests += 1
                assert digest == await svc.since_last_move(1, user, upto=update.version)
            user = update.awaited[0]
            update = await svc.act(1, user, (await svc.legal(1, user))[0][0])
        assert digests > 5
    finally:
        await svc.close()
