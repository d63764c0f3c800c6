"""Every registered game played by three people through Discord (menus and ``/move``; two in a 2-player game such as
the plugin test game Secret Nim, tests/support/games.py), then the whole transcript read back: the channel, each
player's DMs and every ephemeral answer.

- Players are named, never numbered: no "Seat 2" in any message, embed or menu label.
- No private line (a player's "Just now" events, sent by DM) ever appears in the channel.
- Images: the channel only carries ``board.png``; a private ``screen.png`` only goes by DM or ephemerally.

The default run covers the opening of each game (where the secret simultaneous steps are: Colonia's
family cards and votes, Strasbourg's planning); ``-m slow`` plays every game to its end.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import rules
from rules.core import Rng
from tests.discord.helpers import actor_of, new_table, table
from tests.support.games import NAMES

SEAT_NUMBER = re.compile(r"\b[Ss]eat \d+\b")
GAMES = NAMES
pytestmark = pytest.mark.usefixtures("plugin_games")  # registered before the bot is built


def message_texts(message: Any) -> list[str]:
    out = [message.content or ""]
    out.extend(json.dumps(e.to_dict(), ensure_ascii=False) for e in message.embeds)
    return out


def result_texts(result: Any) -> list[str]:
    """An interaction's answer: content, embeds and the labels of any menu it carries."""
    out: list[str] = []
    for message in [result.response, *result.followups]:
        if message is None:
            continue
        out.append(message.content or "")
        out.extend(json.dumps(e.to_dict(), ensure_ascii=False) for e in message.embeds)
        for row in getattr(message, "components", []) or []:
            for item in row.get("components", []) if isinstance(row, dict) else []:
                out.extend(f"{o.get('label', '')} {o.get('description') or ''}" for o in item.get("options", []))
    return out


def private_lines(dm_history: list[Any]) -> set[str]:
    lines: set[str] = set()
    for message in dm_history:
        for embed in message.embeds:
            for field in embed.fields:
                if field.name == "Just now":
                    lines.update(line for line in str(field.value).splitlines() if line.strip())
    return lines


async def play(w: Any, name: str, max_moves: int) -> tuple[list[str], int]:
    """Seat alice, bob and carol (as many as the game seats; bots for missing seats) and play ``max_moves`` human
    moves; returns the ephemeral texts seen and the moves made. Humans choose what the game's bot would, from their
    own view."""
    game = rules.get_game(name)
    humans = (w.alice, w.bob, w.carol)[:game.max_players]
    await new_table(w, *humans, game=name, options=None, bots=max(0, game.min_players - len(humans)))
    svc = w.bot.service
    ephemeral: list[str] = []
    moves = 0
    while (t := await table(w)).status == "active" and moves < max_moves:
        actor = actor_of(w, t.awaited[0])
        seat = t.seat_of(actor.id)
        legal = [a for a, _ in await svc.legal(w.channel.id, actor.id)]
        view = await svc.private_view(w.channel.id, actor.id)
        action = game.bot_action(view, legal, seat, Rng(11, "player", moves))
        if moves % 5 == 0:  # the menu under the board …
            menu = await actor.click(w.board(), label="Take your turn")
            ephemeral += result_texts(menu)
            select = next(s for row in menu.response.components for s in row["components"]
                          if s.get("type") == 3 and action in [o["value"] for o in s["options"]])
            result = await actor.select(menu.response, [action], custom_id=select["custom_id"])
        else:  # … or the generic command
            result = await actor.slash(w.channel, "move", action=action)
        ephemeral += result_texts(result)
        assert (result.response.content or "").startswith("✅ Done"), result.response.content
        if moves % 25 == 3:
            ephemeral += result_texts(await actor.slash(w.channel, "game hand"))
            ephemeral += result_texts(await w.mod.slash(w.channel, "game status"))
        moves += 1
    ephemeral += result_texts(await w.mod.slash(w.channel, "game log"))
    return ephemeral, moves


def check_transcript(w: Any, ephemeral: list[str]) -> None:
    channel = w.channel.history()
    public = [text for m in channel for text in message_texts(m)]
    players = (w.alice, w.bob, w.carol)
    dms = {p.name: p.user.dm_channel.history() for p in players}
    private_texts = [text for history in dms.values() for m in history for text in message_texts(m)]

    for text in public + private_texts + ephemeral:
        found = SEAT_NUMBER.search(text)
        assert found is None, f"a seat number instead of a name: …{text[max(0, found.start() - 80):found.end() + 40]}…"

    secrets = set().union(*(private_lines(history) for history in dms.values()))
    leaked = sorted(line for line in secrets if any(line in text for text in public))
    assert not leaked, f"private lines in the channel: {leaked[:5]}"

    assert {a.filename for m in channel for a in m.attachments} <= {"board.png"}
    for history in dms.values():
        assert {a.filename for m in history for a in m.attachments} <= {"screen.png"}


@pytest.mark.parametrize("name", GAMES)
async def test_the_opening_of_every_game_reads_well_and_keeps_secrets(world: Any, name: str) -> None:
    ephemeral, moves = await play(world, name, max_moves=40)
    assert moves == 40 or (await table(world)).status == "finished"
    check_transcript(world, ephemeral)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
async def test_a_whole_game_reads_well_and_keeps_secrets(world: Any, name: str) -> None:
    ephemeral, _ = await play(world, name, max_moves=3000)
    assert (await table(world)).status == "finished"
    assert world.channel.history()[-1].content.startswith("🏁 Game over")
    check_transcript(world, ephemeral)
