"""``/tournament``: the Discord front end of the table's tournaments (docs/tournaments.md; ``bot/table/tourney``).

Its own group (``/game`` is full at Discord's 25 subcommands): ``create``, ``join``, ``leave``, ``standings``,
``schedule``, ``drop``; and for organisers (the creator, or Manage Server) ``start``, ``adjudicate``, ``forfeit``,
``cancel``, whose permission is checked before anything is asked or changed. Translation only: the table decides, a
refusal (``TableError``) is raised and the tree answers it privately. Run in a table's thread, a command finds the
tournament that table belongs to. The tables open in threads (``bot.discord.tournaments``), so creating and starting
are refused where the bot may not make threads.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.play import reply
from bot.discord.commands.seasons import is_manager
from bot.discord.commands.where import parse_options
from bot.discord.tournaments import schedule_text, standings_text
from bot.discord.ui.confirm import ask
from bot.discord.ui.text import NO_PING, clip, input_problem, shown
from bot.lang import language_of, speaking
from bot.table import MAX_ROUNDS, PACES, TableError, Tournament
from rules.words import translator

_, _n = translator("discord")

MAX_SIGNUP_HOURS = 720  # the table's limit (30 days)


async def _may_create(bot: BotCore, interaction: discord.Interaction[Any]) -> None:
    """Manage Channel (here) or Manage Server, or the role the server names (``/tournament settings role:``)."""
    perms = interaction.permissions
    if interaction.guild_id is None:
        raise TableError(_("Tournaments live in server channels: use this in one."))
    if perms.manage_guild or perms.administrator or perms.manage_channels:
        return
    role = await bot.service.organiser_role(interaction.guild_id)
    if role is not None and any(r.id == role for r in getattr(interaction.user, "roles", ())):
        return
    found = None if role is None or interaction.guild is None else interaction.guild.get_role(role)
    if found is not None:  # a refusal shows no mention: the role's name
        raise TableError(_("Only members with the role @{role} or who can manage this channel or the server can"
                           " create a tournament here.").format(role=found.name))
    raise TableError(_("Only members who can manage this channel or the server can create a tournament here."))


def _may_open_threads(interaction: discord.Interaction[Any]) -> None:
    """Each table opens in a thread of this channel: without these, the first round could not open."""
    perms = interaction.app_permissions
    if not (perms.create_public_threads and perms.send_messages_in_threads):
        raise TableError(_("I need the Create Public Threads and Send Messages in Threads permissions here: each"
                           " table of the tournament opens in a thread of this channel."))


def _channel(interaction: discord.Interaction[Any]) -> int:
    if interaction.channel_id is None or interaction.guild_id is None:
        raise TableError(_("Tournaments live in server channels: use this in one."))
    return interaction.channel_id


def _public(interaction: discord.Interaction[Any]) -> Any:
    """What the channel reads: the server's language, as a new table's."""
    return speaking(language_of(interaction.guild_locale))


async def _say(interaction: discord.Interaction[Any], text: str) -> None:
    text = clip(text, 2000)
    if interaction.response.is_done():
        await interaction.followup.send(text, allowed_mentions=NO_PING)
    else:
        await interaction.response.send_message(text, allowed_mentions=NO_PING)


def setup(bot: BotCore) -> None:
    group = app_commands.Group(name="tournament", description="Tournaments of a game: sign up, play the rounds",
                               guild_only=True)
    async def home(interaction: discord.Interaction[Any]) -> int:
        """The tournament's channel: this one, or the tournament of the table played in this thread."""
        channel = _channel(interaction)
        return await bot.service.tournament_of(channel) or channel

    async def organiser(interaction: discord.Interaction[Any]) -> tuple[int, Tournament, bool]:
        """Checked before anything is asked or changed: the tournament's creator, or a server manager."""
        where = await home(interaction)
        found = await bot.service.tournament(where)
        manager = is_manager(interaction)
        if not (manager or found.organiser == interaction.user.id):
            raise TableError(_("Only the tournament's organiser or a server manager can do that."))
        return where, found, manager

    def game_choices(current: str) -> list[app_commands.Choice[str]]:
        typed = current.casefold()
        return [app_commands.Choice(name=clip(_(g.title), 100), value=name) for name, g in bot.service.games.items()
                if typed in name or typed in g.title.casefold()][:25]

    @group.command(name="create", description="Open a tournament in this channel for sign-up")
    @app_commands.describe(game="Which game", size="Players per table: a number or a range, e.g. 3-4",
                           rounds=f"How many rounds (1–{MAX_ROUNDS})", name="The tournament's name",
                           pace="How fast turns go at its tables", signup_hours="Hours players may sign up (0: until"
                           " the start)", points="Points per place from the first, e.g. 4/2/1/0",
                           format="swiss (paired by points) or roundrobin (at most 12 players)",
                           options="Game options, e.g. length=long",
                           deadline_days="Days each round may take, e.g. 7 (none: no deadline)",
                           late="What a table still being played at the deadline gets",
                           final="The top N play a final table after the last round")
    @app_commands.choices(pace=[app_commands.Choice(name=p, value=p) for p in PACES],
                          format=[app_commands.Choice(name=f, value=f) for f in ("swiss", "roundrobin")],
                          late=[app_commands.Choice(name="play on: the caretaker plays the late seats", value="playon"),
                                app_commands.Choice(name="adjudicate by the current scores", value="adjudicate")])
    async def create(interaction: discord.Interaction[Any], game: str, size: str,
                     rounds: app_commands.Range[int, 1, 20], name: str | None = None, pace: str | None = None,
                     signup_hours: app_commands.Range[int, 0, 720] = 0, points: str | None = None,
                     format: str = "swiss", options: str | None = None, deadline_days: float | None = None,
                     late: str = "playon", final: int | None = None) -> None:
        await _may_create(bot, interaction)  # before anything is read
        typed = [(game, "game"), (size, "that")] + [(t, "that") for t in (name, points) if t is not None]
        for text, what in typed:
            if problem := input_problem(text, limit=60, what=what):
                raise TableError(problem)
        _may_open_threads(interaction)
        settings: dict[str, Any] = {"language": language_of(interaction.guild_locale)}
        if pace:
            settings["pace"] = pace
        title = name or (_("{game} tournament").format(game=_(bot.service.game(game).title))
                         if game in bot.service.games else game)
        made = await bot.service.create_tournament(
            _channel(interaction), interaction.guild_id, game, interaction.user.id, title, rounds=rounds, size=size,
            fmt=format, points=points, options=parse_options(options), settings=settings, signup_hours=signup_hours,
            deadline_days=deadline_days, late=late, final=final)
        with _public(interaction):
            text = "🏆 " + _("**{name}** is open for sign-up: {title}, {rounds} rounds. `/tournament join` to"
                            " play; the organiser starts it with `/tournament start`.").format(
                name=shown(made.name), title=_(made.title), rounds=made.rounds)
            await _say(interaction, text + "\n" + schedule_text(made))

    @create.autocomplete("game")
    async def create_game(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return game_choices(current)

    @group.command(name="join", description="Sign up for this channel's tournament")
    async def join(interaction: discord.Interaction[Any]) -> None:
        done = await bot.service.join_tournament(await home(interaction), interaction.user.id,
                                                 interaction.user.display_name)
        with _public(interaction):
            await _say(interaction, "✅ " + _n("{player} signed up for **{name}** ({n} player).",
                                              "{player} signed up for **{name}** ({n} players).",
                                              len(done.entrants)).format(
                player=shown(interaction.user.display_name), name=shown(done.name), n=len(done.entrants)))

    @group.command(name="leave", description="Take back your sign-up before the tournament starts")
    async def leave(interaction: discord.Interaction[Any]) -> None:
        done = await bot.service.leave_tournament(await home(interaction), interaction.user.id)
        with _public(interaction):
            await _say(interaction, _("{player} left **{name}** before its start.").format(
                player=shown(interaction.user.display_name), name=shown(done.name)))

    @group.command(name="standings", description="The tournament's standings (only you see them)")
    async def standings(interaction: discord.Interaction[Any]) -> None:
        await reply(interaction, standings_text(await bot.service.tournament(await home(interaction))))

    @group.command(name="schedule", description="The tournament's terms and every round's tables (only you see it)")
    async def schedule(interaction: discord.Interaction[Any]) -> None:
        await reply(interaction, schedule_text(await bot.service.tournament(await home(interaction))))

    @group.command(name=app_commands.locale_str("drop", catalog="drop (out of a tournament)"),
                   description="Stop playing in the tournament (your game now is forfeited)")
    async def drop(interaction: discord.Interaction[Any]) -> None:
        where = await home(interaction)
        done = await bot.service.drop_tournament(where, interaction.user.id)
        with _public(interaction):
            await _say(interaction, _("{player} dropped out of **{name}**: a bot plays their game on, and they are"
                                      " not paired again.").format(player=shown(interaction.user.display_name),
                                                                   name=shown(done.tournament.name)))
        await bot.tournaments.post_changes(where, done)  # the thread's board; the bots may have ended the game

    @group.command(name="start", description="Organisers: close sign-up and open round 1's tables")
    async def start(interaction: discord.Interaction[Any]) -> None:
        where, found, manager = await organiser(interaction)
        if found.status == "running":  # open what could not open before (a permission since given back)
            await bot.tournaments.advance(where)
            await reply(interaction, _("The tournament is running: any table that could not open has been opened."))
            return
        _may_open_threads(interaction)
        done = await bot.service.start_tournament(where, interaction.user.id, force=manager)
        with _public(interaction):
            await _say(interaction, "▶️ " + _("**{name}** begins: round 1 of {rounds}, each table in its own"
                                             " thread.").format(name=shown(done.name), rounds=done.rounds))
        await bot.tournaments.advance(where)
        with _public(interaction):
            await _say(interaction, schedule_text(await bot.service.tournament(where)))

    @group.command(name="adjudicate", description="Organisers: end a table of this round by its current scores")
    @app_commands.describe(table="The table's number in this round")
    async def adjudicate(interaction: discord.Interaction[Any], table: app_commands.Range[int, 1, 500]) -> None:
        where, _found, manager = await organiser(interaction)
        done = await bot.service.adjudicate_tournament(where, interaction.user.id, table, force=manager)
        with _public(interaction):
            await _say(interaction, "⚖️ " + _("Table {table} was adjudicated by its current scores.").format(
                table=table))
        await bot.tournaments.post_changes(where, done)  # the table's end in its thread, then the next round

    @group.command(name="forfeit", description="Organisers: a player's game of this round is lost (a bot plays on)")
    @app_commands.describe(player="Whose game")
    async def forfeit(interaction: discord.Interaction[Any], player: discord.User) -> None:
        where, _found, manager = await organiser(interaction)
        done = await bot.service.forfeit_tournament(where, interaction.user.id, player.id, force=manager)
        with _public(interaction):
            await _say(interaction, _("{player} forfeits this round's game: a bot plays it on, and they take the"
                                      " table's last place.").format(player=shown(player.display_name)))
        await bot.tournaments.post_changes(where, done)

    @group.command(name="cancel", description="Organisers: end the tournament (games being played go on)")
    async def cancel(interaction: discord.Interaction[Any]) -> None:
        where, found, manager = await organiser(interaction)  # before the question

        async def cancel_now(press: discord.Interaction[Any]) -> None:
            try:
                done = await bot.service.cancel_tournament(where, press.user.id, force=manager)
            except TableError as exc:
                await press.edit_original_response(content=clip(exc.message, 2000))
                return
            await press.edit_original_response(content="✅ " + _("Cancelled."))
            with _public(press):
                await press.followup.send(clip(_("**{name}** is cancelled; games still being played go on as ordinary"
                                                 " games.").format(name=shown(done.tournament.name)), 2000),
                                          allowed_mentions=NO_PING)

        await ask(interaction, _("Really cancel **{name}**? This cannot be undone.").format(name=shown(found.name)),
                  _("Cancel the tournament"), cancel_now)

    @group.command(name="settings", description="Server managers: who besides them may create tournaments")
    @app_commands.describe(role="Members with this role may create tournaments", clear="No role: managers only")
    async def settings(interaction: discord.Interaction[Any], role: discord.Role | None = None,
                       clear: bool = False) -> None:
        if interaction.guild_id is None:
            raise TableError(_("Tournaments live in server channels: use this in one."))
        if not is_manager(interaction):  # before anything is read or changed
            raise TableError(_("Only members who can manage this server (Manage Server) can do this."))
        if role is not None and clear:
            raise TableError(_("Give a role, or clear it: not both."))
        if role is not None or clear:
            await bot.service.set_organiser_role(interaction.guild_id, None if clear else role.id if role else None)
        now = await bot.service.organiser_role(interaction.guild_id)
        if now is None:
            text = _("Tournaments may be created by members who can manage the channel or the server.")
        else:
            text = _("Tournaments may be created by members with the role <@&{role}>, and by those who can manage the"
                     " channel or the server.").format(role=now)
        await reply(interaction, text)

    bot.tree.add_command(group)
