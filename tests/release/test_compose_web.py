"""deploy/compose.yaml's ``web`` service and the Dockerfile, read statically (no Docker daemon here): the web runs as
its own ``kontor web`` process on the bots' database, with settings ``kontor web`` accepts, published on the host's
loopback only for a reverse proxy, and no bot process serves the pages a second time."""

from __future__ import annotations

import ipaddress
import json
import re
from pathlib import Path

from bot.config import WebConfig, parse_addr
from bot.tools.cli import SUBCOMMANDS

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = (ROOT / "deploy" / "compose.yaml").read_text()


def service(text: str, name: str) -> list[str]:
    """The lines of a top-level service's block (indented under ``  name:``), comments dropped."""
    lines = text.splitlines()
    start = lines.index(f"  {name}:")
    block = []
    for line in lines[start + 1:]:
        if line.strip() and not line.startswith("    "):
            break
        if line.strip() and not line.strip().startswith("#"):
            block.append(line.split(" #", 1)[0].rstrip())
    return block


def mapping(block: list[str], key: str) -> dict[str, str]:
    """``key:``'s nested ``NAME: value`` lines (quotes dropped)."""
    at = block.index(f"    {key}:")
    out = {}
    for line in block[at + 1:]:
        if not line.startswith("      "):
            break
        name, _sep, value = line.strip().partition(":")
        out[name] = value.strip().strip('"')
    return out


def listed(block: list[str], key: str) -> list[str]:
    at = block.index(f"    {key}:")
    return [line.strip()[2:].strip().strip('"') for line in block[at + 1:] if line.startswith("      - ")]


def value(block: list[str], key: str) -> str:
    return next(line.split(":", 1)[1].strip() for line in block if line.startswith(f"    {key}:"))


def services(text: str) -> list[str]:
    top = text.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    return re.findall(r"^  ([a-z0-9-]+):$", top, flags=re.M)


def test_the_block_reader_reads_a_service() -> None:
    text = ("name: k\nservices:\n  a:\n    image: x   # why\n    environment:\n      K: \"1\"\n"
            "    ports:\n      - \"1:2\"\n  b:\n    image: y\nvolumes:\n")
    assert services(text) == ["a", "b"]
    block = service(text, "a")
    assert value(block, "image") == "x" and mapping(block, "environment") == {"K": "1"}
    assert listed(block, "ports") == ["1:2"]


def test_the_web_is_its_own_kontor_web_process_on_the_bots_database() -> None:
    web = service(COMPOSE, "web")
    assert json.loads(value(web, "command")) == ["kontor", "web"] and "web" in SUBCOMMANDS
    assert value(web, "build") == ".."  # the bots' image
    env = mapping(web, "environment")
    bots = [name for name in services(COMPOSE) if name.startswith("bot-")]
    assert bots and {mapping(service(COMPOSE, b), "environment")["KONTOR_DB"] for b in bots} == {env["KONTOR_DB"]}
    assert env["KONTOR_DB"].startswith("postgresql://")  # notifications tell it of every move
    assert "db" in mapping(web, "depends_on")
    # compose refuses to start without the secret, saying so, rather than a web that exits at every restart
    assert re.fullmatch(r"\$\{KONTOR_WEB_SECRET:\?.+\}", env["KONTOR_WEB_SECRET"])
    for bot in bots:  # the bots make links (KONTOR_WEB_URL) but serve no second copy of the pages
        assert "KONTOR_WEB_ADDR" not in mapping(service(COMPOSE, bot), "environment")


def test_the_web_is_reachable_by_a_proxy_on_the_host_only() -> None:
    web = service(COMPOSE, "web")
    env = mapping(web, "environment")
    host, port = parse_addr(env["KONTOR_WEB_ADDR"])
    assert host == "0.0.0.0"  # inside the container: every interface, or the published port reaches nothing
    (published,) = listed(web, "ports")
    bind, outside, inside = published.rsplit(":", 2)
    assert ipaddress.ip_address(bind).is_loopback and int(inside) == port and int(outside) > 0
    assert f"EXPOSE {port}" in (ROOT / "Dockerfile").read_text()
    assert any(f"127.0.0.1:{port}/" in line for line in web)  # the health check asks the port it listens on


def test_kontor_web_accepts_the_services_settings() -> None:
    env = mapping(service(COMPOSE, "web"), "environment")
    env["KONTOR_WEB_SECRET"] = "s" * 64  # what .env gives it
    env["KONTOR_DB"] = env["KONTOR_DB"].replace("${POSTGRES_PASSWORD}", "pw")
    config = WebConfig.from_env(env)
    assert (config.host, config.port) == ("0.0.0.0", 8080) and config.rate > 0
    # the proxy's requests arrive from Docker's networks: its X-Forwarded-For is believed there, and only there
    trusted = [ipaddress.ip_network(p) for p in config.trusted_proxies]
    assert any(ipaddress.ip_address("172.17.0.1") in net for net in trusted)  # docker0's gateway
    assert not any(ipaddress.ip_address("203.0.113.7") in net for net in trusted)
