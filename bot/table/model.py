"""The service's vocabulary: what front ends receive (Table, Update), its refusals, and input checks."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.table.store import SeatRow
from rules import words
from rules.core import MAX_ACTION_LEN, Event, Outcome
from rules.words import N_, seat_pattern, translator

if TYPE_CHECKING:  # digests.py builds on the Seat defined here
    from bot.table.club.charts import Chart
    from bot.table.club.report import EndReport
    from bot.table.digests import SinceDigest
    from bot.table.store.users import PendingNews

_, _n = translator("bot")

Seat = SeatRow

MAX_NAME_LEN = 32
BOT_NAMES = ("Anna", "Bruno", "Clara", "Dieter", "Emma", "Fritz", "Greta", "Hans")
_SEAT_RE = re.compile(r"\b[Ss]eat (\d+)\b")


class TableError(Exception):
    """A friendly refusal; nothing changed. ``str(err)`` is fit to show the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class StaleVersion(TableError):
    """The request was based on an old board (``expected_version`` no longer current)."""

    def __init__(self, message: str, current: int) -> None:
        super().__init__(message)
        self.current = current


DAMAGED = N_("This game's saved data is damaged; a moderator can end it with /game abandon.")
DAMAGED_LOG_LINE = N_("(One entry of this game's log is damaged and cannot be shown.)")


class DamagedGame(TableError):
    """A game whose stored row cannot be read (``part``: "options", "snapshot", "seats", …). It can still be
    abandoned; everything else on it is refused with ``DAMAGED``."""

    def __init__(self, game_id: int, part: str) -> None:
        super().__init__(_(DAMAGED))
        self.game_id = game_id
        self.part = part


@dataclass(frozen=True)
class Table:
    """A table as the front ends see it (a lobby, a running game, or a finished one)."""

    game_id: int
    channel: int
    guild: int | None
    game: str
    title: str
    status: str  # lobby | active | finished | abandoned
    version: int
    seats: tuple[Seat, ...]
    creator: int
    options: dict[str, str]
    settings: dict[str, Any]
    awaited_seats: tuple[int, ...]
    awaited: tuple[int, ...]  # user ids of awaited human seats
    seed_digest: str | None
    seed: int | None  # revealed only once the game has ended
    outcome: Outcome | None
    live_message_id: int | None
    min_players: int
    max_players: int
    created_at: float
    updated_at: float
    paused: str | None = None  # why the table's clocks are paused (PAUSE_REASONS), None while they run
    paused_since: float | None = None
    secret: bool = False  # the seats awaited now choose in secret (``State.secret_simultaneous``)
    # Time banks: each seat's bank left, in seconds (None: a bot or an untimed table; () when not read), the seats
    # the caretaker plays for good, and the seats whose player is away (their clock stands).
    banks: tuple[float | None, ...] = ()
    caretaken: tuple[int, ...] = ()
    away: tuple[int, ...] = ()
    # Moves played in the game (the rules' ply), the number shown to players; ``version`` also counts joins,
    # settings and other table changes, so it only identifies a board.
    moves: int = 0

    def with_banks(self, banks: tuple[float | None, ...]) -> Table:
        return dataclasses.replace(self, banks=banks)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_of(self, user: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user), None)

    @property
    def humans(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None]

    @property
    def host(self) -> int | None:
        """Who has host powers: ``creator`` while seated; None when no human is left (then only moderators)."""
        return self.creator if self.seat_of(self.creator) is not None else None

    @property
    def simultaneous(self) -> bool:
        """The current step awaits several seats at once: a secret choice (``secret``: nothing shows until all have
        chosen) or a public one (each step shows at once, e.g. Speicherstadt's loading). Either way another
        awaited seat's move does not change this seat's options, so a choice made on an older board of the same
        wait may stand (``act(..., chosen_at=)``)."""
        return len(self.awaited_seats) > 1


@dataclass(frozen=True)
class PrivateUpdate:
    view: dict[str, Any]
    events: list[str]


@dataclass(frozen=True)
class MoverReply:
    """What the player who just acted is answered, computed by ``act`` so the front end needs no more reads: the
    label of the action they played (players named), whether ↩️ Undo can take it back, and, while they are still
    awaited, their next menu (named labels), else None."""

    label: str | None
    can_undo: bool
    menu: list[tuple[str, str]] | None
    news: PendingNews | None = None  # with ``news=True``: what reached them since their last look, for the reply


@dataclass(frozen=True)
class Reader:
    """What posting needs to know of one seated player, read when the Update was built (so the front end asks the
    table nothing more): the language they read, how they hear of their turn (``notify``: mention, dm or digest) and
    whether they are inside their quiet hours now (``asleep``: named without a ping, no reminder by DM), and whether
    DMs to them work (``dm_ok``; ``dm_failed_at``: when the last one was refused)."""

    language: str = "en"
    notify: str = "mention"
    asleep: bool = False
    dm_ok: bool = True
    dm_failed_at: float | None = None


@dataclass
class Update:
    """What a change did, as data; the front ends turn it into messages."""

    channel: int
    table: Table
    version: int
    public_events: list[str] = field(default_factory=list)
    public_view: dict[str, Any] | None = None
    private: dict[int, PrivateUpdate] = field(default_factory=dict)
    awaited: list[int] = field(default_factory=list)
    finished: Outcome | None = None
    image: bytes | None = None
    focus: bytes | None = None  # the enlarged part of the board the awaited decision is about (``render.focus``)
    # the public view in words, names in, in the channel's language (bot/table/in_words.py): ``summary``, ``alt``
    # and ``focus_alt`` below, put into words on first use (a move nobody posts, as in the terminal or the bench,
    # costs no words)
    words: Callable[[], tuple[str, str, str]] | None = field(default=None, repr=False, compare=False)
    notice: str | None = None
    reminder: bool = False  # only a reminder: nothing changed, ``awaited`` is the one player reminded
    question: Question | None = None  # a question the front end asks with buttons (a spent bank, a caretaker seat)
    mover: MoverReply | None = None  # set by ``act``: the acting player's reply
    readers: dict[int, Reader] = field(default_factory=dict)  # each seated human (user id): what posting needs
    # each seated human's screen now (their private view), for the DMs the change calls for; never posted publicly
    screens: dict[int, dict[str, Any]] = field(default_factory=dict)
    # "since your last move" of each human whose turn begins with this change (public lines only): their turn notice
    since: dict[int, SinceDigest] = field(default_factory=dict)
    # with ``news=True`` (bot/table/news.py): the humans whose turn begins with this change, and the private news
    # to deliver now (theirs; once the game is over, everyone's)
    begins: tuple[int, ...] = ()
    news: dict[int, PendingNews] = field(default_factory=dict)
    # the change ended the game: its report (each seat's score by category, rating changes, time), made by the table
    # with the results in the transaction that ended it (bot/table/club/report.py); None on any other change
    report: EndReport | None = None
    # with the report: the chart of the points after each round (PNG, alt text in the channel's language), drawn by
    # the table (bot/table/club/charts.py); None when the game charts no rounds or images are off
    chart: Chart | None = None
    # in the lobby of a rated table of humans: each seat's chance to win as the ratings predict (same order as the
    # seats); () when the table is not rated or not all seats are humans
    chances: tuple[float, ...] = ()

    @functools.cached_property
    def _words(self) -> tuple[str, str, str]:
        return self.words() if self.words is not None else ("", "", "")

    @property
    def summary(self) -> str:
        """The board's summary, names in, in the channel's language ("" for a lobby)."""
        return self._words[0]

    @property
    def alt(self) -> str:
        """What a screen reader says for ``image`` (the newest public line as its last move); "" without one."""
        return self._words[1]

    @property
    def focus_alt(self) -> str:
        """What a screen reader says for ``focus``; "" without one."""
        return self._words[2]

    def reader(self, user: int) -> Reader:
        """What posting needs of ``user`` (the defaults for someone the Update does not know: English, mention)."""
        return self.readers.get(user, Reader())


@dataclass(frozen=True)
class Question:
    """Buttons to post with an Update: ``kind`` "timeout" (the others answer what happens to ``seat``, whose bank
    ran out, until ``decide_at``; ``voters`` are pinged) or "reclaim" (the seat's player may take it back)."""

    kind: str
    seat: int
    name: str
    voters: tuple[int, ...] = ()
    decide_at: float | None = None


@dataclass
class _Changes:
    """Collects what one request did across its own step and the bot steps after it."""

    before: dict[int, dict[str, Any] | None]  # seat -> secret part of its view before (None: send anyway)
    public: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    last: dict[str, Any] | None = None  # the last step's public action (None: a secret one), the images' fallback
    last_events: list[Event] | None = None  # the last step's public events, when its action is public (the images)
    finished: bool = False
    notice: str | None = None  # a line for the channel about the request itself (e.g. the bots were delayed)
    caretaker_for: set[int] = field(default_factory=set)  # seats the caretaker played for (said once per change)
    # the seats awaited before the change (None: unknown, every awaited seat counts as new): whose turn begins with
    # it, and so who gets a "since your last move" digest in the Update
    awaited_before: frozenset[int] | None = None
    actor: int | None = None  # the seat whose player made the change (their own news is their reply's, not kept)
    report: EndReport | None = None  # the end's report (bot/table/club/report.py), made with the results
    chart: Chart | None = None  # the report's chart of the rounds (bot/table/club/charts.py)


_SAME = object()


def _hidden(mine: Any, public: Any) -> Any:
    """What of ``mine`` a spectator's ``public`` does not show, nested: the differing keys of a dict, the differing
    items (by index) of a list of the same length, else the value itself; ``_SAME`` when nothing differs. So a
    player's own row inside a public list (Nürnberg's ``players``) contributes only its hidden fields, and a public
    change to someone else's row is not news for this player."""
    if mine == public:  # deep, in C: most of a view is equal and returns here
        return _SAME
    if isinstance(mine, Mapping) and isinstance(public, Mapping):
        return {k: d for k, v in mine.items() if (d := _hidden(v, public.get(k, _SAME))) is not _SAME}
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return {i: d for i, (a, b) in enumerate(zip(mine, public, strict=True)) if (d := _hidden(a, b)) is not _SAME}
    return mine


def secret_part(view: Mapping[str, Any], public: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a seat's view a spectator does not see (what a private update is about). Compared with
    ``==`` (deep, in C), not serialised: views are read-only once built, so the next move may compare to it."""
    return {k: d for k, v in view.items() if k != "viewer" and (d := _hidden(v, public.get(k, _SAME))) is not _SAME}


#: What ``_check_id`` calls the ids it checks ("Unknown channel.").
_ID_WORDS = {"channel": N_("channel"), "user": N_("user"), "server": N_("server"), "game": N_("game"),
             "message": N_("message"), "seed": N_("seed")}


def _check_id(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise TableError(_("Unknown {what}.").format(what=_(_ID_WORDS.get(what, what))))
    return value


def _clean_name(name: Any) -> str:
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in str(name or "")).split())
    return (text[:MAX_NAME_LEN].rstrip() or _("Player"))


def _check_action(action: Any) -> str:
    if not isinstance(action, str) or not action.strip():
        raise TableError(_("Please give an action."))
    if len(action) > MAX_ACTION_LEN:
        raise TableError(_("That action is too long (at most {n} characters).").format(n=MAX_ACTION_LEN))
    if not action.isprintable():
        raise TableError(_("That action contains control characters."))
    return action.strip()



def _bot_name(seats: list[Seat], fallback: str) -> str:
    """A free bot name that is not also a player's name ("Bot Anna" next to a human Anna would confuse)."""
    taken = {s.name.casefold() for s in seats} | {s.name.casefold().removeprefix("bot ") for s in seats}
    return next((f"Bot {n}" for n in BOT_NAMES if n.casefold() not in taken), fallback)


def name_seats(text: str, names: list[str]) -> str:
    """Replace the games' "Seat N"/"seat N" (N = 0-based seat number, as event params; ``rules.words.seat`` in the
    language being spoken) with players' names."""

    def named(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return names[n] if 0 <= n < len(names) else match.group(0)

    text = seat_pattern().sub(named, text)
    text = _SEAT_RE.sub(named, text) if words.language() != words.ENGLISH else text
    language = words.language()
    if language == "fr":
        return _elided(text, names)
    return _euphonic(text, names) if language == "it" else text


_VOWELS = "AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸaeiouyàâäéèêëîïôöùûüÿ"


def _elided(text: str, names: list[str]) -> str:
    """French elides "de"/"que" before a name that starts with a vowel: "le membre d'Audrey", "qu'Ana" (issue 42)."""
    vowel_names = [re.escape(n) for n in names if n[:1] in _VOWELS]
    if not vowel_names:
        return text
    pattern = re.compile(r"\b([dD]|[qQ]u)e (?=(?:" + "|".join(vowel_names) + r")\b)")
    return pattern.sub(lambda m: m.group(1) + "'", text)


def _euphonic(text: str, names: list[str]) -> str:
    """Italian says "ad"/"ed" before a name that starts with the same vowel: "dà 1 grano ad Ada", "Bo ed Elena"."""
    for vowel in "ae":
        same = [re.escape(n) for n in names if n[:1].casefold() == vowel]
        if same:
            pattern = re.compile(r"\b([" + vowel + vowel.upper() + r"]) (?=(?:" + "|".join(same) + r")\b)")
            text = pattern.sub(lambda m: m.group(1) + "d ", text)
    return text

