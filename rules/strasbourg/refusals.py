"""Why a well-formed Strasbourg action is not legal now, in the rules' own words (``State.refusal``).

Only called for an action that is not legal; names only what the acting seat may see. None means junk (an
unknown verb or argument): the generic "not a legal action now" is then said.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.strasbourg import planning
from rules.strasbourg.data import BUILDING_SPACES, CHAPEL_SPACES, GOODS_NAMES, GUILD_NAMES, GUILD_OF, OBJECTIVES, PRICES

if TYPE_CHECKING:
    from rules.strasbourg.state import StrasbourgState

PLANNING_VERBS = frozenset({"keep", "drop", "draw", "stop", "add", "close", "singles", "unplace", "restart", "split"})
BID_VERBS = frozenset({"reveal", "pass", "privilege"})
TASK_VERBS = frozenset({"buy", "skip", "goods", "sell", "done", "return", "chapel", "build"})

_PLAN_NOW = {
    "objectives": "choose your objectives first (keep, drop, then confirm)",
    "draw": "draw cards first, then stop",
    "split": "put your drawn cards into stacks first",
    "review": "your stacks are all placed: confirm them, or unplace / restart to change them",
    "ready": "you have confirmed your stacks; wait for the others",
}
_TASK_NOW = {
    "master": "as Master you may place a member in the city (buy) or skip",
    "journeyman": "as Journeyman you may place a member in the city (buy) or skip",
    "apprentice": "as Apprentice take goods or place one member (buy)",
    "merchant": "sell goods, then done",
    "return": "you may return one card of your revealed stack (return <value> or return none)",
    "chapel": "build the chapel (chapel <space>)",
    "edifice": "build the edifice (build <space>)",
}


def _cards(cards: list[int]) -> str:
    return ", ".join(map(str, cards)) or "none"


def refusal(st: StrasbourgState, seat: int, action: str) -> str | None:
    verb, _, arg = action.partition(" ")
    if st.phase == "planning" or (verb in ("confirm", "split") or action[:1].isdigit()):
        if st.phase != "planning":
            return "Planning is over for this round: it is a bidding step now." if _known(verb, action) else None
        return _planning(st.players[seat], verb, arg, action)
    if verb in PLANNING_VERBS:
        return "Planning is over for this round: it is a bidding step now."
    if st.tasks:
        return _task(st, st.tasks[0], verb, arg)
    if verb in TASK_VERBS:
        return "Nobody has won this step yet: reveal a stack, pass or spend a privilege."
    p = st.players[seat]
    if verb == "reveal":
        count = len(p["stacks"])
        if not (arg.isascii() and arg.isdigit()):
            return None
        return "You have no stacks left." if not count else f"You have {count} stacks: reveal 1 to {count}."
    if verb == "privilege":
        if p["privileges"] <= 0:
            return "You have no privilege to spend."
        return "Nobody else will decide after you in this step, so a privilege would be wasted: reveal or pass."
    return None


def _known(verb: str, action: str) -> bool:
    return verb in PLANNING_VERBS or verb == "confirm" or planning.parse_split(action) is not None


def _planning(p: dict[str, Any], verb: str, arg: str, action: str) -> str | None:
    plan = p["plan"]
    stacks = planning.parse_split(action)
    if stacks is not None:
        if plan not in ("split", "review"):
            return f"Not now: {_PLAN_NOW[plan]}."
        return (f"That split does not use exactly the cards you drew this round ({_cards(planning.round_cards(p))}): "
                "every card in one stack, stacks separated by |.")
    if verb == "split":
        return ("Type the split as card values with | between the stacks, e.g. split 6 | 5 1 | 4 "
                "(every card drawn this round once, no empty stack).")
    if verb in BID_VERBS or verb in TASK_VERBS:
        return "It is the planning phase: " + _PLAN_NOW[plan] + "."
    if verb in ("keep", "drop"):
        if arg not in OBJECTIVES:
            return None
        if plan != "objectives":
            return "Your objectives are already chosen."
        if arg not in p["undecided"]:
            return f"{arg} is not one of your undecided objectives ({', '.join(p['undecided'])})."
        return "Keep at least one objective."
    if verb not in PLANNING_VERBS and verb != "confirm":
        return None
    if verb == "confirm" and plan == "objectives":
        return "Keep at least one objective first (keep <id>), then confirm."
    if plan in ("objectives", "ready"):
        return f"Not now: {_PLAN_NOW[plan]}."
    if verb == "confirm":
        return f"Place every drawn card in a stack first (left: {_cards(p['hand'])})."
    if verb == "draw":
        return "Your deck is empty." if not p["deck"] else "You have stopped drawing: now split your cards."
    if verb == "stop":
        return "Draw at least one card first." if plan == "draw" else "You have already stopped drawing."
    if plan == "draw":
        return "Stop drawing first (stop), then split your cards into stacks."
    if verb == "add" or verb == "singles":
        if plan == "review" or not p["hand"]:
            return "Every card is already in a stack: confirm, or unplace / restart to change them."
        if verb == "add" and arg.isascii() and arg.isdigit():
            return f"You have no {arg} left to place (left: {_cards(p['hand'])})."
        return f"Only one card is left: add {p['hand'][0]}." if arg in ("all", "") else None
    if verb == "close":
        return "The open stack is empty: add a card first."
    return "You have not placed any card this round."  # unplace / restart with nothing placed


def _task(st: StrasbourgState, task: dict[str, Any], verb: str, arg: str) -> str | None:
    kind = task["kind"]
    now = f"Not now: {_TASK_NOW[kind]}."
    p = st.players[task["seat"]]
    if verb == "buy" and kind in ("master", "journeyman", "apprentice"):
        if arg not in PRICES:
            return None
        guild = task["guild"]
        if GUILD_OF[arg] != guild:
            return f"{arg} is a {GUILD_NAMES[GUILD_OF[arg]]} space; this step's guild is the {GUILD_NAMES[guild]}."
        if arg in st.city:
            return f"{arg} is taken."
        return f"{arg} costs {PRICES[arg]} coins and you have {p['coins']}."
    if verb == "sell" and kind == "merchant":
        if arg == "all":
            return "You have fewer than two goods tiles: sell them one by one, or done."
        return f"You have no {GOODS_NAMES[arg]} to sell." if arg in GOODS_NAMES else None
    if verb == "return" and kind == "return":
        return f"Your revealed stack has no {arg} (cards: {_cards(task['cards'])})." if arg.isdigit() else None
    if verb == "chapel" and kind == "chapel":
        return f"A chapel already stands on {arg}." if arg in CHAPEL_SPACES else None
    if verb == "build" and kind == "edifice":
        return f"An edifice already stands on {arg}." if arg in BUILDING_SPACES else None
    if verb in TASK_VERBS or verb in BID_VERBS:
        return now
    return None
