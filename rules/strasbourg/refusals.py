"""Why a well-formed Strasbourg action is not legal now, in the rules' own words (``State.refusal``).

Only called for an action that is not legal; names only what the acting seat may see. None means junk (an
unknown verb or argument): the generic "not a legal action now" is then said.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.strasbourg import names, planning
from rules.strasbourg.data import BUILDING_SPACES, CHAPEL_SPACES, GOODS_NAMES, GUILD_OF, OBJECTIVES, PRICES
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.strasbourg.state import StrasbourgState

_, _n = translator("strasbourg")

PLANNING_VERBS = frozenset({"keep", "drop", "draw", "stop", "add", "close", "singles", "unplace", "restart", "split"})
BID_VERBS = frozenset({"reveal", "pass", "privilege"})
TASK_VERBS = frozenset({"buy", "skip", "goods", "sell", "done", "return", "chapel", "build"})

_PLAN_NOW = {
    "objectives": N_("choose your objectives first ({keep}, {drop}, then {confirm})"),
    "draw": N_("draw cards first, then {stop}"),
    "split": N_("put your drawn cards into stacks first"),
    "review": N_("your stacks are all placed: confirm them ({confirm}), or {unplace} / {restart} to change them"),
    "ready": N_("you have confirmed your stacks; wait for the others"),
}
_TASK_NOW = {
    "master": N_("as Master you may place a member in the city ({buy}) or not ({skip})"),
    "journeyman": N_("as Journeyman you may place a member in the city ({buy}) or not ({skip})"),
    "apprentice": N_("as Apprentice take goods ({goods}) or place one member ({buy})"),
    "merchant": N_("sell goods, then {done}"),
    "return": N_("you may return one card of your revealed stack ({return} <value> or {return} {none})"),
    "chapel": N_("build the chapel ({chapel} <number>)"),
    "edifice": N_("build the edifice ({build} <space>)"),
}


def _said(text: str) -> str:
    """A translated sentence with the commands it names ({confirm}) in the reader's words."""
    return names.COMMANDS.fill(text)


def _cards(cards: list[int]) -> str:
    return ", ".join(map(str, cards)) or _("none")


def _not_now(what: str) -> str:
    return _("Not now: {what}.").format(what=_said(_(what)))


def _planning_over() -> str:
    return _("Planning is over for this round: it is a bidding step now.")


def refusal(st: StrasbourgState, seat: int, action: str) -> str | None:
    verb, _sep, arg = action.partition(" ")
    if st.phase == "planning" or (verb in ("confirm", "split") or action[:1].isdigit()):
        if st.phase != "planning":
            return _planning_over() if _known(verb, action) else None
        return _planning(st.players[seat], verb, arg, action)
    if verb in PLANNING_VERBS:
        return _planning_over()
    if st.tasks:
        return _task(st, st.tasks[0], verb, arg)
    if verb in TASK_VERBS:
        return _("Nobody has won this step yet: reveal a stack, pass or spend a privilege.")
    p = st.players[seat]
    if verb == "reveal":
        count = len(p["stacks"])
        if not (arg.isascii() and arg.isdigit()):
            return None
        if not count:
            return _("You have no stacks left.")
        return _said(_n("You have {n} stack: {reveal} 1 to {n}.", "You have {n} stacks: {reveal} 1 to {n}.",
                                      count)).format(n=count)
    if verb == "privilege":
        if p["privileges"] <= 0:
            return _("You have no privilege to spend.")
        return _("Nobody else will decide after you in this step, so a privilege would be wasted: reveal or pass.")
    return None


def _known(verb: str, action: str) -> bool:
    return verb in PLANNING_VERBS or verb == "confirm" or planning.parse_split(action) is not None


def _planning(p: dict[str, Any], verb: str, arg: str, action: str) -> str | None:
    plan = p["plan"]
    stacks = planning.parse_split(action)
    if stacks is not None:
        if plan not in ("split", "review"):
            return _not_now(_PLAN_NOW[plan])
        return _("That split does not use exactly the cards you drew this round ({cards}): every card in one stack, "
                 "stacks separated by |.").format(cards=_cards(planning.round_cards(p)))
    if verb == "split":
        return _said(_("Type the split as card values with | between the stacks, e.g. {split} 6 | 5 1 | 4 "
                                     "(every card drawn this round once, no empty stack)."))
    if verb in BID_VERBS or verb in TASK_VERBS:
        return _("It is the planning phase: {what}.").format(what=_said(_(_PLAN_NOW[plan])))
    if verb in ("keep", "drop"):
        if arg not in OBJECTIVES:
            return None
        if plan != "objectives":
            return _("Your objectives are already chosen.")
        if arg not in p["undecided"]:
            return _("{id} is not one of your undecided objectives ({ids}).").format(
                id=arg, ids=", ".join(p["undecided"]))
        return _("Keep at least one objective.")
    if verb not in PLANNING_VERBS and verb != "confirm":
        return None
    if verb == "confirm" and plan == "objectives":
        return _said(_("Keep at least one objective first ({keep} <id>), then {confirm}."))
    if plan in ("objectives", "ready"):
        return _not_now(_PLAN_NOW[plan])
    if verb == "confirm":
        return _("Place every drawn card in a stack first (left: {cards}).").format(cards=_cards(p["hand"]))
    if verb == "draw":
        return _("Your deck is empty.") if not p["deck"] else _("You have stopped drawing: now split your cards.")
    if verb == "stop":
        return _("Draw at least one card first.") if plan == "draw" else _("You have already stopped drawing.")
    if plan == "draw":
        return _said(_("Stop drawing first ({stop}), then split your cards into stacks."))
    if verb == "add" or verb == "singles":
        if plan == "review" or not p["hand"]:
            return _said(_("Every card is already in a stack: {confirm}, or {unplace} / {restart} to change them."))
        if verb == "add" and arg.isascii() and arg.isdigit():
            return _("You have no {card} left to place (left: {cards}).").format(card=arg, cards=_cards(p["hand"]))
        if arg not in ("all", ""):
            return None
        return _said(_("Only one card is left: {add} {card}.")).format(card=p["hand"][0])
    if verb == "close":
        return _("The open stack is empty: add a card first.")
    return _("You have not placed any card this round.")  # unplace / restart with nothing placed


def _task(st: StrasbourgState, task: dict[str, Any], verb: str, arg: str) -> str | None:
    kind = task["kind"]
    p = st.players[task["seat"]]
    if verb == "buy" and kind in ("master", "journeyman", "apprentice"):
        if arg not in PRICES:
            return None
        guild = task["guild"]
        if GUILD_OF[arg] != guild:
            # TRANSLATORS: {space_guild} and {guild} are guild names (Smiths, Bakers…).
            return _("{cell} is a {space_guild} space; this step's guild is the {guild}.").format(
                cell=arg, space_guild=names.guild_name(GUILD_OF[arg]), guild=names.guild_name(guild))
        if arg in st.city:
            return _("{cell} is taken.").format(cell=arg)
        return _("{cell} costs {price} coins and you have {coins}.").format(cell=arg, price=PRICES[arg],
                                                                            coins=p["coins"])
    if verb == "sell" and kind == "merchant":
        if arg == "all":
            return _said(_("You have fewer than two goods tiles: sell them one by one, or {done}."))
        return _("You have no {goods} to sell.").format(goods=names.goods_name(arg)) if arg in GOODS_NAMES else None
    if verb == "return" and kind == "return":
        if not arg.isdigit():
            return None
        return _("Your revealed stack has no {card} (cards: {cards}).").format(card=arg, cards=_cards(task["cards"]))
    if verb == "chapel" and kind == "chapel":
        return _("A chapel already stands on {space}.").format(space=arg) if arg in CHAPEL_SPACES else None
    if verb == "build" and kind == "edifice":
        return _("An edifice already stands on {cell}.").format(cell=arg) if arg in BUILDING_SPACES else None
    if verb in TASK_VERBS or verb in BID_VERBS:
        return _not_now(_TASK_NOW[kind])
    return None
