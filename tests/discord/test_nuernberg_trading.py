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
    from bot.discord.commands.game_commands import seats_text

    names, users = ["Ana", "Bo", "Cy"], {101: 0, 102: 1, 103: 2}
    assert seats_text("<@101> <@!102>", names, users) == "0,1"
    assert seats_text("<@101><@103>", names, users) == "0,2"
    assert seats_text("@bo, cy", names, users) == "1,2"
    assert seats_text("everyone", names, users) == "all"
    assert seats_text("<@999>", names, users) == "<@999>"  # nobody at the table: kept, and the rules refuse it


async def test_a_bank_trade_in_one_command(world):
    # Issue 15: what the menus take in two or three steps ("bank", "bank wool", "bank wool ore") is one command.
    w = world
    await new_table(w, w.alice, w.bob, w.carol, game="nuernberg", options=None)
    svc = w.bot.service
    for _ in range(200):  # first legal actions (the turn ends at once) until someone can trade with the bank
        actor = actor_of(w, (await table(w)).awaited[0])
        legal = [a for a, _ in await svc.legal(w.channel.id, actor.id)]
        if "bank" in legal:
            break
        await actor.slash(w.channel, "move", action="end" if "end" in legal else legal[0])
    else:
        raise AssertionError("nobody could trade with the bank")
    seat = (await table(w)).seat_of(actor.id)
    me = (await svc.private_view(w.channel.id, actor.id))["players"][seat]
    held = {**me["hand"], "gold": me["gold"]}
    give = next(item for item, rate in me["bank_rates"].items() if held[item] >= rate)  # a resource, or gold
    get = next(res for res in me["hand"] if res != give)
    r = await actor.slash(w.channel, "nuernberg bank", trade=f"{give} {get}")
    assert r.ephemeral and r.response.content.startswith("✅ Done"), r.response.content
    after = (await svc.private_view(w.channel.id, actor.id))["players"][seat]
    now = {**after["hand"], "gold": after["gold"]}
    assert now[get] == held[get] + 1 and now[give] == held[give] - me["bank_rates"][give]
    assert (await svc.public_view(w.channel.id))["menu"] is None  # no menu was left open on the way
    # the same trade again with a card they lack is refused with a reason, and changes nothing
    lacking = next((res for res in after["hand"] if after["hand"][res] == 0 and res != get), None)
    if lacking is not None:
        r = await actor.slash(w.channel, "nuernberg bank", trade=f"{lacking} {get}")
        assert not r.response.content.startswith("✅ Done")
        assert (await svc.private_view(w.channel.id, actor.id))["players"][seat]["hand"] == after["hand"]
