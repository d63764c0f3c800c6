"""``/seek``: the Discord front end of the seek queue (docs/seeking.md; ``bot/table/seek``).

Its own group, because ``/game`` is full at Discord's 25 subcommands: the issue's ``/game seek``, ``/game seeks`` and
``/game unseek`` are ``/seek game``, ``/seek list`` and ``/seek cancel``; ``/seek settings`` is for server managers
(checked before anything is read or asked). Translation only: the table decides, a refusal (``TableError``) is raised
and the tree answers it privately. The tables the queue forms are opened and asked by ``bot.discord.seeking``.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.play import reply
from bot.discord.commands.seasons import is_manager
from bot.discord.threads import missing_thread_permissions
from bot.discord.ui.text import NO_PING, clip, input_problem, shown
from bot.lang import language_of, speaking
from bot.table import MAX_BAND, MAX_EXPIRY_DAYS, PACES, SEEK_KEEP, SeekEntry, SeekSettings, TableError
from rules.words import number, translator

_, _n = translator("discord")


def _server(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError(_("The queue is a server's: use this in one of its channels."))
    return interaction.guild_id


def _sizes(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def seek_line(e: SeekEntry) -> str:
    rated = _("rated") if e.rated else _("not rated")
    text = _("**{player}** — {game}, {players} players, pace {pace}, {rated}").format(
        player=shown(e.name), game=_(e.title), players=_sizes(e.low, e.high), pace=e.pace, rated=rated)
    if e.table is not None:
        return text + " · " + _("at a table being formed")
    return text + " · " + _("since <t:{since}:R>, until <t:{until}:R>").format(since=int(e.since),
                                                                               until=int(e.expires))


def settings_text(s: SeekSettings) -> str:
    return "\n".join([
        _("Tables open in threads of: {where}.").format(
            where=f"<#{s.channel}>" if s.channel else _("the channel where the oldest seek was posted")),
        _("Role pinged about new seeks: {role}.").format(role=f"<@&{s.role}>") if s.role
        else _("No role is pinged about new seeks."),
        _n("A seek lasts {days} day.", "A seek lasts {days} days.",
           int(s.expiry_days) if s.expiry_days.is_integer() else 2).format(days=number(s.expiry_days)),
        _("Rating band: at most {n} points between the players of a table.").format(n=s.band) if s.band
        else _("No rating band: any players may meet."),
    ])


def games_channel_problem(interaction: discord.Interaction[Any], home: int) -> str | None:
    """Why the tables of the queue cannot open in threads of the server's games channel ``home`` (None: they can)."""
    found = interaction.guild.get_channel(home) if interaction.guild is not None else None
    if not isinstance(found, discord.TextChannel):
        return _("The games channel where the tables of the queue open is gone: a server manager can choose another"
                 " with /seek settings channel:.")
    if missing := missing_thread_permissions(found.permissions_for(found.guild.me)):
        return _("I need {permissions} in {channel}, where the tables of the queue open: a server manager can give"
                 " them, or choose another channel with /seek settings channel:.").format(
            permissions=", ".join(missing), channel=f"<#{home}>")
    return None


def setup(bot: BotCore) -> None:
    group = app_commands.Group(name="seek", description="Find a table: wait in the server's queue for a game",
                               guild_only=True)

    @group.command(name="game", description="Wait in the queue for a game: a table opens when enough players wait")
    @app_commands.describe(game="Which game", players="How many players you accept: a number or a range, e.g. 3-4",
                           pace="How fast turns go", rated="Whether the game counts for the ratings")
    @app_commands.choices(pace=[app_commands.Choice(name=p, value=p) for p in PACES])
    async def seek(interaction: discord.Interaction[Any], game: str, players: str | None = None,
                   pace: str | None = None, rated: bool = True) -> None:
        guild = _server(interaction)
        home = (await bot.service.seek_settings(guild)).channel
        if home is None:  # the table would open in a thread of this one
            perms = interaction.app_permissions
            if not (perms.create_public_threads and perms.send_messages_in_threads):
                raise TableError(_("I need the Create Public Threads and Send Messages in Threads permissions here:"
                                   " the tables of the queue open in threads of this channel."))
        elif missing := games_channel_problem(interaction, home):  # the server's games channel holds the threads
            raise TableError(missing)
        for text in (game, players):
            if text is not None and (problem := input_problem(text, limit=60)):
                raise TableError(problem)
        assert interaction.channel_id is not None
        posted = await bot.service.seek(guild, interaction.channel_id, interaction.user.id,
                                        interaction.user.display_name, game, players, pace, rated,
                                        language_of(interaction.guild_locale))
        e = posted.entry
        with speaking(language_of(interaction.guild_locale)):  # the channel reads the server's language
            rated_text = _("rated") if e.rated else _("not rated")
            head = (_("{player} changed their seek: {game}, {players} players, pace {pace}, {rated}.") if posted.updated
                    else _("{player} seeks a game of {game}: {players} players, pace {pace}, {rated}."))
            text = "🔎 " + head.format(player=shown(e.name), game=_(e.title), players=_sizes(e.low, e.high),
                                      pace=e.pace, rated=rated_text)
            if posted.formed:
                text += "\n" + _n("A table formed: its players are asked in its thread.",
                                  "{n} tables formed: their players are asked in their threads.",
                                  len(posted.formed)).format(n=len(posted.formed))
            else:
                text += "\n" + _n("{n} player waits for {game}. `/seek game` to join them.",
                                  "{n} players wait for {game}. `/seek game` to join them.",
                                  posted.waiting).format(n=posted.waiting, game=_(e.title))
        mention = discord.AllowedMentions.none()
        if posted.ping_role is not None:  # at most once an hour (the table keeps the time)
            text = f"<@&{posted.ping_role}> " + text
            mention = discord.AllowedMentions(everyone=False, users=False, roles=[discord.Object(posted.ping_role)])
        await interaction.response.send_message(clip(text, 2000), allowed_mentions=mention)
        await bot.seeking.run()

    @seek.autocomplete("game")
    async def seek_game(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        typed = current.casefold()
        return [app_commands.Choice(name=clip(_(g.title), 100), value=name) for name, g in bot.service.games.items()
                if typed in name or typed in g.title.casefold()][:25]

    @group.command(name="list", description="The server's queue: who waits for what (only you see it)")
    @app_commands.describe(game="Only this game")
    async def seek_list(interaction: discord.Interaction[Any], game: str | None = None) -> None:
        guild = _server(interaction)
        if game is not None and (problem := input_problem(game, limit=60)):
            raise TableError(problem)
        entries = await bot.service.seek_list(guild, game)
        if not entries:
            await reply(interaction, _("Nobody is in the queue. `/seek game` puts you in it."))
            return
        lines = [_("🔎 The queue, oldest first:")]
        lines += [f"`{i}.` " + seek_line(e) for i, e in enumerate(entries, 1)]
        await reply(interaction, "\n".join(lines))

    seek_list.autocomplete("game")(seek_game)

    @group.command(name="cancel", description="Leave the queue (for one game, or all)")
    @app_commands.describe(game="Only this game (default: every game)")
    async def cancel(interaction: discord.Interaction[Any], game: str | None = None) -> None:
        guild = _server(interaction)
        if game is not None and (problem := input_problem(game, limit=60)):
            raise TableError(problem)
        done = await bot.service.unseek(guild, interaction.user.id, game)
        titles = ", ".join(_(bot.service.game(g).title) for g in done.games)
        await reply(interaction, "✅ " + _("You left the queue for: {games}.").format(games=titles))
        for change in done.changes:  # a seat given up at a forming table
            await bot.seeking.tell(change)
        await bot.seeking.run()

    cancel.autocomplete("game")(seek_game)

    @group.command(name="settings", description="Server managers: where tables open, the role pinged, how long seeks"
                                                " last")
    @app_commands.describe(channel="The games channel: tables open in its threads",
                           role="A role pinged when someone seeks a game (at most once an hour)",
                           expiry_days=f"Days a seek lasts (up to {int(MAX_EXPIRY_DAYS)})",
                           band="The widest rating spread at a table (0: any)",
                           reset="Forget the channel or the role")
    @app_commands.choices(reset=[app_commands.Choice(name=c, value=c) for c in ("channel", "role")])
    async def settings(interaction: discord.Interaction[Any], channel: discord.TextChannel | None = None,
                       role: discord.Role | None = None,
                       expiry_days: app_commands.Range[float, 0.1, MAX_EXPIRY_DAYS] | None = None,
                       band: app_commands.Range[int, 0, MAX_BAND] | None = None, reset: str | None = None) -> None:
        guild = _server(interaction)
        if not is_manager(interaction):  # before anything is read
            raise TableError(_("Only members who can manage this server (Manage Server) can do this."))
        done = await bot.service.set_seek_settings(
            guild, channel=None if reset == "channel" else (channel.id if channel else SEEK_KEEP),
            role=None if reset == "role" else (role.id if role else SEEK_KEEP), expiry_days=expiry_days, band=band)
        await reply(interaction, settings_text(done), allowed_mentions=NO_PING)

    bot.tree.add_command(group)
