"""Bot levels: a strong bot seat (the search, in a worker process), the caretaker at the strong level, the terminal's
``bot:strong`` seats and ``kontor arena``."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from bot.table import TableError, TableService, describe_settings
from bot.table.search_pool import SearchPool
from bot.terminal import table as terminal
from bot.terminal.seats import bot_levels, parse_seats
from bot.tools import arena
from tests.table.conftest import FakeClock

HANG_GUARD_S = 120.0  # not a measurement: how long a stuck arena or worker may take before the test calls it a hang

CH, GUILD, ANNA = 2001, 77, 11


class SpyPool(SearchPool):
    """A search pool that searches in a thread with a tiny budget and remembers every call."""

    def __init__(self) -> None:
        super().__init__(budget=2, inline=True)
        self.calls: list[tuple[str, int, int]] = []

    async def choose(self, game_name: str, snapshot: str, seat: int, seed: int, ply: int) -> str:
        self.calls.append((game_name, seat, ply))
        return await super().choose(game_name, snapshot, seat, seed, ply)


async def test_a_strong_bot_seat_is_kept_and_plays_through_the_search(tmp_path: Path) -> None:
    spy = SpyPool()
    svc = await TableService.open(str(tmp_path / "k.sqlite3"), search=spy, clock=FakeClock())
    try:
        await svc.create(CH, GUILD, "speicherstadt", ANNA, "Anna")
        update = await svc.add_bot(CH, ANNA, "strong")
        assert "(a strong bot) took a seat" in update.public_events[-1]
        await svc.add_bot(CH, ANNA)  # basic by default
        with pytest.raises(TableError, match="Unknown bot level"):
            await svc.add_bot(CH, ANNA, "grandmaster")
        update = await svc.start(CH, ANNA, seed=4)
        levels = {s.name: s.level for s in update.table.seats if s.is_bot}
        assert sorted(levels.values()) == ["basic", "strong"]  # the shuffle at the start keeps each bot's level
        strong = next(s.seat for s in update.table.seats if s.level == "strong")
        for _ in range(60):  # Anna plays; the bots answer (the strong one through the search)
            if update.table.status != "active":
                break
            legal = await svc.legal(CH, ANNA)
            update = await svc.act(CH, ANNA, legal[0][0])
        assert spy.calls and {seat for _game, seat, _ply in spy.calls} == {strong}
    finally:
        await svc.close()


async def test_the_caretaker_plays_at_the_strong_level_when_the_table_says_so(tmp_path: Path) -> None:
    spy = SpyPool()
    svc = await TableService.open(str(tmp_path / "k.sqlite3"), search=spy, clock=FakeClock())
    try:
        await svc.create(CH, GUILD, "speicherstadt", ANNA, "Anna", settings={"caretaker": "strong"})
        settings = (await svc.table(CH)).settings
        assert settings["caretaker"] == "strong" and "plays as a strong bot" in describe_settings(settings)
        await svc.add_bot(CH, ANNA)
        await svc.add_bot(CH, ANNA)
        update = await svc.start(CH, ANNA, seed=4)
        seat = update.table.seat_of(ANNA)
        row = await svc.store.open_game(CH)
        game = svc.game("speicherstadt")
        state = svc.core.state(row)
        assert state is not None and seat is not None and len(state.legal_actions(seat)) > 1
        choice = await svc.moves.caretaker_choice(row, game, state, seat)
        assert choice in state.legal_actions(seat) and spy.calls == [("speicherstadt", seat, state.ply)]
    finally:
        await svc.close()


async def test_the_search_runs_in_another_process() -> None:
    import rules

    pool = SearchPool(budget=2)
    try:
        game = rules.GAMES["speicherstadt"]
        state = game.new_state(3, 9)
        seat = state.to_act()[0]
        choice = await pool.choose("speicherstadt", state.dump(), seat, state.seed, state.ply)
        assert choice in state.legal_actions(seat)
        assert pool._pool is not None
        workers = pool._pool._processes  # the executor's worker processes, by pid
        assert workers and os.getpid() not in workers
    finally:
        pool.close()


async def test_a_game_registered_at_run_time_is_searched_here_not_lost() -> None:
    """A fresh worker knows only the shipped games: a game registered at run time in this process (a plugin, the
    test games) is searched in a thread here instead of failing the strong bot."""
    import rules
    from tests.support.games import NIM, plugins_registered

    pool = SearchPool(workers=1, budget=2)
    try:
        with plugins_registered():
            state = rules.GAMES[NIM].new_state(2, 4)
            seat = state.to_act()[0]
            for _ in range(2):  # the second time straight here, without asking the worker again
                choice = await pool.choose(NIM, state.dump(), seat, state.seed, state.ply)
                assert choice in state.legal_actions(seat)
        assert pool._here == {NIM}
    finally:
        pool.close()


async def test_the_worker_pool_searches_with_each_game_s_own_budget_unless_the_host_sets_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import rules
    from rules import search

    budgets: list[int] = []
    monkeypatch.setattr(search, "choose", lambda game, state, seat, rng, budget: budgets.append(budget) or "x")
    monkeypatch.delenv("KONTOR_SEARCH_BUDGET", raising=False)
    assert SearchPool(inline=True).budget is None
    for name in ("colonia", "strasbourg"):
        state = rules.GAMES[name].new_state(3, 5)
        await SearchPool(inline=True).choose(name, state.dump(), state.to_act()[0], 5, state.ply)
    assert budgets == [96, search.DEFAULT_BUDGET]  # Colonia's own; Strasbourg has none
    monkeypatch.setenv("KONTOR_SEARCH_BUDGET", "7")
    assert SearchPool(inline=True).budget == 7


def test_terminal_seats_name_bot_levels() -> None:
    assert parse_seats("me,bot:strong,bot", me="Ada") == ["Ada", None, None]
    assert bot_levels("me, bot:Strong ,bot,Anna") == ["strong", "basic"]
    with pytest.raises(ValueError, match="Unknown bot level 'genius'"):
        bot_levels("me,bot:genius")


async def test_the_terminal_refuses_an_unknown_level_and_seats_a_strong_bot(tmp_path: Path) -> None:
    import argparse

    def args(seats: str) -> argparse.Namespace:
        return argparse.Namespace(game="speicherstadt", seats=seats, name="Ada", db=str(tmp_path / "t.sqlite3"),
                                  seed=3, new=False)

    out = io.StringIO()
    assert await terminal.play(args("me,bot:genius,bot"), io.StringIO("q\n"), out) == 2
    assert "Unknown bot level 'genius'" in out.getvalue()
    out = io.StringIO()
    os.environ["KONTOR_SEARCH_BUDGET"] = "2"
    try:
        assert await terminal.play(args("me,bot:strong,bot"), io.StringIO("q\n"), out) == 0
    finally:
        del os.environ["KONTOR_SEARCH_BUDGET"]
    svc = await TableService.open(str(tmp_path / "t.sqlite3"))
    try:
        table = await svc.table(terminal.channel_for("speicherstadt"))
        assert sorted(s.level for s in table.seats if s.is_bot) == ["basic", "strong"]
    finally:
        await svc.close()


def test_the_arena_rotates_seats_and_ends_with_the_summary_line(capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    real, returned = arena.arena, []

    def recording(*args, **kwargs):  # type: ignore[no-untyped-def]  # the totals the summary was printed from
        returned.append(real(*args, **kwargs))
        return returned[-1]

    monkeypatch.setattr(arena, "arena", recording)
    ns = argparse.Namespace(game="speicherstadt", bots="strong,basic,basic", games=3, seed=1, budget=2, jobs=1,
                            record=None)
    assert arena.arena_main(ns) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("strong: win share ") and lines[-1].endswith("(fair 33.3%) over 3 games")
    assert any(line.strip().startswith("basic: win share") and "fair 66.7%" in line for line in lines)
    (totals,) = returned
    assert totals["strong"].seats == 3 and totals["basic"].seats == 6  # one strong seat per game, rotated
    assert abs(totals["strong"].wins + totals["basic"].wins - 3) < 1e-9
    ns.bots = "strong,wizard,basic"
    assert arena.arena_main(ns) == 2 and "Unknown bot level wizard" in capsys.readouterr().out


def test_an_arena_record_resumes_where_it_stopped_and_refuses_other_code(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []
    real = arena.play_game

    def counting(game_name, kinds, seed, budget):  # type: ignore[no-untyped-def]
        played.append(seed)
        return real(game_name, kinds, seed, budget)

    monkeypatch.setattr(arena, "play_game", counting)
    record = tmp_path / "speicherstadt.jsonl"
    kinds = ["basic", "basic", "basic"]  # the record does not care who plays: quick games
    first = arena.arena("speicherstadt", kinds, 2, 1, budget=2, record=record)
    assert played == [1, 2] and len(record.read_text().splitlines()) == 2
    whole = arena.arena("speicherstadt", kinds, 3, 1, budget=2, record=record)
    assert played == [1, 2, 3]  # the first two were read from the record
    monkeypatch.setattr(arena, "play_game", real)
    fresh = arena.arena("speicherstadt", kinds, 3, 1, budget=2)
    assert (whole["basic"].wins, whole["basic"].scores, whole["basic"].seats) == (
        fresh["basic"].wins, fresh["basic"].scores, fresh["basic"].seats)
    assert first["basic"].seats == 6 and whole["basic"].seats == 9
    lines = record.read_text().replace(arena.fingerprint("speicherstadt"), "0123456789abcdef")
    record.write_text(lines)
    with pytest.raises(ValueError, match="code 0123456789abcdef"):
        arena.arena("speicherstadt", kinds, 3, 1, budget=2, record=record)
    with pytest.raises(ValueError, match="budget 2"):
        arena.arena("speicherstadt", kinds, 3, 1, budget=3, record=record)
    colonia = tmp_path / "colonia.jsonl"  # no budget given: the game's own, recorded as its number
    arena.arena("colonia", kinds, 1, 1, record=colonia)
    assert '"budget": 96' in colonia.read_text()


def _stat(pid: int) -> list[str]:
    """The fields of Linux's /proc/PID/stat after the command name (state, parent, …); none once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return []


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    return {int(e.name) for e in Path("/proc").iterdir() if e.name.isdigit() and _stat(int(e.name))[1:2] == [str(pid)]}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from Linux's /proc")
@pytest.mark.parametrize("command", [
    # Strong bots in every seat at their own budget: each game runs far longer than this test waits.
    ["bot.tools.cli", "arena", "colonia", "--bots", "strong,strong,strong", "--record", "{dir}/r.jsonl"],
    # The bench's bots section: a strong Colonia game is ~45 s of CPU.
    ["bench.bots", "--game", "colonia", "--record-dir", "{dir}"],
], ids=["kontor arena", "bench.bots"])
def test_a_terminated_arena_takes_its_game_processes_with_it(tmp_path: Path, command: list[str]) -> None:
    import signal
    import subprocess
    import sys
    import time

    args = [part.format(dir=tmp_path) for part in command] + ["--games", "4", "--jobs", "2"]
    proc = subprocess.Popen([sys.executable, "-m", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + HANG_GUARD_S
    while len(_children(proc.pid)) < 2 and time.monotonic() < deadline:  # two workers (and a resource tracker)
        time.sleep(0.2)
    workers = _children(proc.pid)
    assert len(workers) >= 2 and proc.poll() is None
    # The workers are into their games: two of them have spent 2 s of CPU (their start is well under one; a game is
    # far longer), whatever the wall clock on a busy machine says.
    while sum(_cpu_seconds(pid) >= 2 for pid in workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert sum(_cpu_seconds(pid) >= 2 for pid in workers) >= 2 and proc.poll() is None
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=HANG_GUARD_S)
    deadline = time.monotonic() + HANG_GUARD_S
    while [pid for pid in workers if _state(pid) != "Z"] and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [pid for pid in workers if _state(pid) != "Z"]
    for pid in left:  # do not leave them playing on
        os.kill(pid, signal.SIGKILL)
    assert not left and proc.returncode == 128 + signal.SIGTERM
    assert not any(f.read_text() for f in tmp_path.glob("*.jsonl"))  # no game recorded, none half-written


def _cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user and system; 0 once it is gone)."""
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") if fields else 0.0


def _state(pid: int) -> str:
    """A process's state letter; a process gone counts as ended ("Z", as an unreaped one)."""
    return (_stat(pid) or ["Z"])[0]
