"""The active player's main phase: build, produce and sell goods, trade with the bank, open a trade draft, end.

Top-level actions (no menu open):
  ``toll <route>.s<k>``   build a toll bar on that section (wood + brick)
  ``settle <route>``      open the crossing menu of that route -> ``settle <route>.<k>`` (grain+wool+brick+wood)
  ``manufacture``         open the disc menu -> ``manufacture D<n>`` (3 ore + 2 grain)
  ``wall``                build the next wall section (brick + 3 gold, +1 prestige)
  ``tower``               open the tower menu -> ``tower T<n>`` (brick + wood + 3 gold, +2 prestige)
  ``produce <good>``      pay the recipe, receive the price (doubled next to an own manufacture), pay the toll
  ``bank``                open the bank menu -> ``bank <give>`` -> ``bank <give> <resource>`` (or that at once)
  ``offer``               open a private trade draft; ``offer <items> for <items> to <seats>`` in one step
  ``end``                 end the turn
Every menu also offers ``back`` (at most ``MAX_BACKS_PER_TURN`` times a turn, so random play ends).
Menus are only offered when they hold at least one action, so the top level never exceeds 21 actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Event
from rules.nuernberg import council, trading
from rules.nuernberg.board import (
    DISC_DOUBLES,
    DISC_IDS,
    DISC_INDEX,
    GOLD,
    GOOD_INDEX,
    GOOD_NAMES,
    GOOD_PRICE,
    GOOD_RECIPE,
    GOOD_ROUTE,
    GOOD_TOLL,
    RES_INDEX,
    ROUTE_IDS,
    ROUTE_INDEX,
    SECTION_IDS,
    TOWER_IDS,
    TOWER_INDEX,
    TOWER_NEEDS,
    TRADE_ITEMS,
    WALL_IDS,
)
from rules.nuernberg.data import PRESTIGE, RESOURCES
from rules.nuernberg.economy import (
    bank_rate,
    bank_rates,
    can_afford,
    has_bauhof,
    may_settle_on,
    next_sections,
    pay,
    pieces_left,
    place_toll,
    settle_spots,
)
from rules.nuernberg.events import start_turn

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState

MAX_BACKS_PER_TURN = 12


def open_towers(st: NuernbergState) -> list[int]:
    built = len(st.walls)
    return [t for t, owner in enumerate(st.towers) if owner < 0 and TOWER_NEEDS[t] <= built]


def can_produce(st: NuernbergState, seat: int, good: int) -> bool:
    hand = st.hands[seat]
    recipe = GOOD_RECIPE[good]
    return hand[0] >= recipe[0] and hand[1] >= recipe[1] and hand[2] >= recipe[2] and hand[3] >= recipe[3] and (
        hand[4] >= recipe[4]
    )


def bank_gives(st: NuernbergState, seat: int) -> list[int]:
    """Trade items (resource index or GOLD) the seat holds enough of to buy one resource."""
    have = trading.holding(st, seat)
    if max(have) < 2:
        return []
    rates = bank_rates(st, seat)
    return [i for i in range(len(TRADE_ITEMS)) if have[i] >= rates[i]]


def legal_main(st: NuernbergState, seat: int) -> list[str]:
    menu = st.menu
    if menu is None:
        return _legal_top(st, seat)
    if menu == "offer":
        return trading.legal_draft(st, seat)
    back = ["back"] if st.backs < MAX_BACKS_PER_TURN else []
    if menu == "manufacture":
        return [f"manufacture {d}" for d, owner in zip(DISC_IDS, st.discs, strict=True) if owner < 0] + back
    if menu == "tower":
        return [f"tower {TOWER_IDS[t]}" for t in open_towers(st)] + back
    if menu == "bank":
        return [f"bank {TRADE_ITEMS[i]}" for i in bank_gives(st, seat)] + back
    words = menu.split()
    if words[0] == "bank":
        give = words[1]
        return [f"bank {give} {res}" for res in RESOURCES if res != give] + back
    # "settle <route>"
    r = ROUTE_INDEX[words[1]]
    return [f"settle {words[1]}.{k}" for k in settle_spots(st, r)] + back


# What each top-level build or menu needs (besides a place, for a toll bar or a settlement): ``_legal_top`` lists
# the actions these allow and ``top_allows`` tests one action, from the same conditions.
def _may_toll(st: NuernbergState, seat: int) -> bool:
    return can_afford(st, seat, "toll") and pieces_left(st, seat, "toll") > 0


def _may_settle(st: NuernbergState, seat: int) -> bool:
    return can_afford(st, seat, "settlement") and pieces_left(st, seat, "settlement") > 0


def _may_manufacture(st: NuernbergState, seat: int) -> bool:
    return can_afford(st, seat, "manufacture") and pieces_left(st, seat, "manufacture") > 0 and -1 in st.discs


def _may_wall(st: NuernbergState, seat: int) -> bool:
    return len(st.walls) < len(WALL_IDS) and can_afford(st, seat, "wall")


def _may_tower(st: NuernbergState, seat: int) -> bool:
    return can_afford(st, seat, "tower") and has_bauhof(st, seat) and bool(open_towers(st))


def _may_bank(st: NuernbergState, seat: int) -> bool:
    return bool(bank_gives(st, seat))


def _may_offer(st: NuernbergState, seat: int) -> bool:
    return trading.may_open(st, seat) and st.backs < MAX_BACKS_PER_TURN  # a cancelled draft counts as a back


def _legal_top(st: NuernbergState, seat: int) -> list[str]:
    out: list[str] = []
    if _may_toll(st, seat):
        for r, rid in enumerate(ROUTE_IDS):
            out.extend(f"toll {rid}.s{k}" for k in next_sections(st, r))
    if _may_settle(st, seat):
        out.extend(f"settle {rid}" for r, rid in enumerate(ROUTE_IDS) if may_settle_on(st, seat, r))
    if _may_manufacture(st, seat):
        out.append("manufacture")
    if _may_wall(st, seat):
        out.append("wall")
    if _may_tower(st, seat):
        out.append("tower")
    out.extend(f"produce {GOOD_NAMES[g]}" for g in range(len(GOOD_NAMES)) if can_produce(st, seat, g))
    if _may_bank(st, seat):
        out.append("bank")
    if _may_offer(st, seat):
        out.append("offer")
    out.append("end")
    return out


_TOP_WORDS = {"manufacture": _may_manufacture, "wall": _may_wall, "tower": _may_tower, "bank": _may_bank,
              "offer": _may_offer}


def top_allows(st: NuernbergState, seat: int, action: str) -> bool:
    """``action in _legal_top(st, seat)``, testing only what the action itself needs: applying an action checks it
    is legal, and listing every action for that was a good part of a bot's game."""
    if " " not in action:
        if action == "end":
            return True
        may = _TOP_WORDS.get(action)
        return may is not None and may(st, seat)
    verb, where = action.split(" ", 1)
    if verb == "toll" and where in SECTION_IDS:
        r, k = SECTION_IDS[where]
        return _may_toll(st, seat) and k in next_sections(st, r)
    if verb == "settle" and where in ROUTE_INDEX:
        return _may_settle(st, seat) and may_settle_on(st, seat, ROUTE_INDEX[where])
    if verb == "produce" and where in GOOD_INDEX:
        return can_produce(st, seat, GOOD_INDEX[where])
    return False


def _menu_path(words: list[str]) -> list[str] | None:
    """The menu steps a build or bank trade takes (``settle FRA.2`` is ``settle FRA``, then ``settle FRA.2``);
    None for an action that is no such path."""
    verb = words[0] if words else ""
    if verb == "bank" and len(words) == 3:
        return ["bank", f"bank {words[1]}", " ".join(words)]
    if verb == "settle" and len(words) == 2 and words[1].count(".") == 1:
        return [f"settle {words[1].split('.')[0]}", " ".join(words)]
    if verb in ("manufacture", "tower") and len(words) == 2:
        return [verb, " ".join(words)]
    return None


def at_once(st: NuernbergState, seat: int, words: list[str]) -> bool:
    """Whether a build or bank trade typed at once (``/nuernberg settle where:FRA.2``, ``/nuernberg bank
    trade:"wool ore"``) is legal: each menu on its way would offer the next step. One decision where the menus
    take two or three; ``apply_main`` plays the whole path from the top."""
    path = _menu_path(words)
    if path is None or st.menu is not None or seat != st.active:
        return False
    try:
        for step in path:
            if step not in legal_main(st, seat):
                return False
            st.menu = step  # each step but the last opens the next menu (restored below)
        return True
    finally:
        st.menu = None


def apply_main(st: NuernbergState, seat: int, action: str, words: list[str]) -> list[Event]:
    if st.menu == "offer":
        return trading.apply_draft(st, seat, words)
    verb = words[0]
    if verb == "end":
        return [Event("turn_end", {"seat": seat}), *start_turn(st, (seat + 1) % st.num_players)]
    if verb == "back":
        st.backs += 1
        st.menu = None
        return []
    if verb == "offer":
        if len(words) > 1:
            return trading.apply_one_step(st, seat, words)
        trading.open_draft(st)
        return []
    if verb == "toll":
        r, k = SECTION_IDS[words[1]]
        pay(st, seat, "toll")
        return place_toll(st, seat, r, k)
    if verb == "settle":
        if "." not in words[1]:
            st.menu = action
            return []
        rid, k_text = words[1].split(".")
        pay(st, seat, "settlement")
        st.settlements[ROUTE_INDEX[rid]][int(k_text)] = seat
        st.menu = None
        return [Event("build", {"seat": seat, "piece": "settlement", "where": words[1]})]
    if verb == "manufacture":
        if len(words) == 1:
            st.menu = "manufacture"
            return []
        pay(st, seat, "manufacture")
        st.discs[DISC_INDEX[words[1]]] = seat
        st.menu = None
        return [Event("build", {"seat": seat, "piece": "manufacture", "where": words[1]})]
    if verb == "wall":
        pay(st, seat, "wall")
        where = WALL_IDS[len(st.walls)]
        st.walls.append(seat)
        st.prestige[seat] += PRESTIGE["wall"]
        return [Event("build", {"seat": seat, "piece": "wall", "where": where}), *council.settle(st)]
    if verb == "tower":
        if len(words) == 1:
            st.menu = "tower"
            return []
        pay(st, seat, "tower")
        st.towers[TOWER_INDEX[words[1]]] = seat
        st.prestige[seat] += PRESTIGE["tower"]
        st.menu = None
        return [Event("build", {"seat": seat, "piece": "tower", "where": words[1]}), *council.settle(st)]
    if verb == "produce":
        return [produce(st, seat, GOOD_INDEX[words[1]])]
    # bank
    if len(words) < 3:
        st.menu = action
        return []
    give = TRADE_ITEMS.index(words[1])
    rate = bank_rate(st, seat, give)
    if give == GOLD:
        st.gold[seat] -= rate
    else:
        st.hands[seat][give] -= rate
    st.hands[seat][RES_INDEX[words[2]]] += 1
    st.menu = None
    return [Event("bank", {"seat": seat, "give": words[1], "count": rate, "get": words[2]})]


def produce(st: NuernbergState, seat: int, good: int) -> Event:
    """Pay the recipe and sell at once; double price with an own manufacture bordering the zone (never more);
    the flat toll goes to the holder of the sale city's Wegerecht unless that is the seller or nobody."""
    hand = st.hands[seat]
    for i, c in enumerate(GOOD_RECIPE[good]):
        hand[i] -= c
    doubled = any(owner == seat and good in DISC_DOUBLES[d] for d, owner in enumerate(st.discs))
    price = GOOD_PRICE[good] * (2 if doubled else 1)
    st.gold[seat] += price
    holder = st.holders[GOOD_ROUTE[good]]
    toll = 0
    if holder >= 0 and holder != seat:
        toll = GOOD_TOLL[good]
        st.gold[seat] -= toll
        st.gold[holder] += toll
    return Event("produce", {"seat": seat, "good": GOOD_NAMES[good], "price": price, "doubled": doubled,
                             "toll": toll, "to": holder if toll else None})
