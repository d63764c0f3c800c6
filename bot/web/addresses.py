"""Each table's address: its game number and an HMAC of it with the configured secret (``KONTOR_WEB_SECRET``), so a
table's page can be shared by its link but a server's games cannot be listed by walking the numbers."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

_TOKEN = re.compile(r"(\d{1,18})-([A-Za-z0-9_-]{22})")  # 22 characters: the HMAC's first 128 bits, base64url


def _mac(secret: bytes, game_id: int) -> str:
    digest = hmac.new(secret, f"kontor-table:{game_id}".encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def token(secret: bytes, game_id: int) -> str:
    """The path part that names game ``game_id``: ``57-<22 characters>``."""
    return f"{game_id}-{_mac(secret, game_id)}"


def game_of(secret: bytes, text: str) -> int | None:
    """The game a token names, or None when it is malformed or its HMAC does not match (compared in constant time)."""
    match = _TOKEN.fullmatch(text)
    if match is None:
        return None
    game_id = int(match.group(1))
    return game_id if hmac.compare_digest(_mac(secret, game_id), match.group(2)) else None
