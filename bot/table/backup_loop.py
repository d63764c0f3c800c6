"""The periodic backup of ``kontor run`` (``KONTOR_BACKUP_DIR``): every ``KONTOR_BACKUP_HOURS`` a dated copy of
the database (``kontor-YYYYmmdd-HHMMSS.sqlite3``, UTC) in that directory, keeping the newest ``KONTOR_BACKUP_KEEP``.

The schedule follows the newest backup already in the directory, so a restart neither skips a backup nor makes
one on every start (a bot restarting in a loop does not rotate the good backups out). Each copy is made off the
event loop (``asyncio.to_thread``) by ``bot.table.backup.make_backup``, which only reads the database. A failure is
logged and retried within the hour; it never stops the bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from bot.background import BackgroundTask
from bot.table.backup import NAME_FORMAT, NAME_PATTERN, BackupError, backup_name, make_backup
from bot.table.store.dburl import is_url

if TYPE_CHECKING:
    from bot.config import Config

log = logging.getLogger(__name__)

RETRY = datetime.timedelta(hours=1)  # after a failure, at the latest (sooner if backups are more frequent)


def _utc_now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def backups(directory: Path) -> list[tuple[datetime.datetime, Path]]:
    """This loop's backups in ``directory``, oldest first; any other file is not ours and is left alone."""
    found = []
    try:
        entries = list(directory.iterdir())
    except OSError:  # not created yet (the first backup creates it), or unreadable: no backups to count
        return []
    for path in entries:
        if NAME_PATTERN.fullmatch(path.name) and path.is_file():
            try:
                when = datetime.datetime.strptime(path.name, NAME_FORMAT).replace(tzinfo=datetime.UTC)
            except ValueError:  # the right shape but no real date (month 13): not one of ours
                continue
            found.append((when, path))
    return sorted(found)


def prune(directory: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups in ``directory``; return the deleted paths."""
    old = [path for _when, path in backups(directory)[:-keep]] if keep > 0 else []
    for path in old:
        path.unlink(missing_ok=True)
    return old


class BackupLoop(BackgroundTask):
    task_name = "kontor-backups"

    def __init__(self, db_path: str | Path, directory: str | Path, every_hours: float, keep: int,
                 *, now: Callable[[], datetime.datetime] = _utc_now,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        super().__init__()
        self.db_path = Path(db_path)
        self.directory = Path(directory)
        self.every = datetime.timedelta(hours=every_hours)
        self.keep = keep
        self._now = now
        self._sleep = sleep
        self._retry_at: datetime.datetime | None = None
        self._copy: asyncio.Task[Path] | None = None  # a backup in progress, if any

    @classmethod
    def for_config(cls, config: Config) -> BackupLoop | None:
        """The loop ``kontor run`` starts, or None without ``KONTOR_BACKUP_DIR`` (or on PostgreSQL, whose backups are
        the server's business: pg_dump, WAL archiving)."""
        if not config.backup_dir:
            return None
        if is_url(config.db_path):
            log.warning("KONTOR_BACKUP_DIR is ignored: KONTOR_DB is a PostgreSQL database (back it up with pg_dump)")
            return None
        return cls(config.db_path, config.backup_dir, config.backup_hours, config.backup_keep)

    async def stop(self) -> None:
        """Stop the loop; a backup in progress is finished first, so no temporary file is left behind."""
        await super().stop()
        if self._copy is not None:
            with contextlib.suppress(Exception):
                await self._copy

    def due_at(self) -> datetime.datetime:
        """When the next backup is due: one interval after the newest (never later than one from now)."""
        now = self._now()
        found = backups(self.directory)
        due = now if not found else min(found[-1][0], now) + self.every
        return max(due, self._retry_at) if self._retry_at is not None else due

    async def backup_now(self) -> Path:
        """Write a dated backup now, then delete all but the newest ``keep``."""
        target = self.directory / backup_name(self._now())

        def work() -> Path:
            self.directory.mkdir(parents=True, exist_ok=True)
            made = make_backup(self.db_path, target).path
            for path in prune(self.directory, self.keep):
                log.info("deleted the old backup %s", path)
            return made

        # Shielded: stop() cancels the loop, never a copy half-way (stop() waits for it instead).
        self._copy = asyncio.ensure_future(asyncio.to_thread(work))
        try:
            return await asyncio.shield(self._copy)
        finally:
            if self._copy.done():
                self._copy = None

    async def tick(self) -> float:
        """Back up if due (a failure is logged, never raised); return the seconds until the next check."""
        if self.due_at() <= self._now():
            try:
                made = await self.backup_now()
            except Exception as exc:
                self._retry_at = self._now() + min(self.every, RETRY)
                # A BackupError says what to do; anything else gets its traceback.
                log.error("the backup of %s into %s failed; retrying at %s: %s", self.db_path, self.directory,
                          self._retry_at.isoformat(timespec="seconds"), exc,
                          exc_info=not isinstance(exc, BackupError))
            else:
                self._retry_at = None
                log.info("backed up the database to %s", made)
        # Wake at least hourly: a sleep of a day would miss a changed clock or a suspended machine.
        return max(1.0, min((self.due_at() - self._now()).total_seconds(), RETRY.total_seconds()))

    async def _run(self) -> None:
        while True:
            delay = await self.tick()
            await self._sleep(delay)
