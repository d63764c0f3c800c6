"""What SimCord leaves out of threads, added as Discord does it: a server's limit of active threads.

Discord lets a server have 1,000 active (unarchived) threads; creating one more is refused with HTTP 400 and JSON
error code 160006, "Maximum number of active threads reached", and archived threads do not count. SimCord creates
threads without a limit; ``limit_active_threads`` puts one on a test's backend (a small one, so that a test can reach
it), checked where SimCord makes every thread, so the bot's ``create_thread`` gets the same ``HTTPException`` as on
Discord, and a thread archived meanwhile makes room again."""

from __future__ import annotations

from typing import Any

from simcord.backend.errors import BackendError

DISCORD_LIMIT = 1000
MAX_ACTIVE_THREADS = 160006


def limit_active_threads(env: Any, limit: int = DISCORD_LIMIT) -> None:
    backend = env.backend
    create = backend.create_thread

    def create_thread(parent_id: int, *args: Any, **kwargs: Any) -> Any:
        guild = backend.get_channel(parent_id).guild_id
        if guild is not None and len(backend.active_threads(guild)) >= limit:
            raise BackendError(400, MAX_ACTIVE_THREADS, "Maximum number of active threads reached")
        return create(parent_id, *args, **kwargs)

    backend.create_thread = create_thread
