"""Setting up a Strasbourg game: round cards, edifices, first player, and each seat's deck and objectives."""

from __future__ import annotations

from typing import Any

from rules.core import Rng
from rules.strasbourg.data import (
    COUNCIL_SEATS,
    EDIFICES,
    GUILDS,
    INFLUENCE_DECK,
    OBJECTIVES,
    OBJECTIVES_DEALT,
    ROUND_CARDS,
    STARTING_COINS,
)
from rules.strasbourg.state import DEFAULT_OPTIONS, StrasbourgState


def new_player(deck: list[int], dealt: list[str]) -> dict[str, Any]:
    return {
        "deck": deck,  # index 0 is the top
        "hand": [],  # drawn this planning phase, not yet stacked
        "open": [],  # the stack being built
        "stacks": [],  # face-down stacks, oldest first
        "new_from": 0,  # stacks[new_from:] were made in this planning phase
        "deck_start": len(deck),  # deck size when planning began (what others see meanwhile)
        "plan": "objectives",  # objectives -> draw -> split -> ready
        "coins": STARTING_COINS,
        "income": 0,  # coins gained from sales (conservation check)
        "goods": [0] * len(GUILDS),
        "goods_taken": 0,
        "goods_sold": 0,
        "privileges": 0,
        "privileges_gained": 0,
        "privileges_spent": 0,
        "prestige": 0,  # council prestige gained so far (the public track)
        "gone": [],  # influence cards revealed and removed from the game
        "dealt": dealt,
        "kept": [],
        "undecided": list(dealt),
    }


def new_state(num_players: int, seed: int, options: dict[str, str] | None = None) -> StrasbourgState:
    rng = Rng(seed, "setup")
    cards = rng.shuffled(list(ROUND_CARDS))
    edifices = rng.shuffled(list(EDIFICES))
    first = rng.below(num_players)
    objectives = rng.shuffled(list(OBJECTIVES))
    players = [
        new_player(
            rng.shuffled(list(INFLUENCE_DECK)), objectives[i * OBJECTIVES_DEALT : (i + 1) * OBJECTIVES_DEALT]
        )
        for i in range(num_players)
    ]
    council: dict[str, int | None] = dict.fromkeys(COUNCIL_SEATS)
    council["nobility"] = first
    council["church"] = (first + 1) % num_players
    state = StrasbourgState(
        {
            "seed": seed,
            "ply": 0,
            "num_players": num_players,
            "phase": "planning",
            "round": 1,
            "step": 0,
            "cards": cards,
            "edifices": edifices,
            "first": first,
            "council": council,
            "city": {},
            "built": {},
            "chapels": [],
            "players": players,
            "bid": None,
            "tasks": [],
            "last": None,
            "options": {**DEFAULT_OPTIONS, **(options or {})},
        }
    )
    return state
