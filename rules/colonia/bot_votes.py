"""The Colonia bot's decree politics: vote Yes only when a decree helps this seat at least as much as the average
other seat, judged from its own view (public board, its own screen).

A decree that helps everyone alike (lucky find, extra supplies) is welcome; one that favours the players early in
turn order (more materials on the stalls, more relics for sale) is backed by those early in it; homecomings,
overtime and early departures are weighed by this seat's share of what they move against the others'.
"""

from __future__ import annotations

from typing import Any

from rules.colonia import data as D


def _others(values: dict[int, float], seat: int) -> float:
    """The average of the other seats' values."""
    rest = [v for s, v in values.items() if s != seat]
    return sum(rest) / len(rest) if rest else 0.0


def _fair_share(values: dict[int, float], seat: int) -> bool:
    """Yes when this seat gains at least as much as the average other seat (and something moves at all)."""
    return values.get(seat, 0.0) >= _others(values, seat) and any(values.values())


def _goods(me: dict[str, Any]) -> int:
    return sum(int(v) for v in (me.get("goods") or {}).values())


def _overtime_gains(view: dict[str, Any], seat: int, c: int) -> dict[int, float]:
    """Who gains the (up to) two orders an overtime decree adds to this Thursday's deliveries, as its label says:
    orders carried over onto those spaces gain their owners; the free ones go to this Thursday's new orders, which
    fill the spaces above the line first, so this seat gains those its own materials can still order after that
    (the others' materials are secret: they are counted for nothing)."""
    col = view["craftsmen"][c]
    stick = int(col["stick"])
    n = min(D.ORDER_SPACES, stick + 2) - stick
    gains: dict[int, float] = {p["seat"]: 0.0 for p in view["players"]}
    carried = col["orders"][stick: stick + n]
    for o in carried:
        gains[o["seat"]] += 1.0
    materials = (view.get("me") or {}).get("materials") or {}
    a, b = D.RECIPES[c]
    sets = min(int(materials.get(D.MATERIALS[a], 0)), int(materials.get(D.MATERIALS[b], 0)))
    sets = min(sets, int(view["players"][seat]["reserve"]))  # each order takes at least one member
    ahead = max(0, stick - len(col["orders"]))  # free spaces above the line, filled first
    gains[seat] += min(n - len(carried), max(0, sets - ahead))
    return gains


def likes_decree(view: dict[str, Any], seat: int) -> bool:
    did = str((view.get("vote") or {}).get("decree"))
    players = view["players"]
    n = len(players)
    order = view.get("turn_order") or list(range(n))
    early = order.index(seat) < n / 2 if seat in order else True
    me = view.get("me") or {}
    last_week = view.get("week", 1) >= D.WEEKS
    if did in ("D01", "D02"):  # more on the stalls: the first to choose take it
        return early
    if did in D.HOMECOMING:
        street = D.HOMECOMING[did]
        key = ("tuesday", "wednesday", "thursday", "friday")[street]
        return _fair_share({p["seat"]: float(min(D.HOMECOMING_MAX, p["street"][key])) for p in players}, seat)
    if did in D.OVERTIME:
        return _fair_share(_overtime_gains(view, seat, D.OVERTIME[did]), seat)
    if did in ("D11", "D12"):
        ships = view["harbour"]["ships"][: 2 if did == "D11" else 1]
        paid: dict[int, float] = {p["seat"]: 0.0 for p in players}
        for ship in ships:
            for hold in ship["holds"]:
                if hold["seat"] is not None:
                    paid[hold["seat"]] += hold["pay"]
            if ship.get("extra_seat") is not None:
                paid[ship["extra_seat"]] += D.EXTRA_HOLD_PAY
        if not any(paid.values()):  # fresh ships only: more open holds for whoever has goods
            return _goods(me) >= 2
        return _fair_share(paid, seat)
    if did == "D15":  # an extra hold is worth having only with a spare good and a member
        return _goods(me) >= 1 and int(players[seat]["reserve"]) >= 2
    if did == "D16":  # more relics for sale: for whoever buys first, or can pay
        money = me.get("money") or {}
        return early or max(money.values(), default=0) >= 12
    if did == "D17":  # one member fewer next Tuesday helps the seats short of members
        spare = {p["seat"]: float(p["reserve"] + sum(p["street"].values())) for p in players}
        return not last_week and spare[seat] <= _others(spare, seat)
    if did == "D18":  # the money changers help a purse split over currencies
        money = me.get("money") or {}
        return sum(1 for v in money.values() if v >= 3) >= 2
    return True  # D04 extra supplies, D14 lucky find: everyone gains alike
