"""What a player missed since their own latest move, as data (``SinceDigest``), from a game's log rows: for the
turn notice (``Update.since``, built with each Update) and ``/game since`` (bot/table/since.py adds the boards).
See since.py for what counts: public lines only, undone rows and their undo's note skipped. Each line of a move
carries the move's public action (``Game.public_action``: never a secret one), so the front end can mark the good,
coin or building it was about, as the log does."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from bot.table.model import Seat
from bot.table.store import GameRow, LogRow
from rules.core import Game


@dataclass(frozen=True)
class SinceBoard:
    """The public board after one change since the cut: the log row's version, who acted (None for a note), its
    lines, the public view of the replayed state after it, and the "last move" hint for the image."""

    version: int
    seat: int | None
    lines: tuple[str, ...]
    view: dict[str, Any] = field(repr=False)
    last: dict[str, Any] | None = None


@dataclass(frozen=True)
class SinceDigest:
    """What a player missed in one game since their own latest move."""

    game_id: int
    game: str
    title: str
    names: tuple[str, ...]  # the seats' names (for the images)
    first: bool  # no own move yet: the digest runs from the game's first move
    since_version: int  # the version of the cut (0 without an own move)
    lines: tuple[str, ...]  # the public lines since, oldest first
    moves: int  # how many moves (rows with an actor and public lines) those lines came from
    moves_by: tuple[str, ...]  # who made them, in order of their first move since (the player too, e.g. automatic)
    boards: tuple[SinceBoard, ...] = ()  # with ``boards=True``: the board after each move since, oldest first
    # beside ``lines``, one per line: the public action of the move a line opens (``Game.public_action``), None for
    # a note, a move's further lines and a secret move (its line says what everyone may know; the action does not)
    actions: tuple[str | None, ...] = ()

    def items(self) -> list[tuple[str | None, str]]:
        """(public action or None, line) for each line, oldest first."""
        actions = self.actions if len(self.actions) == len(self.lines) else (None,) * len(self.lines)
        return list(zip(actions, self.lines, strict=True))

    @property
    def empty(self) -> bool:
        return not self.lines


def public_actions(game: Game, r: LogRow) -> list[str | None]:
    """One per line of ``r``: its public action on the first line of a move, else None."""
    action = game.public_action(r.action) if r.kind != "note" and r.action else None
    return [action, *[None] * (len(r.events) - 1)] if r.events else []


def digest_of(row: GameRow, rows: list[LogRow], seats: list[Seat], seat: int, user: int,
              game: Game) -> tuple[SinceDigest, list[LogRow]]:
    """``user``'s digest (their seat ``seat``) from the game's log ``rows`` (oldest first, up to the version wanted),
    and the rows it tells of; ``game``: the rules (their title, and what of an action is public)."""
    own = [i for i, r in enumerate(rows) if r.kind == "player" and r.seat == seat and r.user_id == user
           and not r.undone]
    if own:
        start, cut_version = own[-1] + 1, rows[own[-1]].version
    else:  # from the first move on: the lobby's notes (joins, the start) are not news
        start = next((i for i, r in enumerate(rows) if r.kind != "note"), len(rows))
        cut_version = 0
    # An undo's own note comes right after the rows it took back: with them skipped, it is no news either.
    undo_notes = {r.id for prev, r in pairwise(rows) if r.kind == "note" and prev.undone}
    after = [r for r in rows[start:] if r.events and not r.damaged and not r.undone and r.id not in undo_notes]
    names = [s.name for s in seats]
    movers: list[str] = []
    moves = 0
    for r in after:
        if r.kind != "note" and r.seat is not None:
            moves += 1
            if 0 <= r.seat < len(names) and names[r.seat] not in movers:
                movers.append(names[r.seat])
    digest = SinceDigest(game_id=row.id, game=row.game, title=game.title, names=tuple(names), first=not own,
                         since_version=cut_version, lines=tuple(line for r in after for line in r.events),
                         moves=moves, moves_by=tuple(movers),
                         actions=tuple(action for r in after for action in public_actions(game, r)))
    return digest, after
