"""Strasbourg game state: setup, planning, the nine action steps, council phase and final scoring.

Flow of a round: **planning** (simultaneous and secret: each seat first — in round 1 only — keeps
objectives, then draws cards one at a time, then splits them into stacks) → **action** steps A–I of
the round card (A–G: reveal a stack, pass or spend a privilege in turn order from the first player,
then rank and take the slots; H chapel by the Church seat; I edifice by the Nobility seat) → council.

Actions (all short strings):

| phase / decision | actions |
|---|---|
| objectives (round 1) | ``keep O07``, ``drop O07``, ``confirm`` (keep the chosen, discard the rest) |
| draw | ``draw``, ``stop`` (at least one card must be drawn if the deck has any) |
| split | ``add 5`` (a 5 onto the open stack), ``add all``, ``close``, ``singles``, ``unplace``, ``restart`` |
| review (all placed) | ``confirm`` (only now do the others see the seat ready), ``unplace``, ``restart`` |
| split or review | typed, not listed: ``split 6 ¦ 5 1 ¦ 4`` with ``|`` between the stacks (the cards drawn) |
| bid (steps A–G) | ``reveal 2`` (stack 2, 1-based), ``pass``, ``privilege`` |
| Master / Journeyman | ``buy G2``, ``skip`` |
| Apprentice | ``goods``, ``buy G2`` |
| Merchants rank 1 | ``sell smiths``, ``sell all``, ``done`` |
| no slot after revealing | ``return 5`` (that card to the bottom of the deck), ``return none`` |
| step H / step I | ``chapel CH3`` / ``build B2`` |

Planning actions name hidden cards or objectives: ``is_secret_action(action)`` tells a front end not to show
them publicly (e.g. as the last action on the public board).

View (``view(seat)``), besides the shared keys (game, num_players, viewer, to_act, phase, status, scores,
over, outcome, round):

- ``step``: current step letter ("A".."I") or None in planning; ``step_kind``: "nobility", "guild",
  "merchants", "chapel", "edifice" or None; ``step_guild``: the guild of a guild step; ``merchant_seat``:
  True in step G.
- ``round_cards``: list of ``{"id", "B", "D", "F"}`` in play order; ``edifices``: edifice id per round.
- ``first_player``: seat holding the first-player marker.
- ``council``: seat name -> seat or None. ``city``: cell -> seat (occupied spaces only).
  ``built``: building cell -> edifice id. ``chapels``: built chapel space ids.
- ``players``: per seat ``{"seat", "prestige", "stacks": [sizes], "deck", "city", "council",
  "privileges_spent", "ready"}`` — public only (``ready`` is meaningful in planning). During planning the
  stacks and deck of other seats are shown as they were when planning began (with the ``planning=in-turn``
  option, a seat's new stacks show as soon as it is ready). ``options``: the game's options.
- ``bid``: during steps A–G, ``{"status": per seat "waiting"/"postponed"/"revealed"/"passed",
  "revealed": per seat list of cards (public once revealed), "queue": seats still to decide in order}``.
- ``last``: the last ranking, ``{"step", "ranking": [[seat, total], ...], "passed": [seats]}`` or None.
- ``task``: the pending slot decision ``{"kind", "seat", ...}`` or None (kinds: master, journeyman,
  apprentice, merchant, return, chapel, edifice; a return task shows its revealed ``cards``).
- ``private`` (only in a seat's own view): ``{"coins", "goods": {guild: n}, "privileges", "deck",
  "hand", "open", "stacks": [[cards]], "new_from", "plan", "objectives": {"dealt", "kept",
  "undecided"}}``.
- Once over: ``final`` per seat with coins, goods, privileges and kept objectives (with ``met``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rules.core import Event, Game, Outcome, Rng, State
from rules.strasbourg import planning, refusals, scoring, steps, tasks, text, views
from rules.strasbourg.data import (
    GUILD_SPACES,
    ROUND_CARDS,
    STEP_LETTERS,
)
from rules.words import N_

if TYPE_CHECKING:
    from rules.strasbourg.views import StrasbourgView

#: Options (first value = default): planning simultaneously (recommended by the rulebook) or in turn order
#: from the first player (its variant); stacks left unrevealed at the end of a round kept (S-A2) or discarded.
OPTION_CHOICES: dict[str, list[str]] = {"planning": ["simultaneous", "in-turn"], "leftovers": ["keep", "discard"]}
DEFAULT_OPTIONS = {key: values[0] for key, values in OPTION_CHOICES.items()}
STACK_VALUES = ("6", "5", "4", "3", "2", "1")
#: the final image's score columns, which text tables follow too (keys of the breakdown; marked so the front ends
#: find them in the catalogs as column headings)
SCORE_COLUMNS = (N_("council"), N_("city"), N_("chapels"), N_("edifices"), N_("privileges"), N_("objectives"))


class StrasbourgState(State["StrasbourgView"]):
    game: ClassVar[Game]

    def __init__(self, data: dict[str, Any]) -> None:
        self.seed: int = data["seed"]
        self.ply: int = data["ply"]
        self.num_players: int = data["num_players"]
        self.phase: str = data["phase"]  # planning | action | over
        self.round: int = data["round"]
        self.step: int = data["step"]  # index into STEP_LETTERS
        self.cards: list[str] = data["cards"]
        self.edifices: list[str] = data["edifices"]
        self.first: int = data["first"]
        self.council: dict[str, int | None] = data["council"]
        self.city: dict[str, int] = data["city"]
        self.built: dict[str, str] = data["built"]
        self.chapels: list[str] = data["chapels"]
        self.players: list[dict[str, Any]] = data["players"]
        self.bid: dict[str, Any] | None = data["bid"]
        self.tasks: list[dict[str, Any]] = data["tasks"]
        self.last: dict[str, Any] | None = data["last"]
        self.options: dict[str, str] = data.get("options") or dict(DEFAULT_OPTIONS)
        self.in_turn = self.options["planning"] == "in-turn"
        # (ply, seat, actions) of the last legal_actions call: apply's legality check reuses it (not serialised)
        self._memo: tuple[int, int, list[str]] | None = None

    # ---- construction and serialisation --------------------------------------------------
    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, str] | None = None) -> StrasbourgState:
        from rules.strasbourg.setup import new_state

        return new_state(num_players, seed, options)

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "ply": self.ply,
            "num_players": self.num_players,
            "phase": self.phase,
            "round": self.round,
            "step": self.step,
            "cards": self.cards,
            "edifices": self.edifices,
            "first": self.first,
            "council": self.council,
            "city": self.city,
            "built": self.built,
            "chapels": self.chapels,
            "players": self.players,
            "bid": self.bid,
            "tasks": self.tasks,
            "last": self.last,
            "options": self.options,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StrasbourgState:
        return cls(data)

    # ---- who acts ------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "action":
            if self.tasks:
                return [self.tasks[0]["seat"]]
            return [self.bid["queue"][0]] if self.bid else []
        if self.phase == "planning":
            if self.in_turn:  # one seat at a time, clockwise from the first player
                n = self.num_players
                for k in range(n):
                    seat = (self.first + k) % n
                    if self.players[seat]["plan"] != "ready":
                        return [seat]
                return []
            return [s for s, p in enumerate(self.players) if p["plan"] != "ready"]
        return []

    @property
    def letter(self) -> str:
        return STEP_LETTERS[self.step]

    def step_guild(self) -> str | None:
        letter = self.letter
        return ROUND_CARDS[self.cards[self.round - 1]][letter] if letter in "BDF" else None

    def _empty_spaces(self, guild: str) -> list[str]:
        return [c for c in GUILD_SPACES[guild] if c not in self.city]

    # ---- legal actions -------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[str]:
        actions = super().legal_actions(seat)
        self._memo = (self.ply, seat, list(actions))
        return actions

    def _is_legal(self, seat: int, action: str) -> bool:
        memo = self._memo
        if memo is not None and memo[0] == self.ply and memo[1] == seat:
            listed = action in memo[2]
        else:
            listed = action in self._legal(seat)
        if listed:
            return True
        # a one-line split ("split 6 | 5 1 | 5 | 4") is typed, not listed: legal when it uses exactly the drawn cards
        stacks = planning.parse_split(action) if self.phase == "planning" else None
        return stacks is not None and planning.split_fits(self.players[seat], stacks)

    def refusal(self, seat: int, action: str) -> str | None:
        return refusals.refusal(self, seat, action)

    def _legal(self, seat: int) -> list[str]:
        if self.phase == "planning":
            return planning.legal(self, self.players[seat])
        if self.tasks:
            return tasks.legal(self, self.tasks[0])
        p = self.players[seat]
        # Every stack by its own number, equal ones too: the menu's numbers are the screen's stack numbers.
        acts = [f"reveal {i}" for i in range(1, len(p["stacks"]) + 1)]
        acts.append("pass")
        if p["privileges"] > 0 and self.others_can_act(seat):
            acts.append("privilege")
        return acts

    def others_can_act(self, seat: int) -> bool:
        """Whether another seat will still decide in this bid: postponing is only worth it then (a seat without
        stacks is passed automatically, so it does not count)."""
        bid = self.bid
        assert bid is not None
        return any(s != seat and self.players[s]["stacks"] for s in bid["queue"] + bid["later"])

    # ---- applying ------------------------------------------------------------------------
    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        events: list[Event] = []
        if self.phase == "planning":
            planning.apply_planning(self, seat, action, events)
        elif self.tasks:
            tasks.apply_task(self, self.tasks[0], action, events)
        else:
            steps.apply_bid(self, seat, action, events)
        self._advance(events)
        return events

    # ---- the automatic parts: run until a decision is awaited ----------------------------
    def _advance(self, events: list[Event]) -> None:
        while True:
            if self.phase == "planning":
                for p in self.players:  # a loop, not any(): this runs after every planning action
                    if p["plan"] != "ready":
                        return
                planning.end_planning(self, events)
            elif self.phase == "action":
                if self.tasks:
                    if tasks.task_waits(self, self.tasks[0], events):
                        return
                    self.tasks.pop(0)
                elif self.bid is not None:
                    queue = self.bid["queue"]
                    if not queue:
                        if self.bid["later"]:
                            self.bid["queue"], self.bid["later"] = self.bid["later"], []
                        else:
                            steps.resolve_bid(self, events)
                    elif not self.players[queue[0]]["stacks"]:
                        steps.pass_step(self, queue.pop(0), events, "no stacks")
                    else:
                        return
                else:
                    steps.next_step(self, events)
            else:
                return

    # ---- scoring -------------------------------------------------------------------------
    def objectives_met(self, seat: int) -> list[bool]:
        p = self.players[seat]
        return [
            scoring.objective_met(
                o,
                seat,
                self.num_players,
                self.city,
                self.built,
                self.chapels,
                self.council,
                sum(p["goods"]),
                p["coins"],
                p["privileges"],
            )
            for o in p["kept"]
        ]

    def breakdown(self, seat: int) -> dict[str, int]:  # in SCORE_COLUMNS order
        p = self.players[seat]
        return {
            "council": p["prestige"],
            "city": sum(1 for owner in self.city.values() if owner == seat),
            "chapels": scoring.chapel_points(self.city, self.chapels, seat),
            "edifices": scoring.edifice_points(self.city, self.built, seat),
            "privileges": p["privileges"],
            "objectives": scoring.objective_points(p["kept"], self.objectives_met(seat)),
        }

    def outcome(self) -> Outcome:
        breakdowns = [self.breakdown(s) for s in range(self.num_players)]
        scores = [sum(b.values()) for b in breakdowns]
        return Outcome.from_scores(scores, breakdowns, [b["city"] for b in breakdowns])

    # ---- text and views --------------------------------------------------------------------
    def describe(self, action: str) -> str:
        return text.describe_action(self, action)

    def describe_for(self, seat: int, action: str) -> str:
        return text.describe_action(self, action, seat)

    def view(self, seat: int | None) -> StrasbourgView:
        return views.build_view(self, seat)

    def bot_view(self, seat: int) -> StrasbourgView:
        return views.build_bot_view(self, seat)





#: Verbs of the secret planning steps. Their action strings name hidden cards or objectives, so a front end
#: must never show them publicly (e.g. as the "last action" on the public board).
SECRET_VERBS = frozenset(
    {"keep", "drop", "confirm", "draw", "stop", "add", "close", "singles", "restart", "unplace", "split"}
)


def is_secret_action(action: str) -> bool:
    """True for planning actions (objectives, drawing, splitting), which only their seat may see; a one-line split
    may be typed without its verb ("6 | 5 1 | 4"), so anything starting with a digit is one too."""
    return action.partition(" ")[0] in SECRET_VERBS or action[:1].isdigit()
