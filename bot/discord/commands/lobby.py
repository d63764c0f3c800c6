"""``/game …``: open a table, sit down, start, watch, and manage it. Translation only: the table decides.

One open game per channel (a thread is the easy way to run several per server). Moderation is
"host or Manage Channel"; without either, ``abandon`` becomes a vote of the seated players (kept by the table).
A refusal (``TableError``) is raised, and the command tree answers it privately (``bot.discord.app.KontorTree``).
"""

from __future__ import annotations

import functools
from typing import Any

import discord
from discord import app_commands

from bot.discord import table_threads
from bot.discord.botcore import BotCore
from bot.discord.commands.learn_guide import send_topic, topic_choices
from bot.discord.commands.play import reply
from bot.discord.commands.preferences import notify_command
from bot.discord.commands.server_settings import CARD_CHOICES, check_server_setter, server_settings
from bot.discord.commands.where import channel_of, check_reach, is_moderator, parse_options
from bot.discord.dms import DM_HELP
from bot.discord.ui import embeds
from bot.discord.ui.confirm import ask
from bot.discord.ui.files import describe, image_file
from bot.discord.ui.rematch import begins_text
from bot.discord.ui.text import NO_PING, clip, input_problem, shown, shown_lines, table_language
from bot.discord.weblinks import page_line, table_link
from bot.lang import LANGUAGES, NAMES, language_of, speaking
from bot.table import (
    AUTO_FORCED_HELP,
    LEVELS,
    PACES,
    SETTING_CHOICES,
    DamagedGame,
    OrderInfo,
    Table,
    TableError,
    Update,
    named_summary,
)
from rules.words import translator

_, _n = translator("discord")
ORDER_LIST = 12
# Discord allows 100 characters for an option's description: the full text is AUTO_FORCED_HELP (said on "on").
AUTO_FORCED_DESCRIPTION = "on: an only option is played at once (others can tell you had no choice)"


def _choices(values: Any) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=v, value=v) for v in values]


class GameCommands(app_commands.Group):
    """The ``/game`` command group; ``bot`` is the running bot (service, notifier, play controller)."""

    def __init__(self, bot: BotCore) -> None:
        super().__init__(name="game", description="Board game tables: open, join, start, manage", guild_only=True)
        self.bot = bot

    @property
    def svc(self) -> Any:
        return self.bot.service

    async def _lobby_reply(self, interaction: discord.Interaction[Any], update: Update, extra: str = "") -> None:
        """The lobby, public: in the table's language (``extra`` is made by the caller in it too)."""
        with speaking(table_language(update.table)):
            embed = embeds.lobby_embed(update.table, update.public_events, update.chances)
        await interaction.response.send_message(extra or None, embed=embed, allowed_mentions=NO_PING)

    async def _check_dm(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """After answering (the 3-second rule): prove DMs work, else explain privately how to enable them."""
        if not await self.bot.notifier.check_dm(interaction.user, table):
            await interaction.followup.send(_(DM_HELP), ephemeral=True)

    # ---- lobby -----------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a table for a game in this channel (or thread)")
    @app_commands.describe(game="Which game", options="Game options, e.g. length=long (see /game rules)",
                           pace="How fast turns go (time bank and reminders)")
    @app_commands.choices(pace=_choices(PACES))
    async def new(self, interaction: discord.Interaction[Any], game: str, options: str | None = None,
                  pace: str | None = None) -> None:
        problem = input_problem(game, limit=40, what="game")
        if problem:
            raise TableError(problem)
        check_reach(interaction)
        # The channel reads the server's language when Kontor speaks it, else English (``/game settings`` changes it).
        settings: dict[str, Any] = {"language": language_of(interaction.guild_locale)}
        if pace:
            settings["pace"] = pace
        opts = parse_options(options)
        self.svc.check_new(game, opts, settings)  # a refusal before a thread is made for the table
        language = settings["language"]
        with speaking(language):  # the thread's name: everyone reads it in the channel list
            name = _("{game} · {host}").format(game=_(self.svc.game(game).title), host=interaction.user.display_name)
        place = await table_threads.place_new_table(self.bot, interaction, name, language)
        update = await table_threads.open_table(self.bot, place, functools.partial(
            self.svc.create, place.channel, interaction.guild_id, game, interaction.user.id,
            interaction.user.display_name, options=opts, settings=settings))
        with speaking(table_language(update.table)):
            extra = _("Table open: `/game join` to sit down, `/game bot add` for a bot, then the host runs"
                      " `/game start`.")
            if place.thread is not None:
                pointer = "🧵 " + _("Table opened in {thread}: join it there.").format(thread=place.thread.mention)
        if place.thread is None:
            await self._lobby_reply(interaction, update, f"{place.notice}\n{extra}" if place.notice else extra)
        else:
            await interaction.response.send_message(pointer, allowed_mentions=NO_PING)
            await table_threads.post_lobby(self.bot, place.thread, update, extra, interaction.user)
        await self._check_dm(interaction, update.table)

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction[Any],
                          current: str) -> list[app_commands.Choice[str]]:
        """``name=value`` pairs of the chosen game, appended to what is typed so far."""
        game = self.svc.games.get(str(getattr(interaction.namespace, "game", "") or "").lower())
        if game is None:
            return []
        done, _, typed = current.rpartition(",")
        head = f"{done}, " if done else ""
        pairs = [f"{k}={v}" for k, values in game.option_choices.items() for v in values]
        return [app_commands.Choice(name=clip(head + p, 100), value=clip(head + p, 100))
                for p in pairs if typed.strip().lower() in p][:25]

    def _game_choices(self, current: str) -> list[app_commands.Choice[str]]:
        typed = current.casefold()
        return [app_commands.Choice(name=clip(_("{title} ({least}–{most} players)").format(
                    title=_(g.title), least=g.min_players, most=g.max_players), 100), value=name)
                for name, g in self.svc.games.items() if typed in name or typed in g.title.casefold()][:25]

    @new.autocomplete("game")
    async def new_game(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return self._game_choices(current)

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        update = await self.svc.join(interaction.channel_id, interaction.user.id, interaction.user.display_name)
        await self._lobby_reply(interaction, update)
        await self._check_dm(interaction, update.table)

    # /game seat …: what happens to a seat once taken (Discord allows 25 entries in /game; these four share one)
    seats = app_commands.Group(name="seat",
                               description="Give up your seat, hand one over, vote on one, take yours back")

    @seats.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self._lobby_reply(interaction, await self.svc.leave(interaction.channel_id, interaction.user.id))

    bots = app_commands.Group(name="bot", description="Bot players at this table")

    @bots.command(name="add", description="Seat a bot player")
    @app_commands.describe(level="basic (default) or strong")
    @app_commands.choices(level=_choices(LEVELS))
    async def bot_add(self, interaction: discord.Interaction[Any], level: str | None = None) -> None:
        await self._lobby_reply(interaction, await self.svc.add_bot(interaction.channel_id, interaction.user.id,
                                                                    level))

    @bots.command(name="remove", description="Remove the last bot player")
    async def bot_remove(self, interaction: discord.Interaction[Any]) -> None:
        await self._lobby_reply(interaction, await self.svc.remove_bot(interaction.channel_id, interaction.user.id))

    @app_commands.command(name="start", description="Start the game (host only): seats are shuffled, the seed fixed")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        # Starting lets the bots move and draws the board: defer. A deferred answer keeps the visibility it was
        # deferred with, so look first whether the table will start: a refusal is then answered privately.
        table: Table = await self.svc.table(channel_of(interaction))
        check_reach(interaction)
        likely = (table.status == "lobby" and table.creator == interaction.user.id
                  and table.min_players <= len(table.seats) <= table.max_players)
        await interaction.response.defer(ephemeral=not likely, thinking=True)
        update = await self.svc.start(interaction.channel_id, interaction.user.id)  # a refusal fills the deferral
        with speaking(table_language(update.table)):  # public news: the channel's language
            text = begins_text(update.table)
        await interaction.edit_original_response(content=text)
        if not likely:  # the table changed between the look and the start: the news is public all the same
            await interaction.followup.send(text, allowed_mentions=NO_PING)
        await self.bot.notifier.publish(update)
        await table_threads.started(self.bot, update.table)  # its own thread takes the players' names

    # ---- information -----------------------------------------------------------------------
    @app_commands.command(name="status", description="The board, seats and whose move it is")
    @app_commands.describe(text="The whole board in words instead of the image (for screen readers)")
    async def status(self, interaction: discord.Interaction[Any], text: bool = False) -> None:
        if text:
            await self.bot.play.describe_board(interaction, channel_of(interaction))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        table: Table = await self.svc.table(interaction.channel_id)
        page = page_line(await table_link(self.bot, table)).strip() or None  # its web page, when it has one
        if table.status == "lobby":
            await interaction.edit_original_response(content=page, embed=embeds.lobby_embed(table, []))
            return
        view = await self.svc.public_view(interaction.channel_id)
        summary = named_summary(self.svc.game(table.game), view, table.names)
        image = await self.bot.images.board(table.game, view, names=table.names)
        waiting = ", ".join(table.seats[s].name for s in table.awaited_seats)
        embed = embeds.board_embed(table, summary, [_("Waiting for: {names}").format(names=waiting) if waiting
                                                    else embeds.status_word(table.status)],
                                   image=image is not None)
        files = image_file(image, "board.png", describe(self.svc.game(table.game), view, table.names))
        await interaction.edit_original_response(content=page, embed=embed, attachments=files)

    @app_commands.command(name="rules", description="A short rules summary and which card data is reconstructed")
    @app_commands.describe(game="Which game (default: this channel's)",
                           topic="One topic of the rules, with its part of the board (set-up, a round, each phase…)")
    async def rules(self, interaction: discord.Interaction[Any], game: str | None = None,
                    topic: str | None = None) -> None:
        if game is None:
            try:
                game = (await self.svc.table(interaction.channel_id)).game
            except TableError:
                raise TableError(_("Which game? One of: {games}.").format(games=", ".join(self.svc.games))) from None
        g = self.svc.game(game)
        if topic:  # the rules by topic (docs/learning.md), from the guide's texts
            await send_topic(self.bot, interaction, g.name, topic)
            return
        # The game's own words (its domain's catalog; a text is looked up in every domain): title and summary.
        summary = g.rules_text() or _("No summary yet.")  # the game's commands in the reader's words
        embed = discord.Embed(title=clip(_(g.title), 256), colour=embeds.COLOUR, description=clip(summary, 4000))
        embed.add_field(name=_("Players"), value=f"{g.min_players}–{g.max_players}")
        if g.option_choices:
            embed.add_field(name=_("Options (first = default)"), inline=False, value=clip("\n".join(
                f"`{k}`: {', '.join(v)}" for k, v in g.option_choices.items()), 1024))
        embed.add_field(name=_("Reconstructed component data"), inline=False,
                        value=clip("\n".join(f"• {_(r)}" for r in g.reconstructed)
                                   or _("None: all data is published."), 1024))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("game")
    async def rules_game(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return self._game_choices(current)

    @rules.autocomplete("topic")
    async def rules_topic(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        game = str(getattr(interaction.namespace, "game", "") or "")
        return await topic_choices(self.bot, game, interaction.channel_id, current)

    @app_commands.command(name="hand", description="Your private screen (only you see it)")
    @app_commands.describe(text="Your whole screen in words instead of the image (for screen readers)")
    async def hand(self, interaction: discord.Interaction[Any], text: bool = False) -> None:
        await self.bot.play.show_screen(interaction, channel_of(interaction), in_words=text)

    # ---- management ------------------------------------------------------------------------
    @app_commands.command(name="abandon", description="End this game (host or Manage Channel; else a vote)")
    @app_commands.describe(game="A game's number from /game mygames (one whose channel is gone)")
    async def abandon(self, interaction: discord.Interaction[Any], game: app_commands.Range[int, 1] | None = None
                      ) -> None:
        try:
            table: Table = (await self.svc.table_of_game(game) if game is not None
                            else await self.svc.table(channel_of(interaction)))
        except DamagedGame:  # unreadable, but it can be ended: by a moderator or its host (the table checks)
            if game is not None:
                raise
            if not is_moderator(interaction):  # the host ends it at once; anyone else is refused (no vote)
                update = await self.svc.abandon(channel_of(interaction), interaction.user.id)
                await interaction.response.send_message(clip("\n".join(shown_lines(update.public_events)), 2000),
                                                        allowed_mentions=NO_PING)
                await table_threads.ended(self.bot, update)
                return
            await ask(interaction, _("Really abandon this channel's game? Its saved data is damaged; ending it frees"
                                     " the channel for a new one."), _("Abandon"),
                      functools.partial(self._abandon_now, channel_of(interaction), True))
            return
        if table.status not in ("lobby", "active"):
            raise TableError(_("There is no open game in this channel.") if game is None
                             else _("Game #{game} is over.").format(game=game))
        user = interaction.user.id
        moderator = is_moderator(interaction) and table.guild == interaction.guild_id  # of the game's own server
        if moderator or user == table.host:  # the seated host, or a moderator: ask first
            question = (_("Really abandon **{title}** here? The game ends for everyone at the table.")
                        if table.channel == interaction.channel_id else
                        _("Really abandon **{title}** (game #{game})? The game ends for everyone at the table."))
            await ask(interaction, question.format(title=_(table.title), game=table.game_id), _("Abandon"),
                      functools.partial(self._abandon_now, table.channel, moderator))
            return
        if game is not None and table.channel != interaction.channel_id:
            raise TableError(_("Only the table's host or a moderator of its server can end a game from elsewhere."))
        # a seated player's vote (kept in the database): the game ends once a majority agrees
        update = await self.svc.vote_abandon(interaction.channel_id, user)
        text = "\n".join(shown_lines(update.public_events))
        if update.table.status in ("lobby", "active"):
            with speaking(table_language(update.table)):
                text = "🗳️ " + _("{votes} Other seated players: `/game abandon` to agree.").format(votes=text)
        await interaction.response.send_message(clip(text, 2000), allowed_mentions=NO_PING)
        await table_threads.ended(self.bot, update)  # the votes ended it: its own thread is archived

    async def _abandon_now(self, channel: int, moderator: bool, press: discord.Interaction[Any]) -> None:
        try:
            update = await self.svc.abandon(channel, press.user.id, force=moderator)
        except TableError as exc:
            await press.edit_original_response(content=clip(shown(exc.message), 2000))
            return
        await press.edit_original_response(content="✅ " + _("Done: the game is abandoned."))
        await press.followup.send(clip("\n".join(shown_lines(update.public_events)), 2000), allowed_mentions=NO_PING)
        await table_threads.ended(self.bot, update)  # after the last post: its own thread is archived

    @app_commands.command(name="move-here", description="Continue a game whose channel is gone in this channel")
    @app_commands.describe(game="The game's number from /game mygames (needed if several lost their channel)")
    async def move_here(self, interaction: discord.Interaction[Any], game: app_commands.Range[int, 1] | None = None
                        ) -> None:
        check_reach(interaction)
        moderator = False
        if game is not None:
            table: Table = await self.svc.table_of_game(game)
            moderator = is_moderator(interaction) and table.guild == interaction.guild_id
        await interaction.response.defer(ephemeral=True, thinking=True)  # the board below tells everyone
        update = await self.svc.move_here(channel_of(interaction), interaction.guild_id, interaction.user.id,
                                          game_id=game, force=moderator)
        await interaction.edit_original_response(
            content="📦 " + _("Done: **{title}** (game #{game}) continues here.").format(
                title=_(update.table.title), game=update.table.game_id))
        await self.bot.notifier.publish(update)

    @seats.command(name="vote", description="Vote on the seat of a player who left the server")
    @app_commands.describe(seat="Their seat number (1 = first)", vote="What happens to the seat",
                           member="With vote=member: who takes the seat")
    @app_commands.choices(vote=_choices(("bot", "end", "member")))
    async def seat_vote(self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 10],
                        vote: str, member: discord.Member | None = None) -> None:
        if vote == "member" and member is None:
            raise TableError(_("Name the member who should take the seat (`member:`)."))
        if member is not None and member.bot:
            raise TableError(_("Bots other than Kontor's own can't play; vote `bot` for a Kontor bot."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await self.svc.vote_seat(
            channel_of(interaction), interaction.user.id, seat - 1, vote,
            member=member.id if vote == "member" and member else None,
            member_name=member.display_name if vote == "member" and member else None)
        await interaction.edit_original_response(content=clip("🗳️ " + "\n".join(shown_lines(update.public_events)),
                                                              2000))
        await self.bot.notifier.publish(update)

    @seats.command(name="replace", description="Hand a seat to another member, or to a bot (host/moderator)")
    @app_commands.describe(seat="Seat number (1 = first)", member="The new player (leave empty for a bot)")
    async def replace(self, interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 10],
                      member: discord.Member | None = None) -> None:
        if member is not None and member.bot:
            raise TableError(_("Bots other than Kontor's own can't play; leave `member` empty for a Kontor bot."))
        table: Table = await self.svc.table(channel_of(interaction))
        if table.status not in ("lobby", "active"):
            raise TableError(_("There is no open game in this channel."))
        if seat > len(table.seats):
            raise TableError(_("Seat must be a number from 1 to {n}.").format(n=len(table.seats)))
        # Refuse before asking: a "Really …?" for someone who may not hand the seat over only leads to a refusal.
        # The table checks again at the press (the host may have changed meanwhile).
        user = interaction.user.id
        if not (is_moderator(interaction) or user == table.host or table.seats[seat - 1].user_id == user):
            raise TableError(_("Only the table's host, a moderator or the seat's player can hand a seat over."))
        channel = interaction.channel_id

        async def hand_over(press: discord.Interaction[Any]) -> None:
            try:
                update = await self.svc.replace(channel, seat - 1, member.id if member else None,
                                                member.display_name if member else None, press.user.id,
                                                force=is_moderator(press))
            except TableError as exc:
                await press.edit_original_response(content=clip(shown(exc.message), 2000))
                return
            await press.edit_original_response(content="✅ " + _("Done."))
            await press.followup.send(clip("\n".join(shown_lines(update.public_events)), 2000),
                                      allowed_mentions=NO_PING)
            if update.public_view is not None:
                await self.bot.notifier.publish(update)

        name = shown(table.seats[seat - 1].name)
        question = (_("Really hand seat {seat} ({name}) over to {member}?").format(
                        seat=seat, name=name, member=shown(member.display_name)) if member else
                    _("Really hand seat {seat} ({name}) over to a bot?").format(seat=seat, name=name))
        await ask(interaction, question, _("Hand over"), hand_over)

    @app_commands.command(name="settings", description="Pace, time banks, caretaker, posting")
    @app_commands.describe(pace="Preset: time bank, refill and reminder",
                           bank_hours="Each player's time bank, in hours (0 = untimed)",
                           refill_hours="Hours a turn adds back to the bank",
                           remind_hours="Remind at this many hours left in the bank (0 = off)",
                           deadline_hours="Fixed deadline per move instead (bank = refill)",
                           caretaker="Caretaker's turns: bot, strong bot or skip; none = wait",
                           timeout_default="When a bank runs out and nobody answers",
                           post="A board message per move, or one live message edited",
                           auto_forced=AUTO_FORCED_DESCRIPTION,
                           language="The language of the channel's boards and posts",
                           rated="on: counts for the server's ratings (humans only); set before the start",
                           hints="on: players may ask /learn hint (unrated games only)",
                           web="This server's web pages and links to them (Manage Server)",
                           threads="on: /game new opens each table in its own thread (Manage Server)",
                           card="How this server's boards are posted: one turn card, or embeds (Manage Server)")
    @app_commands.choices(pace=_choices(PACES), caretaker=_choices(SETTING_CHOICES["caretaker"]),
                          timeout_default=_choices(SETTING_CHOICES["timeout_default"]),
                          post=_choices(SETTING_CHOICES["post"]), auto_forced=_choices(SETTING_CHOICES["auto_forced"]),
                          language=[app_commands.Choice(name=NAMES[lang], value=lang) for lang in LANGUAGES],
                          rated=_choices(SETTING_CHOICES["rated"]), hints=_choices(SETTING_CHOICES["hints"]),
                          web=_choices(("on", "off")), threads=_choices(("on", "off")), card=_choices(CARD_CHOICES))
    async def settings(self, interaction: discord.Interaction[Any], pace: str | None = None,
                       bank_hours: app_commands.Range[float, 0, 720] | None = None,
                       refill_hours: app_commands.Range[float, 0, 720] | None = None,
                       remind_hours: app_commands.Range[float, 0, 720] | None = None,
                       deadline_hours: app_commands.Range[float, 0, 720] | None = None,
                       caretaker: str | None = None, timeout_default: str | None = None, post: str | None = None,
                       auto_forced: str | None = None, language: str | None = None,
                       rated: str | None = None, hints: str | None = None, web: str | None = None,
                       threads: str | None = None, card: str | None = None) -> None:
        check_server_setter(interaction, web=web, threads=threads, card=card)  # before anything changes
        given = {k: v for k, v in {"pace": pace, "bank_hours": bank_hours, "refill_hours": refill_hours,
                                   "remind_hours": remind_hours, "deadline_hours": deadline_hours,
                                   "caretaker": caretaker, "timeout_default": timeout_default, "post": post,
                                   "auto_forced": auto_forced, "language": language, "rated": rated,
                                   "hints": hints}.items()
                 if v is not None}
        if not given and (web is not None or threads is not None or card is not None):
            text = await server_settings(self.bot, interaction, web=web, threads=threads, card=card)
            await interaction.response.send_message(text, allowed_mentions=NO_PING)
            return
        if not given:
            table: Table = await self.svc.table(interaction.channel_id)
            await interaction.response.send_message(embed=embeds.lobby_embed(table, [_("Current settings.")]),
                                                    ephemeral=True)
            return
        update = await self.svc.update_settings(interaction.channel_id, interaction.user.id,
                                                force=is_moderator(interaction), **given)
        self.bot.scheduler.poke()  # new timers may fall due sooner
        text = "\n".join(shown_lines(update.public_events))
        if auto_forced == "on":
            with speaking(table_language(update.table)):  # public: the channel's language
                text += "\n" + _(AUTO_FORCED_HELP)
        # the server's own settings after the table's: a refused one changes nothing
        if server := await server_settings(self.bot, interaction, web=web, threads=threads, card=card):
            text = server + "\n" + text
        await interaction.response.send_message(clip(text, 2000), allowed_mentions=NO_PING)

    # ---- standing orders -------------------------------------------------------------------
    @app_commands.command(name="orders", description="Standing orders: e.g. pass for the rest of this phase (private)")
    @app_commands.describe(order="An order to give (start typing: the ones you can give now), or `cancel`;"
                                 " leave empty to see yours")
    async def orders(self, interaction: discord.Interaction[Any], order: str | None = None) -> None:
        channel, user = channel_of(interaction), interaction.user.id
        if order is None:
            info: OrderInfo = await self.svc.orders(channel, user)
            lines = ["📌 " + _("Your standing order: {order}. `/game orders order:cancel` cancels it.").format(
                         order=shown(info.current[1]))
                     if info.current else _("You have no standing order at this table.")]
            if info.offers:
                lines.append(_("You can give (`/game orders order:` …, only you see it):"))
                lines.extend(f"• {shown(label)}" for _id, label in info.offers[:ORDER_LIST])
                if len(info.offers) > ORDER_LIST:
                    more = len(info.offers) - ORDER_LIST
                    lines.append(_n("… and {n} more: start typing in `order:`.",
                                    "… and {n} more: start typing in `order:`.", more).format(n=more))
            else:
                lines.append(_("No standing order can be given at this point of the game."))
            await reply(interaction, "\n".join(lines))
            return
        problem = input_problem(order, limit=100, what="order")
        if problem:
            raise TableError(problem + " " + _("Choose one of the suggested orders."))
        if order.strip().casefold() == "cancel":
            await reply(interaction, await self.svc.cancel_order(channel, user))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # the order may play at once
        text, update = await self.svc.set_order(channel, user, order)
        await interaction.edit_original_response(content=clip(text, 2000))
        if update is not None:
            await self.bot.notifier.publish(update, actor=user)

    @orders.autocomplete("order")
    async def orders_choices(self, interaction: discord.Interaction[Any],
                             current: str) -> list[app_commands.Choice[str]]:
        try:
            info: OrderInfo = await self.svc.orders(channel_of(interaction), interaction.user.id)
        except TableError:
            return []
        typed = current.casefold().strip()
        out = [app_commands.Choice(name=clip(label, 100), value=order_id) for order_id, label in info.offers
               if not typed or typed in label.casefold() or typed in order_id.casefold()]
        if info.current is not None and (not typed or typed in "cancel"):
            out.insert(0, app_commands.Choice(name=clip(_("cancel — {order}").format(order=info.current[1]), 100),
                                              value="cancel"))
        return out[:25]


def setup(bot: BotCore) -> None:
    group = GameCommands(bot)
    group.add_command(notify_command(bot))
    bot.tree.add_command(group)
