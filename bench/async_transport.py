"""Discord's transport for the async bench, recorded: the real bot's notifier posts, edits and DMs through
recorders (what would be sent, whom it would ping), and rendering is hidden while the section runs."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

_MENTION = re.compile(r"<@!?(\d+)>")


# ---- Discord's transport, recorded -------------------------------------------------------------
class _Message:
    def __init__(self, recorder: Recorder, message_id: int) -> None:
        self.recorder = recorder
        self.id = message_id

    async def edit(self, **kwargs: Any) -> _Message:
        self.recorder.edits += 1
        return self


def _text(content: str | None, view: Any) -> str:
    """What a post says: its content, or a turn card's text displays (Components V2 carries no content)."""
    parts = [content or ""]
    if isinstance(view, discord.ui.LayoutView):
        parts += [item.content for item in view.walk_children() if isinstance(item, discord.ui.TextDisplay)]
    return "\n".join(parts)


class _Channel:
    """The table's channel: ``send`` records what would be posted (and whom it would ping)."""

    def __init__(self, recorder: Recorder, channel_id: int) -> None:
        self.recorder = recorder
        self.id = channel_id

    async def send(self, content: str | None = None, **kwargs: Any) -> _Message:
        return self.recorder.post(_text(content, kwargs.get("view")), kwargs.get("allowed_mentions"))

    def get_partial_message(self, message_id: int) -> _Message:
        return _Message(self.recorder, message_id)


class _DM:
    def __init__(self, recorder: Recorder, user_id: int) -> None:
        self.recorder = recorder
        self.user_id = user_id

    async def send(self, content: str | None = None, **kwargs: Any) -> _Message:
        self.recorder.dms[self.user_id] = self.recorder.dms.get(self.user_id, 0) + 1
        return self.recorder.message()


@dataclass
class Recorder:
    """What the bot sent: channel posts, the users each post pings, live-board edits, DMs per user."""

    default_mentions: discord.AllowedMentions | None  # the bot's own default (discord.py merges it into each send)
    posts: int = 0
    edits: int = 0
    mentions: dict[int, int] = field(default_factory=dict)
    repings: dict[int, int] = field(default_factory=dict)
    dms: dict[int, int] = field(default_factory=dict)
    awaited_before: frozenset[int] = frozenset()  # users awaited before the change now being published
    _next_id: int = 1

    def message(self) -> _Message:
        self._next_id += 1
        return _Message(self, self._next_id)

    def post(self, content: str | None, allowed: discord.AllowedMentions | None) -> _Message:
        self.posts += 1
        for user in self.pinged(content or "", allowed):
            self.mentions[user] = self.mentions.get(user, 0) + 1
            if user in self.awaited_before:
                self.repings[user] = self.repings.get(user, 0) + 1
        return self.message()

    def pinged(self, content: str, allowed: discord.AllowedMentions | None) -> list[int]:
        """The users a message with ``content`` notifies, by Discord's rules for ``allowed_mentions``."""
        if allowed is not None and self.default_mentions is not None:
            allowed = self.default_mentions.merge(allowed)
        elif allowed is None:
            allowed = self.default_mentions
        rules_ = allowed.to_dict() if allowed is not None else {"parse": ["users"]}  # none given: Discord pings all
        listed = {int(u) for u in rules_.get("users", [])}
        users = [int(u) for u in dict.fromkeys(_MENTION.findall(content))]
        return [u for u in users if "users" in rules_.get("parse", []) or u in listed]


def recording_bot(svc: Any) -> tuple[Any, Recorder]:
    """The real Discord bot around ``svc`` (never connected), its transport replaced by recorders."""
    from bot.config import Config
    from bot.discord.app import build_bot

    bot = build_bot(Config(token=""), service=svc, sync=False)
    recorder = Recorder(bot.allowed_mentions)
    channels: dict[int, _Channel] = {}

    def partial(channel_id: int, **_: Any) -> _Channel:
        return channels.setdefault(channel_id, _Channel(recorder, channel_id))

    async def create_dm(user: discord.abc.Snowflake) -> _DM:
        return _DM(recorder, user.id)

    bot.get_channel = lambda _id: None  # nothing cached: the notifier falls back to the partial messageable
    bot.get_partial_messageable = partial
    bot.create_dm = create_dm
    return bot, recorder


@contextlib.contextmanager
def no_images() -> Iterator[None]:
    """Hide ``render`` (``import render`` fails): the bot then sends its messages without images, much faster."""
    saved = sys.modules.get("render", None)
    had = "render" in sys.modules
    sys.modules["render"] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if had:
            sys.modules["render"] = saved  # type: ignore[assignment]
        else:
            del sys.modules["render"]
