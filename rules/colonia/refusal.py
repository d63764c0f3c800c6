"""The rules' own reason why a well-formed action is not legal now (``State.refusal``); None for junk.

A reason names only what the asking seat may see: its own money, materials and goods, and the public board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.colonia import data as D
from rules.colonia.board import CRAFT_INDEX, CUR_INDEX, GOOD_INDEX, STALL_NAMES
from rules.colonia.labels import relic_name
from rules.colonia.loops import displayed
from rules.words import plural

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState

#: verb -> (the stage or loop it belongs to, when it is played)
WHEN = {
    "family": ("family", "on Tuesday (family cards)"),
    "vote": ("vote", "while a decree is voted on"),
    "decide": ("mayor", "when the mayor breaks a tied vote"),
    "take": ("good", "after rolling a 6 for a good"),
    "give": ("extra", "after choosing an extra hold"),
    "enshrine": ("shrine", "right after buying a shrine or a relic for an empty shrine"),
    "exchange": ("exchange", "at the money changers (decree D18)"),
    "stall": ("stall", "on Wednesday (market)"),
    "order": ("order", "on Thursday (craftsmen)"),
    "load": ("load", "on Friday (loading)"),
    "extra": ("load", "on Friday (loading), after the Extra cargo space decree passed"),
    "buy": ("buy", "on Sunday (relic purchases)"),
    "insure": ("insure", "on Sunday, after the purchases (insurance)"),
}


def refusal(st: ColoniaState, seat: int, action: str) -> str | None:
    from rules.colonia.views import phase_name

    verb, _, rest = action.partition(" ")
    if verb not in WHEN:
        return None
    where, when = WHEN[verb]
    now = st.running_loop()["kind"] if st.stage == "loop" else st.stage
    if now != where:
        return f"'{verb}' is played {when}; now it is {phase_name(st)}."
    reason = _why(st, seat, verb, rest)
    return reason


def _why(st: ColoniaState, seat: int, verb: str, rest: str) -> str | None:
    if verb == "family":
        if not rest.isdigit() or int(rest) not in D.FAMILY_CARDS:
            return "Family cards go from 3 to 8."
        left = ", ".join(map(str, st.cards_left[seat]))
        return f"You played your family card {rest} in an earlier week; you have {left} left."
    if verb == "take" and rest not in GOOD_INDEX:
        return f"Choose one of the goods: {', '.join(D.GOODS)}."
    if verb == "give":
        if rest in GOOD_INDEX:
            return f"You have no {rest} to load."
        return None
    if verb == "stall":
        return _stall(st, seat, rest)
    if verb == "order":
        return _order(st, seat, rest)
    if verb in ("load", "extra"):
        return _load(st, seat, verb, rest)
    if verb in ("buy", "insure", "enshrine"):
        return _relic(st, seat, verb, rest)
    if verb == "exchange":
        return _exchange(st, seat, rest)
    return None


def _stall(st: ColoniaState, seat: int, rest: str) -> str | None:
    if rest not in STALL_NAMES:
        return f"Stalls are numbered 1 to {len(STALL_NAMES)}."
    i = int(rest) - 1
    total = sum(st.stalls[i])
    if st.stall_members[i]:
        return f"Stall {rest} is already taken."
    if not total:
        return f"Stall {rest} is empty."
    return (f"Stall {rest} needs {plural(total, 'member')} (one per material); "
            f"you have {st.reserve[seat]} in reserve.")


def _order(st: ColoniaState, seat: int, rest: str) -> str | None:
    if rest not in CRAFT_INDEX:
        return f"The craftsmen are: {', '.join(D.CRAFTSMEN)}."
    c = CRAFT_INDEX[rest]
    a, b = D.RECIPES[c]
    missing = [D.MATERIALS[m] for m in (a, b) if not st.raw[seat][m]]
    if missing:
        return (f"The {rest} needs {D.MATERIALS[a]} + {D.MATERIALS[b]}; you have no {' and no '.join(missing)}.")
    if len(st.cols[c]) >= D.ORDER_SPACES:
        return f"The {rest}'s {D.ORDER_SPACES} order spaces are all taken."
    cost = st.new_orders[c] + 1
    return f"The next order at the {rest} costs {plural(cost, 'member')}; you have {st.reserve[seat]} in reserve."


def _load(st: ColoniaState, seat: int, verb: str, rest: str) -> str | None:
    parts = rest.split()
    ship = next((s for s in st.harbour if parts and s["id"] == parts[0]), None)
    if ship is None:
        return "That ship is not in the harbour." if parts and parts[0] in D.SHIP_BY_ID else None
    if not st.reserve[seat]:
        return "Loading takes 1 member and you have none in reserve."
    if verb == "extra":
        if not st.extra_holds:
            return "Ships have extra holds only in a week when the Extra cargo space decree (D15) passed."
        if ship["x"] is not None:
            return f"The extra hold of {ship['id']} is already loaded."
        return "You have no goods to load."
    info = D.SHIP_BY_ID[ship["id"]]
    if len(parts) != 2 or not parts[1].isdigit() or not 1 <= int(parts[1]) <= len(info.holds):
        return f"Ship {ship['id']} has holds 1 to {len(info.holds)}."
    h = int(parts[1]) - 1
    if ship["h"][h] is not None:
        return f"Hold {h + 1} of {ship['id']} is already loaded."
    need = info.holds[h][0]
    missing = sorted({D.GOODS[g] for g in need if st.goods[seat][g] < need.count(g)})
    return (f"Hold {h + 1} of {ship['id']} takes exactly {' + '.join(D.GOODS[g] for g in need)}; "
            f"you have no {' and no '.join(missing)}.")


def _relic(st: ColoniaState, seat: int, verb: str, card: str) -> str | None:
    if card not in D.RELIC_BY_ID:
        return None
    if verb == "enshrine":
        return f"{relic_name(card)} cannot go into this shrine (only a relic of yours from its city)."
    if card not in displayed(st):
        return f"{card} is not on display."
    r = D.RELIC_BY_ID[card]
    if verb == "buy":
        cur = D.CURRENCIES[r.city]
        return (f"{relic_name(card)} costs {r.price} {cur} (only {cur} pays for it); "
                f"you have {st.money[seat][r.city]} {cur}.")
    if card in st.insured:
        return f"{card} is already insured."
    return "Insuring takes 1 member and you have none in reserve."


def _exchange(st: ColoniaState, seat: int, rest: str) -> str | None:
    parts = rest.split()
    src = st.xchg[seat]
    if len(parts) == 1 and parts[0] in CUR_INDEX:
        return f"You have no {parts[0]} to exchange."
    if len(parts) == 4 and parts[0].isdigit() and parts[1] in CUR_INDEX and parts[3] in CUR_INDEX:
        if src is None:
            return "First choose the currency to exchange from: 'exchange <currency>'."
        if parts[1] != src:
            return f"You chose to exchange from {src}; choose '{'exchange ' + parts[1]}' first to switch."
        if parts[1] == parts[3]:
            return "Exchange into a different currency."
        have = min(5, st.money[seat][CUR_INDEX[src]])
        return f"You can exchange 1 to {have} {src} (at most 5, and no more than you have)."
    return None
