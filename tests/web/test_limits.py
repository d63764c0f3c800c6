"""The per-address rate limit (bot/web/limits.py): token buckets on a clock the test moves, the client's address
behind trusted proxies only, a bounded table of addresses, and the plain 429 page with Retry-After over HTTP."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import ConfigError, WebConfig
from bot.table import Spectators
from bot.web.app import make_app
from bot.web.limits import LOOPBACK, RateLimit, networks
from tests.web.conftest import SECRET, Site


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_then_the_rate_and_the_wait_is_told() -> None:
    clock = Clock()
    limit = RateLimit(rate=2.0, burst=3, clock=clock)
    assert [limit.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limit.take("a") == pytest.approx(0.5)  # one token comes back every half second
    assert limit.take("b") == 0.0  # another address has its own bucket
    clock.now += 0.5
    assert limit.take("a") == 0.0
    assert limit.take("a") > 0
    clock.now += 3600  # a long pause fills the bucket up to the burst, no more
    assert [limit.take("a") for _ in range(4)][-1] > 0
    assert RateLimit(rate=0, burst=1).take("a") == RateLimit(rate=0, burst=1).take("a") == 0.0  # 0: no limit


def test_forwarded_for_is_believed_only_from_trusted_proxies() -> None:
    behind = RateLimit(5, 10, networks([*LOOPBACK, "10.0.0.0/8"]))
    assert behind.client("127.0.0.1", ["203.0.113.7"]) == "203.0.113.7"
    assert behind.client("127.0.0.1", ["203.0.113.7, 10.1.2.3"]) == "203.0.113.7"  # two trusted hops
    # a client's own header is only the left part: the proxy appended the address it saw
    assert behind.client("127.0.0.1", ["198.51.100.1, 203.0.113.7"]) == "203.0.113.7"
    assert behind.client("127.0.0.1", ["198.51.100.1", "203.0.113.7"]) == "203.0.113.7"  # header given twice
    assert behind.client("127.0.0.1", ["junk, 203.0.113.7"]) == "203.0.113.7"
    assert behind.client("127.0.0.1", ["203.0.113.7, junk"]) == "127.0.0.1"  # a malformed hop: stop there
    assert behind.client("127.0.0.1", []) == "127.0.0.1"
    assert behind.client("203.0.113.9", ["198.51.100.1"]) == "203.0.113.9"  # not a proxy: its header is ignored
    assert RateLimit(5, 10, ()).client("127.0.0.1", ["198.51.100.1"]) == "127.0.0.1"  # no proxy trusted
    assert behind.client("127.0.0.1", ["[2001:db8:1:2::5]:4711"]) == "2001:db8:1:2::/64"  # IPv6: its /64
    assert behind.client("2001:db8:1:2:aaaa::1") == behind.client("2001:db8:1:2:bbbb::2") == "2001:db8:1:2::/64"
    assert behind.client("::ffff:203.0.113.7") == "203.0.113.7"
    assert behind.client(None) == "unknown"


def test_the_table_of_addresses_is_bounded_and_keeps_the_latest() -> None:
    limit = RateLimit(1.0, 1, max_addresses=100, clock=Clock())
    for n in range(5000):
        limit.take(f"10.0.{n // 256}.{n % 256}")
    assert len(limit) == 100
    assert limit.take("10.0.19.135") > 0  # the last one seen is still counted (its one token is spent)
    assert limit.take("10.0.0.0") == 0.0  # the first was dropped: a fresh bucket


def test_the_limit_is_read_from_the_environment() -> None:
    env = {"KONTOR_WEB_SECRET": "s" * 32}
    plain = WebConfig.from_env(env)
    assert (plain.rate, plain.burst, plain.trusted_proxies) == (5.0, 60, ("127.0.0.1", "::1"))
    config = WebConfig.from_env({**env, "KONTOR_WEB_RATE": "0.5", "KONTOR_WEB_BURST": "20",
                                 "KONTOR_WEB_TRUSTED_PROXIES": " 172.16.0.0/12 , ::1 "})
    assert (config.rate, config.burst, config.trusted_proxies) == (0.5, 20, ("172.16.0.0/12", "::1"))
    assert WebConfig.from_env({**env, "KONTOR_WEB_TRUSTED_PROXIES": "none"}).trusted_proxies == ()
    assert WebConfig(secret=b"x" * 16).rate == 0  # built in code: no limit unless asked
    for key, value, words in (("KONTOR_WEB_RATE", "fast", "KONTOR_WEB_RATE must be"),
                              ("KONTOR_WEB_RATE", "-1", "KONTOR_WEB_RATE must be"),
                              ("KONTOR_WEB_BURST", "0", "KONTOR_WEB_BURST must be"),
                              ("KONTOR_WEB_TRUSTED_PROXIES", "proxy.local", "KONTOR_WEB_TRUSTED_PROXIES must list")):
        with pytest.raises(ConfigError, match=words):
            WebConfig.from_env({**env, key: value})


async def test_an_address_over_its_limit_gets_a_plain_429_page_and_others_go_on(site: Site, tmp_path) -> None:
    spectators = await Spectators.open(str(tmp_path / "kontor.sqlite3"))
    config = WebConfig(secret=SECRET, rate=0.001, burst=2)  # one token in 1,000 s: the third request waits
    try:
        async with TestClient(TestServer(make_app(spectators, config), host="127.0.0.1")) as client:
            for _ in range(2):
                assert (await client.get(site.base)).status == 200
            refused = await client.get(site.base, headers={"Accept-Language": "fr"})
            assert refused.status == 429
            assert 1 <= int(refused.headers["Retry-After"]) <= 1000
            assert refused.headers["Content-Security-Policy"].startswith("default-src 'none'")
            text = await refused.text()
            assert "Trop de requêtes" in text and '<html lang="fr"' in text and "board.png" not in text
            assert (await client.get("/static/kontor.css")).status == 429  # every path counts
            # behind the proxy on loopback (trusted by default), another client has its own bucket
            other = await client.get(site.base, headers={"X-Forwarded-For": "203.0.113.7"})
            assert other.status == 200
    finally:
        await spectators.close()
