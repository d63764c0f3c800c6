"""What a bid can win, said to the bidder: the roles of a step's ranks, where each of their stacks would rank
against the bids so far (ties to the seat nearest the first player), their role once ranked, and the
objective texts at this table's player count. Pure functions of public data plus the bidder's own holdings,
so the summary (from a view) and the menu labels (from a state) say the same."""

from __future__ import annotations

from collections.abc import Sequence

from rules.strasbourg import names
from rules.strasbourg.data import COUNCIL_OBJECTIVE_THRESHOLD, OBJECTIVES
from rules.words import N_, seat, translator

_, _n = translator("strasbourg")

ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"))


def ordinal(rank: int) -> str:
    return _(ORDINALS[rank - 1]) if 1 <= rank <= len(ORDINALS) else _("{rank}th").format(rank=rank)


# TRANSLATORS: the roles a rank wins are "short (detail)": short menu labels keep only what comes before " (".
def slots(kind: str, letter: str, guild: str | None, n: int, goods: int) -> list[str]:
    """What ranks 1, 2, … win in this step (short; ranks beyond the list have no slot)."""
    if kind == "nobility":
        return [_("Nobility seat (builds the edifice in I)"), _("Church seat (builds the chapel in H)")]
    if kind == "guild" and guild:
        tile, name = names.goods_name(guild), names.guild_name(guild)
        # TRANSLATORS: {guild} is a guild's name (Smiths…), {goods} its goods (weapons…).
        master = _("Master ({guild} seat + {goods} + may buy a space)").format(guild=name, goods=tile)
        journeyman = _("Journeyman ({goods} + may buy a space)").format(goods=tile)
        apprentice = _("Apprentice ({goods} or one space)").format(goods=tile)
        return [master, journeyman, apprentice] if n >= 4 else [master, apprentice]
    if kind == "merchants":
        if goods:
            return [_("sell goods + Merchants seat") if letter == "G" else _("sell goods")]
        if letter == "G":
            return [_("Merchants seat (no goods to sell)")]
        return [_("nothing: no goods to sell (may return a card)")]
    return []


def win_text(rank: int, roles: Sequence[str], short: bool = False) -> str:
    """"2nd, Church seat (…)"; ``short`` drops the bracketed detail."""
    role = roles[rank - 1] if rank <= len(roles) else _("no slot (may return a card)")
    return f"{ordinal(rank)}, {role.split(' (')[0] if short else role}"


def rank_so_far(total: int, me: int, first: int, status: Sequence[str], revealed: Sequence[Sequence[int]]) -> int:
    """Where a reveal of ``total`` by ``me`` ranks against the stacks revealed so far (ties: nearest the first
    player, counted from the marker holder at the start of the step)."""
    n = len(status)
    order = [(first + k) % n for k in range(n)]
    mine = order.index(me)
    ahead = 0
    for s in range(n):
        if s == me or status[s] != "revealed":
            continue
        theirs = sum(revealed[s])
        if theirs > total or (theirs == total and order.index(s) < mine):
            ahead += 1
    return 1 + ahead


def tie_text(first: int, n: int) -> str:
    order = ", ".join(seat((first + k) % n) for k in range(n))
    return _("Ties go to the seat nearest the first player: {order}.").format(order=order)


def task_text(kind: str, guild: str | None, letter: str | None) -> str:
    """The slot holder's role, said to them."""
    name, goods = names.guild_name(guild), names.goods_name(guild)
    if kind == "master":
        return _("you are the Master of the {guild}: you took the seat and {goods} goods; you may buy one space"
                 ).format(guild=name, goods=goods)
    if kind == "journeyman":
        return _("you are the Journeyman of the {guild}: you took {goods} goods; you may buy one space").format(
            guild=name, goods=goods)
    if kind == "apprentice":
        return _("you are the Apprentice of the {guild}: take {goods} goods or place one member on a space").format(
            guild=name, goods=goods)
    if kind == "merchant" and letter == "G":
        return names.COMMANDS.fill(_("you are the Merchants' first: sell any of your goods for coins, then {done} "
                                     "(you also took the Merchants seat)"))
    texts = {
        "merchant": N_("you are the Merchants' first: sell any of your goods for coins, then {done}"),
        "return": N_("you revealed but won no action: you may put one card of the stack at the bottom of your deck"),
        "chapel": N_("you hold the Church seat: build this round's chapel"),
        "edifice": N_("you hold the Nobility seat: build this round's edifice"),
    }
    return names.COMMANDS.fill(_(texts[kind])) if kind in texts else ""


def objective_text(oid: str, n: int, edifices: Sequence[str]) -> str:
    """An objective's condition at this table: O13's threshold for ``n`` players, the round an edifice is built."""
    card = OBJECTIVES[oid]
    if card["type"] == "council" and n in COUNCIL_OBJECTIVE_THRESHOLD:
        return _("{seats}+ council seats at the end ({n} players)").format(seats=COUNCIL_OBJECTIVE_THRESHOLD[n], n=n)
    if card["type"] == "edifice_pair" and card["param"] in edifices:
        rnd = list(edifices).index(card["param"]) + 1
        return _("{text} (built in round {round})").format(text=names.objective_condition(oid), round=rnd)
    return names.objective_condition(oid)
