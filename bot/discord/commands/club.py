"""``/game leaderboard`` and ``/game profile``: the server's standings in a game, and a player's figures
(docs/ratings.md).

Added to the ``/game`` group that ``commands.lobby`` builds (call ``setup`` after ``lobby.setup``). Translation only:
the table (``TableService.leaderboard``, ``profile``) decides; a refusal (TableError) is raised, and the command tree
answers it privately. Both answer privately: a leaderboard page or a profile is asked for by one reader. A profile
comes with a chart of each game's rating this season (two rated games or more; ``TableService.rating_charts``, drawn
only from a profile the reader may read), each with its alt text in the reader's language.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.play import reply
from bot.discord.ui.end_report import MAX_FILES
from bot.discord.ui.files import image_file
from bot.discord.ui.text import clip, input_problem, shown
from bot.table import (
    ALL_TIME,
    PROVISIONAL_GAMES,
    BoardLine,
    Leaderboard,
    PastGame,
    Profile,
    ProfileGame,
    Reliability,
    TableError,
    bank_text,
)
from rules.words import number, translator

_, _n = translator("discord")

MAX_REPLY = 2000


def _server(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise TableError(_("Use this in a server: leaderboards and profiles are kept per server."))
    return interaction.guild_id


def _percent(share: float) -> str:
    return _("{n}%").format(n=number(round(100 * share)))


def rating_text(rating: int, provisional: bool) -> str:
    """The shown figure, with "?" while it is provisional."""
    return f"{number(rating)}?" if provisional else number(rating)


def board_line(line: BoardLine) -> str:
    games = _n("{n} game", "{n} games", line.games).format(n=number(line.games))
    return f"`{line.place}.` **{shown(line.name)}** — {rating_text(line.rating, line.provisional)} · {games}"


def leaderboard_text(board: Leaderboard, viewer: int) -> str:
    if board.season == ALL_TIME:
        head = _("**{title}** all-time leaderboard of this server (page {page} of {pages}; players with at least {n}"
                 " rated games)")
    elif board.season == board.current:
        head = _("**{title}** leaderboard of this server, season {season} (page {page} of {pages}; players with at"
                 " least {n} rated games)")
    else:
        head = _("**{title}** leaderboard of this server, season {season}, closed (page {page} of {pages}; players"
                 " with at least {n} rated games)")
    out = ["🏆 " + head.format(title=_(board.title), season=board.season, page=board.page, pages=board.pages,
                               n=board.min_games)]
    out += [board_line(line) for line in board.lines]
    mine = board.mine
    if mine is None:
        out.append(_("You have no rating in this game on this server yet.") if board.season in (ALL_TIME,
                   board.current) else _("You had no rating in this game in that season."))
    elif board.hidden:
        out.append(_("You: {rating}, not listed: you chose to stay off the leaderboards (`/game privacy`).").format(
            rating=rating_text(mine.rating, mine.provisional)))
    elif mine.place is None:
        out.append(_n("You: {rating}, not listed yet ({n} rated game of the {least} needed).",
                      "You: {rating}, not listed yet ({n} rated games of the {least} needed).", mine.games).format(
            rating=rating_text(mine.rating, mine.provisional), n=mine.games, least=board.min_games))
    elif all(line.user_id != viewer for line in board.lines):
        out.append(_("You: place {place}, {rating}.").format(place=mine.place,
                                                            rating=rating_text(mine.rating, mine.provisional)))
    out.append(_("? = provisional: fewer than {n} rated games.").format(n=PROVISIONAL_GAMES))
    return "\n".join(out)


def game_line(g: ProfileGame) -> str:
    parts = [_n("{n} game played", "{n} games played", g.played).format(n=number(g.played)),
             _n("{n} finished", "{n} finished", g.finished).format(n=number(g.finished))]
    if g.win_share is not None and g.fair_share is not None:
        parts.append(_n("{n} win ({share}; a fair share is {fair})", "{n} wins ({share}; a fair share is {fair})",
                        g.wins).format(n=number(g.wins), share=_percent(g.win_share), fair=_percent(g.fair_share)))
    if g.rating is not None:
        parts.append(_("rating {rating}").format(rating=rating_text(g.rating.shown, g.rating.provisional)))
    if g.all_time is not None and (g.rating is None or g.all_time != g.rating):  # another season before this one
        parts.append(_("all-time {rating}").format(rating=rating_text(g.all_time.shown, g.all_time.provisional)))
    if g.mean_score is not None and g.best_score is not None:
        parts.append(_("mean score {mean}, best {best}").format(mean=number(round(g.mean_score, 1)),
                                                                best=number(g.best_score)))
    if g.time_per_move is not None:
        parts.append(_("{time} a move").format(time=bank_text(g.time_per_move)))
    line = f"**{_(g.title)}**: " + ", ".join(parts)
    if len(g.history) == 1:  # one point draws no line: the chart comes with the second rated game
        line += "\n📈 " + _("The rating's chart comes after two rated games this season.")
    return line


def reliability_text(r: Reliability, games: bool = True) -> str:
    """The reliability record in one line: games finished of those started (``games``; a game's own line says them
    already), then only what happened — games left or abandoned, the caretaker's moves, spent time banks and how many
    of them cost the seat or the game — or that none of it did."""
    parts = [_n("{finished} of {n} game finished", "{finished} of {n} games finished", r.played).format(
        finished=number(r.finished), n=number(r.played))] if games else []
    if r.left:
        parts.append(_n("{n} left before the end", "{n} left before the end", r.left).format(n=number(r.left)))
    if r.abandoned:
        parts.append(_n("{n} abandoned", "{n} abandoned", r.abandoned).format(n=number(r.abandoned)))
    if r.caretaker_moves:
        parts.append(_n("{n} move played by the caretaker", "{n} moves played by the caretaker",
                        r.caretaker_moves).format(n=number(r.caretaker_moves)))
    if r.clock_outs:
        parts.append(_n("time bank ran out {n} time", "time bank ran out {n} times", r.clock_outs).format(
            n=number(r.clock_outs)))
    if r.removed:
        parts.append(_n("{n} time the table then took the seat or ended the game",
                        "{n} times the table then took the seat or ended the game", r.removed).format(
            n=number(r.removed)))
    if not (r.left or r.caretaker_moves or r.clock_outs):
        parts.append(_("never left a game, no caretaker move, no spent time bank"))
    return ", ".join(parts)


def past_line(p: PastGame, titles: dict[str, str]) -> str:
    title = _(titles.get(p.game, p.game))
    if p.departed:
        result = _("left the game (ranked last)")
    elif not p.finished:
        result = _("ended by a timeout vote: shared first place, {score} points").format(score=number(p.score))
    else:
        result = _("place {rank} of {players}, {score} points").format(rank=p.rank, players=p.players,
                                                                       score=number(p.score))
    mark = "" if p.rated else " " + _("(unrated)")
    return f"• <t:{int(p.ended_at)}:d> **{title}** (#{p.game_id}): {result}{mark}"


def profile_text(profile: Profile, name: str, titles: dict[str, str], server: str | None = None) -> str:
    """The profile in words; ``server`` names the server when it is read from elsewhere (a DM, another server)."""
    head = (_("**{name}** on this server").format(name=shown(name)) if server is None
            else _("**{name}** on {server}").format(name=shown(name), server=f"**{shown(server)}**"))
    out = ["📇 " + head]
    if profile.private:
        out.append("🔒 " + _("Private: only you can see this profile (`/game privacy`)."))
    for g in profile.games:
        out.append(game_line(g))
        if g.record is not None:
            out.append("  ↳ " + _("reliability: {record}").format(record=reliability_text(g.record, games=False)))
    if len(profile.games) > 1:
        out.append(_("Reliability, all games: {record}").format(record=reliability_text(profile.record)))
    if profile.games:
        out.append(_("(Away time and outages stop the clock: they never count.)"))
    if profile.last:
        out.append(_("Last games (`/game record game:` gives a game's record):"))
        out += [past_line(p, titles) for p in profile.last]
    return "\n".join(out)


def games_matching(bot: BotCore, current: str) -> list[app_commands.Choice[str]]:
    """The games whose name or title contains what was typed (an autocomplete's answer)."""
    typed = current.casefold()
    return [app_commands.Choice(name=clip(_(g.title), 100), value=name) for name, g in bot.service.games.items()
            if typed in name or typed in g.title.casefold()][:25]


async def show_profile(bot: BotCore, interaction: discord.Interaction[Any], guild: int,
                       who: discord.User | discord.Member, game: str | None, server: str | None = None) -> None:
    """``who``'s profile on the server ``guild``, only for the reader (``/game profile``, ``/kontor profile``);
    ``server``: its name, when the reader is elsewhere."""
    if game is not None and (problem := input_problem(game, limit=40, what="game")):
        raise TableError(problem)
    found = await bot.service.profile(guild, who.id, game, viewer=interaction.user.id)
    titles = {name: g.title for name, g in bot.service.games.items()}
    name = found.name or who.display_name
    text = profile_text(found, name, titles, server)
    files: list[discord.File] = []
    if any(len(g.history) > 1 for g in found.games):  # charts to draw: answer within Discord's 3 seconds
        await interaction.response.defer(ephemeral=True, thinking=True)
        for chart in await bot.service.rating_charts(found, name):  # the reader's language, as the text
            files += image_file(chart.png, chart.filename, chart.alt)
    await reply(interaction, clip(text, MAX_REPLY), **({"files": files[:MAX_FILES]} if files else {}))


def setup(bot: BotCore) -> None:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"{__name__} adds to the /game group: run bot.discord.commands.lobby.setup first")

    def game_choices(current: str) -> list[app_commands.Choice[str]]:
        return games_matching(bot, current)

    @app_commands.command(name="leaderboard", description="This server's standings in a game (only you see it)")
    @app_commands.describe(game="The game", season="A season (default: the current one; 0: all seasons together)",
                           page="1 = the best ten, 2 = the next ten, …")
    async def leaderboard(interaction: discord.Interaction[Any], game: str,
                          season: app_commands.Range[int, 0, 1000] | None = None,
                          page: app_commands.Range[int, 1, 1000] = 1) -> None:
        problem = input_problem(game, limit=40, what="game")
        if problem:
            raise TableError(problem)
        board = await bot.service.leaderboard(_server(interaction), game, season=season, page=page,
                                              viewer=interaction.user.id)
        await reply(interaction, clip(leaderboard_text(board, interaction.user.id), MAX_REPLY))

    @leaderboard.autocomplete("game")
    async def leaderboard_game(interaction: discord.Interaction[Any],
                               current: str) -> list[app_commands.Choice[str]]:
        return game_choices(current)

    @app_commands.command(name="profile", description="A player's games, wins and ratings here (only you see it)")
    @app_commands.describe(user="Whose profile (default: yours)", game="Only this game")
    async def profile(interaction: discord.Interaction[Any], user: discord.User | None = None,
                      game: str | None = None) -> None:
        await show_profile(bot, interaction, _server(interaction), user or interaction.user, game)

    @profile.autocomplete("game")
    async def profile_game(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return game_choices(current)

    commands: tuple[app_commands.Command[Any, ..., Any], ...] = (leaderboard, profile)
    for command in commands:
        group.add_command(command)
