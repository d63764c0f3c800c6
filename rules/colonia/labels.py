"""Action labels that say what a choice leads to: how many members go, when they come back, whether an order is
delivered this Thursday or a ship sails this Saturday, what a decree touches.

Labels are at most ``LIMIT`` characters (a Discord select option): each builder tries its fullest wording first and
falls back to shorter ones, so the consequence is never cut off mid-word. Everything here is public, except in
``describe_for`` labels, which may name the asking seat's own reserve (public too) and nothing of another seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.colonia import data as D
from rules.colonia.board import CRAFT_INDEX
from rules.words import plural

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState

LIMIT = 100




def first_fit(*options: str) -> str:
    """The first wording that fits a menu option (the last one is cut if even it does not)."""
    for text in options:
        if len(text) <= LIMIT:
            return text
    return options[-1][: LIMIT - 1] + "…"


def relic_name(card: str) -> str:
    r = D.RELIC_BY_ID[card]
    if r.shrine:
        return f"{D.CITIES[r.city]} shrine ({r.price} {D.CURRENCIES[r.city]})"
    return f"{D.CITIES[r.city]} relic {card} ({r.vp} VP, {r.price} {D.CURRENCIES[r.city]})"


def _last_week(st: ColoniaState) -> bool:
    return st.week >= D.WEEKS


def _back(st: ColoniaState, when: str) -> str:
    """', back next Wednesday' (nothing in the last week: there is no next one)."""
    return "" if _last_week(st) else f", back next {when}"


# ---- Tuesday ------------------------------------------------------------------------------------------------------
def family(st: ColoniaState, seat: int | None, value: int) -> str:
    need = value - 1 if st.lean else value
    sends = f" — sends {need} (Lean council)" if st.lean else f": send {plural(need, 'member')}"
    if seat is None or st.reserve[seat] >= need:
        return first_fit(f"Family card {value}{sends}, {plural(value, 'vote')}",
                         f"Card {value}{sends}, {plural(value, 'vote')}")
    reserve = st.reserve[seat]
    pulled = min(need - reserve, sum(st.street[seat]))
    return first_fit(
        f"Family card {value}{sends}; you have {reserve} in reserve → counts 0: no votes, last in order, "
        f"{plural(pulled, 'member')} pulled from the streets",
        f"Card {value}{sends}; you have {reserve} in reserve → counts 0: no votes, last, {pulled} off the streets",
        f"Card {value}{sends}; {reserve} in reserve → counts 0: no votes, last, {pulled} off the streets",
    )


# ---- decrees ------------------------------------------------------------------------------------------------------
def decree_effect(st: ColoniaState, did: str, seat: int | None) -> str:
    """What a decree would do now, in a few words (with the asking seat's share where it has one)."""
    if did == "D01":
        return "+1 material on each regular stall"
    if did == "D02":
        return f"2 extra stalls of {D.EXTRA_STALL_FILL} materials"
    if did in D.HOMECOMING:
        sp = D.HOMECOMING[did]
        if seat is None:
            return f"up to {D.HOMECOMING_MAX} members each come home"
        return f"you bring {plural(min(D.HOMECOMING_MAX, st.street[seat][sp]), 'member')} home"
    if did == "D04":
        return "2 raw materials for everyone"
    if did in D.OVERTIME:
        c = D.OVERTIME[did]
        old = st.stick[c]
        new = min(D.ORDER_SPACES, old + 2)
        gained = st.cols[c][old:new]
        mine = sum(1 for o in gained if o[0] == seat)
        whose = f" ({mine} yours)" if seat is not None and gained else ""
        return f"{D.CRAFTSMEN[c]} delivers {plural(len(gained), 'more order')}{whose}"
    if did in ("D11", "D12"):
        ships = st.harbour[: 2 if did == "D11" else 1]
        holds = [o for s in ships for o in s["h"] + [s["x"]] if o is not None]
        mine = sum(1 for o in holds if o == seat)
        whose = f" ({mine} yours)" if seat is not None and holds else ""
        where = "berths I–II sail" if did == "D11" else "berth I sails"
        return f"{where} now: {plural(len(holds), 'loaded hold')}{whose}"
    if did == "D14":
        return "everyone rolls for a good"
    if did == "D15":
        return f"1 extra hold per ship this Friday ({D.EXTRA_HOLD_PAY} each)"
    if did == "D16":
        return "2 more relics for sale this Sunday"
    if did == "D17":
        return "next Tuesday every family sends 1 member fewer"
    if did == "D18":
        return "swap up to 5 money 1:1 before Sunday"
    return D.DECREE_BY_ID[did].text


def vote(st: ColoniaState, seat: int | None, yes: bool, verb: str = "Vote") -> str:
    did = st.slots[st.vote_slot][0] if 0 <= st.vote_slot < len(st.slots) else None
    word = "Yes" if yes else "No"
    lead = f"As mayor, decide the tie: {word}" if verb == "decide" else f"Vote {word}"
    if did is None:
        return lead
    name = D.DECREE_BY_ID[did].name
    if not yes:
        return first_fit(f"{lead}: reject {name}", lead)
    return first_fit(f"{lead}: {name} — {decree_effect(st, did, seat)}", f"{lead}: {name}", lead)


# ---- the passing loops -------------------------------------------------------------------------------------------
def stall(st: ColoniaState, rest: str) -> str:
    i = int(rest) - 1
    total = sum(st.stalls[i])
    mats = ", ".join(f"{c} {D.MATERIALS[m]}" for m, c in enumerate(st.stalls[i]) if c) or "nothing"
    members = plural(total, "member")
    return first_fit(f"Take stall {rest} ({mats}) with {members}{_back(st, 'Wednesday')}",
                     f"Stall {rest} ({mats}): {members}{_back(st, 'Wed')}",
                     f"Stall {rest}: {plural(total, 'material')} for {members}{_back(st, 'Wed')}")


def order(st: ColoniaState, craftsman: str) -> str:
    c = CRAFT_INDEX[craftsman]
    a, b = D.RECIPES[c]
    cost = plural(st.new_orders[c] + 1, "member")
    space = len(st.cols[c]) + 1
    head = f"Order {D.GOODS[c]} ({D.MATERIALS[a]} + {D.MATERIALS[b]}), {cost}"
    short = f"Order {D.GOODS[c]}, {cost}"
    if space <= st.stick[c]:
        when = f"space {space}: delivered this Thursday"
        return first_fit(f"{head} → {when}{_back(st, 'Thursday')}", f"{head} → {when}", f"{short} → {when}")
    below = space - st.stick[c]
    when = f"space {space}, {below} below the line: may wait for the dice"
    later = "" if _last_week(st) else "; members stay until it is made"
    return first_fit(f"{head} → {when}{later}", f"{head} → {when}", f"{short} → {when}")


def _sails(st: ColoniaState, sid: str) -> bool:
    berth = next(i for i, s in enumerate(st.harbour) if s["id"] == sid) + 1
    return berth <= st.depart


def load(st: ColoniaState, rest: str) -> str:
    sid, h = rest.split()
    info = D.SHIP_BY_ID[sid]
    need, pay = info.holds[int(h) - 1]
    goods = " + ".join(D.GOODS[g] for g in need)
    head = f"Load {goods} on {sid} hold {h} for {pay} {D.CURRENCIES[info.city]}"
    if _sails(st, sid):
        return first_fit(f"{head}: sails this Saturday{_back(st, 'Friday')}", f"{head}: sails this Saturday")
    return first_fit(f"{head}: stays in port (sails a later week)", f"{head}: stays in port")


def extra(st: ColoniaState, sid: str) -> str:
    info = D.SHIP_BY_ID[sid]
    head = f"Use the extra hold of {sid} (any 1 good, {D.EXTRA_HOLD_PAY} {D.CURRENCIES[info.city]})"
    return f"{head}: {'sails this Saturday' if _sails(st, sid) else 'stays in port'}"


def take(st: ColoniaState, good: str) -> str:
    why = "your start good" if st.week == 1 and st.day == 1 else "lucky find"
    return f"Take 1 {good} ({why}: you rolled a 6, free choice)"
