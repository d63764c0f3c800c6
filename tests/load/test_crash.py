"""Crash safety: SIGKILL (or SIGTERM) a process playing many tables with bot seats at random moments, restart
it, and prove that every acknowledged action survived, no game is corrupted, no game is stuck, and every game
resumes and replays.

The child (``tests/load/crash_child.py``) writes each acknowledged ``(channel, version)`` to a side file
after ``act()`` returns; its tables seat one or two humans and bots, so a kill often lands in a bot chain.
After every stop: the file passes SQLite's integrity check; every acknowledged version is in its game's log;
every game's log, replayed from its seed with the invariants checked after each action, ends in its stored
snapshot; a SIGTERM ends the child cleanly (exit 0). Then a restart (``--wake``) must leave every game
awaiting a human or over. At the end one more child plays every game to its end.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rules
from bot.tools.soak import checks_for, replay_checked

ROOT = Path(__file__).resolve().parents[2]
PATIENCE_S = 120.0  # a generous limit for a child to make progress; not a performance assertion


def _child(db: Path, acks: Path, tables: int, seed: int, *flags: str) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "tests.load.crash_child", str(db), str(acks), "--tables", str(tables),
           "--seed", str(seed), *flags]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _acks(path: Path) -> list[tuple[int, int]]:
    if not path.exists():
        return []
    lines = path.read_text().splitlines()
    return [(int(c), int(v)) for c, v in (line.split() for line in lines if line.count(" ") == 1)]


def _kill_after(proc: subprocess.Popen[bytes], acks: Path, new_acks: int, sig: int = signal.SIGKILL) -> None:
    """Signal the child once it has acknowledged ``new_acks`` more actions (mid-flight of its other tables).
    SIGKILL: it dies at once; SIGTERM: it must shut down cleanly (exit 0) within the patience."""
    start = len(_acks(acks))
    deadline = time.monotonic() + PATIENCE_S
    while len(_acks(acks)) < start + new_acks:
        if proc.poll() is not None:
            pytest.fail(f"the child died by itself: {proc.stderr.read().decode()[-2000:] if proc.stderr else ''}")
        assert time.monotonic() < deadline, "the child made no progress"
        time.sleep(0.005)
    proc.send_signal(sig)
    code = proc.wait(timeout=PATIENCE_S)
    if sig == signal.SIGTERM:
        err = proc.stderr.read().decode() if proc.stderr else ""
        assert code == 0, f"SIGTERM did not end the child cleanly ({code}): {err[-2000:]}"


def stuck_games(db: Path) -> list[tuple[int, str]]:
    """(game id, game) of every running game whose awaited seats are all bots: nothing would ever wake it."""
    con = sqlite3.connect(db)
    try:
        stuck = []
        for gid, name, snapshot in con.execute("SELECT id, game, snapshot FROM games WHERE status = 'active'"):
            bots = {s for (s,) in con.execute("SELECT seat FROM seats WHERE game_id = ? AND user_id IS NULL", (gid,))}
            awaited = rules.get_game(name).load(snapshot).to_act()
            if awaited and all(s in bots for s in awaited):
                stuck.append((gid, name))
        return stuck
    finally:
        con.close()


def restart(db: Path, acks: Path) -> None:
    """Start and stop the service as any restart does (its first tick wakes bots left waiting)."""
    proc = _child(db, acks, 0, 0, "--wake")
    _, err = proc.communicate(timeout=PATIENCE_S)
    assert proc.returncode == 0, err.decode()[-2000:]


def verify(db: Path, acked: list[tuple[int, int]]) -> dict[str, int]:
    """Every check after a crash; returns counts of what was verified."""
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        games = con.execute("SELECT id, channel_id, game, status, seed, options, version, snapshot FROM games"
                            " WHERE status IN ('active', 'finished')").fetchall()
        by_channel: dict[int, tuple[int, int]] = {}
        replayed = 0
        for gid, channel, name, status, seed, options, version, snapshot in games:
            game = rules.get_game(name)
            seats = con.execute("SELECT COUNT(*) FROM seats WHERE game_id = ?", (gid,)).fetchone()[0]
            log = con.execute("SELECT version, seat, action FROM actions WHERE game_id = ? ORDER BY id",
                              (gid,)).fetchall()
            moves = [(seat, action) for _v, seat, action in log if action is not None]
            versions = [v for v, _s, a in log if a is not None]
            assert versions == sorted(set(versions)), f"game {gid}: a version was logged twice or out of order"
            assert max(v for v, _s, _a in log) == version, f"game {gid}: the log and the stored version disagree"
            state = replay_checked(game, seats, seed, json.loads(options), moves, checks_for(name).invariants)
            assert state.dump() == snapshot, f"game {gid} ({name}): the log does not replay to the snapshot"
            assert state.is_over() == (status == "finished")
            by_channel[channel] = (gid, version)
            replayed += 1
        logged = {(channel, v) for channel, (gid, _) in by_channel.items()
                  for (v,) in con.execute("SELECT version FROM actions WHERE game_id = ? AND action IS NOT NULL",
                                          (gid,))}
        lost = [a for a in acked if a not in logged]
        assert not lost, f"{len(lost)} acknowledged actions are missing after the crash, e.g. {lost[:5]}"
        return {"games": replayed, "acks": len(acked)}
    finally:
        con.close()


def crash_loop(tmp_path: Path, kills: int, tables: int, seed: int) -> dict[str, int]:
    """``kills`` stops, alternating SIGKILL and SIGTERM; returns what was verified, and ``stuck``: how many games
    a stop left waiting on their bots before the restart woke them (the suite must meet that case to mean much)."""
    db, acks = tmp_path / "crash.sqlite3", tmp_path / "acks.txt"
    rnd = random.Random(seed)
    stuck = 0
    for round_ in range(kills):
        sig = signal.SIGKILL if round_ % 2 == 0 else signal.SIGTERM
        _kill_after(_child(db, acks, tables, seed * 1000 + round_), acks, rnd.randint(1, 40), sig)
        verify(db, _acks(acks))
        stuck += len(stuck_games(db))
        restart(db, acks)
        assert stuck_games(db) == [], "a game still waits on its bots after a restart"
        verify(db, _acks(acks))
    finisher = _child(db, acks, tables, seed + 999, "--finish")
    _, err = finisher.communicate(timeout=PATIENCE_S * 5)
    assert finisher.returncode == 0, err.decode()[-2000:]
    counts = verify(db, _acks(acks))
    con = sqlite3.connect(db)
    open_games = con.execute("SELECT COUNT(*) FROM games WHERE status = 'active'").fetchone()[0]
    con.close()
    assert open_games == 0, "a game did not resume to its end"
    return {**counts, "stuck": stuck}


def test_acknowledged_actions_survive_sigkill_and_sigterm_and_no_game_is_stuck(tmp_path: Path) -> None:
    counts = crash_loop(tmp_path, kills=4, tables=4, seed=11)
    assert counts["acks"] > 0 and counts["games"] >= 4


@pytest.mark.slow
def test_acknowledged_actions_survive_many_sigkills(tmp_path: Path) -> None:
    kills = int(os.environ.get("KONTOR_CRASH_KILLS", "40"))
    counts = crash_loop(tmp_path, kills=kills, tables=24, seed=23)
    assert counts["acks"] > kills
    assert counts["stuck"] > 0, "no stop ever landed in a bot chain: the restart's wake was never exercised"


def test_the_verifier_notices_a_lost_acknowledgement(tmp_path: Path) -> None:
    """The checks above are live: an acknowledged version that is not in the log is reported."""
    db, acks = tmp_path / "crash.sqlite3", tmp_path / "acks.txt"
    _kill_after(_child(db, acks, 2, 5), acks, 3)
    acked = _acks(acks)
    verify(db, acked)
    channel, version = acked[-1]
    with pytest.raises(AssertionError, match="acknowledged actions are missing"):
        verify(db, [*acked, (channel, version + 1000)])
