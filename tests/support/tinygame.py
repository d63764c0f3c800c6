"""A tiny test-only game (NOT registered in ``rules.GAMES``) that exercises every part of the contract.

"Tiny Auction", 2–4 players, 3 rounds. Cards 1..20 are shuffled from the seed; each player is dealt
three secret cards. Each round has two phases:

* ``bid``: every seat secretly and simultaneously plays one card (``play N``). When all have chosen,
  the cards are revealed; the single highest card scores the sum of all played cards (a tie scores nobody).
* ``draw``: seats in turn order ``draw`` a secret card (a private event) or ``pass`` (the game's skip).

It has hidden hands, simultaneous secret choices, private events, a ``round`` view key and a skip action,
so the service can be tested without any real game.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rules.core import SECRET, Event, Game, Outcome, Rng, State

ROUNDS = 3
DECK = list(range(1, 21))
HAND = 3


class TinyState(State):
    def __init__(self, num_players: int, seed: int, options: dict[str, str]) -> None:
        self.num_players = num_players
        self.seed = seed
        self.ply = 0
        self.options = options
        deck = Rng(seed, "deal").shuffled(DECK)
        self.hands: list[list[int]] = [sorted(deck[i * HAND:(i + 1) * HAND]) for i in range(num_players)]
        self.deck: list[int] = deck[num_players * HAND:]
        self.round = 1
        self.phase = "bid"
        self.bids: list[int | None] = [None] * num_players
        self.drawer = 0
        self.scores = [0] * num_players

    # ---- contract hooks -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "bid":
            return [s for s in range(self.num_players) if self.bids[s] is None]
        if self.phase == "draw":
            return [self.drawer]
        return []

    def _legal(self, seat: int) -> list[str]:
        if self.phase == "bid":
            return [f"play {c}" for c in self.hands[seat]]
        return (["draw"] if self.deck else []) + ["pass"]

    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        events: list[Event] = []
        if self.phase == "bid":
            card = int(action.split()[1])
            self.hands[seat].remove(card)
            self.bids[seat] = card
            events.append(Event("chose", {"seat": seat}))
            events.append(Event("you_chose", {"card": card}, to=seat))
            if all(b is not None for b in self.bids):
                bids = [int(b) for b in self.bids if b is not None]
                top = max(bids)
                winners = [s for s, b in enumerate(bids) if b == top]
                winner = winners[0] if len(winners) == 1 else None
                if winner is not None:
                    self.scores[winner] += sum(bids)
                events.append(Event("reveal", {"bids": bids, "winner": winner, "points": sum(bids)}))
                self.bids = [None] * self.num_players
                self.phase, self.drawer = "draw", 0
            return events
        if action == "draw":
            # Draw a random card of the deck (uses the per-ply rng, so replays must match).
            card = self.deck.pop(rng.below(len(self.deck)))
            self.hands[seat].append(card)
            self.hands[seat].sort()
            events += [Event("drew", {"seat": seat}), Event("you_drew", {"card": card}, to=seat)]
        else:
            events.append(Event("passed", {"seat": seat}))
        self.drawer += 1
        if self.drawer == self.num_players:
            if self.round == ROUNDS:
                self.phase = "over"
                events.append(Event("over", {"scores": list(self.scores)}))
            else:
                self.round += 1
                self.phase = "bid"
        return events

    def describe(self, action: str) -> str:
        if action.startswith("play "):
            return f"Bid the card {action.split()[1]}"
        return {"draw": "Draw a secret card", "pass": "Pass (draw nothing)"}.get(action, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "tiny",
            "num_players": self.num_players,
            "viewer": seat,
            "to_act": self.to_act(),
            "phase": self.phase,
            "round": self.round,
            "status": f"Round {self.round}, {self.phase}" if self.phase != "over" else "Game over",
            "scores": list(self.scores),
            "over": self.phase == "over",
            "hand_counts": [len(h) for h in self.hands],
            "chosen": [b is not None for b in self.bids],
            "deck": len(self.deck),
        }
        if seat is not None:
            out["hand"] = list(self.hands[seat])
            out["my_bid"] = self.bids[seat]
        if self.phase == "over":
            out["outcome"] = self.outcome().to_dict()
        return out

    def outcome(self) -> Outcome:
        return Outcome.from_scores(self.scores, [{"auctions": s} for s in self.scores])

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.num_players, "seed": self.seed, "ply": self.ply, "options": self.options, "hands": self.hands,
            "deck": self.deck, "round": self.round, "phase": self.phase, "bids": self.bids, "drawer": self.drawer,
            "scores": self.scores,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TinyState:
        state = cls.__new__(cls)
        state.num_players, state.seed, state.ply = data["n"], data["seed"], data["ply"]
        state.options = data["options"]
        state.hands, state.deck = data["hands"], data["deck"]
        state.round, state.phase, state.bids = data["round"], data["phase"], data["bids"]
        state.drawer, state.scores = data["drawer"], data["scores"]
        return state


class TinyGame(Game):
    name = "tiny"
    title = "Tiny Auction"
    min_players = 2
    max_players = 4
    state_class = TinyState
    option_choices: ClassVar[dict[str, list[str]]] = {"variant": ["plain", "spicy"]}
    rules_summary = "Bid a secret card each round; the highest single card takes the sum."
    reveal_events: ClassVar[dict[str, str]] = {"reveal": SECRET}  # the bids shown (a draw uses the Rng)

    def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> TinyState:
        self.check_players(num_players)
        return TinyState(num_players, seed, self.normalise_options(options))

    def bot_action(self, view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
        if "draw" in legal:
            return "draw"
        plays = [a for a in legal if a.startswith("play ")]
        if plays:  # mostly the highest card, sometimes a random one
            return rng.choice(plays) if rng.random() < 0.3 else max(plays, key=lambda a: int(a.split()[1]))
        return legal[0]

    # A standing order, for the service's tests: "pass in this round's draw phase" (it lapses with the round).
    def standing_orders(self, view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
        if view["phase"] == "over":
            return []
        return [("pass", f"Pass in the draw phase of round {view['round']}")]

    def standing_scope(self, order_id: str, view: dict[str, Any], seat: int) -> str | None:
        return f"round {view['round']}" if order_id == "pass" and view["phase"] != "over" else None

    def standing_answer(self, order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
        return "pass" if order_id == "pass" and view["phase"] == "draw" and "pass" in legal else None

    def event_text(self, event: Event) -> str:
        p = event.params
        match event.kind:
            case "chose":
                return f"Seat {p['seat']} chose a card."
            case "you_chose":
                return f"You bid {p['card']}."
            case "reveal":
                who = f"seat {p['winner']} takes {p['points']}" if p["winner"] is not None else "a tie: nobody scores"
                return f"Bids revealed: {', '.join(map(str, p['bids']))} — {who}."
            case "drew":
                return f"Seat {p['seat']} drew a card."
            case "you_drew":
                return f"You drew {p['card']}."
            case "passed":
                return f"Seat {p['seat']} passed."
            case "over":
                return "The game is over."
        return event.kind


class NoSkipTinyGame(TinyGame):
    """The same game with ``pass`` renamed ``stay``: a game without a skip notion (caretaker fallback)."""

    name = "tiny_noskip"
    state_class = None  # set below, once NoSkipState exists

    def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> TinyState:
        self.check_players(num_players)
        return NoSkipState(num_players, seed, self.normalise_options(options))


class NoSkipState(TinyState):
    """Tiny Auction whose draw phase offers ``stay`` instead of ``pass``."""

    def _legal(self, seat: int) -> list[str]:
        return ["stay" if a == "pass" else a for a in super()._legal(seat)]

    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        return super()._apply(seat, "pass" if action == "stay" else action, rng)


TinyState.game = TinyGame()
NoSkipTinyGame.state_class = NoSkipState
NoSkipState.game = NoSkipTinyGame()
GAME = TinyState.game
NOSKIP_GAME = NoSkipState.game
TEST_GAMES: dict[str, Game] = {GAME.name: GAME, NOSKIP_GAME.name: NOSKIP_GAME}
