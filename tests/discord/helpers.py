"""Small helpers for driving the bot like a player would (click the board, pick from the menu)."""

from __future__ import annotations

from typing import Any

import simcord

from tests.discord.conftest import World


def selects(result: simcord.InteractionResult) -> list[dict[str, Any]]:
    """The select menus of an (ephemeral) response, as raw component dicts."""
    assert result.response is not None, "no response message"
    return [c for row in result.response.components for c in row.get("components", []) if c.get("type") == 3]


def menu_actions(result: simcord.InteractionResult) -> list[str]:
    return [o["value"] for s in selects(result) for o in s["options"]]


def actor_of(w: World, user_id: int) -> Any:
    return next(a for a in (w.alice, w.bob, w.carol, w.mod) if a.id == user_id)


async def open_menu(w: World, actor: Any) -> simcord.InteractionResult:
    return await actor.click(w.board(), label="Take your turn")


async def choose(actor: Any, menu: simcord.InteractionResult, action: str) -> simcord.InteractionResult:
    """Pick ``action`` in whichever select of the menu offers it."""
    for select in selects(menu):
        if action in [o["value"] for o in select["options"]]:
            return await actor.select(menu.response, [action], custom_id=select["custom_id"])
    raise AssertionError(f"{action!r} is not in the menu")


async def play_by_button(w: World, actor: Any, pick: Any = None) -> tuple[str, simcord.InteractionResult]:
    """Open the menu from the newest board and play ``pick(actions)`` (default: the first action)."""
    menu = await open_menu(w, actor)
    actions = menu_actions(menu)
    assert actions, menu.response.content if menu.response else "no menu"
    action = pick(actions) if pick else actions[0]
    return action, await choose(actor, menu, action)


async def finish_bids(w: World) -> None:
    """Tally: every awaited player bids the first action of their menu until the (sequential) pick phase."""
    while len((t := await table(w)).awaited) > 1 or (await w.bot.service.public_view(w.channel.id))["phase"] == "bid":
        actor = actor_of(w, t.awaited[0])
        menu = await open_menu(w, actor)
        await choose(actor, menu, menu_actions(menu)[0])


async def new_table(w: World, *players: Any, game: str = "tally", options: str | None = "length=short",
                    bots: int = 0, **settings: Any) -> None:
    """Open, fill and start a table. A Tally table is opened with ``auto_forced`` off unless the test says otherwise:
    these tests drive every bid through the menus, and a deal of equal cards (a random seed) would otherwise make a
    bid the only option, played without asking (tests/discord/test_orders.py and tests/table/test_auto_orders.py test
    the automatic moves)."""
    if game == "tally":
        settings.setdefault("auto_forced", "off")
    host = players[0]
    kwargs = {"options": options} if options else {}
    await host.slash(w.channel, "game new", game=game, **kwargs)
    for p in players[1:]:
        await p.slash(w.channel, "game join")
    for _ in range(bots):
        await host.slash(w.channel, "game bot add")
    if settings:
        await host.slash(w.channel, "game settings", **settings)
    r = await host.slash(w.channel, "game start")
    assert "begins" in r.response.content, r.response.content


async def table(w: World) -> Any:
    return await w.bot.service.table(w.channel.id)
