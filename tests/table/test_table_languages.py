"""Each audience reads its own language (docs/i18n.md): the channel's lines the table's ``language``, each seat's
private lines its player's (``user_language``), the mover's reply and refusals the caller's (the speaker the front
end installed). A table made before the setting reads English."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.lang import speaking
from bot.table import TableError, TableService
from rules.core import Event
from rules.words import translator
from tests.support.toygame import TEST_GAMES, TinyGame, TinyState
from tests.table.conftest import FakeClock
from tests.table.test_service import ANNA, BEN, CH, lobby

_core, _core_n = translator("core")
ITALIAN_ILLEGAL = "«junk» non è una mossa consentita ora."

#: A text of the core catalog, in each language: the toy game's texts are English only, so the game below adds it to
#: every text it makes, which shows in which language the service had it made.
MARK = {"en": "The game is over.", "fr": "La partie est terminée.", "de": "Die Partie ist vorbei.",
        "it": "La partita è finita."}


def language_of_text(text: str) -> set[str]:
    """The languages whose ``MARK`` ends ``text`` (in parentheses, as ``SaidGame`` adds it)."""
    return {lang for lang, mark in MARK.items() if text.endswith(f"({mark})")}


class SaidState(TinyState):
    def describe(self, action: str) -> str:
        return f"{super().describe(action)} ({_core('The game is over.')})"


class SaidGame(TinyGame):
    """Tiny Auction whose every event text and label carries ``MARK`` in the language spoken when it is made."""

    name = "said"
    state_class = SaidState

    def event_text(self, event: Event) -> str:
        return f"{super().event_text(event)} ({_core('The game is over.')})"


SaidState.game = SAID = SaidGame()


@pytest.fixture
async def said(db_target: str, clock: FakeClock) -> AsyncIterator[TableService]:
    service = await TableService.open(db_target, games={**TEST_GAMES, SAID.name: SAID}, clock=clock)
    try:
        yield service
    finally:
        await service.close()


async def test_the_channel_reads_the_table_language_each_player_their_own_and_the_mover_the_callers(
        said: TableService) -> None:
    await said.remember_language(ANNA, "de")
    await said.remember_language(BEN, "it")
    with speaking("en"):  # whoever clicks: the channel's lines do not follow them
        update = await lobby(said, (ANNA, "Anna"), (BEN, "Ben"), game="said", settings={"language": "fr"})
    assert update.public_events == ["Ben a rejoint la table."]
    with speaking("de"):
        update = await said.start(CH, ANNA, seed=5)
    assert update.public_events[0].startswith("Tiny Auction commence. Places à table : ")
    assert "Empreinte de la graine" in update.public_events[1]

    public: list[str] = []
    private: dict[int, list[str]] = {ANNA: [], BEN: []}
    replies: list[Any] = []
    while update.table.status == "active":
        user = update.table.awaited[0]
        legal = await said.legal(CH, user)
        with speaking("it" if user == ANNA else "fr"):  # the caller's language, not the player's own
            update = await said.act(CH, user, legal[0][0], reply=True)
        public += update.public_events
        for who, mine in update.private.items():
            private[who] += mine.events
        replies.append((user, update.mover))
    said_lines = [line for line in public if language_of_text(line)]  # the game's lines (the service's have none)
    assert said_lines and all(language_of_text(line) == {"fr"} for line in said_lines)
    assert any(line.startswith("La graine était") for line in public)  # the reveal at the end, in French too
    assert private[ANNA] and all(language_of_text(line) == {"de"} for line in private[ANNA])
    assert private[BEN] and all(language_of_text(line) == {"it"} for line in private[BEN])
    for user, mover in replies:  # the label played and the next menu: the caller's language
        expected = "it" if user == ANNA else "fr"
        assert mover is not None and mover.label is not None and language_of_text(mover.label) == {expected}
        assert all(language_of_text(label) == {expected} for _action, label in mover.menu or [])

    # Private news kept for later delivery is stored as it was written: in its owner's language.
    await said.add_news(update.table.game_id, update.version, {ANNA: private[ANNA][-1:], BEN: private[BEN][-1:]})
    news = await said.pending_news(update.table.game_id, ANNA)
    assert news is not None and language_of_text(news.lines[-1]) == {"de"}


async def test_refusals_speak_the_callers_language_whatever_the_table_reads(said: TableService) -> None:
    await said.remember_language(ANNA, "de")
    await lobby(said, (ANNA, "Anna"), (BEN, "Ben"), game="said", settings={"language": "fr"})
    await said.start(CH, ANNA, seed=5)
    with speaking("it"), pytest.raises(TableError, match=ITALIAN_ILLEGAL):
        await said.act(CH, ANNA, "junk")
    with speaking("it"), pytest.raises(TableError, match="Non giochi a questo tavolo"):
        await said.act(CH, 999, "junk")
    with pytest.raises(TableError, match="You are not playing at this table"):
        await said.act(CH, 999, "junk")


async def test_a_table_made_before_the_setting_reads_english(said: TableService) -> None:
    await said.remember_language(ANNA, "fr")
    update = await lobby(said, (ANNA, "Anna"), (BEN, "Ben"), game="said")
    settings = {k: v for k, v in update.table.settings.items() if k != "language"}
    async with said.store.transaction() as tx:  # as an older build stored it: no language at all
        await tx.set_settings(update.table.game_id, settings, said.clock())
    with speaking("de"):
        update = await said.start(CH, ANNA, seed=5)
    assert "language" not in update.table.settings
    assert update.public_events[0].startswith("Tiny Auction begins. Seat order: ")
    user = update.table.awaited[0]
    legal = await said.legal(CH, user)
    update = await said.act(CH, user, legal[0][0])
    assert update.public_events and all(language_of_text(line) <= {"en"} for line in update.public_events)
    mine = update.private[ANNA].events if ANNA in update.private else []
    assert all(language_of_text(line) == {"fr"} for line in mine)  # Anna's own lines still follow her language


async def test_each_language_of_the_settings_reads_in_the_new_language(said: TableService) -> None:
    await lobby(said, (ANNA, "Anna"), (BEN, "Ben"), game="said")
    update = await said.update_settings(CH, ANNA, language="de")
    assert update.public_events == ["Einstellungen: Kanal auf Deutsch."]
    update = await said.update_settings(CH, ANNA, pace="fast")
    assert update.public_events[0].startswith("Einstellungen: Tempo fast, ein Zeitkonto von 12 Std.")


async def test_the_public_board_image_is_drawn_in_the_table_language(db_target: str, clock: FakeClock,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import render
    from rules import words

    drawn: list[str] = []

    def board(game: str, view: dict, **kwargs: object) -> bytes:
        drawn.append(words.language())
        return b"\x89PNG\r\n\x1a\nfake"

    monkeypatch.setattr(render, "board", board, raising=False)
    service = await TableService.open(db_target, games={**TEST_GAMES, SAID.name: SAID}, clock=clock, render=True)
    try:
        await lobby(service, (ANNA, "Anna"), (BEN, "Ben"), game="said", settings={"language": "it"})
        with speaking("de"):  # the clicking player's language: not the board's
            update = await service.start(CH, ANNA, seed=5)
            assert update.image is not None
            assert await service.board_image(CH) is not None
    finally:
        await service.close()
    assert drawn and set(drawn) == {"it"}
