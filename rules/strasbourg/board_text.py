"""The board in words (issue 25): what the public board and a seat's private screen show that the first lines of the
summary (``text.summary``) did not say, and the alt text of the images (``alt_text``).

Short lines, a heading before its items, no picture-only information: each panel of the image (the city, the
rounds strip, the council, the players table, the line saying what the game waits for, the final score sheet) has
its lines here. ``decision_lines`` says what the awaited decision is about; the alt text puts it first."""

from __future__ import annotations

from typing import Any

from rules.core import ALT_TEXT_MAX, fit_lines
from rules.strasbourg import names, prompts
from rules.strasbourg.data import (
    BUILDING_SPACES,
    CHAPEL_SPACES,
    EDIFICES,
    GOODS_VALUE,
    GUILD_SPACES,
    GUILDS,
    OBJECTIVE_PENALTY,
    OBJECTIVES,
    PRICES,
    SEAT_NAMES,
)
from rules.words import N_, contextual, seat, translator

_, _n = translator("strasbourg")
_p = contextual("strasbourg")

ROLE_NAMES = {"master": N_("Master"), "journeyman": N_("Journeyman"), "apprentice": N_("Apprentice")}
STEP_NAMES = {"nobility": N_("Nobility & Church"), "merchants": N_("Merchants"), "chapel": N_("Chapel"),
              "edifice": N_("Edifice")}


def who(s: Any) -> str:
    return seat(int(s))


def turn_order(view: dict[str, Any]) -> list[int]:
    n = int(view["num_players"])
    first = int(view.get("first_player") or 0)
    return [(first + k) % n for k in range(n)]


def step_title(view: dict[str, Any]) -> str:
    """The step in play, as the board's title says it: "Smiths guild", "Merchants + seat", "Chapel"."""
    kind = view.get("step_kind")
    if kind == "guild":
        return _("{guild} guild").format(guild=names.guild_name(view.get("step_guild")))
    if kind == "merchants" and view.get("merchant_seat"):
        return _("Merchants + seat")
    return _(STEP_NAMES[str(kind)]) if str(kind) in STEP_NAMES else ""


def seats_at_stake(view: dict[str, Any]) -> list[str]:
    """The council seats this step's bid can win (gold on the board)."""
    if view.get("over") or view.get("phase") != "action":
        return []
    kind = view.get("step_kind")
    if kind == "nobility":
        return ["nobility", "church"]
    if kind == "guild":
        return [str(view.get("step_guild"))]
    return ["merchants"] if kind == "merchants" and view.get("merchant_seat") else []


def _edifice_label(edifice: str) -> str:
    return f"{names.edifice_name(edifice)} ({EDIFICES[edifice]['value']})"


# ---------------------------------------------------------------- what the game waits for
def situation_lines(view: dict[str, Any]) -> list[str]:
    """What the game waits for, as the board's "now" panel says it: who, and what they may do."""
    to_act = [int(s) for s in view.get("to_act") or []]
    waiting = ", ".join(who(s) for s in to_act)
    if view.get("phase") == "planning":
        ready = sum(1 for p in view["players"] if p.get("ready"))
        head = _("Planning: {ready} of {n} ready").format(ready=ready, n=int(view["num_players"]))
        lines = [_("Now: {hint}").format(hint=head)]
        if waiting:
            lines.append("  " + _("Waiting for {waiting}").format(waiting=waiting))
        return lines
    if view.get("phase") != "action":
        return []
    title = step_title(view)
    task = view.get("task")
    sub = ""
    if task:
        head, sub = _task_situation(view, task)
    elif view.get("bid"):
        head = _("{who} decides").format(who=waiting) if waiting else _("Bidding")
        sub = _("reveal, pass or use a privilege")
    else:
        head = waiting
    # TRANSLATORS: "Now, step D (Smiths guild): Seat 2 decides"; {situation} is who acts and as what.
    lines = [_("Now, step {step} ({title}): {situation}").format(step=view.get("step"), title=title, situation=head)]
    if sub:
        lines.append("  " + sub)
    return lines


def _task_situation(view: dict[str, Any], task: dict[str, Any]) -> tuple[str, str]:
    holder = who(task["seat"])
    kind = task["kind"]
    guild = names.guild_name(task.get("guild"))
    if kind in ROLE_NAMES:
        head = _("{who}: {role} ({guild})").format(who=holder, role=_(ROLE_NAMES[kind]), guild=guild)
        if kind == "apprentice":
            return head, _("goods or a city space")
        return head, _("may buy a {guild} space").format(guild=guild)
    if kind == "merchant":
        return _("{who}: Merchant").format(who=holder), _("sells goods for coins")
    if kind == "return":
        cards = "+".join(str(v) for v in task.get("cards") or [])
        return _("{who}: no slot ({cards})").format(who=holder, cards=cards), _("may return one card to the deck")
    if kind == "chapel":
        return _("{who} holds the Church").format(who=holder), _("builds a chapel")
    if kind == "edifice":
        rnd, edifices = int(view.get("round") or 0), view.get("edifices") or []
        holds = _("{who} holds the Nobility").format(who=holder)
        if 0 < rnd <= len(edifices):
            return holds, _("builds the {edifice}").format(edifice=_edifice_label(edifices[rnd - 1]))
        return holds, _("builds the edifice")
    return holder, ""


# ---------------------------------------------------------------- the parts of the board
def rounds_line(view: dict[str, Any]) -> str:
    """The rounds strip: each round's edifice and its value."""
    edifices = view.get("edifices") or []
    parts = [_("round {round}: {edifice}").format(round=k, edifice=_edifice_label(e))
             for k, e in enumerate(edifices, start=1)]
    return _("Edifices by round: {list}").format(list=", ".join(parts)) if parts else ""


def council_lines(view: dict[str, Any]) -> list[str]:
    """Who would gain a privilege at the council now, and the seats this step's bid can win."""
    counts = [0] * int(view["num_players"])
    for holder in view["council"].values():
        if holder is not None:
            counts[int(holder)] += 1
    lines = []
    tops = [s for s, k in enumerate(counts) if k == max(counts) and k > 0]
    if tops:
        lines.append(_("Most council seats (a privilege at the council): {who}").format(
            who=", ".join(who(s) for s in tops)))
    return [*lines, stake_line(view)]


def stake_line(view: dict[str, Any]) -> str:
    stake = seats_at_stake(view)
    if not stake:
        return ""
    return _("Council seats at stake in this step: {seats}").format(seats=", ".join(_(SEAT_NAMES[s]) for s in stake))


def result_line(view: dict[str, Any]) -> str:
    """The last step's ranking (the players table's column once a step is decided)."""
    last = view.get("last")
    if view.get("phase") != "action" or view.get("bid") or not last:
        return ""
    ranking = ", ".join(f"{prompts.ordinal(r)} {who(s)} ({total})"
                        for r, (s, total) in enumerate(last.get("ranking") or [], start=1))
    ranking = ranking or _("nobody revealed")
    passed = last.get("passed") or []
    if passed:
        return _("Step {step} result: {ranking}; passed: {passed}").format(
            step=last["step"], ranking=ranking, passed=", ".join(who(s) for s in passed))
    return _("Step {step} result: {ranking}").format(step=last["step"], ranking=ranking)


def city_lines(view: dict[str, Any], step_guild: str | None = None) -> list[str]:
    """The city: whose members stand where, then the free spaces with their prices (the guild in play first),
    the free chapel and building spaces."""
    members: dict[int, list[str]] = {}
    for cell, owner in view["city"].items():
        members.setdefault(int(owner), []).append(str(cell))
    if members:
        parts = [_("{who} on {cells}").format(who=who(s), cells=", ".join(sorted(cells, key=_cell_order)))
                 for s, cells in sorted(members.items())]
        lines = [_("City members: {list}").format(list="; ".join(parts))]
    else:
        lines = [_("City members: {list}").format(list=_p("members", "none"))]
    taken = set(view["city"])
    built = set(view["built"])
    chapels = set(view["chapels"])
    lines.append(_("Free city spaces (price in coins):"))
    guilds = sorted(GUILDS, key=lambda g: g != step_guild)
    for guild in guilds:
        free = [f"{c} ({PRICES[c]})" for c in GUILD_SPACES[guild] if c not in taken]
        spaces = ", ".join(free) or _p("spaces", "none")
        if guild == step_guild:
            lines.append("  " + _("{guild} (in play): {spaces}").format(guild=names.guild_name(guild), spaces=spaces))
        else:
            lines.append("  " + _("{guild}: {spaces}").format(guild=names.guild_name(guild), spaces=spaces))
    free_chapels = [c for c in CHAPEL_SPACES if c not in chapels]
    lines.append(_("Free chapel spaces: {list}").format(list=", ".join(free_chapels) or _p("spaces", "none")))
    free_building = [c for c in BUILDING_SPACES if c not in built]
    lines.append(_("Free building spaces: {list}").format(list=", ".join(free_building) or _p("spaces", "none")))
    return lines


def _cell_order(cell: str) -> tuple[int, str]:
    return int(cell[1:]), cell[0]


def public_bid_line(view: dict[str, Any]) -> str:
    """What each rank of the step in play wins and the tie rule (the bidder's own screen says more)."""
    bid = view.get("bid")
    if not bid or view.get("task") or not view.get("step_kind"):
        return ""
    n = int(view["num_players"])
    roles = prompts.slots(str(view["step_kind"]), str(view["step"]), view.get("step_guild"), n, 1)
    ranks = "; ".join(f"{prompts.ordinal(r)} {what}" for r, what in enumerate(roles, 1)) or _("nothing")
    return _("This step wins: {ranks}; rank 1 takes the first-player marker. {ties}").format(
        ranks=ranks, ties=prompts.tie_text(int(view["first_player"]), n))


def decision_lines(view: dict[str, Any], bids: str = "", bidder: bool = False) -> list[str]:
    """The part of the board the awaited decision is about: the free spaces (and prices) a guild's slot may buy,
    the free chapel or building spaces, what a bid can win (``bidder``: the bidder's own lines say it); during
    planning who is ready."""
    if view.get("over"):
        return []
    task = view.get("task") or {}
    kind = task.get("kind")
    lines = [*situation_lines(view), bids]  # the bids so far, as the summary says them
    taken = set(view["city"])
    if kind in ROLE_NAMES:
        guild = str(task.get("guild"))
        free = [f"{c} ({PRICES[c]})" for c in GUILD_SPACES.get(guild, ()) if c not in taken]
        lines.append(_("Free {guild} spaces (price in coins): {spaces}").format(
            guild=names.guild_name(guild), spaces=", ".join(free) or _p("spaces", "none")))
    elif kind == "chapel":
        chapels = set(view["chapels"])
        free = [_("{space} (next to {cells})").format(space=c, cells=", ".join(cells))
                for c, cells in CHAPEL_SPACES.items() if c not in chapels]
        lines.append(_("Free chapel spaces: {list}").format(list="; ".join(free) or _p("spaces", "none")))
    elif kind == "edifice":
        built = set(view["built"])
        lines.append(_("Free building spaces: {list}").format(
            list=", ".join(c for c in BUILDING_SPACES if c not in built) or _p("spaces", "none")))
    elif kind == "merchant":
        lines.append(goods_values_line())
    elif view.get("bid"):
        lines.append("" if bidder else public_bid_line(view))
        lines.append(stake_line(view))
        if view.get("step_kind") == "guild":
            guild = str(view.get("step_guild"))
            free = [f"{c} ({PRICES[c]})" for c in GUILD_SPACES.get(guild, ()) if c not in taken]
            lines.append(_("Free {guild} spaces (price in coins): {spaces}").format(
                guild=names.guild_name(guild), spaces=", ".join(free) or _p("spaces", "none")))
    return [line for line in lines if line]


def goods_values_line() -> str:
    """What each goods tile sells for (the private screen shows it under each tile)."""
    values = ", ".join(f"{names.goods_name(g)} {GOODS_VALUE[g]}" for g in GUILDS)
    return _("Goods sell for (coins): {values}").format(values=values)


def scores_line(view: dict[str, Any]) -> str:
    scores = ", ".join(f"{who(s)} {v}" for s, v in enumerate(view["scores"]))
    return _("Prestige: {scores}").format(scores=scores)


# ---------------------------------------------------------------- the final score sheet
def final_lines(view: dict[str, Any]) -> list[str]:
    """The score sheet: the winners, each seat's rank, total and breakdown, and their kept objectives."""
    outcome = view.get("outcome") or {}
    scores = [int(s) for s in outcome.get("scores") or view["scores"]]
    ranks = [int(r) for r in outcome.get("ranks") or [1] * len(scores)]
    breakdown = outcome.get("breakdown") or [{} for _s in scores]
    winners = [s for s, r in enumerate(ranks) if r == 1]
    title = _n("Strasbourg · final scores · {who} wins", "Strasbourg · final scores · {who} win", len(winners))
    lines = [title.format(who=" & ".join(who(s) for s in winners))]
    final = view.get("final") or []
    n, edifices = int(view["num_players"]), view.get("edifices") or []
    for s in sorted(range(len(scores)), key=lambda k: (ranks[k], k)):
        parts = breakdown[s] if s < len(breakdown) else {}
        values = {key: int(parts.get(key, 0)) for key in ("council", "city", "chapels", "edifices", "privileges",
                                                          "objectives")}
        lines.append(_("{rank}. {who}: {total} (council {council}, city {city}, chapels {chapels}, edifices "
                       "{edifices}, privileges {privileges}, objectives {objectives})").format(
            rank=ranks[s], who=who(s), total=scores[s], **values))
        kept = final[s].get("objectives") or [] if s < len(final) else []
        items = []
        for o in kept:
            card = OBJECTIVES[o["id"]]
            text = prompts.objective_text(o["id"], n, edifices)
            if o.get("met"):
                items.append(_("{id} {text}: met, +{points}").format(id=o["id"], text=text, points=card["points"]))
            else:
                items.append(_("{id} {text}: missed, -{points}").format(id=o["id"], text=text,
                                                                         points=OBJECTIVE_PENALTY))
        lines.append("  " + _("objectives kept: {list}").format(list="; ".join(items) or _p("objectives", "none")))
    return lines


# ---------------------------------------------------------------- the private screen
def private_extra_lines(view: dict[str, Any], private: dict[str, Any]) -> list[str]:
    """What the private screen shows besides the summary's "Yours" lines: the stacks kept from earlier rounds,
    the objectives still to decide on, what goods sell for."""
    lines = []
    if view.get("phase") == "planning":
        new_from = int(private.get("new_from") or 0)
        if new_from > 0:
            lines.append("  " + _n("stack {stacks} is from an earlier round", "stacks {stacks} are from earlier rounds",
                                   new_from).format(stacks=", ".join(str(i) for i in range(1, new_from + 1))))
    n, edifices = int(view.get("num_players") or 0), view.get("edifices") or []
    for oid in (private.get("objectives") or {}).get("undecided") or []:
        lines.append("  " + _("objective {id} to keep or discard: {text} (+{points} / -3)").format(
            id=oid, text=prompts.objective_text(oid, n, edifices), points=OBJECTIVES[oid]["points"]))
    lines.append("  " + goods_values_line())
    return lines


# ---------------------------------------------------------------- alt text
def alt_text(summary: str, view: dict[str, Any], last: str | None, own: list[str], players: list[str],
             bids: str, bidder: bool) -> str:
    """The situation, the last move, the decision's part of the board (``own``: the private screen's lines, for a
    seat's view), the scores, the players table (``players``), then the rest of the summary; ``bids``: this
    step's bids so far; ``bidder``: ``own`` says what the bid can win."""
    lines = summary.splitlines()
    first = lines[:1] + ([_("Last move: {move}").format(move=last)] if last else [])
    first += final_lines(view) if view.get("over") else decision_lines(view, bids, bidder)
    first.append(scores_line(view))
    first += own + players
    said = {ln.strip() for ln in first}
    rest = [ln for ln in lines[1:] if ln.strip() not in said]
    return fit_lines(first + rest, ALT_TEXT_MAX)
