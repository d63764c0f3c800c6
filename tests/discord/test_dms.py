"""Refused DMs: a refusal (50007) is not forever — DMs are tried again after a cool-off, or as soon as the player
interacts — and any other DM error after a move leaves the move's reply truthful and the news undelivered."""

from __future__ import annotations

import pytest

from bot.discord.dms import RETRY_AFTER
from bot.table import Update
from tests.discord.helpers import actor_of, choose, menu_actions, new_table, open_menu, table

HOUR = 3600.0


def dm_posts(w, actor, since: int) -> list[object]:
    path = f"/channels/{actor.user.dm_channel.id}/messages"
    return [q for q in w.env.http_requests[since:] if q.method == "POST" and q.path == path]


def notices(w) -> list[str]:
    return [m.content for m in w.channel.history() if "can't send you direct messages" in (m.content or "")]


async def bid(w, actor) -> None:
    menu = await open_menu(w, actor)
    r = await choose(actor, menu, menu_actions(menu)[0])
    assert r.response.content.startswith("✅ Done"), r.response.content


async def news_at_turn(w, actor, line: str) -> None:
    """Someone else's change brings ``actor`` private news just as their turn begins (what a gift does in a real
    game: the table keeps it, bot/table/news.py, and names it in the Update): the notifier DMs it, unless DMs to them
    are paused."""
    t, svc = await table(w), w.bot.service
    await svc.add_news(t.game_id, t.version, {actor.id: [line]})
    news = await svc.pending_news(t.game_id, actor.id)
    await w.bot.notifier.publish(Update(w.channel.id, t, t.version, awaited=[actor.id], begins=(actor.id,),
                                        news={actor.id: news}))


@pytest.mark.parametrize(("hours", "bob_is_back", "tried"), [
    (RETRY_AFTER / HOUR + 0.1, False, True),  # the cool-off has passed
    (1.0, False, False),  # within the cool-off, and bob has not been around
    (1.0, True, True),  # within the cool-off, but bob used a command since
])
async def test_a_refused_dm_is_tried_again_after_a_cool_off_or_once_the_player_is_back(world, hours, bob_is_back,
                                                                                       tried):
    w = world
    await new_table(w, w.alice, w.bob, w.carol)
    dm = w.bob.user.dm_channel
    w.env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                       message="Cannot send messages to this user", times=1)
    await news_at_turn(w, w.bob, "A first secret.")  # refused: remembered, and he is told once in the channel
    assert await w.bot.service.dm_ok(w.bob.id) is False and len(notices(w)) == 1

    await w.env.advance_time(hours * HOUR)
    if bob_is_back:
        await w.bob.slash(w.channel, "game status")
    since = len(w.env.http_requests)
    await news_at_turn(w, w.bob, "A second secret.")
    assert len(dm_posts(w, w.bob, since)) == int(tried)
    assert await w.bot.service.dm_ok(w.bob.id) is tried  # delivered: his DMs work again
    if tried:  # one DM with all the news he has not seen, the refused one included
        assert dm.history()[-1].content.startswith("Your screen")
        fields = str(dm.history()[-1].embeds[0].to_dict())
        assert "A first secret." in fields and "A second secret." in fields
    assert len(notices(w)) == 1


async def test_a_dm_error_other_than_closed_dms_leaves_the_movers_reply_truthful(world):
    w = world
    await new_table(w, w.alice, w.bob, options="length=short, gifts=on")
    await bid(w, w.alice)
    await bid(w, w.bob)
    t = await table(w)
    giver, taker = (actor_of(w, s.user_id) for s in t.seats)
    w.env.inject_error("POST", f"/channels/{taker.user.dm_channel.id}/messages", status=403, code=50001,
                       message="Missing Access", times=None)
    await giver.slash(w.channel, "move", action="gift 1")
    r = await giver.slash(w.channel, "move", action="pass")  # the taker's turn begins: the DM with the gift fails

    answers = [r.response.content] + [f.content for f in r.followups]
    assert answers[0].startswith("✅ Done")
    assert not any("unchanged" in a or "went wrong" in a for a in answers), answers
    t = await table(w)
    assert t.awaited == (taker.id,) and w.board().embeds[0].footer.text.startswith(f"Move {t.moves} ")
    assert await w.bot.service.dm_ok(taker.id) is True  # not a closed-DMs refusal: nothing remembered
    assert notices(w) == []
    r = await taker.click(w.board(), label="My screen")  # the news was not delivered: it is still there, once
    assert "gave you a" in r.response.content
