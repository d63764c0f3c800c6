"""One writer per SQLite file: an exclusive ``flock`` on ``<db>.lock``, held while a writing ``Store`` is open.

The service caches rows and states and trusts them because it is its file's only writer; a second process
writing the same file would make those caches lie (the first one then refused every move on its cached
channels). ``flock`` rather than a pid file or SQLite's own locking: the kernel drops it when the process
dies, however it dies (SIGKILL, OOM), so a restart never finds a stale lock, and it conflicts per open file,
so a second writer in the same process is refused too. Readers (a backup, a verifier) do not take it.
POSIX only (Linux, macOS), as Kontor is.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path


class StoreLocked(Exception):
    """Another process (or another writing ``Store`` in this one) already writes this database file."""

    def __init__(self, db_path: str, pid: int | None) -> None:
        self.db_path = db_path
        self.pid = pid
        super().__init__(self.advice("KONTOR_DB"))

    def __reduce__(self) -> tuple[type[StoreLocked], tuple[str, int | None]]:  # across a process pool (soak)
        return (StoreLocked, (self.db_path, self.pid))

    def advice(self, option: str) -> str:
        """The message, naming the setting that gives a process its own file (``KONTOR_DB``, ``--db``)."""
        holder = f" (pid {self.pid})" if self.pid is not None else ""
        return (f"Another Kontor process is already using {self.db_path}{holder}. "
                f"Stop it first, or give this one its own {option}.")


class LockUnavailable(Exception):
    """The lock file itself cannot be opened (read-only, a directory, a folder that does not exist): the message
    says which file and what to do."""


def lock_path(db_path: str | Path) -> str:
    return f"{db_path}.lock"


class WriterLock:
    """Take the file's writer lock at once or raise ``StoreLocked``; ``release()`` (or process death) frees it."""

    def __init__(self, db_path: str | Path) -> None:
        self.path = lock_path(db_path)
        try:  # not inherited by child processes (PEP 446)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:  # without the lock no writer may start: say so plainly
            raise LockUnavailable(
                f"Cannot lock {self.path} ({exc.strerror or exc}): Kontor locks it so that one process at a time "
                f"writes {db_path}. Make it a file this user may write (or remove it while no Kontor process runs), "
                "or give this process another database file.") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            raise StoreLocked(str(db_path), pid) from None
        except BaseException:
            os.close(fd)
            raise
        # Who holds it, for the refusal's message (the lock itself is the flock, not this text).
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Idempotent. The file stays: deleting it could let two processes lock two different files."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)  # closing the only descriptor of the open file releases the flock


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdecimal() and text.isascii() else None
