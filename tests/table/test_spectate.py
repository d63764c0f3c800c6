"""``Spectators`` (bot/table/spectate.py): what a spectator sees of a game by its number. A secret step (no public
line) moves the table's version but neither the spectator's key nor the step-through; each public move's board is the
replayed public view after it; the step-through of a running game goes on between looks."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table import Spectators, TableError, TableService

CHANNEL, ANA = 31, 100


async def _secret_step(svc: TableService, spectators: Spectators, game_id: int) -> bool:
    """Ana plays actions until one logs no public line (a secret step); whether one did."""
    for _ in range(40):
        legal = await svc.legal(CHANNEL, ANA)
        if not legal:
            return False
        lines = len(await svc.log_entries(CHANNEL))
        before = await spectators.now(game_id)
        update = await svc.act(CHANNEL, ANA, legal[0][0])
        if len(await svc.log_entries(CHANNEL)) == lines and not update.public_events:
            after = await spectators.now(game_id)
            assert after.table.version > before.table.version
            assert after.key == before.key, "a secret step changed what a spectator is told"
            assert after.recent == before.recent and after.moves == before.moves
            return True
    return False


async def test_a_secret_step_is_neither_shown_nor_announced(tmp_path: Path) -> None:
    path = str(tmp_path / "k.sqlite3")
    svc = await TableService.open(path)
    spectators = await Spectators.open(path)
    try:
        await svc.create(CHANNEL, 1, "strasbourg", ANA, "Ana")
        await svc.add_bot(CHANNEL, ANA)
        await svc.add_bot(CHANNEL, ANA)
        await svc.start(CHANNEL, ANA, seed=11)
        game_id = (await svc.table(CHANNEL)).game_id
        assert await _secret_step(svc, spectators, game_id), "Ana never made a secret step"
        table, steps = await spectators.steps(game_id)
        assert table.seed is None and steps[0].number == 0
        assert [s.number for s in steps] == list(range(len(steps)))
        assert len(steps) - 1 == (await spectators.now(game_id)).moves
        public = [e for e in await svc.log_entries(CHANNEL) if e.kind != "note" and not e.undone]
        assert [s.lines[:len(e.lines)] for s, e in zip(steps[1:], public, strict=True)] == [e.lines for e in public]
        # each board is the public view replayed to that move: the last one is today's when the last row is public
        views = []
        await svc.replay(game_id, on_step=lambda state, seat, action: views.append(state.view(None)))
        assert all(step.view in views for step in steps[1:])
        assert all(step.view.get("viewer") is None for step in steps)
        # the next look goes on from there, and says the same as a fresh reader
        await svc.act(CHANNEL, ANA, (await svc.legal(CHANNEL, ANA))[0][0])
        _table, more = await spectators.steps(game_id)
        fresh = await Spectators.open(path)
        try:
            assert [(s.lines, s.view) for s in (await fresh.steps(game_id))[1]] == [(s.lines, s.view) for s in more]
        finally:
            await fresh.close()
        with pytest.raises(TableError):
            await spectators.now(game_id + 1000)
    finally:
        await spectators.close()
        await svc.close()
