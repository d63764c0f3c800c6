"""Drive many tables of the service with random legal moves, knowing each game's state without asking.

Every seat is a human (a made-up user id), so the only actions are ours: a local copy of each state,
advanced with the same actions after ``act`` returns, tells whom the game awaits and what is legal
without timing any extra service call. The bench, the memory probe and the crash test use it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import rules
from bench.engine import bench_players
from bot.table.store import Store

GUILD = 7_700


@dataclass
class Table:
    channel: int
    name: str
    users: list[int]  # by seat
    state: rules.State
    version: int


async def open_table(svc, store: Store, channel: int, name: str, num_players: int | None = None) -> Table:  # type: ignore[no-untyped-def]
    """Create, fill and start a table of human seats; return its local mirror."""
    game = rules.get_game(name)
    n = num_players or bench_players(game)
    users = [channel * 10 + i + 1 for i in range(n)]
    # auto_forced off: the local mirror must see every move, so none may be played by the service on its own
    await svc.create(channel, GUILD, name, users[0], f"P{users[0]}", settings={"auto_forced": "off"})
    for user in users[1:]:
        await svc.join(channel, user, f"P{user}")
    await svc.start(channel, users[0])
    row = await store.open_game(channel)
    assert row is not None and row.snapshot is not None and row.seed is not None
    by_seat = {s.seat: s.user_id for s in await store.seats(row.id)}
    state = game.new_state(num_players=n, seed=row.seed, options=row.options)
    assert state.dump() == row.snapshot, "the service's start state is not new_state(seed)"
    return Table(channel, name, [int(by_seat[s]) for s in range(n)], state, row.version)  # type: ignore[arg-type]


def next_move(table: Table, rnd: random.Random) -> tuple[int, int, str]:
    """(user, seat, action): a random awaited seat and a random legal action of it."""
    awaited = table.state.to_act()
    seat = awaited[0] if len(awaited) == 1 else rnd.choice(awaited)
    return table.users[seat], seat, rnd.choice(table.state.legal_actions(seat))


async def act(svc, table: Table, rnd: random.Random) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Make one random move through the service; return (user, version acknowledged)."""
    user, seat, action = next_move(table, rnd)
    update = await svc.act(table.channel, user, action, expected_version=table.version)
    table.state.apply(seat, action)
    table.version = update.version
    return user, update.version
