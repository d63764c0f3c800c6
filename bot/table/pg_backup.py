"""``kontor backup PATH --db postgresql://…``: a consistent dump of a PostgreSQL database with ``pg_dump``.

``pg_dump`` reads the whole database in one repeatable-read transaction: a snapshot as of one commit, taken while the
bots keep writing (it takes no lock a move waits for). The dump (custom format: compressed, restored with
``pg_restore``) is written to a temporary file next to the target, checked by listing it with ``pg_restore
--list``, synced and only then renamed into place, as the SQLite backup is. A URL whose ``search_path`` names one
schema dumps that schema only. The password goes to ``pg_dump`` in its environment, never on its command line (where
``ps`` would show it). Restoring: docs/scaling.md ("Backups").
"""

from __future__ import annotations

import datetime
import glob
import os
import shutil
import subprocess
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from bot.table.backup import Backup, BackupError, backup_target, written_beside

NAME_FORMAT = "kontor-%Y%m%d-%H%M%S.pgdump"
# the connection parameters libpq takes in a URL's query; any other one is a server setting (``options=-c …``)
LIBPQ_PARAMS = {"host", "hostaddr", "port", "dbname", "user", "password", "connect_timeout", "sslmode", "sslcert",
                "sslkey", "sslrootcert", "application_name", "target_session_attrs", "options"}


def find_tool(name: str) -> str:
    """``pg_dump``/``pg_restore``: on PATH, else the newest of Debian's ``/usr/lib/postgresql/*/bin``."""
    found = shutil.which(name)
    if found:
        return found
    for directory in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True,
                            key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit() else 0):
        if (Path(directory) / name).exists():
            return str(Path(directory) / name)
    raise BackupError(f"{name} is not installed. Install PostgreSQL's client tools (Debian: postgresql-client) "
                      "of the server's version or newer.")


def libpq_target(url: str) -> tuple[str, dict[str, str], str | None]:
    """(the URL as libpq takes it, without its password; the environment that carries the password; the one schema
    its ``search_path`` names, if any)."""
    parts = urlsplit(url)
    env = {}
    if parts.password is not None:
        env["PGPASSWORD"] = parts.password
        host = parts.netloc.rsplit("@", 1)[-1]
        parts = parts._replace(netloc=f"{parts.username}@{host}" if parts.username else host)
    query, settings, schema = [], [], None
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key in LIBPQ_PARAMS:
            query.append((key, value))
        else:
            settings.append(f"-c {key}={value}")
            if key == "search_path" and "," not in value:
                schema = value.strip()
    if settings:
        query.append(("options", " ".join(settings)))
    return urlunsplit(parts._replace(query=urlencode(query, quote_via=quote))), env, schema


def make_pg_backup(url: str, target: str | Path) -> Backup:
    """Dump the database at ``url`` to ``target`` (a file, or a directory to put a dated ``.pgdump`` in)."""
    target = backup_target(target, datetime.datetime.now(datetime.UTC).strftime(NAME_FORMAT))
    dump, restore = find_tool("pg_dump"), find_tool("pg_restore")
    conninfo, env, schema = libpq_target(url)
    environ = {**os.environ, **env}
    with written_beside(target) as tmp:
        command = [dump, "--format=custom", f"--file={tmp}", "--no-owner"]
        if schema is not None:
            command.append(f"--schema={schema}")
        done = subprocess.run([*command, conninfo], capture_output=True, text=True, env=environ)
        if done.returncode != 0:
            raise BackupError(f"pg_dump failed: {done.stderr.strip()[-500:]}. Nothing was replaced.")
        listed = subprocess.run([restore, "--list", str(tmp)], capture_output=True, text=True)
        if listed.returncode != 0 or "TABLE DATA" not in listed.stdout:
            raise BackupError(f"The dump could not be read back ({listed.stderr.strip()[-300:]}); nothing was "
                              "replaced.")
    return Backup(target, target.stat().st_size)
