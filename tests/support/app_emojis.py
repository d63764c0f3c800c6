"""SimCord's application emojis, made faithful to Discord's documented limits (Discord Developer Documentation,
Emoji resource, "Create Application Emoji"): at most 2,000 per application, a name of 2–32 characters of
``[A-Za-z0-9_]``, an image (a data URI) of at most 256 KiB. SimCord 3.2 keeps the name only and checks none of them;
``faithful_app_emojis(monkeypatch)`` swaps its route for one that refuses as Discord does (HTTP 400) and keeps each
picture, so a test can compare what was uploaded with the checked-in PNG."""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from simcord.backend import serializers
from simcord.backend.errors import BackendError
from simcord.http import router

TEMPLATE = ["applications", "{application_id}", "emojis"]
MAX_EMOJIS = 2000
MAX_BYTES = 256 * 1024
NAME = re.compile(r"[A-Za-z0-9_]{2,32}")


@dataclass
class Uploads:
    """What the bot uploaded: each create's name, and the picture behind each emoji id."""

    names: list[str] = field(default_factory=list)
    images: dict[int, bytes] = field(default_factory=dict)


def _invalid(key: str, message: str) -> BackendError:
    return BackendError(400, 50035, "Invalid Form Body",
                        errors={key: {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": message}]}})


def faithful_app_emojis(monkeypatch: pytest.MonkeyPatch) -> Uploads:
    uploads = Uploads()

    def create(ctx: Any) -> Any:
        backend = ctx.backend
        body = ctx.fields("name", "image")
        name, image = str(body.get("name") or ""), str(body.get("image") or "")
        if not NAME.fullmatch(name):
            raise _invalid("name", "Must be between 2 and 32 in length and only contain [A-Za-z0-9_].")
        head, _sep, data = image.partition(";base64,")
        if not head.startswith("data:image/"):
            raise _invalid("image", "Invalid image data")
        picture = base64.b64decode(data)
        if len(picture) > MAX_BYTES:
            raise _invalid("image", "File cannot be larger than 256.0 kb.")
        if len(backend.application_emojis) >= MAX_EMOJIS:
            raise BackendError(400, 30018, "Maximum number of application emojis reached (2000)")
        emoji = backend.create_application_emoji(name)
        uploads.names.append(name)
        uploads.images[emoji.id] = picture
        return serializers.guild_emoji_payload(backend, emoji)

    routes = [(TEMPLATE, create) if template == TEMPLATE else (template, handler)
              for template, handler in router._ROUTES["POST"]]
    assert any(handler is create for _t, handler in routes), "SimCord's emoji route moved"
    monkeypatch.setitem(router._ROUTES, "POST", routes)
    return uploads
