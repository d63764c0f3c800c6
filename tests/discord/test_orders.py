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
    assert [c["value"] for c in offered] == ["decline"]

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
