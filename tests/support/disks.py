"""A small file system to fill for real (a tmpfs only root may mount): how a full disk is tested."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 16 MB file system of its own (tmpfs), to fill for real; only root may mount one."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("filling a disk for real needs root to mount a small tmpfs")
    folder = tmp_path / "disk"
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(folder)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Fill the file system to its last byte; the filler's path (remove it to make room again)."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as out:
        for size in (1 << 20, 1 << 12, 1):
            try:
                while out.write(b"\0" * size):
                    pass
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
    return filler
