"""``Reviews``: what the strong bot would have done, after a game ends, for each of its players privately
(docs/learning.md, "The review").

A background job per finished game, started when a player first asks for their review, or a little after the game's
end (``REVIEW_DELAY_S``) in a process that says so (``review_after_end``: ``kontor run``), one job at a time per
process. It replays the game, picks each player's decisions to evaluate
(``picking.py``), evaluates them one by one in a worker process of its own, niced (``REVIEW_NICE``: the bots' moves
and the players' never wait for it), each from the player's own view then (no peeking), and stops once the game has
taken ``REVIEW_CPU_S`` of CPU. The three decisions of each player that lost most are stored (``reviews``, migration 27),
so a review is computed once; while the job runs, asking says it is being prepared.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
from typing import Any

from bot.table.core import Part, TableCore
from bot.table.learn.hints import can_sample
from bot.table.learn.picking import Decision, decisions, interleaved, positions
from bot.table.learn.words import Review, ReviewItem
from bot.table.learn.work import Judged, review_work
from bot.table.model import Seat, TableError, _check_id, name_seats
from bot.table.replaying import applied
from bot.table.search_pool import SearchPool
from bot.table.store import GameRow
from bot.table.store.learn_rows import ReviewRow
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")

REVIEW_DELAY_S = 60.0  # after a game's end, before its review starts (a player asking sooner starts it at once)
REVIEW_CPU_S = 60.0  # a whole game's review at most (the worker's CPU time)
REVIEW_NICE = 10  # the review worker's niceness
SHOWN = 3  # decisions a review shows
LOSS = 0.01  # a loss the search tells from nothing (its value is a tanh-scaled margin: ~0.1 point)
STALE_S = 15 * 60.0  # a review left pending this long by a stopped process is started again


class Reviews(Part):
    def __init__(self, core: TableCore) -> None:
        super().__init__(core)
        self._jobs: dict[int, asyncio.Task[None]] = {}
        self._now: dict[int, asyncio.Event] = {}  # set: the job waits no longer for its delay
        self._one = asyncio.Lock()  # one job at a time: a game's review is bounded, and so is the whole process's
        self._pool: SearchPool | None = None
        self._after: float | None = None  # each end starts its review after this many seconds; None: on request
        core.ended.append(self._after_end)

    def pool(self) -> SearchPool:
        """The reviews' own worker process (niced), with the table's budget and mode (a thread when it searches
        ``inline``)."""
        if self._pool is None:
            search = self.core.search
            self._pool = SearchPool(1, budget=search.budget, inline=search.inline, nice=REVIEW_NICE)
        return self._pool

    def review_after_end(self, delay: float = REVIEW_DELAY_S) -> None:
        """From now on, prepare each finished game's reviews ``delay`` seconds after its end, without waiting for a
        player to ask (``kontor run``; ``KONTOR_REVIEWS=off`` does not)."""
        self._after = delay

    def _after_end(self, row: GameRow) -> None:
        if self._after is not None and row.status == "finished" and self.store.learn_tables \
                and row.game in self.core.games and can_sample(self.core.games[row.game]):
            self.prepare_review(row.id, delay=self._after)

    def prepare_review(self, game_id: int, delay: float = 0.0) -> asyncio.Task[None]:
        """Start ``game_id``'s review job (after ``delay`` seconds), or hurry the one waiting; its task."""
        job = self._jobs.get(game_id)
        if job is not None and not job.done():
            if not delay:
                self._now[game_id].set()
            return job
        self._now[game_id] = now = asyncio.Event()
        job = self._jobs[game_id] = asyncio.ensure_future(self._job(game_id, now, delay))

        def forget(_done: object) -> None:
            if self._jobs.get(game_id) is job:
                del self._jobs[game_id]
                self._now.pop(game_id, None)

        job.add_done_callback(forget)
        return job

    async def stop(self) -> None:
        """Cancel the jobs (a pending review starts again when asked for) and stop the worker."""
        jobs = list(self._jobs.values())
        for job in jobs:
            job.cancel()
        await asyncio.gather(*jobs, return_exceptions=True)
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    async def _job(self, game_id: int, now: asyncio.Event, delay: float) -> None:
        if delay:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(now.wait(), delay)
        async with self._one:
            try:
                await self._review(game_id)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # logged by type: the positions are the players' secrets
                log.warning("game %s: its review failed (%s)", game_id, type(exc).__name__)
                async with self.store.transaction() as tx:
                    for user, stored in (await tx.reviews(game_id)).items():
                        if stored.status == "pending":
                            await tx.finish_review(game_id, user, "failed", [], 0, 0.0, self.core.clock())

    async def _review(self, game_id: int) -> None:
        row = await self.store.game(game_id)
        if row is None or row.status != "finished" or row.seed is None or row.damaged:
            return
        game = self.core.game(row.game)
        seats = await self.store.seats(row.id)
        rows = applied(await self.store.log(row.id))
        stored = await self.store.reviews(row.id)
        users = [u for u in self._players(rows, seats) if u not in stored or stored[u].status == "pending"]
        if not users:
            return
        async with self.store.transaction() as tx:
            await tx.start_reviews(row.id, users, self.core.clock())
        per_user = await asyncio.to_thread(decisions, game, len(seats), row.seed, row.options, rows, users)
        judged: dict[int, list[tuple[Decision, Judged]]] = {u: [] for u in users}
        cpu = 0.0
        pool = self.pool()
        for done, decision in enumerate(interleaved(per_user)):
            if done and cpu + cpu / done > REVIEW_CPU_S:  # the next one would pass the game's bound
                break
            result = await pool.run(row.game, review_work, row.game, decision.snapshot, decision.seat,
                                    decision.action, row.seed, decision.ply, pool.budget)
            cpu += result.cpu_s
            judged[decision.user].append((decision, result))
        async with self.store.transaction() as tx:
            for user in users:
                mine = judged[user]
                worst = sorted((p for p in mine if p[1].best != p[1].action and p[1].loss > LOSS),
                               key=lambda p: -p[1].loss)[:SHOWN]
                items = [{"step": d.step, "version": d.version, "seat": d.seat, "action": j.action, "best": j.best,
                          "loss": j.loss, "points": j.points, "wins_made": j.wins_made, "wins_best": j.wins_best,
                          "rounds": j.rounds} for d, j in worst]
                await tx.finish_review(row.id, user, "done", items, len(mine), sum(j.cpu_s for _d, j in mine),
                                       self.core.clock())
        log.info("game %s reviewed: %d decisions, %.1f s of CPU", row.id, sum(map(len, judged.values())), cpu)

    @staticmethod
    def _players(rows: list[Any], seats: list[Seat]) -> list[int]:
        """Everyone who made a decision of their own in the game, and the humans seated at its end."""
        return sorted({r.user_id for r in rows if r.kind == "player" and r.user_id is not None}
                      | {s.user_id for s in seats if s.user_id is not None})

    # ---- reading ---------------------------------------------------------------------------------------------
    async def review(self, user: int, channel: int | None = None, game_id: int | None = None, *,
                     wait: bool = False) -> Review:
        """``user``'s review of game ``game_id`` (default: their latest finished game in ``channel``): ready, or being
        prepared (the job is started if it is not running). ``wait``: wait for the job (the terminal). Labels and
        status lines are in the language spoken."""
        _check_id(user, "user")
        row = await self._game_of(user, channel, game_id)
        seats = await self.store.seats(row.id)
        game = self.core.game(row.game)
        rows = applied(await self.store.log(row.id))
        if user not in self._players(rows, seats):
            raise TableError(_("You did not play in game #{id}: a review is for its players.").format(id=row.id))
        if row.status == "abandoned":
            raise TableError(_("Game #{id} was abandoned: only a finished game has a review.").format(id=row.id))
        if row.status != "finished":
            raise TableError(_("Game #{id} is still running: its review comes once it is over.").format(id=row.id))
        if not can_sample(game) or not self.store.learn_tables:
            raise TableError(_("{game} has no reviews: the strong bot cannot sample its hidden information.").format(
                game=_(game.title)))
        stored = (await self.store.reviews(row.id)).get(user)
        if stored is None or stored.status == "pending":
            if stored is None or row.id in self._jobs or not self.store.shared \
                    or stored.started_at < self.core.clock() - STALE_S:
                job = self.prepare_review(row.id)
                if wait:
                    await asyncio.shield(job)
                    stored = (await self.store.reviews(row.id)).get(user)
            if stored is None or stored.status == "pending":
                return Review(row.id, row.game, game.title, "preparing")
        if stored.status != "done":
            return Review(row.id, row.game, game.title, "failed")
        items = await self._items(row, rows, seats, stored)
        return Review(row.id, row.game, game.title, "ready", items, stored.evaluated, tuple(s.name for s in seats))

    async def _game_of(self, user: int, channel: int | None, game_id: int | None) -> GameRow:
        if game_id is not None:
            row = await self.store.game(_check_id(game_id, "game"))
            if row is None:
                raise TableError(_("There is no game #{id}.").format(id=game_id))
            return row
        if channel is None:
            raise TableError(_("Name the game to review by its number."))
        for row in reversed(await self.store.history(_check_id(channel, "channel"))):
            if row.status == "finished" and any(s.user_id == user for s in await self.store.seats(row.id)):
                return row
        raise TableError(_("You have no finished game in this channel to review."))

    async def _items(self, row: GameRow, rows: list[Any], seats: list[Seat], stored: ReviewRow) -> tuple[ReviewItem,
                                                                                                           ...]:
        game = self.core.game(row.game)
        assert row.seed is not None
        wanted = {int(i["step"]) for i in stored.items if 0 <= int(i.get("step", -1)) < len(rows)}
        states = await asyncio.to_thread(positions, game, len(seats), row.seed, row.options, rows, wanted)
        names = [s.name for s in seats]
        out = []
        for item in stored.items:
            step = int(item.get("step", -1))
            state = states.get(step)
            if state is None:
                continue
            seat = int(item["seat"])
            view = copy.deepcopy(state.view(None))
            before = rows[step - 1] if step > 0 else None
            last = self.core.public_last(row.game, before.seat, before.action) if before is not None else None
            out.append(ReviewItem(
                int(item["version"]), name_seats(str(view.get("status", "")), names),
                self.core.label(state, seat, str(item["action"]), seats) or str(item["action"]),
                self.core.label(state, seat, str(item["best"]), seats) or str(item["best"]),
                float(item["points"]), float(item["wins_made"]), float(item["wins_best"]), int(item["rounds"]),
                view, last))
        return tuple(out)

    async def review_image(self, review: Review, index: int) -> bytes | None:
        """The public board of ``review.items[index]``'s moment (None when the game cannot be drawn)."""
        if not self.core.render:
            return None
        item = review.items[index]
        seats = await self.store.seats(review.game_id)
        return await self.core.image(review.game, item.view, item.last, seats)
