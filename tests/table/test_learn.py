"""Learning at the table (docs/learning.md): the strong bot's hints when a player asks, refused in one sentence where
they are not given, marked in the game's record and end report; the review after a finished game, computed once by a
background job bounded in decisions, stored, "being prepared" while it runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.config import Config
from bot.lang import speaking
from bot.table import TableError, TableService, Update, hint_lines, hints_note, review_lines
from bot.table.learn import picking, reviews
from bot.table.learn.work import Judged
from bot.table.search_pool import SearchPool
from rules.core import Rng
from tests.support.games import NIM
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock

CH, GUILD = 3001, 77
ANNA, BEN = 11, 12

pytestmark = pytest.mark.usefixtures("plugin_games")


async def open_svc(tmp_path: Path, **options: Any) -> TableService:
    return await TableService.open(str(tmp_path / "k.sqlite3"), search=SearchPool(inline=True, budget=4),
                                   clock=FakeClock(), **options)


async def nim_table(svc: TableService, *, bot: bool, **settings: Any) -> Update:
    """Secret Nim: Anna against a bot (not rated) or against Ben (rated unless the settings say otherwise)."""
    await svc.create(CH, GUILD, NIM, ANNA, "Anna", settings={"pace": "untimed", **settings})
    if bot:
        await svc.add_bot(CH, ANNA)
    else:
        await svc.join(CH, BEN, "Ben")
    return await svc.start(CH, ANNA, seed=5)


async def play_out(svc: TableService, pick: int = 1) -> Update:
    """Every human picks the ``pick``-th option (or the last) until the game ends."""
    update = None
    while (table := await svc.table(CH)).status == "active":
        user = table.awaited[0]
        legal = await svc.legal(CH, user)
        update = await svc.act(CH, user, legal[min(pick, len(legal) - 1)][0])
    assert update is not None
    return update


async def test_a_hint_gives_the_two_best_options_in_words_and_marks_the_game(tmp_path: Path) -> None:
    svc = await open_svc(tmp_path)
    try:
        await nim_table(svc, bot=True)
        legal = dict(await svc.legal(CH, ANNA))
        hint = await svc.hint(CH, ANNA)
        assert len(hint.options) == 2 and all(o.action in legal and o.label == legal[o.action] for o in hint.options)
        best, second = hint.options
        assert best.rounds == second.rounds >= 3 and 0 <= best.wins <= 1 and second.ahead is None
        assert best.ahead is not None
        again = await svc.hint(CH, ANNA)  # the same decision: the same hint, not counted twice
        assert again == hint
        table = await svc.table(CH)
        assert await svc.store.hint_marks(table.game_id) == {table.seat_of(ANNA): 1}
        lines = hint_lines(hint)
        assert lines[1].startswith(f"1. {best.label} — wins ") and "against the next best" in lines[1]
        assert lines[2].startswith(f"2. {second.label} — wins ") and "next best" not in lines[2]
        with speaking("fr"):
            assert "avenirs tirés au hasard" in hint_lines(hint)[0]
        update = await play_out(svc)
        record = await svc.record(table.game_id)
        mine = next(s for s in record["seats"] if s["name"] == "Anna")
        assert mine["hints"] >= 1 and all("hints" not in s for s in record["seats"] if s["name"] != "Anna")
        assert update.report is not None and update.report.hints == (("Anna", mine["hints"]),)
        assert hints_note(update.report) == f"played with hints: Anna ({mine['hints']} decision" + (
            "s)" if mine["hints"] > 1 else ")")
    finally:
        await svc.close()


async def test_a_hint_is_refused_in_one_sentence_where_none_is_given(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    svc = await open_svc(tmp_path)
    try:
        await nim_table(svc, bot=False)  # two humans, rated by default
        with pytest.raises(TableError, match=r"^Hints are for unrated games only, and this game counts"):
            await svc.hint(CH, ANNA)
        with pytest.raises(TableError, match=r"^You are not playing at this table"):
            await svc.hint(CH, 99)
        await svc.abandon(CH, ANNA)
        with pytest.raises(TableError, match=r"^This game is over: a hint is for a decision in a game in progress"):
            await svc.hint(CH, ANNA)
        await nim_table(svc, bot=False, rated="off", hints="off")
        with pytest.raises(TableError, match=r"^Hints are turned off at this table \(its setting hints\)"):
            await svc.hint(CH, ANNA)
        await svc.abandon(CH, ANNA)
        await nim_table(svc, bot=False, rated="off")
        table = await svc.table(CH)
        await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0])  # Anna has picked: Ben's decision now
        with pytest.raises(TableError, match=r"^It is not your decision now"):
            await svc.hint(CH, ANNA)
        monkeypatch.setattr(svc.store, "draw_of_game", _a_tournament_table)
        with pytest.raises(TableError, match=r"^Hints are never given in a tournament game"):
            await svc.hint(CH, BEN)
        assert await svc.store.hint_marks(table.game_id) == {}  # a refusal marks nothing
    finally:
        await svc.close()


async def _a_tournament_table(game_id: int) -> tuple[int, int, int]:
    return (1, 1, 1)


async def test_a_game_the_search_cannot_sample_has_no_hints(tmp_path: Path) -> None:
    svc = await TableService.open(str(tmp_path / "k.sqlite3"), games=TEST_GAMES, clock=FakeClock())
    try:
        await svc.create(CH, GUILD, "tiny", ANNA, "Anna")
        await svc.add_bot(CH, ANNA)
        await svc.start(CH, ANNA, seed=1)
        with pytest.raises(TableError, match="has no hints: the strong bot cannot sample its hidden information"):
            await svc.hint(CH, ANNA)
    finally:
        await svc.close()


async def test_a_review_is_prepared_once_then_shows_the_costliest_decisions(tmp_path: Path) -> None:
    svc = await open_svc(tmp_path)
    evaluated: list[tuple[str, str]] = []
    real = svc.reviews.pool().run

    async def counting(game_name: str, fn: Any, *args: Any) -> Any:
        evaluated.append((args[1][:8], args[3]))
        return await real(game_name, fn, *args)

    svc.reviews.pool().run = counting  # type: ignore[method-assign]
    try:
        await nim_table(svc, bot=False, rated="off")
        with pytest.raises(TableError, match=r"^You have no finished game in this channel to review"):
            await svc.review(ANNA, CH)
        await play_out(svc, pick=2)  # both always take 3: they clash, round after round
        game_id = (await svc.table(CH)).game_id
        first = await svc.review(ANNA, CH)
        assert first.status == "preparing" and "is being prepared" in review_lines(first)[0]
        done = await svc.review(ANNA, CH, wait=True)
        assert done.status == "ready" and done.evaluated >= 1
        stored = await svc.store.reviews(game_id)
        assert set(stored) == {ANNA, BEN} and all(r.status == "done" for r in stored.values())
        assert len(evaluated) == sum(r.evaluated for r in stored.values())
        for item in done.items:
            assert item.points > 0 or item.wins_best > item.wins_chosen
            assert item.chosen != item.best and item.view["viewer"] is None  # the public board only
        lines = review_lines(done)
        assert lines[0] == f"🔎 What the strong bot would have done — Secret Nim (game #{game_id})."
        calls = len(evaluated)
        again = await svc.review(BEN, game_id=game_id)  # computed once: Ben's was done in the same job
        assert again.status == "ready" and len(evaluated) == calls
        with pytest.raises(TableError, match=r"^You did not play in game"):
            await svc.review(99, game_id=game_id)
    finally:
        await svc.close()


async def test_the_review_job_starts_by_itself_after_the_end_and_a_running_game_has_none(tmp_path: Path) -> None:
    svc = await open_svc(tmp_path)
    try:
        await nim_table(svc, bot=True)
        await play_out(svc)
        assert not svc.reviews._jobs  # by default a review waits for a player to ask
        svc.review_after_end(0.0)  # as kontor run does (with a minute's delay)
        await nim_table(svc, bot=True)
        game_id = (await svc.table(CH)).game_id
        with pytest.raises(TableError, match="is still running: its review comes once it is over"):
            await svc.review(ANNA, game_id=game_id)
        await play_out(svc)
        job = svc.reviews._jobs.get(game_id)
        assert job is not None  # nobody asked: the end started it
        await job
        stored = await svc.store.reviews(game_id)
        assert list(stored) == [ANNA] and stored[ANNA].status == "done"  # the bot has none
    finally:
        await svc.close()


async def test_a_review_stops_at_its_cpu_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each evaluation reports its CPU: once the next would pass the game's bound, the job stops and keeps what it
    has (the bound is the figures', not the clock's: no timing here)."""
    svc = await open_svc(tmp_path)
    seen: list[str] = []

    async def heavy(game_name: str, fn: Any, game: str, snapshot: str, seat: int, action: str, *rest: Any) -> Judged:
        seen.append(action)
        return Judged(action, action, 0.0, 0.0, 0.5, 0.5, 3, reviews.REVIEW_CPU_S / 2.5)

    svc.reviews.pool().run = heavy  # type: ignore[method-assign]
    try:
        await nim_table(svc, bot=False, rated="off")
        await play_out(svc, pick=2)
        done = await svc.review(ANNA, CH, wait=True)
        stored = await svc.store.reviews(done.game_id)
        assert len(seen) == 2 and sum(r.evaluated for r in stored.values()) == 2  # 2 × 40% of the bound, not 3
        assert done.items == ()  # the same move as the best: nothing lost
        assert "none lost clearly against its own choice" in review_lines(done)[1]
    finally:
        await svc.close()


def test_the_decisions_reviewed_are_spread_and_prefer_those_off_the_basic_bots_pick() -> None:
    assert picking.spread(list(range(10)), 3) == [1, 5, 8]
    assert picking.spread([1, 2], 5) == [1, 2]
    assert Config.from_env({"DISCORD_TOKEN": "t"}).reviews and Config(token="").reviews is False
    assert not Config.from_env({"DISCORD_TOKEN": "t", "KONTOR_REVIEWS": "off"}).reviews
    a = [picking.Decision(i, i, 0, ANNA, "x", "", i, i % 2 == 0) for i in range(0, 40, 2)]
    b = [picking.Decision(i, i, 1, BEN, "x", "", i, False) for i in range(1, 41, 2)]
    order = picking.interleaved({ANNA: a[:3], BEN: b[:2]})
    assert [d.user for d in order] == [ANNA, BEN, ANNA, BEN, ANNA]


def test_decisions_are_the_players_own_with_a_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Of a replayed game, only human rows of the listed players with more than one option; the players who left the
    basic bot's pick there come first, a share of the game's bound each."""
    import rules
    from bot.table.store import LogRow

    game = rules.GAMES["speicherstadt"]
    state = game.new_state(3, 4)
    rows = []
    for i in range(60):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = legal[-1] if seat == 0 else game.bot_action(state.view(seat), legal, seat, Rng(4, i))
        rows.append(LogRow(i, "player" if seat == 0 else "bot", i + 1, seat, ANNA if seat == 0 else None, action, [],
                           0.0, rules=game.rules_version))
        state.apply(seat, action)
    monkeypatch.setattr(picking, "REVIEW_DECISIONS", 3)  # fewer than the minimum per player
    found = picking.decisions(game, 3, 4, {}, rows, [ANNA])
    mine = found[ANNA]
    assert len(mine) == picking.MIN_PER_PLAYER and all(d.seat == 0 for d in mine)
    assert [d.step for d in mine] == sorted(d.step for d in mine)
    assert all(game.load(d.snapshot).legal_actions(0)[-1] == d.action for d in mine)


async def test_the_learning_rows_on_both_backends(db_target: str) -> None:
    """Migration 27's rows read back as written, on SQLite and PostgreSQL: hint marks add up per seat, a review goes
    from pending to done with its items."""
    svc = await TableService.open(db_target, search=SearchPool(inline=True, budget=4), clock=FakeClock())
    try:
        await nim_table(svc, bot=True)
        game_id = (await svc.table(CH)).game_id
        async with svc.store.transaction() as tx:
            await tx.mark_hint(game_id, 1, ANNA, 5.0)
            await tx.mark_hint(game_id, 1, ANNA, 6.0)
            await tx.start_reviews(game_id, [ANNA], 7.0)
        assert await svc.store.hint_marks(game_id) == {1: 2}
        assert (await svc.store.reviews(game_id))[ANNA].status == "pending"
        async with svc.store.transaction() as tx:
            await tx.finish_review(game_id, ANNA, "done", [{"step": 3, "action": "pick 1"}], 4, 1.5, 8.0)
        done = (await svc.store.reviews(game_id))[ANNA]
        assert (done.status, done.items, done.evaluated, done.cpu_s, done.done_at) == (
            "done", [{"step": 3, "action": "pick 1"}], 4, 1.5, 8.0)
    finally:
        await svc.close()
