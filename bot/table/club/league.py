"""``League``: each season's league table per game (docs/seeking.md, "Leagues"): points by place over every rated game
of the season, counted from the stored results whenever asked (so a rebuild or a late result never leaves it stale),
and the podium named when the season closes. The points per place are the server's (``/league settings points:``),
by default the tournaments' table by table size (4/2/1/0 at four; ``bot.table.tourney.standings.points_for``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bot.table.core import Part
from bot.table.model import TableError, _check_id
from bot.table.store.league_rows import LeagueResult
from bot.table.tourney.standings import points_for
from rules.words import translator

_, _n = translator("bot")

MAX_POINTS = 1000


@dataclass(frozen=True)
class LeagueLine:
    place: int  # equal lines share it
    user: int
    name: str  # the name last played under
    points: int
    wins: int
    games: int


@dataclass(frozen=True)
class LeagueTable:
    game: str
    title: str
    season: int
    current: bool  # the season being played (else a closed one)
    points: list[int] | None  # the server's points per place (None: the defaults by table size)
    lines: list[LeagueLine]


def parse_league_points(text: str | Sequence[int] | None) -> list[int] | None:
    """"4/2/1/0" -> [4, 2, 1, 0] (first place down, never rising); "" or "default": None (the defaults)."""
    if text is None or (isinstance(text, str) and text.strip().lower() in ("", "default")):
        return None
    try:
        values = ([int(p) for p in text.replace(",", "/").split("/")] if isinstance(text, str)
                  else [int(p) for p in text])
    except ValueError:
        values = []
    if len(values) < 2 or any(not 0 <= v <= MAX_POINTS for v in values) or values != sorted(values, reverse=True):
        raise TableError(_("Give the points per place from the first place down, such as 4/2/1/0."))
    return values


def league_lines(results: Sequence[LeagueResult], points: Sequence[int] | None,
                 hidden: Collection[int] = ()) -> list[LeagueLine]:
    """The league table, pure: points, then wins, then fewer games (the same points in fewer games), then the name."""
    total: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for r in results:
        row = total.setdefault(r.user_id, [0, 0, 0])
        row[0] += points_for(r.place, r.players, points)
        row[1] += r.place == 1
        row[2] += 1
        names[r.user_id] = r.name
    order = sorted((u for u in total if u not in hidden),
                   key=lambda u: (-total[u][0], -total[u][1], total[u][2], names[u].casefold(), u))
    lines: list[LeagueLine] = []
    for i, u in enumerate(order):
        key = total[u]
        place = lines[-1].place if lines and total[lines[-1].user] == key else i + 1
        lines.append(LeagueLine(place, u, names[u], key[0], key[1], key[2]))
    return lines


class League(Part):
    async def league(self, guild: int, game: str, season: int | None = None) -> LeagueTable:
        """The league table of ``game`` in the server's ``season`` (None: the current one)."""
        guild = _check_id(guild, "server")
        g = self.core.game(game)
        current = await self.store.current_season(guild)
        season = current if season is None else season
        if isinstance(season, bool) or not isinstance(season, int) or not 1 <= season <= current:
            raise TableError(_("There is no season {season}: this server is in season {current}.").format(
                season=season, current=current))
        points = await self.store.league_points(guild)
        results = await self.store.league_results(guild, g.name, season)
        hidden = {u for u in {r.user_id for r in results} if not (await self.store.privacy(u)).listed}
        lines = league_lines(results, points, hidden)
        if not lines:
            raise TableError(_("Nobody has played a rated game of {game} in season {season} on this server.").format(
                game=_(g.title), season=season))
        return LeagueTable(g.name, g.title, season, season == current, points, lines)

    async def league_podium(self, guild: int, season: int) -> list[LeagueTable]:
        """Every game's league table of ``season`` cut to its podium (the places 1 to 3, ties included)."""
        guild = _check_id(guild, "server")
        out = []
        for game in await self.store.league_games(guild, season):
            if game not in self.core.games:
                continue
            try:
                table = await self.league(guild, game, season)
            except TableError:  # only hidden players: no podium to name
                continue
            out.append(LeagueTable(table.game, table.title, season, table.current, table.points,
                                   [line for line in table.lines if line.place <= 3]))
        return out

    async def league_points(self, guild: int) -> list[int] | None:
        return await self.store.league_points(_check_id(guild, "server"))

    async def set_league_points(self, guild: int, points: str | Sequence[int] | None) -> list[int] | None:
        """Set the server's points per place (None or "default": the defaults by table size). Who may is the front
        end's to check (Manage Server). Applies to every league table read from now on, the current season's too."""
        guild = _check_id(guild, "server")
        values = parse_league_points(points)
        async with self.store.transaction() as tx:
            await tx.set_league_points(guild, values, self.core.clock())
        return values
