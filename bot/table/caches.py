"""The table's one cache object: what the service keeps in memory so that building a ``Table`` or committing a move
costs no extra query (docs/service.md, "Caches").

Two kinds live here. The *derived* entries (``states``, ``seats``, ``secrets``; ``rows``) are valid only at the
version they were taken at, so a stale one just misses; ``forget`` drops a game's when it ends or a commit failed (the
file is the truth again). The *kept* entries (pauses, departures, standing orders, caretaker seats, away periods)
are loaded at open and then kept in step by the service, the database's one writer; on a shared PostgreSQL database
``bot/table/coherence.py`` re-reads them (``reload``) when another process changed them. The per-user entries are
read on first use and dropped when another process changes the user (``forget_user``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.table.model import Seat
from bot.table.quiet import QuietHours
from bot.table.store import GameRow, OrderRow, Store
from rules.core import State


@dataclasses.dataclass(eq=False)
class Caches:
    # ---- derived, keyed by version --------------------------------------------------------------------------------
    states: dict[int, tuple[int, State[Any]]] = dataclasses.field(default_factory=dict)  # game -> (version, state)
    # game -> (version, seats) and (version, {human seat: secret part}) of a running game: every seating change bumps
    # the version, so a stale entry just misses
    seats: dict[int, tuple[int, list[Seat]]] = dataclasses.field(default_factory=dict)
    secrets: dict[int, tuple[int, dict[int, dict[str, Any] | None]]] = dataclasses.field(default_factory=dict)
    # channel -> its running game's row as the last act committed it. Every other change of the channel runs under
    # ``TableCore.serial``, which drops it, so act() can trust it (the service is its file's only writer).
    rows: dict[int, GameRow] = dataclasses.field(default_factory=dict)
    # games whose bot chain failed: game -> when to try again (service clock), and how often it failed
    wake_after: dict[int, float] = dataclasses.field(default_factory=dict)
    wake_tries: dict[int, int] = dataclasses.field(default_factory=dict)
    # ---- kept: loaded at open, then kept in step by the one writer ------------------------------------------------
    pauses: dict[int, tuple[float, str]] = dataclasses.field(default_factory=dict)  # game -> (paused since, reason)
    departed: dict[int, set[int]] = dataclasses.field(default_factory=dict)  # game -> seated users who left the server
    orders: dict[int, dict[int, dict[str, OrderRow]]] = dataclasses.field(default_factory=dict)  # game -> seat -> kind
    caretaken: dict[int, dict[int, int]] = dataclasses.field(default_factory=dict)  # game -> caretaker seat -> player
    aways: dict[tuple[int, int], tuple[float, float]] = dataclasses.field(default_factory=dict)  # (game, user) -> span
    # ---- per user, read on first use ------------------------------------------------------------------------------
    notify: dict[int, str] = dataclasses.field(default_factory=dict)  # user -> notification preference
    quiet: dict[int, QuietHours | None] = dataclasses.field(default_factory=dict)  # user -> quiet hours
    languages: dict[int, str] = dataclasses.field(default_factory=dict)  # user -> the language they read
    dms: dict[int, tuple[bool, float | None]] = dataclasses.field(default_factory=dict)  # user -> DMs work, refused at

    def forget(self, game_id: int) -> None:
        """Drop every derived piece of a game (it ended, or a commit failed and the file is the truth again)."""
        self.states.pop(game_id, None)
        self.seats.pop(game_id, None)
        self.secrets.pop(game_id, None)

    def forget_user(self, user: int) -> None:
        """Drop a user's entries: another process changed them; they are read again when next needed."""
        self.notify.pop(user, None)
        self.quiet.pop(user, None)
        self.dms.pop(user, None)

    async def load(self, store: Store) -> None:
        """Read every kept entry (at open, and after a shared database's listener lost changes)."""
        self.pauses = await store.pauses()
        self.departed = await store.departures()
        self.orders = await store.standing_orders()
        self.caretaken = await store.caretaker_seats()
        self.aways = await store.aways()
        self.notify.clear()
        self.quiet.clear()
        self.dms.clear()

    async def reload(self, store: Store, table: str, game_id: int) -> None:
        """Re-read what the database table ``table`` holds for one game (another process changed it)."""
        if table == "pauses":
            _put(self.pauses, game_id, (await store.pauses(game_id)).get(game_id))
        elif table == "departures":
            _put(self.departed, game_id, (await store.departures(game_id)).get(game_id))
        elif table == "standing_orders":
            _put(self.orders, game_id, (await store.standing_orders(game_id)).get(game_id))
        elif table == "caretaker_seats":
            _put(self.caretaken, game_id, (await store.caretaker_seats(game_id)).get(game_id))
        elif table == "aways":
            kept = {k: v for k, v in self.aways.items() if k[0] != game_id}
            self.aways = {**kept, **await store.aways(game_id)}


def _put(cache: dict[int, Any], game_id: int, value: Any) -> None:
    if value:
        cache[game_id] = value
    else:
        cache.pop(game_id, None)
