"""A game a timeout vote ends, on SimCord (docs/ratings.md): the post that ends it carries the end report (the late
player ranked last, the others sharing first place, their rating changes), and ``/game profile`` shows each player's
reliability record and the game, in English and in French; a private record stays private."""

from __future__ import annotations

from typing import Any

from tests.discord.helpers import new_table, table
from tests.discord.test_timebank import HOUR, only_alice_awaited, posts


async def end_over_alices_bank(w: Any) -> Any:
    """A rated Tally of alice, bob and carol that bob and carol end when alice's bank runs out: its last post."""
    await new_table(w, w.alice, w.bob, w.carol, deadline_hours=4, remind_hours=3)
    await only_alice_awaited(w)
    await w.env.advance_time(4.1 * HOUR)
    (question,) = posts(w, "alice's time bank ran out. What now?")
    await w.bob.click(question, label="End the game")
    await w.carol.click(question, label="End the game")
    assert (await table(w)).status == "abandoned"
    return next(m for m in reversed(w.channel.history()) if m.embeds and len(m.embeds) == 2)


async def test_the_end_over_a_spent_bank_is_reported_and_rated(world: Any) -> None:
    w = world
    final = await end_over_alices_bank(w)
    assert any("the game ends." in t for t in w.texts())
    report = final.embeds[1]
    assert report.title == "📋 Report — Tally (test game)"
    assert report.footer.text.endswith("rated, season 1 · ended by a timeout vote: who stayed share first place")
    heads = [f.name for f in report.fields]
    assert sum(h.startswith("1. ") for h in heads) == 2 and any(h.startswith("3. alice") for h in heads)
    (left,) = [f for f in report.fields if f.name == "Left the game (ranked last)"]
    assert left.value.startswith("alice: rating 1,000 → ")
    firsts = [f for f in report.fields if f.name.startswith("1. ")]
    assert all("Rating 1,000 → " in f.value and "(+" in f.value for f in firsts)


async def test_the_profile_shows_the_reliability_record_in_each_language(world: Any, locales: dict[int, str]) -> None:
    w = world
    await end_over_alices_bank(w)
    alice = (await w.alice.slash(w.channel, "game profile")).response.content
    assert "**Tally (test game)**: 1 game played, 0 finished" in alice
    assert ("  ↳ reliability: 1 left before the end, time bank ran out 1 time, 1 time the table then took the seat or"
            " ended the game\n") in alice
    assert "left the game (ranked last)" in alice
    assert "(Away time and outages stop the clock: they never count.)" in alice
    bob = (await w.bob.slash(w.channel, "game profile")).response.content
    assert "  ↳ reliability: 1 abandoned, never left a game, no caretaker move, no spent time bank\n" in bob
    assert "ended by a timeout vote: shared first place, " in bob and "(unrated)" not in bob
    locales[w.carol.id] = "fr"
    carol = (await w.carol.slash(w.channel, "game profile", user=w.alice)).response.content
    assert ("fiabilité : 1 quittée avant la fin, réserve de temps épuisée 1 fois, dont 1 fois où la table a repris la"
            " place ou arrêté la partie") in carol
    # a private profile's record is its owner's only
    await w.alice.slash(w.channel, "game privacy", profile="private")
    refused = await w.bob.slash(w.channel, "game profile", user=w.alice)
    assert refused.ephemeral and "reliability" not in refused.response.content
    assert "private" in refused.response.content


def test_the_overall_record_sums_the_games() -> None:
    from bot.discord.commands.club import profile_text
    from bot.table import Profile, ProfileGame, Reliability

    games = [ProfileGame("tally", "Tally (test game)", 3, 2, 1, 0.8, 5.0, 7, None,
                         record=Reliability("tally", 3, 2, 1, 4, 2, 1)),
             ProfileGame("tiny", "Tiny Auction", 1, 1, 0, 0.5, 3.0, 3, None, record=Reliability("tiny", 1, 1))]
    text = profile_text(Profile(5, "ann", games, []), "ann", {})
    assert "  ↳ reliability: 1 left before the end, 4 moves played by the caretaker, time bank ran out 2 times," \
        " 1 time the table then took the seat or ended the game\n" in text
    assert "  ↳ reliability: never left a game, no caretaker move, no spent time bank\n" in text
    assert "Reliability, all games: 3 of 4 games finished, 1 left before the end, 4 moves played by the caretaker," \
        " time bank ran out 2 times, 1 time the table then took the seat or ended the game\n" in text
