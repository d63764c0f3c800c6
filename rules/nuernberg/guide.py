"""Die Siedler von Nürnberg's guided first game and its rules by topic (rules/guide.py; docs/learning.md): one
explanation per kind of decision (the event card, the robber knight's discards and move, the turn, a trade's draft,
answer and choice, a council swap), checked against docs/rules/nuernberg.md, with the rulebook's own examples told
in our words. Reconstructed data (the map, the goods, the event deck) are never stated as facts. Pure data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.guide import SETUP, Topic
from rules.words import N_

STEPS: dict[str, str] = {
    "draw": N_(
        "Your turn starts with an event card. First the income, for everyone: each settlement next to a hex with "
        "the card's number gets one card of that hex's resource (not from the robber knight's hex). Then the "
        "card's event, such as the robber knight, a toll for the route holders or time passing; at the red years all "
        "event cards are reshuffled, and when the time marker reaches 1400 the game ends. Nothing to weigh: it "
        "is how every turn begins."),
    "discard": N_(
        "The robber knight came: everyone holding more than 7 resource cards (gold does not count) gives back half "
        "of them, rounded down, and chooses which: with 8 or 9 cards you give back 4. Weigh it: keep the cards "
        "your next building needs and give back what you hold many of. Next time, trade or build before your "
        "hand grows past 7."),
    "robber": N_(
        "The robber knight (Raubritter): you move him to another countryside hex, not Nürnberg (his castle is "
        "allowed): first the hex's number, then the hex. While he stands there, that hex gives nobody anything. "
        "Then you take one random card from a player of your choice who holds cards, neighbour or not. Weigh it: "
        "block a hex that pays the leader well and not you, and rob whoever leads or holds many cards."),
    "main": N_(
        "Your turn: trade and build in any order, then end it. Toll bar: wood + brick, on a trade route. "
        "Settlement: grain + wool + brick + wood, on a crossing of a route where you have a toll bar. Manufacture: "
        "3 ore + 2 grain, in the city. Wall: brick + 3 gold (1 prestige). Tower: brick + wood + 3 gold (2 "
        "prestige). Produce a good to sell it for gold; trade with the bank (4:1) or offer a trade. Weigh it: "
        "settlements bring income, gold brings prestige; 13 points on your turn win."),
    "draft": N_(
        "A trade, drafted in private: add what you give and what you want, one item at a time (cards or gold), "
        "then send it, or cancel. Only the player whose turn it is trades with others, each side gives at least "
        "one item, and there is no fixed rate: the rulebook allows three cards for one. A counter-offer is drafted "
        "the same way. Weigh it: give what you hold many of for what your next building lacks."),
    "answer": N_(
        "A trade is offered to you: accept it, decline it, or counter with what you would give for what you want. "
        "When everyone asked has answered, the proposer takes one acceptance or counter-offer, or withdraws; "
        "nothing changes hands before. Your hand stays secret: you may decline even with the cards. Weigh it: "
        "does it help your next building more than theirs? Do not feed the leader."),
    "choose": N_(
        "Everyone asked has answered your offer: take one acceptance or counter-offer you can pay (the trade is "
        "made at once), or withdraw it. Weigh it: a counter-offer may ask more than you offered; compare what "
        "each brings with what your next building lacks. You may send at most 3 offers a turn."),
    "council": N_(
        "Council cards: whoever first has 3 prestige takes the best card in play, the next to get there the next "
        "best; a player with more prestige than the holder of a better card takes it and gives back their own; "
        "with 12 prestige a holder keeps theirs. You overtook several holders tied on prestige: choose whom you "
        "overtake (the menu says where everyone ends up). The cards are worth 4, 3 and 2 points."),
}

TOPICS: tuple[Topic, ...] = (
    Topic("setup", N_("Set-up"), N_(
        "Set-up for beginners (Kontor's default): everyone starts as on the rulebook's beginner board, with two "
        "toll bars, two settlements and 2 gold, and takes one card from each hex next to their starred settlement "
        "(rulebook example: white gets 2 grain and 1 wood). The route cards go to the toll-bar majorities, the "
        "robber knight stands on his castle and the time marker on 1355. With 3 players one colour is left out "
        "(Kontor's choice: red) and the Kleiner Rat is not used."), SETUP),
    Topic("round", N_("A turn"), N_(
        "A turn: 1. turn up an event card (income for everyone, then its event); 2. trade and build, in any order: "
        "toll bars, settlements, manufactures, walls and towers, goods for gold, trades with the bank or with the "
        "others; 3. end the turn. Council cards change hands as soon as prestige allows. Turns go round until "
        "someone has 13 points on their turn or time runs out at 1400.")),
    Topic("events", N_("Event cards"), STEPS["draw"], "draw"),
    Topic("robber", N_("The robber knight"), STEPS["robber"], "robber"),
    Topic("building", N_("Building"), STEPS["main"], "main"),
    Topic("trading", N_("Trading"), STEPS["draft"], "draft"),
    Topic("goods", N_("Goods and routes"), N_(
        "Goods: you pay a good's resources and sell it in its city for gold, doubled if you own a manufacture next "
        "to its production zone (never more), minus a toll to whoever holds that city's route card (none if it is "
        "yours or nobody's). A route card goes to the first toll bar on its route, later to a player with strictly "
        "more toll bars there; it is worth 1 point. Kontor's recipes, prices and tolls are reconstructed: the menu "
        "shows each."), "main"),
    Topic("council", N_("Council cards"), STEPS["council"]),  # no picture: seeded games rarely ask it
    Topic("scoring", N_("Scoring"), N_(
        "Points: each settlement 1, each manufacture 1, each route card (Wegerecht) 1, and the council cards: "
        "Siebenerrat 4, Kleiner Rat 3, Großer Rat 2. Walls and towers score no points themselves: their prestige "
        "wins council cards. Resources and gold score nothing.")),
    Topic("end", N_("The end"), N_(
        "The end: whoever has 13 points on their own turn wins at once. Otherwise the game ends when the time "
        "marker reaches 1400 (after that card's income and event): the most points win, a tie goes to the better "
        "council card, then the win is shared. At the red years 1370 and 1385 all event cards are reshuffled.")),
)


def steps() -> Mapping[str, str]:
    return STEPS


def topics() -> Sequence[Topic]:
    return TOPICS


def guide_for(view: dict[str, Any]) -> str | None:
    """The decision the seat's own view awaits: the phase, the robber knight's three steps as one, and the trade's
    three sides (the proposer's draft, an addressee's answer or counter draft, the proposer's choice). The free
    set-up's placements have no explanation (the guided game uses the beginner set-up)."""
    phase = view.get("phase")
    if view.get("over"):
        return None
    if phase in ("draw", "discard", "council"):
        return str(phase)
    if phase in ("robber", "robber_hex", "steal"):
        return "robber"
    if phase == "offer":
        if (view.get("offer") or {}).get("from") == view.get("viewer"):
            return "choose"
        return "draft" if view.get("counter_draft") is not None else "answer"
    if phase == "main":
        return "draft" if view.get("menu") == "offer" else "main"
    return None
