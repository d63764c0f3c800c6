"""The pages' frame and the small pieces every page uses: escaping, times in the reader's language, alt text.

Everything a page shows comes from a ``Spectacle`` or a ``PublicStep`` (``bot.table``): public views and public lines
only. Each page is whole HTML that works without JavaScript; ``/static/kontor.js`` only makes it live (server-sent
events) and adds the arrow keys. Nothing is loaded from another site (docs/web.md, "Privacy").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from babel.dates import format_datetime, format_timedelta

from bot.table import name_seats
from bot.web.language import switch
from rules.core import ALT_TEXT_MAX, Game
from rules.words import N_, language, translator

_, _n = translator("web")


def esc(text: object) -> str:
    return escape(str(text), quote=True)


def w(text: str) -> str:
    """A marked text (``N_``) in the reader's language, escaped: for texts inside f-strings."""
    return esc(_(text))


def page(title: str, body: str, *, live: str | None = None, key: str = "", refresh: int | None = None) -> str:
    """A whole page in the language being spoken. ``live``: the events address that keeps it current (with
    ``key``, what it shows now); ``refresh``: seconds after which a browser without JavaScript reloads it."""
    lang = language()
    N_("A read-only page of a game played on Discord with Kontor.")  # marked: the f-string below shows it
    reload = f'<noscript><meta http-equiv="refresh" content="{refresh}"></noscript>' if refresh else ""
    data = f' data-live="{esc(live)}" data-key="{esc(key)}"' if live else ""
    return (
        f'<!doctype html>\n<html lang="{esc(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">'
        f'<title>{esc(title)} · Kontor</title><link rel="stylesheet" href="/static/kontor.css">'
        f'<script src="/static/kontor.js" defer></script>{reload}</head>'
        f'<body{data}><header><p class="brand">Kontor</p>{switch()}</header>{body}'
        f'<footer>{w("A read-only page of a game played on Discord with Kontor.")}</footer></body></html>\n'
    )


def when(at: float) -> str:
    """A moment as a ``<time>``: the date and time (UTC) in the reader's language."""
    moment = dt.datetime.fromtimestamp(at, dt.UTC)
    text = format_datetime(moment, format="medium", tzinfo=dt.UTC, locale=language())
    return f'<time datetime="{moment.isoformat(timespec="seconds")}">{esc(text)} UTC</time>'


def ago(at: float, now: float) -> str:
    """How long ago, in words ("3 hours ago", "il y a 3 heures")."""
    return format_timedelta(dt.timedelta(seconds=at - now), add_direction=True, locale=language())


def alt_text(game: Game | None, view: Mapping[str, Any], names: Sequence[str], last: str | None) -> str:
    """The board image's alt text in the reader's language: the game's own description (``Game.alt_text``: the
    situation, the last move, the decision at hand), players named."""
    if game is None:
        return _("The board")
    try:
        text = str(game.alt_text(dict(view), last))
    except Exception:  # a game's words must never cost the page; the title still says what the image is
        text = _(game.title)
    return name_seats(text, list(names))[:ALT_TEXT_MAX] or _("The board")


def zoom_alt(game: Game | None, view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The focus panel's alt text: the situation in words, said to be the enlarged part (as on Discord)."""
    return _("Zoom: {description}").format(description=alt_text(game, view, names, None))[:ALT_TEXT_MAX]


def lines_html(lines: Sequence[str]) -> str:
    return "".join(f"<li>{esc(line)}</li>" for line in lines)
