"""``/game season close``, ``/game season settings``, ``/game privacy`` and ``/game stats``: a server's seasons and
leaderboard settings, a player's privacy, a game's statistics (docs/ratings.md).

Added to the ``/game`` group that ``commands.lobby`` builds (call ``setup`` after ``lobby.setup``). Translation only:
the table decides; a refusal (``TableError``) is raised and the command tree answers it privately. Closing a season
and the settings are for members who can manage the server (Manage Server or Administrator): checked before anything
is asked or read, so nobody else is ever shown the question.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.club import _server
from bot.discord.commands.play import reply
from bot.discord.ui.club_stats import stats_embed
from bot.discord.ui.confirm import ask
from bot.discord.ui.league_text import podium_text
from bot.discord.ui.text import NO_PING, clip, input_problem
from bot.lang import language_of, speaking
from bot.table import LISTING_CHOICES, MAX_LISTED_GAMES, PROFILE_CHOICES, Privacy, TableError
from rules.words import translator

_, _n = translator("discord")


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    """Whether the member may manage the server (its seasons and club settings)."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def _check_manager(interaction: discord.Interaction[Any]) -> int:
    guild = _server(interaction)
    if not is_manager(interaction):
        raise TableError(_("Only members who can manage this server (Manage Server) can do this."))
    return guild


def privacy_text(choice: Privacy) -> str:
    profile = (_("Your profile is private: only you can see it.") if choice.private else
               _("Your profile is public: anyone on a server you play on can see it there."))
    listing = (_("Leaderboards list you.") if choice.listed else
               _("Leaderboards do not list you (you still see your own line)."))
    return "🔒 " + profile + " " + listing + " " + _("This holds on every server.")


def privacy_command(bot: BotCore) -> app_commands.Command[Any, ..., None]:
    """``privacy``: the same command in ``/game`` and in the personal ``/kontor`` group (commands/personal.py)."""

    @app_commands.command(name="privacy", description="Who sees your profile, and whether leaderboards list you")
    @app_commands.describe(profile="public: anyone here; private: only you",
                           leaderboards="listed or hidden (default: listed if public, hidden if private)")
    @app_commands.choices(profile=[app_commands.Choice(name=v, value=v) for v in PROFILE_CHOICES],
                          leaderboards=[app_commands.Choice(name=v, value=v) for v in LISTING_CHOICES])
    async def privacy(interaction: discord.Interaction[Any], profile: str | None = None,
                      leaderboards: str | None = None) -> None:
        me = interaction.user.id
        if profile is None and leaderboards is None:
            await reply(interaction, privacy_text(await bot.service.privacy(me)))
            return
        if profile is None:
            profile = "private" if (await bot.service.privacy(me)).private else "public"
        choice = await bot.service.set_privacy(me, profile, leaderboards)
        await reply(interaction, "✅ " + privacy_text(choice))

    return privacy


def setup(bot: BotCore) -> None:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"{__name__} adds to the /game group: run bot.discord.commands.lobby.setup first")

    season = app_commands.Group(name="season", description="This server's seasons and leaderboards (Manage Server)")

    @season.command(name="close", description="Close this server's season: ratings start again, its standings stay")
    async def close(interaction: discord.Interaction[Any]) -> None:
        guild = _check_manager(interaction)  # before anything is asked
        current, _closed = await bot.service.seasons(guild)

        async def close_now(press: discord.Interaction[Any]) -> None:
            try:
                done = await bot.service.close_season(guild, press.user.id)
            except TableError as exc:
                await press.edit_original_response(content=clip(exc.message, 2000))
                return
            await press.edit_original_response(content="✅ " + _("Season {season} is closed.").format(
                season=done.closed))
            if press.channel is not None:  # the server hears it in the channel it was closed from
                with speaking(language_of(press.guild_locale)):  # the server's language, as a new table's
                    text = "📅 " + _n(
                        "Season {season} is closed ({n} rating kept): its standings stay readable with `/game "
                        "leaderboard season:{season}`. Season {next} begins and every rating starts again; "
                        "`season:0` shows all seasons together.",
                        "Season {season} is closed ({n} ratings kept): its standings stay readable with `/game "
                        "leaderboard season:{season}`. Season {next} begins and every rating starts again; "
                        "`season:0` shows all seasons together.", done.ratings).format(
                        season=done.closed, next=done.current, n=done.ratings)
                    podium = podium_text(await bot.service.league_podium(guild, done.closed))
                    if podium:  # the season's league tables name their podium (docs/seeking.md, "Leagues")
                        text += "\n" + podium
                await press.followup.send(clip(text, 2000), allowed_mentions=NO_PING)

        await ask(interaction, _("Really close season {season} on this server? Its standings stay readable, and every"
                                 " rating starts again in season {next}.").format(season=current, next=current + 1),
                  _("Close the season"), close_now)

    @season.command(name="settings", description="How many rated games put a player on this server's leaderboards")
    @app_commands.describe(min_games=f"Rated games a player needs to be listed (1–{MAX_LISTED_GAMES})")
    async def settings(interaction: discord.Interaction[Any],
                       min_games: app_commands.Range[int, 1, 100] | None = None) -> None:  # 100: MAX_LISTED_GAMES
        guild = _check_manager(interaction)
        if min_games is None:
            now = await bot.service.min_games(guild)
            await reply(interaction, _n("Leaderboards here list players with at least {n} rated game.",
                                        "Leaderboards here list players with at least {n} rated games.", now).format(
                n=now))
            return
        done = await bot.service.set_min_games(guild, min_games)
        await reply(interaction, "✅ " + _n("Leaderboards here now list players with at least {n} rated game.",
                                           "Leaderboards here now list players with at least {n} rated games.",
                                           done).format(n=done))

    @app_commands.command(name="stats", description="A game's statistics on this server (only you see them)")
    @app_commands.describe(game="The game")
    async def stats(interaction: discord.Interaction[Any], game: str) -> None:
        problem = input_problem(game, limit=40, what="game")
        if problem:
            raise TableError(problem)
        found = await bot.service.game_stats(_server(interaction), game)
        await interaction.response.send_message(embed=stats_embed(found), ephemeral=True)

    @stats.autocomplete("game")
    async def stats_game(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        typed = current.casefold()
        return [app_commands.Choice(name=clip(_(g.title), 100), value=name) for name, g in bot.service.games.items()
                if typed in name or typed in g.title.casefold()][:25]

    group.add_command(season)
    group.add_command(privacy_command(bot))
    group.add_command(stats)
