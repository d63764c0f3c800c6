"""English text: action labels and the one event formatter of The Speicherstadt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Event
from rules.speicherstadt.data import CARDS, GOODS, HALL_CONVERT_CUBES, HALL_SELL_CUBES

if TYPE_CHECKING:
    from rules.speicherstadt.state import SpeicherstadtState


def _name(cid: str) -> str:
    return CARDS[cid]["name"] if cid in CARDS else "?"


def _goods(counts: dict[str, int] | None) -> str:
    if not counts:
        return "nothing"
    return ", ".join(f"{n} {g}" for g in GOODS if (n := counts.get(g, 0))) or "nothing"


def _seats(seats: list[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats) or "nobody"


def describe_action(state: SpeicherstadtState, action: str, seat: int | None = None) -> str:
    """The label of ``action``; ``seat``: whose it is (else the one awaited seat, if there is only one)."""
    words = action.split()
    verb = words[0] if words else ""
    if verb == "place" and len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= len(state.row):
        slot = state.row[int(words[1]) - 1]
        space = len(slot["workers"]) + 1
        return f"Worker above card {words[1]} ({_name(slot['card'])}), space {space}"
    if verb in ("buy", "decline") and state.phase == "purchase":
        slot = state.row[state.col]
        price = len(slot["workers"])
        name = _name(slot["card"])
        coins = f"{price} coin{'' if price == 1 else 's'}"
        return f"Buy {name} for {coins}" if verb == "buy" else f"Decline {name} (price {coins})"
    if verb == "fill" and len(words) == 3:
        return f"Put {words[2]} on {_name(words[1])}"
    if verb == "sell" and len(words) == 2:
        return f"Sell {words[1]} to your merchant for 1 coin"
    if verb == "store" and len(words) == 2:
        return f"Store {words[1]} in your warehouse"
    if verb == "hall" and len(words) == 2:
        return f"Put {words[1]} on your market hall{_hall_next(state, seat)}"
    if verb == "take" and len(words) == 3:
        where = "warehouse" if words[2] == "wh" else "market hall"
        return f"Take {words[1]} from your {where} into hand"
    if verb == "marketsell":
        return "Market hall: sell its 2 cubes for 1 coin"
    if verb == "convert" and len(words) == 2:
        return f"Market hall: trade its 3 cubes for 1 {words[1]} from the reserve"
    if verb == "done":
        awaited = state.to_act() if state.phase == "loading" else []
        if seat is None and len(awaited) == 1:
            seat = awaited[0]
        if seat is None or not 0 <= seat < state.num_players:
            return "End loading (cubes still in hand are lost)" if len(awaited) > 1 else "End loading"
        left = sum(state.players[seat]["hand"].values())
        return f"End loading ({left} cube{'s' if left != 1 else ''} in hand will be lost)" if left else "End loading"
    return action[:100] or "?"


def _hall_next(state: SpeicherstadtState, seat: int | None) -> str:
    """What the market hall will allow once this cube is on it (2 cubes: sell for a coin; 3: convert)."""
    if seat is None and state.phase == "loading" and len(state.to_act()) == 1:
        seat = state.to_act()[0]
    if seat is None or not 0 <= seat < state.num_players:
        return " (2 there sell for 1 coin, 3 trade for 1 cube of the reserve)"
    after = sum(state.players[seat]["hall"].values()) + 1
    if after == HALL_SELL_CUBES:
        return " (then 2 there: sell them for 1 coin)"
    if after == HALL_CONVERT_CUBES:
        return " (then 3 there: trade them for 1 cube of the reserve)"
    return " (1 cube may stay there for a later round)" if after == 1 else ""


def event_text(event: Event) -> str:
    p = event.params
    k = event.kind
    if k == "round":
        return f"Round {p['round']} begins."
    if k == "reveal":
        if p.get("col") is None:
            return f"Revealed: {_name(p['card'])}!"
        cubes = f" carrying {_goods(p.get('cubes'))}" if p.get("cubes") else ""
        return f"Card {p['col']}: {_name(p['card'])}{cubes}."
    if k == "fire":
        totals = ", ".join(f"seat {s}: {t}" for s, t in enumerate(p["totals"]))
        if not p["gain"]:
            return f"{_name(p['card'])}: all fire brigades are equal ({totals}); nobody scores."
        return (f"{_name(p['card'])} (firemen {totals}): {_seats(p['gain'])} +{p['bonus']}, "
                f"{_seats(p['lose'])} -{p['penalty']}.")
    if k == "last_round":
        return "Only the 4th Fire is left in the pile: this is the last round."
    if k == "special_end":
        return "The 3rd Fire was the last Autumn card: the 4th Fire follows at once and the game ends."
    if k == "place":
        return f"Seat {p['seat']} places a worker above card {p['col']} ({_name(p['card'])}), space {p['space']}."
    if k == "buy":
        return f"Seat {p['seat']} buys {_name(p['card'])} for {p['price']}."
    if k == "decline":
        why = " (cannot pay)" if p.get("auto") else ""
        return f"Seat {p['seat']} declines {_name(p['card'])} at {p['price']}{why}."
    if k == "discard":
        cubes = f"; its cubes ({_goods(p['cubes'])}) go to the reserve" if p.get("cubes") else ""
        return f"Nobody buys {_name(p['card'])}{cubes}."
    if k == "fill":
        done = " — contract complete!" if p.get("complete") else "."
        return f"Seat {p['seat']} puts {p['good']} on {_name(p['card'])}{done}"
    if k == "sell":
        return f"Seat {p['seat']} sells {p['good']} to a merchant for 1 coin."
    if k == "store":
        return f"Seat {p['seat']} stores {p['good']} in the warehouse."
    if k == "hall":
        return f"Seat {p['seat']} puts {p['good']} on the market hall."
    if k == "take":
        where = "warehouse" if p.get("from") == "wh" else "market hall"
        return f"Seat {p['seat']} takes {p['good']} from the {where}."
    if k == "marketsell":
        return f"Seat {p['seat']} sells {_goods(p['paid'])} at the market hall for 1 coin."
    if k == "convert":
        return f"Seat {p['seat']} converts {_goods(p['paid'])} into 1 {p['good']}."
    if k == "done":
        lost = f"; {_goods(p['lost'])} lost to the reserve" if p.get("lost") else ""
        return f"Seat {p['seat']} ends loading{lost}."
    if k == "income":
        return "Income: " + ", ".join(f"seat {s} +{g}" for s, g in enumerate(p["gains"])) + "."
    if k == "first":
        return f"Seat {p['seat']} is now first player."
    if k == "end":
        scores = ", ".join(f"seat {s}: {v}" for s, v in enumerate(p["scores"]))
        return f"Game over ({scores}). Winner: {_seats(p['winners'])}."
    return k
