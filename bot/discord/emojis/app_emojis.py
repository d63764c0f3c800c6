"""The application emojis: uploaded at start from ``png/`` (``python -m bot.tools.emojis write`` draws them), and the
mark each thing shows in menus, logs and digests — the uploaded emoji, else its Unicode mark (``things.UNICODE``).

Idempotent: each emoji is named ``kontor_<game>_<thing>_<h>``, ``h`` three base-36 digits of its picture's SHA-256.
At start the bot lists the application's emojis, deletes its own whose picture changed (or whose thing is gone) and
uploads only the missing ones, so a second start uploads nothing and a changed sprite replaces just its emoji.
Discord's limits are checked before asking: 2,000 emojis per application, a name of 2–32 of ``[A-Za-z0-9_]``, an
image of at most 256 KiB. It runs in the background once connected and never in the way of the start: a refusal
or an unreachable Discord is logged once, and the Unicode marks stand in (also with ``KONTOR_EMOJIS=off``).
Several shard processes: only the one that syncs the commands uploads; the others read what is there.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import discord

from bot.background import BackgroundTask
from bot.discord.emojis.things import UNICODE, thing_of

log = logging.getLogger("kontor")

FOLDER = Path(__file__).resolve().parent / "png"
MAX_EMOJIS = 2000  # per application
MAX_BYTES = 256 * 1024
NAME_RULE = re.compile(r"[A-Za-z0-9_]{2,32}")
PREFIX = "kontor_"
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
OURS = re.compile(rf"{PREFIX}(?:{'|'.join(UNICODE)})_[a-z0-9]+_[0-9a-z]{{3}}")


class EmojiClient(Protocol):
    """The discord.py calls the upload uses (``discord.Client``)."""

    async def wait_until_ready(self) -> None: ...

    async def fetch_application_emojis(self) -> list[discord.Emoji]: ...

    async def create_application_emoji(self, *, name: str, image: bytes) -> discord.Emoji: ...


@dataclass(frozen=True)
class Picture:
    game: str
    thing: str
    data: bytes

    @property
    def name(self) -> str:
        """``kontor_<game>_<thing>_<h>``: the picture's hash in the name says whether the uploaded one is current."""
        h = int.from_bytes(hashlib.sha256(self.data).digest()[:8], "big") % 36**3
        return f"{PREFIX}{self.game}_{self.thing}_{_DIGITS[h // 1296]}{_DIGITS[h // 36 % 36]}{_DIGITS[h % 36]}"


def pictures(folder: Path = FOLDER) -> list[Picture]:
    """Every ``<game>_<thing>.png`` of the folder, for the games that have marks."""
    out = []
    for path in sorted(folder.glob("*.png")):
        game, _sep, thing = path.stem.partition("_")
        if thing in UNICODE.get(game, {}):
            out.append(Picture(game, thing, path.read_bytes()))
    return out


def _describe(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"HTTP {error.status}: {error.text or error}"
    return f"{type(error).__name__}: {error}"


class AppEmojis(BackgroundTask):
    """``start()`` in ``setup_hook``; ``option``/``mark`` answer at once (Unicode until the upload is done)."""

    task_name = "kontor-emojis"

    def __init__(self, client: EmojiClient, *, enabled: bool = True, upload: bool = True,
                 folder: Path = FOLDER) -> None:
        super().__init__()
        self.client, self.enabled, self.upload, self.folder = client, enabled, upload, folder
        self._emojis: dict[tuple[str, str], discord.Emoji] = {}

    def _run(self) -> Coroutine[Any, Any, int]:
        return self.run()

    # ---- the marks -------------------------------------------------------------------------------------------
    def emoji(self, game: str, thing: str | None) -> discord.Emoji | str | None:
        """The thing's application emoji, else its Unicode mark; None for no thing."""
        if thing is None:
            return None
        return self._emojis.get((game, thing)) or UNICODE.get(game, {}).get(thing)

    def option(self, game: str, action: str) -> discord.Emoji | str | None:
        """A menu option's emoji for ``action`` (a select option takes the emoji itself)."""
        return self.emoji(game, thing_of(game, action))

    def options(self, game: str, actions: Sequence[tuple[str, str]]) -> dict[str, discord.Emoji | str]:
        """The emoji of each action of a menu that has one."""
        return {action: found for action, _label in actions if (found := self.option(game, action)) is not None}

    def mark(self, game: str, action: str | None) -> str:
        """The action's thing as text (``<:kontor_…:id>`` or its Unicode mark), "" when it has none."""
        found = self.emoji(game, thing_of(game, action))
        return "" if found is None else str(found)

    # ---- the upload ------------------------------------------------------------------------------------------
    async def ready(self) -> None:
        """Wait until the start's sync has ended (the bot itself never waits for it: the tests and tools do)."""
        if self._task is not None:
            await self._task

    async def run(self) -> int:
        """Once connected: sync, and log a failure once (the Unicode marks stand in); how many were uploaded."""
        if not self.enabled:
            log.info("application emojis off (KONTOR_EMOJIS=off): the menus, logs and digests show Unicode marks")
            return 0
        await self.client.wait_until_ready()
        try:
            return await self.sync()
        except Exception as exc:
            log.warning("application emojis not synced (%s); the Unicode marks stand in until the next start",
                        _describe(exc))
            return 0

    async def sync(self) -> int:
        wanted = {p.name: p for p in pictures(self.folder)}
        existing = await self.client.fetch_application_emojis()
        stale = [e for e in existing if e.name not in wanted and OURS.fullmatch(e.name)]
        present = {e.name: e for e in existing if e.name in wanted}
        refused: list[str] = []
        count = len(existing)
        if self.upload:
            for emoji in stale:  # an older picture of a thing, or a thing that is gone: make room first
                try:
                    await emoji.delete()
                    count -= 1
                except discord.HTTPException as exc:
                    refused.append(f"{emoji.name} not deleted: {_describe(exc)}")
        uploaded = 0
        for name, picture in wanted.items():
            found = present.get(name)
            if found is None and self.upload:
                found, problem = await self._create(picture, count)
                if problem:
                    refused.append(problem)
                else:
                    count += 1
                    uploaded += 1
            if found is not None:
                self._emojis[picture.game, picture.thing] = found
        if refused:
            log.warning("%d application emoji(s) not uploaded (%s); their Unicode marks stand in", len(refused),
                        "; ".join(refused[:3]) + (" …" if len(refused) > 3 else ""))
        log.info("application emojis: %d uploaded, %d already there, %d of %d in use", uploaded,
                 len(self._emojis) - uploaded, len(self._emojis), len(wanted))
        return uploaded

    async def _create(self, picture: Picture, count: int) -> tuple[discord.Emoji | None, str]:
        """Upload one picture within Discord's limits; (the emoji, "") or (None, why not)."""
        name = picture.name
        if not NAME_RULE.fullmatch(name):
            return None, f"{name}: not a valid emoji name"
        if len(picture.data) > MAX_BYTES:
            return None, f"{name}: {len(picture.data)} bytes, over 256 KiB"
        if count >= MAX_EMOJIS:
            return None, f"{name}: the application has {MAX_EMOJIS} emojis already"
        try:
            return await self.client.create_application_emoji(name=name, image=picture.data), ""
        except discord.HTTPException as exc:
            return None, f"{name}: {_describe(exc)}"
