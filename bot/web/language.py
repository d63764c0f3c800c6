"""The pages' language: the reader's choice (a link ``?lang=fr``, then kept in a cookie) over the browser's
``Accept-Language``; and the switch every page carries (``switch``: the same page in each of Kontor's languages).

The middleware ``remember`` keeps the choice in a cookie and notes the address being answered, so the switch's links
keep the rest of it (``?move=57&lang=de``)."""

from __future__ import annotations

import contextvars
from collections.abc import Awaitable, Callable
from html import escape
from urllib.parse import urlencode

from aiohttp import web

from bot.lang import LANGUAGES, NAMES
from rules.words import language, translator

_, _n = translator("web")

COOKIE = "kontor_lang"
YEAR_S = 365 * 24 * 3600

_here: contextvars.ContextVar[tuple[str, tuple[tuple[str, str], ...]]] = contextvars.ContextVar(
    "kontor_web_here", default=("", ()))


def _valid(code: str | None) -> str | None:
    code = (code or "").strip().lower()[:5]
    return code if code in LANGUAGES else None


def accepted(header: str) -> str:
    """The first of Kontor's languages by the browser's preference (``Accept-Language``); English otherwise."""
    best, best_q = "en", -1.0
    for part in header[:200].split(","):
        tag, _sep, params = part.strip().partition(";")
        code = tag.strip().lower().split("-", 1)[0]
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if code in LANGUAGES and q > best_q:
            best, best_q = code, q
    return best


def reader_language(request: web.Request) -> str:
    """``?lang=`` (the switch just used), else the cookie it left, else ``Accept-Language``."""
    return (_valid(request.query.get("lang")) or _valid(request.cookies.get(COOKIE))
            or accepted(request.headers.get("Accept-Language", "")))


@web.middleware
async def remember(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                   ) -> web.StreamResponse:
    """Note the address for the switch; keep a language chosen by a link in a cookie."""
    _here.set((request.path, tuple((k, v) for k, v in request.query.items() if k != "lang")[:8]))
    response = await handler(request)
    if not response.prepared:
        vary = response.headers.get("Vary")
        if vary is not None and "Cookie" not in vary:
            response.headers["Vary"] = f"{vary}, Cookie"
        chosen = _valid(request.query.get("lang"))
        if chosen is not None:
            response.set_cookie(COOKIE, chosen, max_age=YEAR_S, path="/", httponly=True, samesite="Lax")
    return response


def switch() -> str:
    """Links to this page in each language, the one being read marked (an empty string outside a request)."""
    path, query = _here.get()
    if not path:
        return ""
    now = language()
    links = []
    for code in LANGUAGES:
        href = f"{path}?{urlencode([*query, ('lang', code)])}"
        current = ' aria-current="true"' if code == now else ""
        links.append(f'<a href="{escape(href)}" hreflang="{code}" lang="{code}"{current}>{NAMES[code]}</a>')
    label = escape(_("Language"))
    return f'<nav class="langs" aria-label="{label}">{"".join(links)}</nav>'
