"""A real headless Chromium for the web tests, driven through the DevTools protocol over aiohttp's WebSocket client
(no driver binary, no new dependency).

The browser is Debian's ``chromium``: ``KONTOR_CHROMIUM`` names another binary; else ``chromium``,
``chromium-browser`` or ``google-chrome`` on PATH. ``test.sh`` installs the package when it is missing and it runs as
root with apt (as it does PostgreSQL); where no browser can be found, the browser tests are skipped and say why
(``KONTOR_BROWSER=off`` skips them on purpose).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

KEYS = {"ArrowLeft": 37, "ArrowRight": 39}


class BrowserUnavailable(Exception):
    """No Chromium here; the message says why and what to do."""


def disabled() -> bool:
    return os.environ.get("KONTOR_BROWSER", "").strip().lower() == "off"


def find_binary() -> str:
    named = os.environ.get("KONTOR_CHROMIUM", "").strip()
    if named:
        if not os.access(named, os.X_OK):
            raise BrowserUnavailable(f"KONTOR_CHROMIUM={named} is not an executable")
        return named
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise BrowserUnavailable("no chromium on PATH: `bash test.sh` installs Debian's chromium package when it runs as "
                             "root with apt; or install it, or set KONTOR_CHROMIUM (KONTOR_BROWSER=off skips)")


class Chromium:
    """One headless browser process for the session; each test opens its own tab (``Tab``)."""

    def __init__(self) -> None:
        self.binary = find_binary()
        self.profile = tempfile.mkdtemp(prefix="kontor-chromium-")
        args = [self.binary, "--headless=new", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-background-networking", "--disable-sync", "--mute-audio",
                "--hide-scrollbars", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                f"--user-data-dir={self.profile}", "about:blank"]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 60
        while not port_file.exists() or not port_file.read_text().strip():
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode(errors="replace")[-800:] if self.process.stderr else ""
                raise BrowserUnavailable(f"{self.binary} exited with status {self.process.returncode}: {err}")
            if time.monotonic() > deadline:
                self.stop()
                raise BrowserUnavailable(f"{self.binary} did not open its DevTools port within 60 s")
            time.sleep(0.05)
        self.port = int(port_file.read_text().split()[0])

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    async def tab(self) -> Tab:
        session = aiohttp.ClientSession()
        async with session.put(f"http://127.0.0.1:{self.port}/json/new?about:blank") as response:
            target = await response.json(content_type=None)
        socket = await session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=64 * 1024 * 1024)
        tab = Tab(self.port, target["id"], session, socket)
        await tab.send("Page.enable")
        await tab.send("Runtime.enable")
        return tab


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


class Tab:
    """One page of the browser: navigate, evaluate, press keys, emulate a screen, take screenshots."""

    def __init__(self, port: int, target: str, session: aiohttp.ClientSession,
                 socket: aiohttp.ClientWebSocketResponse) -> None:
        self.port, self.target, self.session, self.socket = port, target, session, socket
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._loads = 0
        self.console_errors: list[str] = []
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            data = json.loads(message.data)
            if "id" in data:
                future = self._waiting.pop(data["id"], None)
                if future is not None and not future.done():
                    future.set_result(data)
            elif data.get("method") == "Page.loadEventFired":
                self._loads += 1
            elif data.get("method") == "Runtime.exceptionThrown":
                self.console_errors.append(json.dumps(data["params"])[:500])

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        ident = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ident] = future
        await self.socket.send_str(json.dumps({"id": ident, "method": method, "params": params}))
        data = await asyncio.wait_for(future, 60)
        if "error" in data:
            raise RuntimeError(f"{method}: {data['error']}")
        result: dict[str, Any] = data.get("result", {})
        return result

    async def goto(self, url: str) -> None:
        """Open ``url`` and wait for its load event."""
        loads = self._loads
        await self.send("Page.navigate", url=url)
        await self.until(lambda: self._loads > loads)

    async def until(self, ready: Any, limit: float = 30.0) -> None:
        """Wait until ``ready()`` holds (a bound on waiting, not a timing assertion: AssertionError if it never
        does)."""
        deadline = time.monotonic() + limit
        while not ready():
            assert time.monotonic() < deadline, "the browser never got there"
            await asyncio.sleep(0.05)

    async def eval(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def eval_until(self, expression: str, limit: float = 30.0) -> Any:
        """Evaluate ``expression`` until it is truthy (see ``until``); its value."""
        deadline = time.monotonic() + limit
        while True:
            with contextlib.suppress(RuntimeError):  # between two documents (a navigation) evaluation may fail
                value = await self.eval(expression)
                if value:
                    return value
            assert time.monotonic() < deadline, f"never true in the browser: {expression}"
            await asyncio.sleep(0.05)

    async def screen(self, width: int, height: int, *, mobile: bool) -> None:
        await self.send("Emulation.setDeviceMetricsOverride", width=width, height=height,
                        deviceScaleFactor=2 if mobile else 1, mobile=mobile)

    async def javascript(self, enabled: bool) -> None:
        await self.send("Emulation.setScriptExecutionDisabled", value=not enabled)

    async def press(self, key: str) -> None:
        code = KEYS[key]
        for kind in ("rawKeyDown", "keyUp"):
            await self.send("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code,
                            nativeVirtualKeyCode=code)

    async def screenshot(self, path: Path) -> Path:
        """The whole page (beyond the viewport) as PNG."""
        shot = await self.send("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        await asyncio.to_thread(_write, path, base64.b64decode(shot["data"]))
        return path

    async def close(self) -> None:
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader
        await self.socket.close()
        with contextlib.suppress(Exception):
            async with self.session.get(f"http://127.0.0.1:{self.port}/json/close/{self.target}"):
                pass
        await self.session.close()
