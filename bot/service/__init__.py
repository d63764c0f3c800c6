"""The table: rules + storage + rendering behind one async API (see docs/service.md). Knows nothing of Discord.

Every change runs under a per-channel ``asyncio.Lock`` and commits the log row, the new snapshot and
``version + 1`` in one ``BEGIN IMMEDIATE`` transaction (``bot.store``). Rule checks happen before any
write, and ``State.apply`` leaves the state untouched on a refusal, so a refused request changes nothing.

The class is assembled from one module per concern (docs/service.md, "Where the code lives").
"""

from __future__ import annotations

from bot.service.coherence import CoherentCaches
from bot.service.deadlines import MAX_CARETAKER_STEPS
from bot.service.departures import SEAT_CHOICES
from bot.service.model import (
    BOT_NAMES,
    DAMAGED,
    MAX_NAME_LEN,
    DamagedGame,
    MoverReply,
    PrivateUpdate,
    Question,
    Seat,
    StaleVersion,
    Table,
    TableError,
    Update,
    name_seats,
)
from bot.service.moves import MAX_AUTO_STEPS
from bot.service.orders import OrderInfo, OrderService
from bot.service.pauses import PAUSE_REASONS, PauseService, pause_text
from bot.service.reads import ReadService
from bot.service.records import RECORD_FORMAT, LogEntry, MyGame, RecordService
from bot.service.settings import (
    AUTO_FORCED_HELP,
    DEFAULT_SETTINGS,
    MAX_HOURS,
    PACES,
    SETTING_CHOICES,
    TIMEOUT_CHOICES,
    describe_settings,
    normalise_settings,
)
from bot.service.since import SinceBoard, SinceDigest, SinceService
from bot.service.timeouts import ANSWERS, TimeoutService
from bot.service.undo import UndoService
from bot.service.users import NOTIFY_HELP, UserService


class TableService(CoherentCaches, RecordService, SinceService, TimeoutService, OrderService, UndoService, PauseService,
                   ReadService, UserService):
    """See docs/service.md. Open with ``await TableService.open(path)``; always ``await close()``."""


__all__ = [
    "ANSWERS",
    "AUTO_FORCED_HELP",
    "BOT_NAMES",
    "DAMAGED",
    "DEFAULT_SETTINGS",
    "MAX_AUTO_STEPS",
    "MAX_CARETAKER_STEPS",
    "MAX_HOURS",
    "MAX_NAME_LEN",
    "NOTIFY_HELP",
    "PACES",
    "PAUSE_REASONS",
    "RECORD_FORMAT",
    "SEAT_CHOICES",
    "SETTING_CHOICES",
    "TIMEOUT_CHOICES",
    "DamagedGame",
    "LogEntry",
    "MoverReply",
    "MyGame",
    "OrderInfo",
    "PrivateUpdate",
    "Question",
    "Seat",
    "SinceBoard",
    "SinceDigest",
    "StaleVersion",
    "Table",
    "TableError",
    "TableService",
    "Update",
    "describe_settings",
    "name_seats",
    "normalise_settings",
    "pause_text",
]
