"""``kontor tournament simulate GAME --players 23 --rounds 4 --table-size 4 --seed S``: a whole tournament played by
basic bots through the same table service (a temporary SQLite file), printing each round's tables and the standings,
so organisers can see what the rules do (docs/tournaments.md). Operator tool: English.

The players are bots at human seats (user ids 1..N): each move is the game's basic bot asked through the service
(``legal``, ``private_view``, ``act``), exactly as a player's click would be, so the tournament runs its real path:
sign-up, pairing, tables opened through the lobby, results, the next round.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bot.table import FORMATS, TableDraw, TableError, TableService, Tournament
from rules.core import Rng

#: the simulated tournament's channel; its tables get channels after it
CHANNEL = 1_000
ORGANISER = 999_999


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=["simulate"], help="simulate: a whole tournament played by bots")
    parser.add_argument("game", help="the game, e.g. colonia")
    parser.add_argument("--players", type=int, default=9, help="how many players sign up (default 9)")
    parser.add_argument("--rounds", type=int, default=3, help="how many rounds (default 3)")
    parser.add_argument("--table-size", default="3-4", help="a table size or a range, e.g. 4 or 3-4 (default 3-4)")
    parser.add_argument("--format", choices=FORMATS, default="swiss", help="swiss (default) or roundrobin")
    parser.add_argument("--points", default=None, help="points per place, e.g. 4/2/1/0 (default by table size)")
    parser.add_argument("--seed", type=int, default=1, help="the tournament's seed (pairing and games; default 1)")
    parser.add_argument("--final", type=int, default=None, metavar="N",
                        help="the top N play a final table after the last round (default: no final)")


async def play_out(svc: TableService, channel: int, seed: int) -> None:
    """Play the game in ``channel`` to its end, every awaited player moving as the game's basic bot would."""
    while True:
        table = await svc.table(channel)
        if table.status != "active" or not table.awaited:
            return
        game = svc.game(table.game)
        for user in table.awaited:
            seat = next(s.seat for s in table.seats if s.user_id == user)
            legal = [a for a, _label in await svc.legal(channel, user)]
            if not legal:
                continue
            view = await svc.private_view(channel, user)
            action = game.bot_action(view, legal, seat, Rng(seed, "sim", channel, table.version, seat))
            await svc.act(channel, user, action)
            break  # the table changed: read it again


def channel_maker() -> Callable[[TableDraw], asyncio.Future[int]]:
    """A new channel number for each table (a thread, on Discord)."""
    counter = iter(range(CHANNEL + 1, 2**31))

    def make(draw: TableDraw) -> asyncio.Future[int]:
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        future.set_result(next(counter))
        return future

    return make


async def simulate(svc: TableService, game: str, players: int, rounds: int, size: str, fmt: str,
                   points: str | None, seed: int, out: Callable[[str], None], final: int | None = None) -> Tournament:
    await svc.create_tournament(CHANNEL, None, game, ORGANISER, f"Simulated {game}", rounds=rounds, size=size,
                                fmt=fmt, points=points, seed=seed, game_seed=seed, final=final)
    for user in range(1, players + 1):
        await svc.join_tournament(CHANNEL, user, f"Player {user}")
    await svc.start_tournament(CHANNEL, ORGANISER)
    make = channel_maker()
    while True:
        await svc.open_tournament_tables(CHANNEL, make)
        t = await svc.tournament(CHANNEL)
        out("Final table:" if t.in_final else f"Round {t.round}:")
        for draw in t.round_tables():
            out(f"  table {draw.table} ({len(draw.players)}): " + ", ".join(draw.names))
        for draw in t.round_tables():
            if draw.channel is not None:
                await play_out(svc, draw.channel, seed)
        advance = await svc.advance_tournament(CHANNEL)
        t = await svc.tournament(CHANNEL)
        out(standings_text(t, after=advance.round - (0 if advance.finished else 1), final=t.final_size is not None))
        if advance.finished or not advance.round_over:
            return t


def standings_text(t: Tournament, *, after: int, final: bool = False) -> str:
    if t.status == "finished" and final:
        head = "Final standings (the final table's players first, by their place there; then the others):"
    elif after > t.rounds:
        head = "Standings after the final table:"
    else:
        head = f"Standings after round {after}:"
    lines = [head, "  place  player          points  opp.pts  score  games"]
    for ln in t.standings:
        mark = " (dropped)" if ln.dropped else ""
        lines.append(f"  {ln.place:>5}  {ln.name[:14]:<14}  {ln.points:>6}  {ln.opponents_points:>7}  {ln.score:>5}"
                     f"  {ln.games:>5}{mark}")
    return "\n".join(lines)


async def _run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="kontor-tournament-") as folder:
        async with await TableService.open(str(Path(folder) / "tournament.sqlite3")) as svc:
            started = time.perf_counter()
            try:
                t = await simulate(svc, args.game, args.players, args.rounds, args.table_size, args.format,
                                   args.points, args.seed, print, args.final)
            except TableError as exc:
                print(f"kontor tournament: {exc}", file=sys.stderr)
                return 2
            games = sum(1 for d in t.tables if d.status == "finished")
            played = f"{t.rounds} rounds and a final table" if t.in_final else f"{t.round} rounds"
            print(f"{t.title}: {len(t.entrants)} players, {played}, {games} games in"
                  f" {time.perf_counter() - started:.1f} s (seed {t.seed}).")
    return 0


def tournament_main(args: argparse.Namespace) -> int:
    if args.players < 1:
        print("kontor tournament: --players must be at least 1", file=sys.stderr)
        return 2
    return asyncio.run(_run(args))
