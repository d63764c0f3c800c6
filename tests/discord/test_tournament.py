"""``/tournament`` on SimCord (bot/discord/commands/tournament.py, bot/discord/tournaments.py): nine players at tables
of three through three Swiss rounds, each table in a thread of the channel, the standings posted after each round; a
drop mid-tournament; bad input answered in one private sentence with nothing changed.

The games' moves go through the service (as the basic bot would play them) to keep it fast; the Update that ends each
game is posted by the bot's own ``Notifier.publish``, which runs the tournament on as it does after a player's move."""

from __future__ import annotations

from typing import Any

from bot.discord.ui.answers import refusal_text
from bot.table import TableError, Update
from rules.core import Rng

ROUNDS = 3


async def players(w: Any) -> list[Any]:
    """Alice, Bob, Carol and six more: nine players (mia, who can manage the channel, organises)."""
    more = [w.guild.add_member(w.env.create_user(name)) for name in ("dana", "eli", "finn", "gus", "hana", "ivo")]
    return [w.alice, w.bob, w.carol, *more]


async def signed_up(w: Any, rounds: int = ROUNDS) -> list[Any]:
    field = await players(w)
    r = await w.mod.slash(w.channel, "tournament create", game="tally", size="3", rounds=rounds, name="Spring cup",
                          options="length=short")
    assert "Spring cup" in r.response.content and not r.ephemeral
    for p in field:
        r = await p.slash(w.channel, "tournament join")
        assert "signed up" in r.response.content, r.response.content
    return field


async def play_table(w: Any, channel: int, *, post: bool = True) -> None:
    """Play the game in ``channel`` to its end through the service; the bot posts the Update that ends it."""
    svc = w.bot.service
    last: Update | None = None
    while True:
        table = await svc.table(channel)
        if table.status != "active":
            break
        user = table.awaited[0]
        seat = next(s.seat for s in table.seats if s.user_id == user)
        legal = [a for a, _label in await svc.legal(channel, user)]
        action = svc.game(table.game).bot_action(await svc.private_view(channel, user), legal, seat,
                                                 Rng(3, "sim", channel, table.version, seat))
        last = await svc.act(channel, user, action)
    assert last is not None and last.table.status == "finished"
    if post:
        await w.bot.notifier.publish(last)
        await w.env.settle()


async def play_round(w: Any, *, post: bool = True) -> None:
    t = await w.bot.service.tournament(w.channel.id)
    for draw in t.round_tables():
        assert draw.channel is not None and draw.status == "active"
        await play_table(w, draw.channel, post=post)


def posts(w: Any) -> list[str]:
    return [m.content or "" for m in w.channel.history()]


async def test_nine_players_play_three_swiss_rounds_in_threads(world):
    w = world
    await signed_up(w)
    r = await w.mod.slash(w.channel, "tournament start")
    assert "begins: round 1 of 3" in r.response.content
    met: dict[frozenset[int], int] = {}
    for round_no in range(1, ROUNDS + 1):
        t = await w.bot.service.tournament(w.channel.id)
        assert t.round == round_no and [len(d.players) for d in t.round_tables()] == [3, 3, 3]
        threads = {th.id for th in w.channel.threads}
        assert all(d.channel in threads for d in t.round_tables())  # each table in a thread of the channel
        for d in t.round_tables():
            for a in d.players:
                for b in d.players:
                    if a < b:
                        met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
        await play_round(w)
        if round_no < ROUNDS:
            assert any(f"after round {round_no} of 3" in p for p in posts(w))
    t = await w.bot.service.tournament(w.channel.id)
    assert t.status == "finished" and len(w.channel.threads) == 9
    assert all(line.games == 3 for line in t.standings) and max(met.values()) == 1
    final = next(p for p in posts(w) if "Final standings" in p)
    assert all(line.name in final for line in t.standings)
    post = next(m for m in w.channel.history() if "Final standings" in (m.content or ""))
    [image] = post.attachments  # the standings as an image, its alt text the same figures as the text
    assert image.filename == "standings.png" and image.description.startswith("Final standings of Spring cup")
    for line in t.standings:
        assert f"{line.place}. {line.name}: {line.points}, {line.opponents_points}, {line.score}, 3" in (
            image.description)
    r = await w.alice.slash(w.channel, "tournament standings")
    assert r.ephemeral and "Final standings" in r.response.content


async def test_a_drop_mid_tournament_is_forfeited_and_not_paired_again(world):
    w = world
    field = await signed_up(w)
    await w.mod.slash(w.channel, "tournament start")
    await play_round(w)
    t = await w.bot.service.tournament(w.channel.id)
    assert t.round == 2
    quitter = t.round_tables()[0].players[0]
    thread = t.round_tables()[0].channel
    r = await next(p for p in field if p.id == quitter).slash(w.channel, "tournament drop")
    assert "dropped out" in r.response.content and not r.ephemeral
    assert quitter not in [s.user_id for s in (await w.bot.service.table(thread)).seats]  # a bot plays on
    await play_round(w)
    t = await w.bot.service.tournament(w.channel.id)
    assert t.round == 3 and quitter not in [p for d in t.round_tables() for p in d.players]
    assert sorted(len(d.players) for d in t.round_tables()) == [2, 3, 3]  # eight left, nobody sits out
    mine = next(line for line in t.standings if line.player == quitter)
    assert mine.dropped and mine.games == 2
    r = await w.alice.slash(w.channel, "tournament schedule")
    assert r.ephemeral and "**Round 3**" in r.response.content


async def test_bad_input_is_one_private_sentence_and_changes_nothing(world):
    w = world
    r = await w.mod.slash(w.channel, "tournament create", game="tally", size="3-5", rounds=3)
    assert r.ephemeral and r.response.content == refusal_text(TableError(
        "Tally (test game) is played at tables of 2–4: choose table sizes within that."))
    r = await w.alice.slash(w.channel, "tournament create", game="tally", size="3", rounds=3)
    assert r.ephemeral and "manage this channel" in r.response.content  # before anything is read
    assert w.channel.history() == []
    await signed_up(w)
    before = await w.bot.service.tournament(w.channel.id)
    r = await w.alice.slash(w.channel, "tournament join")
    assert r.ephemeral and r.response.content == refusal_text(TableError(
        "You have already signed up for this tournament."))
    r = await w.alice.slash(w.channel, "tournament start")
    assert r.ephemeral and r.response.content == refusal_text(TableError(
        "Only the tournament's organiser or a server manager can do that."))
    r = await w.alice.slash(w.channel, "tournament cancel")  # refused before the question is asked
    assert r.ephemeral and "organiser" in r.response.content and not r.response.components
    after = await w.bot.service.tournament(w.channel.id)
    assert (after.status, after.round, after.entrants) == ("signup", 0, before.entrants)
    assert w.channel.threads == []


async def test_a_start_of_the_bot_resumes_a_round_whose_games_ended_while_it_was_down(world):
    w = world
    await signed_up(w)
    await w.mod.slash(w.channel, "tournament start")
    await play_round(w, post=False)  # the games ended, and nothing ran the tournament on
    assert (await w.bot.service.tournament(w.channel.id)).round == 1
    await w.bot.tournaments.resume()  # what every start runs, once connected
    await w.env.settle()
    t = await w.bot.service.tournament(w.channel.id)
    assert t.round == 2 and all(d.status == "active" for d in t.round_tables())
    assert len(w.channel.threads) == 6 and any("after round 1 of 3" in p for p in posts(w))
    await w.bot.tournaments.resume()  # again: nothing is paired or opened twice
    assert len(w.channel.threads) == 6 and (await w.bot.service.tournament(w.channel.id)).round == 2
