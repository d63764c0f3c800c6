"""The slot decisions after a ranking: master, journeyman, apprentice, merchant, returning a card, chapel, edifice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Event
from rules.strasbourg.data import (
    BUILDING_SPACES,
    CHAPEL_SPACES,
    GOODS_VALUE,
    GUILD_OF,
    GUILDS,
    PRICES,
)

if TYPE_CHECKING:
    from rules.strasbourg.state import StrasbourgState

GUILD_INDEX = {g: i for i, g in enumerate(GUILDS)}


def legal(st: StrasbourgState, task: dict[str, Any]) -> list[str]:
    kind = task["kind"]
    p = st.players[task["seat"]]
    if kind in ("master", "journeyman", "apprentice"):
        coins = p["coins"]
        buys = [f"buy {c}" for c in st._empty_spaces(task["guild"]) if PRICES[c] <= coins]
        return ["goods", *buys] if kind == "apprentice" else [*buys, "skip"]
    if kind == "merchant":
        held = [f"sell {g}" for g, n in zip(GUILDS, p["goods"], strict=True) if n]
        return [*held, "sell all", "done"] if sum(p["goods"]) > 1 else [*held, "done"]
    if kind == "return":
        return [f"return {v}" for v in sorted(set(task["cards"]), reverse=True)] + ["return none"]
    if kind == "chapel":
        return [f"chapel {ch}" for ch in CHAPEL_SPACES if ch not in st.chapels]
    return [f"build {c}" for c in BUILDING_SPACES if c not in st.built]


def apply_task(st: StrasbourgState, task: dict[str, Any], action: str, events: list[Event]) -> None:
    seat = task["seat"]
    p = st.players[seat]
    verb, _, arg = action.partition(" ")
    if verb == "buy":
        p["coins"] -= PRICES[arg]
        st.city[arg] = seat
        events.append(Event("buy", {"seat": seat, "cell": arg, "guild": GUILD_OF[arg], "price": PRICES[arg]}))
    elif verb == "goods":
        take_goods(st, seat, task["guild"], events)
    elif verb == "sell":
        sold = GUILDS if arg == "all" else (arg,)
        for g in sold:
            i = GUILD_INDEX[g]
            while p["goods"][i]:
                p["goods"][i] -= 1
                p["goods_sold"] += 1
                p["coins"] += GOODS_VALUE[g]
                p["income"] += GOODS_VALUE[g]
                events.append(Event("sell", {"seat": seat, "guild": g, "coins": GOODS_VALUE[g]}))
                if arg != "all":
                    break
        if arg != "all":
            return  # the merchant may go on selling until "done" (ending by itself would reveal an empty stock)
    elif verb == "return":
        cards = task["cards"]
        if arg != "none":
            cards.remove(int(arg))
            p["deck"].append(int(arg))
            events.append(Event("return", {"seat": seat, "card": int(arg)}))
        p["gone"].extend(cards)
    elif verb == "chapel":
        st.chapels.append(arg)
        events.append(Event("chapel", {"seat": seat, "space": arg}))
    elif verb == "build":
        edifice = st.edifices[st.round - 1]
        st.built[arg] = edifice
        events.append(Event("edifice", {"seat": seat, "cell": arg, "edifice": edifice}))
    # skip / done fall through: the task ends
    st.tasks.pop(0)


def take_goods(st: StrasbourgState, seat: int, guild: str, events: list[Event]) -> None:
    p = st.players[seat]
    p["goods"][GUILD_INDEX[guild]] += 1
    p["goods_taken"] += 1
    events.append(Event("goods", {"seat": seat, "guild": guild}))


def take_seat(st: StrasbourgState, name: str, seat: int, events: list[Event]) -> None:
    displaced = st.council[name]
    st.council[name] = seat
    events.append(Event("seat", {"seat": seat, "council": name, "displaced": displaced}))


def task_waits(st: StrasbourgState, task: dict[str, Any], events: list[Event]) -> bool:
    """Do a task's automatic part once; True if its owner must now decide."""
    kind, seat = task["kind"], task["seat"]
    if not task.get("started"):
        task["started"] = True
        if kind == "master":
            take_seat(st, task["guild"], seat, events)
            take_goods(st, seat, task["guild"], events)
        elif kind == "journeyman":
            take_goods(st, seat, task["guild"], events)
        elif kind == "merchant" and task["with_seat"]:
            take_seat(st, "merchants", seat, events)
    if kind in ("master", "journeyman"):
        return bool(st._empty_spaces(task["guild"]))
    if kind == "apprentice" and not st._empty_spaces(task["guild"]):
        take_goods(st, seat, task["guild"], events)
        return False
    return True
