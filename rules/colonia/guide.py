"""Colonia's guided first game and its rules by topic (rules/guide.py; docs/learning.md): one explanation per kind
of decision of the week (family cards, votes, market, craftsmen, loading, relics and their follow-ups), checked
against docs/rules/colonia.md, with the rulebook's own examples told in our words. Reconstructed values (the members
per player count, the relic points, the die's 6) are never stated as facts. Pure data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.guide import SETUP, Topic
from rules.words import N_

STEPS: dict[str, str] = {
    "family": N_(
        "Tuesday: everyone secretly plays a family card, 3 to 8 (each once in the game), and sends that many "
        "members to the city hall. The card is also your votes this week and your place in turn order, highest "
        "first; the first is the mayor. Equal cards swap last week's order (rulebook: yellow and red both play 5 "
        "and trade places). Too few members at home: the card counts 0. Weigh it: a high card buys first pick "
        "and votes, but sends many members away for a week."),
    "vote": N_(
        "A decree is voted on its day, secretly and all at once: your votes are your family card's value (a 0-card "
        "has none). A passed decree acts at once; every decree leaves the game after its vote; a tie goes to the "
        "mayor. Rulebook example: purple 5 and green 3 say yes (8), red 7 and yellow 4 say no (11): rejected. "
        "Weigh it: vote yes when the decree does more for you than for the others; the menu says what it touches."),
    "decide": N_(
        "The vote is tied and you, the mayor, cast no ballot (your card counts 0), so you decide alone whether the "
        "decree passes. Weigh it as a vote: does what it moves help you more than the others?"),
    "stall": N_(
        "Wednesday, the market: in turn order, take one stall or pass; a pass ends your day. A stall gives you all "
        "its raw materials, and you put as many members on it as it held; they come home only after next week's "
        "market. Rulebook example: yellow takes stall 1's 6 materials with 6 members. Weigh it: each craftsman's order "
        "needs two particular materials, so take what your orders need."),
    "order": N_(
        "Thursday, the craftsmen: in turn order, order a good or pass. An order pays the craftsman's two raw "
        "materials back to the bag and takes his top free space; this week's first new order there costs 1 member, "
        "the next 2, then 3. Extra-order dice then move his line down; each order above it delivers one good and "
        "its members go to the street, the rest wait. Weigh it: goods fill ship holds; a space below the line may "
        "wait a week."),
    "load": N_(
        "Friday, the harbour: in turn order, load a hold or pass. A hold takes exactly the goods it shows and one "
        "of your members; each hold is loaded once. On Saturday the ships above the departure line sail and each "
        "loaded hold pays its value in the currency of the ship's city (rulebook: a 9-Gulden hold of a Brügge ship "
        "pays 9 Gulden). Weigh it: relics are paid only in their city's currency, so load for the cities you want."),
    "extra": N_(
        "Extra cargo space passed: each ship has one extra hold for any single good, paying 2 in the ship's currency "
        "when it sails; if the ship stays this week, the good waits on board. Loading it costs one member, as any "
        "hold does. Choose which of your goods goes in: best one that no regular hold of a sailing ship wants."),
    "take": N_(
        "The die gives a good: each number is a craftsman's good (at set-up everyone rolls once; the decree Lucky "
        "find rolls again). On a 6, which has no craftsman, Kontor lets you choose (a reconstructed rule). Choose "
        "the good a hold you can load soon asks for: goods only pay once they sail."),
    "exchange": N_(
        "Money changers passed: you may change up to 5 coins of one currency into another, 1 for 1. First pick the "
        "currency you give (you may still switch or back out), then how much and into what. Weigh it: relics are "
        "paid only in their city's currency, and each window goes to the strict majority of its money, who pays "
        "that money to the bank."),
    "buy": N_(
        "Sunday, the relics: in turn order, buy one relic or pass; a pass ends your day. You pay the price in the "
        "currency of the relic's city, with change from the bank; its points stay secret until the end. A shrine "
        "doubles one relic of its city. Weigh it: points per coin, and the money you keep for a window; in week 6 "
        "this is the last chance to spend."),
    "shrine": N_(
        "You hold a shrine: it doubles one relic of its city. Put one of your relics of that city in it now, or keep "
        "it empty; when you later buy a relic of that city, you are asked again. Filled shrines are public; the "
        "relics in them count double at the end. Weigh it: a small relic now, or the hope of a bigger one later?"),
    "insure": N_(
        "Sunday, insurance: in turn order, put one member on a relic on display, or pass. Then every uninsured card "
        "leaves and the display is refilled; an insured card stays for sale, and your member comes home only when "
        "someone buys it, maybe never. Rulebook example: red insures a Bergen relic; blue buys it next Sunday and "
        "red's member goes home. Weigh it: insure what you mean to buy next week."),
}

TOPICS: tuple[Topic, ...] = (
    Topic("setup", N_("Set-up"), N_(
        "Set-up: everyone takes the members of their colour (how many depends on the number of players: Kontor's "
        "numbers are reconstructed), the family cards 3 to 8, 5 coins of each currency (Pfund, Grivna, Mark, "
        "Gulden), 4 raw materials from the bag and one good rolled on the die. Relics are laid out for sale, 4 "
        "ships wait in the harbour, and a game lasts six weeks."), SETUP),
    Topic("round", N_("A week"), N_(
        "A week has seven days. Monday: the week card fills the market stalls, moves the craftsmen's lines and says "
        "how many ships sail; 3 decrees are drawn, each voted on its day. Tuesday: family cards. Wednesday: the "
        "market (raw materials). Thursday: the craftsmen (goods). Friday: loading the ships. Saturday: the ships "
        "sail and pay. Sunday: relics are bought and insured.")),
    Topic("family", N_("Family cards"), STEPS["family"], "family"),
    Topic("decrees", N_("Decrees"), STEPS["vote"], "vote"),
    Topic("market", N_("Market"), STEPS["stall"], "stall"),
    Topic("craftsmen", N_("Craftsmen"), STEPS["order"], "order"),
    Topic("harbour", N_("Harbour"), STEPS["load"], "load"),
    Topic("ships", N_("Ships sail"), N_(
        "Saturday: the ships above the departure line sail (the week card says how many; in week 6 all four). "
        "Each loaded hold pays its owner its printed value in the currency of the ship's city, and the members on "
        "board go to the Friday street. The other ships move up with their members, and new ships fill the free "
        "berths.")),
    Topic("relics", N_("Relics"), STEPS["buy"], "buy"),
    Topic("insurance", N_("Insurance"), STEPS["insure"], "insure"),
    Topic("streets", N_("The streets"), N_(
        "The streets: a member used on a day goes to that day's street space and comes home a week later, when that "
        "day's street step comes round again; so members spent on a Wednesday are missing at next Wednesday's "
        "market. An insured member returns only when its relic is bought; homecoming decrees bring some back at "
        "once. With too few members at home on Tuesday, your card counts 0 and the missing ones come off your "
        "streets.")),
    Topic("scoring", N_("Scoring"), N_(
        "Scoring: your relics' points (secret until the end; a relic in a shrine counts double), plus the stained-"
        "glass windows: whoever holds strictly the most money of a city's currency wins its window and pays that "
        "money to the bank; a tie gives nobody the window. Rulebook example: London money 10, 3, 2 and 4: green "
        "wins the window (2 points) and pays the 10 Pfund. Ties: money left, then goods, then raw materials.")),
    Topic("end", N_("The end"), N_(
        "The end: after six weeks. In week 6 all four ships sail, and on the last Sunday relics are only bought "
        "(no insurance, no refill); then the game is scored. Goods and raw materials left score nothing and money "
        "only wins windows and ties, so the last Sunday is for spending.")),
)


def steps() -> Mapping[str, str]:
    return STEPS


def topics() -> Sequence[Topic]:
    return TOPICS


def guide_for(view: dict[str, Any]) -> str | None:
    """The decision the seat's own view awaits. The view's ``phase`` is text in the reader's language, so the step
    is read off its data: a follow-up (extra hold, shrine) first, then a vote, then the day's passing loop, then the
    day's own simultaneous step (Tuesday's cards, Saturday's money changers, a die's good at set-up or on Friday)."""
    if view.get("over") or not view.get("to_act"):
        return None
    pending = view.get("pending") or {}
    if pending.get("kind") in ("extra", "shrine"):
        return str(pending["kind"])
    vote = view.get("vote")
    if vote:
        viewer = view.get("viewer")
        return "vote" if viewer in vote.get("voters", []) and viewer not in vote.get("cast", []) else "decide"
    loop = view.get("loop")
    if loop:
        return {"stall": "stall", "order": "order", "load": "load", "buy": "buy", "insure": "insure"}.get(
            str(loop.get("kind")))
    return {1: "take", 2: "family", 5: "take", 6: "exchange"}.get(int(view.get("day") or 0))
