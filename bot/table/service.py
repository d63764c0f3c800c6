"""``TableService``: the table's one public object, assembled from one class per concern (docs/service.md, "Where
the code lives")."""

from __future__ import annotations

from bot.table.coherence import CoherentCaches
from bot.table.orders import OrderService
from bot.table.pauses import PauseService
from bot.table.reads import ReadService
from bot.table.records import RecordService
from bot.table.since import SinceService
from bot.table.timeouts import TimeoutService
from bot.table.undo import UndoService
from bot.table.users import UserService


class TableService(CoherentCaches, RecordService, SinceService, TimeoutService, OrderService, UndoService, PauseService,
                   ReadService, UserService):
    """See docs/service.md. Open with ``await TableService.open(path)``; always ``await close()``."""
