"""The bot's objectives: which dealt cards to keep (those it is likely to meet at this player count) and how much a
city space, a council seat, a chapel or an edifice placement moves a kept, still unmet objective toward being met.

Everything is read from the bot's own view with ``scoring.objective_met``, the rules' own check, so the bot steers
by the same conditions that score at the end.
"""

from __future__ import annotations

from typing import Any

from rules.strasbourg import scoring
from rules.strasbourg.data import (
    BUILDING_SPACES,
    CHAPEL_SPACES,
    CHAPELS_AT,
    COUNCIL_OBJECTIVE_THRESHOLD,
    GUILD_OF,
    GUILDS,
    OBJECTIVE_PENALTY,
    OBJECTIVES,
    ORTHOGONAL,
    ROUNDS,
)

# Chance that the bot, steering toward a kept card, meets it at 3, 4 and 5 players (measured over self-play with
# python -m bench.strasbourg_objectives and a per-card count; rounded down to stay on the safe side).
ODDS: dict[str, tuple[float, float, float]] = {
    "edifice_pair": (0.18, 0.18, 0.15),
    "crowd_at_edifice": (0.2, 0.15, 0.1),
    "straight_row": (0.15, 0.15, 0.12),
    "long_row": (0.02, 0.02, 0.02),
    "council": (0.2, 0.3, 0.5),
    "many_edifices": (0.44, 0.42, 0.25),
    "diagonal_row": (0.15, 0.15, 0.1),
    "largest_family": (0.2, 0.2, 0.15),
    "chapel_crowd": (0.15, 0.1, 0.08),
    "many_chapels": (0.72, 0.7, 0.43),
    "all_guilds": (0.05, 0.1, 0.05),
    "stockpile": (0.95, 0.95, 0.95),
    "treasury": (0.8, 0.85, 0.85),
    "privileged": (0.65, 0.55, 0.4),
    "guild_seats": (0.55, 0.35, 0.2),
    "block": (0.01, 0.01, 0.01),
}
GUILD_ODDS = {"bakers": 0.3, "butchers": 0.15, "shoemakers": 0.12, "vintners": 0.05, "smiths": 0.02}  # at 3 players
KEEP_MARGIN = 0.3  # keep a card only when it is worth this much more than leaving it


def odds(objective: str, n: int) -> float:
    card = OBJECTIVES[objective]
    column = min(max(n, 3), 5) - 3
    if card["type"] == "guild_three":  # the cheap guilds have more spaces within reach; more players, more rivals
        return GUILD_ODDS[card["param"]] * (1.0, 0.8, 0.6)[column]
    return ODDS[card["type"]][column]


def expected(objective: str, n: int) -> float:
    p = odds(objective, n)
    points: int = OBJECTIVES[objective]["points"]
    return p * points - (1 - p) * OBJECTIVE_PENALTY


def wanted(dealt: list[str], n: int) -> list[str]:
    """The cards worth keeping (at least the best one: one must be kept)."""
    keep = [o for o in dealt if expected(o, n) > KEEP_MARGIN]
    return keep or [max(dealt, key=lambda o: expected(o, n))]


# ---- steering ----------------------------------------------------------------------------------
#: The kinds whose check reads the city (CITY_KINDS) or the built edifices and chapels (PLACEMENT_KINDS): a card of
#: another kind that is unmet now stays unmet whatever member (chapel, edifice) is added, so the bot need not check it.
CITY_KINDS = frozenset({"edifice_pair", "guild_three", "crowd_at_edifice", "straight_row", "long_row",
                        "diagonal_row", "many_edifices", "largest_family", "chapel_crowd", "many_chapels",
                        "all_guilds", "block"})
PLACEMENT_KINDS = frozenset({"edifice_pair", "crowd_at_edifice", "many_edifices", "chapel_crowd", "many_chapels"})
SEAT_KINDS = frozenset({"council", "guild_seats"})  # the kinds a council seat counts toward


def _swing(objective: str) -> float:
    points: int = OBJECTIVES[objective]["points"]
    return float(points + OBJECTIVE_PENALTY)


def _holdings(view: dict[str, Any]) -> tuple[int, int, int]:
    """The bot's goods (in all), coins and privileges, as ``scoring.objective_met`` takes them."""
    priv = view["private"]
    return sum(priv["goods"].values()), priv["coins"], priv["privileges"]


def _met(view: dict[str, Any], objective: str, own: set[str], city: dict[str, int], built: dict[str, str],
         chapels: list[str], council: dict[str, int | None], holdings: tuple[int, int, int]) -> bool:
    return scoring.met_with(objective, view["viewer"], view["num_players"], own, city, built, chapels, council,
                            *holdings)


def _own(view: dict[str, Any]) -> set[str]:
    me = view["viewer"]
    return {c for c, s in view["city"].items() if s == me}


def open_objectives(view: dict[str, Any], kinds: frozenset[str] | None = None) -> list[str]:
    """Kept objectives not met on the board as it stands (the ones still worth steering toward), only those of
    ``kinds`` if given (the bonuses below look at no others). The board does not change while the bot weighs one
    decision: it computes this once and hands it to the bonuses."""
    kept = view["private"]["objectives"]["kept"]
    if kinds is not None:
        kept = [o for o in kept if OBJECTIVES[o]["type"] in kinds]
    if not kept:
        return []
    own, holdings = _own(view), _holdings(view)
    return [o for o in kept
            if not _met(view, o, own, view["city"], view["built"], view["chapels"], view["council"], holdings)]


def _own_near(city: dict[str, int], me: int, cells: Any) -> int:
    return sum(1 for c in cells if city.get(c) == me)


def space_bonus(view: dict[str, Any], cell: str, unmet: list[str] | None = None) -> float:
    """What a member on ``cell`` adds toward the kept, unmet objectives ``unmet`` (``open_objectives(view)``
    unless given; a card it completes counts in full)."""
    return space_bonuses(view, [cell], open_objectives(view) if unmet is None else unmet)[0]


def space_bonuses(view: dict[str, Any], cells: list[str], unmet: list[str]) -> list[float]:
    """``space_bonus`` of each of ``cells``, given ``unmet = open_objectives(view)`` (what the cells share is worked
    out once: the bot weighs every space it may buy)."""
    unmet = [o for o in unmet if OBJECTIVES[o]["type"] in CITY_KINDS]
    if not unmet:
        return [0.0] * len(cells)
    me = view["viewer"]
    city, built, chapels, council = view["city"], view["built"], view["chapels"], view["council"]
    own = _own(view)
    own_guilds = {GUILD_OF[c] for c in own}
    players, met_with = view["num_players"], scoring.met_with  # called for every space and card: no wrapper
    goods, coins, privileges = _holdings(view)
    touched: set[str] | None = None
    cards = [(o, OBJECTIVES[o]["type"], OBJECTIVES[o]["param"], _swing(o)) for o in unmet]
    bonuses = []
    for cell in cells:
        after = {**city, cell: me}
        own_after = own | {cell}
        new_guild = GUILD_OF[cell] not in own_guilds
        bonus = 0.0
        for o, kind, param, swing in cards:
            if met_with(o, me, players, own_after, after, built, chapels, council, goods, coins, privileges):
                bonus += swing * 0.8
                continue
            step = swing * 0.15  # partial progress: a fraction of the swing per member that helps
            if (kind == "guild_three" and GUILD_OF[cell] == param) or (kind == "all_guilds" and new_guild):
                bonus += step * 1.5
            elif kind == "edifice_pair":
                spot = next((c for c, e in built.items() if e == param), None)
                if spot is not None and cell in ORTHOGONAL[spot]:
                    bonus += step * 2
                elif spot is None and param in view["edifices"][len(built):]:
                    bonus += step * 0.5 * sum(1 for n in ORTHOGONAL[cell] if n in BUILDING_SPACES and n not in built)
            elif kind in ("many_edifices", "crowd_at_edifice"):
                if touched is None:
                    touched = {b for b in built if _own_near(city, me, ORTHOGONAL[b])}
                for n in ORTHOGONAL[cell]:
                    if n in built and (kind == "crowd_at_edifice" or n not in touched):
                        bonus += step * 1.5
                    elif n in BUILDING_SPACES and n not in built:
                        bonus += step * 0.5
            elif kind in ("many_chapels", "chapel_crowd"):
                for ch in CHAPELS_AT[cell]:
                    near = _own_near(city, me, CHAPEL_SPACES[ch])
                    if ch in chapels and (kind == "chapel_crowd" or not near):
                        bonus += step * 1.5
                    elif ch not in chapels:
                        bonus += step * 0.4
            elif kind in ("straight_row", "long_row", "diagonal_row", "block"):
                bonus += step * _own_near(city, me, ORTHOGONAL[cell]) * (0.5 if kind == "diagonal_row" else 1.0)
            elif kind == "largest_family":
                bonus += step
        bonuses.append(bonus)
    return bonuses


def seat_bonus(view: dict[str, Any], seat_name: str, unmet: list[str] | None = None) -> float:
    """What holding a council seat adds toward O13 (seats) or O23 (guild seats), more so in late rounds, since
    only the seats held at the end count (``unmet``: ``open_objectives(view)`` unless given)."""
    late = 0.4 + 0.6 * view["round"] / ROUNDS
    bonus = 0.0
    for o in open_objectives(view) if unmet is None else unmet:
        kind = OBJECTIVES[o]["type"]
        if kind == "council":
            bonus += _swing(o) / COUNCIL_OBJECTIVE_THRESHOLD[view["num_players"]] * late
        elif kind == "guild_seats" and seat_name in GUILDS:
            bonus += _swing(o) / 2 * late
    if view["council"].get(seat_name) == view["viewer"]:
        bonus *= 0.3  # already held: winning it again only guards it
    return bonus


def placement_bonus(view: dict[str, Any], kind: str, where: str, unmet: list[str] | None = None) -> float:
    """A chapel on ``where`` (kind "chapel") or this round's edifice on ``where`` (kind "edifice"): completed
    kept objectives ``unmet`` (``open_objectives(view)`` unless given) count in full."""
    if unmet is None:
        unmet = open_objectives(view)
    unmet = [o for o in unmet if OBJECTIVES[o]["type"] in PLACEMENT_KINDS]
    if not unmet:
        return 0
    built, chapels = dict(view["built"]), list(view["chapels"])
    if kind == "chapel":
        chapels.append(where)
    else:
        built[where] = view["edifices"][view["round"] - 1]
    own, holdings, city, council = _own(view), _holdings(view), view["city"], view["council"]
    return sum(_swing(o) for o in unmet if _met(view, o, own, city, built, chapels, council, holdings))
