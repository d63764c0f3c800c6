"""Application emojis through SimCord (docs/discord.md, "Application emojis"): the first start uploads every
picture, a second uploads nothing, a changed picture replaces only its own emoji, a menu option carries the
uploaded emoji, and a refused upload leaves the Unicode marks in place — the start goes on regardless."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot.discord.emojis.app_emojis import FOLDER, AppEmojis, pictures
from bot.discord.emojis.things import UNICODE
from render.emoji_art import draw
from tests.discord.conftest import make_bot, shut_down
from tests.discord.helpers import choose, menu_actions, new_table, open_menu, selects, table
from tests.support.app_emojis import Uploads, faithful_app_emojis

PATH = "/applications/*/emojis"


@pytest.fixture(autouse=True)
def uploads(monkeypatch: pytest.MonkeyPatch) -> Uploads:
    """Installed before the bot starts (autouse fixtures come first)."""
    return faithful_app_emojis(monkeypatch)


def app_names(w: Any) -> set[str]:
    return {e.name for e in w.env.backend.application_emojis.values()}


async def test_the_first_start_uploads_every_picture_and_the_second_nothing(world: Any, db_path: str,
                                                                            uploads: Uploads) -> None:
    w = world
    await w.bot.app_emojis.ready()
    wanted = pictures()
    assert len(wanted) == sum(len(things) for things in UNICODE.values())  # a picture for every thing
    assert sorted(uploads.names) == sorted(p.name for p in wanted) and app_names(w) == {p.name for p in wanted}
    by_name = {e.name: e.id for e in w.env.backend.application_emojis.values()}
    coffee = next(p for p in wanted if (p.game, p.thing) == ("speicherstadt", "coffee"))
    assert uploads.images[by_name[coffee.name]] == (FOLDER / "speicherstadt_coffee.png").read_bytes()
    assert w.bot.app_emojis.mark("speicherstadt", "sell coffee") == f"<:{coffee.name}:{by_name[coffee.name]}>"

    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path))
    await w.bot.app_emojis.ready()
    assert len(uploads.names) == len(wanted)  # nothing new
    assert w.bot.app_emojis.mark("speicherstadt", "sell coffee") == f"<:{coffee.name}:{by_name[coffee.name]}>"


async def test_a_changed_picture_replaces_only_its_own_emoji(world: Any, tmp_path: Path, uploads: Uploads) -> None:
    w = world
    await w.bot.app_emojis.ready()
    before = app_names(w)
    folder = tmp_path / "png"
    folder.mkdir()
    for path in FOLDER.glob("*.png"):
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "nuernberg_wool.png").write_bytes(draw("nuernberg", "wool", 64))  # a redrawn sprite
    emojis = AppEmojis(w.bot, folder=folder)
    assert await emojis.sync() == 1
    new = next(p.name for p in pictures(folder) if p.thing == "wool")
    old = next(n for n in before if n.startswith("kontor_nuernberg_wool_"))
    assert new != old and app_names(w) == (before - {old}) | {new}
    assert uploads.names[-1] == new and emojis.mark("nuernberg", "give wool").startswith(f"<:{new}:")


async def test_a_menu_option_and_the_log_carry_the_goods_emoji(world: Any) -> None:
    w = world
    await w.bot.app_emojis.ready()
    await new_table(w, w.alice, w.bob, game="speicherstadt", options=None)
    for _ in range(40):  # the workers are placed; then the first card is offered: buy (coins) or decline
        t = await table(w)
        legal = [a for a, _label in await w.bot.service.legal(w.channel.id, t.awaited[0])]
        if "buy" in legal:
            break
        actor = w.alice if t.awaited[0] == w.alice.id else w.bob
        await actor.slash(w.channel, "move", action=legal[0])
    else:
        raise AssertionError("no card was offered")
    actor = w.alice if t.awaited[0] == w.alice.id else w.bob
    menu = await open_menu(w, actor)
    assert "buy" in menu_actions(menu)
    options = {o["value"]: o for s in selects(menu) for o in s["options"]}
    coin = next(e for e in w.env.backend.application_emojis.values()
                if e.name.startswith("kontor_speicherstadt_coin_"))
    assert int(options["buy"]["emoji"]["id"]) == coin.id and options["buy"]["emoji"]["name"] == coin.name
    assert "emoji" not in options["decline"]  # no one thing: no emoji
    await choose(actor, menu, "buy")
    log = (await actor.slash(w.channel, "game log")).response.content
    bought = next(line for line in log.splitlines() if f"<:{coin.name}:{coin.id}>" in line)
    assert bought.index(f"<:{coin.name}:") > bought.index(" — ")  # after the time and marks, before the line


async def test_a_refused_upload_leaves_the_unicode_marks(world: Any, db_path: str, uploads: Uploads,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    w = world
    await w.bot.app_emojis.ready()
    w.env.backend.application_emojis.clear()  # a new application: nothing uploaded yet
    w.env.inject_error("POST", PATH, status=400, code=50035, message="Invalid Form Body", times=None)
    await shut_down(w.bot)
    caplog.set_level(logging.WARNING, logger="kontor")
    await w.env.restart_bot(make_bot(db_path))
    await w.bot.app_emojis.ready()
    refusals = [r.getMessage() for r in caplog.records if "not uploaded" in r.getMessage()]
    assert len(refusals) == 1 and refusals[0].startswith("38 application emoji(s) not uploaded (kontor_")
    assert w.bot.app_emojis.mark("speicherstadt", "sell coffee") == "☕"
    assert w.bot.app_emojis.mark("nuernberg", "give wool") == "🐑"
    assert w.bot.app_emojis.mark("nuernberg", "end") == ""
    r = await w.alice.slash(w.channel, "game new", game="tally")  # the bot works on
    assert not r.ephemeral
