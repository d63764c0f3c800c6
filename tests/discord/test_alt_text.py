"""Issue 25, through the real bot on SimCord: every image Kontor posts carries alt text (the game's ``alt_text``,
players named, in its reader's language), the board post carries a zoom on the decision's part, and the board and
one's own screen can be read in words (``/game status text:True``, ``/game hand text:True``, **Describe**)."""

from __future__ import annotations

from typing import Any

import pytest

import render
import rules
from bot.discord.commands.play import in_words_pages
from bot.lang import speaking
from bot.table import name_seats
from rules.core import ALT_TEXT_MAX, Rng
from tests.discord.helpers import actor_of, new_table, table

GAME = "speicherstadt"
pytestmark = pytest.mark.skipif(GAME not in rules.GAMES, reason=f"{GAME} not registered")


def png(*_a: Any, **_k: Any) -> bytes:
    return b"\x89PNG fake"


@pytest.fixture
def service_options(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    # Drawing is not what is tested here (and costs seconds a board): any PNG will do, the words are the game's.
    monkeypatch.setattr(render, "board", png)
    monkeypatch.setattr(render, "private", png)
    monkeypatch.setattr(render, "board_and_focus", lambda *_a, **_k: (png(), png()))  # a decision with a zoom
    return {"render": True}


def attachments(messages: list[Any]) -> list[Any]:
    return [a for m in messages if m is not None for a in m.attachments]


async def play_some(w: Any, moves: int) -> list[Any]:
    """``moves`` human moves by /move (what the game's bot would choose); returns the ephemeral answers seen."""
    game = rules.get_game(GAME)
    svc = w.bot.service
    answers: list[Any] = []
    for n in range(moves):
        t = await table(w)
        if t.status != "active":
            break
        actor = actor_of(w, t.awaited[0])
        legal = [a for a, _ in await svc.legal(w.channel.id, actor.id)]
        view = await svc.private_view(w.channel.id, actor.id)
        result = await actor.slash(w.channel, "move", action=game.bot_action(view, legal, t.seat_of(actor.id),
                                                                            Rng(3, "p", n)))
        answers += [result.response, *result.followups]
    for actor in (w.alice, w.bob):
        result = await actor.slash(w.channel, "game hand")
        answers += [result.response, *result.followups]
    result = await w.carol.slash(w.channel, "game status")
    return [*answers, result.response, *result.followups]


async def test_every_image_has_alt_text_in_its_readers_language(world: Any, locales: dict[int, str]) -> None:
    w = world
    locales[w.bob.id] = "de"  # Bob reads German: his ephemeral screen too; the channel reads the table's French
    await new_table(w, w.alice, w.bob, w.carol, game=GAME, options=None)
    await w.alice.slash(w.channel, "game settings", language="fr")  # the channel reads French from now on
    answers = await play_some(w, 6)

    channel = w.channel.history()
    dms = [m for p in (w.alice, w.bob, w.carol) for m in p.user.dm_channel.history()]
    images = attachments(channel) + attachments(dms) + attachments(answers)
    assert {a.filename for a in images} >= {"board.png", "zoom.png", "screen.png"}
    for a in images:
        assert a.description and len(a.description) <= ALT_TEXT_MAX, a.filename
        assert "Seat " not in a.description and "Joueur " not in a.description  # players named, not numbered

    boards = [m for m in channel if any(a.filename == "board.png" for a in m.attachments)][1:]  # after "fr"
    assert boards
    names = {w.alice.name.capitalize(), w.bob.name.capitalize(), w.carol.name.capitalize()}
    for message in boards:
        board = next(a for a in message.attachments if a.filename == "board.png")
        assert "Manche" in board.description  # the round, in the table's French
        assert any(name.casefold() in board.description.casefold() for name in names)  # whose move
        zoom = [a for a in message.attachments if a.filename == "zoom.png"]
        assert zoom and zoom[0].description.startswith("Zoom : ")  # the decision's part, for phones
    assert "zoom.png" not in {a.filename for a in attachments(dms)}  # the zoom is the channel's

    # the channel's newest board says exactly what the game says of its view, players named
    t = await table(w)
    with speaking("fr"):
        expected = name_seats(rules.get_game(GAME).alt_text(await w.bot.service.public_view(w.channel.id),
                                                            None), t.names)
    newest = next(a for a in w.board().attachments if a.filename == "board.png")
    assert newest.description.splitlines()[0] == expected.splitlines()[0]

    # Bob's own screen, asked ephemerally, is described in his German
    bob_screens = [a for m in answers if m is not None and m.flags.ephemeral for a in m.attachments
                   if a.filename == "screen.png"]
    assert any("Runde" in a.description for a in bob_screens)


async def test_the_board_and_the_own_screen_in_words(world: Any, locales: dict[int, str]) -> None:
    w = world
    await new_table(w, w.alice, w.bob, w.carol, game=GAME, options=None)
    game = rules.get_game(GAME)
    t = await table(w)
    public = await w.bot.service.public_view(w.channel.id)

    r = await w.carol.slash(w.channel, "game status", text=True)
    said = "\n".join(m.content for m in [r.response, *r.followups])
    assert r.ephemeral and not attachments([r.response, *r.followups])
    for line in name_seats(game.summary(public), t.names).splitlines():
        assert line.replace("*", "") in said.replace("\\", "").replace("*", "")
    assert all(len(m.content) <= 2000 for m in [r.response, *r.followups])

    clicked = await w.bob.click(w.board(), label="Describe")  # the same, from the board's button
    assert clicked.ephemeral and clicked.response.content == r.response.content

    mine = await w.alice.slash(w.channel, "game hand", text=True)
    own = name_seats(game.summary(await w.bot.service.private_view(w.channel.id, w.alice.id)), t.names)
    text = "\n".join(m.content for m in [mine.response, *mine.followups]).replace("\\", "")
    assert mine.ephemeral and own.splitlines()[-1].replace("*", "") in text.replace("*", "")
    assert own != name_seats(game.summary(public), t.names)  # the own screen, not the board

    locales[w.bob.id] = "it"  # the reader's language, whatever the table's
    r = await w.bob.slash(w.channel, "game status", text=True)
    assert "mossa" in r.response.content


def test_a_long_description_is_split_at_line_ends_within_discords_limit() -> None:
    lines = [f"line {i} " + "x" * 90 for i in range(60)]  # ~6,000 characters, like a 5-player game's summary
    pages = in_words_pages("**Title**", "\n".join(lines))
    assert len(pages) > 1 and all(len(p) <= 2000 for p in pages)
    assert "\n".join(pages) == "**Title**\n" + "\n".join(lines)
