"""``Hints``: the strong bot's two best options for a player's current decision, when they ask (docs/learning.md).

Only in an unrated game out of any tournament, at a table whose setting ``hints`` is on, and only for the decision
the player is asked to make: anything else is refused in one sentence that says why, before anything is computed.
The figures come from ``rules.advice.appraise`` run in the search pool (``bot/table/search_pool.py``: a worker
process, off the event loop), from the player's own view (no peeking), within a few times the bot's own playouts.
A decision hinted is marked on its seat (``hint_marks``, migration 27): the game's record and its end report say it
was played with hints. The same decision asked about again gives the same hint, without computing or counting it
twice.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.table.club.results import rated_table
from bot.table.core import Part, TableCore
from bot.table.learn.words import Hint, HintOption
from bot.table.learn.work import HintFigures, hint_work
from bot.table.model import Seat, TableError, _check_id
from bot.table.store import GameRow
from rules.core import Game, State
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")

KEPT = 64  # hints remembered (the latest decisions asked about), so asking again costs nothing


def can_sample(game: Game) -> bool:
    """Whether the search can sample ``game``'s hidden information (its checks module: ``redeal_hidden``)."""
    import rules  # the registry imports every game: import late

    parts = rules.PARTS.get(game.name)
    return parts is not None and parts.checks is not None and parts.game is game


class Hints(Part):
    def __init__(self, core: TableCore) -> None:
        super().__init__(core)
        self._kept: dict[tuple[int, int, int], list[HintFigures]] = {}
        self._running: dict[tuple[int, int, int], asyncio.Task[list[HintFigures]]] = {}

    async def hint(self, channel: int, user: int) -> Hint:
        """The strong bot's two best options for ``user``'s decision now in the channel's game, best first, with
        their labels in the language spoken. ``TableError`` says in one sentence why a hint is refused."""
        _check_id(user, "user")
        row = await self.core.any_row(channel)
        seats = await self.store.seats(row.id)
        seat = self.core.player_seat(seats, user)
        if row.status in ("finished", "abandoned"):
            raise TableError(_("This game is over: a hint is for a decision in a game in progress."))
        state = self.core.state(row)
        if state is None:
            raise TableError(_("The game has not started yet: there is no decision to give a hint on."))
        await self.check_allowed(row, seats)
        game = self.core.game(row.game)
        if not can_sample(game):
            raise TableError(_("{game} has no hints: the strong bot cannot sample its hidden information.").format(
                game=_(game.title)))
        if seat not in state.to_act():
            raise TableError(_("It is not your decision now: a hint is for the decision you are asked to make."))
        key = (row.id, row.version, seat)
        figures = self._kept.get(key)
        fresh = figures is None
        if figures is None:
            figures = await self._figures(row, game, state, seat, key)
        if fresh and len(figures) > 1:
            now = self.core.clock()
            async with self.store.transaction() as tx:
                current = await tx.game(row.id)
                if current is None or current.version != row.version:  # moved on meanwhile: the hint is of the past
                    raise TableError(_("The game moved on while the hint was prepared: ask again."))
                await tx.mark_hint(row.id, seat, user, now)
        options = tuple(HintOption(f.action, self._label(state, seat, f.action, seats), f.rounds, f.wins, f.margin,
                                   f.ahead) for f in figures)
        return Hint(row.id, row.version, seat, options)

    async def check_allowed(self, row: GameRow, seats: list[Seat]) -> None:
        """Refuse a hint at a table that gives none: a tournament's, a rated one, or one whose host turned them off."""
        if await self.store.draw_of_game(row.id) is not None:
            raise TableError(_("Hints are never given in a tournament game."))
        starting = await self.store.starting_seats(row.id) if self.store.club_tables else {}
        if rated_table(row.settings, starting or {s.seat: (s.user_id, s.name) for s in seats}):
            raise TableError(_("Hints are for unrated games only, and this game counts for the ratings."))
        if row.settings.get("hints", "on") == "off":
            raise TableError(_("Hints are turned off at this table (its setting hints)."))

    async def _figures(self, row: GameRow, game: Game, state: State[Any], seat: int,
                       key: tuple[int, int, int]) -> list[HintFigures]:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return [HintFigures(legal[0], 0, 0.0, 0.0, None)]
        task = self._running.get(key)
        if task is None:  # a second ask while the first is computed waits for the same answer
            assert row.snapshot is not None and row.seed is not None
            pool = self.core.search
            task = asyncio.ensure_future(pool.run(row.game, hint_work, row.game, row.snapshot, seat, row.seed,
                                                  state.ply, pool.budget))
            self._running[key] = task
        try:
            figures = await asyncio.shield(task)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a worker that died or ran out of memory: logged by type only (inputs are secret)
            log.warning("game %s: a hint failed (%s)", row.id, type(exc).__name__)
            raise TableError(_("The hint could not be prepared this time; please try again.")) from None
        finally:
            if task.done():
                self._running.pop(key, None)
        self._kept[key] = figures
        while len(self._kept) > KEPT:
            self._kept.pop(next(iter(self._kept)))
        return figures

    def _label(self, state: State[Any], seat: int, action: str, seats: list[Seat]) -> str:
        return self.core.label(state, seat, action, seats) or action
