"""The guided first game and the rules by topic (docs/learning.md): the table's part of it.

A guided table has the setting ``guide: on``. Each human player there is shown the game's explanation of a kind of
decision (``Game.guide_book``, rules/guide.py) the first time they are asked it, once: the table remembers the step
keys each player has been shown in its settings (``guide_seen``: user id -> keys), written without a version change,
as settings are. A player turns the guide off (or on again) for themselves and the table at any time: the game goes
on either way. The rules by topic come from the same texts; a topic's picture is the public board of a seeded game of
basic bots at the first decision of the topic's step (public views only: nothing hidden is ever drawn).
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.table.core import Part
from bot.table.model import TableError, _check_id
from rules.core import Game, Rng, State
from rules.guide import SETUP, TEXT_MAX, GuideBook, Topic, topic_named
from rules.words import translator

_, _n = translator("bot")

GUIDE = "guide"
SEEN = "guide_seen"
#: how far a seeded bot game is played looking for a topic's example (every step of these games comes far sooner)
EXAMPLE_PLIES = 3000


def book_of(game: Game) -> GuideBook:
    if game.guide_book is None:
        raise TableError(_("{game} has no guide yet.").format(game=_(game.title)))
    return game.guide_book


def explanation(game: Game, key: str) -> str:
    """A step's explanation in the ambient language."""
    text: str = _(book_of(game).steps()[key])
    return text[:TEXT_MAX * 2]  # a translation is checked to be at most TEXT_MAX long (tests/i18n); never a wall


def topic_of(game: Game, key: str | None) -> Topic | None:
    """The topic ``key`` of the game's rules (None: no topic asked); a friendly refusal naming the topics else."""
    if key is None or not key.strip():
        return None
    book = book_of(game)
    topic = topic_named(book, key)
    if topic is None:
        raise TableError(_("No topic '{topic}' in the rules of {game}. Topics: {topics}.").format(
            topic=key.strip()[:40], game=_(game.title), topics=", ".join(t.key for t in book.topics())))
    return topic


def example_view(game: Game, step: str) -> dict[str, Any] | None:
    """The public view of a seeded game of the game's own bots at the first decision of kind ``step`` (``SETUP``: as
    the game starts); None if the game never got there. Pure and deterministic (seed 1)."""
    book = book_of(game)
    state: State[Any] = game.new_state(num_players=max(3, game.min_players), seed=1)
    for ply in range(EXAMPLE_PLIES):
        awaited = state.to_act()
        if step == SETUP or not awaited:
            break
        if any(book.guide_for(state.view(seat)) == step for seat in awaited):
            break
        seat = awaited[0]
        action = game.bot_action(state.view(seat), state.legal_actions(seat), seat, Rng(1, "guide", ply))
        state.apply(seat, action)
    else:
        return None
    public: dict[str, Any] = state.view(None)
    return public if state.to_act() or step == SETUP else None


class Guide(Part):
    _examples: dict[tuple[str, str], dict[str, Any] | None]

    def __init__(self, core: Any) -> None:
        super().__init__(core)
        self._examples = {}

    async def set_guide(self, channel: int, user: int, on: bool) -> str:
        """Turn the channel's guide on or off; any seated player may (the guide is for them). Says what it did."""
        _check_id(user, "user")
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            game = self.core.game(row.game)
            book_of(game)
            self.core.player_seat(await self.store.seats(row.id), user)
            settings = dict(row.settings)
            settings[GUIDE] = "on" if on else "off"
            async with self.store.transaction() as tx:
                await tx.set_settings(row.id, settings, self.core.clock())
        if on:
            return _("The guide is on: the first time you meet each kind of decision, an explanation comes before "
                     "the menu.")
        return _("The guide is off; the game goes on as before.")

    async def explain(self, channel: int, user: int) -> str | None:
        """The explanation of the decision ``user`` is asked now, if the channel's guide is on and they have not
        been shown that kind of decision yet (it is then marked as shown); else None. Never refuses."""
        _check_id(user, "user")
        try:
            row = await self.core.open_row(channel)
        except TableError:
            return None
        if row.settings.get(GUIDE) != "on" or row.status != "active":
            return None
        game = self.core.game(row.game)
        state = self.core.state(row)
        seat = next((s.seat for s in await self.store.seats(row.id) if s.user_id == user), None)
        if game.guide_book is None or state is None or seat is None or seat not in state.to_act():
            return None
        key = game.guide_book.guide_for(state.view(seat))
        seen = dict(row.settings.get(SEEN) or {})
        if key is None or key in seen.get(str(user), []):
            return None
        async with self.core.serial(channel):
            fresh = await self.core.open_row(channel)
            if fresh.id != row.id:
                return None
            settings = dict(fresh.settings)
            seen = {k: list(v) for k, v in (settings.get(SEEN) or {}).items()}
            if key in seen.get(str(user), []):
                return None  # shown meanwhile (two clicks at once)
            seen.setdefault(str(user), []).append(key)
            settings[SEEN] = seen
            async with self.store.transaction() as tx:
                await tx.set_settings(fresh.id, settings, self.core.clock())
        return explanation(game, key)

    def guide_topics(self, game: str) -> list[Topic]:
        return list(book_of(self.core.game(game)).topics())

    async def topic_image(self, game: str, topic: Topic) -> bytes | None:
        """The picture of a topic: the relevant part of the board (the zoomed panel of its example step, else the
        whole board), drawn in the ambient language; None for a topic without one or without images."""
        if topic.example is None:
            return None
        rules = self.core.game(game)
        cache = (rules.name, topic.example)
        if cache not in self._examples:
            self._examples[cache] = await asyncio.to_thread(example_view, rules, topic.example)
        view = self._examples[cache]
        if view is None:
            return None
        board, focus = await self.core.images.board_with_focus(rules.name, view)
        return focus or board
