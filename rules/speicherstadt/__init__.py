"""The Speicherstadt (Stefan Feld, eggertspiele 2010) for 2–5 players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.core import ALT_TEXT_MAX, REVEAL, Event, Game, GameParts, GuideBook, OrdersBook, Rng, State
from rules.speicherstadt import bot, guide, orders, text, views
from rules.speicherstadt.command_words import COMMANDS
from rules.speicherstadt.data import RECONSTRUCTED
from rules.speicherstadt.state import SpeicherstadtState
from rules.words import N_, Commands


class SpeicherstadtGame(Game):
    name: ClassVar[str] = "speicherstadt"
    title: ClassVar[str] = N_("The Speicherstadt")
    rules_version: ClassVar[int] = 3  # rules/archive: the engines of the earlier versions
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    state_class: ClassVar[type[State[Any]]] = SpeicherstadtState
    commands: ClassVar[Commands | None] = COMMANDS  # typed in the reader's words (docs/i18n.md)
    orders_book: ClassVar[OrdersBook | None] = orders
    guide_book: ClassVar[GuideBook | None] = guide
    option_choices: ClassVar[dict[str, list[str]]] = {}
    rules_summary: ClassVar[str] = N_(
        "Each round: Supply reveals players+1 cards (ships get 3 random cubes; fires resolve at once). "
        "Demand: in turn order, place your 3 workers one at a time above cards (lowest free space). "
        "Purchase, left to right: the lowest worker's owner may buy for the number of workers in the column; "
        "declining removes only that worker, so the price drops by 1 for the next. "
        "Loading, at the same time unless a market-hall conversion could depend on the order: unload bought "
        "ships onto contracts, sell to your merchants (1 coin per cube), store in your "
        "warehouse (max 4), or use your market hall (2 cubes -> 1 coin, 3 cubes -> 1 cube from the reserve, keep "
        "at most 1). Unused cubes are lost. Income: 1 coin, +1 if you bought nothing, +1 with the Bank. "
        "Fires: the most firemen gain, the fewest lose points (all equal: nothing). "
        "The game ends after the round in which only the 4th Fire is left. Score: complete contracts 5/8/11, "
        "Kontors 2/5/9/14, merchants 1, Church 3, St. Michaelis 4, warehouse 1/cube, Port 1/ship, "
        "Chamber 1/coin. Ties: most coins."
    )
    reconstructed: ClassVar[list[str]] = RECONSTRUCTED
    together_text: ClassVar[str] = N_("Everyone loads at the same time; each step shows at once.")
    tiebreak_label: ClassVar[str] = N_("Coins")
    score_labels: ClassVar[Mapping[str, str]] = views.BREAKDOWN_LABELS
    #: undo (docs/service.md "Undo"): the cards turned over from the pile as a round starts (the ship cubes drawn with
    #: them use the Rng). Loading at the same time is public: each step shows at once, nothing is kept secret.
    reveal_events: ClassVar[Mapping[str, str]] = {"reveal": REVEAL, "special_end": REVEAL, "end": REVEAL}

    def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> State[Any]:
        self.check_players(num_players)
        self.normalise_options(options)
        return SpeicherstadtState.setup(num_players, int(seed))

    def bot_action(self, view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
        return bot.choose(view, legal, seat, rng)

    def skip_action(self, view: dict[str, Any], legal: list[str]) -> str | None:
        """A timed-out turn skipped: decline the card, or end loading. Demand has no skip (placing is mandatory)."""
        return next((a for a in ("decline", "done") if a in legal), None)

    def event_text(self, event: Event) -> str:
        return text.event_text(event)

    def summary(self, view: dict[str, Any]) -> str:
        return views.summary(view)

    def alt_text(self, view: dict[str, Any], last: str | None = None) -> str:
        return views.alt_text(view, last, ALT_TEXT_MAX)



GAME = SpeicherstadtGame()
SpeicherstadtState.game = GAME
#: Everything this game ships (the registry in rules/__init__.py reads it; the rules never import the other layers).
PARTS = GameParts(
    GAME, render="render.speicherstadt", commands="bot.discord.commands.specs.speicherstadt",
    checks="rules.speicherstadt.checks",
    texts=("rules/speicherstadt", "render/speicherstadt"),
)

__all__ = ["GAME", "PARTS", "SpeicherstadtGame", "SpeicherstadtState"]
