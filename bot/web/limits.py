"""A per-address rate limit for the pages (docs/web.md, "Rate limit"): a token bucket per client address, so one
address cannot keep the process busy for everyone else.

- Each address may make ``burst`` requests at once and ``rate`` a second after that; a request beyond that gets a
  plain 429 page in the reader's language with ``Retry-After`` (the seconds until it may ask again), and nothing
  else is done for it.
- The address is the connection's peer, unless the peer is a trusted proxy (``KONTOR_WEB_TRUSTED_PROXIES``;
  loopback by default, so a proxy on the same machine works as it is): then ``X-Forwarded-For`` is read from its
  right end, each trusted hop skipped, and the first other address is the client. A client cannot pretend to be
  another by sending the header itself: only what trusted proxies appended is believed.
- An IPv6 client is its /64 network (one machine usually holds a whole /64).
- The table of addresses is bounded (``MAX_ADDRESSES``): the least recently seen is dropped first (an address
  that has been quiet for ``burst / rate`` seconds has a full bucket anyway).
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from aiohttp import web

from bot.lang import speaking
from bot.web.markup import page, w
from rules.words import N_, translator

_, _n = translator("web")

MAX_ADDRESSES = 10_000
LOOPBACK = ("127.0.0.0/8", "::1/128")

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(texts: Iterable[str]) -> tuple[Network, ...]:
    """Addresses or networks (``10.0.0.0/8``) as networks; ValueError naming the first that is neither."""
    out = []
    for text in texts:
        try:
            out.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError:
            raise ValueError(text.strip()[:60]) from None
    return tuple(out)


def _address(text: str | None) -> Address | None:
    """An address as a peer or proxy writes it: ``1.2.3.4``, ``1.2.3.4:80``, ``2001:db8::1``, ``[2001:db8::1]:80``."""
    text = (text or "").strip()
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


class RateLimit:
    """Token buckets by client address (see the module docstring); ``rate`` 0 limits nothing."""

    def __init__(self, rate: float, burst: int, trusted: Sequence[Network] = (), *,
                 max_addresses: int = MAX_ADDRESSES, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.trusted = rate, max(1, burst), tuple(trusted)
        self.max_addresses, self.clock = max_addresses, clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, when)

    def __len__(self) -> int:
        return len(self._buckets)

    def _is_trusted(self, address: Address) -> bool:
        return any(address.version == net.version and address in net for net in self.trusted)

    def client(self, peer: str | None, forwarded: Sequence[str] = ()) -> str:
        """The key of the client behind a request from ``peer`` with these ``X-Forwarded-For`` headers."""
        address = _address(peer)
        if address is None:
            return "unknown"  # a Unix socket: one bucket for all of it
        hops = [hop for header in forwarded for hop in header.split(",") if hop.strip()]
        while hops and self._is_trusted(address):
            earlier = _address(hops.pop())
            if earlier is None:  # a malformed hop: the trusted proxy's own peer is all that is known
                break
            address = earlier
        if isinstance(address, ipaddress.IPv6Address):
            return str(ipaddress.IPv6Network((address, 64), strict=False))
        return str(address)

    def take(self, key: str) -> float:
        """Count one request of ``key``: 0 when it may go ahead, else the seconds until it may ask again."""
        if self.rate <= 0:
            return 0.0
        now = self.clock()
        tokens, when = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) * self.rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.rate
        self._buckets[key] = (tokens, now)  # the newest at the end: the oldest goes first
        while len(self._buckets) > self.max_addresses:
            self._buckets.popitem(last=False)
        return wait


LIMIT = web.AppKey("limit", RateLimit)
TOO_MANY = N_("Too many requests")
WAIT = N_("Too many requests came from your address. Please wait a few seconds, then reload the page.")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def rate_limited(language: Callable[[web.Request], str]) -> Any:
    """The middleware that counts every request against its client's bucket (``app[LIMIT]``); ``language`` picks
    the 429 page's language."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        limit = request.app[LIMIT]
        wait = limit.take(limit.client(request.remote, request.headers.getall("X-Forwarded-For", [])))
        if not wait:
            return await handler(request)
        with speaking(language(request)):
            text = page(_(TOO_MANY), f"<main><h1>{w(TOO_MANY)}</h1><p>{w(WAIT)}</p></main>")
        return web.Response(text=text, status=429, content_type="text/html", charset="utf-8",
                            headers={"Retry-After": str(max(1, math.ceil(wait))), "Cache-Control": "no-store"})

    return middleware
