"""deploy/compose.yaml's ``backup`` service: its shell command, run as compose would, with stand-ins for the tools.

``pg_dump``, ``pg_restore`` and ``date`` are small scripts on PATH that record how they were called (``date`` counts,
so two runs get two names however fast they are); the backups volume is a temporary directory. The command once
listed ``/backups/*.pgdump``, so from the second run on ``pg_restore`` got several files and the service failed.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

COMPOSE = Path(__file__).resolve().parents[2] / "deploy" / "compose.yaml"


def service_entrypoint(text: str, service: str) -> list[str]:
    """The service's ``entrypoint``, a YAML flow sequence of double-quoted strings (maybe over several lines), as
    compose runs it (``$$`` is compose's escaped ``$``)."""
    lines = text.splitlines()
    start = lines.index(f"  {service}:")
    at = next(i for i in range(start + 1, len(lines)) if lines[i].strip().startswith("entrypoint:"))
    flow = lines[at].split("entrypoint:", 1)[1].strip()
    while flow.count("[") > flow.count("]"):  # a double-quoted YAML scalar folds a line break into one space
        at += 1
        flow = flow.rstrip() + " " + lines[at].strip()
    return [word.replace("$$", "$") for word in json.loads(flow)]


STUBS = {
    # pg_dump: record the arguments, write a "dump" to the -f file (or fail when told to)
    "pg_dump": """#!/bin/sh
echo "$*" >> "$LOG/pg_dump"
[ -n "$FAIL_DUMP" ] && { echo partial > "$(echo "$*" | sed 's/.*-f \\([^ ]*\\).*/\\1/')"; exit 1; }
while [ "$#" -gt 0 ]; do [ "$1" = "-f" ] && echo PGDMP > "$2"; shift; done
""",
    # pg_restore --list FILE: exactly one file, which must be a dump, as the real one insists
    "pg_restore": """#!/bin/sh
echo "$*" >> "$LOG/pg_restore"
[ "$#" -eq 2 ] && [ "$1" = "--list" ] || { echo "pg_restore: too many command-line arguments" >&2; exit 1; }
grep -q PGDMP "$2"
""",
    "date": """#!/bin/sh
n=$(($(cat "$LOG/date" 2>/dev/null || echo 0) + 1)); echo "$n" > "$LOG/date"; echo "20250101-00000$n"
""",
}


@pytest.fixture
def runner(tmp_path: Path):  # type: ignore[no-untyped-def]
    stubs, log, volume = tmp_path / "bin", tmp_path / "log", tmp_path / "backups-substitute"
    for d in (stubs, log, volume):
        d.mkdir()
    for name, body in STUBS.items():
        (stubs / name).write_text(body)
        (stubs / name).chmod(0o755)
    entrypoint = service_entrypoint(COMPOSE.read_text(), "backup")
    assert entrypoint[:2] == ["sh", "-c"]
    command = entrypoint[2].replace("/backups/", f"{volume}/")
    assert str(volume) in command

    def run(**env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=30,
                              env={**os.environ, "PATH": f"{stubs}:{os.environ['PATH']}", "LOG": str(log), **env})

    run.volume = volume  # type: ignore[attr-defined]
    run.log = log  # type: ignore[attr-defined]
    return run


def test_the_entrypoint_is_read() -> None:
    text = 'services:\n  backup:\n    image: x\n    entrypoint: ["sh", "-c", "a $$(b)\n      && c"]\n'
    assert service_entrypoint(text, "backup") == ["sh", "-c", "a $(b) && c"]


def test_every_run_checks_its_own_new_dump(runner) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3):
        done = runner()
        assert done.returncode == 0, done.stderr
    dumps = sorted(p.name for p in runner.volume.iterdir())
    assert dumps == [f"kontor-20250101-00000{n}.pgdump" for n in (1, 2, 3)]
    listed = (runner.log / "pg_restore").read_text().splitlines()
    assert len(listed) == 3
    for n, line in enumerate(listed, 1):  # each run listed one file: the one it had just written
        assert line.split()[0] == "--list" and len(line.split()) == 2
        assert f"kontor-20250101-00000{n}.pgdump" in line


def test_a_failed_dump_leaves_nothing_and_fails(runner) -> None:  # type: ignore[no-untyped-def]
    assert runner().returncode == 0
    failed = runner(FAIL_DUMP="1")
    assert failed.returncode != 0
    assert sorted(p.name for p in runner.volume.iterdir()) == ["kontor-20250101-000001.pgdump"]
