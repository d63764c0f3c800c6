"""``/league``: each season's league table per game (docs/seeking.md, "Leagues"; ``bot/table/club/league.py``).

Its own group (``/game`` is full at Discord's 25 subcommands): ``standings`` for everyone (privately), ``settings`` for
server managers (checked before anything is read). Translation only: the table decides, a refusal (``TableError``)
is raised and the tree answers it privately."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.play import reply
from bot.discord.commands.seasons import is_manager
from bot.discord.ui.league_text import league_text, points_text
from bot.discord.ui.text import clip, input_problem
from bot.table import TableError
from rules.words import translator

_, _n = translator("discord")


def _server(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise TableError(_("Leagues are a server's: use this in one of its channels."))
    return interaction.guild_id


def setup(bot: BotCore) -> None:
    group = app_commands.Group(name="league", description="This server's league tables: points by place each season",
                               guild_only=True)

    @group.command(name="standings", description="A game's league table this season (only you see it)")
    @app_commands.describe(game="Which game (default: every game played this season)",
                           season="A closed season's number (default: this season)")
    async def standings(interaction: discord.Interaction[Any], game: str | None = None,
                        season: app_commands.Range[int, 1, 10000] | None = None) -> None:
        guild = _server(interaction)
        if game is not None:
            if problem := input_problem(game, limit=60):
                raise TableError(problem)
            await reply(interaction, league_text(await bot.service.league(guild, game, season)))
            return
        current, _closed = await bot.service.seasons(guild)
        wanted = current if season is None else season
        tables = [await bot.service.league(guild, g, wanted) for g in
                  [t.game for t in await bot.service.league_podium(guild, wanted)]]
        if not tables:
            raise TableError(_("Nobody has played a rated game in season {season} on this server.").format(
                season=wanted))
        await reply(interaction, clip("\n\n".join(league_text(t, limit=10) for t in tables), 2000))

    @standings.autocomplete("game")
    async def standings_game(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        typed = current.casefold()
        return [app_commands.Choice(name=clip(_(g.title), 100), value=name) for name, g in bot.service.games.items()
                if typed in name or typed in g.title.casefold()][:25]

    @group.command(name="settings", description="Server managers: the points each place earns in the league")
    @app_commands.describe(points="From the first place down, e.g. 4/2/1/0; default: by table size")
    async def settings(interaction: discord.Interaction[Any], points: str | None = None) -> None:
        guild = _server(interaction)
        if not is_manager(interaction):  # before anything is read
            raise TableError(_("Only members who can manage this server (Manage Server) can do this."))
        if points is None:
            now = await bot.service.league_points(guild)
        else:
            if problem := input_problem(points, limit=60):
                raise TableError(problem)
            now = await bot.service.set_league_points(guild, points)
        await reply(interaction, _("League points per place here: {points}.").format(points=points_text(now)))

    bot.tree.add_command(group)
