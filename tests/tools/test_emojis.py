"""The application emojis' pictures: checked in and current, each a 128x128 PNG within Discord's limits, one per
thing an action can be about (bot/discord/emojis/things.py)."""

from __future__ import annotations

import io

from PIL import Image

from bot.discord.emojis.app_emojis import MAX_BYTES, NAME_RULE, OURS, pictures
from bot.discord.emojis.things import UNICODE, thing_of
from bot.tools import emojis


def test_the_checked_in_pictures_are_what_the_sprites_draw_now() -> None:
    assert emojis.problems() == []
    assert emojis.main(["check"]) == 0


def test_every_thing_has_a_picture_within_discords_limits() -> None:
    found = pictures()
    assert {(p.game, p.thing) for p in found} == {(g, t) for g, things in UNICODE.items() for t in things}
    for p in found:
        assert NAME_RULE.fullmatch(p.name) and OURS.fullmatch(p.name), p.name
        assert len(p.data) <= MAX_BYTES
        assert Image.open(io.BytesIO(p.data)).size == (128, 128)
    assert len({p.name for p in found}) == len(found)


def test_actions_name_their_things_from_the_rules_ids() -> None:
    assert thing_of("speicherstadt", "fill A04 coffee") == "coffee"
    assert thing_of("speicherstadt", "buy") == "coin" and thing_of("speicherstadt", "place 3") is None
    assert thing_of("colonia", "order painter") == "painting" and thing_of("colonia", "buy LON-5-3") == "pfund"
    assert thing_of("strasbourg", "sell vintners") == "vintners" and thing_of("strasbourg", "sell all") is None
    assert thing_of("nuernberg", "give wool") == "wool" and thing_of("nuernberg", "produce lyres") == "lyres"
    assert thing_of("tally", "bid 3") is None and thing_of("nuernberg", "") is None
