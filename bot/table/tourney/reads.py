"""Reading a tournament as the front ends see it (``Tournament``): its terms, entrants, every round's tables and the
standings. Shared by ``Tournaments`` (a channel's tournament) and the web's club pages (a server's tournaments)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.table.core import TableCore
from bot.table.store import GameRow, Store
from bot.table.store.tourney_rows import DrawRow, TourneyRow
from bot.table.tourney import standings as st
from bot.table.tourney.views import TableDraw, Tournament


async def history(store: Store, row: TourneyRow) -> tuple[list[st.Result], list[list[int]]]:
    """The settled results and the settled tables' players (who met whom) of the rounds that count for the standings
    and the pairing (the final table does not: it decides the podium, docs/tournaments.md)."""
    results = [st.Result(r.round, r.table_no, r.user_id, r.place, r.score, r.points, r.how)
               for r in await store.tourney_results(row.id) if r.round <= row.rounds]
    tables = [d.players for d in await store.draws(row.id) if d.settled and d.round <= row.rounds]
    return results, tables


def table_draw(row: TourneyRow, draw: DrawRow, names: Mapping[int, str], game: GameRow | None) -> TableDraw:
    return TableDraw(row.id, row.name, draw.round, draw.table_no, list(draw.players),
                     [names.get(p, "?") for p in draw.players], draw.channel_id,
                     None if game is None else game.status, draw.settled, draw.game_id)


async def read_tournament(core: TableCore, store: Store, row: TourneyRow) -> Tournament:
    entrants = await store.entrants(row.id)
    names = {e.user_id: e.name for e in entrants}
    results, tables = await history(store, row)
    lines = st.standings(names, [e.user_id for e in entrants if e.dropped_after is not None], results, tables,
                         row.seed, 0)
    final = {r.user_id: r.place for r in await store.tourney_results(row.id) if r.round > row.rounds}
    if final:
        lines = st.podium(lines, final)
    draws = [table_draw(row, d, names, None if d.game_id is None else await store.game(d.game_id))
             for d in await store.draws(row.id)]
    return Tournament(row.id, row.channel_id, row.name, row.game, core.game(row.game).title, row.status,
                      row.format, row.round, row.rounds, (row.size_min, row.size_max), row.points,
                      row.organiser_id, row.seed, row.signup_until, [e.name for e in entrants], draws, lines,
                      deadline_days=row.deadline_days, late=row.late_rule, deadline=row.round_deadline,
                      final_size=row.final_size)
