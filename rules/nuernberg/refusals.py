"""The rules' own reasons for a well-formed action that is not legal now (``State.refusal``).

Each reason names only what the acting seat may know: its own hand, and the public board. None for junk (the
generic "not a legal action now" is then shown).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.nuernberg import names, trading
from rules.nuernberg.board import (
    DISC_INDEX,
    GOOD_INDEX,
    HEX_BY_ID,
    NUMBER_HEXES,
    RES_INDEX,
    ROUTE_INDEX,
    SECTION_IDS,
    TOWER_INDEX,
    TRADE_ITEMS,
    WALL_IDS,
)
from rules.nuernberg.data import CASTLE_HEX, CITY_HEX, COSTS, RESOURCES
from rules.nuernberg.economy import can_afford, crossing_free, has_bauhof, next_sections, pieces_left
from rules.words import translator

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState

_, _n = translator("nuernberg")


def _cost(piece: str) -> str:
    """A piece's cost: "1 wood + 1 brick"."""
    return " + ".join(names.count(res, n) for res, n in COSTS[piece].items())


_MAIN_VERBS = frozenset({"toll", "settle", "manufacture", "wall", "tower", "produce", "bank", "end", "offer"})


def reason(st: NuernbergState, seat: int, action: str) -> str | None:
    words = action.split()
    if not words:
        return None
    verb = words[0]
    if verb == "offer" and len(words) > 1:
        return trading.offer_problem(st, seat, words) or None
    if verb == "counter":
        return trading.counter_problem(st, seat, words) or None
    if verb in ("accept", "decline", "withdraw", "take"):
        return _answer(st, seat, verb)
    if verb == "robber" and len(words) == 2:
        return _robber(st, words[1])
    if verb == "draw" and len(words) == 1:
        return _("The event card was already turned over this turn.") if st.phase != "draw" else None
    if verb in _MAIN_VERBS and st.phase != "main":
        return _("Not now (the game is at: {phase}).").format(phase=_phase_words(st))
    if st.phase == "main" and st.menu is not None and verb in _MAIN_VERBS and len(words) > 0:
        menu = st.menu
        if not action.startswith(menu.split()[0]):
            return _("Finish or close the open menu first (back, or cancel the draft).")
    if verb == "toll" and len(words) == 2:
        return _toll(st, seat, words[1])
    if verb == "settle" and len(words) == 2:
        return _settle(st, seat, words[1])
    if verb in ("manufacture", "wall", "tower"):
        return _city(st, seat, verb, words)
    if verb == "produce" and len(words) == 2 and words[1] in GOOD_INDEX:
        return _("You do not hold the cards to produce {good}.").format(good=names.good(words[1]))
    if verb == "bank" and len(words) >= 2 and words[1] in TRADE_ITEMS:
        return _("You do not hold enough {item} for a bank trade.").format(item=names.item(words[1]))
    if verb == "discard" and len(words) == 2 and words[1] in RES_INDEX:
        if st.phase != "discard":
            return _("Cards are returned only after a Raubritter card.")
        return _("You hold no {resource}.").format(resource=names.item(words[1]))
    return None


def _phase_words(st: NuernbergState) -> str:
    from rules.nuernberg.views import PHASE_NAMES

    return names.tr(PHASE_NAMES[st.phase]) if st.phase in PHASE_NAMES else st.phase


def _answer(st: NuernbergState, seat: int, verb: str) -> str | None:
    offer = st.offer
    if offer is None:
        return _("There is no trade offer out.")
    if verb in ("accept", "decline"):
        if seat == offer["from"]:
            return _("You made this offer: the others answer it.")
        if verb == "accept":
            wanted = [names.count(TRADE_ITEMS[i], n) for i, n in enumerate(offer["want"])
                      if n > trading.holding(st, seat)[i]]
            if wanted:
                return _("You cannot accept: you do not have {items}.").format(items=", ".join(wanted))
        return None
    if seat != offer["from"]:
        return _("Only the player who made the offer takes an answer or withdraws it.")
    if verb == "take":
        return _("Take an acceptance or a counter you can pay (see your choices).")
    return None


def _robber(st: NuernbergState, target: str) -> str | None:
    if st.phase not in ("robber", "robber_hex"):
        return _("The robber knight moves only after a Raubritter card.")
    if target == st.robber:
        return _("The robber knight is already on {hex}: move him to another hex.").format(hex=target)
    if target == CITY_HEX:
        return _("The robber knight may not enter Nürnberg ({hex}).").format(hex=CITY_HEX)
    if target.isdigit() and int(target) in NUMBER_HEXES:
        return _("The robber knight already stands on the only hex numbered {number}.").format(number=target)
    if target in HEX_BY_ID and st.phase == "robber_hex":
        return _("Choose one of the hexes numbered {number}, or go back.").format(number=st.robber_number)
    if target in HEX_BY_ID or target == CASTLE_HEX:
        # TRANSLATORS: "robber <number>" is what a player types: keep "robber" in English.
        return _("Choose the hex by its number first (robber <number>), or {hex} for the castle.").format(
            hex=CASTLE_HEX)
    return None


def _toll(st: NuernbergState, seat: int, where: str) -> str | None:
    if where not in SECTION_IDS:
        return None
    if not can_afford(st, seat, "toll"):
        return _("A toll bar costs {cost}.").format(cost=_cost("toll"))
    if pieces_left(st, seat, "toll") <= 0:
        return _("You have no toll bars left.")
    r, k = SECTION_IDS[where]
    if st.tolls[r][k - 1] >= 0:
        return _("Section {section} already has a toll bar.").format(section=where)
    if k not in next_sections(st, r):
        return _("A toll bar goes on the route's first section, or next to a toll bar already on it.")
    return None


def _settle(st: NuernbergState, seat: int, where: str) -> str | None:
    rid, _sep, k_text = where.partition(".")
    if rid not in ROUTE_INDEX or (k_text and not k_text.isdigit()):
        return None
    if not can_afford(st, seat, "settlement"):
        return _("A settlement costs {cost}.").format(cost=_cost("settlement"))
    if pieces_left(st, seat, "settlement") <= 0:
        return _("You have no settlements left.")
    r = ROUTE_INDEX[rid]
    if seat not in st.tolls[r]:
        return _("You need a toll bar of your own on that route first.")
    if k_text and not crossing_free(st, r, int(k_text)):
        return _("That crossing is taken, is the route's origin, or is next to a settlement (one free crossing "
                 "must separate settlements).")
    return None


def _city(st: NuernbergState, seat: int, verb: str, words: list[str]) -> str | None:
    if verb == "manufacture":
        if len(words) == 2 and words[1] in DISC_INDEX and st.discs[DISC_INDEX[words[1]]] >= 0:
            return _("Disc {disc} already has a manufacture.").format(disc=words[1])
        if not can_afford(st, seat, "manufacture"):
            return _("A manufacture costs {cost}.").format(cost=_cost("manufacture"))
        if pieces_left(st, seat, "manufacture") <= 0:
            return _("You have no manufactures left.")
        return None
    if verb == "wall":
        if len(st.walls) >= len(WALL_IDS):
            return _("Every wall section is built.")
        return None if can_afford(st, seat, "wall") else _("A wall section costs {cost}.").format(cost=_cost("wall"))
    if len(words) == 2 and words[1] in TOWER_INDEX and st.towers[TOWER_INDEX[words[1]]] >= 0:
        return _("Tower {tower} is built already.").format(tower=words[1])
    if not can_afford(st, seat, "tower"):
        return _("A tower costs {cost}.").format(cost=_cost("tower"))
    if not has_bauhof(st, seat):
        return _("A tower needs a manufacture of yours at the Bauhof.")
    return _("A tower goes on an open triangle: two walls must stand next to it.") if len(words) == 2 else None


__all__ = ["RESOURCES", "reason"]
