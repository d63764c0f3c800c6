"""The club's phase 2 through Discord on SimCord (docs/ratings.md): ``/game season close`` (Manage Server, checked
before anything is asked), ``/game season settings``, ``/game leaderboard season:`` of a closed season and all-time,
``/game privacy``, ``/game stats``, the end report on the final board (one post, within Discord's sizes, in the table's
language) and the lobby's forecast. Bad input gets one sentence and writes nothing."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord.ui.end_report import MAX_REPORT
from tests.discord.conftest import set_server_locale
from tests.discord.helpers import actor_of, choose, menu_actions, table
from tests.discord.test_club import play_game


def buttons(message: Any) -> list[str]:
    return [c["label"] for row in message.components for c in row.get("components", [])]


def manager(w: Any) -> Any:
    """A member who may manage the server (Manage Server), seated nowhere yet."""
    role = w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return w.guild.add_member(w.env.create_user("hanna"), roles=[role])


async def club_rows(w: Any) -> tuple:
    svc = w.bot.service
    return (await svc.stored_ratings(), [tuple(r) for r in await svc.store._fetchall("SELECT * FROM seasons")],
            [tuple(r) for r in await svc.store._fetchall("SELECT * FROM club_privacy")],
            [tuple(r) for r in await svc.store._fetchall("SELECT * FROM club_servers")])


async def test_only_a_server_manager_is_asked_to_close_a_season(world: Any) -> None:
    w = world
    for _ in range(3):
        await play_game(w, w.alice, w.bob)
    before = await club_rows(w)
    for actor in (w.alice, w.mod):  # a player, and a channel moderator: neither manages the server
        r = await actor.slash(w.channel, "game season close")
        assert r.ephemeral and r.response.content == ("Only members who can manage this server (Manage Server) can"
                                                      " do this.") and buttons(r.response) == []
    assert await club_rows(w) == before
    boss = manager(w)
    r = await boss.slash(w.channel, "game season close")
    assert r.ephemeral and r.response.content.startswith("Really close season 1 on this server?")
    assert buttons(r.response) == ["Close the season", "Cancel"]
    cancelled = await boss.click(r.response, label="Cancel")
    assert "nothing was changed" in cancelled.response.content and await club_rows(w) == before
    r = await boss.slash(w.channel, "game season close")
    done = await boss.click(r.response, label="Close the season")
    assert done.response.content == "✅ Season 1 is closed."
    (announcement,) = done.followups
    assert not announcement.ephemeral and announcement.content.startswith("📅 Season 1 is closed (2 ratings kept)")
    assert "`/game leaderboard season:1`" in announcement.content
    r = await w.alice.slash(w.channel, "game leaderboard", game="tally", season=1)
    assert "season 1, closed" in r.response.content and r.response.content.count("`") >= 4
    r = await w.alice.slash(w.channel, "game leaderboard", game="tally")
    assert r.ephemeral and "Nobody has played a rated game of Tally (test game) on this server yet." in \
        r.response.content
    r = await w.alice.slash(w.channel, "game leaderboard", game="tally", season=0)
    assert "all-time leaderboard" in r.response.content
    r = await boss.slash(w.channel, "game season close")  # nothing rated in season 2 yet
    done = await boss.click(r.response, label="Close the season")
    assert done.response.content == "Season 2 has no rated game yet, so there is nothing to close."
    r = await w.alice.slash(w.channel, "game leaderboard", game="tally", season=3)
    assert r.response.content.endswith("There is no season 3: this server is in season 2.")


async def test_a_server_manager_sets_the_listing_minimum(world: Any) -> None:
    w = world
    await play_game(w, w.alice, w.bob)
    r = await w.alice.slash(w.channel, "game season settings", min_games=1)
    assert r.ephemeral and "Manage Server" in r.response.content
    boss = manager(w)
    r = await boss.slash(w.channel, "game season settings")
    assert r.response.content == "Leaderboards here list players with at least 3 rated games."
    r = await boss.slash(w.channel, "game season settings", min_games=1)
    assert r.response.content == "✅ Leaderboards here now list players with at least 1 rated game."
    r = await w.bob.slash(w.channel, "game leaderboard", game="tally")
    assert "players with at least 1 rated games" in r.response.content or "at least 1 rated" in r.response.content
    assert "**alice**" in r.response.content and "**bob**" in r.response.content


async def test_a_private_profile_is_only_its_owners_and_leaderboards_skip_them(world: Any) -> None:
    w = world
    boss = manager(w)
    await boss.slash(w.channel, "game season settings", min_games=1)
    await play_game(w, w.alice, w.bob)
    r = await w.alice.slash(w.channel, "game privacy")
    assert r.ephemeral and r.response.content.startswith("🔒 Your profile is public")
    r = await w.alice.slash(w.channel, "game privacy", profile="private")
    assert r.response.content == ("✅ 🔒 Your profile is private: only you can see it. Leaderboards do not list you"
                                  " (you still see your own line). This holds on every server.")
    before = await club_rows(w)
    r = await w.bob.slash(w.channel, "game profile", user=w.alice)
    assert r.ephemeral and r.response.content.endswith("That player keeps their profile private.")
    mine = await w.alice.slash(w.channel, "game profile")
    assert "🔒 Private: only you can see this profile" in mine.response.content
    board = await w.bob.slash(w.channel, "game leaderboard", game="tally")
    assert "**alice**" not in board.response.content and "**bob**" in board.response.content
    hers = await w.alice.slash(w.channel, "game leaderboard", game="tally")
    assert "not listed: you chose to stay off the leaderboards" in hers.response.content
    assert await club_rows(w) == before
    r = await w.alice.slash(w.channel, "game privacy", leaderboards="listed")
    assert "Your profile is private" in r.response.content and "Leaderboards list you." in r.response.content
    board = await w.bob.slash(w.channel, "game leaderboard", game="tally")
    assert "**alice**" in board.response.content


async def test_statistics_of_a_game_on_this_server(world: Any) -> None:
    w = world
    await play_game(w, w.alice, w.bob)
    await play_game(w, w.alice, w.bob, w.carol)
    r = await w.carol.slash(w.channel, "game stats", game="tally")
    assert r.ephemeral
    (embed,) = r.response.embeds
    assert embed.title == "📊 Tally (test game) on this server"
    assert embed.description.startswith("2 of 2 games finished\nMean length: ")
    names = [f.name for f in embed.fields]
    assert names == ["2 players: 1 of 1 finished", "3 players: 1 of 1 finished"]
    assert "Wins by seat (1 = first to play): 1: " in embed.fields[1].value
    assert "a fair share is 33%" in embed.fields[1].value
    r = await w.carol.slash(w.channel, "game stats", game="colonia")
    assert r.ephemeral and r.response.content.endswith("No game of Colonia has finished on this server yet.")


async def test_the_final_board_carries_the_end_report_in_one_post(world: Any) -> None:
    w = world
    t = await play_game(w, w.alice, w.bob, w.carol)
    final = w.channel.history()[-1]
    assert len(final.embeds) == 2  # the board and the report, one post (a game with images attaches the board too)
    board, report = final.embeds
    assert report.title == "📋 Report — Tally (test game)"
    names = [f.name for f in report.fields]
    assert len(names) == 3 and names[0].startswith("1. ")
    first = report.fields[0].value
    assert "Rating 1,000 → " in first and "?" in first  # provisional after one game
    assert " in all, longest wait " in first
    assert report.footer.text.endswith("rated, season 1")
    assert len(board) + len(report) <= 6000 and len(report) <= MAX_REPORT
    assert t.status == "finished"


async def test_the_report_reads_the_tables_language(world: Any, locales: dict[int, str]) -> None:
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
    report = w.channel.history()[-1].embeds[-1]
    assert report.title.startswith("📋 Rapport")
    assert "Classement 1\u202f000 → " in report.fields[0].value and "coup" in report.fields[0].value
    assert report.footer.text.endswith("classée, saison 1")


async def test_the_lobby_shows_the_chances_the_ratings_predict(world: Any) -> None:
    w = world
    for _ in range(2):
        await play_game(w, w.alice, w.bob)
    await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    r = await w.bob.slash(w.channel, "game join")
    (embed,) = r.response.embeds
    (field,) = [f for f in embed.fields if f.name == "Chances to win, as the ratings predict"]
    assert "alice " in field.value and "bob " in field.value and field.value.count("%") == 2
    r = await w.alice.slash(w.channel, "game bot add")
    assert all(f.name != "Chances to win, as the ratings predict" for f in r.response.embeds[0].fields)


@pytest.mark.parametrize("command", ["game stats", "game leaderboard"])
async def test_an_unknown_game_is_refused_in_one_sentence(world: Any, command: str) -> None:
    w = world
    r = await w.alice.slash(w.channel, command, game="chess")
    assert r.ephemeral and "Unknown game 'chess'." in r.response.content
