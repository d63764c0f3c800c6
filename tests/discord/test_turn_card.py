"""The turn card (docs/discord.md, "The turn card"), on SimCord: with the bot's default form each board is one
Components V2 message — whose move (pinging only whom today's post pings), the last lines, the board and its focus panel
as one gallery with their alt texts, the digest, the seats, the buttons with their persistent ids (working after a
restart), the end report with the chart of the rounds on the final card — edited in place while the same player is
awaited; a server's admin may choose the embed form instead (``/game settings card:embed``, Manage Server, refused to
others before anything changes), and back."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

import render
import rules
from bot.discord.ui.turn_card import MAX_COMPONENTS, MAX_TEXT
from bot.table import TableError
from rules.core import ALT_TEXT_MAX
from tests.discord.conftest import components, make_bot, shut_down
from tests.discord.helpers import actor_of, choose, menu_actions, new_table, open_menu, play_by_button, table

PNG = b"\x89PNG\r\n\x1a\n"
FOCUS: dict[str, bool] = {"on": True}  # whether the next board has a focus panel (a decision on one part of it)


@pytest.fixture
def card() -> str:
    return "v2"  # the bot's own default (Config.card)


@pytest.fixture
def service_options(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    # Any PNG will do: what is tested is where the images go and what they say; the chart is drawn for real.
    monkeypatch.setattr(render, "board", lambda *_a, **_k: PNG + b"board")
    monkeypatch.setattr(render, "private", lambda *_a, **_k: PNG + b"screen")
    monkeypatch.setattr(render, "board_and_focus", lambda *_a, **_k: (PNG + b"board", PNG + b"focus"))
    monkeypatch.setattr(render, "has_focus", lambda *_a, **_k: FOCUS["on"])
    FOCUS["on"] = True
    return {"render": True}


def is_card(message: Any) -> bool:
    return bool(message.flags.value & simcord.components.COMPONENTS_V2_FLAG)


def texts(message: Any) -> list[str]:
    return [c.content for c in components(message) if isinstance(c, discord.components.TextDisplay)]


def gallery_items(message: Any) -> list[Any]:
    return [item for c in components(message) if isinstance(c, discord.components.MediaGalleryComponent)
            for item in c.items]


def buttons(message: Any) -> list[Any]:
    return [c for c in components(message) if isinstance(c, discord.components.Button)]


def check_card(message: Any) -> None:
    """Discord's limits for a Components V2 message, and alt text on every image it shows."""
    assert is_card(message) and not message.content and not message.embeds
    assert len(components(message)) <= MAX_COMPONENTS
    assert sum(len(t) for t in texts(message)) <= MAX_TEXT
    shown = gallery_items(message)
    assert shown and all(item.description and len(item.description) <= ALT_TEXT_MAX for item in shown)
    assert {a.filename for a in message.attachments} == {item.media.url.rsplit("/", 1)[-1] for item in shown}


async def test_a_turn_is_one_card_with_whose_move_the_board_and_the_buttons(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob)  # Tally: both bid at once
    card = w.board()
    check_card(card)
    t = await table(w)
    head = texts(card)[0]
    assert head.startswith("### Tally (test game)\nYour move: ")
    assert {m.id for m in card.mentions} == set(t.awaited)  # pinged: the players whose turn began
    assert [a.filename for a in card.attachments] == ["board.png", "zoom.png"]
    board, zoom = gallery_items(card)
    assert board.description and board.description == card.attachments[0].description  # the board's alt text
    assert zoom.description.startswith("Zoom: ")
    assert [b.label for b in buttons(card)] == ["Take your turn", "My screen", "Describe"]
    assert buttons(card)[0].custom_id == f"kontor:turn:{w.channel.id}:{t.game_id}:{t.version}"
    assert any("▶️" in text and "alice" in text for text in texts(card))  # the seats, whom the table waits for
    assert texts(card)[-1].startswith(f"-# Move {t.moves}")
    # the buttons work from the card
    actor = actor_of(w, t.awaited[0])
    menu = await actor.click(card, label="Take your turn")
    assert menu.ephemeral and menu_actions(menu)
    screen = await actor.click(card, label="My screen")
    assert screen.ephemeral
    said = await actor.click(card, label="Describe")
    assert said.ephemeral and said.response.content


async def test_one_image_where_one_is_enough(world: Any) -> None:
    w = world
    FOCUS["on"] = False  # no part of the board to enlarge
    await new_table(w, w.alice, w.bob)
    card = w.board()
    check_card(card)
    assert [a.filename for a in card.attachments] == ["board.png"] and len(gallery_items(card)) == 1


async def test_the_digest_and_the_last_move_are_on_the_card_and_only_the_new_player_is_pinged(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, w.carol)
    for _ in range(12):  # to a card that begins someone's turn after others moved
        t = await table(w)
        before = set(t.awaited)
        posted = len(w.channel.history())
        await play_by_button(w, actor_of(w, min(t.awaited)))
        after = set((await table(w)).awaited)
        new = [m for m in w.channel.history()[posted:] if is_card(m)]
        for message in new:
            check_card(message)
            assert {m.id for m in message.mentions} <= after - before  # never a re-ping
        if new and any("📰 " in text for text in texts(new[-1])):
            card = new[-1]
            assert any(line.endswith(".") for line in texts(card)[1].splitlines())  # the last lines
            break
    else:
        raise AssertionError("no card carried a digest")


async def test_the_steps_of_one_players_turn_edit_one_card(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, w.carol, game="nuernberg", options=None)  # turns of several steps
    edited = 0
    for _ in range(150):
        t = await table(w)
        if len(t.awaited) != 1:
            for user in t.awaited:
                await play_by_button(w, actor_of(w, user))
            continue
        card = w.board()
        await play_by_button(w, actor_of(w, t.awaited[0]))
        after = await table(w)
        if after.awaited == t.awaited and after.status == "active" and texts(w.board())[-1].startswith(
                f"-# Move {after.moves} "):
            assert w.board().id == card.id and is_card(w.board())  # edited in place, still a card
            assert buttons(w.board())[0].custom_id.endswith(f":{after.version}")
            check_card(w.board())
            edited += 1
        if edited >= 2:
            break
    assert edited >= 1, "no turn of several steps with public news was played"


async def test_the_final_card_carries_the_report_and_the_chart(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob)
    for _ in range(80):
        t = await table(w)
        if t.status != "active":
            break
        actor = actor_of(w, t.awaited[0])
        menu = await open_menu(w, actor)
        await choose(actor, menu, menu_actions(menu)[0])
    final = w.channel.history()[-1]
    check_card(final)
    said = "\n".join(texts(final))
    assert "🏁 Game over" in said and "🔓 Seed:" in said and "**📋 Report — Tally (test game)**" in said
    assert [a.filename for a in final.attachments][-1] == "scores.png"
    chart = gallery_items(final)[-1]
    assert chart.description.startswith("Chart of the points after each round of Tally (test game)")
    assert [(b.label, b.custom_id) for b in buttons(final)] == [("Rematch", f"kontor:rematch:{t.game_id}")]
    assert not final.mentions  # the end pings nobody


async def test_a_server_admin_chooses_the_embed_form_and_back(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, w.carol)
    refused = await w.alice.slash(w.channel, "game settings", card="embed", pace="fast")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert (await table(w)).settings.get("pace") != "fast"  # refused before anything changed
    boss = w.guild.add_member(w.env.create_user("boss"),
                              roles=[w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))])
    done = await boss.slash(w.channel, "game settings", card="embed")
    assert "embeds" in done.response.content and not done.ephemeral
    await play_by_button(w, actor_of(w, min((await table(w)).awaited)))
    board = w.board()
    assert not is_card(board) and board.embeds and board.embeds[0].image.url.endswith("board.png")
    back = await boss.slash(w.channel, "game settings", card="v2")
    assert "turn card" in back.response.content
    await play_by_button(w, actor_of(w, min((await table(w)).awaited)))
    check_card(w.board())


async def test_a_card_becomes_an_embed_as_a_new_post_when_it_cannot_be_edited(world: Any) -> None:
    """A live board (``post:live``) is edited in place; Discord cannot turn a card back into an embed, so after the
    server chose the embed form the next board is a new post rather than a failed edit."""
    w = world
    await new_table(w, w.alice, w.bob, w.carol, post="live")
    live = w.board()
    check_card(live)
    await play_by_button(w, actor_of(w, min((await table(w)).awaited)))
    assert w.board().id == live.id and is_card(w.board())  # the live card, edited
    await w.bot.service.set_card_form(w.guild.id, "embed")
    await play_by_button(w, actor_of(w, min((await table(w)).awaited)))
    board = w.board()
    assert board.id != live.id and not is_card(board) and board.embeds
    await w.bot.service.set_card_form(w.guild.id, "v2")  # an embed can become a card: edited in place again
    await play_by_button(w, actor_of(w, min((await table(w)).awaited)))
    assert w.board().id == board.id and is_card(w.board()) and not w.board().embeds


async def test_a_cards_buttons_work_after_a_restart(world: Any, db_path: str) -> None:
    w = world
    await new_table(w, w.alice, w.bob)
    card = w.board()
    t = await table(w)
    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path, card="v2", render=True))
    actor = actor_of(w, t.awaited[0])
    menu = await actor.click(card, label="Take your turn")
    assert menu.ephemeral and menu_actions(menu)


async def _play_and_check(w: Any, name: str, max_moves: int) -> int:
    """Play as tests/discord/test_transcripts.py does, with the cards on: each card within Discord's limits, its
    images with alt text, players named (never "Seat 2") and no private line (a player's DM news) on it."""
    from tests.discord.test_transcripts import SEAT_NUMBER, play, private_lines

    await play(w, name, max_moves=max_moves)
    cards = [m for m in w.channel.history() if is_card(m)]
    secrets = set().union(*(private_lines(p.user.dm_channel.history()) for p in (w.alice, w.bob, w.carol)))
    for message in cards:
        check_card(message)
        said = "\n".join(texts(message))
        assert SEAT_NUMBER.search(said) is None, said
        assert not [line for line in secrets if line in said]
    return len(cards)


@pytest.mark.parametrize("name", sorted(rules.GAMES))
async def test_the_opening_of_every_game_is_cards_within_discords_limits(world: Any, name: str) -> None:
    assert await _play_and_check(world, name, max_moves=40) >= 2


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(rules.GAMES))
async def test_every_card_of_a_whole_game_on_discord_is_within_discords_limits(world: Any, name: str) -> None:
    await _play_and_check(world, name, max_moves=3000)
    assert (await table(world)).status == "finished"
    final = world.channel.history()[-1]
    check_card(final)
    assert "🏁 Game over" in texts(final)[0] and any(t.startswith("**📋 Report") for t in texts(final))


@pytest.mark.parametrize(("language", "your_move", "move", "take"), [
    ("fr", "À vous de jouer : ", "-# Coup ", "Jouer mon tour"),
    ("de", "Du bist am Zug: ", "-# Zug ", None),
    ("it", "Tocca a te: ", "-# Mossa ", None),
])
async def test_the_card_speaks_the_tables_language(world: Any, language: str, your_move: str, move: str,
                                                    take: str | None) -> None:
    w = world
    await new_table(w, w.alice, w.bob, w.carol)
    await w.alice.slash(w.channel, "game settings", language=language)
    for _ in range(6):  # to a card that begins someone's turn
        actor = actor_of(w, min((await table(w)).awaited))
        menu = await actor.click(w.board(), custom_id=buttons(w.board())[0].custom_id)  # whatever its language
        await choose(actor, menu, menu_actions(menu)[0])
        card = w.board()
        if card.mentions:
            break
    check_card(card)
    assert texts(card)[0].split("\n")[1].startswith(your_move)
    assert texts(card)[-1].startswith(move)
    assert not gallery_items(card)[1].description.startswith("Zoom: ")  # the alt text too
    if take:
        assert buttons(card)[0].label == take


async def test_the_card_form_is_kept_per_server_and_checked(world: Any) -> None:
    svc = world.bot.service
    assert await svc.card_form(world.guild.id) is None  # the bot's default until an admin chooses
    assert await svc.card_form(None) is None
    assert await svc.set_card_form(world.guild.id, "embed") == "embed"
    assert await svc.card_form(world.guild.id) == "embed"
    assert await svc.card_form(world.guild.id + 1) is None  # another server's is its own
    with pytest.raises(TableError):
        await svc.set_card_form(world.guild.id, "fancy")
    assert await svc.card_form(world.guild.id) == "embed"  # a refused choice changes nothing
    assert await svc.web_pages(world.guild.id)  # the other switch of the same row is untouched
