"""The rules' own reason why a well-formed action is not legal now (``State.refusal``); None for junk.

A reason names only what the asking seat may see: its own money, materials and goods, and the public board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.colonia import data as D
from rules.colonia.board import CRAFT_INDEX, CUR_INDEX, GOOD_INDEX, STALL_NAMES
from rules.colonia.labels import relic_name
from rules.colonia.loops import displayed
from rules.colonia.names import _, _n, amount, name
from rules.words import N_

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState

#: verb -> (the stage or loop it belongs to, when it is played)
WHEN = {
    "family": ("family", N_("on Tuesday (family cards)")),
    "vote": ("vote", N_("while a decree is voted on")),
    "decide": ("mayor", N_("when the mayor breaks a tied vote")),
    "take": ("good", N_("after rolling a 6 for a good")),
    "give": ("extra", N_("after choosing an extra hold")),
    "enshrine": ("shrine", N_("right after buying a shrine or a relic for an empty shrine")),
    "exchange": ("exchange", N_("at the money changers (decree D18)")),
    "stall": ("stall", N_("on Wednesday (market)")),
    "order": ("order", N_("on Thursday (craftsmen)")),
    "load": ("load", N_("on Friday (loading)")),
    "extra": ("load", N_("on Friday (loading), after the Extra cargo space decree passed")),
    "buy": ("buy", N_("on Sunday (relic purchases)")),
    "insure": ("insure", N_("on Sunday, after the purchases (insurance)")),
}


def refusal(st: ColoniaState, seat: int, action: str) -> str | None:
    from rules.colonia.views import phase_name

    verb, _sep, rest = action.partition(" ")
    if verb not in WHEN:
        return None
    where, when = WHEN[verb]
    now = st.running_loop()["kind"] if st.stage == "loop" else st.stage
    if now != where:
        # TRANSLATORS: {verb} is the command word the player typed (family, vote, stall…), kept in English.
        return _("'{verb}' is played {when}; now it is {phase}.").format(verb=verb, when=_(when), phase=phase_name(st))
    reason = _why(st, seat, verb, rest)
    return reason


def _why(st: ColoniaState, seat: int, verb: str, rest: str) -> str | None:
    if verb == "family":
        if not rest.isdigit() or int(rest) not in D.FAMILY_CARDS:
            return _("Family cards go from 3 to 8.")
        left = ", ".join(map(str, st.cards_left[seat]))
        return _("You played your family card {card} in an earlier week; you have {left} left.").format(card=rest,
                                                                                                        left=left)
    if verb == "take" and rest not in GOOD_INDEX:
        # TRANSLATORS: {goods} are the words to type (saddle, cartwheel…), kept in English.
        return _("Choose one of the goods: {goods}.").format(goods=", ".join(D.GOODS))
    if verb == "give":
        if rest in GOOD_INDEX:
            return _("You have no {good} to load.").format(good=name(rest))
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
        return _("Stalls are numbered 1 to {n}.").format(n=len(STALL_NAMES))
    i = int(rest) - 1
    total = sum(st.stalls[i])
    if st.stall_members[i]:
        return _("Stall {stall} is already taken.").format(stall=rest)
    if not total:
        return _("Stall {stall} is empty.").format(stall=rest)
    return _n("Stall {stall} needs {n} member (one per material); you have {reserve} in reserve.",
              "Stall {stall} needs {n} members (one per material); you have {reserve} in reserve.", total).format(
        stall=rest, n=total, reserve=st.reserve[seat])


def _order(st: ColoniaState, seat: int, rest: str) -> str | None:
    if rest not in CRAFT_INDEX:
        # TRANSLATORS: {craftsmen} are the words to type (saddler, wheelwright…), kept in English.
        return _("The craftsmen are: {craftsmen}.").format(craftsmen=", ".join(D.CRAFTSMEN))
    c = CRAFT_INDEX[rest]
    a, b = D.RECIPES[c]
    missing = [m for m in (a, b) if not st.raw[seat][m]]
    fields = {"craftsman": name(rest), "input1": name(D.MATERIALS[a]), "input2": name(D.MATERIALS[b])}
    if len(missing) == 2:
        return _("The {craftsman} needs {input1} + {input2}; you have no {input1} and no {input2}.").format(**fields)
    if missing:
        return _("The {craftsman} needs {input1} + {input2}; you have no {missing}.").format(
            missing=name(D.MATERIALS[missing[0]]), **fields)
    if len(st.cols[c]) >= D.ORDER_SPACES:
        return _("The {craftsman}'s {n} order spaces are all taken.").format(craftsman=name(rest), n=D.ORDER_SPACES)
    cost = st.new_orders[c] + 1
    return _n("The next order at the {craftsman} costs {n} member; you have {reserve} in reserve.",
              "The next order at the {craftsman} costs {n} members; you have {reserve} in reserve.", cost).format(
        craftsman=name(rest), n=cost, reserve=st.reserve[seat])


def _load(st: ColoniaState, seat: int, verb: str, rest: str) -> str | None:
    parts = rest.split()
    ship = next((s for s in st.harbour if parts and s["id"] == parts[0]), None)
    if ship is None:
        return _("That ship is not in the harbour.") if parts and parts[0] in D.SHIP_BY_ID else None
    if not st.reserve[seat]:
        return _("Loading takes 1 member and you have none in reserve.")
    if verb == "extra":
        if not st.extra_holds:
            return _("Ships have extra holds only in a week when the Extra cargo space decree (D15) passed.")
        if ship["x"] is not None:
            return _("The extra hold of {ship} is already loaded.").format(ship=ship["id"])
        return _("You have no goods to load.")
    info = D.SHIP_BY_ID[ship["id"]]
    if len(parts) != 2 or not parts[1].isdigit() or not 1 <= int(parts[1]) <= len(info.holds):
        return _("Ship {ship} has holds 1 to {n}.").format(ship=ship["id"], n=len(info.holds))
    h = int(parts[1]) - 1
    if ship["h"][h] is not None:
        return _("Hold {hold} of {ship} is already loaded.").format(hold=h + 1, ship=ship["id"])
    need = info.holds[h][0]
    missing = sorted({D.GOODS[g] for g in need if st.goods[seat][g] < need.count(g)})
    fields = {"hold": h + 1, "ship": ship["id"], "goods": " + ".join(name(D.GOODS[g]) for g in need)}
    lacking = [name(g) for g in missing]
    if len(lacking) <= 1:
        return _("Hold {hold} of {ship} takes exactly {goods}; you have no {good}.").format(
            good="".join(lacking), **fields)
    if len(lacking) == 2:
        return _("Hold {hold} of {ship} takes exactly {goods}; you have no {good} and no {other}.").format(
            good=lacking[0], other=lacking[1], **fields)
    return _("Hold {hold} of {ship} takes exactly {goods}; you have no {good} and no {other} and no {third}.").format(
        good=lacking[0], other=lacking[1], third=" and no ".join(lacking[2:]), **fields)


def _relic(st: ColoniaState, seat: int, verb: str, card: str) -> str | None:
    if card not in D.RELIC_BY_ID:
        return None
    if verb == "enshrine":
        return _("{relic} cannot go into this shrine (only a relic of yours from its city).").format(
            relic=relic_name(card))
    if card not in displayed(st):
        return _("{card} is not on display.").format(card=card)
    r = D.RELIC_BY_ID[card]
    if verb == "buy":
        cur = D.CURRENCIES[r.city]
        return _("{relic} costs {price} (only {currency} pays for it); you have {money}.").format(
            relic=relic_name(card), price=amount(r.price, cur), currency=name(cur),
            money=amount(st.money[seat][r.city], cur))
    if card in st.insured:
        return _("{card} is already insured.").format(card=card)
    return _("Insuring takes 1 member and you have none in reserve.")


def _exchange(st: ColoniaState, seat: int, rest: str) -> str | None:
    parts = rest.split()
    src = st.xchg[seat]
    if len(parts) == 1 and parts[0] in CUR_INDEX:
        return _("You have no {currency} to exchange.").format(currency=name(parts[0]))
    if len(parts) == 4 and parts[0].isdigit() and parts[1] in CUR_INDEX and parts[3] in CUR_INDEX:
        if src is None:
            # TRANSLATORS: 'exchange <currency>' is typed as it is (the command stays English).
            return _("First choose the currency to exchange from: 'exchange <currency>'.")
        if parts[1] != src:
            # TRANSLATORS: {action} is a command typed as it is ('exchange mark').
            return _("You chose to exchange from {currency}; choose '{action}' first to switch.").format(
                currency=name(src), action="exchange " + parts[1])
        if parts[1] == parts[3]:
            return _("Exchange into a different currency.")
        have = min(5, st.money[seat][CUR_INDEX[src]])
        return _("You can exchange 1 to {amount} (at most 5, and no more than you have).").format(
            amount=amount(have, src))
    return None
