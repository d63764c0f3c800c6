"""End-of-game scoring and objective checks, as pure functions of public board data plus one seat's holdings.

The bot uses the same functions on its own view, so nothing here needs a full state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.strasbourg.data import (
    CHAPEL_SPACES,
    COLUMNS,
    COUNCIL_OBJECTIVE_THRESHOLD,
    EDIFICES,
    GUILD_OF,
    GUILDS,
    OBJECTIVE_PENALTY,
    OBJECTIVES,
    ORTHOGONAL,
)

# cell id <-> (column, row) for the row/diagonal/block objectives
POS: dict[str, tuple[int, int]] = {cell: (COLUMNS.index(cell[0]), int(cell[1:]) - 1) for cell in ORTHOGONAL}
AT: dict[tuple[int, int], str] = {xy: cell for cell, xy in POS.items()}


def members(city: Mapping[str, int], seat: int) -> list[str]:
    return [cell for cell, owner in city.items() if owner == seat]


def chapel_points(city: Mapping[str, int], chapels: Sequence[str], seat: int) -> int:
    """+1 per own member on a square touching each built chapel."""
    return sum(1 for ch in chapels for cell in CHAPEL_SPACES[ch] if city.get(cell) == seat)


def edifice_points(city: Mapping[str, int], built: Mapping[str, str], seat: int) -> int:
    """Edifice value x own members orthogonally adjacent, per edifice."""
    total = 0
    for cell, edifice in built.items():
        near = sum(1 for n in ORTHOGONAL[cell] if city.get(n) == seat)
        total += EDIFICES[edifice]["value"] * near
    return total


def _longest_line(own: set[str], step: tuple[int, int]) -> int:
    best = 0
    dx, dy = step
    for cell in own:
        x, y = POS[cell]
        if AT.get((x - dx, y - dy)) in own:
            continue  # not the start of a run
        length = 0
        while AT.get((x, y)) in own:
            length += 1
            x, y = x + dx, y + dy
        best = max(best, length)
    return best


def _has_block(own: set[str]) -> bool:
    for cell in own:
        x, y = POS[cell]
        if all(AT.get(p) in own for p in ((x + 1, y), (x, y + 1), (x + 1, y + 1))):
            return True
    return False


def objective_met(
    objective: str,
    seat: int,
    num_players: int,
    city: Mapping[str, int],
    built: Mapping[str, str],
    chapels: Sequence[str],
    council: Mapping[str, int | None],
    goods: int,
    coins: int,
    privileges: int,
) -> bool:
    """Whether ``seat`` fulfils one objective card on this board (checked at game end only)."""
    own = {cell for cell, owner in city.items() if owner == seat}
    return met_with(objective, seat, num_players, own, city, built, chapels, council, goods, coins, privileges)


def met_with(
    objective: str,
    seat: int,
    num_players: int,
    own: set[str],
    city: Mapping[str, int],
    built: Mapping[str, str],
    chapels: Sequence[str],
    council: Mapping[str, int | None],
    goods: int,
    coins: int,
    privileges: int,
) -> bool:
    """``objective_met`` given ``own``, the cells of ``city`` that ``seat`` holds (the bot checks many cards and
    candidate spaces against one board, so it builds that set once). The squares next to an edifice or a chapel
    are distinct, so the size of their overlap with ``own`` is the number of own members there."""
    card = OBJECTIVES[objective]
    kind: str = card["type"]
    param: str | int | None = card["param"]  # a guild or edifice name, a number, or None
    number = param if isinstance(param, int) else 0  # the number of the numeric kinds
    if kind == "edifice_pair":
        return any(e == param and len(own.intersection(ORTHOGONAL[c])) >= 2 for c, e in built.items())
    if kind == "guild_three":
        return sum(1 for c in own if GUILD_OF.get(c) == param) >= 3
    if kind == "crowd_at_edifice":
        return any(len(own.intersection(ORTHOGONAL[c])) >= number for c in built)
    if kind in ("straight_row", "long_row"):
        return max(_longest_line(own, (1, 0)), _longest_line(own, (0, 1))) >= number
    if kind == "diagonal_row":
        return max(_longest_line(own, (1, 1)), _longest_line(own, (1, -1))) >= number
    if kind == "council":
        seats = sum(1 for holder in council.values() if holder == seat)
        return seats >= COUNCIL_OBJECTIVE_THRESHOLD[num_players]
    if kind == "many_edifices":
        return sum(1 for c in built if not own.isdisjoint(ORTHOGONAL[c])) >= number
    if kind == "largest_family":
        counts = [0] * num_players
        for owner in city.values():
            counts[owner] += 1
        return all(counts[seat] > counts[other] for other in range(num_players) if other != seat)
    if kind == "chapel_crowd":
        return any(len(own.intersection(CHAPEL_SPACES[ch])) >= number for ch in chapels)
    if kind == "many_chapels":
        return sum(1 for ch in chapels if not own.isdisjoint(CHAPEL_SPACES[ch])) >= number
    if kind == "all_guilds":
        return {GUILD_OF[c] for c in own} >= set(GUILDS)
    if kind == "stockpile":
        return goods >= number
    if kind == "treasury":
        return coins >= number
    if kind == "privileged":
        return privileges >= number
    if kind == "guild_seats":
        return sum(1 for g in GUILDS if council.get(g) == seat) >= number
    if kind == "block":
        return _has_block(own)
    raise ValueError(f"unknown objective type {kind}")


def objective_points(kept: Sequence[str], met: Sequence[bool]) -> int:
    """+printed points per fulfilled card, -3 per kept card not fulfilled."""
    return sum(OBJECTIVES[o]["points"] if ok else -OBJECTIVE_PENALTY for o, ok in zip(kept, met, strict=True))
