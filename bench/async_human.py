"""The async bench's simulated human (bench/README.md): besides its bot's choice at a prompt, what a player can do in
the same sitting without new information — a standing order instead of an answer, the one-step command for what
the bot does through menus, and the orders given with a move (plan-ahead placements, bids and loop actions, prices,
votes, "end my turn after my next move"). Each is built from what its bot would choose on the view it has.
"""

from __future__ import annotations

import json
from typing import Any

from rules.core import Rng


# ---- the simulated human's standing orders ----------------------------------------------------------
def standing_order(name: str, view: dict[str, Any], legal: list[str], seat: int, choice: str) -> str | None:
    """The standing order a human gives instead of answering this prompt, or None (they answer it).

    The rule (bench/README.md): a seat whose choice (its bot's) is to pass in a passing loop says so for the rest of
    the phase instead — Colonia's ``pass`` in a loop ("pass in this loop"), Nürnberg's ``decline`` of an offer
    ("decline offers until my next turn": a bot offers once a turn, so "for the rest of this turn" would never
    answer a second offer). In Speicherstadt's purchase walk-down the seat gives "buy column C
    for N coins or less", N = what the card is worth to it by its bot's own evaluation (card value over the value
    of a coin, at most its coins) — unless its bot declines only to take the same card cheaper with its next
    worker, which the order does by itself. The order answers this prompt at once and later ones of the phase."""
    if name == "colonia" and choice == "pass" and view.get("loop") is not None:
        return "pass"
    if name == "nuernberg" and choice == "decline" and view.get("phase") == "offer":
        return "decline until mine"
    if name == "speicherstadt" and view.get("phase") == "purchase" and set(legal) == {"buy", "decline"}:
        col = int(view["deciding"])
        price = len(view["row"][col - 1]["workers"])
        top = _worth(view, seat, col)
        if choice == "buy":
            top = max(top, price)  # it buys now: the order must too
        elif top >= price:
            top = price - 1  # it declines now (e.g. to save money for a card further right)
        return f"upto {col} {top}"
    return None


async def at_once(svc: Any, channel: int, name: str, view: dict[str, Any], seat: int, choice: str,
                  rng: Rng) -> str:
    """The one-step command a human types for what the game's bot does through menus (bench/README.md), else
    ``choice``. A menu the bot opens (a step with no event that leaves it awaited) is followed, as the human would
    read it, to the bot's own pick inside it, and that pick is typed at once when the rules take it from the top
    (Nürnberg's ``/nuernberg settle where:FRA.2``, ``manufacture``, ``tower``, ``bank trade:"wool ore"``, the robber
    knight's hex). A trade offer is the bot's draft (give → want → send to all) as one ``/nuernberg offer``, and the
    Raubritter's discards are all the cards the seat owes in one ``discard wool wool ore``; Strasbourg's split, built
    by the bot stack by stack, is typed in one line (``_split_at_once``)."""
    if name == "nuernberg" and view.get("phase") == "main" and view.get("menu") is None and choice == "offer":
        from rules.nuernberg import bot as nuernberg_bot

        offer = nuernberg_bot.trade_plan(view, seat)
        return f"offer 1 {offer[0]} for 1 {offer[1]} to all" if offer is not None else choice
    state = svc.core.state(await svc.core.open_row(channel))  # the bench reads the table as the human reads the board
    if name == "strasbourg" and view.get("phase") == "planning" and choice.split()[0] in SPLIT_STEPS:
        return _split_at_once(state, svc.game(name), seat, choice, rng)
    game = svc.game(name)
    view_choice = choice
    if name == "nuernberg" and view.get("phase") == "discard" and choice.startswith("discard "):
        # the Raubritter's discards: every card the seat owes, chosen by its bot one after another, in one action
        walked, cards = state.clone(), []
        pick = choice
        while True:
            cards.append(pick.split()[1])
            walked.apply(seat, pick)
            if walked.phase != "discard" or seat not in walked.to_act():
                break
            pick = game.bot_action(walked.view(seat), walked.legal_actions(seat), seat, rng)
        return f"discard {' '.join(cards)}" if len(cards) > 1 else choice
    if name == "nuernberg" and view.get("phase") in ("robber", "robber_hex") and choice.startswith("robber "):
        # the robber knight's hex and, when the rules would ask whom to rob, the bot's victim: one action
        walked = state.clone()
        for _depth in range(2):
            walked.apply(seat, choice)
            if walked.phase != "robber_hex":
                break
            choice = game.bot_action(walked.view(seat), walked.legal_actions(seat), seat, rng)  # the hex
        if walked.phase == "steal" and walked.to_act() == [seat] and not choice.split()[1].isdigit():
            victim = game.bot_action(walked.view(seat), walked.legal_actions(seat), seat, rng)
            together = f"{choice} steal {victim.split()[1]}"
            if state._is_legal(seat, together):
                return together
        return choice if state._is_legal(seat, choice) else view_choice
    walked, pick = state.clone(), choice
    for _depth in range(3):
        if walked.apply(seat, pick) or seat not in walked.to_act():
            return choice  # a real step, not a menu: answered as chosen
        inner = walked.legal_actions(seat)
        pick = inner[0] if len(inner) == 1 else game.bot_action(walked.view(seat), inner, seat, rng)
        if pick == "back":
            return choice
        if state._is_legal(seat, pick):  # typed at once: only if it does just what the menus' steps do
            typed, stepped = state.clone(), walked.clone()
            typed.apply(seat, pick)
            stepped.apply(seat, pick)
            if _same_but_ply(typed, stepped):
                return pick
    return choice


SPLIT_STEPS = ("add", "close", "singles")  # Strasbourg's steps that build the split stack by stack


def _split_at_once(state: Any, game: Any, seat: int, choice: str, rng: Rng) -> str:
    """Strasbourg's split typed in one line (``/strasbourg split 6 | 5 1 | 4``) where the bot builds it step by step
    (add, close, …): the bot's own steps are followed on a copy until the split is whole (the seat reviews it), and
    the stacks it reached are typed at once; the seat then confirms as before. Splitting reveals nothing new (the
    cards are drawn already), so the typed split is the one the steps would have made."""
    walked, pick = state.clone(), choice
    for _step in range(40):
        walked.apply(seat, pick)
        if walked.players[seat]["plan"] != "split":
            break
        pick = game.bot_action(walked.view(seat), walked.legal_actions(seat), seat, rng)
        if pick.split()[0] not in SPLIT_STEPS:
            return choice  # the bot takes cards back: answered step by step, as chosen
    p = walked.players[seat]
    if p["plan"] != "review":
        return choice
    typed = "split " + " | ".join(" ".join(str(c) for c in stack) for stack in p["stacks"][p["new_from"]:])
    return typed if state._is_legal(seat, typed) else choice


async def end_after(svc: Any, channel: int, name: str, view: dict[str, Any], seat: int, choice: str,
                    rng: Rng) -> str | None:
    """The order "end my turn after my next move" a Nürnberg human gives with the move it knows to be the last of
    its turn (bench/README.md): a build, bank trade or product (no offer: its answers are news) after which, on its
    own view of the table with that move made, its bot ends the turn. Such a move reveals nothing, so the player
    knows this when making it."""
    if name != "nuernberg" or view.get("phase") != "main" or view.get("menu") is not None:
        return None
    if choice.startswith(("offer", "end", "back")) or choice in ("bank", "manufacture", "tower") or (
            choice.startswith("settle ") and "." not in choice):
        return None  # the end itself, an offer, or only a menu opened
    from rules.nuernberg import orders as nuernberg_orders

    walked = svc.core.state(await svc.core.open_row(channel)).clone()
    walked.apply(seat, choice)
    if walked.phase != "main" or walked.menu is not None or walked.to_act() != [seat]:
        return None
    after = walked.view(seat)
    if svc.game(name).bot_action(after, walked.legal_actions(seat), seat, rng) != "end":
        return None
    return f"{nuernberg_orders.END_AFTER} {nuernberg_orders.mark(view, seat)}"


def _same_but_ply(a: Any, b: Any) -> bool:
    return {k: v for k, v in a.to_json().items() if k != "ply"} == {k: v for k, v in b.to_json().items() if k != "ply"}


def _worth(view: dict[str, Any], seat: int, col: int) -> int:
    """What Speicherstadt's card in column ``col`` is worth to ``seat`` in coins by its bot's own evaluation (card
    value over the value of a coin), at most its coins."""
    from rules.speicherstadt import bot_values

    me = view["players"][seat]
    worth = bot_values.card_value(view, me, view["row"][col - 1]) / max(bot_values.coin_value(view, me), 1e-9)
    return max(0, min(int(me["coins"]), int(worth)))


def buy_ahead(name: str, view: dict[str, Any], choice: str, seat: int) -> str | None:
    """The purchase order a human gives with a Speicherstadt placement ``place X``: "buy column X for N coins or
    less", N = the card's worth to it (``_worth``) on the view it placed from (bench/README.md)."""
    if name != "speicherstadt" or view.get("phase") != "demand" or not choice.startswith("place "):
        return None
    col = int(choice.split()[1])
    return f"upto {col} {_worth(view, seat, col)}"


PLAN_CHOICES = 2  # columns a Speicherstadt plan names: the bot's first choice and, if it is taken, its second


def plan_ahead(name: str, game: Any, view: dict[str, Any], choice: str, seat: int,
               rng: Rng) -> list[tuple[int, int]]:
    """The plan-ahead placement a human gives together with this decision, as (column, workers above it) pairs in
    order of preference (empty: none).

    Speicherstadt's Demand (bench/README.md): with each of its own placements ``place X`` that leaves it a worker,
    the seat also plans its next placement: its bot's choice on its own view with that placement made and the seat
    to place again at once (the row as it stands: what the player sees when they place), and the bot's choice
    without that column as the fallback. The order plays when the seat's turn comes only above a column nobody
    placed above since (``rules/speicherstadt/orders.py``); else the seat is asked as usual."""
    if name != "speicherstadt" or view.get("phase") != "demand" or not choice.startswith("place "):
        return []
    from rules.speicherstadt.data import BUILDING_SPACES

    me = view["players"][seat]
    if int(me["workers"]) <= 1:
        return []  # that was its last worker this round
    after = json.loads(json.dumps(view))  # the same view with the placement made
    after["row"][int(choice.split()[1]) - 1]["workers"].append(seat)
    after["players"][seat]["workers"] = int(me["workers"]) - 1
    legal = [f"place {i + 1}" for i, slot in enumerate(after["row"]) if len(slot["workers"]) < BUILDING_SPACES]
    out: list[tuple[int, int]] = []
    while legal and len(out) < PLAN_CHOICES:
        pick = game.bot_action(after, legal, seat, rng)
        col = int(pick.split()[1])
        out.append((col, len(after["row"][col - 1]["workers"])))
        legal.remove(pick)
    return out


BID_STEPS_AHEAD = 1  # Strasbourg: the bidding steps a human plans with each bid it is asked for


def bid_ahead(name: str, game: Any, view: dict[str, Any], choice: str, seat: int, rng: Rng) -> list[str]:
    """The plan-ahead bids a Strasbourg human gives together with its bid ``choice`` in steps A–G, as order ids
    (bench/README.md): for each of the next ``BID_STEPS_AHEAD`` bidding steps of the round, its bot's choice on
    its own view with this bid made and that step starting now, nobody having bid yet — "pass in step X", or "in
    step X reveal my stack 5+1 if nobody before me has revealed one" (``rules/strasbourg/orders.py``)."""
    if name != "strasbourg" or view.get("phase") != "action" or view.get("bid") is None or view.get("task"):
        return []
    if not (choice == "pass" or choice.startswith("reveal ")):
        return []  # a privilege: it decides later, after the others
    from rules.strasbourg.orders import BIDDING
    from rules.strasbourg.steps import step_kind

    after = json.loads(json.dumps(view))
    stacks = after["private"]["stacks"]
    if choice.startswith("reveal "):
        stacks.pop(int(choice.split()[1]) - 1)
    n, first, rnd = int(view["num_players"]), int(view["first_player"]), int(view["round"])
    card = view["round_cards"][rnd - 1]
    out: list[str] = []
    for letter in [x for x in BIDDING if x > str(view["step"])][:BID_STEPS_AHEAD]:
        if not stacks:
            break
        after["players"][seat]["stacks"] = [len(s) for s in stacks]
        after.update(step=letter, step_kind=step_kind(letter), merchant_seat=letter == "G", to_act=[seat], task=None,
                     step_guild=card.get(letter) if letter in "BDF" else None,
                     bid={"status": ["waiting"] * n, "revealed": [[] for _ in range(n)],
                          "queue": [(first + k) % n for k in range(n)]})
        legal = [f"reveal {i}" for i in range(1, len(stacks) + 1)] + ["pass"]
        pick = game.bot_action(after, legal, seat, rng)
        if pick.startswith("reveal "):
            cards = stacks.pop(int(pick.split()[1]) - 1)
            out.append(f"bid {letter} " + "+".join(str(c) for c in cards))
        else:
            out.append(f"bid {letter} pass")
    return out


def colonia_plan(game: Any, view: dict[str, Any], choice: str, seat: int, rng: Rng) -> str | None:
    """The order a Colonia human gives together with its own action ``choice`` in a passing loop (bench/README.md):
    its next action of the loop, its bot's pick on its own view with ``choice`` made and the seat to act again at
    once, and the bot's pick without that one as the fallback — "my next action: X, else Y" (``next X or Y``,
    played only if nobody took its target since; rules/colonia/plans.py), or "pass in this loop" when the first
    pick is to pass (no fallback when the second is). None: no plan (not a loop action, or one whose follow-up the
    seat still has to choose: the good for an extra hold)."""
    from rules.colonia import plans

    loop = view.get("loop")
    verb = choice.split(" ")[0]
    if loop is None or view.get("pending") is not None or verb not in plans.LOOP_OF or verb == "extra":
        return None
    after = _colonia_after(view, choice, seat)
    legal = [*plans.possible(after, seat, loop["kind"]), "pass"]
    picks: list[str] = []
    while len(picks) < PLAN_CHOICES and len(legal) > 1:
        pick = game.bot_action(after, legal, seat, rng)
        if pick == "pass":
            break
        picks.append(pick)
        legal.remove(pick)
    if not picks:
        return "pass"
    return plans.plan_id(after, *picks)


def _colonia_after(view: dict[str, Any], choice: str, seat: int) -> dict[str, Any]:
    """The seat's own view with its loop action ``choice`` made (what it sees once it has acted)."""
    after = json.loads(json.dumps(view))
    me, player = after["me"], after["players"][seat]
    verb, *rest = choice.split(" ")
    if verb == "stall":
        stall = after["market"][int(rest[0]) - 1]
        for m, k in stall["materials"].items():
            me["materials"][m] = me["materials"].get(m, 0) + k
        player["reserve"] -= stall["total"]
        stall.update(seat=seat, members=stall["total"], total=0, materials={})
    elif verb == "order":
        col = next(c for c in after["craftsmen"] if c["name"] == rest[0])
        for m in col["inputs"]:
            me["materials"][m] -= 1
        col["orders"].append({"seat": seat, "members": col["next_cost"]})
        player["reserve"] -= col["next_cost"]
        col["next_cost"] += 1
    elif verb == "load":
        ship = next(s for s in after["harbour"]["ships"] if s["id"] == rest[0])
        hold = ship["holds"][int(rest[1]) - 1]
        for g in hold["goods"]:
            me["goods"][g] -= 1
        hold["seat"] = seat
        player["reserve"] -= 1
    elif verb in ("buy", "insure"):
        relics = after["relics"]
        for row in ("display", "extra"):
            for i, card in enumerate(relics[row]):
                if card and card["id"] == rest[0]:
                    if verb == "insure":
                        card["insured_by"] = seat
                        player["reserve"] -= 1
                        continue
                    me["money"][card["currency"]] -= card["price"]
                    relics[row][i] = None
                    if card["shrine"]:
                        player["shrines"].append({"id": card["id"], "relic": None, "vp": 0})
                    else:
                        me["relics"].append(card)
    return after


def votes_ahead(name: str, game: Any, view: dict[str, Any], seat: int, rng: Rng) -> list[str]:
    """The votes a Colonia human gives ahead with each of its decisions (bench/README.md): on every decree of the
    week still to be voted on (not the one being voted on now), its bot's vote on the view it decides from, as if
    that decree's vote were open. Given again with each later decision, so the vote played is the one from the
    seat's last sitting before that vote."""
    if name != "colonia":
        return []
    voting = (view.get("vote") or {}).get("decree")
    out = []
    for decree in view.get("decrees") or []:
        if decree.get("result") is None and decree["id"] != voting:
            pick = game.bot_action({**view, "vote": {"decree": decree["id"]}}, ["vote yes", "vote no"], seat, rng)
            out.append(f"vote {decree['id']} {pick.split()[1]}")
    return out


def _plan_key(name: str, view: dict[str, Any], seat: int) -> tuple[Any, ...] | None:
    """The decision a plan-ahead order is for, as seen from ``view``: a seat asked again with the same key was
    asked the very decision its plan should have answered (the plan lapsed unplayed). Speicherstadt: the round and
    the seat's workers left; Colonia: the loop (week, day, kind) and the seat's own marks in it."""
    if name == "speicherstadt":
        return view.get("round"), view["players"][seat].get("workers")
    loop = view.get("loop")
    if name != "colonia" or loop is None or view.get("pending") is not None:
        return None
    from rules.colonia import plans

    return view["week"], view["day"], loop["kind"], plans.marks(view, seat, loop["kind"])
