"""A throwaway PostgreSQL server for the tests: ``initdb`` into a temporary directory, ``pg_ctl start`` listening
on a Unix socket in that directory only (no TCP port to collide with another run), a fresh schema per test,
``pg_ctl stop`` at the end.

The binaries come from ``KONTOR_PG_BIN``, else the newest ``/usr/lib/postgresql/*/bin`` (Debian's ``postgresql``
package), else ``PATH``. ``initdb`` refuses to run as root, so as root the server runs as the ``postgres`` user
(Debian's package creates it) or, failing that, a system user ``kontor-pg`` created for it. ``test.sh`` installs
the package when it is missing and it can. ``KONTOR_PG=off`` skips the PostgreSQL tests, and only that: a missing
server is a failure that says why, never a silent skip (CI never sets it).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path

PORT = 5432  # only names the socket file (.s.PGSQL.5432) inside the private directory
SUPERUSER = "postgres"
DATABASE = "kontor"


class PgUnavailable(Exception):
    """Why no throwaway server could be started."""


def disabled() -> bool:
    return os.environ.get("KONTOR_PG", "").strip().lower() == "off"


def find_bin() -> Path:
    given = os.environ.get("KONTOR_PG_BIN")
    candidates = [given] if given else sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                                              key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit()
                                              else 0, reverse=True)
    for directory in candidates:
        if directory and (Path(directory) / "initdb").exists():
            return Path(directory)
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    raise PgUnavailable("PostgreSQL's server binaries (initdb, pg_ctl) are not installed: install Debian's "
                        "'postgresql' package (bash test.sh does when it runs as root), set KONTOR_PG_BIN to their "
                        "directory, or set KONTOR_PG=off to skip the PostgreSQL tests.")


def _run_as() -> list[str]:
    """The command prefix that runs the server as an unprivileged user (empty when not root)."""
    if os.geteuid() != 0:
        return []
    for user in ("postgres", "kontor-pg"):
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        return ["runuser", "-u", user, "--"]
    subprocess.run(["useradd", "--system", "--no-create-home", "kontor-pg"], check=True, capture_output=True)
    return ["runuser", "-u", "kontor-pg", "--"]


class PgServer:
    def __init__(self, *, durable: bool = False) -> None:
        self.bin = find_bin()
        self.prefix = _run_as()
        # Under /tmp rather than $TMPDIR: a socket's path must stay short (~100 bytes), and the server's user must
        # be able to reach the directory (root's own temporary directory may be closed to it).
        self.dir = Path(tempfile.mkdtemp(prefix="kontor-pg-", dir="/tmp" if os.path.isdir("/tmp") else None))
        self.data = self.dir / "data"
        self._count = 0
        if self.prefix:
            shutil.chown(self.dir, user=self.prefix[2])
        self._pg("initdb", "-D", str(self.data), "-A", "trust", "-U", SUPERUSER, "-E", "UTF8", "--no-sync")
        # fsync off: a throwaway server's files need not survive a power cut (the store's commits stay
        # synchronous_commit=on, which is what the tests see); ``durable`` (the bench) keeps PostgreSQL's default,
        # so a commit pays its WAL flush. Sockets only, in the private directory.
        unsafe = "" if durable else " -c fsync=off -c full_page_writes=off"
        self._options = f"-k {self.dir} -p {PORT} -c listen_addresses=''{unsafe} -c max_connections=200"
        self.start()
        self._pg("createdb", "-h", str(self.dir), "-p", str(PORT), "-U", SUPERUSER, DATABASE)

    def start(self) -> None:
        self._pg("pg_ctl", "-D", str(self.data), "-o", self._options, "-l", str(self.dir / "server.log"), "-w",
                 "start")

    def crash(self) -> None:
        """Stop the server as a crash or a power cut would (``immediate``), keeping its files: ``start`` again."""
        self._pg("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def _pg(self, tool: str, *args: str) -> None:
        done = subprocess.run([*self.prefix, str(self.bin / tool), *args], capture_output=True, text=True)
        if done.returncode != 0:
            log = self.dir / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise PgUnavailable(f"{tool} failed ({done.returncode}): {done.stderr.strip()}\n{tail}")

    def url(self, schema: str | None = None) -> str:
        """The database's URL; with ``schema``, connections work in that schema (asyncpg passes the URL's other
        parameters, here ``search_path``, to the server as settings)."""
        url = f"postgresql://{SUPERUSER}@/{DATABASE}?host={self.dir}&port={PORT}"
        return url if schema is None else f"{url}&search_path={schema}"

    def next_name(self) -> str:
        self._count += 1
        return f"test_{self._count}"

    def stop(self) -> None:
        try:
            self._pg("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


@asynccontextmanager
async def fresh_schema(server: PgServer) -> AsyncIterator[str]:
    """A URL whose connections see only a new, empty schema (every table a store creates lands there), dropped
    afterwards. A schema per test rather than a database: ``CREATE DATABASE`` costs a few hundred milliseconds and
    megabytes of files each, a schema next to nothing."""
    import asyncpg

    name = server.next_name()
    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
        yield server.url(name)
        # Bounded: a connection a failed test left inside a transaction must not hang the run (the schema stays).
        await admin.execute("SET lock_timeout = '10s'")
        with suppress(asyncpg.LockNotAvailableError):
            await admin.execute(f"DROP SCHEMA {name} CASCADE")
    finally:
        await admin.close()
