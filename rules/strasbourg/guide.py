"""Strasbourg's guided first game and its rules by topic (rules/guide.py; docs/learning.md): one explanation per kind
of decision (the objectives, drawing and splitting the influence cards, the three kinds of bids, each slot's action),
checked against docs/rules/strasbourg.md, with the rulebook's own examples told in our words. Pure data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.guide import SETUP, Topic
from rules.words import N_

STEPS: dict[str, str] = {
    "objectives": N_(
        "Objectives: you were dealt 5 and keep 1 to 5 of them, in secret. Each kept objective scores its points if "
        "it is met at the end of the game and costs 3 if not. Keep the ones your plan fits (a guild you mean to "
        "lead, members near an edifice); one or two sure ones beat five hopes."),
    "draw": N_(
        "Planning, drawing: turn up your influence cards one at a time and stop when you like (at least one). The "
        "24 cards of your deck must last all 5 rounds, about 5 a round. Rulebook example: Nicole draws 5, 2, 2, 3 "
        "and 6, then stops. More cards now means more influence this round and less later."),
    "split": N_(
        "Planning, splitting: put all the cards you drew into face-down stacks, as many as you like; the others see "
        "only how many cards each stack holds. Each stack is one bid: in each step A to G you reveal at most one. "
        "Rulebook example: Nicole's 5, 2, 2, 3, 6 become 3+2 and three single cards. A big stack wins a step you "
        "care about; small ones reach the lower places."),
    "review": N_(
        "Planning, your split: check the stacks and confirm them; until then 'unplace' takes back the last card "
        "and 'restart' starts the split again. Once confirmed, your stacks are fixed; stacks you do not reveal this "
        "round stay for later rounds, unless the table discards them."),
    "bid_nobility": N_(
        "Step A, Nobility and Church: from the first player on, each reveals one stack, passes, or spends a "
        "privilege to decide after the others. The highest total wins the Nobility seat and the first-player "
        "marker, the second the Church seat; ties go to the player nearest the first player. The Nobility builds "
        "the round's edifice (step I), the Church its chapel (step H)."),
    "bid_guild": N_(
        "A guild step: reveal a stack, pass or spend a privilege. Rank 1 becomes Master (the guild's council seat, "
        "its goods, may buy one of its city spaces), rank 2 Journeyman (goods, may buy a space), rank 3 Apprentice "
        "(goods or a space); with 3 players there is no Journeyman. Rulebook example: Nicole 5, Peter 2+1, Sandra "
        "5, Thomas 6: Thomas is Master; Nicole, the first player, wins the tie with Sandra."),
    "bid_merchants": N_(
        "A Merchants step: reveal a stack, pass or spend a privilege. Only the highest total acts: they sell any of "
        "their goods for coins, and in step G they also take the Merchants seat in the council. Bid here when you "
        "hold goods and need coins for the city; in C or E a winner without goods may only put one card back."),
    "master": N_(
        "Your guild place: the seat (for a Master) and the goods are yours already; now you may buy one free city "
        "space of this guild at its price, or skip. Rulebook example: Thomas, Master of the vintners, pays 4 coins "
        "for a space. Members in the city score 1 each, more next to chapels and edifices: buy near them."),
    "apprentice": N_(
        "Apprentice: take the guild's goods tile, or put one member on a free city space of the guild for its "
        "price. Rulebook example: Sandra, third, places no member and takes the goods. Goods become coins at the "
        "Merchants; members score at the end."),
    "merchant": N_(
        "First at the Merchants: sell any of your goods tiles for their value in coins, one guild at a time, then "
        "say you are done. Rulebook example: Nicole sells weapons, wine and shoes for 12 coins in all. Coins buy "
        "city spaces; goods score nothing at the end."),
    "return": N_(
        "You revealed a stack but won no action: you may put one of its cards at the bottom of your deck, to draw "
        "it again later; the rest leaves the game. Rulebook example: Peter, last, puts back his 2 and loses his 1. "
        "Return the highest card."),
    "chapel": N_(
        "Step H: you hold the Church seat, so you build this round's chapel on a free chapel space between city "
        "squares. At the end each of your members touching it scores 1 point. Rulebook example: Sandra builds "
        "hers right next to two of her members."),
    "edifice": N_(
        "Step I: you hold the Nobility seat, so you build this round's edifice on a free building space. At the end "
        "each of your members orthogonally next to it scores its value. Rulebook example: Thomas puts the Inn "
        "(worth 4) next to two of his members."),
}

TOPICS: tuple[Topic, ...] = (
    Topic("setup", N_("Set-up"), N_(
        "Set-up: the 5 round cards and the 5 edifices are laid out in random order (the edifice under a round's card "
        "is built in that round). Everyone takes a shuffled deck of 24 influence cards (4 each of 1 to 6), 15 "
        "members and 5 coins. The first player puts a member on the Nobility seat, the next player on the Church "
        "seat. In round 1 each player keeps 1 to 5 of 5 dealt objectives."), SETUP),
    Topic("round", N_("A round"), N_(
        "A round has three phases. 1 Planning, secret and at the same time: draw influence cards, then split them "
        "into face-down stacks. 2 Actions, steps A to I of the round card: A Nobility and Church, B, D and F a "
        "guild, C, E and G the Merchants (one stack or a pass each), H the chapel, I the edifice. 3 Council: 1 "
        "prestige per council seat you hold; whoever holds the most seats gains a privilege (all tied gain one).")),
    Topic("planning", N_("Planning"), STEPS["split"], "split"),
    Topic("bids", N_("Bids"), STEPS["bid_guild"], "bid_guild"),
    Topic("nobility", N_("Nobility"), STEPS["bid_nobility"], "bid_nobility"),
    Topic("merchants", N_("Merchants"), STEPS["bid_merchants"], "bid_merchants"),
    Topic("buildings", N_("Chapels and edifices"), N_(
        "Step H: the holder of the Church seat builds this round's chapel on a free chapel space; step I: the "
        "holder of the Nobility seat builds the round's edifice on a free building space. At the end a chapel "
        "scores 1 for each member touching it, an edifice its value for each member orthogonally next to it.")),
    Topic("scoring", N_("Scoring"), N_(
        "Scoring after round 5: your prestige from the councils, plus 1 per member in the city, 1 per member "
        "touching each chapel, an edifice's value per member next to it, 1 per unspent privilege, and each kept "
        "objective: its points if met, minus 3 if not. Coins and goods score nothing. A tie goes to more city "
        "members.")),
    Topic("end", N_("The end"), N_(
        "The end: the game lasts 5 rounds; after the council of round 5 it is scored. Stacks not revealed by then "
        "are worth nothing, so plan your deck to be used up.")),
)


def steps() -> Mapping[str, str]:
    return STEPS


def topics() -> Sequence[Topic]:
    return TOPICS


_TASKS = {"master": "master", "journeyman": "master", "apprentice": "apprentice", "merchant": "merchant",
          "return": "return", "chapel": "chapel", "edifice": "edifice"}


def guide_for(view: dict[str, Any]) -> str | None:
    """The decision the seat's own view awaits: its planning stage, its slot's task, else its bid in the step."""
    if view.get("over"):
        return None
    if view.get("phase") == "planning":
        plan = (view.get("private") or {}).get("plan")
        return plan if plan in ("objectives", "draw", "split", "review") else None
    if view.get("phase") != "action":
        return None
    task = view.get("task") or {}
    if task and task.get("seat") == view.get("viewer"):
        return _TASKS.get(str(task.get("kind")))
    kind = view.get("step_kind")
    return f"bid_{kind}" if kind in ("nobility", "guild", "merchants") else None
