"""The Speicherstadt game state: Supply -> Demand -> Purchase -> Loading -> Income, fires and the end.

Actions (canonical strings):

- Demand: ``place <col>`` — put a worker on the lowest free space above card ``col`` (1-based).
- Purchase: ``buy`` / ``decline`` — the owner of the lowest worker of the current column decides.
  A decider who cannot afford the price declines automatically.
- Loading (at the same time where the order cannot matter, see below; a seat with nothing to do is skipped):
  ``fill <card> <good>`` (a cube onto a contract), ``sell <good>`` (to your merchant, 1 coin),
  ``store <good>`` (hand -> warehouse), ``hall <good>`` (hand -> market hall), ``take <good> wh|hall``
  (back to hand), ``marketsell`` (the 2 cubes on the hall -> 1 coin), ``convert <good>`` (the 3 cubes on the
  hall -> reserve, then that good from the reserve into hand), ``done`` (only with at most 1 cube on the hall;
  cubes left in hand go to the reserve). ``fill``/``sell`` take the cube from hand, else hall, else warehouse.

Loading at the same time (the rulebook allows it): which seats load together, and why any interleaving of their
steps ends in the same state, is explained in loading.py.

The phases live in their modules, each a set of functions of the state: ``supply`` (a round's cards, the fires),
``demand``, ``purchase``, ``loading`` and ``income`` (with the end of the game); this module keeps the state, whom
it awaits, what is legal and which phase an action goes to.

View structure (``view(seat)``; every viewer sees the same, since nothing but the pile order is secret):

- shared keys: ``game``, ``num_players``, ``viewer``, ``to_act``, ``phase`` (``demand``/``purchase``/
  ``loading``/``over``), ``status``, ``scores`` (points if the game ended now), ``over``, ``outcome``, ``round``
- ``season`` (letter of the latest revealed card), ``season_name``, ``last_round`` (bool),
  ``first_player`` (seat holding the metal coin)
- ``pile``: ``{"count", "seasons": {letter: count}, "fires_left"}`` — never the order
- ``row``: list of ``{"col", "card", "name", "kind", "info" (printed numbers: contract ``goods``/``points``,
  fireman ``value``, merchant ``good``, ship ``capacity``, church/michaelis ``points``), "cubes" (ships: {good: n},
  else null), "workers"
  (seats, bottom -> top), "price" (= number of workers), "status" ("open"/"bought"/"discarded"), "buyer",
  "paid" (coins the buyer paid, else null)}``
- ``deciding``: the 1-based column being sold in Purchase, else null
- ``loading_later``: seats still to load that wait until a conversion of theirs cannot depend on the order
- ``bag`` (cube count), ``reserve`` ({good: n}), ``discard`` (count), ``fires_resolved`` (card ids)
- ``players``: list per seat of ``{"seat", "coins", "fire_points", "workers", "firemen", "bought",
  "cards": [{"id", "name", "kind", "info"}], "contracts": [{"card", "goods", "filled", "points", "complete"}],
  "hand", "warehouse" ({good: n} or null without the card), "hall", "kontors", "ships", "score",
  "breakdown"}``
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rules.core import Event, IllegalAction, Outcome, Rng, State
from rules.speicherstadt import demand, loading, purchase, scoring, supply
from rules.speicherstadt.data import CARDS_BY_SEASON, CUBES_PER_GOOD, GOODS, LAST_CARD, REMOVED_BY_PLAYERS
from rules.speicherstadt.loading import MAX_PUTS_PER_TURN
from rules.speicherstadt.players import new_player, no_goods
from rules.words import translator

if TYPE_CHECKING:
    from rules.speicherstadt.views import SpeicherstadtView

_FIELDS = (
    "seed", "ply", "num_players", "round", "phase", "season", "pile", "removed", "row", "discard", "bag", "reserve",
    "players", "first", "turn", "placed", "col", "queue", "last_round", "fires_resolved", "special_end",
)


_, _n = translator("speicherstadt")


class SpeicherstadtState(State["SpeicherstadtView"]):
    def __init__(self, num_players: int, seed: int) -> None:
        self.seed = seed
        self.ply = 0
        self.num_players = num_players
        self.round = 0
        self.phase = "setup"
        self.season = "A"
        self.pile: list[str] = []  # bottom -> top; the top card is pile[-1]
        self.removed: list[str] = []
        self.row: list[dict[str, Any]] = []
        self.discard: list[str] = []
        self.bag = dict.fromkeys(GOODS, CUBES_PER_GOOD)
        self.reserve = no_goods()
        self.players = [new_player() for _ in range(num_players)]
        self.first = 0
        self.turn = 0
        self.placed = 0
        self.col = 0
        self.queue: list[int] = []
        self.last_round = False
        self.fires_resolved: list[str] = []
        self.special_end = False

    # ---- setup -------------------------------------------------------------------------------
    @classmethod
    def setup(cls, num_players: int, seed: int) -> SpeicherstadtState:
        state = cls(num_players, seed)
        rng = Rng(seed, "setup")
        state.removed = list(REMOVED_BY_PLAYERS[num_players])
        pile = [LAST_CARD]
        for season in ("D", "C", "B", "A"):
            pile += rng.shuffled([c for c in CARDS_BY_SEASON[season] if c not in state.removed])
        state.pile = pile
        state.first = rng.below(num_players)
        supply.start_round(state, rng, [])
        return state

    # ---- serialisation -----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _FIELDS}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SpeicherstadtState:
        state = cls(int(data["num_players"]), int(data["seed"]))
        for name in _FIELDS:
            setattr(state, name, data[name])
        return state

    # ---- whose turn --------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "demand":
            return [self.turn]
        if self.phase == "purchase":
            return [self.row[self.col]["workers"][0]]
        if self.phase == "loading":
            return loading.now(self)
        return []

    def secret_simultaneous(self) -> bool:
        return False  # loading at the same time is public: every step shows at once

    def _legal(self, seat: int) -> list[str]:
        if self.phase == "demand":
            return demand.legal(self)
        if self.phase == "purchase":
            return ["buy", "decline"]  # a decider who cannot pay was declined automatically
        if self.phase == "loading":
            return loading.legal(self, self.players[seat])
        return []

    def _is_legal(self, seat: int, action: str) -> bool:
        """Same answer as ``action in self._legal(seat)``, without building the list in Demand and Purchase."""
        if self.phase == "demand":
            return demand.is_legal(self, action)
        if self.phase == "purchase":
            return action in ("buy", "decline")
        return action in self._legal(seat)

    # ---- applying: each phase in its module --------------------------------------------------
    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        events: list[Event] = []
        if self.phase == "demand":
            demand.place(self, seat, int(action.split()[1]) - 1, rng, events)
        elif self.phase == "purchase":
            purchase.decide(self, seat, action == "buy", rng, events)
        elif self.phase == "loading":
            loading.load(self, seat, action.split(), rng, events)
        else:  # unreachable: the base class only calls _apply for a legal action
            raise IllegalAction(_("Nothing to do now."))
        return events

    # The phases' entry points, as the tests set up a position (the play goes through ``_apply``).
    def _start_round(self, rng: Rng, events: list[Event]) -> None:
        supply.start_round(self, rng, events)

    def _advance_purchase(self, rng: Rng, events: list[Event]) -> None:
        purchase.advance(self, rng, events)

    def _start_loading(self, rng: Rng, events: list[Event]) -> None:
        loading.start(self, rng, events)

    def refusal(self, seat: int, action: str) -> str | None:
        from rules.speicherstadt.refusals import refusal

        return refusal(self, seat, action)

    # ---- reading -----------------------------------------------------------------------------
    def breakdowns(self) -> list[dict[str, int]]:
        return [scoring.breakdown(p) for p in self.players]

    def outcome(self) -> Outcome:
        parts = self.breakdowns()
        return Outcome.from_scores([sum(b.values()) for b in parts], parts, [p["coins"] for p in self.players])

    def describe(self, action: str) -> str:
        from rules.speicherstadt.text import describe_action

        return describe_action(self, action)

    def describe_for(self, seat: int, action: str) -> str:
        from rules.speicherstadt.text import describe_action

        return describe_action(self, action, seat)

    def view(self, seat: int | None) -> SpeicherstadtView:
        from rules.speicherstadt.views import build_view

        return build_view(self, seat)

    def bot_view(self, seat: int) -> SpeicherstadtView:
        from rules.speicherstadt.views import build_bot_view

        return build_bot_view(self, seat)

    def views(self, seats: Iterable[int]) -> tuple[SpeicherstadtView, dict[int, SpeicherstadtView]]:
        from rules.speicherstadt.views import build_view

        public = build_view(self, None)  # nothing is hidden in this game: the views differ only by "viewer"
        return public, {seat: {**public, "viewer": seat} for seat in seats}


__all__ = ["MAX_PUTS_PER_TURN", "SpeicherstadtState", "new_player", "no_goods"]
