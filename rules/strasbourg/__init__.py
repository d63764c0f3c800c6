"""Strasbourg (Stefan Feld, Pegasus Spiele 2011) for 3–5 players: the ``Game`` entry of the registry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.core import DRAW, REVEAL, SECRET, Event, Game, GameParts, GuideBook, OrdersBook, Rng, State
from rules.strasbourg import bot, guide, orders, text
from rules.strasbourg.data import RECONSTRUCTED
from rules.strasbourg.names import COMMANDS
from rules.strasbourg.state import OPTION_CHOICES, SCORE_COLUMNS, SECRET_VERBS, StrasbourgState, is_secret_action
from rules.words import N_, Commands

# the commands it names ({confirm}) are said in the reader's words: Game.rules_text
RULES_SUMMARY = N_("""\
Strasbourg, 3–5 players, 5 rounds. Each round:
1. Planning (secret, simultaneous): draw influence cards one at a time from your 24-card deck, stop when \
you like (at least one), then split them into face-down stacks (card by card, or typed in one line: \
{split} 6 | 5 1 | 4). Check the split and confirm it ({confirm}); until then {unplace} or {restart} undo it. \
Others see only stack sizes. Your deck must last all 5 rounds; unrevealed stacks stay for later rounds.
2. Actions A–I of the round card. In A–G, from the first player clockwise, reveal one stack, pass, or spend a \
privilege to decide after the others. Highest total ranks first; ties go to the player nearest the first \
player; the winner takes the first-player marker. A: rank 1 Nobility seat, rank 2 Church seat. Guild steps: \
Master = guild seat + goods + may buy a guild city space; Journeyman = goods + may buy; Apprentice = goods or \
a space (3 players: no Journeyman). Merchants (C, E, G): rank 1 sells goods for coins; in G also the Merchants \
seat. A revealer without a slot (or a Merchants winner with no goods in C or E) may put one card of the stack \
at the bottom of their deck. H: the Church \
holder builds a chapel; I: the Nobility holder builds the round's edifice.
3. Council: 1 prestige per own council seat; most seats (ties all) gain a privilege.
End: +1 per city member, +1 per member next to each chapel, edifice value x members orthogonally next to it, \
+1 per unspent privilege, kept objectives +points if met or -3 if not. Tie: most city members.
Options, chosen when the table is opened: planning all at once (the default) or in turn (the rulebook's variant: \
one player after the other from the first player, stack sizes shown at once); unrevealed stacks kept for later \
rounds (the default) or removed at the end of each round.""")


class StrasbourgGame(Game):
    name: ClassVar[str] = "strasbourg"
    title: ClassVar[str] = "Strasbourg"
    rules_version: ClassVar[int] = 2  # rules/archive: the engines of the earlier versions
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    state_class: ClassVar[type[State[Any]]] = StrasbourgState
    commands: ClassVar[Commands | None] = COMMANDS  # typed in the reader's words (docs/i18n.md)
    orders_book: ClassVar[OrdersBook | None] = orders
    guide_book: ClassVar[GuideBook | None] = guide
    secret_verbs: ClassVar[frozenset[str]] = SECRET_VERBS
    #: undo (docs/service.md "Undo"): a card drawn from one's own shuffled deck, a stack turned over in a step, the
    #: stacks everyone planned shown when planning ends, and the holdings shown at the end. Nothing uses the Rng.
    reveal_events: ClassVar[Mapping[str, str]] = {"drew": DRAW, "reveal": REVEAL, "stacks": SECRET,
                                                  "game_over": REVEAL}
    option_choices: ClassVar[dict[str, list[str]]] = OPTION_CHOICES
    rules_summary: ClassVar[str] = RULES_SUMMARY
    reconstructed: ClassVar[list[str]] = list(RECONSTRUCTED)
    score_columns: ClassVar[tuple[str, ...]] = SCORE_COLUMNS
    #: the final image's headings (render/strasbourg/final.py), "Privileges" in full
    score_labels: ClassVar[Mapping[str, str]] = dict(zip(SCORE_COLUMNS, (
        N_("Council"), N_("City"), N_("Chapels"), N_("Edifices"), N_("Privileges"), N_("Objectives")), strict=True))

    def public_action(self, action: str) -> str | None:
        return None if is_secret_action(action) else action  # a one-line split may be typed without its verb

    def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> StrasbourgState:
        self.check_players(num_players)
        return StrasbourgState.new(num_players, seed, self.normalise_options(options))

    def bot_action(self, view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
        return bot.choose(view, legal, seat, rng)

    def event_text(self, event: Event) -> str:
        return text.event_text(event)

    def summary(self, view: dict[str, Any]) -> str:
        return text.summary(view)

    def alt_text(self, view: dict[str, Any], last: str | None = None) -> str:
        return text.alt_text(view, last)


GAME = StrasbourgGame()
StrasbourgState.game = GAME
#: Everything this game ships (the registry in rules/__init__.py reads it; the rules never import the other layers).
PARTS = GameParts(
    GAME, render="render.strasbourg", commands="bot.discord.commands.specs.strasbourg",
    checks="rules.strasbourg.checks",
    texts=("rules/strasbourg", "render/strasbourg", "render/strasbourg_art.py"),
)

__all__ = ["GAME", "PARTS", "StrasbourgGame", "StrasbourgState", "is_secret_action"]
