"""The table: rules + storage + rendering behind one async API (see docs/service.md). Knows nothing of Discord.

Every change runs under a per-channel ``asyncio.Lock`` and commits the log row, the new snapshot and
``version + 1`` in one ``BEGIN IMMEDIATE`` transaction (``bot.table.store``). Rule checks happen before any
write, and ``State.apply`` leaves the state untouched on a refusal, so a refused request changes nothing.

This package's names are the table's public API: the Discord front end and the terminal import from ``bot.table``
only (never a module inside it, its store or a private name; ``tests/contract/test_layering.py``). The operator tools
may also read the store (``bot.table.store``): the soak checks the rows themselves.
"""

from __future__ import annotations

from bot.table import health
from bot.table.backup_loop import BackupLoop
from bot.table.clocks import MAX_AWAY_DAYS, bank_text
from bot.table.club import (
    ALL_TIME,
    MAX_LISTED_GAMES,
    MIN_LISTED_GAMES,
    PAGE_SIZE,
    PROVISIONAL_GAMES,
    BoardLine,
    Chart,
    EndReport,
    Leaderboard,
    PastGame,
    Profile,
    ProfileGame,
    RatingMove,
    Reliability,
    ReportSeat,
    Skill,
)
from bot.table.club.league import LeagueLine, LeagueTable
from bot.table.club.seasons import LISTING_CHOICES, PROFILE_CHOICES, SeasonClosed
from bot.table.club.stats import CountStats, GameStats
from bot.table.club.window import ClubWindow, ServerPage
from bot.table.core import channel_speaking, table_language
from bot.table.departures import SEAT_CHOICES
from bot.table.digests import SinceBoard, SinceDigest
from bot.table.failures import storage_failure
from bot.table.guide import GUIDE, explanation, topic_of
from bot.table.images import BoardImages
from bot.table.in_words import named_alt_text, named_summary
from bot.table.learn import Hint, HintOption, Review, ReviewItem, hint_lines, hints_note, review_lines
from bot.table.levels import LEVELS, choose_move, normalise_level
from bot.table.model import (
    BOT_NAMES,
    DAMAGED,
    MAX_NAME_LEN,
    DamagedGame,
    MoverReply,
    PrivateUpdate,
    Question,
    Reader,
    Seat,
    StaleVersion,
    Table,
    TableError,
    Update,
    name_seats,
    secret_part,
)
from bot.table.moves import MAX_AUTO_STEPS
from bot.table.orders import OrderInfo
from bot.table.pauses import PAUSE_REASONS, UNREACHABLE, pause_text
from bot.table.quiet import QuietHours, timezone_names
from bot.table.record_file import record_bytes, record_target_problem, write_record
from bot.table.records import RECORD_FORMAT, LogEntry, MyGame
from bot.table.render_pool import RenderPool
from bot.table.seek.part import KEEP as SEEK_KEEP
from bot.table.seek.views import (
    DEFAULT_EXPIRY_DAYS,
    MAX_BAND,
    MAX_EXPIRY_DAYS,
    READY_HOURS,
    THREAD_GRACE_S,
    NoThread,
    SeekChange,
    SeekEntry,
    SeekPosted,
    SeekSeat,
    SeekSettings,
    SeekTable,
    Unseeked,
)
from bot.table.service import TableService
from bot.table.settings import (
    AUTO_FORCED_HELP,
    DEFAULT_SETTINGS,
    MAX_HOURS,
    PACES,
    SETTING_CHOICES,
    TIMEOUT_CHOICES,
    describe_settings,
    normalise_settings,
)
from bot.table.spectate import PublicEntry, PublicStep, Spectacle, Spectators
from bot.table.spectate_feed import GameFeed
from bot.table.store.club_seasons import Privacy
from bot.table.store.dburl import is_url, sqlite_only
from bot.table.store.process_claim import ShardsClaimed, claim_shards
from bot.table.store.users import PendingNews
from bot.table.store.writer_lock import LockUnavailable, StoreLocked
from bot.table.timeouts import ANSWERS, MAX_CARETAKER_STEPS
from bot.table.tourney.pairing import table_sizes
from bot.table.tourney.part import FORMATS, LATE_RULES, MAX_DEADLINE_DAYS, MAX_ROUNDS
from bot.table.tourney.standings import DEFAULT_POINTS, Line
from bot.table.tourney.views import Advance, TableDraw, Tournament, TourneyChange
from bot.table.users import NOTIFY_HELP
from bot.table.weblinks import WebLinks, make_token, read_token

__all__ = [
    "ALL_TIME",
    "ANSWERS",
    "AUTO_FORCED_HELP",
    "BOT_NAMES",
    "DAMAGED",
    "DEFAULT_EXPIRY_DAYS",
    "DEFAULT_POINTS",
    "DEFAULT_SETTINGS",
    "FORMATS",
    "GUIDE",
    "LATE_RULES",
    "LEVELS",
    "LISTING_CHOICES",
    "MAX_AUTO_STEPS",
    "MAX_AWAY_DAYS",
    "MAX_BAND",
    "MAX_CARETAKER_STEPS",
    "MAX_DEADLINE_DAYS",
    "MAX_EXPIRY_DAYS",
    "MAX_HOURS",
    "MAX_LISTED_GAMES",
    "MAX_NAME_LEN",
    "MAX_ROUNDS",
    "MIN_LISTED_GAMES",
    "NOTIFY_HELP",
    "PACES",
    "PAGE_SIZE",
    "PAUSE_REASONS",
    "PROFILE_CHOICES",
    "PROVISIONAL_GAMES",
    "READY_HOURS",
    "RECORD_FORMAT",
    "SEAT_CHOICES",
    "SEEK_KEEP",
    "SETTING_CHOICES",
    "THREAD_GRACE_S",
    "TIMEOUT_CHOICES",
    "UNREACHABLE",
    "Advance",
    "BackupLoop",
    "BoardImages",
    "BoardLine",
    "Chart",
    "ClubWindow",
    "CountStats",
    "DamagedGame",
    "EndReport",
    "GameFeed",
    "GameStats",
    "Hint",
    "HintOption",
    "Leaderboard",
    "LeagueLine",
    "LeagueTable",
    "Line",
    "LockUnavailable",
    "LogEntry",
    "MoverReply",
    "MyGame",
    "NoThread",
    "OrderInfo",
    "PastGame",
    "PendingNews",
    "Privacy",
    "PrivateUpdate",
    "Profile",
    "ProfileGame",
    "PublicEntry",
    "PublicStep",
    "Question",
    "QuietHours",
    "RatingMove",
    "Reader",
    "Reliability",
    "RenderPool",
    "ReportSeat",
    "Review",
    "ReviewItem",
    "SeasonClosed",
    "Seat",
    "SeekChange",
    "SeekEntry",
    "SeekPosted",
    "SeekSeat",
    "SeekSettings",
    "SeekTable",
    "ServerPage",
    "ShardsClaimed",
    "SinceBoard",
    "SinceDigest",
    "Skill",
    "Spectacle",
    "Spectators",
    "StaleVersion",
    "StoreLocked",
    "Table",
    "TableDraw",
    "TableError",
    "TableService",
    "Tournament",
    "TourneyChange",
    "Unseeked",
    "Update",
    "WebLinks",
    "bank_text",
    "channel_speaking",
    "choose_move",
    "claim_shards",
    "describe_settings",
    "explanation",
    "health",
    "hint_lines",
    "hints_note",
    "is_url",
    "make_token",
    "name_seats",
    "named_alt_text",
    "named_summary",
    "normalise_level",
    "normalise_settings",
    "pause_text",
    "read_token",
    "record_bytes",
    "record_target_problem",
    "review_lines",
    "secret_part",
    "sqlite_only",
    "storage_failure",
    "table_language",
    "table_sizes",
    "timezone_names",
    "topic_of",
    "write_record",
]
