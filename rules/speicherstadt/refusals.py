"""Why a well-formed action is refused, in the rules' own words (``State.refusal``); None for junk.

Only called for an action that is not legal for an awaited seat. Nothing here is secret: every seat sees all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.speicherstadt.data import (
    BUILDING_SPACES,
    CARDS,
    GOODS,
    HALL_CONVERT_CUBES,
    HALL_SELL_CUBES,
    HALL_STORE_MAX,
    MERCHANT_NAMES,
    WAREHOUSE_CAPACITY,
)
from rules.speicherstadt.loading import MAX_PUTS_PER_TURN

if TYPE_CHECKING:
    from rules.speicherstadt.state import SpeicherstadtState

_LOADING_VERBS = ("fill", "sell", "store", "hall", "take", "marketsell", "convert", "done")
_GOODS_WORDS = "coffee, tea, saffron, rubber or carpet"


def _cubes(n: int) -> str:
    return f"{n} cube{'' if n == 1 else 's'}"


def refusal(st: SpeicherstadtState, seat: int, action: str) -> str | None:
    words = action.split()
    if not words:
        return None
    verb = words[0].lower()
    if st.phase == "demand":
        return _demand(st, verb, words)
    if st.phase == "purchase":
        if verb == "place" or verb in _LOADING_VERBS:
            name = CARDS[st.row[st.col]["card"]]["name"]
            return f"It is the Purchase phase: buy or decline {name} (buy / decline)."
        return None
    if st.phase == "loading":
        if verb in ("place", "buy", "decline"):
            return "It is the Loading phase: unload, sell or store your goods, then end loading (done)."
        if verb in _LOADING_VERBS:
            return _loading(st, st.players[seat], verb, words[1:])
    return None


def _demand(st: SpeicherstadtState, verb: str, words: list[str]) -> str | None:
    if verb in ("buy", "decline", *_LOADING_VERBS):
        return "It is the Demand phase: place a worker above a card (place <card number>)."
    if verb != "place" or len(words) != 2:
        return None
    cols = len(st.row)
    if not (words[1].isascii() and words[1].isdigit()) or not 1 <= int(words[1]) <= cols:
        return f"There is no card {words[1][:10]} in the row: choose a card from 1 to {cols}."
    if len(st.row[int(words[1]) - 1]["workers"]) >= BUILDING_SPACES:
        return f"All {BUILDING_SPACES} spaces above card {words[1]} are taken: choose another card."
    return None


def _good(word: str) -> str | None:
    return word if word in GOODS else None


def _unknown_good(word: str) -> str:
    return f"There is no good '{word[:20]}': the goods are {_GOODS_WORDS}."


def _holds(p: dict[str, Any], good: str) -> bool:
    return bool(p["hand"][good] or p["hall"][good] or p["wh"][good])


def _no_cube(good: str) -> str:
    return f"You have no {good} cube (in hand, on your market hall or in your warehouse)."


def _loading(st: SpeicherstadtState, p: dict[str, Any], verb: str, args: list[str]) -> str | None:
    on_hall = sum(p["hall"].values())
    if verb == "done":
        return (f"You may keep at most {HALL_STORE_MAX} cube on your market hall, and it holds {on_hall}: "
                f"sell 2 for a coin (marketsell), trade 3 for any cube of the reserve (convert <good>) "
                f"or take cubes back (take <good> hall) first.")
    if verb == "marketsell":
        return (f"Selling at the market hall needs exactly {HALL_SELL_CUBES} cubes on it; it holds {_cubes(on_hall)}"
                " (put cubes there with hall <good>, take them back with take <good> hall).")
    if not args:
        return None
    good = _good(args[0])
    if verb == "fill":
        return _fill(p, args)
    if good is None:
        return _unknown_good(args[0])
    if verb == "convert":
        if on_hall != HALL_CONVERT_CUBES:
            return (f"Converting needs exactly {HALL_CONVERT_CUBES} cubes on your market hall; it holds "
                    f"{_cubes(on_hall)} (put cubes there with hall <good>).")
        return f"The reserve has no {good} cube, even counting the 3 you would pay: choose another good."
    if verb == "sell":
        if not any(CARDS[c]["kind"] == "merchant" and CARDS[c]["good"] == good for c in p["cards"]):
            return f"You need the {MERCHANT_NAMES[good]} to sell {good}."
        return _no_cube(good)
    if verb in ("store", "hall"):
        if verb == "store" and not any(CARDS[c]["kind"] == "warehouse" for c in p["cards"]):
            return "You own no Warehouse."
        if verb == "store" and sum(p["wh"].values()) >= WAREHOUSE_CAPACITY:
            return f"Your warehouse is full ({WAREHOUSE_CAPACITY} cubes)."
        if not p["hand"][good]:
            return f"You have no {good} in hand (take it back first with take {good} wh or take {good} hall)."
        if p["puts"] >= MAX_PUTS_PER_TURN:
            return f"You have moved cubes {MAX_PUTS_PER_TURN} times this turn: use them or end loading."
        return None
    if verb == "take":
        where = args[1] if len(args) > 1 else ""
        if where not in ("wh", "hall"):
            return f"Take from where? Say take {good} wh (warehouse) or take {good} hall (market hall)."
        place = "warehouse" if where == "wh" else "market hall"
        return f"There is no {good} in your {place}."
    return None


def _fill(p: dict[str, Any], args: list[str]) -> str | None:
    if len(args) != 2:
        return "Say which contract and which good: fill <card> <good>, e.g. fill B02 tea."
    cid, word = args[0].upper(), args[1]
    if cid not in p["cards"] or CARDS[cid]["kind"] != "contract":
        return f"You have no contract {args[0][:10]}."
    good = _good(word)
    if good is None:
        return _unknown_good(word)
    card = CARDS[cid]
    if good not in card["goods"]:
        return f"{card['name']} takes no {good}: it needs {', '.join(card['goods'])}."
    if good in p["filled"][cid]:
        return f"{card['name']} already holds its {good}."
    if not _holds(p, good):
        return _no_cube(good)
    return f"Type the card as printed: fill {cid} {good}." if args[0] != cid else None
