"""Per-viewer projections of a Colonia state (structure documented in ``state.py``).

Everything behind a screen (money, raw materials, goods, unshrined relics), a secret family card
or ballot not yet revealed, and every deck order stay out of other seats' views.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from rules.colonia import data as D
from rules.colonia.names import _, day, decree_name, seat_in_text
from rules.views import BaseView, LazyView
from rules.words import N_

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState, Ship



class RelicCard(TypedDict):
    id: str
    city: str
    currency: str
    price: int
    vp: int
    shrine: bool
    insured_by: int | None


class ColoniaPrivate(TypedDict):
    """``me``: what only the viewer's seat sees (its screen and its secret choices)."""

    seat: int
    money: dict[str, int]
    materials: dict[str, int]
    goods: dict[str, int]
    relics: list[RelicCard | None]
    family_choice: int | None
    ballot: str | None
    exchange_from: str | None
    shrine_options: NotRequired[list[str]]  # only while choosing


class ColoniaPlayer(TypedDict):
    seat: int
    colour: str
    reserve: int
    street: dict[str, int]
    early: int
    card: int | None
    card_zero: bool
    cards_left: list[int]
    chosen: bool
    shrines: list[dict[str, Any]]  # {id, relic, vp}
    passed: bool


class ColoniaView(BaseView):
    """A Colonia view (the keys are documented in ``state.py``); nested records are JSON objects."""

    round: int
    week: int
    day: int
    day_name: str
    week_card: dict[str, Any] | None
    weeks_used: list[str]
    deck_counts: dict[str, int]
    decrees: list[dict[str, Any]]
    vote: dict[str, Any] | None
    votes: list[dict[str, Any]]
    turn_order: list[int]
    mayor: int | None
    lean_council: bool
    market: list[dict[str, Any]]
    craftsmen: list[dict[str, Any]]
    harbour: dict[str, Any]
    relics: dict[str, Any]
    players: list[ColoniaPlayer]
    loop: dict[str, Any] | None
    pending: dict[str, Any] | None
    me: NotRequired[ColoniaPrivate]  # the viewer's own seat only
    final: NotRequired[dict[str, Any]]  # once over


STREETS = ("tuesday", "wednesday", "thursday", "friday")
#: loop kind -> what the loop is called (shown in the reader's language)
LOOP_NAMES = {"stall": N_("market"), "order": N_("craftsmen"), "load": N_("loading"),
              "buy": N_("relic purchases"), "insure": N_("insurance")}


#: relic id -> its card's fixed fields (city, currency, price, vp, shrine), looked up once: a view shows up to 12+
#: relics and the strong bot's playouts build a view at every step
RELIC_FIELDS = {r.id: (D.CITIES[r.city], D.CURRENCIES[r.city], r.price, r.vp, r.shrine) for r in D.RELICS}
#: relic id -> what the basic bot reads of its card, all fixed fields: the bot views share these dicts (a bot view is
#: read, never changed), so a playout step builds none of the 12+ cards it shows
BOT_RELIC = {card: {"id": card, "currency": currency, "price": price, "vp": vp, "shrine": shrine}
             for card, (_city, currency, price, vp, shrine) in RELIC_FIELDS.items()}
#: ship id -> each hold's (goods by name, pay)
HOLD_GOODS = {s.id: tuple((tuple(D.GOODS[g] for g in need), pay) for need, pay in s.holds) for s in D.SHIPS}


def relic_card(st: ColoniaState, card: str | None) -> RelicCard | None:
    if card is None:
        return None
    city, currency, price, vp, shrine = RELIC_FIELDS[card]
    return {"id": card, "city": city, "currency": currency, "price": price, "vp": vp, "shrine": shrine,
            "insured_by": st.insured.get(card)}


def counts(values: list[int], names: tuple[str, ...]) -> dict[str, int]:
    return {names[i]: values[i] for i in range(len(names))}


def phase_name(st: ColoniaState) -> str:
    stage, today = st.stage, st.day
    if stage == "over":
        return _("Game over")
    if stage == "good" and st.week == 1 and today == 1:
        return _("Setup: rolled a 6, choose a start good")
    name = day(today)
    if stage == "family":
        return _("{day}: family cards").format(day=name)
    if stage in ("vote", "mayor"):
        did = st.slots[st.vote_slot][0]
        return _("{day}: vote on {decree} {name}").format(day=name, decree=did, name=decree_name(did))
    if stage == "exchange":
        return _("{day}: money changers").format(day=name)
    if stage == "good":
        return _("{day}: lucky find, rolled a 6, choose a good").format(day=name)
    if stage == "extra":
        return _("{day}: extra hold").format(day=name)
    if stage == "shrine":
        return _("{day}: shrine").format(day=name)
    if stage == "loop":
        loop = LOOP_NAMES[st.running_loop()["kind"]]
        return _("{day}: {loop}").format(day=name, loop=_(loop))
    return name


def status_line(st: ColoniaState) -> str:
    if st.stage == "over":
        return _("Game over.")
    waiting = ", ".join(seat_in_text(s) for s in st.to_act())
    return _("Week {week}/{weeks}, {phase} — waiting for {seats}.").format(week=st.week, weeks=D.WEEKS,
                                                                          phase=phase_name(st), seats=waiting)


def step_of(view: Mapping[str, Any]) -> str:
    """Which follow-up step a view is at, read from its data (its ``phase`` is text in the reader's language):
    ``family`` (Tuesday's cards), ``extra`` (the good for an extra hold), ``exchange`` (the money changers), or ""."""
    if view.get("over") or not view.get("to_act"):
        return ""
    if view.get("day") == 2:  # Tuesday has no other decision than the family cards
        return "family"
    if (view.get("pending") or {}).get("kind") == "extra":
        return "extra"
    if view.get("day") == 6 and not view.get("vote"):  # Saturday after its votes: only D18's money changers ask
        return "exchange"
    return ""


def members_out(view: Mapping[str, Any], seat: int) -> int:
    """Members of ``seat`` on the board (streets, stalls, orders, holds, insured relics), from the public view."""
    total = 0
    for p in view.get("players") or []:
        if p.get("seat") == seat:
            total += sum(int(v) for v in (p.get("street") or {}).values()) + int(p.get("early") or 0)
    total += sum(int(m.get("members") or 0) for m in view.get("market") or [] if m.get("seat") == seat)
    for craft in view.get("craftsmen") or []:
        total += sum(int(o.get("members") or 0) for o in craft.get("orders") or [] if o.get("seat") == seat)
    for ship in (view.get("harbour") or {}).get("ships") or []:
        total += sum(1 for h in ship.get("holds") or [] if h.get("seat") == seat)
        total += 1 if ship.get("extra_seat") == seat else 0
    relics = view.get("relics") or {}
    total += sum(1 for c in (relics.get("display") or []) + (relics.get("extra") or [])
                 if c and c.get("insured_by") == seat)
    return total


def _me(st: ColoniaState, seat: int) -> ColoniaPrivate:
    """What only ``seat`` sees: its purse, stock, relics and secret choices."""
    me: ColoniaPrivate = {
        "seat": seat,
        "money": counts(st.money[seat], D.CURRENCIES),
        "materials": counts(st.raw[seat], D.MATERIALS),
        "goods": counts(st.goods[seat], D.GOODS),
        "relics": [relic_card(st, r) for r in st.relics[seat]],
        "family_choice": st.choice[seat] if st.stage == "family" else None,
        "ballot": None if st.ballot[seat] is None else ("yes" if st.ballot[seat] else "no"),
        "exchange_from": st.xchg[seat],
    }
    if st.pending is not None and st.pending["seat"] == seat and "options" in st.pending:
        me["shrine_options"] = list(st.pending["options"])
    return me


def build_views(st: ColoniaState, seats: Iterable[int]) -> tuple[ColoniaView, dict[int, ColoniaView]]:
    """The public view and each seat's, built once: a seat's view adds only its own ``me``."""
    public = build_view(st, None)
    out: dict[int, ColoniaView] = {}
    for seat in seats:
        view: ColoniaView = {**public, "viewer": seat}
        if 0 <= seat < st.num_players:
            view["me"] = _me(st, seat)
        out[seat] = view
    return public, out


def _vote(st: ColoniaState) -> dict[str, Any] | None:
    if st.stage not in ("vote", "mayor"):
        return None
    did = st.slots[st.vote_slot][0]
    voters = [s for s in st.order if st.voting_weight(s)]
    return {"decree": did, "voters": voters, "cast": [s for s in voters if st.ballot[s] is not None]}


def _stall_materials(row: list[int]) -> dict[str, int]:
    return {D.MATERIALS[m]: c for m, c in enumerate(row) if c}


def _market(st: ColoniaState) -> list[dict[str, Any]]:
    market = []
    for i, row in enumerate(st.stalls):
        held = st.stall_members[i]
        market.append({"stall": i + 1, "extra": i >= D.REGULAR_STALLS, "materials": _stall_materials(row),
                       "total": sum(row), "seat": held[0] if held else None, "members": held[1] if held else 0})
    return market


def _orders(st: ColoniaState, c: int) -> list[dict[str, int]]:
    return [{"seat": o, "members": k} for o, k in st.cols[c]]


def _craftsmen(st: ColoniaState) -> list[dict[str, Any]]:
    craftsmen = []
    for c, name in enumerate(D.CRAFTSMEN):
        a, b = D.RECIPES[c]
        craftsmen.append({"name": name, "good": D.GOODS[c], "inputs": [D.MATERIALS[a], D.MATERIALS[b]],
                          "stick": st.stick[c], "orders": _orders(st, c), "next_cost": st.new_orders[c] + 1})
    return craftsmen


def _holds(ship: Ship) -> list[dict[str, Any]]:
    seats = ship["h"]
    return [{"goods": list(goods), "pay": pay, "seat": seats[h]}
            for h, (goods, pay) in enumerate(HOLD_GOODS[ship["id"]])]


def _ships(st: ColoniaState) -> list[dict[str, Any]]:
    ships = []
    for berth, ship in enumerate(st.harbour):
        info = D.SHIP_BY_ID[ship["id"]]
        ships.append({"id": info.id, "berth": berth + 1, "city": D.CITIES[info.city],
                      "currency": D.CURRENCIES[info.city], "holds": _holds(ship),
                      "extra_seat": ship["x"], "extra_open": bool(st.extra_holds and ship["x"] is None)})
    return ships


def _street(st: ColoniaState, s: int) -> dict[str, int]:
    return {STREETS[i]: st.street[s][i] for i in range(4)}


def _shrines(st: ColoniaState, s: int) -> list[dict[str, Any]]:
    return [{"id": p[0], "relic": p[1], "vp": 2 * D.RELIC_BY_ID[p[1]].vp if p[1] else 0} for p in st.shrines[s]]


def _relics(st: ColoniaState) -> dict[str, Any]:
    return {"display": [relic_card(st, c) for c in st.display],
            "extra": [relic_card(st, c) for c in st.display_x], "discard": list(st.relic_discard)}


def _bot_relics(cards: Sequence[str | None]) -> list[dict[str, Any] | None]:
    return [None if c is None else BOT_RELIC[c] for c in cards]


def _bot_me(st: ColoniaState, seat: int) -> dict[str, Any]:
    return {"money": counts(st.money[seat], D.CURRENCIES), "materials": counts(st.raw[seat], D.MATERIALS),
            "goods": counts(st.goods[seat], D.GOODS), "relics": _bot_relics(st.relics[seat])}


def _loop(st: ColoniaState) -> dict[str, Any] | None:
    if st.loop is None:
        return None
    return {"kind": st.loop["kind"], "current": st.loop["cur"],
            "passed": [s for s in st.order if st.loop["passed"][s]]}


def _bot_players(st: ColoniaState, seat: int) -> list[dict[str, Any]]:
    return [{"seat": s, "reserve": st.reserve[s], "street": _street(st, s), "shrines": _shrines(st, s)}
            for s in range(st.num_players)]


def _bot_craftsmen(st: ColoniaState, seat: int) -> list[dict[str, Any]]:
    return [{"name": name, "good": D.GOODS[c], "stick": st.stick[c], "orders": _orders(st, c),
             "next_cost": st.new_orders[c] + 1} for c, name in enumerate(D.CRAFTSMEN)]


def _bot_harbour(st: ColoniaState, seat: int) -> dict[str, Any]:
    return {"departing": st.depart, "ships": [{"id": ship["id"], "berth": berth + 1, "holds": _holds(ship),
                                               "extra_seat": ship["x"]} for berth, ship in enumerate(st.harbour)]}


def _bot_market(st: ColoniaState, seat: int) -> list[dict[str, Any]]:
    return [{"materials": _stall_materials(row), "total": sum(row)} for row in st.stalls]


def _bot_relic_rows(st: ColoniaState, seat: int) -> dict[str, Any]:
    return {"display": _bot_relics(st.display), "extra": _bot_relics(st.display_x)}


def _bot_own(st: ColoniaState, seat: int) -> dict[str, Any]:
    if not 0 <= seat < st.num_players:
        raise KeyError("me")
    return _bot_me(st, seat)


# Built when the bot first reads them (``LazyView``): building them all was half of a Colonia search's time.
_BOT_PARTS: Mapping[str, Callable[[ColoniaState, int], Any]] = {
    "players": _bot_players, "craftsmen": _bot_craftsmen, "harbour": _bot_harbour, "market": _bot_market,
    "relics": _bot_relic_rows, "me": _bot_own}


def build_bot_view(st: ColoniaState, seat: int) -> ColoniaView:
    """The part of ``build_view(st, seat)`` the basic bot (``bot.py``, ``bot_votes.py``) reads, from the same
    helpers: no texts, scores, decks or decrees, and of each record only the keys the bot reads. The players,
    craftsmen, harbour, market, relics and the seat's own holdings are built when first read (``LazyView``)."""
    view = LazyView(st, seat, {"week": st.week, "turn_order": list(st.order), "lean_council": st.lean,
                               "vote": _vote(st), "loop": _loop(st)}, _BOT_PARTS)
    return cast(ColoniaView, view)  # a partial view: the keys the bot never reads are left out


def build_view(st: ColoniaState, seat: int | None) -> ColoniaView:
    n = st.num_players
    over = st.stage == "over"
    to_act = st.to_act()
    week_card = None
    if st.weeks_used:
        w = D.WEEK_CARDS[int(st.weeks_used[-1][1:]) - 1]
        week_card = {"id": w.id, "stalls": list(w.stalls), "orders": list(w.orders), "dice": w.dice,
                     "ships": w.ships}
    players: list[ColoniaPlayer] = []
    for s in range(n):
        players.append({
            "seat": s, "colour": D.COLOURS[s], "reserve": st.reserve[s],
            "street": _street(st, s), "early": st.early[s],
            "card": st.card[s], "card_zero": st.zero[s], "cards_left": list(st.cards_left[s]),
            "chosen": st.stage == "family" and st.choice[s] is not None,
            "shrines": _shrines(st, s),
            "passed": bool(st.loop and st.loop["passed"][s]),
        })
    pending = None
    if st.pending is not None:
        pending = {k: v for k, v in st.pending.items() if k != "options"}  # options name hidden relics
    view: ColoniaView = {
        "game": "colonia", "num_players": n, "viewer": seat, "to_act": to_act, "phase": phase_name(st),
        "status": status_line(st), "scores": st.public_scores(), "over": over,
        "round": st.week, "week": st.week, "day": st.day, "day_name": day(st.day) if st.day else "",
        "week_card": week_card, "weeks_used": list(st.weeks_used),
        "deck_counts": {"week": len(st.week_deck), "decrees": len(st.decree_deck), "ships": len(st.ship_deck),
                        "relics": len(st.relic_deck)},
        "decrees": [{"id": did, "day": D.DECREE_BY_ID[did].day, "name": D.DECREE_BY_ID[did].name,
                     "text": D.DECREE_BY_ID[did].text,
                     "result": None if res is None else ("passed" if res else "rejected")} for did, res in st.slots],
        "vote": _vote(st), "votes": [dict(v) for v in st.votes],
        "turn_order": list(st.order), "mayor": st.order[0] if st.week > 1 or st.day > 2 else None,
        "lean_council": st.lean,
        "market": _market(st), "craftsmen": _craftsmen(st),
        "harbour": {"departing": st.depart, "extra_holds": st.extra_holds, "ships": _ships(st),
                    "discard": list(st.ship_discard)},
        "relics": _relics(st), "players": players, "loop": _loop(st), "pending": pending,
    }
    if seat is not None and 0 <= seat < n:
        view["me"] = _me(st, seat)
    if over and st.final is not None:
        view["outcome"] = st.outcome().to_dict()
        view["final"] = {
            "windows": [{"city": D.CITIES[c], "seat": st.final["windows"][c], "paid": st.final["window_money"][c]}
                        for c in range(len(D.CITIES))],
            "players": [{"seat": s, "money": counts(st.money[s], D.CURRENCIES),
                         "goods": counts(st.goods[s], D.GOODS), "materials": counts(st.raw[s], D.MATERIALS),
                         "relics": list(st.relics[s])} for s in range(n)],
        }
    return view
