"""``ClubWindow``: what the web pages show of a server and of a finished game (docs/web.md), read-only and public
only: the server's open tables and recent finished games, its leaderboards (the same figures and minimum as ``/game
leaderboard``, hidden players left out), each player's profile unless they keep it private, its tournaments; a
finished game's end report and its record. A server's admins may turn its pages off (``set_web_pages``): every read
of that server is then refused as if it did not exist. Beside that switch, the server's other display switch: how its
boards are posted (``card_form``: the turn card or the embed, docs/discord.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.table.club.part import Club
from bot.table.club.report import EndReport, SeatTime, end_report
from bot.table.club.views import Leaderboard, Profile
from bot.table.core import Part, TableCore
from bot.table.model import DamagedGame, Table, TableError, _check_id
from bot.table.records import game_record
from bot.table.store import GameRow
from bot.table.store.club_rows import RatingRow
from bot.table.tourney.reads import read_tournament
from bot.table.tourney.views import Tournament
from rules.words import translator

_, _n = translator("bot")

RECENT_GAMES = 12  # the finished games a server's page lists
SHOWN_TOURNAMENTS = 5  # the tournaments a server's page shows (the newest)
#: how a server's boards may be posted (docs/discord.md, "The turn card"): one Components V2 card, or the embed form
CARD_FORMS = ("v2", "embed")


@dataclass(frozen=True)
class ServerPage:
    """A server as its page shows it."""

    guild: int
    open: list[Table]  # lobbies and running games, oldest first
    finished: list[Table]  # the latest finished games, newest first
    games: list[str]  # the games with a finished game here (their leaderboards), in the registry's order
    tournaments: list[Tournament]  # the newest first


class ClubWindow(Part):
    def __init__(self, core: TableCore) -> None:
        super().__init__(core)
        self.club = Club(core)

    # ---- the server's switch ------------------------------------------------------------------------------------
    async def web_pages(self, guild: int | None) -> bool:
        """Whether the server's pages (and its tables' pages) are served; a game outside a server always is."""
        return guild is None or await self.store.web_pages(_check_id(guild, "server"))

    async def set_web_pages(self, guild: int, on: bool) -> bool:
        """Turn the server's web pages on or off (who may is the front end's to check: its admins)."""
        guild = _check_id(guild, "server")
        async with self.store.transaction() as tx:
            await tx.set_web_pages(guild, bool(on), self.core.clock())
        return bool(on)

    async def card_form(self, guild: int | None) -> str | None:
        """How the server's boards are posted: ``v2`` (the turn card) or ``embed``; None: the front end's default (a
        game outside a server has none of its own)."""
        return None if guild is None else await self.store.card_form(_check_id(guild, "server"))

    async def set_card_form(self, guild: int, form: str) -> str:
        """Set how the server's boards are posted (who may is the front end's to check: its admins)."""
        guild = _check_id(guild, "server")
        if form not in CARD_FORMS:
            raise TableError(_("Choose one of: {choices}.").format(choices=", ".join(CARD_FORMS)))
        async with self.store.transaction() as tx:
            await tx.set_card_form(guild, form, self.core.clock())
        return form

    async def _served(self, guild: int) -> int:
        guild = _check_id(guild, "server")
        if not await self.store.web_pages(guild):
            raise TableError(_("There is no such server."))
        return guild

    # ---- a server -----------------------------------------------------------------------------------------------
    async def server_page(self, guild: int) -> ServerPage:
        guild = await self._served(guild)
        open_tables = [t for row in await self.store.open_games_of_guild(guild) if (t := await self._table(row))]
        finished = [t for row in await self.store.finished_games_of_guild(guild, RECENT_GAMES)
                    if (t := await self._table(row))]
        played = set(await self.store.played_games(guild)) if self.store.club_tables else set()
        games = [name for name in self.core.games if name in played]
        tournaments = [await read_tournament(self.core, self.store, row)
                       for row in await self.store.tournaments_of_guild(guild, SHOWN_TOURNAMENTS)
                       if row.game in self.core.games]
        return ServerPage(guild, open_tables, finished, games, tournaments)

    async def _table(self, row: GameRow) -> Table | None:
        try:
            return self.core.table(row, await self.store.seats(row.id), self.core.state(row))
        except (DamagedGame, TableError):  # one bad game must not hide the others
            return None

    async def server_leaderboard(self, guild: int, game: str, season: int | None = None,
                                 page: int = 1) -> Leaderboard:
        """The leaderboard ``/game leaderboard`` shows, as nobody in particular reads it."""
        return await self.club.leaderboard(await self._served(guild), game, season=season, page=page)

    async def public_profile(self, guild: int, user: int) -> Profile:
        """A player's profile on the server, refused when they keep it private (whoever asks: a page has no owner)."""
        guild = await self._served(guild)
        if (await self.store.privacy(_check_id(user, "user"))).private:
            raise TableError(_("That player keeps their profile private."))
        return await self.club.profile(guild, user)

    async def private_players(self, users: list[int]) -> set[int]:
        """Those of ``users`` who keep their profile private (a page links only the others' profiles)."""
        return {u for u in users if (await self.store.privacy(u)).private}

    # ---- a finished game ----------------------------------------------------------------------------------------
    async def end_report(self, game_id: int) -> EndReport | None:
        """The report a finished game's final board carried, read back from its stored results (None: it has none, as
        a game finished before results were kept)."""
        row = await self.store.game(_check_id(game_id, "game"))
        if row is None or row.status != "finished" or not self.store.club_tables:
            return None
        await self._served_game(row)
        rows = await self.store.results(row.id)
        if not rows:
            return None
        changes = {c.user_id: (RatingRow(c.user_id, c.mu_before, c.sigma_before, c.games - 1),
                               RatingRow(c.user_id, c.mu, c.sigma, c.games))
                   for c in await self.store.rating_changes_of(row.id)}
        length = await self.store.game_length(row.id)
        times = {r.seat: SeatTime(r.moves or 0, r.time_used or 0.0, r.longest_wait or 0.0) for r in rows
                 if not r.departed}
        known = self.core.games.get(row.game)
        labels = dict(known.score_labels) if known is not None else {}
        columns = tuple(known.score_columns) if known is not None else ()
        season = length.season if length is not None else 1
        moves = length.moves if length is not None else sum(t.moves for t in times.values())
        days = (length.ended_at - length.started_at) / 86400 if length is not None else 0.0
        return end_report(row.game, known.title if known is not None else row.game, labels, columns, rows, times,
                          changes, season, moves, days)

    async def record(self, game_id: int) -> dict[str, Any]:
        """The finished game's record (``/game record``'s JSON; refused while it runs: its seed is secret)."""
        row = await self.store.game(_check_id(game_id, "game"))
        if row is not None:
            await self._served_game(row)
        return await game_record(self.core, game_id)

    async def _served_game(self, row: GameRow) -> None:
        if row.guild_id is not None and not await self.store.web_pages(row.guild_id):
            raise TableError(_("There is no game #{id}.").format(id=row.id))
