"""``/learn hint`` and ``/learn review`` through the real bot on SimCord (docs/learning.md): a hint at an unrated table,
privately, with nothing posted in the channel; a hint refused at a rated table in one sentence; the review after a
finished game, "being prepared" first, then the three costliest decisions with the board of each moment."""

from __future__ import annotations

from typing import Any

import pytest

from bot.table.search_pool import SearchPool
from tests.discord.helpers import actor_of, table
from tests.support.games import NIM

pytestmark = pytest.mark.usefixtures("plugin_games")  # registered before the bot is built


@pytest.fixture
def service_options() -> dict[str, Any]:
    # Secret Nim's own images (cheap); the search in a thread with a tiny budget
    return {"render": True, "search": SearchPool(inline=True, budget=4)}


async def nim(w: Any, **settings: str) -> None:
    await w.alice.slash(w.channel, "game new", game=NIM)
    await w.bob.slash(w.channel, "game join")
    if settings:
        await w.alice.slash(w.channel, "game settings", **settings)
    started = await w.alice.slash(w.channel, "game start")
    assert "begins" in started.response.content


async def test_a_hint_at_an_unrated_table_is_private_and_names_two_options(world: Any) -> None:
    w = world
    await nim(w, rated="off")
    posts = len(w.channel.history())
    r = await w.alice.slash(w.channel, "learn hint")
    text = r.response.content
    assert r.response.ephemeral
    assert text.startswith("💡 The strong bot's two best options, from what you can see ("), text
    labels = [label for _a, label in await w.bot.service.legal(w.channel.id, w.alice.id)]
    named = [line[3:].split(" — ")[0] for line in text.splitlines()[1:3]]
    assert len(set(named)) == 2 and set(named) <= set(labels)  # two of alice's own options, as her menu says them
    assert text.splitlines()[1].startswith("1. Take ") and text.splitlines()[2].startswith("2. Take ")
    assert "against the next best" in text.splitlines()[1]
    assert len(w.channel.history()) == posts  # nothing public
    game_id = (await table(w)).game_id
    assert await w.bot.service.store.hint_marks(game_id) != {}


async def test_a_hint_at_a_rated_table_is_refused_in_one_sentence(world: Any) -> None:
    w = world
    await nim(w)  # two humans: rated
    r = await w.alice.slash(w.channel, "learn hint")
    assert r.response.ephemeral
    assert r.response.content == "Hints are for unrated games only, and this game counts for the ratings."
    assert await w.bot.service.store.hint_marks((await table(w)).game_id) == {}


async def test_the_review_after_a_finished_game_shows_each_decisions_board(world: Any) -> None:
    w = world
    await nim(w, rated="off")
    svc = w.bot.service
    while (t := await table(w)).status == "active":
        for user in t.awaited:
            legal = await svc.legal(w.channel.id, user)
            await actor_of(w, user).slash(w.channel, "move", action=legal[-1][0])  # always 3 stones: they clash
    game_id = (await table(w)).game_id
    first = await w.alice.slash(w.channel, "learn review")
    assert first.response.ephemeral
    assert first.response.content.startswith(f"🔎 Your review of Secret Nim (game #{game_id}) is being prepared")
    await svc.prepare_review(game_id)  # the background job, waited for here
    r = await w.alice.slash(w.channel, "learn review", game=game_id)
    text = r.response.content
    assert r.response.ephemeral
    assert text.startswith(f"🔎 What the strong bot would have done — Secret Nim (game #{game_id}).")
    review = await svc.review(w.alice.id, game_id=game_id)
    assert review.status == "ready"
    assert [a.filename for a in r.response.attachments] == [f"review-{i + 1}.png" for i in range(len(review.items))]
    for item in review.items:
        assert f"You chose: {item.chosen}" in text and f"The strong bot would have chosen: {item.best}" in text
    assert all(a.description for a in r.response.attachments)  # each board has its words
    other = await w.carol.slash(w.channel, "learn review", game=game_id)
    assert other.response.content == f"You did not play in game #{game_id}: a review is for its players."
