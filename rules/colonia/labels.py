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
from rules.colonia.names import _, _n, amount, decree_name, decree_text, items, name, named_counts

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
    price = amount(r.price, D.CURRENCIES[r.city])
    if r.shrine:
        return _("{city} shrine ({price})").format(city=name(D.CITIES[r.city]), price=price)
    return _("{city} relic {card} ({vp} VP, {price})").format(city=name(D.CITIES[r.city]), card=card, vp=r.vp,
                                                             price=price)


def _last_week(st: ColoniaState) -> bool:
    return st.week >= D.WEEKS


def _members(n: int) -> str:
    return _n("{n} member", "{n} members", n).format(n=n)


# ---- Tuesday ------------------------------------------------------------------------------------------------------
def family(st: ColoniaState, seat: int | None, value: int) -> str:
    need = value - 1 if st.lean else value
    if st.lean:
        long = _("Family card {value} — sends {need} (Lean council)").format(value=value, need=need)
        short = _("Card {value} — sends {need} (Lean council)").format(value=value, need=need)
    else:
        send = _n("send {n} member", "send {n} members", need).format(n=need)
        long = _("Family card {value}: {send}").format(value=value, send=send)
        short = _("Card {value}: {send}").format(value=value, send=send)
    if seat is None or st.reserve[seat] >= need:
        votes = _n("{n} vote", "{n} votes", value).format(n=value)
        return first_fit(_("{card}, {votes}").format(card=long, votes=votes),
                         _("{card}, {votes}").format(card=short, votes=votes))
    reserve = st.reserve[seat]
    pulled = min(need - reserve, sum(st.street[seat]))
    return first_fit(
        _n("{card}; you have {reserve} in reserve → counts 0: no votes, last in order, {n} member pulled from the "
           "streets",
           "{card}; you have {reserve} in reserve → counts 0: no votes, last in order, {n} members pulled from the "
           "streets", pulled).format(card=long, reserve=reserve, n=pulled),
        _("{card}; you have {reserve} in reserve → counts 0: no votes, last, {pulled} off the streets").format(
            card=short, reserve=reserve, pulled=pulled),
        _("{card}; {reserve} in reserve → counts 0: no votes, last, {pulled} off the streets").format(
            card=short, reserve=reserve, pulled=pulled),
    )


# ---- decrees ------------------------------------------------------------------------------------------------------
def decree_effect(st: ColoniaState, did: str, seat: int | None) -> str:
    """What a decree would do now, in a few words (with the asking seat's share where it has one)."""
    if did == "D01":
        return _("+1 material on each regular stall")
    if did == "D02":
        return _("2 extra stalls of {n} materials").format(n=D.EXTRA_STALL_FILL)
    if did in D.HOMECOMING:
        sp = D.HOMECOMING[did]
        if seat is None:
            return _("up to {n} members each come home").format(n=D.HOMECOMING_MAX)
        home = min(D.HOMECOMING_MAX, st.street[seat][sp])
        return _n("you bring {n} member home", "you bring {n} members home", home).format(n=home)
    if did == "D04":
        return _("2 raw materials for everyone")
    if did in D.OVERTIME:
        return overtime_effect(st, did, seat)
    if did in ("D11", "D12"):
        ships = st.harbour[: 2 if did == "D11" else 1]
        holds = [o for s in ships for o in s["h"] + [s["x"]] if o is not None]
        mine = sum(1 for o in holds if o == seat)
        where = _("berths I–II sail") if did == "D11" else _("berth I sails")
        n = len(holds)
        if seat is not None and holds:
            return _n("{where} now: {n} loaded hold ({mine} yours)", "{where} now: {n} loaded holds ({mine} yours)",
                      n).format(where=where, n=n, mine=mine)
        return _n("{where} now: {n} loaded hold", "{where} now: {n} loaded holds", n).format(where=where, n=n)
    if did == "D14":
        return _("everyone rolls for a good")
    if did == "D15":
        return _("1 extra hold per ship this Friday ({n} each)").format(n=D.EXTRA_HOLD_PAY)
    if did == "D16":
        return _("2 more relics for sale this Sunday")
    if did == "D17":
        return _("next Tuesday every family sends 1 member fewer")
    if did == "D18":
        return _("swap up to 5 money 1:1 before Sunday")
    return decree_text(did)


def overtime_effect(st: ColoniaState, did: str, seat: int | None, short: bool = False) -> str:
    """D06–D10, voted on Thursday before anyone orders: the stick moves two spaces down, so up to two more of this
    Thursday's orders at that craftsman are delivered (orders carried over from last week first, then new ones)."""
    c = D.OVERTIME[did]
    n = min(D.ORDER_SPACES, st.stick[c] + 2) - st.stick[c]
    if n == 0:
        return _("the line is already at the bottom: no effect")
    if short:
        return _n("{n} more order delivered this Thursday", "{n} more orders delivered this Thursday", n).format(n=n)
    carried = st.cols[c][st.stick[c]: st.stick[c] + n]
    mine = sum(1 for o in carried if o[0] == seat)
    if seat is not None and carried:
        return _n("line {n} lower: {n} more of this Thursday's orders delivered ({mine} of those placed yours)",
                  "line {n} lower: {n} more of this Thursday's orders delivered ({mine} of those placed yours)",
                  n).format(n=n, mine=mine)
    return _n("line {n} lower: {n} more of this Thursday's orders delivered",
              "line {n} lower: {n} more of this Thursday's orders delivered", n).format(n=n)


def vote(st: ColoniaState, seat: int | None, yes: bool, verb: str = "Vote") -> str:
    did = st.slots[st.vote_slot][0] if 0 <= st.vote_slot < len(st.slots) else None
    if verb == "decide":
        lead = _("As mayor, decide the tie: Yes") if yes else _("As mayor, decide the tie: No")
    else:
        lead = _("Vote Yes") if yes else _("Vote No")
    if did is None:
        return lead
    title = decree_name(did)
    if not yes:
        return first_fit(_("{vote}: reject {decree}").format(vote=lead, decree=title), lead)
    options = [_("{vote}: {decree} — {effect}").format(vote=lead, decree=title, effect=decree_effect(st, did, seat))]
    if did in D.OVERTIME:  # the short wording still says what the decree does
        options.append(_("{vote}: {decree} — {effect}").format(vote=lead, decree=title,
                                                                effect=overtime_effect(st, did, seat, short=True)))
    return first_fit(*options, _("{vote}: {decree}").format(vote=lead, decree=title), lead)


# ---- the passing loops -------------------------------------------------------------------------------------------
def stall(st: ColoniaState, rest: str) -> str:
    i = int(rest) - 1
    total = sum(st.stalls[i])
    fields = {"stall": rest, "materials": items(named_counts(st.stalls[i], D.MATERIALS)), "members": _members(total),
              "count": _n("{n} material", "{n} materials", total).format(n=total)}
    if _last_week(st):
        return first_fit(_("Take stall {stall} ({materials}) with {members}").format(**fields),
                         _("Stall {stall} ({materials}): {members}").format(**fields),
                         _("Stall {stall}: {count} for {members}").format(**fields))
    # the Wednesday street step comes after next week's market: members placed now miss it (8 days)
    return first_fit(_("Take stall {stall} ({materials}) with {members}, back after next week's market").format(
                         **fields),
                     _("Stall {stall} ({materials}): {members}, back in 8 days").format(**fields),
                     _("Stall {stall}: {count} for {members}, back in 8 days").format(**fields))


def order(st: ColoniaState, craftsman: str) -> str:
    c = CRAFT_INDEX[craftsman]
    a, b = D.RECIPES[c]
    cost = _members(st.new_orders[c] + 1)
    space = len(st.cols[c]) + 1
    head = _("Order {good} ({input1} + {input2}), {cost}").format(
        good=name(D.GOODS[c]), input1=name(D.MATERIALS[a]), input2=name(D.MATERIALS[b]), cost=cost)
    short = _("Order {good}, {cost}").format(good=name(D.GOODS[c]), cost=cost)
    if space <= st.stick[c]:
        when = _("space {space}: delivered this Thursday").format(space=space)
        options = [_("{order} → {when}").format(order=head, when=when),
                   _("{order} → {when}").format(order=short, when=when)]
        if not _last_week(st):  # home at next Thursday's street step, after that day's orders: 8 days later
            options.insert(0, _("{order} → {when}, back in 8 days").format(order=head, when=when))
        return first_fit(*options)
    below = space - st.stick[c]
    when = _("space {space}, {below} below the line: may wait for the dice").format(space=space, below=below)
    options = [_("{order} → {when}").format(order=head, when=when),
               _("{order} → {when}").format(order=short, when=when)]
    if not _last_week(st):
        options.insert(0, _("{order} → {when}; members stay until it is made").format(order=head, when=when))
    return first_fit(*options)


def _sails(st: ColoniaState, sid: str) -> bool:
    berth = next(i for i, s in enumerate(st.harbour) if s["id"] == sid) + 1
    return berth <= st.depart


def load(st: ColoniaState, rest: str) -> str:
    sid, h = rest.split()
    info = D.SHIP_BY_ID[sid]
    need, pay = info.holds[int(h) - 1]
    head = _("Load {goods} on {ship} hold {hold} for {pay}").format(
        goods=" + ".join(name(D.GOODS[g]) for g in need), ship=sid, hold=h, pay=amount(pay, D.CURRENCIES[info.city]))
    if _sails(st, sid):
        if _last_week(st):
            return first_fit(_("{what}: sails this Saturday").format(what=head))
        # home at next Friday's street step, after its loading
        return first_fit(_("{what}: sails this Saturday, back after next week's loading").format(what=head),
                         _("{what}: sails this Saturday, back in 8 days").format(what=head),
                         _("{what}: sails this Saturday").format(what=head))
    return first_fit(_("{what}: stays in port (sails a later week)").format(what=head),
                     _("{what}: stays in port").format(what=head))


def extra(st: ColoniaState, sid: str) -> str:
    info = D.SHIP_BY_ID[sid]
    head = _("Use the extra hold of {ship} (any 1 good, {pay})").format(
        ship=sid, pay=amount(D.EXTRA_HOLD_PAY, D.CURRENCIES[info.city]))
    if _sails(st, sid):
        return _("{what}: sails this Saturday").format(what=head)
    return _("{what}: stays in port").format(what=head)


def insure(st: ColoniaState, card: str) -> str:
    """Insuring keeps the card through tonight's refill; the member stays on it until anyone buys it, which may
    never happen (then it stays to the end of the game)."""
    r = D.RELIC_BY_ID[card]
    short = relic_name(card) if r.shrine else _("{card} ({vp} VP, {price})").format(
        card=card, vp=r.vp, price=amount(r.price, D.CURRENCIES[r.city]))
    return first_fit(
        _("Insure the {relic} with 1 member: it stays on display; the member is back when anyone buys it (maybe never)"
          ).format(relic=relic_name(card)),
        _("Insure {relic}: it stays on display; 1 member, back when anyone buys it (maybe never)").format(relic=short),
        _("Insure {relic}: stays on display; 1 member, back when anyone buys it").format(relic=short),
        _("Insure {relic}: stays on display; 1 member, back when bought").format(relic=card))


def take(st: ColoniaState, good: str) -> str:
    if st.week == 1 and st.day == 1:
        return _("Take {good} (your start good: you rolled a 6, free choice)").format(good=amount(1, good))
    return _("Take {good} (lucky find: you rolled a 6, free choice)").format(good=amount(1, good))
