"""The one formatter of Strasbourg events (params use seat numbers; front ends map them to names)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Event
from rules.strasbourg import board_text, names, prompts, steps
from rules.strasbourg.data import (
    CHAPEL_SPACES,
    EDIFICES,
    GOODS_NAMES,
    GOODS_VALUE,
    GUILD_OF,
    OBJECTIVES,
    ORTHOGONAL,
    PRICES,
    SEAT_NAMES,
)
from rules.strasbourg.data import GUILD_NAMES as GUILD_NAMES  # the tests read the English names here
from rules.words import N_, seat, translator

if TYPE_CHECKING:
    from rules.strasbourg.state import StrasbourgState

_, _n = translator("strasbourg")


def who(s: Any) -> str:
    return seat(int(s))


def _cards(cards: list[int]) -> str:
    return "+".join(str(c) for c in cards) if cards else _("nothing")


def _coins(n: int) -> str:
    return _n("{n} coin", "{n} coins", n).format(n=n)


_STEP_SENTENCES = {
    "nobility": N_("Round {round}, step {step}: influence Nobility & Church."),
    "merchants": N_("Round {round}, step {step}: influence the Merchants."),
    "chapel": N_("Round {round}, step {step}: build a chapel."),
    "edifice": N_("Round {round}, step {step}: build an edifice."),
}


def _step(p: dict[str, Any]) -> str:
    kind = p.get("kind")
    rnd, letter = p.get("round"), p.get("step")
    if kind == "guild":
        guild = str(p.get("guild") or "")
        name = names.guild_name(guild) or _("guild")
        # TRANSLATORS: {guild} is a guild's name (Smiths, Bakers…).
        return _("Round {round}, step {step}: influence the {guild}.").format(round=rnd, step=letter, guild=name)
    if kind in _STEP_SENTENCES:
        return _(_STEP_SENTENCES[str(kind)]).format(round=rnd, step=letter)
    return _("Round {round}, step {step}.").format(round=rnd, step=letter)


_goods = names.goods_name
_edifice = names.edifice_name


def event_text(event: Event) -> str:
    p = event.params
    kind = event.kind
    if kind == "drew":
        return _("You drew a {card} ({deck} left in your deck).").format(card=p["card"], deck=p["deck"])
    if kind == "objectives_kept":
        n, edifices = int(p.get("players") or 0), p.get("edifices") or []
        kept = ", ".join(f"{o} ({prompts.objective_text(o, n, edifices)})" for o in p["kept"])
        return _("You keep objectives {objectives}.").format(objectives=kept)
    if kind == "stacks_private":
        return _("Your stacks: {stacks}.").format(stacks=" | ".join(_cards(s) for s in p["stacks"]))
    if kind == "planned":
        if "stacks" in p:
            return _("{who} has finished planning: stacks of {sizes} cards (deck {deck}).").format(
                who=who(p["seat"]), sizes=_stack_sizes(p["stacks"]), deck=p["deck"])
        return _("{who} has finished planning.").format(who=who(p["seat"]))
    if kind == "leftovers":
        counts = ", ".join(f"{who(s)} {n}" for s, n in enumerate(p["cards"]) if n)
        return _("End of round {round}: unrevealed cards leave the game ({counts}).").format(
            round=p["round"], counts=counts)
    if kind == "stacks":
        parts = [
            # TRANSLATORS: one player's stacks after planning, e.g. "Seat 1 2/1/3 (deck 14)".
            _("{who} {sizes} (deck {deck})").format(who=who(s), sizes=_stack_sizes(sizes), deck=deck)
            for s, (sizes, deck) in enumerate(zip(p["stacks"], p["decks"], strict=True))
        ]
        return _("Planning of round {round} is over. Stack sizes: {stacks}.").format(
            round=p["round"], stacks="; ".join(parts))
    if kind == "round":
        return _("Round {round} begins (round card {card}): planning.").format(round=p["round"], card=p["card"])
    if kind == "step":
        return _step(p)
    if kind == "privilege":
        return _("{who} spends a privilege and will decide later.").format(who=who(p["seat"]))
    if kind == "reveal":
        return _("{who} reveals {cards} = {total}.").format(who=who(p["seat"]), cards=_cards(p["cards"]),
                                                          total=p["total"])
    if kind == "pass":
        if p.get("reason"):
            return _("{who} passes (no stacks left).").format(who=who(p["seat"]))
        return _("{who} passes.").format(who=who(p["seat"]))
    if kind == "ranking":
        if not p["ranking"]:
            return _("Step {step}: everyone passed.").format(step=p["step"])
        order = ", ".join(f"{who(s)} {total}" for s, total in p["ranking"])
        return _("Step {step} ranking: {order}.").format(step=p["step"], order=order)
    if kind == "first_player":
        return _("{who} takes the first-player marker.").format(who=who(p["seat"]))
    if kind == "seat":
        council = names.council_seat_name(p["council"])
        if p.get("displaced") is not None and p["displaced"] != p["seat"]:
            # TRANSLATORS: {council} is a council seat's name (Nobility, Church, Merchants or a guild).
            return _("{who} takes the {council} council seat, sending back {displaced}'s member.").format(
                who=who(p["seat"]), council=council, displaced=who(p["displaced"]))
        return _("{who} takes the {council} council seat.").format(who=who(p["seat"]), council=council)
    if kind == "goods":
        # TRANSLATORS: {goods} is a kind of goods (weapons, wine, shoes, meat, bread).
        return _("{who} takes a {goods} goods tile.").format(who=who(p["seat"]), goods=_goods(p["guild"]))
    if kind == "buy":
        return _("{who} places a member on {cell} ({guild}) for {coins}.").format(
            who=who(p["seat"]), cell=p["cell"], guild=names.guild_name(p["guild"]), coins=_coins(p["price"]))
    if kind == "sell":
        return _("{who} sells a {goods} tile for {coins}.").format(who=who(p["seat"]), goods=_goods(p["guild"]),
                                                                   coins=_coins(p["coins"]))
    if kind == "return":
        return _("{who} puts a {card} at the bottom of their deck.").format(who=who(p["seat"]), card=p["card"])
    if kind == "chapel":
        return _("{who} builds a chapel on {space}.").format(who=who(p["seat"]), space=p["space"])
    if kind == "edifice":
        # TRANSLATORS: {edifice} is an edifice's name (Inn, Fountain, Town Hall, Market Hall, Minster).
        return _("{who} builds the {edifice} on {cell}.").format(who=who(p["seat"]), edifice=_edifice(p["edifice"]),
                                                                 cell=p["cell"])
    if kind == "council":
        gains = ", ".join(f"{who(s)} +{n}" for s, n in enumerate(p["prestige"]) if n)
        privileged = ", ".join(who(s) for s in p["privilege"])
        return _("Council of round {round}: prestige {gains}; a privilege for {privileged}.").format(
            round=p["round"], gains=gains, privileged=privileged)
    if kind == "game_over":
        scores = ", ".join(f"{who(s)} {v}" for s, v in enumerate(p["scores"]))
        return _("Game over. Final scores: {scores}.").format(scores=scores)
    return kind


# ---- the readable summary of a view (terminal table, Discord embed) ------------------------------
_STEP_TEXT = {"A": N_("Nobility & Church"), "C": N_("Merchants"), "E": N_("Merchants"), "G": N_("Merchants + seat"),
              "H": N_("chapel"), "I": N_("edifice")}


def _steps_line(view: dict[str, Any]) -> str:
    """This round's steps A–I (guilds from the round card), the current one in brackets."""
    cards = view.get("round_cards") or []
    rnd = int(view.get("round") or 0)
    if not 1 <= rnd <= len(cards):
        return ""
    card = cards[rnd - 1]
    edifices = view.get("edifices") or []
    parts = []
    for letter in "ABCDEFGHI":
        guild = card.get(letter, "")
        what = names.guild_name(guild) or _(_STEP_TEXT[letter])
        if letter == "I" and rnd <= len(edifices):
            what = _edifice(edifices[rnd - 1])
        part = f"{letter} {what}"
        parts.append(f"[{part}]" if view.get("step") == letter else part)
    return _("Steps this round ({card}): {steps}").format(card=card.get("id"), steps=" · ".join(parts))


def _stack_sizes(sizes: list[int]) -> str:
    return "/".join(str(n) for n in sizes) if sizes else _("none")


_BID_STATUS = {"postponed": N_("postponed"), "passed": N_("passed")}


def _bids_line(view: dict[str, Any]) -> str:
    bid = view.get("bid")
    if not bid:
        return ""
    parts = []
    for s, status in enumerate(bid["status"]):
        if status == "revealed":
            parts.append(f"{who(s)} {_cards(bid['revealed'][s])} = {sum(bid['revealed'][s])}")
        elif status != "waiting":
            parts.append(f"{who(s)} {_(_BID_STATUS[status]) if status in _BID_STATUS else status}")
    step = view.get("step")
    bids = ", ".join(parts) or _("nobody has revealed yet")
    if view.get("step_guild"):
        return _("Step {step} ({guild}) so far: {bids}").format(step=step, guild=names.guild_name(view["step_guild"]),
                                                                bids=bids)
    return _("Step {step} so far: {bids}").format(step=step, bids=bids)


_PLAN_HINTS = {
    "objectives": N_("keep at least one objective (its points if met at the end, -3 if not), then {confirm}."),
    "draw": N_("draw influence cards one at a time, then {stop} (your 24 cards must last all 5 rounds)."),
    "split": N_("put your drawn cards into face-down stacks; each stack is one bid in steps A–G "
                "(or type the whole split in one line, e.g. {split} 6 | 5 1 | 4)."),
    "review": N_("check your stacks above, then confirm them ({confirm}; until then: {unplace} takes the last card "
                 "back, {restart} takes them all apart)."),
}


def _bid_lines(view: dict[str, Any], private: dict[str, Any]) -> list[str]:
    """The bidder's prompt: what each rank wins, the tie rule, and where each of their stacks would rank now."""
    me, bid = view.get("viewer"), view.get("bid")
    if not bid or me is None or me not in view.get("to_act", []) or view.get("task"):
        return []
    n = int(view["num_players"])
    goods = sum(private["goods"].values())
    roles = prompts.slots(str(view["step_kind"]), str(view["step"]), view.get("step_guild"), n, goods)
    ranks = "; ".join(f"{prompts.ordinal(r)} {what}" for r, what in enumerate(roles, 1)) or _("nothing")
    lines = ["  " + _("This step wins: {ranks}; rank 1 takes the first-player marker. {ties}").format(
        ranks=ranks, ties=prompts.tie_text(int(view["first_player"]), n))]
    wins = [
        # TRANSLATORS: where one of the bidder's stacks would rank, e.g. "reveal 2 = 7 → 1st, Nobility seat".
        _("reveal {index} = {total} → {result}").format(
            index=i, total=sum(stack),
            result=prompts.win_text(prompts.rank_so_far(sum(stack), me, view["first_player"], bid["status"],
                                                        bid["revealed"]), roles, short=True))
        for i, stack in enumerate(private.get("stacks") or [], 1)
    ]
    if wins:
        lines.append("  " + _("Against the bids so far: {wins}").format(wins=" · ".join(wins)))
    return lines


def _private_lines(private: dict[str, Any], view: dict[str, Any] | None = None) -> list[str]:
    # TRANSLATORS: {goods} is a kind of goods tile ("shoes"): "1 shoes tile" read "1 scarpe" before (issue 42)
    goods = ", ".join(_n("{n} {goods} tile", "{n} {goods} tiles", n).format(n=n, goods=_(name))
                      for g, name in GOODS_NAMES.items() if (n := private["goods"].get(g, 0)))
    goods = goods or _("no goods")
    privileges = _n("{n} privilege", "{n} privileges", private["privileges"]).format(n=private["privileges"])
    deck = _n("{n} card left in your deck", "{n} cards left in your deck", private["deck"]).format(n=private["deck"])
    lines = [_("Yours: {coins}, {goods}, {privileges}, {deck}").format(
        coins=_coins(private["coins"]), goods=goods, privileges=privileges, deck=deck)]
    if private.get("hand"):
        lines.append("  " + _("drawn, not yet in a stack: {cards}").format(
            cards=", ".join(str(c) for c in private["hand"])))
    if private.get("open"):
        lines.append("  " + _("open stack: {cards}").format(cards=_cards(private["open"])))
    if private.get("stacks"):
        stacks = " | ".join(f"{i}) {_cards(s)} = {sum(s)}" for i, s in enumerate(private["stacks"], 1))
        lines.append("  " + _("your stacks: {stacks}").format(stacks=stacks))
    view = view or {}
    n, edifices = int(view.get("num_players") or 0), view.get("edifices") or []
    objectives = private.get("objectives") or {}
    for oid in objectives.get("kept") or []:
        card = OBJECTIVES[oid]
        lines.append("  " + _("objective {id}: {text} (+{points} / -3)").format(
            id=oid, text=prompts.objective_text(oid, n, edifices), points=card["points"]))
    planning = view.get("phase", "planning") == "planning"
    hint = _PLAN_HINTS.get(str(private.get("plan"))) if planning else None
    if hint:
        lines.append("  " + _("Now: {hint}").format(hint=names.COMMANDS.fill(_(hint))))
    task = view.get("task")
    if task and task.get("seat") == view.get("viewer"):
        lines.append("  " + _("Now: {task}.").format(
            task=prompts.task_text(task["kind"], task.get("guild"), view.get("step"))))
    lines += _bid_lines(view, private)
    return lines


def _player_lines(view: dict[str, Any]) -> list[str]:
    """The players table: one line per seat."""
    lines = []
    planning = view.get("phase") == "planning"
    for p in view["players"]:
        values = {"who": who(p["seat"]), "prestige": p["prestige"], "council": p["council"], "city": p["city"],
                  "spent": p["privileges_spent"], "stacks": _stack_sizes(p["stacks"]), "deck": p["deck"]}
        if not planning:
            line = _("{who}: prestige {prestige}, council seats {council}, city members {city}, privileges spent "
                     "{spent}, stacks {stacks}, deck {deck}")
        elif p.get("ready"):
            line = _("{who}: prestige {prestige}, council seats {council}, city members {city}, privileges spent "
                     "{spent}, stacks {stacks}, deck {deck} (planning done)")
        else:
            line = _("{who}: prestige {prestige}, council seats {council}, city members {city}, privileges spent "
                     "{spent}, stacks {stacks}, deck {deck} (planning)")
        lines.append(line.format(**values))
    return lines


def summary(view: dict[str, Any]) -> str:
    """The view in words: everything the board image drawn from it shows (and, for a seat's view, its private
    screen), a heading before its items (tests/a11y/test_strasbourg.py checks the keys both read)."""
    lines = [str(view["status"])]
    lines += board_text.situation_lines(view)
    steps = _steps_line(view)
    if steps:
        lines.append(steps)
    lines.append(board_text.rounds_line(view))
    lines.append(_("First player: {who}").format(who=who(view["first_player"])))
    lines.append(_("Turn order: {seats}").format(seats=", ".join(who(s) for s in board_text.turn_order(view))))
    holders = view["council"]  # a stored game reloads this dict sorted: list the seats in board order
    free = _("free")
    council = ", ".join(f"{_(label)} {free if holders.get(name) is None else who(holders[name])}"
                        for name, label in SEAT_NAMES.items() if name in holders)
    lines.append(_("Council: {seats}").format(seats=council))
    lines += board_text.council_lines(view)
    lines += _player_lines(view)
    bids = _bids_line(view)
    if bids:
        lines.append(bids)
    lines.append(board_text.result_line(view))
    lines.append(board_text.public_bid_line(view) if not _bid_lines(view, view.get("private") or {}) else "")
    private = view.get("private")
    if private:
        lines += _private_lines(private, view)
        lines += board_text.private_extra_lines(view, private)
    if view["built"]:
        built = ", ".join(_("{edifice} on {cell}").format(edifice=_edifice(e), cell=c)
                          for c, e in view["built"].items())
        lines.append(_("Edifices: {list}").format(list=built))
    if view["chapels"]:
        lines.append(_("Chapels: {list}").format(list=", ".join(view["chapels"])))
    guild = view.get("step_guild") if view.get("step_kind") == "guild" and not view["over"] else None
    lines += board_text.city_lines(view, guild)
    if view["over"]:
        scores = ", ".join(f"{who(s)} {v}" for s, v in enumerate(view["scores"]))
        lines.append(_("Final: {scores}").format(scores=scores))
        lines += board_text.final_lines(view)
    return "\n".join(line for line in lines if line)


def alt_text(view: dict[str, Any], last: str | None = None) -> str:
    """The image's description: the situation, the last move, the decision's part of the board, the scores, then
    the rest of the summary, within Discord's 1,024 characters."""
    private = view.get("private")
    own = _private_lines(private, view) + board_text.private_extra_lines(view, private) if private else []
    bidder = bool(private) and bool(_bid_lines(view, private or {}))
    return board_text.alt_text(summary(view), view, last, own, _player_lines(view), _bids_line(view), bidder)


FIXED_LABELS = {
    "confirm": N_("Keep the chosen objectives and discard the rest"),
    "draw": N_("Draw the top influence card"),
    "stop": N_("Stop drawing and split your cards into stacks"),
    "add all": N_("Put all remaining cards on the open stack"),
    "singles": N_("Put each remaining card in a stack of its own"),
    "close": N_("Close the open stack and start a new one"),
    "restart": N_("Take this round's stacks apart and split again"),
    "unplace": N_("Take back the last card you placed"),
    "pass": N_("Pass this step"),
    "privilege": N_("Spend a privilege and decide after the others"),
    "skip": N_("Place no member in the city"),
    "goods": N_("Take a goods tile"),
    "sell all": N_("Sell all your goods"),
    "done": N_("Stop selling"),
}


def _reveal_label(st: StrasbourgState, seat: int, index: int) -> str:
    """"Reveal stack 3: 2+3 = 5 (2 cards) → 2nd, Church seat …" — only the bidder is offered this label."""
    cards = st.players[seat]["stacks"][index - 1]
    size = _n("{n} card", "{n} cards", len(cards)).format(n=len(cards))
    label = _("Reveal stack {index}: {cards} = {total} ({size})").format(
        index=index, cards="+".join(map(str, cards)), total=sum(cards), size=size)
    if st.bid is None:
        return label
    roles = prompts.slots(steps.step_kind(st.letter), st.letter, st.step_guild(), st.num_players,
                          sum(st.players[seat]["goods"]))
    rank = prompts.rank_so_far(sum(cards), seat, st.first, st.bid["status"], st.bid["cards"])
    short_label = _("Reveal stack {index}: {total} ({size})").format(index=index, total=sum(cards), size=size)
    for text in (label, short_label):  # menus allow 100 characters
        for short in (False, True):
            # TRANSLATORS: {label} is "Reveal stack 2: 3+4 = 7 (2 cards)"; {result} is its rank, "1st, Nobility seat".
            full = _("{label} → {result} so far").format(label=text, result=prompts.win_text(rank, roles, short))
            if len(full) <= 100:
                return full
    return label[:100]


def _gains(st: StrasbourgState, cells: tuple[str, ...] | list[str], value: int) -> str:
    """Whose members stand on ``cells`` and what each gains at ``value`` a member: "Seat 1 +6, Seat 3 +3"."""
    count: dict[int, int] = {}
    for cell in cells:
        owner = st.city.get(cell)
        if owner is not None:
            count[owner] = count.get(owner, 0) + 1
    if not count:
        return _("no member there yet")
    return ", ".join(_("{who} +{points}").format(who=seat(s), points=n * value) for s, n in sorted(count.items()))


def describe_action(st: StrasbourgState, action: str, seat: int | None = None) -> str:
    verb, _sep, arg = action.partition(" ")
    if verb in ("keep", "drop") and arg in OBJECTIVES:
        card = OBJECTIVES[arg]
        what = prompts.objective_text(arg, st.num_players, st.edifices)
        if verb == "keep":
            return _("Keep objective {id}: {text} (+{points} / -3)").format(id=arg, text=what, points=card["points"])
        return _("Discard objective {id}: {text} (+{points} / -3)").format(id=arg, text=what, points=card["points"])
    if verb == "reveal":
        seat = st.to_act()[0] if st.phase == "action" else None
        if seat is not None and arg.isdigit() and 0 < int(arg) <= len(st.players[seat]["stacks"]):
            return _reveal_label(st, seat, int(arg))
        return _("Reveal stack {index}").format(index=arg)
    if action == "confirm" and seat is not None and st.players[seat]["plan"] == "review":
        p = st.players[seat]
        stacks = p["stacks"][p["new_from"] :]
        label = _("Confirm these stacks: {stacks} (until then nobody sees you ready)").format(
            stacks=" | ".join(_cards(s) for s in stacks))
        if len(label) > 100:  # menus allow 100 characters: the sums still tell the split apart
            label = _("Confirm these {n} stacks: {sums}").format(n=len(stacks),
                                                                 sums=" ".join(str(sum(s)) for s in stacks))
        if len(label) <= 100:
            return label
        return _("Confirm your {n} stacks (shown on your screen)").format(n=len(stacks))
    if verb == "buy" and arg in PRICES:
        return _("Place a member on {cell} ({guild}) for {coins}").format(
            cell=arg, guild=names.guild_name(GUILD_OF[arg]), coins=_coins(PRICES[arg]))
    if verb == "sell" and arg in GOODS_VALUE:
        return _("Sell one {goods} tile for {coins}").format(goods=_goods(arg), coins=_coins(GOODS_VALUE[arg]))
    if verb == "return":
        if arg == "none":
            return _("Return no card")
        return _("Put the {card} at the bottom of your deck").format(card=arg)
    if verb == "chapel":
        cells = CHAPEL_SPACES.get(arg, ())
        return _("Build the chapel on {space} (next to {cells}: {scores})").format(
            space=arg, cells=", ".join(cells), scores=_gains(st, cells, 1))[:100]
    if verb == "build" and arg in ORTHOGONAL:
        edifice = st.edifices[st.round - 1]
        value = EDIFICES[edifice]["value"]
        # TRANSLATORS: {value} is what each member on a square next to it scores; {scores} who gains what now
        return _("Build the {edifice} on {cell} ({value} a member next to it: {scores})").format(
            edifice=_edifice(edifice), cell=arg, value=value, scores=_gains(st, ORTHOGONAL[arg], value))[:100]
    if verb == "add" and arg != "all":
        return _("Put a {card} on the open stack").format(card=arg)
    if verb == "goods" and st.tasks:
        return _("Take a {goods} goods tile").format(goods=_goods(st.tasks[0]["guild"]))
    return _(FIXED_LABELS[action]) if action in FIXED_LABELS else action
