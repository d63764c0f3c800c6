"""Die Siedler von Nürnberg (Klaus Teuber, Kosmos 1999) for 3–4 players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.core import DRAW, REVEAL, Event, Game, GameParts, GuideBook, OrdersBook, Rng, State
from rules.nuernberg import board_words, bot, guide, names, orders, setup, text
from rules.nuernberg.state import NuernbergState
from rules.words import N_, Commands


class NuernbergGame(Game):
    name: ClassVar[str] = "nuernberg"
    title: ClassVar[str] = N_("Die Siedler von Nürnberg")
    rules_version: ClassVar[int] = 3  # rules/archive: the engines of the earlier versions
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    state_class: ClassVar[type[State[Any]]] = NuernbergState
    orders_book: ClassVar[OrdersBook | None] = orders
    guide_book: ClassVar[GuideBook | None] = guide
    option_choices: ClassVar[dict[str, list[str]]] = {"setup": ["beginner", "free"]}
    # Which card a player discards to the robber, and a trade draft before it is sent, are private ("offer" alone
    # opens the draft; "offer ... to ..." is sent at once, in public).
    secret_verbs: ClassVar[frozenset[str]] = frozenset({"discard", "give", "want"})
    #: undo (docs/service.md "Undo"): the event card turned over from the pile. A steal and a reshuffle use the Rng;
    #: the Raubritter discards stay secret after the step (only the counts show, at once), so they are no reveal.
    reveal_events: ClassVar[Mapping[str, str]] = {"card": DRAW, "game_end": REVEAL}
    #: the strong bot's playouts per decision: at the default 48 it won 58% of 158 arena games against two basic
    #: bots, and twice the playouts tripled its gain per decision on fresh positions (docs/bots.md, "Tuning").
    search_budget: ClassVar[int | None] = 96
    commands: ClassVar[Commands | None] = names.COMMANDS
    #: the final image's legend (render/nuernberg/final.py ``_FINAL_COLS``)
    score_labels: ClassVar[Mapping[str, str]] = {
        "settlements": N_("Settlements"), "manufactures": N_("Manufactures"), "wegerecht": N_("Wegerecht"),
        "council": N_("Council")}
    rules_summary: ClassVar[str] = N_(
        "First to 13 victory points on their own turn wins; otherwise the most points when the time marker "
        "reaches 1400 (tie: the better council card). Points: settlement 1, manufacture 1, Wegerecht card 1, "
        "council card 4/3/2. Each turn: turn over an event card (income number: settlements next to those hexes "
        "take 1 card each; then the event: Raubritter = over 7 cards return half, move the knight, steal 1 card; "
        "Wegezoll; time marker; ...). Then trade (players: only with the active player, no gifts; bank 4:1, or "
        "3:1 / 2:1 with a manufacture on the Hauptmarkt) and build: toll bar wood+brick (from the route's origin, "
        "touching), settlement grain+wool+brick+wood (needs an own toll bar on the route, one free crossing to "
        "the next settlement), manufacture 3 ore+2 grain, wall brick+3 gold (+1 prestige, in order), tower "
        "brick+wood+3 gold (+2 prestige, needs a manufacture at the Bauhof). Produce goods for gold (double "
        "next to your manufacture) paying toll to the route's Wegerecht holder. 3 prestige earns a council "
        "card; more prestige than a holder takes the better card (kept from 12 prestige)."
    )
    reconstructed: ClassVar[list[str]] = [
        "Countryside map: hex positions, terrains and numbers (only the number counts are published)",
        "Trade routes: geometry, crossings and the numerals I-III",
        "Beginner set-up positions (holders and white's starting income are published)",
        "City: district layout, which disc is 3:1 or 2:1 of which resource, Bauhof, walls and towers",
        "Goods: recipes, sale cities, prices and tolls (except helmets to Frankfurt at 4 gold)",
        "Event deck: which numbers carry which events; Wegezoll amount; Reichstag and Handelstag events",
        "Timeline spacing (5 years a space) and the free set-up procedure",
    ]

    def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> State[Any]:
        self.check_players(num_players)
        opts = self.normalise_options(options)
        st = NuernbergState(num_players, int(seed), opts)
        setup.prepare(st, Rng(int(seed), "setup"))
        return st

    def bot_action(self, view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
        return bot.choose(view, legal, seat, rng)

    def bot_moves(self, view: dict[str, Any], legal: list[str], seat: int) -> list[str]:
        return bot.bot_moves(view, legal, seat)

    def event_text(self, event: Event) -> str:
        return text.event_text(event)

    def summary(self, view: dict[str, Any]) -> str:
        return board_words.summary(view)

    def alt_text(self, view: dict[str, Any], last: str | None = None) -> str:
        return board_words.alt_text(view, last)

    def forced_action(self, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
        return orders.forced(view, legal, seat)

    def lapse_action(self, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
        return orders.lapse(view, legal, seat)


GAME = NuernbergGame()
NuernbergState.game = GAME
#: Everything this game ships (the registry in rules/__init__.py reads it; the rules never import the other layers).
PARTS = GameParts(
    GAME, render="render.nuernberg", commands="bot.discord.commands.specs.nuernberg", checks="rules.nuernberg.checks",
    texts=("rules/nuernberg", "render/nuernberg", "render/nuernberg_art.py"),
)

__all__ = ["GAME", "PARTS", "NuernbergGame", "NuernbergState"]
