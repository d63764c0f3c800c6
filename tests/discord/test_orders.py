"""``/game orders`` through the slash command: list, give (autocompleted), see it on My screen, cancel, refusals —
every answer ephemeral."""

from __future__ import annotations

from typing import Any

from tests.discord.helpers import new_table, table


async def test_give_show_and_cancel_a_standing_order(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, w.carol, game="nuernberg", options=None)
    t = await table(w)
    public = await w.bot.service.public_view(w.channel.id)
    actor = next(p for p in (w.alice, w.bob, w.carol) if t.seat_of(p.id) != public["active"])
    label = f"Decline every trade offer for the rest of this turn (turn {public['turn']})"

    r = await actor.slash(w.channel, "game orders")
    assert r.ephemeral and "You have no standing order" in r.response.content and label in r.response.content

    offered = await actor.autocomplete(w.channel, "game orders", "order", "")
    assert [c["value"] for c in offered] == ["decline", "decline until mine"]

    r = await actor.slash(w.channel, "game orders", order="decline")
    assert r.ephemeral and r.response.content.startswith("📌 Standing order set: " + label), r.response.content
    assert all(label not in text for text in w.texts())  # private: nothing of it in the channel

    r = await actor.slash(w.channel, "game orders")
    assert r.ephemeral and r.response.content.startswith(f"📌 Your standing order: {label}")
    offered = await actor.autocomplete(w.channel, "game orders", "order", "can")
    assert [c["value"] for c in offered] == ["cancel"]

    r = await actor.slash(w.channel, "game hand")  # My screen shows it
    fields = r.response.embeds[0].to_dict().get("fields", [])
    assert any(f["name"] == "📌 Your standing order" and label in f["value"] for f in fields)

    r = await actor.slash(w.channel, "game orders", order="buy the castle")
    assert r.ephemeral and "is not a standing order you can give now" in r.response.content
    assert (await w.bot.service.orders(w.channel.id, actor.id)).current is not None  # unchanged

    r = await actor.slash(w.channel, "game orders", order="cancel")
    assert r.ephemeral and r.response.content.startswith("Standing order cancelled")
    r = await actor.slash(w.channel, "game orders", order="cancel")
    assert r.ephemeral and r.response.content == "You have no standing order at this table."

    r = await w.mod.slash(w.channel, "game orders")  # a spectator
    assert r.ephemeral and r.response.content == "You are not playing at this table."


async def test_a_plan_ahead_placement_given_cancelled_and_its_failed_condition_told_privately(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, w.carol, game="speicherstadt", options=None)
    t = await table(w)
    by_seat = {t.seat_of(p.id): p for p in (w.alice, w.bob, w.carol)}
    first_seat = (await w.bot.service.public_view(w.channel.id))["to_act"][0]
    first, second, third = (by_seat[(first_seat + i) % 3] for i in range(3))
    plan = "place 2.0"  # card 2, while nobody is above it
    label = "Place my next worker above card 2"

    # given and cancelled, ephemerally, offered by the autocomplete
    offered = await third.autocomplete(w.channel, "game orders", "order", "card 2")
    assert plan in [c["value"] for c in offered]
    r = await third.slash(w.channel, "game orders", order=plan)
    assert r.ephemeral and r.response.content.startswith("📌 Standing order set: " + label), r.response.content
    r = await third.slash(w.channel, "game hand")  # My screen shows it
    fields = r.response.embeds[0].to_dict().get("fields", [])
    assert any(f["name"] == "📌 Your standing order" and label in f["value"] for f in fields)
    r = await third.slash(w.channel, "game orders", order="cancel")
    assert r.ephemeral and r.response.content.startswith("Standing order cancelled: " + label)
    assert (await w.bot.service.orders(w.channel.id, third.id)).current is None

    # given again; the others place above card 2 first: the third player is asked, and told why only privately
    await third.slash(w.channel, "game orders", order=plan)
    await first.slash(w.channel, "move", action="place 1")
    await second.slash(w.channel, "move", action="place 2")
    t = await table(w)
    assert t.awaited == (third.id,)  # asked as usual
    why = "was not played: another player placed a worker there since"
    assert any(why in (m.content or "") + str([e.to_dict() for e in m.embeds])
               for m in third.user.dm_channel.history()), "the turn's DM tells why"
    assert all(why not in text and label not in text for text in w.texts())  # nothing of it in the channel
    for other in (first, second):
        dm = other.user.dm_channel
        assert dm is None or all(why not in str(m.content) + str([e.to_dict() for e in m.embeds]) for m in dm.history())


async def test_a_vote_given_ahead_is_cast_in_secret_when_its_decree_comes_to_the_vote(world: Any) -> None:
    # Colonia (issue 15): a player votes ahead on the week's decrees; when a vote opens they are not asked, and
    # nothing in the channel says how they voted.
    from tests.discord.helpers import actor_of

    w = world
    await new_table(w, w.alice, w.bob, w.carol, game="colonia", options=None)
    svc = w.bot.service

    async def step() -> None:
        t = await table(w)
        actor = actor_of(w, t.awaited[0])
        legal = [a for a, _ in await svc.legal(w.channel.id, actor.id)]
        await actor.slash(w.channel, "move", action="pass" if "pass" in legal else legal[0])

    for _ in range(100):  # to a week with decrees still to vote on
        view = await svc.public_view(w.channel.id)
        pending = [d["id"] for d in view["decrees"] if d["result"] is None
                   and d["id"] != (view.get("vote") or {}).get("decree")]
        if pending:
            break
        await step()
    offered = await w.bob.autocomplete(w.channel, "game orders", "order", pending[0])
    assert f"vote {pending[0]} no" in [c["value"] for c in offered]
    for decree in pending:  # one order per decree: they stand side by side
        r = await w.bob.slash(w.channel, "game orders", order=f"vote {decree} no")
        assert r.ephemeral and r.response.content.startswith("📌 Standing order set:"), r.response.content
    current = (await svc.orders(w.channel.id, w.bob.id)).current
    assert current is not None and all(f"Vote No on {d}" in current[1] for d in pending)  # shown together
    bob = (await table(w)).seat_of(w.bob.id)
    voted: list[dict[str, Any]] = []
    for _ in range(800):
        t = await table(w)
        view = await svc.public_view(w.channel.id)
        assert not ((view.get("vote") or {}).get("decree") in pending and w.bob.id in t.awaited)  # never asked
        voted = [v for v in view["votes"] if v.get("decree") in pending and bob in v["yes"] + v["no"]]
        if voted:
            break
        await step()
    assert voted and bob in voted[0]["no"]  # the vote he gave ahead, cast for him
    assert all("Vote No on" not in text for text in w.texts())  # the orders are private
