"""``--record FILE`` of ``kontor play`` and ``kontor demo``: a finished game's record (the JSON ``/game record`` gives,
from the service's ``record``), so ``kontor verify FILE`` can be tried without Discord.

The file is written whole or not at all: to a temporary file beside it, then renamed into place.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any


def record_bytes(record: dict[str, Any]) -> bytes:
    """The file's bytes, as ``/game record`` attaches them."""
    return json.dumps(record, indent=1, ensure_ascii=False).encode()


def record_target_problem(path: str | Path) -> str | None:
    """Why a record cannot be written to ``path`` (one plain line, said before the game is played), or None."""
    target = Path(path)
    if target.is_dir():
        return f"{path} is a folder; --record takes the name of the file to write."
    if not target.resolve().parent.is_dir():
        return f"There is no folder {target.resolve().parent} for the record file {path}."
    return None


def write_record(record: dict[str, Any], path: str | Path) -> Path:
    """Write the record to ``path`` whole (OSError when it cannot; then nothing is left behind)."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.resolve().parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(record_bytes(record))
        os.replace(tmp, target)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)  # only there when the write or the rename failed
    return target
