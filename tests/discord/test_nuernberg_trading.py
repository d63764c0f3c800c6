"""Issue 20: trading in Die Siedler von Nürnberg between three members: an offer in one command, an acceptance and a
counter, and the proposer's choice among them."""

from __future__ import annotations

from typing import Any

from tests.discord.helpers import actor_of, new_table, table


async def _to_trade_phase(w: Any) -> Any:
    """Play the first legal action until someone is in their trade-and-build phase; that member."""
    for _ in range(30):
        actor = actor_of(w, (await table(w)).awaited[0])
        legal = [a for a, _ in await w.bot.service.legal(w.channel.id, actor.id)]
        if "end" in legal:
            return actor
        await actor.slash(w.channel, "move", action=legal[0])
    raise AssertionError("nobody reached the trade phase")


async def test_an_offer_an_acceptance_a_counter_and_the_proposers_choice(world):
    w = world
    await new_table(w, w.alice, w.bob, w.carol, game="nuernberg", options=None)
    proposer = await _to_trade_phase(w)
    svc = w.bot.service
    t = await table(w)
    seat = t.seat_of(proposer.id)
    hand = (await svc.private_view(w.channel.id, proposer.id))["players"][seat]["hand"]
    give = next(res for res, n in hand.items() if n)
    first, second = [actor_of(w, s.user_id) for s in t.seats if s.user_id != proposer.id]

    r = await proposer.slash(w.channel, "nuernberg offer", give=f"1 {give}", want="1 gold",
                             to=f"<@{first.id}> {second.name}")
    assert r.ephemeral and r.response.content.startswith("✅ Done"), r.response.content
    seats = ",".join(str(s) for s in sorted((t.seat_of(first.id), t.seat_of(second.id))))
    assert f"offer 1 {give} for 1 gold to {seats}`" in r.response.content  # a mention and a name became seats
    assert set((await table(w)).awaited) == {first.id, second.id}  # the addressees, not the proposer

    r = await first.slash(w.channel, "nuernberg accept")
    assert r.ephemeral and r.response.content.startswith("✅ Done"), r.response.content
    r = await second.slash(w.channel, "nuernberg counter", give="2 gold", want=f"1 {give}")
    assert r.ephemeral and r.response.content.startswith("✅ Done"), r.response.content
    assert list((await table(w)).awaited) == [proposer.id]  # everyone answered: the proposer chooses

    second_seat = t.seat_of(second.id)
    offered = await proposer.autocomplete(w.channel, "nuernberg take", "player", "")
    assert [c["value"] for c in offered] == [str(t.seat_of(first.id)), str(second_seat)]
    assert any("counter" in c["name"] and "get 2 gold" in c["name"] for c in offered)
    gold_before = (await svc.public_view(w.channel.id))["players"][seat]["gold"]
    r = await proposer.slash(w.channel, "nuernberg take", player=str(second_seat))
    assert r.ephemeral and r.response.content.startswith("✅ Done"), r.response.content
    view = await svc.public_view(w.channel.id)
    assert view["offer"] is None and view["players"][seat]["gold"] == gold_before + 2
    public = " ".join(w.texts())
    assert f"{second.name} counters the offer of {proposer.name}" in public
    assert "(the counter-offer)" in public


def test_players_named_in_an_option_become_seats() -> None:
    from bot.commands.game_commands import seats_text

    names, users = ["Ana", "Bo", "Cy"], {101: 0, 102: 1, 103: 2}
    assert seats_text("<@101> <@!102>", names, users) == "0,1"
    assert seats_text("<@101><@103>", names, users) == "0,2"
    assert seats_text("@bo, cy", names, users) == "1,2"
    assert seats_text("everyone", names, users) == "all"
    assert seats_text("<@999>", names, users) == "<@999>"  # nobody at the table: kept, and the rules refuse it
