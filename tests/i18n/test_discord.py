"""The Discord front end's own texts ("discord" domain) and the slash-command tree ("commands" domain): complete
catalogs, and under the pseudo-locale no word of the layer left in English.

The texts are made here from hand-built tables and updates, so only this layer's words are on trial: the names,
titles and event lines come from elsewhere (the service, the games) and are written without ASCII letters or are
allowed as names. The whole path through Discord, each user in their own locale, is tests/discord/test_languages.py.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.discord.commands import play, records
from bot.discord.dms import DM_HELP
from bot.discord.ui import confirm, embeds, items, logview, menu, rematch, seat_vote, since, text, timeout_vote
from bot.discord.ui.undo import DONE, undo_button
from bot.lang import PSEUDO, speaking
from bot.table import Question, Seat, SinceBoard, SinceDigest, Table, Update
from bot.table.records import LogEntry, MyGame
from bot.tools import catalogs
from rules.core import Outcome
from rules.words import translator
from tests.support.pseudo import untranslated

_, _n = translator("discord")
NAMES = ["Ana", "Bo", "Cy", "Tally", "bid", "take"]  # players, the game's title, its action words: no texts
LINE = "éàü ëï"  # an event line of the service: no ASCII word in it, so it never passes for this layer's


@pytest.mark.parametrize("domain", ["discord", "commands"])
def test_the_catalogs_are_complete(domain: str) -> None:
    assert catalogs.problems(domain) == []


def a_table(**changes: Any) -> Table:
    seats = (Seat(0, 1000, "Ana"), Seat(1, None, "Bo", level="strong"), Seat(2, 1002, "Cy"))
    base = Table(game_id=7, channel=5, guild=9, game="tally", title="Tally", status="active", version=40, seats=seats,
                 creator=1000, options={"length": "short"}, settings={"language": PSEUDO}, awaited_seats=(0, 2),
                 awaited=(1000, 1002), seed_digest="01" * 32, seed=None, outcome=None, live_message_id=None,
                 min_players=2, max_players=4, created_at=0.0, updated_at=0.0, caretaken=(2,), away=(0,), moves=12)
    return dataclasses.replace(base, **changes)


def embed_texts(embed: discord.Embed, *, skip: tuple[str, ...] = ()) -> Iterator[str]:
    """An embed's title, description, field names and values (but the values of the fields named in ``skip``,
    which hold another layer's text) and footer."""
    yield embed.title or ""
    yield embed.description or ""
    for field in embed.fields:
        yield field.name or ""
        if field.name not in skip:
            yield field.value or ""
    yield embed.footer.text or ""


def view_texts(view: discord.ui.View) -> Iterator[str]:
    for item in view.children:
        inner = getattr(item, "item", item)  # a DynamicItem wraps its button or select
        yield str(getattr(inner, "label", "") or "")
        yield str(getattr(inner, "placeholder", "") or "")
        for option in getattr(inner, "options", []):
            yield option.label


def check(texts: Any) -> None:
    for said in texts:
        assert untranslated(re.sub(r"https://\S+", "", said), allowed=NAMES) == [], said  # links are no text


async def test_the_layers_texts_all_go_through_the_catalogs() -> None:
    with speaking(PSEUDO):
        settings = (_("Settings"), _("Options"))  # the service's settings in words; option keys stay as typed
        table = a_table()
        check(embed_texts(embeds.board_embed(table, LINE, [LINE] * 14, image=True)))
        check(embed_texts(embeds.lobby_embed(a_table(status="lobby", creator=4242), [LINE]), skip=settings))
        check(embed_texts(embeds.lobby_embed(a_table(status="lobby"), [LINE]), skip=settings))
        check(embed_texts(embeds.private_embed(table, LINE, [LINE] * 40, image=True, order=LINE)))
        check(embed_texts(embeds.private_embed(table, LINE, [LINE], image=False, heading=None)))
        for winners in ([1, 2, 3], [1, 1, 3]):
            check([embeds.outcome_line(table, Outcome(scores=[5, 5, 2], ranks=winners, breakdown=[{}, {}, {}]))])
        check(embeds.status_word(status) for status in embeds.STATUS)

        entries = [LogEntry(at=1e9, kind=kind, seat=0, version=3, lines=(LINE, LINE), undone=undone)
                   for kind in ("player", "caretaker", "auto") for undone in (False, True)]
        pages = logview.pages(entries * 6)
        check(logview.page_text("Tally", pages, index) for index in range(len(pages)))
        check([logview.page_text("Tally", pages[:1], 0)])
        check(view_texts(logview.LogPager(None, "Tally", pages)))  # type: ignore[arg-type]

        board = SinceBoard(version=9, seat=1, lines=(LINE,), view={})
        for first in (True, False):
            for moves in (0, 1, 3):
                digest = SinceDigest(game_id=7, game="tally", title="Tally", names=("Ana", "Bo"), first=first,
                                     since_version=2, lines=(LINE,) * 40, moves=moves,
                                     moves_by=("Ana", "Bo", "Cy")[:moves], boards=(board, board))
                check([since.heading(digest), since.heading(digest, who="Ana"), since.since_text(digest, room=300),
                       since.since_text(digest, who="Bo"), since.page_text(digest, 1), since.page_label(digest, 0)])
        empty = SinceDigest(game_id=7, game="tally", title="Tally", names=(), first=False, since_version=2, lines=(),
                            moves=0, moves_by=(), boards=(board,))
        check([since.page_text(empty, 0)])

        games = [MyGame(a_table(status="lobby", creator=1000), False, None),
                 MyGame(a_table(status="lobby", creator=99), False, None),
                 MyGame(table, True, 2e9), MyGame(table, True, None),
                 MyGame(a_table(awaited_seats=(1,), awaited=()), False, None),
                 MyGame(a_table(awaited_seats=(), awaited=()), False, None)]
        check([*records.mygames_pages(games, 1000), *records.mygames_pages(games[4:], 1000),
               *records.mygames_pages(games * 10, 1000, room=500), *records.mygames_pages([], 1000),
               _(records.NOTHING_OPEN)])

        check([play.done_text("bid 3", LINE), play.done_text("bid 3", None), _(play.POST_PROBLEM), _(DM_HELP),
               "↩️ " + _(DONE)])
        choices = [(f"take {n}", LINE) for n in range(1, 140)]
        board_id = items.Board(5, 7, 40)
        check([menu.placeholder(choices[:3], 0, 1)])
        check(view_texts(items.menu_view(board_id, choices, 0)))
        check(view_texts(items.menu_view(board_id, choices, 4)))
        check(view_texts(items.menu_view(board_id, [])))
        check(view_texts(items.board_view(board_id)))
        check(view_texts(items.board_view(board_id, active=False, finished=True)))
        check(view_texts(rematch.rematch_view(7, 8)))
        check([rematch.begins_text(table), str(undo_button(table).item.label)])
        check(view_texts(confirm.Confirm(None, _("Abandon"), play.reply)))  # type: ignore[arg-type]

        for kind in ("timeout", "caretaker"):
            for decide_at in (None, 2e9):
                question = Question(kind=kind, seat=0, name="Ana", voters=(1002,), decide_at=decide_at)
                message = timeout_vote.question_message(Update(5, table, 40, question=question))
                assert message is not None
                check([message["content"], *view_texts(message["view"])])
        announced = seat_vote.announcement(Update(5, table, 40, public_events=[LINE]), 0)
        check([announced["content"], *view_texts(announced["view"])])

        for what in ("that", "action", "options", "game", "order"):
            check([text.input_problem("", what=what), text.input_problem("x" * 300, what=what),
                   text.input_problem("a\u200bb", what=what)])


def test_the_channel_speaks_the_tables_language_whoever_clicked() -> None:
    """A public post of this layer (the time-bank question) reads the table's setting, not the clicker's."""
    question = Question(kind="caretaker", seat=0, name="Ana")
    with speaking("de"):
        french = timeout_vote.question_message(Update(5, a_table(settings={"language": "fr"}), 40, question=question))
        english = timeout_vote.question_message(Update(5, a_table(settings={}), 40, question=question))
    assert french is not None and english is not None
    assert "remplaçant" in french["content"] and "The caretaker plays" in english["content"]
