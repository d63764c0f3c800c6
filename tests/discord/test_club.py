"""The club through Discord (docs/ratings.md): ``/game leaderboard`` and ``/game profile`` after games of Tally on
SimCord, privately, in the reader's language; and their refusals (a game nobody played, a page past the end, a player
who never played here) in one sentence, with nothing written."""

from __future__ import annotations

from typing import Any

from tests.discord.helpers import actor_of, choose, menu_actions, new_table, play_by_button, table


async def play_game(w: Any, *players: Any, language: str | None = None) -> Any:
    """A short Tally of ``players`` (humans only: rated), each playing the first action of their menu; ``language``:
    the channel's, set by the host once the game began."""
    await new_table(w, *players)
    if language is not None:
        await players[0].slash(w.channel, "game settings", language=language)
    for _ in range(80):
        t = await table(w)
        if t.status != "active":
            return t
        actor = actor_of(w, t.awaited[0])
        board = w.board()  # its button in the words of the channel's language when it was posted
        french = any(c.label == "Jouer mon tour" for row in board.components for c in row.children)
        menu = await actor.click(board, label="Jouer mon tour" if french else "Take your turn")
        await choose(actor, menu, menu_actions(menu)[0])
    raise AssertionError("the game did not end")


async def test_the_leaderboard_lists_the_servers_players_after_three_games(world: Any) -> None:
    w = world
    for _ in range(3):
        assert (await play_game(w, w.alice, w.bob, w.carol)).status == "finished"
    r = await w.bob.slash(w.channel, "game leaderboard", game="tally")
    text = r.response.content
    assert r.ephemeral
    assert text.startswith("🏆 **Tally (test game)** leaderboard of this server, season 1 (page 1 of 1; players with"
                           " at least 3 rated games)")
    lines = [line for line in text.splitlines() if line.startswith("`")]
    assert [line[:4] for line in lines] == ["`1.`", "`2.`", "`3.`"]
    assert {name for name in ("alice", "bob", "carol") if any(f"**{name}**" in line for line in lines)} == {
        "alice", "bob", "carol"}
    assert all("3 games" in line and "?" in line for line in lines)  # provisional until five games
    assert "? = provisional: fewer than 5 rated games." in text
    board = await w.bot.service.leaderboard(w.guild.id, "tally")
    assert [f"**{line.name}**" in text for line in board.lines] == [True] * 3
    assert "You: " not in text  # bob's own line is on the page already


async def test_a_profile_shows_each_game_and_the_last_ones_only_to_the_reader(world: Any) -> None:
    w = world
    await play_game(w, w.alice, w.bob)
    mine = await w.bob.slash(w.channel, "game profile")
    assert mine.ephemeral
    text = mine.response.content
    assert text.startswith("📇 **bob** on this server\n**Tally (test game)**: 1 game played, 1 finished")
    assert "a fair share is 50%" in text and "rating " in text and "mean score " in text
    assert "Last games (`/game record game:` gives a game's record):" in text
    t = await table(w)
    assert f"**Tally (test game)** (#{t.game_id}): place " in text
    theirs = await w.bob.slash(w.channel, "game profile", user=w.alice, game="tally")
    assert theirs.ephemeral and theirs.response.content.startswith("📇 **alice** on this server")
    assert w.channel.history()[-1].content != theirs.response.content  # nothing posted in the channel


async def test_bad_questions_are_refused_in_one_sentence_and_change_nothing(world: Any) -> None:
    w = world
    await play_game(w, w.alice, w.bob)
    svc = w.bot.service
    before = await svc.stored_ratings()
    posts = len(w.channel.history())
    asked = [
        (w.alice, "game leaderboard", {"game": "colonia"}, "Nobody has played a rated game of Colonia on this server"
                                                             " yet."),
        (w.alice, "game leaderboard", {"game": "tally"},
         "Nobody is on the Tally (test game) leaderboard of this server yet: it lists players with at least 3 rated"
         " games."),
        (w.alice, "game leaderboard", {"game": "chess"}, "Unknown game 'chess'."),
        (w.alice, "game leaderboard", {"game": "tally", "season": 2}, "There is no season 2: this server is in"
                                                                        " season 1."),
        (w.alice, "game profile", {"user": w.carol}, "That player has not played a game on this server yet."),
        (w.alice, "game profile", {"game": "colonia"}, "That player has not played Colonia on this server yet."),
    ]
    for actor, command, options, said in asked:
        r = await actor.slash(w.channel, command, **options)
        assert r.ephemeral and said in r.response.content, (command, options, r.response.content)
    assert await svc.stored_ratings() == before and len(w.channel.history()) == posts


async def test_a_page_past_the_end_says_how_many_there_are(world: Any) -> None:
    w = world
    for _ in range(3):
        await play_game(w, w.alice, w.bob)
    r = await w.alice.slash(w.channel, "game leaderboard", game="tally", page=2)
    assert r.ephemeral and "The leaderboard has only 1 page." in r.response.content


async def test_the_leaderboard_and_profile_read_french(world: Any, locales: dict[int, str]) -> None:
    w = world
    await play_game(w, w.alice, w.bob)
    locales[w.bob.id] = "fr"
    r = await w.bob.slash(w.channel, "game profile")
    assert "sur ce serveur" in r.response.content and "1 partie jouée" in r.response.content
    r = await w.bob.slash(w.channel, "game leaderboard", game="tally")
    assert "Personne" in r.response.content


async def test_a_table_set_unrated_in_the_lobby_counts_for_nobody_and_cannot_be_switched_later(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, rated="off")
    r = await w.alice.slash(w.channel, "game settings", rated="on")
    assert r.ephemeral and "Whether a table is rated is decided before it starts." in r.response.content
    for _ in range(80):
        t = await table(w)
        if t.status != "active":
            break
        await play_by_button(w, actor_of(w, t.awaited[0]))
    assert (await table(w)).status == "finished"
    assert await w.bot.service.stored_ratings() == []
    r = await w.bob.slash(w.channel, "game profile")
    assert "1 finished" in r.response.content and "rating " not in r.response.content
    assert "(unrated)" in r.response.content
