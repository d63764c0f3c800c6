"""The pages beyond a table's own (added to the app by ``add_routes``): the board at full size and its focus panel,
a finished game's final sheet, report and record, and a server's pages (docs/web.md). Every read goes through
``Spectators`` (its ``club``: ``bot.table.ClubWindow``); anything unknown, refused or turned off is the app's 404."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

import rules
from bot.lang import speaking
from bot.table import Spectacle, TableError, record_bytes
from bot.web import addresses
from bot.web.app import CONFIG, IMAGES, SPECTATORS, html
from bot.web.club_pages import leaderboard_page, profile_page, refusal_page, rules_page, server_page
from bot.web.finished import final_page, record_name
from bot.web.language import reader_language
from bot.web.zoom import zoom_page

SERVER = "{server:[0-9]{1,20}-[A-Za-z0-9_-]{22}}"


def _table(request: web.Request) -> tuple[int, str]:
    """The game the address names and the table's address; 404 for a wrong one."""
    text = request.match_info["token"]
    game_id = addresses.game_of(request.app[CONFIG].secret, text)
    if game_id is None:
        raise web.HTTPNotFound()
    return game_id, f"/t/{text}"


def _server(request: web.Request) -> tuple[int, str]:
    text = request.match_info["server"]
    guild = addresses.server_of(request.app[CONFIG].secret, text)
    if guild is None:
        raise web.HTTPNotFound()
    return guild, f"/s/{text}"


def _link(request: web.Request) -> Callable[[int], str]:
    secret = request.app[CONFIG].secret
    return lambda game_id: f"/t/{addresses.token(secret, game_id)}"


# ---- the board at full size -------------------------------------------------------------------------------------
async def focus_png(request: web.Request) -> web.Response:
    game_id, _base = _table(request)
    spectators = request.app[SPECTATORS]
    spectacle = await spectators.now(game_id)
    if not spectacle.focus:
        raise web.HTTPNotFound()
    images = request.app[IMAGES]

    async def draw() -> bytes | None:
        board, focus = await spectators.board_and_focus(spectacle)
        if board is not None:  # drawn together: the board's own address finds it drawn
            await images.get((game_id, spectacle.key), _given(board))
        return focus

    png = await images.get((game_id, spectacle.key, "focus"), draw)
    if png is None:
        raise web.HTTPNotFound()
    fresh = request.query.get("k") == spectacle.key
    return web.Response(body=png, content_type="image/png", headers={
        "Cache-Control": "public, max-age=31536000, immutable" if fresh else "no-cache"})


def _given(png: bytes) -> Callable[[], Awaitable[bytes | None]]:
    async def draw() -> bytes | None:
        return png
    return draw


async def zoom(request: web.Request) -> web.Response:
    game_id, base = _table(request)
    spectacle = await request.app[SPECTATORS].now(game_id)
    if spectacle.view is None:
        raise web.HTTPNotFound()
    with speaking(reader_language(request)):
        return html(zoom_page(spectacle, base))


# ---- a finished game --------------------------------------------------------------------------------------------
async def _finished(request: web.Request) -> tuple[Spectacle, str]:
    game_id, base = _table(request)
    spectacle = await request.app[SPECTATORS].now(game_id)
    if spectacle.table.status != "finished":  # the seed, and the record with it, stay secret until the end
        raise web.HTTPNotFound()
    return spectacle, base


async def final(request: web.Request) -> web.Response:
    spectacle, base = await _finished(request)
    report = await request.app[SPECTATORS].club.end_report(spectacle.table.game_id)
    with speaking(reader_language(request)):
        return html(final_page(spectacle, report, base))


async def record(request: web.Request) -> web.Response:
    spectacle, _base = await _finished(request)
    data = await request.app[SPECTATORS].club.record(spectacle.table.game_id)
    name = record_name(spectacle.table.game_id)
    # the same bytes as the file /game record attaches
    return web.Response(body=record_bytes(data), content_type="application/json", charset="utf-8", headers={
        "Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-cache"})


# ---- a server ---------------------------------------------------------------------------------------------------
async def server(request: web.Request) -> web.Response:
    guild, base = _server(request)
    found = await request.app[SPECTATORS].club.server_page(guild)
    with speaking(reader_language(request)):
        return html(server_page(found, base, _link(request)))


async def _served(request: web.Request) -> tuple[int, str]:
    """The server, if its pages are on (else the app's 404: a page turned off looks like no page at all)."""
    guild, base = _server(request)
    if not await request.app[SPECTATORS].club.web_pages(guild):
        raise web.HTTPNotFound()
    return guild, base


def _number(text: str | None) -> int | None:
    return int(text) if text is not None and text.isdigit() and len(text) <= 6 else None


async def leaderboard(request: web.Request) -> web.Response:
    guild, base = await _served(request)
    game = request.match_info["game"]
    if game not in rules.GAMES:
        raise web.HTTPNotFound()
    club = request.app[SPECTATORS].club
    with speaking(reader_language(request)):
        try:
            board = await club.server_leaderboard(guild, game, _number(request.query.get("season")),
                                                  _number(request.query.get("page")) or 1)
        except TableError as exc:  # nobody listed yet, a season or a page that does not exist: said plainly
            return html(refusal_page(exc.message, base), 404)
        private = await club.private_players([line.user_id for line in board.lines])
        return html(leaderboard_page(board, base, private))


async def profile(request: web.Request) -> web.Response:
    guild, base = await _served(request)
    user = int(request.match_info["user"])  # the route takes digits only
    if user == 0:
        raise web.HTTPNotFound()
    with speaking(reader_language(request)):
        try:
            found = await request.app[SPECTATORS].club.public_profile(guild, user)
        except TableError as exc:  # a private profile, or nobody who played here
            return html(refusal_page(exc.message, base), 404)
        return html(profile_page(found, base, _link(request)))


async def game_rules(request: web.Request) -> web.Response:
    _guild, base = await _served(request)
    name = request.match_info["game"]
    if name not in rules.GAMES:
        raise web.HTTPNotFound()
    with speaking(reader_language(request)):
        return html(rules_page(name, base))


def add_routes(app: web.Application, token: str) -> None:
    """The routes of this module; ``token``: the route pattern of a table's address."""
    app.router.add_get(f"/t/{token}/focus.png", focus_png)
    app.router.add_get(f"/t/{token}/zoom", zoom)
    app.router.add_get(f"/t/{token}/final", final)
    app.router.add_get(f"/t/{token}/record.json", record)
    app.router.add_get(f"/s/{SERVER}", server)
    app.router.add_get(f"/s/{SERVER}/leaderboard/{{game:[a-z0-9_]{{1,40}}}}", leaderboard)
    app.router.add_get(f"/s/{SERVER}/players/{{user:[0-9]{{1,20}}}}", profile)
    app.router.add_get(f"/s/{SERVER}/rules/{{game:[a-z0-9_]{{1,40}}}}", game_rules)
