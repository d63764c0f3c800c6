"""Standing orders: a player's private instruction for the rest of a phase ("pass for the rest of this market",
"buy column 3 for up to 4 coins"), played by the automatic-moves chain (``MoveService._run_auto``).

The game offers the orders (``Game.standing_orders``), says when one lapses (``Game.standing_scope``) and what it
plays (``Game.standing_answer``); the service keeps one order per seat and kind (``Game.standing_kind``) in
``standing_orders`` (migrations 7 and 15, so a restart keeps them) and in memory: a plan-ahead order (Speicherstadt's
"place my next worker above column 4") stands beside the seat's usual order. The player sees and cancels their
orders as one: ``current`` is their labels joined, and cancelling cancels them all.

Orders are private: setting or cancelling one writes no log line and bumps no
version; a move an order plays is logged (kind ``auto``) with the same public text as if the player had chosen it,
and only its owner is told that their order played it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.table.core import Part, TableCore
from bot.table.model import Seat, TableError, Update, _check_id
from bot.table.moves import Moves
from bot.table.store import GameRow, OrderRow
from rules.core import Game, State, printable
from rules.words import translator

_, _n = translator("bot")

MAX_ORDER_LEN = 60  # ids stay short; a Colonia plan with its fallback: "next order wheelwright@10 or order saddler@2"


@dataclasses.dataclass(frozen=True)
class OrderInfo:
    """What a player may see of their standing orders at a table."""

    offers: list[tuple[str, str]]  # (order id, label) they may give now
    current: tuple[str, str] | None  # (order id, label) in force, if any


class Orders(Part):
    def __init__(self, core: TableCore, moves: Moves) -> None:
        super().__init__(core)
        self.moves = moves

    async def _order_seat(self, channel: int, user: int) -> tuple[GameRow, list[Seat], State[Any], int, Game]:
        _check_id(user, "user")
        row = await self.core.open_row(channel)
        if row.status != "active":
            raise TableError(_("The game has not started yet: standing orders are given during play."))
        seats = await self.store.seats(row.id)
        seat = self.core.player_seat(seats, user)
        state = self.core.state(row)
        assert state is not None
        self.core.check_seats(row, seats, state)
        return row, seats, state, seat, self.core.game(row.game)

    def _in_force(self, game_id: int, game: Game, state: State[Any], seat: int) -> list[OrderRow]:
        """The seat's orders still in force (their scope unchanged), by kind."""
        held = self.caches.orders.get(game_id, {}).get(seat, {})
        if not held:
            return []
        view = state.view(seat)
        out = []
        for _kind, order in sorted(held.items()):
            try:
                scope = game.standing_scope(order.order_id, view, seat)
            except Exception:
                scope = None
            if scope == order.scope:
                out.append(order)
        return out

    @staticmethod
    def _shown(orders: list[OrderRow]) -> tuple[str, str] | None:
        """The orders in force as one (order id, label): the first id, the labels joined."""
        return (orders[0].order_id, "; ".join(o.label for o in orders)) if orders else None

    async def orders(self, channel: int, user: int) -> OrderInfo:
        """The standing orders ``user`` may give now at the channel's table, and the one in force."""
        row, _seats, state, seat, game = await self._order_seat(channel, user)
        offers = game.standing_orders(state.view(seat), seat)
        return OrderInfo(offers=list(offers), current=self._shown(self._in_force(row.id, game, state, seat)))

    async def set_order(self, channel: int, user: int, order_id: str) -> tuple[str, Update | None]:
        """Give ``user``'s seat the standing order ``order_id`` (an id or the label of one of the offers; it
        replaces the seat's order of the same kind). Returns the private confirmation and, when the order played at
        once, the Update to post. A refusal (``TableError``) changes nothing."""
        if not isinstance(order_id, str) or not order_id.strip() or len(order_id) > 100 or not order_id.isprintable():
            raise TableError(_("Choose one of the standing orders offered (`/game orders` lists them)."))
        wanted = order_id.strip()
        async with self.core.serial(channel):
            row, seats, state, seat, game = await self._order_seat(channel, user)
            view = state.view(seat)
            offers = game.standing_orders(view, seat)
            match = next((o for o in offers if o[0] == wanted), None) or next(
                (o for o in offers if wanted.casefold() in (o[0].casefold(), o[1].casefold())), None)
            if match is None:
                if not offers:
                    raise TableError(_("There is no standing order to give at this point of the game."))
                # one short line: the offers can run to thousands of characters (Colonia's plan-ahead orders)
                # TRANSLATORS: {command} is the command that lists them (`/game orders`; the terminal says its own)
                raise TableError(_("'{order}' is not a standing order you can give now: {command} lists the ones you "
                                   "can.").format(order=printable(wanted), command="`/game orders`"))
            scope = game.standing_scope(match[0], view, seat)
            if scope is None or len(match[0]) > MAX_ORDER_LEN:
                raise TableError(_("That standing order does not apply now."))
            order = OrderRow(match[0], match[1], scope, game.standing_kind(match[0]))
            async with self.store.transaction() as tx:
                await tx.put_order(row.id, seat, order, self.core.clock())
            self.caches.orders.setdefault(row.id, {}).setdefault(seat, {})[order.kind] = order
            # TRANSLATORS: {command} is the command that cancels it (`/game orders cancel`; the terminal says its own)
            text = _("📌 Standing order set: {order}. Cancel it with {command}.").format(
                order=match[1], command="`/game orders cancel`")
            # It may answer at once (the player is awaited now): the chain plays it like any automatic move.
            changes = self.core.begin(row, state, seats)
            changes.actor = seat
            before = row.version
            row, state = await self.moves.run_auto(row, seats, state, changes, self.core.clock())
            if row.version == before:
                return text, None
            return text, await self.core.update(row, seats, state, changes, notice=changes.notice)

    async def cancel_order(self, channel: int, user: int) -> str:
        """Cancel ``user``'s standing orders at the channel's table (all of them); TableError if they have none."""
        async with self.core.serial(channel):
            row, _seats, state, seat, game = await self._order_seat(channel, user)
            shown = self._shown(self._in_force(row.id, game, state, seat))
            if shown is None:
                raise TableError(_("You have no standing order at this table."))
            async with self.store.transaction() as tx:
                await tx.drop_orders(row.id, seat)
            self.moves.drop_orders(row.id, [(seat, None)])
            return _("Standing order cancelled: {order}. You will be asked as usual.").format(order=shown[1])

    async def my_order(self, channel: int, user: int) -> tuple[str, str] | None:
        """(order id, label) of ``user``'s standing orders in force at the channel's table (labels joined), else
        None (never raises: the private screen shows them when there are some)."""
        try:
            row, _seats, state, seat, game = await self._order_seat(channel, user)
        except TableError:
            return None
        return self._shown(self._in_force(row.id, game, state, seat))
