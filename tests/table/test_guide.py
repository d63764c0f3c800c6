"""The table's guide (bot/table/guide.py): once per kind of decision and player, only at a guided table, off and on
again; the rules' topic pictures come from public views of a seeded bot game."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

import rules
from bot.table import TableError, TableService, topic_of
from bot.table.guide import SEEN, example_view
from rules.core import Game
from rules.guide import SETUP
from rules.speicherstadt import guide


async def _guided(tmp_path: Path, *, render: bool = False) -> TableService:
    svc = await TableService.open(str(tmp_path / "g.sqlite3"), render=render)
    await svc.create(10, 1, "speicherstadt", 5, "Ada", settings={"pace": "untimed"})
    await svc.add_bot(10, 5, "basic")
    await svc.add_bot(10, 5, "basic")
    await svc.start(10, 5, seed=3)
    return svc


async def test_each_kind_of_decision_is_explained_once_and_only_while_the_guide_is_on(tmp_path: Path) -> None:
    svc = await _guided(tmp_path)
    try:
        assert await svc.explain(10, 5) is None  # an unguided table says nothing
        assert "guide is on" in await svc.set_guide(10, 5, True)
        assert await svc.explain(10, 5) == guide.STEPS["demand"]
        assert await svc.explain(10, 5) is None  # once
        assert await svc.explain(10, 6) is None  # nobody else's decision
        assert (await svc.table(10)).settings[SEEN] == {"5": ["demand"]}
        await svc.set_guide(10, 5, False)
        legal = await svc.legal(10, 5)
        await svc.act(10, 5, legal[0][0])
        while guide.guide_for(await svc.private_view(10, 5)) == "demand":
            await svc.act(10, 5, (await svc.legal(10, 5))[0][0])
        assert await svc.explain(10, 5) is None  # a new kind, but the guide is off
        await svc.set_guide(10, 5, True)
        kind = guide.guide_for(await svc.private_view(10, 5))
        assert kind in ("purchase", "loading") and await svc.explain(10, 5) == guide.STEPS[kind]
        with pytest.raises(TableError, match="not playing at this table"):
            await svc.set_guide(10, 99, False)
    finally:
        await svc.close()


def test_topics_refuse_what_they_do_not_know_and_a_game_without_a_guide_says_so() -> None:
    game = rules.GAMES["speicherstadt"]
    topic = topic_of(game, "Purchase")
    assert topic is not None and topic.text == guide.STEPS["purchase"]
    assert topic_of(game, "  ") is None
    with pytest.raises(TableError, match="No topic 'x' in the rules of The Speicherstadt"):
        topic_of(game, "x")
    unguided = cast(Game, SimpleNamespace(title="Nothing", guide_book=None))  # every real game has a guide now
    with pytest.raises(TableError, match="Nothing has no guide yet"):
        topic_of(unguided, "setup")


@pytest.mark.parametrize("name", list(rules.GAMES))
def test_each_topic_picture_is_a_public_view_at_its_step(name: str) -> None:
    game = rules.GAMES[name]
    book = game.guide_book
    assert book is not None
    for topic in book.topics():
        if topic.example is None:
            continue
        view = example_view(game, topic.example)
        assert view is not None and view["viewer"] is None, topic.key
        if topic.example != SETUP:  # the public view of a position where some seat meets that decision
            assert view["to_act"], topic.key
            if name == "strasbourg":  # its planning steps are read from the seat's private plan
                assert view["phase"] in ("planning", "action")
            else:  # the other guides read public data: the public view, seen from an awaited seat, meets the step
                assert any(book.guide_for({**view, "viewer": seat}) == topic.example for seat in view["to_act"])


async def test_a_topic_picture_is_drawn(tmp_path: Path) -> None:
    svc = await TableService.open(str(tmp_path / "p.sqlite3"), render=True)
    try:
        png = await svc.topic_image("speicherstadt", guide.TOPICS[3])  # purchase: the row's zoomed panel
        assert png is not None and png.startswith(b"\x89PNG")
        assert await svc.topic_image("speicherstadt", guide.TOPICS[1]) is None  # a round: words only
    finally:
        await svc.close()
