"""The table's one cache object: what the service keeps in memory so that building a ``Table`` or committing a move
costs no extra query (docs/service.md, "Caches").

Two kinds live here. The *derived* entries (``states``, ``seats``, ``secrets``; ``rows``) are valid only at the
version they were taken at, so a stale one just misses; ``forget`` drops a game's when it ends or a commit failed (the
file is the truth again). The *kept* entries (pauses, departures, standing orders, caretaker seats, away periods)
are loaded at open and then kept in step by the service, the database's one writer; on a shared PostgreSQL database
``bot/table/coherence.py`` re-reads them (``reload``) when another process changed them. The per-user entries are
read on first use and dropped when another process changes the user (``forget_user``).

The derived entries are bounded (``Recent``): the ``games`` most recently used games stay in memory, the others are
read again from their row and snapshot when next needed (a row read and a ``Game.load``, well under a millisecond),
so memory and the garbage collector's walks stay the same with 1,000 or 100,000 active games
(``KONTOR_GAME_CACHE``, docs/scaling.md).
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from typing import Any, TypeVar

from bot.config import DEFAULT_GAME_CACHE
from bot.table.model import Seat
from bot.table.quiet import QuietHours
from bot.table.store import GameRow, OrderRow, Store
from rules.core import State

K = TypeVar("K")
V = TypeVar("V")


class Recent(OrderedDict[K, V]):
    """A map that keeps only its ``bound`` most recently used entries: a hit (``get``) or a store makes an entry the
    newest, and storing one more than ``bound`` drops the oldest. A dropped entry is a miss the caller reads again."""

    def __init__(self, bound: int) -> None:
        super().__init__()
        self.bound = max(1, bound)

    def get(self, key: K, default: None = None) -> V | None:  # type: ignore[override]  # no default but None
        if key in self:
            self.move_to_end(key)
            return self[key]
        return default

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        if len(self) > self.bound:
            self.popitem(last=False)


@dataclasses.dataclass(eq=False)
class Caches:
    #: how many games' derived entries stay in memory (the most recently used)
    games: int = DEFAULT_GAME_CACHE
    # ---- derived, keyed by version; bounded to the ``games`` most recently used (``Recent``) ----------------------
    states: Recent[int, tuple[int, State[Any]]] = dataclasses.field(init=False)  # game -> (version, state)
    # game -> (version, seats) and (version, {human seat: secret part}) of a running game: every seating change bumps
    # the version, so a stale entry just misses
    seats: Recent[int, tuple[int, list[Seat]]] = dataclasses.field(init=False)
    secrets: Recent[int, tuple[int, dict[int, dict[str, Any] | None]]] = dataclasses.field(init=False)
    # channel -> its running game's row as the last act committed it. Every other change of the channel runs under
    # ``TableCore.serial``, which drops it, so act() can trust it (the service is its file's only writer); a row
    # dropped for room is read again.
    rows: Recent[int, GameRow] = dataclasses.field(init=False)
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

    def __post_init__(self) -> None:
        self.states = Recent(self.games)
        self.seats = Recent(self.games)
        self.secrets = Recent(self.games)
        self.rows = Recent(self.games)

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
