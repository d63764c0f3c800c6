"""Settings for ``kontor run``, read from the environment only (the token never sits in a file we ship)."""

from __future__ import annotations

import dataclasses
import ipaddress
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the table imports this module: its own modules are imported where they are used, not here
    from bot.table.shards import Shards
    from bot.table.weblinks import WebLinks

DEFAULT_DB = "kontor.sqlite3"  # KONTOR_DB when it is not set

DEFAULT_BACKUP_HOURS = 24.0
DEFAULT_BACKUP_KEEP = 7
DEFAULT_GAME_CACHE = 1_000  # games whose state, row, seats and secret parts stay in memory (bot/table/caches.py)


class ConfigError(Exception):
    """A missing or malformed setting; the message tells the operator what to do."""


@dataclass(frozen=True)
class Tuning:
    """The worker processes every front end's table uses: boards drawn on ``render_workers`` cores (default: every
    core), the strong bot's search in ``search_workers`` processes of at most ``search_memory_mb`` each, with
    ``search_budget`` playouts a decision for every game (None: each game's own); the service keeps the
    ``game_cache`` most recently played games in memory (bot/table/caches.py)."""

    render_workers: int
    search_workers: int = 1
    search_budget: int | None = None
    search_memory_mb: int = 1024
    game_cache: int = DEFAULT_GAME_CACHE

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Tuning:
        """``KONTOR_RENDER_WORKERS``, ``KONTOR_SEARCH_WORKERS``, ``KONTOR_SEARCH_BUDGET``, ``KONTOR_SEARCH_MEMORY_MB``,
        ``KONTOR_GAME_CACHE``; ConfigError on a value that is not a whole number of the right size."""
        env = os.environ if environ is None else environ

        def number(key: str, default: int, low: int) -> int:
            text = env.get(key, "").strip()
            if not text:
                return default
            if not text.isdigit() or int(text) < low:
                raise ConfigError(f"{key} must be a whole number from {low}, not {text[:30]!r}.")
            return int(text)

        budget = number("KONTOR_SEARCH_BUDGET", 0, 0)
        return cls(render_workers=number("KONTOR_RENDER_WORKERS", max(1, os.cpu_count() or 1), 1),
                   search_workers=number("KONTOR_SEARCH_WORKERS", 1, 1), search_budget=budget or None,
                   search_memory_mb=number("KONTOR_SEARCH_MEMORY_MB", 1024, 64),
                   game_cache=number("KONTOR_GAME_CACHE", DEFAULT_GAME_CACHE, 1))


def db_target(environ: Mapping[str, str] | None = None) -> str:
    """The database Kontor uses: ``KONTOR_DB``, else ``kontor.sqlite3``."""
    env = os.environ if environ is None else environ
    return env.get("KONTOR_DB", "").strip() or DEFAULT_DB


@dataclass(frozen=True)
class Config:
    token: str
    db_path: str = DEFAULT_DB
    #: sync commands to this one guild (instant, for testing) instead of globally (can take a while)
    guild_id: int | None = None
    #: where ``kontor run`` writes a dated backup every ``backup_hours``, keeping the newest ``backup_keep``
    backup_dir: str | None = None
    backup_hours: float = DEFAULT_BACKUP_HOURS
    backup_keep: int = DEFAULT_BACKUP_KEEP
    #: the Discord shards this process connects (``--shard-count``/``--shard-ids``; None: one unsharded connection)
    shards: Shards | None = None
    #: the web pages served inside this process (``KONTOR_WEB_ADDR`` set; docs/web.md); None: not here
    web: WebConfig | None = None
    #: the web pages' links (``KONTOR_WEB_URL`` with ``KONTOR_WEB_SECRET``): board posts and ``/watch web`` give
    #: them; None: no links anywhere
    web_links: WebLinks | None = None
    #: upload the application emojis at start (``KONTOR_EMOJIS=off``: Unicode marks only; docs/discord.md)
    emojis: bool = True
    #: how boards are posted on a server that has not chosen (``/game settings card:``): ``v2``, the turn card, or
    #: ``embed`` (``KONTOR_CARD``; docs/discord.md, "The turn card")
    card: str = "v2"
    #: prepare each finished game's reviews in the background a minute after its end (docs/learning.md); off
    #: (``KONTOR_REVIEWS=off``, and a bare ``Config``: the tests): only when a player asks for theirs
    reviews: bool = False

    def with_shards(self, count: int | str | None, ids: str | None) -> Config:
        """These settings with ``count`` shards of which ``ids`` run here (None: as they are). Only a PostgreSQL
        database can be shared by several processes: on SQLite one process runs every shard."""
        from bot.table.shards import ShardError, Shards
        from bot.table.store.dburl import is_url

        if count is None or str(count).strip() == "":
            if ids is not None and ids.strip():
                raise ConfigError("Shard ids need the shard count too: --shard-count N (KONTOR_SHARD_COUNT).")
            return self
        try:
            shards = Shards.parse(count, ids)
        except ShardError as exc:
            raise ConfigError(str(exc)) from None
        if len(shards.ids) < shards.count and not is_url(self.db_path):
            raise ConfigError("Shards split across processes need a shared database: set KONTOR_DB to a "
                              "postgresql:// URL, or run every shard in this one process (omit --shard-ids).")
        return dataclasses.replace(self, shards=shards)

    @property
    def hash_path(self) -> Path:
        """Where the fingerprint of the last synced command set is kept (next to the database; for a PostgreSQL URL,
        in the working directory)."""
        from bot.table.store.dburl import is_url

        if is_url(self.db_path):
            return Path("kontor-postgresql.commands.sha256")
        return Path(f"{self.db_path}.commands.sha256")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Config:
        env = os.environ if environ is None else environ
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Create a bot in the Discord developer portal "
                "(see docs/discord.md) and export its token: DISCORD_TOKEN=... kontor run"
            )
        db_path = db_target(env)
        guild_text = env.get("KONTOR_GUILD", "").strip()
        guild_id: int | None = None
        if guild_text:
            if not guild_text.isdigit():
                raise ConfigError(f"KONTOR_GUILD must be a numeric server id, not {guild_text[:30]!r}.")
            guild_id = int(guild_text)
        backup_dir = env.get("KONTOR_BACKUP_DIR", "").strip() or None
        hours_text = env.get("KONTOR_BACKUP_HOURS", "").strip()
        backup_hours = DEFAULT_BACKUP_HOURS
        if hours_text:
            try:
                backup_hours = float(hours_text)
            except ValueError:
                backup_hours = math.nan
            if not (0 < backup_hours < math.inf):
                raise ConfigError(f"KONTOR_BACKUP_HOURS must be a number of hours above 0 (e.g. 24 or 0.5), "
                                  f"not {hours_text[:30]!r}.")
        keep_text = env.get("KONTOR_BACKUP_KEEP", "").strip()
        backup_keep = DEFAULT_BACKUP_KEEP
        if keep_text:
            if not keep_text.isdigit() or int(keep_text) < 1:
                raise ConfigError(f"KONTOR_BACKUP_KEEP must be how many backups to keep (1 or more), "
                                  f"not {keep_text[:30]!r}.")
            backup_keep = int(keep_text)
        # KONTOR_WEB_ADDR asks for the pages in this process: the secret must then be right (``kontor web``, a
        # process of its own, reads the same settings; the bot alone may still use the secret and KONTOR_WEB_URL)
        web = WebConfig.from_env(env) if env.get("KONTOR_WEB_ADDR", "").strip() else None
        emojis = env.get("KONTOR_EMOJIS", "").strip().lower() not in ("off", "0", "no", "false")
        card = env.get("KONTOR_CARD", "").strip().lower() or "v2"
        if card not in ("v2", "embed"):
            raise ConfigError(f"KONTOR_CARD must be v2 (the turn card) or embed, not {card[:30]!r}.")
        reviews = env.get("KONTOR_REVIEWS", "").strip().lower() not in ("off", "0", "no", "false")
        config = cls(token=token, db_path=db_path, guild_id=guild_id, backup_dir=backup_dir,
                     backup_hours=backup_hours, backup_keep=backup_keep, web=web, web_links=web_links(env),
                     emojis=emojis, card=card, reviews=reviews)
        return config.with_shards(env.get("KONTOR_SHARD_COUNT"), env.get("KONTOR_SHARD_IDS"))


DEFAULT_WEB_ADDR = "127.0.0.1:8080"  # loopback: a reverse proxy in front serves it to the world (docs/web.md)
MIN_WEB_SECRET = 16  # characters: the tables' addresses are only as unguessable as this secret
DEFAULT_WEB_RATE = 5.0  # requests a second per address, after a burst: a page is about five requests (docs/web.md)
DEFAULT_WEB_BURST = 60
DEFAULT_TRUSTED_PROXIES = ("127.0.0.1", "::1")  # a reverse proxy on the same machine


@dataclass(frozen=True)
class WebConfig:
    """``kontor web`` (docs/web.md): the secret that makes each table's address (an HMAC of the game's number), where
    to listen, and the public address the pages are reached at (for links; None: not configured)."""

    secret: bytes
    host: str = "127.0.0.1"
    port: int = 8080
    url: str | None = None
    db_path: str = DEFAULT_DB
    #: the per-address rate limit (bot/web/limits.py): requests a second after a burst of ``burst``; 0 limits
    #: nothing (what code that builds a WebConfig itself gets unless it asks; ``from_env`` sets the defaults)
    rate: float = 0.0
    burst: int = DEFAULT_WEB_BURST
    #: peers whose ``X-Forwarded-For`` is believed (addresses or networks, as text)
    trusted_proxies: tuple[str, ...] = DEFAULT_TRUSTED_PROXIES

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> WebConfig:
        """``KONTOR_WEB_SECRET`` (required, at least 16 characters), ``KONTOR_WEB_ADDR`` (``host:port``, default
        ``127.0.0.1:8080``), ``KONTOR_WEB_URL`` (``https://…``), ``KONTOR_DB``, the rate limit's ``KONTOR_WEB_RATE``
        (requests a second per address, 0: none), ``KONTOR_WEB_BURST`` and ``KONTOR_WEB_TRUSTED_PROXIES``
        (comma-separated addresses or networks, ``none``: no proxy); ConfigError on anything else."""
        env = os.environ if environ is None else environ
        secret = env.get("KONTOR_WEB_SECRET", "").strip()
        if len(secret) < MIN_WEB_SECRET:
            raise ConfigError(f"KONTOR_WEB_SECRET must be set to a random text of at least {MIN_WEB_SECRET} "
                              "characters (e.g. the output of `openssl rand -hex 32`): each table's web address "
                              "is made from it, and keep it: changing it changes every address.")
        host, port = parse_addr(env.get("KONTOR_WEB_ADDR", "").strip() or DEFAULT_WEB_ADDR)
        url = env.get("KONTOR_WEB_URL", "").strip().rstrip("/") or None
        if url is not None and not url.startswith(("https://", "http://")):
            raise ConfigError(f"KONTOR_WEB_URL must start with https:// (or http://), not {url[:40]!r}.")
        rate_text = env.get("KONTOR_WEB_RATE", "").strip() or str(DEFAULT_WEB_RATE)
        try:
            rate = float(rate_text)
        except ValueError:
            rate = math.nan
        if not 0 <= rate < math.inf:
            raise ConfigError(f"KONTOR_WEB_RATE must be the requests a second one address may make (e.g. 5; 0: no "
                              f"limit), not {rate_text[:30]!r}.")
        burst_text = env.get("KONTOR_WEB_BURST", "").strip() or str(DEFAULT_WEB_BURST)
        if not burst_text.isdigit() or not 1 <= int(burst_text) <= 100_000:
            raise ConfigError(f"KONTOR_WEB_BURST must be how many requests one address may make at once (e.g. 60), "
                              f"not {burst_text[:30]!r}.")
        proxies_text = env.get("KONTOR_WEB_TRUSTED_PROXIES", "").strip() or ",".join(DEFAULT_TRUSTED_PROXIES)
        proxies = () if proxies_text.lower() == "none" else tuple(
            p.strip() for p in proxies_text.split(",") if p.strip())
        for proxy in proxies:
            try:
                ipaddress.ip_network(proxy, strict=False)
            except ValueError:
                raise ConfigError(f"KONTOR_WEB_TRUSTED_PROXIES must list addresses or networks (e.g. 127.0.0.1,"
                                  f"172.16.0.0/12) or say none, not {proxy[:40]!r}.") from None
        return cls(secret=secret.encode(), host=host, port=port, url=url, db_path=db_target(env), rate=rate,
                   burst=int(burst_text), trusted_proxies=proxies)


def web_links(environ: Mapping[str, str] | None = None) -> WebLinks | None:
    """The pages' links for the bot's posts: None without ``KONTOR_WEB_URL``; with it, ``KONTOR_WEB_SECRET`` (the
    one ``kontor web`` serves with) is required."""
    env = os.environ if environ is None else environ
    if not env.get("KONTOR_WEB_URL", "").strip():
        return None
    from bot.table.weblinks import WebLinks

    config = WebConfig.from_env(env)  # the same checks as the web's own (the secret, the URL's scheme)
    assert config.url is not None
    return WebLinks(config.url, config.secret)


def parse_addr(text: str) -> tuple[str, int]:
    """``host:port`` (``[::1]:8080`` for IPv6) as (host, port); ConfigError otherwise."""
    host, sep, port_text = text.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not sep or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ConfigError(f"KONTOR_WEB_ADDR must be host:port, e.g. 127.0.0.1:8080, not {text[:40]!r}.")
    return host, int(port_text)
