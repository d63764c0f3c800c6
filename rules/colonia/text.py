"""The one English formatter of Colonia: action labels and event texts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.colonia import data as D
from rules.colonia import labels
from rules.core import Event
from rules.words import plural

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState

STREET_NAMES = ("Tuesday", "Wednesday", "Thursday", "Friday")




def _relic(card: str) -> str:
    return labels.relic_name(card)


def _items(counts: dict[str, int] | None) -> str:
    if not counts:
        return "nothing"
    return ", ".join(f"{n} {name}" for name, n in counts.items())


def _seats(seats: list[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats) or "nobody"


def describe_action(st: ColoniaState, action: str, seat: int | None = None) -> str:
    """The menu label of ``action``; with ``seat``, as that seat sees it (its own reserve, its own share)."""
    verb, _, rest = action.partition(" ")
    if action == "pass":
        return "Pass (no more actions of this kind today)"
    if verb == "family":
        return labels.family(st, seat, int(rest))
    if verb in ("vote", "decide"):
        return labels.vote(st, seat, rest == "yes", verb)
    if verb == "take":
        return labels.take(st, rest)
    if verb == "give":
        return f"Load {rest} into the extra hold"
    if verb == "stall":
        return labels.stall(st, rest)
    if verb == "order":
        return labels.order(st, rest)
    if verb == "load":
        return labels.load(st, rest)
    if verb == "extra":
        return labels.extra(st, rest)
    if verb == "buy":
        return labels.first_fit(f"Buy the {_relic(rest)}")
    if verb == "insure":
        return labels.first_fit(f"Insure the {_relic(rest)} with 1 member (back when someone buys it)",
                                f"Insure the {_relic(rest)} with 1 member")
    if verb == "enshrine":
        return labels.first_fit(f"Place {_relic(rest)} in the shrine (double VP)")
    if action == "keep shrine empty":
        return "Keep the shrine empty for now"
    if action == "no exchange":
        return "Exchange nothing (keep your money as it is)"
    if verb == "exchange":
        parts = rest.split()
        if len(parts) == 1:
            if seat is not None and st.xchg[seat] is not None:
                return f"Exchange from {rest} instead (amount and currency next)"
            return f"Exchange {rest} into another currency (amount and currency next)"
        return f"Exchange {parts[0]} {parts[1]} into {parts[3]} (1:1)"
    return action


def event_text(event: Event) -> str:
    p: dict[str, Any] = event.params
    k = event.kind
    if k == "week":
        return (f"Week {p['week']} begins with week card {p['card']}: {plural(p['departing'], 'ship')} will sail; "
                f"decrees {', '.join(p['decrees'])}.")
    if k == "family_chosen":
        return f"Seat {p['seat']} has chosen a family card."
    if k == "family_you_chose":
        return f"You chose family card {p['card']}."
    if k == "family_revealed":
        cards = ", ".join(f"seat {s}: {c}" for s, c in enumerate(p["cards"]))
        text = f"Family cards revealed ({cards}). Turn order: {_seats(p['order'])}."
        if p["zero"]:
            text += f" Short of members, card counts 0: {_seats(p['zero'])}."
        if p["rolls"]:
            text += " Tie rolls: " + ", ".join(f"seat {s} rolled {r}" for s, r in p["rolls"].items()) + "."
        return text
    if k == "vote_cast":
        return f"Seat {p['seat']} has voted."
    if k == "you_voted":
        return f"You voted {'Yes' if p['yes'] else 'No'}."
    if k == "vote_result":
        name = D.DECREE_BY_ID[p["decree"]].name
        how = " (the mayor decided the tie)" if p["mayor_decided"] else ""
        verdict = "passes" if p["passed"] else "is rejected"
        return f"Decree {p['decree']} {name}: {p['yes_votes']} Yes to {p['no_votes']} No, it {verdict}{how}."
    if k == "decree_effect":
        d = D.DECREE_BY_ID[p["decree"]]
        return f"{d.name}: {d.text}"
    if k == "homecoming":
        moved = ", ".join(f"seat {s}: {m}" for s, m in p["moved"].items())
        return f"Members go home from the {str(p['street']).capitalize()} street ({moved})."
    if k == "materials_drawn":
        return f"You draw {_items(p['materials'])}."
    if k == "lucky_find":
        return "Lucky find rolls: " + ", ".join(f"seat {s} rolled {r}" for s, r in p["rolls"].items()) + "."
    if k == "good_chosen":
        return f"You take 1 {p['good']}."
    if k == "new_relics":
        return f"New relics on the extra spaces: {', '.join(p['relics']) or 'none left'}."
    if k == "exchanged":
        return f"You exchange {p['amount']} {p['from']} into {p['to']}."
    if k == "exchange_done":
        return f"Seat {p['seat']} is done at the money changers."
    if k == "pass":
        why = " (cannot act)" if p["forced"] else ""
        return f"Seat {p['seat']} passes{why}."
    if k == "stall":
        return f"Seat {p['seat']} takes stall {p['stall']} ({_items(p['materials'])})."
    if k == "order":
        when = "delivered this Thursday" if p["above"] else "below the line: may wait for the dice"
        return (f"Seat {p['seat']} orders from the {p['craftsman']} with {plural(p['members'], 'member')} "
                f"on space {p['space']} ({when}).")
    if k == "extra_dice":
        return f"Extra orders rolled: {', '.join(map(str, p['rolls'])) or 'none'}."
    if k == "delivery":
        parts = [f"seat {s} gets {_items(g)}" for s, g in p["goods"].items()]
        return "Deliveries: " + ("; ".join(parts) if parts else "none") + "."
    if k == "load":
        return f"Seat {p['seat']} loads {' + '.join(p['goods'])} on {p['ship']} hold {p['hold']} ({p['pay']})."
    if k == "extra_load":
        return f"Seat {p['seat']} loads {p['good']} into the extra hold of {p['ship']}."
    if k == "ship_departs":
        totals: dict[int, int] = {}  # one entry per owner, holds summed, in the order they were paid
        for owner, amount in p["payouts"]:
            totals[owner] = totals.get(owner, 0) + amount
        pays = ", ".join(f"seat {o} +{a}" for o, a in totals.items()) or "nothing loaded"
        when = " early" if p["early"] else ""
        return f"Ship {p['ship']} sails{when}, paying in {p['currency']}: {pays}."
    if k == "ships_arrive":
        return f"Ships arrive in the harbour: {', '.join(p['ships'])}."
    if k == "buy":
        text = f"Seat {p['seat']} buys {_relic(p['relic'])}."
        if p["insured_by"] is not None:
            text += f" Seat {p['insured_by']}'s insuring member goes home."
        return text
    if k == "enshrine":
        return f"Seat {p['seat']} places {_relic(p['relic'])} in the shrine ({p['vp']} VP)."
    if k == "insure":
        return f"Seat {p['seat']} insures {_relic(p['relic'])}."
    if k == "relics_refilled":
        return f"The relic display is refilled with {plural(len(p['relics']), 'card')}."
    if k == "windows":
        parts = []
        for c, seat in enumerate(p["windows"]):
            who = f"seat {seat} (hands {p['paid'][c]} {D.CURRENCIES[c]} to the bank)" if seat is not None else "nobody"
            parts.append(f"{D.CITIES[c]}: {who}")
        return "Stained-glass windows — " + "; ".join(parts) + "."
    if k == "game_over":
        return "Game over. Scores: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(p["scores"])) + "."
    return k.replace("_", " ")
