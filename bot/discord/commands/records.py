"""``/game log``, ``/game mygames`` and ``/game record``: looking back at a game, and at all of one's games.

Added to the ``/game`` group that ``commands.lobby`` builds (call ``setup`` after ``lobby.setup``), so that
module stays the lobby's. Translation only: the table (``TableService.log_entries``, ``game_list``,
``record``) decides; a refusal (TableError) is raised, and the command tree answers it privately
(``bot.discord.app.KontorTree``).
"""

from __future__ import annotations

import functools
import io
import json
from typing import Any

import discord
from discord import app_commands

from bot.discord import notify_prefs
from bot.discord.botcore import BotCore
from bot.discord.ui import embeds, logview
from bot.discord.ui.pager import Pager
from bot.discord.ui.text import NO_PING, clip, shown
from bot.discord.weblinks import link_button, table_link
from bot.table import UNREACHABLE, DamagedGame, MyGame, Table, TableError, pause_text
from rules.words import N_, translator

_, _n = translator("discord")

MAX_REPLY = 2000
PAGE_LINE_ROOM = 100  # "📄 Page 2 of 3: …" in the longest language
NOTHING_OPEN = N_("No game is waiting for you. 🎉 You have no open games: `/game new` opens a table.")


def link(table: Table) -> str:
    """A jump link to the game's channel: it works across servers, where a bare channel mention would not resolve."""
    return f"https://discord.com/channels/{table.guild or '@me'}/{table.channel}"


def mygames_line(game: MyGame, user: int) -> str:
    """One game in /game mygames: title, number, link, whose move it is (and the time left when it is yours), and
    for a paused table why, and how to go on."""
    t = game.table
    line = "• " + _("**{title}** (game #{game})").format(title=shown(_(t.title)), game=t.game_id) + f" {link(t)} — "
    if t.status == "lobby":
        line += (_("lobby, {seated}/{most} seats, you host: `/game start`") if t.host == user
                 else _("lobby, {seated}/{most} seats")).format(seated=len(t.seats), most=t.max_players)
    elif game.yours:
        line += _("**your move**")
        if game.due_at is not None:
            line += _(", deadline {when}").format(when=f"<t:{int(game.due_at)}:R>")
        elif t.paused is None:
            line += _(", no deadline")
        others = [t.seats[s].name for s in t.awaited_seats if t.seats[s].user_id != user]
        if others:
            line += " " + _("({names} too)").format(names=", ".join(shown(n) for n in others))
    else:
        waiting = [t.seats[s].name for s in t.awaited_seats]
        line += (_("waiting for {names}").format(names=", ".join(shown(n) for n in waiting)) if waiting
                 else _("the bots are moving"))
    if t.paused is not None:
        line += f" ⏸️ {pause_text(t)}"
    if t.paused in UNREACHABLE:
        line += " " + _("Continue it elsewhere: `/game move-here game:{game}`.").format(game=t.game_id)
    return line


def mygames_pages(games: list[MyGame], user: int, room: int = MAX_REPLY) -> list[str]:
    """The answer in pages of at most ``room`` characters (Discord's 2,000): the games waiting for the player first
    (the table's order: the nearest deadline first), then the others; a game is never split across pages, and each
    page repeats the heading of the group it continues. More than one page: each says which it is."""
    if not games:
        return [_(NOTHING_OPEN)]
    mine = [g for g in games if g.yours]
    rest = [g for g in games if not g.yours]
    parts: list[tuple[str, list[MyGame]]] = []
    if mine:
        parts.append((_n("**It's your move in {n} game:**", "**It's your move in {n} games:**", len(mine)).format(
            n=len(mine)), mine))
        if rest:
            parts.append((_("**Your other open games:**"), rest))
    else:
        parts.append((_n("No game is waiting for your move right now. Your {n} open game:",
                         "No game is waiting for your move right now. Your {n} open games:", len(rest)).format(
            n=len(rest)), rest))
    room -= PAGE_LINE_ROOM
    pages: list[list[str]] = []
    page: list[str] = []
    for head, group in parts:
        for i, game in enumerate(group):
            line = clip(mygames_line(game, user), room - len(head) - 1)
            if page and len("\n".join([*page, line])) > room:
                pages.append(page)
                page = []
            if i == 0 or not page:
                page.append(head)
            page.append(line)
    pages.append(page)
    if len(pages) == 1:
        return ["\n".join(pages[0])]
    return ["\n".join([*lines, "📄 " + _("Page {page} of {pages}: the buttons below or `/game mygames page:` turn"
                                            " the pages.").format(page=n + 1, pages=len(pages))])
            for n, lines in enumerate(pages)]


class MyGamesPager(Pager):
    """◀ Previous / Next ▶ under an ephemeral /game mygames page; page 0 holds the games waiting for the player."""

    def __init__(self, question: discord.Interaction[Any], texts: list[str], index: int = 0) -> None:
        self.texts = texts
        super().__init__(question, len(texts), index)

    async def page(self) -> dict[str, Any]:
        return {"content": self.texts[self.index]}


async def _record_table(svc: Any, interaction: discord.Interaction[Any], game: int | None) -> Table:
    """The game whose record is asked for: ``game`` by number, else the channel's latest game that has ended."""
    if game is not None:
        table: Table = await svc.table_of_game(game)
        if table.guild != interaction.guild_id and interaction.user.id not in table.humans:
            raise TableError(_("Game #{game} was played on another server.").format(game=game))
        return table
    if interaction.channel_id is None:
        raise TableError(_("Use this in a server channel or thread, or name the game: `/game record game:N`."))
    history: list[Table] = await svc.history(interaction.channel_id)
    ended = [t for t in history if t.status in ("finished", "abandoned") and t.seed_digest is not None]
    if ended:
        return ended[-1]
    if any(t.status == "active" for t in history):
        raise TableError(_("This channel's game is still running: its seed stays secret until the game ends, and its"
                           " record with it."))
    raise TableError(_("No game has ended in this channel yet."))


def mygames_command(bot: BotCore) -> app_commands.Command[Any, ..., None]:
    """``mygames``: the same command in ``/game`` and in the personal ``/kontor`` group (commands/personal.py)."""

    @app_commands.command(name="mygames", description="All your open games on every server: your moves first")
    @app_commands.describe(page="1 = the games waiting for your move, then the others")
    async def mygames(interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 100] = 1) -> None:
        user = interaction.user.id
        prefs = notify_prefs.footer(await bot.service.notify_pref(user))  # how they hear of their turns
        texts = [f"{text}\n{prefs}" for text in
                 mygames_pages(await bot.service.game_list(user), user, room=MAX_REPLY - len(prefs) - 1)]
        if page > len(texts):
            raise TableError(_n("Your open games fit on {n} page.", "Your open games fit on {n} pages.",
                                len(texts)).format(n=len(texts)))
        if len(texts) == 1:
            await interaction.response.send_message(texts[0], ephemeral=True, allowed_mentions=NO_PING)
            return
        pager = MyGamesPager(interaction, texts, page - 1)
        await interaction.response.send_message(texts[page - 1], view=pager, ephemeral=True,
                                                allowed_mentions=NO_PING)

    return mygames


def setup(bot: BotCore) -> None:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"{__name__} adds to the /game group: run bot.discord.commands.lobby.setup first")

    @app_commands.command(name="log", description="This channel's game, event by event, newest first (paged)")
    @app_commands.describe(page="1 = the newest events, 2 = the ones before, …")
    async def log(interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 1000] = 1) -> None:
        if interaction.channel_id is None:
            raise TableError(_("Use this in a server channel or thread."))
        game = link = None
        try:
            table = await bot.service.table(interaction.channel_id)
            title, game, link = table.title, table.game, await table_link(bot, table)
        except DamagedGame:  # its log can still be read (a damaged entry says so)
            title = _("this channel's game")
        thing = None if game is None else functools.partial(bot.app_emojis.mark, game)
        texts = logview.pages(await bot.service.log_entries(interaction.channel_id), thing)
        if page > len(texts):
            raise TableError(_("No events on that page."))
        if len(texts) == 1:
            extra: dict[str, Any] = {}
            if link is not None:  # the game's page, step by step
                extra["view"] = discord.ui.View().add_item(link_button(link))
            await interaction.response.send_message(logview.page_text(title, texts, 0), ephemeral=True,
                                                    allowed_mentions=NO_PING, **extra)
            return
        pager = logview.LogPager(interaction, title, texts, page - 1)
        if link is not None:
            pager.add_item(link_button(link))
        await interaction.response.send_message(pager.text(), view=pager, ephemeral=True, allowed_mentions=NO_PING)

    @app_commands.command(name="record", description="A finished game's seed, seats and full log as a JSON file")
    @app_commands.describe(game="A game's number (default: this channel's latest finished game)")
    async def record(interaction: discord.Interaction[Any], game: app_commands.Range[int, 1] | None = None) -> None:
        table = await _record_table(bot.service, interaction, game)
        data: dict[str, Any] = await bot.service.record(table.game_id)
        name = f"kontor-game-{table.game_id}.json"
        payload = json.dumps(data, indent=1, ensure_ascii=False).encode()
        text = "📜 " + _n(
            "The record of **{title}** (game #{game}, {status}): seed {seed}, whose SHA-256 {digest} was published at"
            " the start; the options, the seats and the {n} log entry. Check it yourself: {command}.",
            "The record of **{title}** (game #{game}, {status}): seed {seed}, whose SHA-256 {digest} was published at"
            " the start; the options, the seats and all {n} log entries. Check it yourself: {command}.",
            len(data["log"])).format(title=shown(_(table.title)), game=table.game_id,
                                     status=embeds.status_word(table.status), seed=f"`{data['seed']}`",
                                     digest=f"`{data['seed_digest']}`", n=len(data["log"]),
                                     command=f"`kontor verify {name}`")
        await interaction.response.send_message(clip(text, MAX_REPLY), file=discord.File(io.BytesIO(payload), name),
                                                ephemeral=True, allowed_mentions=NO_PING)

    commands: tuple[app_commands.Command[Any, ..., Any], ...] = (log, mygames_command(bot), record)
    for command in commands:
        group.add_command(command)
