"""Each player's points after each round (bot/table/club/round_scores.py, docs/ratings.md "The report at the end"):
replayed from the seed and the log through the public view only; carried by the end report with its chart (drawn just
after the end's commit, in the table's language); and a profile's rating history with its chart."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from bot.lang import speaking
from bot.table import TableService, Update
from bot.table.club.charts import rating_charts, scores_alt
from bot.table.club.ratings import Skill
from bot.table.club.round_scores import round_scores
from rules.core import Game
from tests.support.play import by_bot, moves
from tests.support.toygame import TINY
from tests.table.podium import PODIUM
from tests.table.test_ratings import ANNA, BEN, CARL, CH, GUILD, NAMES, game

SERVICE_GAMES = {PODIUM.name: PODIUM, TINY.name: TINY}
PNG = b"\x89PNG\r\n\x1a\n"


def played(game_: Game, players: int, seed: int) -> tuple[list[tuple[int, str, int | None]], Any]:
    state = game_.new_state(num_players=players, seed=seed, options=None)
    done = [(p.seat, p.action, None) for p in moves(state, by_bot(game_, seed))]
    return done, state


@pytest.mark.parametrize("name", [n for n in rules.GAMES if rules.GAMES[n].running_score])
def test_each_round_ends_with_the_public_scores_and_the_last_is_the_final_score(name: str) -> None:
    g = rules.GAMES[name]
    done, state = played(g, 3, seed=4)
    found = round_scores(g, 3, 4, {}, done)
    assert found is not None
    assert found.rounds == tuple(range(1, len(found.rounds) + 1)) and len(found.rounds) >= 2
    assert [s[-1] for s in found.seats] == list(state.outcome().scores)
    # each earlier round's figure is the public view's score at the step that ended it
    replay = g.new_state(num_players=3, seed=4, options=None)
    at_change = {}
    for seat, action, _v in done:
        before = replay.view(None)["round"]
        replay.apply(seat, action)
        if not replay.is_over() and replay.view(None)["round"] != before:
            at_change[before] = replay.view(None)["scores"]
    assert {r: [found.seats[s][i] for s in range(3)] for i, r in enumerate(found.rounds[:-1])} == at_change


def test_a_game_that_counts_its_score_only_at_the_end_charts_no_rounds() -> None:
    colonia = rules.GAMES["colonia"]
    assert colonia.running_score is False
    done, _state = played(colonia, 3, seed=2)
    assert round_scores(colonia, 3, 2, {}, done) is None


def test_a_game_not_over_or_without_rounds_charts_nothing() -> None:
    done, _state = played(TINY, 3, seed=1)
    assert round_scores(TINY, 3, 1, {}, done) is not None
    assert round_scores(TINY, 3, 1, {}, done[:-1]) is None  # the moves do not end it
    podium = [(s, "score 5", None) for s in range(3)]
    assert round_scores(PODIUM, 3, 1, {}, podium) is None  # its view has no round


def test_only_the_public_view_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    done, _state = played(TINY, 3, seed=6)
    cls = type(TINY.new_state(num_players=3, seed=6, options=None))
    asked: set[int | None] = set()
    view = cls.view

    def spy(self: Any, seat: int | None) -> dict[str, Any]:
        asked.add(seat)
        return view(self, seat)

    monkeypatch.setattr(cls, "view", spy)
    assert round_scores(TINY, 3, 6, {}, done) is not None
    assert asked == {None}


async def tiny_game(svc: TableService) -> tuple[Update, list[Update]]:
    await svc.create(CH, GUILD, "tiny", ANNA, NAMES[ANNA])
    for user in (BEN, CARL):
        await svc.join(CH, user, NAMES[user])
    update = await svc.start(CH, ANNA, seed=3)
    seen = [update]
    while update.table.status == "active":
        user = update.awaited[0]
        legal = [a for a, _label in await svc.legal(CH, user)]
        update = await svc.act(CH, user, legal[0])
        seen.append(update)
    return update, seen


async def test_the_end_report_carries_the_rounds_and_their_chart_in_the_tables_language(svc: TableService) -> None:
    svc.core.render = True
    await svc.create(CH, GUILD, "tiny", ANNA, NAMES[ANNA], settings={"language": "fr"})
    for user in (BEN, CARL):
        await svc.join(CH, user, NAMES[user])
    update = await svc.start(CH, ANNA, seed=3)
    while update.table.status == "active":
        assert update.chart is None
        user = update.awaited[0]
        legal = [a for a, _label in await svc.legal(CH, user)]
        update = await svc.act(CH, user, legal[0])
    report = update.report
    assert report is not None and report.rounds is not None and update.chart is not None
    assert report.rounds.rounds == (1, 2, 3)
    assert [report.rounds.after(s.seat)[-1] for s in report.seats] == [s.score for s in report.seats]
    assert update.chart.png.startswith(PNG) and update.chart.filename == "scores.png"
    assert update.chart.alt.startswith("Graphique des points après chaque manche de Tiny Auction, manches 1 à 3")
    for s in report.seats:
        assert f"{s.name} : " in update.chart.alt


async def test_without_images_the_report_keeps_its_rounds_and_has_no_chart(svc: TableService) -> None:
    last, _seen = await tiny_game(svc)
    assert last.report is not None and last.report.rounds is not None and last.chart is None
    with speaking("en"):
        assert scores_alt(last.report).startswith("Chart of the points after each round of Tiny Auction, rounds 1"
                                                  " to 3; round 3 shows the final score. ")


async def test_the_profile_keeps_the_rating_after_each_rated_game_and_charts_it_from_two(svc: TableService) -> None:
    await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    profile = await svc.profile(GUILD, ANNA, "podium")
    assert len(profile.games[0].history) == 1
    with speaking("en"):
        assert await rating_charts(svc.images, profile.games, "Anna", profile.season) == []
    await game(svc, {ANNA: 2, BEN: 5, CARL: 1})
    profile = await svc.profile(GUILD, ANNA, "podium")
    changes = await svc.store._fetchall("SELECT mu, sigma FROM rating_changes WHERE user_id = ? ORDER BY at, game_id",
                                        (ANNA,))
    assert profile.games[0].history == tuple(Skill(float(mu), float(sg)).shown for mu, sg in changes)
    assert profile.games[0].history[-1] == profile.games[0].rating.shown  # type: ignore[union-attr]
    with speaking("de"):
        (chart,) = await svc.rating_charts(profile, "Anna")
    assert chart.png.startswith(PNG) and chart.filename == "rating-podium.png"
    first, last = (f"{n:,}".replace(",", ".") for n in profile.games[0].history)  # German writes 1.130
    low, high = (f"{n(profile.games[0].history):,}".replace(",", ".") for n in (min, max))
    assert chart.alt == (f"Diagramm der Wertung von Anna in Podium (test game), Saison 1, nach jeder der 2 gewerteten"
                         f" Partien: zuerst {first}, zuletzt {last}, niedrigster Wert {low}, höchster Wert {high}.")
