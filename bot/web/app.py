"""The web front end's aiohttp application (``make_app``): read-only pages of each table, found by an unguessable
address (``bot/web/addresses.py``), for spectators (docs/web.md).

Every response carries a strict Content-Security-Policy (this site only, no inline script or style), no referrer
(a table's address is its key), ``noindex``; requests are GET/HEAD with bounded sizes; anything unknown, damaged or
malformed is the same plain 404 page, so an address says nothing about which games exist.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

from bot.config import WebConfig
from bot.lang import speaking
from bot.table import DamagedGame, PublicStep, Spectacle, Spectators, Table, TableError
from bot.web import addresses, pages
from bot.web.language import reader_language, remember
from bot.web.limits import LIMIT, RateLimit, networks, rate_limited
from bot.web.live import Watchers

log = logging.getLogger("bot.web")

STATIC = Path(__file__).parent / "static"
MAX_REQUEST = 8 * 1024  # bytes of a request line, a header field or a body: pages take no input beyond a number
IMAGE_CACHE_BYTES = 64 * 1024 * 1024
CSP = ("default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "X-Frame-Options": "DENY", "X-Robots-Tag": "noindex, nofollow",
           "Cross-Origin-Resource-Policy": "same-origin"}

SPECTATORS = web.AppKey("spectators", Spectators)
CONFIG = web.AppKey("config", WebConfig)
WATCHERS = web.AppKey("watchers", Watchers)


class ImageCache:
    """Board PNGs by what they show (a game, and a page key or a step's key), the newest kept up to a size."""

    def __init__(self, limit: int = IMAGE_CACHE_BYTES) -> None:
        self.limit, self.size = limit, 0
        self._pngs: OrderedDict[tuple[object, ...], bytes] = OrderedDict()
        self._drawing: dict[tuple[object, ...], asyncio.Future[bytes | None]] = {}

    async def get(self, key: tuple[object, ...], draw: Callable[[], Awaitable[bytes | None]]) -> bytes | None:
        png = self._pngs.get(key)
        if png is not None:
            self._pngs.move_to_end(key)
            return png
        pending = self._drawing.get(key)
        if pending is not None:  # many viewers asking for a new board at once: drawn once
            return await asyncio.shield(pending)
        future: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            png = await draw()
            future.set_result(png)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: a failure is raised to this caller, not logged as unhandled
            raise
        finally:
            del self._drawing[key]
        if png is not None:
            self._pngs[key] = png
            self.size += len(png)
            while self.size > self.limit and self._pngs:
                self.size -= len(self._pngs.popitem(last=False)[1])
        return png


IMAGES = web.AppKey("images", ImageCache)


def html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"})


def not_found(request: web.Request) -> web.Response:
    with speaking(reader_language(request)):
        return html(pages.not_found_page(), 404)


@web.middleware
async def guard(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                ) -> web.StreamResponse:
    """The headers every answer carries, and the one 404 page for whatever is not a table."""
    try:
        response = await handler(request)
    except web.HTTPNotFound:
        response = not_found(request)
    except web.HTTPMethodNotAllowed:
        response = web.Response(status=405, text="Only GET and HEAD.", headers={"Allow": "GET, HEAD"})
    except DamagedGame:
        with speaking(reader_language(request)):
            response = html(pages.unavailable_page(), 404)
    except TableError:  # no such game (it cannot be told from a wrong address)
        response = not_found(request)
    if not response.prepared:
        response.headers.update(HEADERS)
    return response


def _game(request: web.Request) -> int:
    game_id = addresses.game_of(request.app[CONFIG].secret, request.match_info["token"])
    if game_id is None:
        raise web.HTTPNotFound()
    return game_id


def _base(request: web.Request) -> str:
    return f"/t/{request.match_info['token']}"


async def table_page(request: web.Request) -> web.Response:
    spectacle = await request.app[SPECTATORS].now(_game(request))
    with speaking(reader_language(request)):
        return html(pages.table_page(spectacle, _base(request)))


async def board_png(request: web.Request) -> web.Response:
    spectators = request.app[SPECTATORS]
    spectacle = await spectators.now(_game(request))
    png = await request.app[IMAGES].get((spectacle.table.game_id, spectacle.key), lambda: spectators.board(spectacle))
    return _png(png, fresh=request.query.get("k") == spectacle.key)


def _png(png: bytes | None, *, fresh: bool) -> web.Response:
    if png is None:
        raise web.HTTPNotFound()
    # an address naming what the board shows never changes; any other is the board now
    cache = "public, max-age=31536000, immutable" if fresh else "no-cache"
    return web.Response(body=png, content_type="image/png", headers={"Cache-Control": cache})


async def _steps(request: web.Request) -> tuple[Table, tuple[PublicStep, ...]]:
    table, steps = await request.app[SPECTATORS].steps(_game(request))
    if not steps:
        raise web.HTTPNotFound()
    return table, steps


def _number(text: str | None, last: int) -> int:
    """The move asked for: a number clamped to the game's moves; anything else is the latest move."""
    if text is None or not text.strip().isdigit() or len(text) > 9:
        return last
    return min(int(text), last)


async def step_page(request: web.Request) -> web.Response:
    table, steps = await _steps(request)
    number = _number(request.query.get("move"), len(steps) - 1)
    with speaking(reader_language(request)):
        return html(pages.step_page(table, steps, number, _base(request), request.app[CONFIG].url or ""))


async def step_png(request: web.Request) -> web.Response:
    table, steps = await _steps(request)
    text = request.match_info["n"]
    if len(text) > 9 or int(text) >= len(steps):
        raise web.HTTPNotFound()
    step = steps[int(text)]
    key = pages.step_key(step)
    spectators = request.app[SPECTATORS]
    png = await request.app[IMAGES].get((table.game_id, "step", key), lambda: spectators.step_board(table, step))
    return _png(png, fresh=request.query.get("k") == key)


async def events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: ``key`` each time what the table's page shows changes (the page then fetches itself)."""
    game_id = _game(request)
    spectacle: Spectacle = await request.app[SPECTATORS].now(game_id)
    watchers = request.app[WATCHERS]
    queue = watchers.subscribe(game_id)
    if queue is None:
        return web.Response(status=503, text="Too many viewers; reload the page later.")
    try:
        response = web.StreamResponse(headers={**HEADERS, "Content-Type": "text/event-stream",
                                               "Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
        await response.prepare(request)
        await response.write(f"retry: 2000\nevent: key\ndata: {spectacle.key}\n\n".encode())
        while True:
            try:
                key = await asyncio.wait_for(queue.get(), timeout=15)
            except TimeoutError:
                await response.write(b": still here\n\n")  # keeps proxies from closing an idle stream
                continue
            if not key:  # the server is stopping
                return response
            await response.write(f"event: key\ndata: {key}\n\n".encode())
    finally:
        watchers.unsubscribe(game_id, queue)


async def static(request: web.Request) -> web.FileResponse:
    name = request.match_info["name"]
    path = STATIC / name
    if name not in {"kontor.css", "kontor.js"} or not path.is_file():
        raise web.HTTPNotFound()
    return web.FileResponse(path, headers={"Cache-Control": "public, max-age=3600"})


def make_app(spectators: Spectators, config: WebConfig) -> web.Application:
    """The application over ``spectators`` (a reader of the database); the caller closes ``spectators``."""
    app = web.Application(middlewares=[remember, guard, rate_limited(reader_language)], client_max_size=MAX_REQUEST,
                          handler_args={"max_line_size": MAX_REQUEST, "max_field_size": MAX_REQUEST})
    app[SPECTATORS], app[CONFIG] = spectators, config
    app[LIMIT] = RateLimit(config.rate, config.burst, networks(config.trusted_proxies))
    app[WATCHERS], app[IMAGES] = Watchers(spectators), ImageCache()
    token = "{token:[0-9]{1,18}-[A-Za-z0-9_-]{22}}"
    app.router.add_get(f"/t/{token}", table_page)
    app.router.add_get(f"/t/{token}/board.png", board_png)
    app.router.add_get(f"/t/{token}/moves", step_page)
    app.router.add_get(f"/t/{token}/moves/{{n:[0-9]{{1,9}}}}.png", step_png)
    app.router.add_get(f"/t/{token}/events", events)
    app.router.add_get("/static/{name}", static)
    from bot.web.routes import add_routes  # the zoom, finished games and the servers' pages (imports this module)

    add_routes(app, token)

    async def start_watching(app: web.Application) -> None:
        await app[WATCHERS].start()

    async def stop_watching(app: web.Application) -> None:
        with contextlib.suppress(Exception):
            await app[WATCHERS].close()

    app.on_startup.append(start_watching)
    app.on_shutdown.append(stop_watching)
    return app
