"""Secret Nim, the plugin test game: exactly two players, a secret simultaneous step, a handful of moves.

It ships everything a real game ships and lives only in its own folder (this package), declared once by ``PARTS``
as ``rules/<game>/__init__.py`` declares a shipped game's: the rules here, its renderer (``render.py``), its slash
commands (``commands.py``), its checks (``checks.py``) and its texts (this folder, domain ``secretnim``). It is NOT
in ``rules.GAMES``: ``rules.registered(PARTS)`` adds it for a block, and ``tests/support/games.py`` runs the
generic suites over it beside the shipped games.

The rules: a heap of 5 to 7 stones (drawn at set-up from the seed). Each round both players secretly and
simultaneously pick 1, 2 or 3 (``pick N``); each sees only their own pick until both have picked. Then the picks
are revealed: equal picks clash (nobody takes, one stone is thrown away); otherwise the lower pick takes first,
then the higher, each as many of their pick as the heap still has. Whoever takes the last stone scores a bonus of
2. The game ends when the heap is empty; a player's score is their stones plus the bonus. Every round shrinks the
heap, so a game lasts at most 7 rounds (14 moves).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rules.core import SECRET, Event, Game, GameParts, IllegalAction, Outcome, Rng, State
from rules.words import N_, seat, translator

_, _n = translator("secretnim")

NAME = "secretnim"
PICKS = (1, 2, 3)
LAST_BONUS = 2
FIELDS = ("num_players", "seed", "ply", "start", "heap", "round", "picks", "taken", "bonus", "discarded",
          "last_picks")


class NimState(State):
    def __init__(self, seed: int) -> None:
        self.num_players = 2
        self.seed = seed
        self.ply = 0
        self.start = self.heap = Rng(seed, "setup").between(5, 7)
        self.round = 1
        self.picks: list[int | None] = [None, None]
        self.taken = [0, 0]
        self.bonus = [0, 0]
        self.discarded = 0
        self.last_picks: list[int] | None = None  # the picks revealed last round (public once revealed)

    # ---- contract hooks ----------------------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.heap == 0:
            return []
        return [s for s in range(2) if self.picks[s] is None]

    def _legal(self, seat: int) -> list[str]:
        return [f"pick {n}" for n in PICKS]

    def describe(self, action: str) -> str:
        n = int(action.split()[1])
        return _n("Take {n} stone (secret until both have picked)",
                  "Take {n} stones (secret until both have picked)", n).format(n=n)

    def refusal(self, seat: int, action: str) -> str | None:
        word, _sp, arg = action.partition(" ")
        if word == "pick" and arg.isdigit():
            return _("Pick 1, 2 or 3 stones.")
        return None

    def _apply(self, who: int, action: str, rng: Rng) -> list[Event]:
        n = int(action.split()[1])
        self.picks[who] = n
        events = [Event("picked", {"seat": who}), Event("you_picked", {"seat": who, "n": n}, to=who)]
        if all(p is not None for p in self.picks):
            events += self._reveal()
        return events

    def _reveal(self) -> list[Event]:
        picks = [int(p or 0) for p in self.picks]
        events = [Event("reveal", {"picks": picks})]
        if picks[0] == picks[1]:
            self.heap -= 1
            self.discarded += 1
            events.append(Event("clash", {"heap": self.heap}))
        else:
            for s in sorted(range(2), key=lambda s: picks[s]):  # the lower pick takes first
                took = min(picks[s], self.heap)
                self.heap -= took
                self.taken[s] += took
                events.append(Event("took", {"seat": s, "n": took, "heap": self.heap}))
                if took and self.heap == 0:
                    self.bonus[s] += LAST_BONUS
                    events.append(Event("last", {"seat": s, "bonus": LAST_BONUS}))
        self.picks = [None, None]
        self.last_picks = picks
        if self.heap == 0:
            events.append(Event("over", {"scores": self.scores()}))
        else:
            self.round += 1
        return events

    def scores(self) -> list[int]:
        return [self.taken[s] + self.bonus[s] for s in range(2)]

    def view(self, viewer: int | None) -> dict[str, Any]:
        over = self.heap == 0
        view: dict[str, Any] = {
            "game": NAME,
            "num_players": 2,
            "viewer": viewer,
            "to_act": self.to_act(),
            "phase": "over" if over else "pick",
            "round": self.round,
            "status": (_("Game over") if over else
                       _n("Round {round}: {heap} stone left", "Round {round}: {heap} stones left",
                          self.heap).format(round=self.round, heap=self.heap)),
            "scores": self.scores(),
            "over": over,
            "heap": self.heap,
            "taken": list(self.taken),
            "picked": [p is not None for p in self.picks],
            "last_picks": list(self.last_picks) if self.last_picks else None,
        }
        if viewer is not None:
            view["my_pick"] = self.picks[viewer]
        if over:
            view["outcome"] = self.outcome().to_dict()
        return view

    def outcome(self) -> Outcome:
        return Outcome.from_scores(self.scores(), [{"stones": self.taken[s], "last": self.bonus[s]} for s in range(2)],
                                   self.taken)

    def to_json(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in FIELDS}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NimState:
        state = cls.__new__(cls)
        vars(state).update({key: data[key] for key in FIELDS})
        return state


class NimGame(Game):
    name = NAME
    title = N_("Secret Nim")
    min_players = 2
    max_players = 2
    state_class = NimState
    rules_summary = N_("Two players secretly pick 1-3 stones each round from one heap; equal picks clash and lose a "
                       "stone, otherwise the lower pick takes first. The last stone scores 2 more.")
    secret_verbs: ClassVar[frozenset[str]] = frozenset({"pick"})
    reveal_events: ClassVar[dict[str, str]] = {"reveal": SECRET}
    score_labels: ClassVar[dict[str, str]] = {"stones": N_("Stones"), "last": N_("Last stone")}
    score_columns: ClassVar[tuple[str, ...]] = ("stones", "last")
    tiebreak_label: ClassVar[str] = N_("Stones")

    def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> State:
        self.check_players(num_players)
        self.normalise_options(options)
        return NimState(int(seed))

    def bot_action(self, view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
        exact = f"pick {view['heap']}"  # the heap's last stones, when one pick can take them all
        return exact if exact in legal and rng.random() < 0.5 else rng.choice(legal)

    def event_text(self, event: Event) -> str:
        p = event.params
        match event.kind:
            case "picked":
                return _("{who} has picked in secret.").format(who=seat(p["seat"]))
            case "you_picked":
                return _n("You pick {n} stone.", "You pick {n} stones.", p["n"]).format(n=p["n"])
            case "reveal":
                a, b = p["picks"]
                return _("Picks revealed: {first} picked {a}, {second} picked {b}.").format(
                    first=seat(0), a=a, second=seat(1), b=b)
            case "clash":
                return _("The picks clash: nobody takes, a stone is thrown away ({heap} left).").format(heap=p["heap"])
            case "took":
                return _n("{who} takes {n} stone ({heap} left).", "{who} takes {n} stones ({heap} left).",
                          p["n"]).format(who=seat(p["seat"]), n=p["n"], heap=p["heap"])
            case "last":
                return _("{who} took the last stone: {bonus} more points.").format(
                    who=seat(p["seat"]), bonus=p["bonus"])
            case "over":
                return _("The heap is empty: the game is over.")
        raise IllegalAction(f"unknown event {event.kind}")

    def summary(self, view: dict[str, Any]) -> str:
        heap = _n("Heap: {heap} stone", "Heap: {heap} stones", view["heap"]).format(heap=view["heap"])
        lines = [str(view["status"]), heap]
        for s in range(2):
            line = _n("{who}: {score} points, {stones} stone", "{who}: {score} points, {stones} stones",
                      view["taken"][s]).format(
                who=seat(s), score=view["scores"][s], stones=view["taken"][s])
            if not view["over"]:
                line += " (" + (_("picked") if view["picked"][s] else _("choosing")) + ")"
            lines.append(line)
        if view["last_picks"]:
            a, b = view["last_picks"]
            lines.append(_("Last picks: {a} and {b}").format(a=a, b=b))
        if "outcome" in view:  # what the final sheet draws
            outcome = view["outcome"]
            for s in sorted(range(2), key=lambda s: outcome["ranks"][s]):
                part = outcome["breakdown"][s]
                lines.append(_("{rank}. {who}: {score} ({stones} stones, {last} for the last stone)").format(
                    rank=outcome["ranks"][s], who=seat(s), score=outcome["scores"][s], stones=part["stones"],
                    last=part["last"]))
        if view["viewer"] is not None and not view["over"]:
            mine = view["my_pick"]
            lines.append(_("Your pick: {n}").format(n=mine) if mine else _("Your pick: not yet"))
        return "\n".join(lines)


NimState.game = GAME = NimGame()
#: Everything Secret Nim ships, declared once (as ``PARTS`` in ``rules/<game>/__init__.py``).
PARTS = GameParts(GAME, render="tests.support.secretnim.render", commands="tests.support.secretnim.commands",
                  checks="tests.support.secretnim.checks", texts=("tests/support/secretnim",))

__all__ = ["GAME", "NAME", "PARTS", "NimGame", "NimState"]
