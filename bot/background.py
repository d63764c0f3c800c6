"""One named background task owned by a part of the bot (the scheduler, the command sync, the backups)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any


class BackgroundTask:
    """``start()`` runs ``_run()`` as a named task (once at a time); ``stop()`` cancels it and waits for it."""

    task_name = "kontor-task"

    def __init__(self) -> None:
        self._task: asyncio.Task[Any] | None = None

    def _run(self) -> Coroutine[Any, Any, Any]:
        raise NotImplementedError

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        if not self.running:
            self._task = asyncio.create_task(self._run(), name=self.task_name)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
