"""Every player in their own language, the channel in the server's (issue 22), through the real bot on SimCord.

The ``locales`` shim (conftest) gives each simulated user a Discord locale and the guild its preferred locale, as
Discord's interaction payloads carry them: replies that only the clicking user sees speak that user's language,
DMs the language the recipient last interacted in, and what the Discord layer posts to the channel the table's
``language`` setting (by default the server's locale).
"""

from __future__ import annotations

from typing import Any

from bot.discord import command_limits as limits
from bot.discord.command_translator import LOCALES, translated
from bot.lang import speaking
from bot.table import PrivateUpdate
from tests.discord.conftest import World, set_server_locale
from tests.discord.helpers import actor_of, choose, menu_actions, selects, table

TRANSLATED = tuple(locale.value for locale in LOCALES)  # fr, de, it


def embed_text(result: Any) -> str:
    message = result.response
    return " ".join(str(embed.to_dict()) for embed in message.embeds) if message is not None else ""


async def click_turn(w: World, actor: Any) -> Any:
    """"Take your turn" on the newest board, by its id: the label is in the channel's language."""
    board = w.board()
    custom_id = next(str(c.custom_id) for row in board.components for c in getattr(row, "children", [])
                     if str(getattr(c, "custom_id", "")).startswith("kontor:turn:"))
    return await actor.click(board, custom_id=custom_id)


async def test_a_french_and_a_german_player_each_read_their_own_language_and_the_channel_the_tables(
        world: World, locales: dict[int, str]) -> None:
    w = world
    set_server_locale(w, "it")
    locales[w.alice.id], locales[w.bob.id] = "fr", "de"

    opened = await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    assert (await table(w)).settings["language"] == "it"  # the server's locale
    assert opened.response.content.startswith("Tavolo aperto")  # public: the table's language
    assert "Impostazioni" in embed_text(opened)
    assert "Tu as rejoint **Tally" in (w.alice.user.dm_channel.history()[-1].content or "")  # her DM: French

    joined = await w.bob.slash(w.channel, "game join")
    assert "Posti" in embed_text(joined)
    assert "Du bist **Tally" in (w.bob.user.dm_channel.history()[-1].content or "")  # his DM: German

    await w.alice.slash(w.channel, "game settings", auto_forced="off")
    started = await w.alice.slash(w.channel, "game start")
    assert "comincia!" in started.response.content

    # Both bid at once (a secret step): each menu in its reader's language, ephemeral.
    french = await click_turn(w, w.alice)
    assert french.response.content.startswith("**Tally (test game)** — tes choix")
    assert "Tout le monde choisit en même temps" in french.response.content
    assert selects(french)[0]["placeholder"] == "Choisis ton action…"
    german = await click_turn(w, w.bob)
    assert german.response.content.startswith("**Tally (test game)** — deine Möglichkeiten")
    assert selects(german)[0]["placeholder"] == "Wähle deine Aktion…"

    done = await choose(w.alice, french, menu_actions(french)[0])
    assert done.response.content.startswith("✅ C'est fait")
    again = await click_turn(w, w.alice)  # already chose: no longer awaited
    assert "la table attend" in again.response.content

    # A DM sent while serving Alice (French) reaches Bob in his own language, the one he last used.
    assert await w.bot.service.user_language(w.bob.id) == "de"
    t = await table(w)
    private = PrivateUpdate(await w.bot.service.private_view(w.channel.id, w.bob.id), [])
    with speaking("fr"):
        assert await w.bot.notifier.dms.send_screen(t, w.bob.id, private)
    dm = w.bob.user.dm_channel.history()[-1]
    assert (dm.content or "").startswith("Deine Ansicht in") and dm.embeds[0].title.startswith("Deine Ansicht — ")


async def test_a_new_table_reads_the_servers_language_and_the_host_can_change_it(
        world: World, locales: dict[int, str]) -> None:
    w = world
    set_server_locale(w, "de")
    opened = await w.alice.slash(w.channel, "game new", game="tally")  # Alice's client is English
    assert (await table(w)).settings["language"] == "de"
    assert opened.response.content.startswith("Tisch eröffnet")
    await w.alice.slash(w.channel, "game settings", language="fr")
    assert (await table(w)).settings["language"] == "fr"
    joined = await w.bob.slash(w.channel, "game join")
    assert "Places" in embed_text(joined)
    await w.alice.slash(w.channel, "game abandon")


async def test_a_server_in_a_language_kontor_does_not_speak_gets_english_tables(
        world: World, locales: dict[int, str]) -> None:
    set_server_locale(world, "ja")
    opened = await world.alice.slash(world.channel, "game new", game="tally")
    assert (await table(world)).settings["language"] == "en"
    assert opened.response.content.startswith("Table open")


def _nodes(payload: dict[str, Any], kind: str) -> Any:
    """(kind, node) of a command payload and everything under it: names, descriptions, choices."""
    yield kind, payload
    for option in payload.get("options") or []:
        sub = {1: "command", 2: "group"}.get(option.get("type"), "parameter")
        yield from _nodes(option, sub)
    for choice in payload.get("choices") or []:
        yield "choice", choice


async def test_the_command_tree_carries_french_german_and_italian_for_every_command_and_option(
        world: World) -> None:
    from discord.app_commands import TranslationContextLocation as Where

    payloads = await limits.tree_payloads(world.bot.tree)  # what the sync sends (the translator set in setup_hook)
    assert limits.problems(payloads) == []
    seen = 0
    for payload in payloads:
        top = "group" if any(o.get("type") in (1, 2) for o in payload.get("options") or []) else "command"
        for kind, node in _nodes(payload, top):
            names = node.get("name_localizations") or {}
            where = Where[f"{kind}_name"]
            for lang in TRANSLATED:
                # a name the same in a language (bot, colonia, options…) needs no localisation
                assert lang in names or translated(node["name"], lang, where) == node["name"], (kind, node["name"])
            if kind != "choice":
                described = node.get("description_localizations") or {}
                assert set(TRANSLATED) <= set(described), (kind, node["name"])
            seen += 1
    assert seen > 200  # every command, group, option and choice of the tree
    game = next(p for p in payloads if p["name"] == "game")
    assert game["name_localizations"] == {"fr": "partie", "de": "spiel", "it": "partita"}


def _component_texts(result: Any) -> tuple[list[str], list[str]]:
    """(this layer's texts: button labels and select placeholders; the option labels: the game's action labels)."""
    ours: list[str] = []
    labels: list[str] = []
    for row in result.response.components or []:
        for component in row.get("components", []):
            ours += [str(component.get("label") or ""), str(component.get("placeholder") or "")]
            labels += [str(option.get("label") or "") for option in component.get("options", [])]
    return ours, labels


def _masked(text: str, foreign: set[str]) -> str:
    """``text`` without the pieces other layers wrote (the game's labels, the table's title): only this layer's."""
    for piece in sorted(foreign, key=len, reverse=True):
        if piece:
            text = text.replace(piece, " ")
    return text


async def test_a_whole_game_in_the_pseudo_locale_leaves_no_word_of_the_discord_layer_in_english(
        world: World, locales: dict[int, str]) -> None:
    """Both players' clients in the pseudo-locale: every menu, confirmation, button and select this layer makes for
    them comes through the catalogs. The game's own words (the toy game's labels) and the service's lines are other
    layers' and are masked out; the channel (English: the server's locale) is not on trial here."""
    from tests.support.pseudo import untranslated

    w = world
    locales[w.alice.id] = locales[w.bob.id] = "qps"
    await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    await w.bob.slash(w.channel, "game join")
    await w.alice.slash(w.channel, "game settings", auto_forced="off")
    await w.alice.slash(w.channel, "game start")
    t = await table(w)
    names = [*t.names, t.title]
    foreign: set[str] = {t.title}
    checked = 0
    for _ in range(60):
        t = await table(w)
        if t.status != "active":
            break
        actor = actor_of(w, t.awaited[0])
        menu = await click_turn(w, actor)
        ours, labels = _component_texts(menu)
        foreign.update(labels)
        action = menu_actions(menu)[0]
        names += [value.split(" ")[0] for value in menu_actions(menu)]  # action words: protocol, never translated
        asked = menu.response.content.split("\n")[0]  # "**Tally** — your options (3):" (the reply is edited next)
        done = await choose(actor, menu, action)
        first_line = (done.response.content or "").split("\n")[0]  # "✅ Done: <label> (`action`)"; news below
        for said in [*ours, asked, first_line, *_component_texts(done)[0]]:
            assert untranslated(_masked(said, foreign | {action}), allowed=names) == [], said
            checked += 1
    assert t.status == "finished" and checked > 20
    logged = await w.bob.slash(w.channel, "game log")
    head = logged.response.content.split("\n")[0]
    assert untranslated(_masked(head, foreign), allowed=names) == [], head
