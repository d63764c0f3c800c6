"""Loading: unload bought ships onto contracts, sell to merchants, store in the warehouse, use the market hall, and
``done`` (cubes left in hand are lost to the reserve); the actions are listed in state.py.

Loading at the same time (the rulebook allows it; ``queue``: the seats with loading work, in turn order from the
first player, each leaving it with its ``done``). Players share only the goods reserve during Loading: coins,
cards, contracts, hands, warehouses and halls are each player's own. Sells, market sells, conversions (their 3
paid cubes) and ``done`` (cubes left in hand) only add to the reserve, which changes nobody's options; the one
step that reads it is ``convert <good>``, legal only while the reserve holds that good. So order matters only
through conversions, and only a seat with at least 3 cubes (hand + warehouse + hall) can convert: nothing gives a
seat cubes during Loading except a conversion, which turns 3 into 1, so a seat with ``c`` cubes can convert at
most ``(c - 1) // 2`` times.

A group of seats is *independent* when, for every good, the reserve holds at least as many cubes of it as the
group could take by conversions together, or at most one seat of the group could change that good's count in the
reserve (it holds a cube of that good, or could convert). The seats loading now (``to_act``) are every seat of the
queue that cannot convert, then those that could, in turn order, added while the group stays independent (a lone
seat always is; the rest wait). Why that is order-independent:

- in an independent group no seat's step changes another's legal actions or what their steps do: the reserve only
  adds up the cubes put in, a conversion's good can never run out (the reserve holds enough of it) or is a good
  only the converting seat itself moves, and everything else is a seat's own;
- a group stays independent while its seats act: the reserve can lose a cube only by a conversion, which lowers
  the group's conversions left by one as well, and the seats holding a good or able to convert only ever leave;
- a part of an independent group is independent, so a seat once loading keeps loading until its ``done``.

So the same steps of each seat, interleaved in any order, are all legal and end in the same state (the tests
check every permutation). The cubes given out as the next round starts come from the Rng of the last step's ply,
the same in every order as the number of steps is. Loading is public: each step shows at once
(``secret_simultaneous`` is False).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Event, IllegalAction, Rng
from rules.speicherstadt import income, scoring
from rules.speicherstadt.data import (
    CARDS,
    GOOD_NAMES,
    GOODS,
    HALL_CONVERT_CUBES,
    HALL_SELL_CUBES,
    HALL_STORE_MAX,
    WAREHOUSE_CAPACITY,
)
from rules.speicherstadt.players import no_goods
from rules.words import translator

if TYPE_CHECKING:
    from rules.speicherstadt.state import SpeicherstadtState

# Moves that only shuffle cubes between hand, warehouse and hall could repeat forever; cap them per turn.
_, _n = translator("speicherstadt")
MAX_PUTS_PER_TURN = 40


# ---- loading at the same time ------------------------------------------------------------------
def now(st: SpeicherstadtState) -> list[int]:
    """The seats loading now, in turn order: everyone who cannot convert, then those who could, in turn order,
    as long as the group stays independent (see "Loading at the same time" above)."""
    could = [s for s in st.queue if could_convert(st.players[s])]
    if not could:
        return list(st.queue)  # nobody can convert: everyone loads at once
    group = [s for s in st.queue if s not in could]
    for seat in could:
        if not independent(st, [*group, seat]):
            break
        group.append(seat)
    return [s for s in st.queue if s in group]


def cubes(p: dict[str, Any]) -> int:
    held: int = sum(p["hand"].values()) + sum(p["wh"].values()) + sum(p["hall"].values())
    return held


def could_convert(p: dict[str, Any]) -> bool:
    """Whether ``p`` could still convert: 3 cubes on the market hall at once (nothing gives a seat more cubes)."""
    return cubes(p) >= HALL_CONVERT_CUBES


def conversions_left(p: dict[str, Any]) -> int:
    """The most conversions ``p`` can still make: each turns 3 of its cubes into 1."""
    return max(0, (cubes(p) - 1) // (HALL_CONVERT_CUBES - 1))


def independent(st: SpeicherstadtState, seats: list[int]) -> bool:
    """Whether no step of one of ``seats`` can change what another of them may do: for every good, the reserve
    holds at least as many cubes as ``seats`` could take from it by conversions together, or at most one of
    them could change that good's count in the reserve (by holding a cube of it, or by converting)."""
    players = [st.players[s] for s in seats]
    need = sum(conversions_left(p) for p in players)
    for g in GOODS:
        if st.reserve[g] >= need:
            continue
        touching = [p for p in players if could_convert(p) or p["hand"][g] or p["wh"][g] or p["hall"][g]]
        if len(touching) > 1:
            return False
    return True


# ---- what a seat may do -------------------------------------------------------------------------
def legal(st: SpeicherstadtState, p: dict[str, Any]) -> list[str]:
    hand, wh, hall = p["hand"], p["wh"], p["hall"]
    have = {g for g in GOODS if hand[g] or wh[g] or hall[g]}
    out: list[str] = []
    kinds = set()
    for cid in p["cards"]:
        card = CARDS[cid]
        kinds.add(card["kind"])
        if card["kind"] == "contract":
            filled = p["filled"][cid]
            out += [f"fill {cid} {g}" for g in card["goods"] if g in have and g not in filled]
    out += [f"sell {CARDS[cid]['good']}" for cid in p["cards"]
            if CARDS[cid]["kind"] == "merchant" and CARDS[cid]["good"] in have]
    can_put = p["puts"] < MAX_PUTS_PER_TURN
    if can_put and "warehouse" in kinds and sum(wh.values()) < WAREHOUSE_CAPACITY:
        out += [f"store {g}" for g in GOODS if hand[g]]
    if can_put:
        out += [f"hall {g}" for g in GOODS if hand[g]]
    out += [f"take {g} wh" for g in GOODS if wh[g]]
    out += [f"take {g} hall" for g in GOODS if hall[g]]
    on_hall = sum(hall.values())
    if on_hall == HALL_SELL_CUBES:
        out.append("marketsell")
    if on_hall == HALL_CONVERT_CUBES:
        out += [f"convert {g}" for g in GOODS if st.reserve[g] + hall[g]]
    if on_hall <= HALL_STORE_MAX:
        out.append("done")
    return out


# ---- the phase -----------------------------------------------------------------------------------
def start(st: SpeicherstadtState, rng: Rng, events: list[Event]) -> None:
    st.phase = "loading"
    order = [(st.first + i) % st.num_players for i in range(st.num_players)]
    # A seat's loading work depends only on its own cards and cubes, which nobody else changes: decided once.
    st.queue = [s for s in order if has_work(st, st.players[s])]
    end_if_done(st, rng, events)


def has_work(st: SpeicherstadtState, p: dict[str, Any]) -> bool:
    """Skip seats that could only shuffle a lone cube around without gain (A5: the phase runs every round)."""
    if any(p["hand"].values()):
        return True
    total = sum(p["wh"].values()) + sum(p["hall"].values())
    if total >= HALL_SELL_CUBES:
        return True
    if total == 0:
        return False
    # A19: a lone cube on the hall may move into a warehouse with room, where it scores a point.
    owns_warehouse = any(CARDS[cid]["kind"] == "warehouse" for cid in p["cards"])
    if any(p["hall"].values()) and owns_warehouse and sum(p["wh"].values()) < WAREHOUSE_CAPACITY:
        return True
    return any(a.startswith(("fill", "sell")) for a in legal(st, p))


def end_if_done(st: SpeicherstadtState, rng: Rng, events: list[Event]) -> None:
    if not st.queue:
        income.income(st, rng, events)


def take_cube(p: dict[str, Any], good: str) -> str:
    for place in ("hand", "hall", "wh"):
        if p[place][good]:
            p[place][good] -= 1
            return place
    # unreachable after the legality check
    raise IllegalAction(_("You have no {good} cube.").format(good=_(GOOD_NAMES[good])))


def load(st: SpeicherstadtState, seat: int, words: list[str], rng: Rng, events: list[Event]) -> None:
    p = st.players[seat]
    verb = words[0]
    if verb == "fill":
        cid, good = words[1], words[2]
        src = take_cube(p, good)
        p["filled"][cid].append(good)
        events.append(Event("fill", {"seat": seat, "card": cid, "good": good, "from": src,
                                     "complete": scoring.contract_complete(cid, p["filled"][cid])}))
    elif verb == "sell":
        good = words[1]
        src = take_cube(p, good)
        st.reserve[good] += 1
        p["coins"] += 1
        events.append(Event("sell", {"seat": seat, "good": good, "from": src}))
    elif verb in ("store", "hall"):
        good = words[1]
        p["hand"][good] -= 1
        p["wh" if verb == "store" else "hall"][good] += 1
        p["puts"] += 1
        events.append(Event(verb, {"seat": seat, "good": good}))
    elif verb == "take":
        good, src = words[1], words[2]
        p[src][good] -= 1
        p["hand"][good] += 1
        events.append(Event("take", {"seat": seat, "good": good, "from": src}))
    elif verb == "marketsell":
        paid = empty_hall(st, p)
        p["coins"] += 1
        events.append(Event("marketsell", {"seat": seat, "paid": paid}))
    elif verb == "convert":
        good = words[1]
        paid = empty_hall(st, p)  # A3: the paid cubes reach the reserve before the new one is taken
        st.reserve[good] -= 1
        p["hand"][good] += 1
        events.append(Event("convert", {"seat": seat, "paid": paid, "good": good}))
    else:  # done
        lost = dict(p["hand"])
        for g, n in lost.items():
            st.reserve[g] += n
        p["hand"] = no_goods()
        p["puts"] = 0
        st.queue.remove(seat)
        events.append(Event("done", {"seat": seat, "lost": lost if any(lost.values()) else None}))
        end_if_done(st, rng, events)


def empty_hall(st: SpeicherstadtState, p: dict[str, Any]) -> dict[str, int]:
    paid = dict(p["hall"])
    for g, n in paid.items():
        st.reserve[g] += n
    p["hall"] = no_goods()
    return paid
