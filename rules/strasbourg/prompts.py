"""What a bid can win, said to the bidder: the roles of a step's ranks, where each of their stacks would rank
against the bids so far (ties to the seat nearest the first player), their role once ranked, and the
objective texts at this table's player count. Pure functions of public data plus the bidder's own holdings,
so the summary (from a view) and the menu labels (from a state) say the same."""

from __future__ import annotations

from collections.abc import Sequence

from rules.strasbourg.data import COUNCIL_OBJECTIVE_THRESHOLD, GOODS_NAMES, GUILD_NAMES, OBJECTIVES

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def ordinal(rank: int) -> str:
    return ORDINALS[rank - 1] if 1 <= rank <= len(ORDINALS) else f"{rank}th"


def slots(kind: str, letter: str, guild: str | None, n: int, goods: int) -> list[str]:
    """What ranks 1, 2, … win in this step (short; ranks beyond the list have no slot)."""
    if kind == "nobility":
        return ["Nobility seat (builds the edifice in I)", "Church seat (builds the chapel in H)"]
    if kind == "guild" and guild:
        tile = GOODS_NAMES[guild]
        master = f"Master ({GUILD_NAMES[guild]} seat + {tile} + may buy a space)"
        journeyman = f"Journeyman ({tile} + may buy a space)"
        apprentice = f"Apprentice ({tile} or one space)"
        return [master, journeyman, apprentice] if n >= 4 else [master, apprentice]
    if kind == "merchants":
        seat = " + Merchants seat" if letter == "G" else ""
        if goods:
            return [f"sell goods{seat}"]
        if letter == "G":
            return ["Merchants seat (no goods to sell)"]
        return ["nothing: no goods to sell (may return a card)"]
    return []


def win_text(rank: int, roles: Sequence[str], short: bool = False) -> str:
    """"2nd, Church seat (…)"; ``short`` drops the bracketed detail."""
    role = roles[rank - 1] if rank <= len(roles) else "no slot (may return a card)"
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
    order = ", ".join(f"Seat {(first + k) % n}" for k in range(n))
    return f"Ties go to the seat nearest the first player: {order}."


def task_text(kind: str, guild: str | None, letter: str | None) -> str:
    """The slot holder's role, said to them."""
    name = GUILD_NAMES.get(guild or "", "")
    goods = GOODS_NAMES.get(guild or "", "")
    return {
        "master": f"you are the Master of the {name}: you took the seat and {goods} goods; you may buy one space",
        "journeyman": f"you are the Journeyman of the {name}: you took {goods} goods; you may buy one space",
        "apprentice": f"you are the Apprentice of the {name}: take {goods} goods or place one member on a space",
        "merchant": "you are the Merchants' first: sell any of your goods for coins, then done"
        + (" (you also took the Merchants seat)" if letter == "G" else ""),
        "return": "you revealed but won no action: you may put one card of the stack at the bottom of your deck",
        "chapel": "you hold the Church seat: build this round's chapel",
        "edifice": "you hold the Nobility seat: build this round's edifice",
    }.get(kind, "")


def objective_text(oid: str, n: int, edifices: Sequence[str]) -> str:
    """An objective's condition at this table: O13's threshold for ``n`` players, the round an edifice is built."""
    card = OBJECTIVES[oid]
    if card["type"] == "council" and n in COUNCIL_OBJECTIVE_THRESHOLD:
        return f"{COUNCIL_OBJECTIVE_THRESHOLD[n]}+ council seats at the end ({n} players)"
    if card["type"] == "edifice_pair" and card["param"] in edifices:
        rnd = list(edifices).index(card["param"]) + 1
        return f"{card['text']} (built in round {rnd})"
    text: str = card["text"]
    return text
