"""What the front ends read of the seek queue (plain data; the words are theirs)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.table.model import Update

#: a seek lasts this many days unless the server sets another (``/seek settings expiry_days:``)
DEFAULT_EXPIRY_DAYS = 3.0
MAX_EXPIRY_DAYS = 30.0
#: a seated player has this long to press "I'm in" (from the post that asks them) before the seat goes to the queue
READY_HOURS = 24.0
#: the server's role is pinged about a new seek at most this often
PING_EVERY_S = 3600.0
#: a formed table whose thread could not be made for this long (from its forming) is dissolved (docs/seeking.md)
THREAD_GRACE_S = 3600.0
MAX_BAND = 2000


class NoThread(Exception):
    """What a front end's ``make_channel`` raises when it cannot make a table's thread. ``lasting``: retrying will not
    mend it (a permission missing, the channel gone), so the table is dissolved at once; otherwise it is tried again at
    every pass until ``THREAD_GRACE_S`` has passed since the table formed."""

    def __init__(self, lasting: bool) -> None:
        super().__init__("lasting" if lasting else "for now")
        self.lasting = lasting


@dataclass(frozen=True)
class SeekEntry:
    """One seek as ``/seek list`` shows it."""

    user: int
    name: str
    game: str
    title: str
    low: int
    high: int
    pace: str
    rated: bool
    since: float
    expires: float
    table: int | None  # seated at this forming table (None: waiting)


@dataclass(frozen=True)
class SeekSeat:
    user: int
    name: str
    ready: bool
    due_at: float | None  # when the seat is dropped unless its player is in (None: not asked yet, or in)
    sought_in: int = 0  # the channel where the player's seek was posted (0: not known, a started table's)


@dataclass(frozen=True)
class SeekTable:
    id: int
    guild: int
    game: str
    title: str
    low: int  # the fewest players it may start with
    size: int  # the seats it offers
    pace: str
    rated: bool
    language: str
    home: int  # the channel whose thread holds it
    channel: int | None  # its thread (None until made)
    message: int | None  # its "I'm in" post
    game_id: int | None
    status: str  # 'forming', 'started', 'dissolved'
    seats: list[SeekSeat]

    @property
    def waiting_for(self) -> list[SeekSeat]:
        return [s for s in self.seats if not s.ready]


@dataclass(frozen=True)
class SeekChange:
    """What happened to a forming table: seats dropped (their names), seats offered to the queue (those users, to be
    asked), started (the game's first Update) or dissolved (its players back in the queue). ``unopened``: dissolved
    because its thread could not be made; ``returned`` are then the players sent back to the queue, to be told."""

    table: SeekTable
    dropped: list[str] = field(default_factory=list)
    added: list[int] = field(default_factory=list)
    started: Update | None = None
    dissolved: bool = False
    unopened: bool = False
    returned: list[SeekSeat] = field(default_factory=list)


@dataclass(frozen=True)
class SeekPosted:
    """What ``seek`` did: the seek, whether it changed one already there, the role to ping (None: none, or pinged less
    than an hour ago), the tables it formed, and how many seeks of that game wait now."""

    entry: SeekEntry
    updated: bool
    ping_role: int | None
    formed: list[SeekTable]
    waiting: int


@dataclass(frozen=True)
class SeekSettings:
    channel: int | None  # the games channel: tables open in its threads (None: where the oldest seek was posted)
    role: int | None  # pinged about new seeks, at most once an hour
    expiry_days: float
    band: int | None  # the widest rating spread at a table (None: any)


@dataclass(frozen=True)
class Unseeked:
    games: list[str]
    changes: list[SeekChange]
