"""A server that played 30 games on SimCord (issue 38, "Done when"): its leaderboard, profiles, statistics and end
reports agree with the results and ratings the table stored (and a rebuild reproduces those ratings), in French as in
English; then a season is closed and the next one starts clean."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.table.club.ratings import Skill, shown
from tests.discord.test_club import play_game


def figures(text: str) -> list[int]:
    """The whole numbers in ``text``, whatever the reader's grouping (1,000 · 1 000 · 1.000)."""
    return [int(re.sub(r"\D", "", n)) for n in re.findall(r"\d[\d,.\u00a0\u202f ]*\d|\d", text)]


async def check_report(svc: Any, game_id: int, report: discord.Embed, rating_word: str) -> None:
    """The end report of ``game_id`` says what the table stored: each seat's place, name and score, and each rated
    player's shown rating before and after (with the difference)."""
    changes = {int(u): (shown(mb, sb), shown(mu, sg)) for u, mb, sb, mu, sg in await svc.store._fetchall(
        "SELECT user_id, mu_before, sigma_before, mu, sigma FROM rating_changes WHERE game_id = ?", (game_id,))}
    results = [r for r in await svc.store.results(game_id) if not r.departed]
    assert len(report.fields) == len(results) and set(changes) == {r.user_id for r in results}
    for r in results:
        (field,) = [f for f in report.fields if f.name.startswith(f"{r.rank}. {r.name} — ")]
        assert figures(field.name.split(" — ", 1)[1]) == [r.score]
        (line,) = [x for x in (field.value or "").splitlines() if x.startswith(rating_word + " ")]
        before, after = changes[r.user_id]
        assert figures(line) == [before, after, abs(after - before)]


async def test_thirty_games_then_a_new_season(world: Any, locales: dict[int, str]) -> None:
    w = world
    people = [w.alice, w.bob, w.carol, w.mod]
    reports = []
    for n in range(30):
        size = 2 + n % 3  # tables of 2, 3 and 4
        players = [people[(n + i) % 4] for i in range(size)]
        french = n == 29  # the last table plays in French: its report too
        t = await play_game(w, *players, language="fr" if french else None)
        assert t.status == "finished"
        final = w.channel.history()[-1]
        title = "📋 Rapport — Tally (test game)" if french else "📋 Report — Tally (test game)"
        assert len(final.embeds) == 2 and final.embeds[1].title == title
        assert len(final.embeds[0]) + len(final.embeds[1]) <= 6000
        assert final.embeds[1].footer.text.endswith(f"{'classée, saison' if french else 'rated, season'} 1")
        reports.append((t.game_id, final.embeds[1], "Classement" if french else "Rating"))
    svc = w.bot.service
    for game_id, report, rating_word in reports:
        await check_report(svc, game_id, report, rating_word)
    # the stored ratings are the model's over the stored results: a rebuild finds every float as it was
    before = await svc.stored_ratings()
    assert await svc.rebuild_ratings() == 30
    assert await svc.stored_ratings() == before
    # the leaderboard is the stored ratings, best first
    rows = [r[1:] for r in await svc.stored_ratings() if r[0] == "rating"]
    stored = {int(u): Skill(mu, sg, n) for _guild, game, season, u, mu, sg, n in rows
              if game == "tally" and season == 1}
    assert len(stored) == 4
    ranked = sorted(stored, key=lambda u: (-stored[u].ordinal, u))
    board = await w.bob.slash(w.channel, "game leaderboard", game="tally")
    names = await svc.store.latest_names(list(stored))
    lines = [line for line in board.response.content.splitlines() if line.startswith("`")]
    assert [line.split("**")[1] for line in lines] == [names[u] for u in ranked]
    for line, user in zip(lines, ranked, strict=True):
        assert f"— {stored[user].shown:,}" in line and f"{stored[user].games} games" in line
    # each profile counts the games its player sat at
    for p in people:
        played = sum(1 for n in range(30) if p in [people[(n + i) % 4] for i in range(2 + n % 3)])
        wins = len(await svc.store._fetchall(
            "SELECT 1 FROM results WHERE user_id = ? AND rank = 1 AND departed = 0", (p.id,)))
        profile = await p.slash(w.channel, "game profile")
        assert (f"{played} games played, {played} finished, {wins} win{'' if wins == 1 else 's'} ("
                in profile.response.content)
        assert "↳ reliability: never left a game, no caretaker move, no spent time bank" in profile.response.content
    # the statistics count them all, per table size
    stats = (await w.carol.slash(w.channel, "game stats", game="tally")).response.embeds[0]
    assert stats.description.startswith("30 of 30 games finished")
    assert [f.name for f in stats.fields] == ["2 players: 10 of 10 finished", "3 players: 10 of 10 finished",
                                              "4 players: 10 of 10 finished"]
    # French readers read the same figures in French
    locales[w.alice.id] = "fr"
    french = await w.alice.slash(w.channel, "game leaderboard", game="tally")
    assert french.response.content.startswith("🏆 Classement de **Tally (test game)** sur ce serveur, saison 1")
    played = sum(1 for n in range(30) if w.alice in [people[(n + i) % 4] for i in range(2 + n % 3)])
    profile = (await w.alice.slash(w.channel, "game profile")).response.content
    assert f"{played} parties jouées, {played} terminées" in profile
    assert "fiabilité : jamais quitté de partie, aucun coup du suppléant, aucune réserve de temps épuisée" in profile
    assert (await w.alice.slash(w.channel, "game stats", game="tally")).response.embeds[0].description.startswith(
        "30 parties terminées sur 30")
    # a new season starts clean
    role = w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    boss = w.guild.add_member(w.env.create_user("hanna"), roles=[role])
    asked = await boss.slash(w.channel, "game season close")
    done = await boss.click(asked.response, label="Close the season")
    assert done.response.content == "✅ Season 1 is closed."
    await play_game(w, w.alice, w.bob)
    report = w.channel.history()[-1].embeds[1]
    assert report.footer.text.endswith("rated, season 2")
    assert all("Rating 1,000 → " in f.value for f in report.fields)  # everyone starts again from the newcomer
    closed = await w.bob.slash(w.channel, "game leaderboard", game="tally", season=1)
    assert [line.split("**")[1] for line in closed.response.content.splitlines() if line.startswith("`")] == [
        names[u] for u in ranked]
