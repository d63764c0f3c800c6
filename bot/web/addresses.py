"""Each table's and each server's address (``bot.table``'s ``make_token``: an HMAC of the number with the configured
secret, ``KONTOR_WEB_SECRET``), so a page can be shared by its link but a server's games, or the servers, cannot be
listed by walking the numbers."""

from __future__ import annotations

from bot.table import make_token, read_token


def token(secret: bytes, game_id: int) -> str:
    """The path part that names game ``game_id``: ``57-<22 characters>``."""
    return make_token(secret, "table", game_id)


def game_of(secret: bytes, text: str) -> int | None:
    """The game a token names, or None when it is malformed or its HMAC does not match (compared in constant time)."""
    return read_token(secret, "table", text)


def server_token(secret: bytes, guild_id: int) -> str:
    """The path part that names server ``guild_id``'s pages."""
    return make_token(secret, "server", guild_id)


def server_of(secret: bytes, text: str) -> int | None:
    return read_token(secret, "server", text)
