"""Tally: a tiny test-only game that exercises everything the Discord layer must handle.

- a **simultaneous secret choice** (every seat bids one card from its hidden hand; bids are
  revealed only when all have chosen),
- **hidden information** (each hand is private; the spectator view shows only counts),
- a **large decision** (``take 1`` … ``take 30``: more than one select menu's 25 options),
- **randomness** (dealing and ``draw``) derived from the seed, so logs replay,
- a pace of a few rounds, so a whole game fits in one test,
- with ``gifts=on``, **private news through someone else's move**: ``gift <seat>`` gives your lowest card to that
  seat (they alone learn which) and does not end your turn, so one turn can bring another player several lines.

Round: all seats ``bid <card>`` at once; the highest single bid scores the sum of all bids (ties
score nothing). Then each seat in turn plays ``take <n>`` (scores n mod 3), ``draw`` or ``pass``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rules.core import SECRET, Event, Game, GameParts, IllegalAction, Outcome, Rng, State

MAX_TAKE = 30


class TallyState(State):
    def __init__(self, num_players: int, seed: int, rounds: int, gifts: bool = False) -> None:
        self.num_players = num_players
        self.gifts = gifts
        self.seed = seed
        self.ply = 0
        self.rounds = rounds
        self.round = 1
        self.phase = "bid"
        deal = Rng(seed, "deal")
        # three different cards each: a hand of equal cards would leave one bid, which the table plays by itself
        # (auto_forced), and tests that deal at random would then find a player not asked now and then
        self.hands: list[list[int]] = [sorted(deal.sample(range(1, 10), 3)) for _ in range(num_players)]
        self.bids: list[int | None] = [None] * num_players
        self.turn = 0
        self.scores = [0] * num_players

    # ---- contract hooks ----------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.round > self.rounds:
            return []
        if self.phase == "bid":
            return [s for s in range(self.num_players) if self.bids[s] is None]
        return [self.turn]

    def _legal(self, seat: int) -> list[str]:
        if self.phase == "bid":
            return [f"bid {card}" for card in sorted(set(self.hands[seat]))] or ["bid 0"]
        gifts = [f"gift {s}" for s in range(self.num_players) if s != seat] if self.hands[seat] else []
        return [f"take {n}" for n in range(1, MAX_TAKE + 1)] + ["draw", "pass"] + (gifts if self.gifts else [])

    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        word, _, arg = action.partition(" ")
        if word == "bid":
            card = int(arg)
            if card:
                self.hands[seat].remove(card)
            self.bids[seat] = card
            events = [Event("bid", {"seat": seat}), Event("bid_secret", {"seat": seat, "card": card}, to=seat)]
            if all(b is not None for b in self.bids):
                events.append(self._reveal())
            return events
        if word == "gift":  # the turn goes on
            to, card = int(arg), self.hands[seat].pop(0)
            self.hands[to] = sorted([*self.hands[to], card])
            return [Event("gift", {"seat": seat, "to": to}), Event("gifted", {"seat": seat, "card": card}, to=to)]
        if word == "take":
            self.scores[seat] += int(arg) % 3
            events = [Event("take", {"seat": seat, "n": int(arg)})]
        elif word == "draw":
            card = rng.between(1, 9)
            self.hands[seat].append(card)
            self.hands[seat].sort()
            events = [Event("draw", {"seat": seat}), Event("drew", {"seat": seat, "card": card}, to=seat)]
        else:
            events = [Event("pass", {"seat": seat})]
        self.turn += 1
        if self.turn == self.num_players:
            self.round += 1
            self.phase, self.turn = "bid", 0
            self.bids = [None] * self.num_players
            if self.round > self.rounds:
                events.append(Event("over", {"scores": list(self.scores)}))
        return events

    def _reveal(self) -> Event:
        bids = [int(b or 0) for b in self.bids]
        top = max(bids)
        winners = [s for s, b in enumerate(bids) if b == top]
        if len(winners) == 1:
            self.scores[winners[0]] += sum(bids)
        self.phase = "pick"
        return Event("reveal", {"bids": bids, "winner": winners[0] if len(winners) == 1 else None})

    def describe(self, action: str) -> str:
        word, _, arg = action.partition(" ")
        if word == "gift":
            return f"Give your lowest card to Seat {arg}"
        return {"bid": f"Bid your card {arg} (secret)", "take": f"Take {arg} (scores {int(arg or 0) % 3})"}.get(
            word, "Draw a card" if word == "draw" else "Pass"
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "game": "tally",
            "num_players": self.num_players,
            "viewer": seat,
            "to_act": self.to_act(),
            "phase": self.phase,
            "round": self.round,
            "status": f"Round {min(self.round, self.rounds)}/{self.rounds}, {self.phase}",
            "scores": list(self.scores),
            "hand_sizes": [len(h) for h in self.hands],
            "chosen": [b is not None for b in self.bids] if self.phase == "bid" else [],
            "over": self.is_over(),
        }
        if seat is not None:
            view["hand"] = list(self.hands[seat])
            view["my_bid"] = self.bids[seat] if self.phase == "bid" else None
        if self.is_over():
            view["outcome"] = self.outcome().to_dict()
        return view

    def outcome(self) -> Outcome:
        return Outcome.from_scores(self.scores, [{"points": s} for s in self.scores])

    def to_json(self) -> dict[str, Any]:
        return dict(vars(self))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TallyState:
        state = cls.__new__(cls)
        state.gifts = False  # snapshots from before the option
        vars(state).update(data)
        return state


class Tally(Game):
    name: ClassVar[str] = "tally"
    title: ClassVar[str] = "Tally (test game)"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_class: ClassVar[type[State]] = TallyState
    option_choices: ClassVar[dict[str, list[str]]] = {"length": ["short", "long"], "gifts": ["off", "on"]}
    rules_summary: ClassVar[str] = "Bid a secret card each round; the single highest bid scores all bids."
    reveal_events: ClassVar[dict[str, str]] = {"reveal": SECRET}  # the bids shown (a draw uses the Rng)
    reconstructed: ClassVar[list[str]] = ["the card values 1-9 (made up for tests)"]

    def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> State:
        self.check_players(num_players)
        opts = self.normalise_options(options)
        return TallyState(num_players, seed, rounds=2 if opts["length"] == "short" else 3, gifts=opts["gifts"] == "on")

    def bot_action(self, view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
        bids = [a for a in legal if a.startswith("bid")]
        return bids[-1] if bids else ("take 2" if "take 2" in legal else legal[0])

    def event_text(self, event: Event) -> str:
        p = event.params
        seat = f"Seat {p.get('seat', 0)}"  # 0-based: the service puts the player's name in its place
        texts = {
            "bid": f"{seat} has chosen a bid.",
            "bid_secret": f"You bid {p.get('card')}.",
            "take": f"{seat} takes {p.get('n')}.",
            "draw": f"{seat} draws a card.",
            "drew": f"You drew {p.get('card')}.",
            "pass": f"{seat} passes.",
            "gift": f"{seat} gives Seat {p.get('to')} a card.",
            "gifted": f"{seat} gave you a {p.get('card')}.",
            "reveal": f"Bids revealed: {p.get('bids')}.",
            "over": "The game is over.",
        }
        if event.kind not in texts:
            raise IllegalAction(f"unknown event {event.kind}")
        return texts[event.kind]

    def summary(self, view: dict[str, Any]) -> str:
        lines = [str(view["status"]), "Scores: " + ", ".join(str(s) for s in view["scores"])]
        if "hand" in view:
            lines.append("Your hand: " + (", ".join(map(str, view["hand"])) or "empty"))
        return "\n".join(lines)


GAME = Tally()
TallyState.game = GAME
#: Tally's one declaration, as a real game's ``rules/<game>/__init__.py`` has it: ``rules.register(PARTS)`` (or
#: ``rules.registered(PARTS)`` for a block) gives it its rules, its images and its ``/tally`` commands at once.
PARTS = GameParts(GAME, render="tests.discord.tallyparts", commands="tests.discord.tallyparts")
