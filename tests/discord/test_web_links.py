"""The links from Discord to the web pages (docs/web.md) on SimCord: with ``KONTOR_WEB_URL`` each board post carries a
"View on the web" link button to the table's page, ``/game status`` and ``/game log`` name it, ``/watch web`` gives it
with the server's pages; a server's admins turn the pages off with ``/game settings web:off`` (Manage Server, checked
first), and then no post links anywhere. Without ``KONTOR_WEB_URL`` there is no link at all."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.config import Config
from bot.discord.app import KontorBot, build_bot
from bot.discord.ui.items import Board, board_view
from bot.table import WebLinks
from tests.discord.conftest import components, service_settings
from tests.discord.helpers import actor_of, new_table, play_by_button, table

LINKS = WebLinks("https://kontor.example", b"simcord-web-secret-0123456789")


@pytest.fixture
def simcord_bot(db_path: str) -> KontorBot:
    return build_bot(Config(token="", db_path=db_path, web_links=LINKS), service_options=service_settings())


def link_buttons(message: Any) -> list[Any]:
    """The link buttons of a channel message (discord.py's components) or an ephemeral answer (SimCord's payload)."""
    found = []
    every = (components(message) if not any(isinstance(row, dict) for row in message.components)
             else [c for row in message.components for c in row["components"]])  # a turn card's sit in its container
    for c in every:
        style = c.get("style") if isinstance(c, dict) else getattr(c, "style", None)
        if style in (discord.ButtonStyle.link, discord.ButtonStyle.link.value):
            found.append(c)
    return found


def url_of(button: Any) -> str:
    return str(button["url"] if isinstance(button, dict) else button.url)


async def test_every_link_leads_to_the_tables_page_until_the_server_turns_them_off(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob)
    t = await table(w)
    page = LINKS.table(t.game_id)
    assert page.startswith("https://kontor.example/t/") and str(t.game_id) not in page.split("-", 1)[1]
    (button,) = link_buttons(w.board())
    assert button.url == page and button.label == "View on the web"
    status = await w.carol.slash(w.channel, "game status")  # anyone, even a spectator
    assert page in status.response.content
    log = await w.carol.slash(w.channel, "game log")
    assert [url_of(b) for b in link_buttons(log.response)] == [page]
    watch = await w.carol.slash(w.channel, "watch web")
    assert watch.ephemeral and page in watch.response.content
    assert LINKS.server(w.guild.id) in watch.response.content
    # a member who may not manage the server is refused before anything changes
    refused = await w.alice.slash(w.channel, "game settings", web="off")
    assert "Manage Server" in refused.response.content
    assert await w.bot.service.web_pages(w.guild.id)
    role = w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    boss = w.guild.add_member(w.env.create_user("hanna"), roles=[role])
    # a table setting refused (rated is fixed once the game started) leaves the server's pages as they were
    await boss.slash(w.channel, "game settings", web="off", rated="off")
    assert await w.bot.service.web_pages(w.guild.id)
    done = await boss.slash(w.channel, "game settings", web="off")
    assert "web pages are off" in done.response.content
    assert not await w.bot.service.web_pages(w.guild.id)
    await play_by_button(w, actor_of(w, (await table(w)).awaited[0]))
    assert link_buttons(w.board()) == []  # the next board goes without
    assert "https://" not in (await w.carol.slash(w.channel, "game status")).response.content
    assert link_buttons((await w.carol.slash(w.channel, "game log")).response) == []
    assert "turned off" in (await w.carol.slash(w.channel, "watch web")).response.content
    back = await boss.slash(w.channel, "game settings", web="on")
    assert "web pages are on" in back.response.content
    await play_by_button(w, actor_of(w, (await table(w)).awaited[0]))
    assert [url_of(b) for b in link_buttons(w.board())] == [page]


def test_the_board_buttons_fit_discords_limits_with_the_link() -> None:
    link = LINKS.table(2**62)
    view = board_view(Board(2**62, 2**62, 10**9), link=link)
    assert len(view.children) <= 5 and len(link) <= 512  # one row of at most five; a button's URL ≤ 512
    assert all(len(getattr(item, "label", "") or "") <= 80 for item in view.children)
