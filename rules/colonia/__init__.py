"""Colonia (Dirk Henn, Queen Games 2009) for 3–6 players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.colonia import bot, guide, orders, text
from rules.colonia.command_words import COMMANDS
from rules.colonia.data import MAX_PLAYERS, MIN_PLAYERS, RECONSTRUCTED
from rules.colonia.state import ColoniaState
from rules.colonia.summary import alt_text as _alt_text
from rules.colonia.summary import summary as _summary
from rules.core import REVEAL, SECRET, Event, Game, GameParts, GuideBook, OrdersBook, Rng, State
from rules.words import N_, Commands


class ColoniaGame(Game):
    name: ClassVar[str] = "colonia"
    title: ClassVar[str] = "Colonia"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    state_class: ClassVar[type[State[Any]]] = ColoniaState
    commands: ClassVar[Commands | None] = COMMANDS  # typed in the reader's words (docs/i18n.md)
    orders_book: ClassVar[OrdersBook | None] = orders
    guide_book: ClassVar[GuideBook | None] = guide
    # Family cards, votes, goods taken behind the screen and money changing are secret choices.
    secret_verbs: ClassVar[frozenset[str]] = frozenset({"family", "vote", "take", "exchange", "no"})
    #: undo (docs/service.md "Undo"): cards turned over from the shuffled decks, and the secret family cards and
    #: votes shown once everyone has chosen. Bag draws, dice and reshuffles use the Rng (a barrier by themselves).
    reveal_events: ClassVar[Mapping[str, str]] = {
        "week": REVEAL, "ships_arrive": REVEAL, "new_relics": REVEAL, "relics_refilled": REVEAL,
        "family_revealed": SECRET, "vote_result": SECRET, "windows": REVEAL, "game_over": REVEAL,
    }
    option_choices: ClassVar[dict[str, list[str]]] = {}
    #: the strong bot's playouts per decision: at the default 48 its search deviated from the basic bot too seldom to
    #: win 60% (docs/bots.md, "Tuning"); a Colonia decision is cheap enough for twice as many.
    search_budget: ClassVar[int | None] = 96
    #: what breaks a tie first (money after the windows, then goods, then raw materials: ``Outcome.tiebreak`` keeps
    #: the first), the final table's last column when scores tie
    tiebreak_label: ClassVar[str] = N_("Money")
    #: the final image's column headings (render/colonia/final.py)
    score_labels: ClassVar[Mapping[str, str]] = {"relics": N_("Relics"), "shrines": N_("Shrines"),
                                                 "windows": N_("Windows")}
    #: the score is counted at the end (relics in hand are secret, the windows are decided then); the public running
    #: figure, the shrines' points, is often 0 all game: no chart of the rounds (docs/ratings.md)
    running_score: ClassVar[bool] = False
    rules_summary: ClassVar[str] = N_(
        "6 weeks of 7 days. Mon: a week card fills the market stalls, sets the craftsmen's regular orders, the "
        "extra-order dice and how many ships sail (all 4 in week 6); 3 decrees are revealed. "
        "Tue: everyone secretly plays a family card (3-8, each once) and sends that many members to the city hall; "
        "too few in reserve = the card counts 0. Higher card acts first (ties: reverse of last week) and has that "
        "many votes. Decrees are voted secretly on their day (Wed-Sat); ties go to the mayor. "
        "Passing loops in turn order (a pass ends your day): Wed take a whole stall for as many members; "
        "Thu order a good (2 raw materials; the k-th new order at a craftsman costs k members), extra dice move "
        "sticks, orders above the stick deliver 1 good; Fri load a ship's hold with exactly its goods and 1 member; "
        "Sat ships above the stick pay in their city's currency; Sun buy relics (city currency only; shrines double "
        "one relic of their city), then insure one display card with a member. Members return from the street "
        "about 8 days later. End: most money in a currency wins its window (2 VP; ties none). "
        "Ties: money, then goods, then raw materials."
    )
    reconstructed: ClassVar[list[str]] = RECONSTRUCTED

    def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> State[Any]:
        self.check_players(num_players)
        self.normalise_options(options)
        return ColoniaState.new(num_players, int(seed))

    def bot_action(self, view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
        return bot.choose(view, legal, seat, rng)

    def event_text(self, event: Event) -> str:
        return text.event_text(event)

    def summary(self, view: dict[str, Any]) -> str:
        return _summary(view)

    def alt_text(self, view: dict[str, Any], last: str | None = None) -> str:
        return _alt_text(view, last)


GAME = ColoniaGame()
ColoniaState.game = GAME
#: Everything this game ships (the registry in rules/__init__.py reads it; the rules never import the other layers).
PARTS = GameParts(
    GAME, render="render.colonia", commands="bot.discord.commands.specs.colonia", checks="rules.colonia.checks",
    texts=("rules/colonia", "render/colonia", "render/colonia_art.py"),
)

__all__ = ["GAME", "PARTS", "ColoniaGame", "ColoniaState"]
