"""The bench's async section (bench/asyncplay.py): one quick whole game through the service and the real
notifier, its counts consistent with each other, replayable, and taken from the bot's own messages."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bench import async_human, asyncplay
from bench.asyncplay import GameFigures, Recorder, means, play_games, rows_from

GAME = "colonia"  # simultaneous steps, forced prompts and DMs: every count is exercised


@pytest.fixture(scope="module")
def figures() -> GameFigures:
    (one,) = asyncio.run(play_games([GAME], [1]))
    return one


def test_a_quick_game_has_consistent_counts(figures: GameFigures) -> None:
    f = figures
    n = f.players
    assert f.game == GAME and n == 4
    assert len(f.prompts) == len(f.forced) == len(f.turns) == len(f.mentions) == len(f.repings) == len(f.dms) == n
    assert sum(f.prompts) >= f.waits >= 1
    assert f.waits < sum(f.prompts), "a simultaneous step counts once"
    for seat in range(n):
        assert 0 <= f.forced[seat] <= f.prompts[seat]
        assert 1 <= f.turns[seat] <= f.prompts[seat]
        assert 0 <= f.repings[seat] <= f.mentions[seat]
        assert f.dms[seat] >= 0
    assert 1 <= f.posts <= f.handovers + f.rounds  # one post per turn: the steps of a turn edit its board
    assert sum(f.mentions) >= 1 and sum(f.repings) == 0  # a turn that begins pings once, never again while awaited
    assert f.handovers >= 2 and f.rounds >= 1
    assert f.hours > 0 and f.days == pytest.approx(f.hours / 24)


async def test_the_same_seed_gives_the_same_figures(figures: GameFigures) -> None:
    (again,) = await play_games([GAME], [1])
    assert again == figures


async def test_posts_mentions_and_dms_come_from_the_notifier(figures: GameFigures,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    async def silent(self: Any, update: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr("bot.discord.notify.Notifier.publish", silent)
    (quiet,) = await play_games([GAME], [1])
    assert quiet.prompts == figures.prompts and quiet.waits == figures.waits and quiet.hours == figures.hours
    assert quiet.posts == 0 and sum(quiet.mentions) == 0 and sum(quiet.dms) == 0


def test_pings_follow_allowed_mentions() -> None:
    quiet = discord.AllowedMentions.none()
    recorder = Recorder(quiet)
    ping = discord.AllowedMentions(users=True)
    assert recorder.pinged("Your move: <@5> <@!6> <@5>", ping) == [5, 6]
    assert recorder.pinged("Your move: <@5>", None) == []  # the bot's default pings nobody
    assert recorder.pinged("<@5> <@6>", discord.AllowedMentions(users=[discord.Object(6)])) == [6]
    assert Recorder(None).pinged("<@5>", None) == [5]  # no rule at all: Discord pings
    recorder.awaited_before = frozenset({5})
    recorder.post("<@5> <@6>", ping)
    assert recorder.posts == 1 and recorder.mentions == {5: 1, 6: 1} and recorder.repings == {5: 1}


def test_rows_show_the_baseline_beside_the_figure(figures: GameFigures) -> None:
    now = means([figures])
    rows = rows_from(now, None)
    assert all(r.section == "async" and r.peer == "no baseline" for r in rows)
    base = {"games": {GAME: {**now[GAME], "days": now[GAME]["days"] * 2, "dms_per_player": 1e9}}}
    by_metric = {r.metric.split(": ", 1)[1]: r for r in rows_from(now, base)}
    days = by_metric["simulated days"]
    assert days.peer.startswith("baseline ") and days.ratio == "0.50x" and days.verdict.startswith("ok")
    assert by_metric["DMs per player"].verdict == "ok"
    assert by_metric["re-pings per player"].target == "0" and by_metric["re-pings per player"].verdict == "ok"
    noisy = {GAME: {**now[GAME], "repings_per_player": 2.0}}
    reping = {r.metric.split(": ", 1)[1]: r for r in rows_from(noisy, base)}["re-pings per player"]
    assert reping.verdict == "MISSED"
    assert "rounds" in by_metric["board posts"].target


def test_the_stored_baseline_covers_every_game() -> None:
    import rules

    data = asyncplay.load_baseline()
    assert data.get("commit") and data.get("date")
    assert set(data["games"]) == set(rules.GAMES)


def _typed_at_once(monkeypatch: pytest.MonkeyPatch, name: str, seed: int) -> tuple[GameFigures, list[tuple[str, str]]]:
    """One bench game of ``name``, with every (bot's choice, what the human sent instead) of ``at_once``."""
    seen: list[tuple[str, str]] = []
    at_once = asyncplay.at_once

    async def recording(svc: Any, channel: int, game: str, view: dict[str, Any], seat: int, choice: str,
                        rng: Any) -> str:
        typed = await at_once(svc, channel, game, view, seat, choice, rng)
        seen.append((choice, typed))
        return typed

    monkeypatch.setattr(asyncplay, "at_once", recording)
    (figures,) = asyncio.run(play_games([name], [seed]))
    return figures, seen


def test_a_human_types_at_once_what_the_bot_does_through_menus(monkeypatch: pytest.MonkeyPatch) -> None:
    # A Nürnberg game: every menu the bot opens for a build or a bank trade, and every trade draft, becomes the
    # one-step command; the game still ends, with fewer decisions than by menus (bench/README.md, "One-step").
    game, seen = _typed_at_once(monkeypatch, "nuernberg", 2)
    typed = {choice.split()[0]: t for choice, t in seen if t != choice}
    assert typed["offer"].startswith("offer 1 ") and typed["offer"].endswith(" to all")
    assert len(typed["bank"].split()) == 3 and typed["bank"].startswith("bank ")
    assert {"settle", "manufacture"} <= set(typed), typed
    assert "." in typed["settle"] and len(typed["manufacture"].split()) == 2
    # never a menu left open: no decision was an opener any more once typed at once
    assert not any(t in ("bank", "offer", "manufacture", "tower") for _c, t in seen if _c != t)
    assert sum(game.prompts) == len(seen) and game.waits <= len(seen)


def test_a_speicherstadt_human_plans_its_next_placement_and_the_plan_plays_only_if_its_column_held(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # bench/README.md, "Plan-ahead": with each placement that leaves it a worker the human plans its next one (its
    # bot's first and second choice on its own view with the placement made); the plans that held spare a prompt.
    plans: list[list[tuple[int, int]]] = []
    placements_asked = [0]
    plan_ahead = asyncplay.plan_ahead

    def recording(name: str, game: Any, view: dict[str, Any], choice: str, seat: int,
                  rng: Any) -> list[tuple[int, int]]:
        plan = plan_ahead(name, game, view, choice, seat, rng)
        if plan:
            assert view["players"][seat]["workers"] >= 2 and len(plan) == async_human.PLAN_CHOICES
            assert plan[0][0] != plan[1][0]
            placed = int(choice.split()[1])
            for col, n in plan:  # the counts are those of the view with its own placement made
                assert n == len(view["row"][col - 1]["workers"]) + (col == placed)
        plans.append(plan)
        placements_asked[0] += view.get("phase") == "demand"
        return plan

    monkeypatch.setattr(asyncplay, "plan_ahead", recording)
    (game,) = asyncio.run(play_games(["speicherstadt"], [1]))
    given = sum(game.plans)
    assert given == sum(1 for p in plans if p) > 0
    assert 0 < sum(game.plans_lapsed) < given  # some held, some were taken
    placements = 12 * game.rounds  # 4 players x 3 workers a round
    played = given - sum(game.plans_lapsed)
    assert placements_asked[0] <= placements - played, "a placement a plan played is no prompt"
    assert sum(game.buys) > 0


def test_a_strasbourg_human_types_the_bots_split_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    # bench/README.md, "One-step commands": where the bot builds its stacks step by step (add, close, ...), the
    # human types the split it would reach (`split 6 | 5 1 | 4`) and then confirms it.
    game, seen = _typed_at_once(monkeypatch, "strasbourg", 1)
    splits = [t for c, t in seen if t != c]
    assert splits and all(t.startswith("split ") for t in splits)
    assert sum(1 for _c, t in seen if t.split()[0] in async_human.SPLIT_STEPS) < len(splits)  # (unplace/restart left)
    assert sum(1 for _c, t in seen if t == "confirm") >= len(splits)  # each typed split is still confirmed
    assert game.rounds >= 5  # the game ran to its end


def test_a_strasbourg_human_plans_its_next_bid_with_each_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    # bench/README.md, "Plan-ahead orders": with each bid of A-G it is asked for, the human plans its bid in the
    # next bidding step (its bot's choice with nobody having bid yet); plans that held are no prompts.
    planned: list[tuple[str, list[str]]] = []
    bid_ahead = asyncplay.bid_ahead

    def recording(name: str, game: Any, view: dict[str, Any], choice: str, seat: int, rng: Any) -> list[str]:
        out = bid_ahead(name, game, view, choice, seat, rng)
        if out:
            planned.append((str(view["step"]), out))
        return out

    monkeypatch.setattr(asyncplay, "bid_ahead", recording)
    (game,) = asyncio.run(play_games(["strasbourg"], [1]))
    assert planned and sum(game.plans) == sum(len(o) for _s, o in planned)
    for step, out in planned:
        (order,) = out  # one step ahead
        word, letter, what = order.split()
        assert word == "bid" and letter > step and letter in "ABCDEFG"
        assert what == "pass" or all(c.isdigit() for c in what.split("+"))
    assert 0 < sum(game.plans_lapsed) < sum(game.plans)


def test_a_colonia_human_plans_its_next_loop_action_on_its_view_with_its_action_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # bench/README.md, "Colonia's loops": with each loop action it is asked for the human plans its next one (its
    # bot's first and second pick on its own view with that action made), or passes ahead; the plans that held spare
    # a prompt, the others lapse.
    from rules.colonia import plans as colonia_plans

    given: list[str] = []
    colonia_plan = asyncplay.colonia_plan

    def recording(game: Any, view: dict[str, Any], choice: str, seat: int, rng: Any) -> str | None:
        plan = colonia_plan(game, view, choice, seat, rng)
        if plan is not None:
            parsed = colonia_plans.parse(plan)
            assert plan == "pass" or parsed is not None
            if choice.startswith("order ") and parsed:  # (another order at the same craftsman is a new action)
                made = next(c for c in view["craftsmen"] if c["name"] == choice.split()[1])
                for action, count in parsed:  # the count is that of the view with its own order made
                    if action == choice:
                        assert count == len(made["orders"]) + 1
            given.append(plan)
        return plan

    monkeypatch.setattr(asyncplay, "colonia_plan", recording)
    (game,) = asyncio.run(play_games(["colonia"], [1]))
    assert sum(game.plans) > 0 and any(p != "pass" for p in given) and "pass" in given
    assert any(" or " in p for p in given)  # with a fallback
    assert 0 < sum(game.plans_lapsed) < sum(1 for p in given if p != "pass")  # some held, some were taken
