"""The club's charts through Discord (docs/ratings.md), on SimCord: the final board's one post carries the chart of the
points after each round in the report's embed, with its alt text, within Discord's limits; ``/game profile`` answers
with a chart of each game's rating this season and its alt text, or says in words why there is none yet; a private
profile gives nobody else a chart. In French as in English."""

from __future__ import annotations

from typing import Any

import pytest

import render
from bot.discord.ui.end_report import MAX_FILES
from rules.core import ALT_TEXT_MAX
from tests.discord.conftest import set_server_locale
from tests.discord.helpers import actor_of, choose, menu_actions, table
from tests.discord.test_club import play_game

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def service_options(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    # The boards are not what is tested (any PNG will do); the charts are drawn for real (render/charts.py).
    monkeypatch.setattr(render, "board", lambda *_a, **_k: PNG + b"board")
    monkeypatch.setattr(render, "private", lambda *_a, **_k: PNG + b"screen")
    monkeypatch.setattr(render, "board_and_focus", lambda *_a, **_k: (PNG + b"board", None))
    return {"render": True}


def final_post(w: Any) -> Any:
    return w.channel.history()[-1]


def check_limits(post: Any) -> None:
    """Discord's limits for one message (SimCord refuses embeds past 6000 characters itself)."""
    assert len(post.attachments) <= MAX_FILES and len(post.embeds) <= 10
    assert sum(len(e) for e in post.embeds) <= 6000
    assert all(a.description and len(a.description) <= ALT_TEXT_MAX for a in post.attachments)
    assert len(post.content or "") <= 2000


async def test_the_final_post_carries_the_chart_of_the_rounds_in_one_message(world: Any) -> None:
    w = world
    before = len(w.channel.history())
    t = await play_game(w, w.alice, w.bob, w.carol)
    post = final_post(w)
    assert [a.filename for a in post.attachments] == ["board.png", "scores.png"]
    assert [a for a in (m for m in w.channel.history()[before:]) if any(
        f.filename == "scores.png" for f in a.attachments)] == [post]  # the chart comes once, with the board
    _board, report = post.embeds
    assert report.title == "📋 Report — Tally (test game)" and report.image.url.endswith("scores.png")
    chart = next(a for a in post.attachments if a.filename == "scores.png")
    assert (await chart.read()).startswith(PNG)
    said = chart.description
    assert said.startswith("Chart of the points after each round of Tally (test game), rounds 1 to 2; round 2 shows"
                           " the final score. ")
    scores = {f.name.split(" — ")[0].split(". ", 1)[1]: f.name.split(" — ")[1].split()[0] for f in report.fields}
    for name, score in scores.items():  # each player, with their final points last
        assert f"{name}: " in said and said.split(f"{name}: ")[1].split(".")[0].endswith(score)
    check_limits(post)
    assert t.status == "finished"


async def test_the_chart_of_the_rounds_speaks_the_tables_french(world: Any, locales: dict[int, str]) -> None:
    w = world
    set_server_locale(w, "fr")  # a new table reads the server's language
    await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    await w.bob.slash(w.channel, "game join")
    await w.alice.slash(w.channel, "game settings", auto_forced="off")
    await w.alice.slash(w.channel, "game start")
    for _ in range(80):
        t = await table(w)
        if t.status != "active":
            break
        actor = actor_of(w, t.awaited[0])
        menu = await actor.click(w.board(), label="Jouer mon tour")  # the board speaks the table's French
        await choose(actor, menu, menu_actions(menu)[0])
    post = final_post(w)
    chart = next(a for a in post.attachments if a.filename == "scores.png")
    assert chart.description.startswith("Graphique des points après chaque manche de Tally (test game), manches 1 à"
                                        " 2 ; la manche 2 montre le score final. ")
    assert post.embeds[1].title.startswith("📋 Rapport") and post.embeds[1].image.url.endswith("scores.png")
    check_limits(post)


async def test_the_profile_charts_the_rating_from_the_second_rated_game(world: Any, locales: dict[int, str]) -> None:
    w = world
    await play_game(w, w.alice, w.bob)
    one = await w.alice.slash(w.channel, "game profile")
    answer = one.followups[-1] if one.followups else one.response
    assert one.ephemeral and not answer.attachments
    assert "📈 The rating's chart comes after two rated games this season." in answer.content
    await play_game(w, w.alice, w.bob)
    two = await w.alice.slash(w.channel, "game profile")
    answer = two.followups[-1] if two.followups else two.response
    assert answer.flags.ephemeral and "The rating's chart comes" not in answer.content
    (chart,) = answer.attachments
    assert chart.filename == "rating-tally.png" and (await chart.read()).startswith(PNG)
    history = (await w.bot.service.profile(w.guild.id, w.alice.id, "tally")).games[0].history
    first, last = (f"{n:,}" for n in history)
    low, high = (f"{f(history):,}" for f in (min, max))
    assert chart.description == (f"Chart of alice's rating in Tally (test game), season 1, after each of 2 rated games:"
                                 f" first {first}, last {last}, lowest {low}, highest {high}.")
    # a French reader reads the same chart described in French
    locales[w.bob.id] = "fr"
    theirs = await w.bob.slash(w.channel, "game profile", user=w.alice, game="tally")
    answer = theirs.followups[-1] if theirs.followups else theirs.response
    (chart,) = answer.attachments
    assert chart.description.startswith("Graphique du classement de alice à Tally (test game), saison 1, après chacune"
                                        " de ses 2 parties classées : au début ")
    assert w.channel.history()[-1].attachments[-1].filename == "scores.png"  # nothing posted in the channel


async def test_a_private_profile_gives_nobody_else_its_chart(world: Any) -> None:
    w = world
    for _ in range(2):
        await play_game(w, w.alice, w.bob)
    await w.alice.slash(w.channel, "game privacy", profile="private")
    r = await w.bob.slash(w.channel, "game profile", user=w.alice)
    answers = [r.response, *r.followups]
    assert "That player keeps their profile private." in " ".join(a.content or "" for a in answers if a)
    assert not [a for m in answers if m is not None for a in m.attachments]
    mine = await w.alice.slash(w.channel, "game profile")
    answer = mine.followups[-1] if mine.followups else mine.response
    assert [a.filename for a in answer.attachments] == ["rating-tally.png"]  # its owner still sees it
