"""The passing loops (market stalls, craftsmen orders, loading, relic purchases, insurance) and their follow-ups
(extra hold, shrine)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.colonia import data as D
from rules.colonia.board import (
    ALL_STALLS,
    CRAFT_INDEX,
    GOOD_INDEX,
    NM,
    named,
)
from rules.colonia.names import _
from rules.core import Event, IllegalAction

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState, Ship


def loop_actions(st: ColoniaState, seat: int) -> list[str]:
    kind = st.running_loop()["kind"]
    out: list[str] = []
    reserve = st.reserve[seat]
    if kind == "stall":
        for i in range(ALL_STALLS):
            total = sum(st.stalls[i])
            if total and total <= reserve:
                out.append(f"stall {i + 1}")
    elif kind == "order":
        raw = st.raw[seat]
        for c, (a, b) in enumerate(D.RECIPES):
            if raw[a] and raw[b] and len(st.cols[c]) < D.ORDER_SPACES and st.new_orders[c] < reserve:
                out.append(f"order {D.CRAFTSMEN[c]}")
    elif kind == "load":
        if reserve:
            goods = st.goods[seat]
            for ship in st.harbour:
                info = D.SHIP_BY_ID[ship["id"]]
                for h, (need, _pay) in enumerate(info.holds):
                    if ship["h"][h] is None and all(goods[g] for g in need):
                        out.append(f"load {ship['id']} {h + 1}")
            if st.extra_holds and any(goods):
                out.extend(f"extra {ship['id']}" for ship in st.harbour if ship["x"] is None)
    elif kind == "buy":
        money = st.money[seat]
        for card in displayed(st):
            r = D.RELIC_BY_ID[card]
            if money[r.city] >= r.price:
                out.append(f"buy {card}")
    elif kind == "insure" and reserve:
        out.extend(f"insure {card}" for card in displayed(st) if card not in st.insured)
    out.append("pass")
    return out


def displayed(st: ColoniaState) -> list[str]:
    return [c for c in st.display if c] + [c for c in st.display_x if c]


def _can_act_publicly(st: ColoniaState, kind: str, seat: int) -> bool:
    """Whether a seat might act, judged from public facts only (so an automatic pass leaks no secret)."""
    reserve = st.reserve[seat]
    if kind == "stall":
        return any(0 < sum(s) <= reserve for s in st.stalls)
    if kind == "order":
        return any(len(st.cols[c]) < D.ORDER_SPACES and st.new_orders[c] < reserve for c in range(5))
    if kind == "load":
        if not reserve:
            return False
        if st.extra_holds and any(ship["x"] is None for ship in st.harbour):
            return True
        return any(h is None for ship in st.harbour for h in ship["h"])
    if kind == "buy":
        return bool(displayed(st))
    if kind == "insure":
        return reserve > 0 and any(c not in st.insured for c in displayed(st))
    return True


def start_loop(st: ColoniaState, kind: str, ev: list[Event]) -> None:
    st.loop = {"kind": kind, "passed": [False] * st.num_players, "cur": st.order[0]}
    st.stage = "loop"
    _seek(st, 0, ev)


def _seek(st: ColoniaState, start: int, ev: list[Event]) -> None:
    """Hand the turn to the next seat (from turn-order index ``start``) that has not passed."""
    loop = st.loop
    assert loop is not None
    n = st.num_players
    for k in range(n):
        seat = st.order[(start + k) % n]
        if loop["passed"][seat]:
            continue
        if not _can_act_publicly(st, loop["kind"], seat):
            loop["passed"][seat] = True
            ev.append(Event("pass", {"seat": seat, "kind": loop["kind"], "forced": True}))
            continue
        loop["cur"] = seat
        st.stage = "loop"
        return
    _end_loop(st)


def _end_loop(st: ColoniaState) -> None:
    kind = st.running_loop()["kind"]
    st.loop = None
    st.stage = "auto"
    if kind == "buy":
        st.sub = "end" if st.week == D.WEEKS else "insure"
    else:
        st.sub = "end"


def _next_turn(st: ColoniaState, seat: int, ev: list[Event]) -> None:
    _seek(st, st.order.index(seat) + 1, ev)


def loop_apply(st: ColoniaState, seat: int, verb: str, rest: str, ev: list[Event]) -> None:
    loop = st.loop
    assert loop is not None
    if verb == "pass":
        loop["passed"][seat] = True
        ev.append(Event("pass", {"seat": seat, "kind": loop["kind"], "forced": False}))
    elif verb == "stall":
        i = int(rest) - 1
        got = st.stalls[i]
        total = sum(got)
        for m in range(NM):
            st.raw[seat][m] += got[m]
        st.stalls[i] = [0] * NM
        st.stall_members[i] = [seat, total]
        st.reserve[seat] -= total
        ev.append(Event("stall", {"seat": seat, "stall": i + 1, "materials": named(got, D.MATERIALS)}))
    elif verb == "order":
        c = CRAFT_INDEX[rest]
        a, b = D.RECIPES[c]
        st.raw[seat][a] -= 1
        st.raw[seat][b] -= 1
        st.bag[a] += 1
        st.bag[b] += 1
        st.new_orders[c] += 1
        cost = st.new_orders[c]
        st.reserve[seat] -= cost
        st.cols[c].append([seat, cost])
        ev.append(Event("order", {"seat": seat, "craftsman": rest, "members": cost, "space": len(st.cols[c]),
                                  "above": len(st.cols[c]) <= st.stick[c]}))
    elif verb == "load":
        sid, h = rest.split()
        ship = _ship(st, sid)
        need, pay = D.SHIP_BY_ID[sid].holds[int(h) - 1]
        for g in need:
            st.goods[seat][g] -= 1
        ship["h"][int(h) - 1] = seat
        st.reserve[seat] -= 1
        ev.append(Event("load", {"seat": seat, "ship": sid, "hold": int(h),
                                 "goods": [D.GOODS[g] for g in need], "pay": pay}))
    elif verb == "extra":
        st.pending = {"kind": "extra", "seat": seat, "ship": rest}
        st.stage = "extra"
        return
    elif verb == "buy":
        if _buy(st, seat, rest, ev):
            return  # a shrine decision follows before the turn passes on
    elif verb == "insure":
        st.insured[rest] = seat
        st.reserve[seat] -= 1
        ev.append(Event("insure", {"seat": seat, "relic": rest}))
    _next_turn(st, seat, ev)


def _ship(st: ColoniaState, sid: str) -> Ship:
    for ship in st.harbour:
        if ship["id"] == sid:
            return ship
    raise IllegalAction(_("Ship {ship} is not in the harbour.").format(ship=sid))


def load_extra(st: ColoniaState, seat: int, good: str, ev: list[Event]) -> None:
    sid = st.pending_decision()["ship"]
    st.goods[seat][GOOD_INDEX[good]] -= 1
    _ship(st, sid)["x"] = seat
    st.reserve[seat] -= 1
    st.pending = None
    ev.append(Event("extra_load", {"seat": seat, "ship": sid, "good": good, "pay": D.EXTRA_HOLD_PAY}))
    _next_turn(st, seat, ev)


def _buy(st: ColoniaState, seat: int, card: str, ev: list[Event]) -> bool:
    relic = D.RELIC_BY_ID[card]
    st.money[seat][relic.city] -= relic.price
    if card in st.display:
        st.display[st.display.index(card)] = None
    else:
        st.display_x[st.display_x.index(card)] = None
    owner = st.insured.pop(card, None)
    if owner is not None:
        st.reserve[owner] += 1
    ev.append(Event("buy", {"seat": seat, "relic": card, "price": relic.price,
                            "currency": D.CURRENCIES[relic.city], "insured_by": owner}))
    if relic.shrine:
        st.shrines[seat].append([card, None])
        # Always ask, even with nothing to place, so the question itself reveals no hidden relic.
        options = [r for r in st.relics[seat] if D.RELIC_BY_ID[r].city == relic.city]
        st.pending = {"kind": "shrine", "seat": seat, "shrine": card, "options": options}
        st.stage = "shrine"
        return True
    st.relics[seat].append(card)
    # A later relic of an empty shrine's city: decide at once whether it goes in (the shrine is public).
    if not any(s[1] is None and D.RELIC_BY_ID[s[0]].city == relic.city for s in st.shrines[seat]):
        return False
    options = [card]
    st.pending = {"kind": "shrine", "seat": seat, "shrine": f"{D.CITY_CODES[relic.city]}-SHRINE",
                    "options": options}
    st.stage = "shrine"
    return True


def shrine(st: ColoniaState, seat: int, action: str, ev: list[Event]) -> None:
    pending = st.pending
    assert pending is not None
    if action.startswith("enshrine "):
        relic = action.split()[1]
        st.relics[seat].remove(relic)
        for pair in st.shrines[seat]:
            if pair[0] == pending["shrine"]:
                pair[1] = relic
        ev.append(Event("enshrine", {"seat": seat, "shrine": pending["shrine"], "relic": relic,
                                     "vp": 2 * D.RELIC_BY_ID[relic].vp}))
    st.pending = None
    st.stage = "loop"
    _next_turn(st, seat, ev)
