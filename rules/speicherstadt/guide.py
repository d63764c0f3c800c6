"""The Speicherstadt's guided first game and its rules by topic (rules/guide.py; docs/learning.md): one explanation
per kind of decision (Demand, Purchase, Loading), checked against docs/rules/speicherstadt.md, with the rulebook's
own examples told in our words. Pure data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.guide import SETUP, Topic
from rules.words import N_

STEPS: dict[str, str] = {
    "demand": N_(
        "Demand: in turn order, everyone puts one worker at a time above a card, until all 3 are out. A worker takes "
        "the lowest free space of its column; you must place. A card will cost 1 coin per worker above it, and the "
        "lowest worker is asked first. Rulebook example: Beige is above card 1, Violet above card 3; Orange may go "
        "above any of the 4 cards. Weigh it: a low space gets the first say, a busy card gets dear."),
    "purchase": N_(
        "Purchase, column by column from the left: the lowest worker's owner may buy the card for 1 coin per worker "
        "in the column; buying sends all those workers home. Declining removes only your worker, and the next one "
        "up is asked 1 coin less. Rulebook example: a column Beige, Orange, Beige, Violet: Beige may buy at 4, "
        "Orange at 3, Beige at 2, Violet at 1. Income is small: buy what your plan needs."),
    "loading": N_(
        "Loading: use the cubes of the ships you bought. Fill a matching symbol of your contract (complete: 5, 8 or "
        "11 points), sell to your merchant of that colour (1 coin), store up to 4 in your warehouse (1 point each), "
        "or use your market hall: 2 cubes there give 1 coin, 3 buy any cube of the reserve; at most 1 may stay. "
        "Cubes left in hand are lost. Rulebook example: Blue keeps his carpet on his market hall for an 11-point "
        "contract."),
}

TOPICS: tuple[Topic, ...] = (
    Topic("setup", N_("Set-up"), N_(
        "Set-up: the pile is sorted by season, Winter on top, then Spring, Summer and Autumn, with the 4th Fire at "
        "the bottom; with 2, 3 or 5 players two Autumn cards leave the game. Everyone starts with 5 coins and 3 "
        "workers, and the first player is drawn. Every card (ships, contracts, merchants, firemen, Kontors and the "
        "buildings) is bought the same way, in the Purchase."), SETUP),
    Topic("round", N_("A round"), N_(
        "A round has five phases. 1 Supply: cards are turned up until the row holds one card more than there are "
        "players; a ship comes with 3 random cubes, a fire is scored at once. 2 Demand: place your workers above "
        "cards. 3 Purchase: buy or decline, column by column. 4 Loading: use the cubes of your new ships. 5 Income: "
        "1 coin, +1 if you bought nothing this round, +1 with the Bank; then the first player's coin passes to the "
        "left.")),
    Topic("demand", N_("Demand"), STEPS["demand"], "demand"),
    Topic("purchase", N_("Purchase"), STEPS["purchase"], "purchase"),
    Topic("loading", N_("Loading"), STEPS["loading"], "loading"),
    Topic("fires", N_("Fires"), N_(
        "Fires: when a fire card comes up, everyone adds up the firemen they own. The highest total gains the "
        "points on the card, the lowest loses them; players tied at the top all gain, tied at the bottom all lose, "
        "and if everyone is equal nothing happens. Each fire is worth more than the one before, and the 4th Fire is "
        "scored after the last round, so a fireman bought early counts in every fire still to come.")),
    Topic("scoring", N_("Scoring"), N_(
        "Scoring: your fire points, plus complete contracts 5, 8 or 11 (incomplete ones score nothing), Kontors 2, "
        "5, 9 or 14 for 1 to 4, 1 per merchant, Boatmen Church 3, St. Michaelis 4, 1 per cube in your warehouse, "
        "Port 1 per ship you own, Chamber of Commerce 1 per coin. A tie goes to the player with more coins.")),
    Topic("end", N_("The end"), N_(
        "The end: when, after Supply, only the 4th Fire is left in the pile, that round is the last. It is played "
        "out, then the 4th Fire is scored and the game ends: 16, 12, 10 or 8 rounds for 2, 3, 4 or 5 players.")),
)


def steps() -> Mapping[str, str]:
    return STEPS


def topics() -> Sequence[Topic]:
    return TOPICS


def guide_for(view: dict[str, Any]) -> str | None:
    """The decision the view awaits: its phase (Supply and Income play themselves)."""
    phase = view.get("phase")
    return phase if phase in STEPS and not view.get("over") else None
