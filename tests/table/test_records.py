"""The end of a game through the service: the log as entries, a player's open games with their clocks, the record
of a finished game, the rematch, and ``kontor verify`` accepting a real record and rejecting tampered ones."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from bot.table import TableError, TableService
from bot.tools import cli
from bot.tools.verify import verify_file, verify_record
from rules.core import seed_digest
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock
from tests.table.test_service import ANNA, BEN, CARL, CH, lobby, play_to_end


async def finished_game(svc: TableService, channel: int = CH) -> int:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), bots=1, channel=channel)
    update = await play_to_end(svc, await svc.start(channel, ANNA, seed=4242), channel)
    assert update.table.status == "finished"
    return update.table.game_id


# ---- the log -------------------------------------------------------------------------------------
async def test_log_entries_carry_time_kind_seat_and_lines(svc: TableService, clock: FakeClock) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), bots=1, settings={"deadline_hours": 4, "remind_hours": 3})
    update = await svc.start(CH, ANNA, seed=7)
    # The reminder, then the banks run out (each is asked about), then nobody answered: the caretaker bids for both.
    for hours in (1.5, 2.5, 4):
        clock.advance(hours)
        await svc.due()
    entries = await svc.log_entries(CH)
    assert [e.kind for e in entries][:4] == ["note"] * 4  # opened, two took seats, the start
    assert entries[0].lines == ("Anna opened a table for Tiny Auction.",) and entries[0].seat is None
    caretaker = [e for e in entries if e.kind == "caretaker"]
    assert {e.seat for e in caretaker} == {update.table.seat_of(ANNA), update.table.seat_of(BEN)}
    assert all(e.at == clock.now for e in caretaker) and not any(e.undone for e in entries)
    flat = [line for e in entries for line in e.lines]
    assert flat == await svc.log(CH, limit=1000)  # the plain lines stay what svc.log gives


# ---- my games ------------------------------------------------------------------------------------
async def test_game_list_has_every_open_game_own_moves_first_with_deadlines(svc: TableService,
                                                                            clock: FakeClock) -> None:
    await lobby(svc, (BEN, "Ben"), (ANNA, "Anna"), channel=CH)  # a lobby
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), channel=CH + 1, settings={"pace": "fast"})
    started = await svc.start(CH + 1, ANNA, seed=3)  # both bid: Anna's move, her bank runs out in 12 h
    await lobby(svc, (ANNA, "Anna"), (CARL, "Carl"), channel=CH + 2, settings={"pace": "untimed"})
    waiting = await svc.start(CH + 2, ANNA, seed=5)
    legal = await svc.legal(CH + 2, ANNA)
    await svc.act(CH + 2, ANNA, legal[0][0], waiting.version)  # Anna has bid there: Carl's move
    games = await svc.game_list(ANNA)
    assert [g.table.channel for g in games] == [CH + 1, CH + 2, CH]
    assert [g.yours for g in games] == [True, False, False]
    assert games[0].due_at == clock.now + 12 * 3600 and games[0].table.game_id == started.table.game_id
    assert games[1].due_at is None and games[2].table.status == "lobby"
    assert await svc.game_list(9999) == []


# ---- the record ----------------------------------------------------------------------------------
async def test_the_record_of_a_finished_game_and_refusals(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    started = await svc.start(CH, ANNA, seed=11)
    with pytest.raises(TableError, match="still running: its seed stays secret"):
        await svc.record(started.table.game_id)
    update = await play_to_end(svc, started)
    record = await svc.record(update.table.game_id)
    assert record["format"] == "kontor-record" and record["game"] == "tiny" and record["seed"] == 11
    assert record["seed_digest"] == seed_digest(11) == started.table.seed_digest  # the digest published at start
    assert sorted(s["name"] for s in record["seats"]) == ["Anna", "Ben"]
    assert all(set(s) == {"seat", "name", "bot"} for s in record["seats"])  # names only, no user ids
    assert record["outcome"] == update.table.outcome.to_dict()
    moves = [e for e in record["log"] if e["kind"] != "note"]
    assert moves and all(e["action"] and e["seat"] is not None for e in moves)
    json.dumps(record)  # JSON-ready as it is

    await svc.create(CH + 1, None, "tiny", ANNA, "Anna")
    lobby_id = (await svc.table(CH + 1)).game_id
    with pytest.raises(TableError, match="has not started"):
        await svc.record(lobby_id)
    await svc.leave(CH + 1, ANNA)  # closes the lobby: abandoned, never started
    with pytest.raises(TableError, match="closed before it started"):
        await svc.record(lobby_id)


# ---- rematch -------------------------------------------------------------------------------------
async def test_rematch_seats_the_same_players_and_starts_when_all_are_back(svc: TableService) -> None:
    game_id = await finished_game(svc)
    old = await svc.table_of_game(game_id)
    with pytest.raises(TableError, match="Only the players"):
        await svc.rematch(game_id, CARL, "Carl")
    update = await svc.rematch(game_id, BEN, "Ben")
    t = update.table
    assert t.status == "lobby" and t.game_id != game_id and t.channel == CH and t.creator == BEN
    assert [s.name for s in t.seats] == ["Ben", "Bot Bruno"] and t.options == old.options
    assert t.settings == old.settings
    with pytest.raises(TableError, match="already has an open game"):
        await svc.rematch(game_id, ANNA, "Anna")
    with pytest.raises(TableError, match="Only the players"):
        await svc.rematch_join(game_id, t.game_id, CARL, "Carl")
    started = await svc.rematch_join(game_id, t.game_id, ANNA, "Anna")  # the last seat: it begins
    assert started.table.status == "active" and started.table.game_id == t.game_id
    assert sorted(started.table.names) == sorted(old.names)
    with pytest.raises(TableError, match="already started"):
        await svc.rematch_join(game_id, t.game_id, ANNA, "Anna")


async def test_rematch_refuses_a_running_or_abandoned_game(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    running = await svc.start(CH, ANNA, seed=1)
    with pytest.raises(TableError, match="Only a finished game"):
        await svc.rematch(running.table.game_id, ANNA, "Anna")
    await svc.abandon(CH, ANNA)
    with pytest.raises(TableError, match="abandoned, not finished"):
        await svc.rematch(running.table.game_id, ANNA, "Anna")


# ---- kontor verify -------------------------------------------------------------------------------
@pytest.fixture
async def record(svc: TableService) -> dict[str, Any]:
    return json.loads(json.dumps(await svc.record(await finished_game(svc))))


def check(data: Any) -> tuple[int, str]:
    out = io.StringIO()
    path = Path(str(id(data)) + ".json")
    try:
        path.write_text(json.dumps(data))
        code = verify_file(str(path), out, games=TEST_GAMES)
    finally:
        path.unlink()
    return code, out.getvalue()


async def test_verify_accepts_a_real_record(record: dict[str, Any], tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    code, text = check(record)
    assert code == 0 and text.rstrip().endswith("VALID: the record replays from its seed to its outcome."), text
    assert "FAIL" not in text


async def test_verify_rejects_a_tampered_seed_action_or_outcome(record: dict[str, Any], tmp_path: Path,
                                                                monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    seed = copy.deepcopy(record)
    seed["seed"] += 1
    code, text = check(seed)
    assert code == 1 and "does not hash to the digest published at the start" in text

    action = copy.deepcopy(record)  # one draw becomes a pass: legal, but not what was played
    entry = next(e for e in action["log"] if e["action"] == "draw")
    entry["action"] = "pass"
    code, text = check(action)
    assert code == 1 and "INVALID" in text
    assert "final state" in text or "may not play" in text or "recorded outcome" in text

    outcome = copy.deepcopy(record)
    outcome["outcome"]["scores"][0] += 5
    code, text = check(outcome)
    recorded, replayed = outcome["outcome"]["scores"][0], record["outcome"]["scores"][0]
    assert code == 1, text  # and it says which value differs, and how
    assert f"the outcome's scores, seat 1: the record says {recorded}, the replay gives {replayed}" in text
    assert text.count("FAIL") == 1

    assert verify_record(record, TEST_GAMES).ok  # the original still passes


async def test_verify_says_what_it_cannot_read(tmp_path: Path, record: dict[str, Any]) -> None:
    out = io.StringIO()
    assert verify_file(str(tmp_path / "missing.json"), out, games=TEST_GAMES) == 2
    (tmp_path / "bad.json").write_text("{not json")
    assert verify_file(str(tmp_path / "bad.json"), out, games=TEST_GAMES) == 2
    (tmp_path / "other.json").write_text(json.dumps({"format": "something else"}))
    assert verify_file(str(tmp_path / "other.json"), out, games=TEST_GAMES) == 2
    (tmp_path / "unknown.json").write_text(json.dumps({**record, "game": "chess"}))
    assert verify_file(str(tmp_path / "unknown.json"), out, games=TEST_GAMES) == 2
    assert "not JSON" in out.getvalue() and "this build has no game 'chess'" in out.getvalue()


async def test_kontor_verify_on_a_real_games_record(tmp_path: Path, capsys: Any) -> None:
    """The command line over rules.GAMES: an all-bot Speicherstadt game played through the service."""
    async with await TableService.open(str(tmp_path / "k.sqlite3")) as svc:
        await svc.create(CH, None, "speicherstadt", ANNA, "Anna", settings={"pace": "untimed"})
        await svc.add_bot(CH, ANNA)
        await svc.replace(CH, 0, None, None, by_user=ANNA)  # the host's seat to a bot too: the bots play it out
        update = await svc.start(CH, ANNA, seed=2024)
        assert update.table.status == "finished"
        data = await svc.record(update.table.game_id)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    assert cli.main(["verify", str(path)]) == 0
    assert "VALID" in capsys.readouterr().out
    data["log"][-3]["action"] = "nonsense"
    path.write_text(json.dumps(data))
    assert cli.main(["verify", str(path)]) == 1
    assert "INVALID" in capsys.readouterr().out
    path.write_text("[]")
    assert cli.main(["verify", str(path)]) == 2
