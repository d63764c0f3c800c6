"""The addresses of the web pages (docs/web.md): a table's page is ``/t/<game>-<HMAC of the game's number>`` and a
server's pages ``/s/<server>-<HMAC of the server's id>``, each HMAC keyed with ``KONTOR_WEB_SECRET``, so a page can
be shared by its link but nobody can list games or servers by walking numbers. Both the web front end (which reads
the tokens back) and the Discord bot (which posts the links) make them here: one secret, one scheme."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

_TOKEN = re.compile(r"(\d{1,20})-([A-Za-z0-9_-]{22})")  # 22 characters: the HMAC's first 128 bits, base64url


def _mac(secret: bytes, kind: str, number: int) -> str:
    digest = hmac.new(secret, f"kontor-{kind}:{number}".encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def make_token(secret: bytes, kind: str, number: int) -> str:
    """The path part naming ``number`` of ``kind`` (``table`` or ``server``): ``57-<22 characters>``."""
    return f"{number}-{_mac(secret, kind, number)}"


def read_token(secret: bytes, kind: str, text: str) -> int | None:
    """The number a token of ``kind`` names, or None when it is malformed or its HMAC does not match (compared in
    constant time)."""
    match = _TOKEN.fullmatch(text)
    if match is None:
        return None
    number = int(match.group(1))
    return number if hmac.compare_digest(_mac(secret, kind, number), match.group(2)) else None


@dataclass(frozen=True)
class WebLinks:
    """Full links to the pages: ``url`` is the public address (``KONTOR_WEB_URL``, no trailing slash)."""

    url: str
    secret: bytes

    def table(self, game_id: int) -> str:
        return f"{self.url}/t/{make_token(self.secret, 'table', game_id)}"

    def server(self, guild_id: int) -> str:
        return f"{self.url}/s/{make_token(self.secret, 'server', guild_id)}"
