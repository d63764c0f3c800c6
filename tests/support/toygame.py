"""The toy test games (NOT in ``rules.GAMES``): one engine, in two wordings, that exercises every part of the contract.

Each round every seat secretly and simultaneously bids one card of its hidden hand; when all have chosen the bids
are revealed and the single highest bid scores the sum of all bids (a tie scores nobody). Then each seat in turn
makes one move: ``draw`` a secret card (a private event; it uses the per-ply Rng), ``pass`` (the game's skip) and,
where the variant has them, ``take <n>`` or ``gift <seat>``.

- **Tiny Auction** (``tiny``; ``TINY``) is what the service, terminal and store tests play: bids are ``play N``,
  3 rounds, three cards each from a shuffled 20-card deck that ``draw`` takes from, and a standing order ("pass in
  this round's draw phase"). ``tiny_noskip`` (``NOSKIP``) is the same game with ``pass`` spelled ``stay``: a game
  without a skip notion, for the caretaker's fallback.
- **Tally** (``tally``; ``TALLY``, registered through ``TALLY_PARTS``) is what the Discord tests play: bids are
  ``bid N``, three different cards 1..9 each, and besides ``draw``/``pass`` a seat may ``take 1`` … ``take 30``
  (scores n mod 3; more than one select menu's 25 options). Option ``length`` (short: 2 rounds, long: 3) and
  ``gifts=on``: ``gift <seat>`` gives your lowest card to that seat (they alone learn which) and does not end your
  turn, so one turn can bring another player several lines of private news.

The two keep their own actions, texts and deals because their tests assert them (actions such as ``play 1`` for a
seeded hand, texts such as "Bid the card", the draw phase a standing order is scoped to); everything else is shared.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rules.core import SECRET, Event, Game, GameParts, IllegalAction, Outcome, Rng, State

#: the snapshot's keys (``from_json`` fails on a snapshot without them, as a damaged row must)
FIELDS = ("num_players", "seed", "ply", "options", "rounds", "round", "phase", "hands", "deck", "bids", "turn",
          "scores")


class ToyState(State):
    """The shared engine; a variant says how cards are dealt and drawn, and how its actions are worded."""

    BID: ClassVar[str]  # the bid's verb
    TURN_PHASE: ClassVar[str]  # the name of the phase of moves in turn
    MAX_TAKE: ClassVar[int] = 0  # ``take 1`` … ``take MAX_TAKE``; 0: none
    SCORE_KEY: ClassVar[str]  # the outcome breakdown's one entry

    def __init__(self, num_players: int, seed: int, options: dict[str, str], rounds: int) -> None:
        self.num_players = num_players
        self.seed = seed
        self.ply = 0
        self.options = options
        self.rounds = rounds
        self.round = 1
        self.phase = "bid"
        self.deck: list[int] = []
        self.hands: list[list[int]] = self._deal(Rng(seed, "deal"))
        self.bids: list[int | None] = [None] * num_players
        self.turn = 0
        self.scores = [0] * num_players

    def _deal(self, rng: Rng) -> list[list[int]]:
        """The starting hands (a variant with a draw pile also fills ``self.deck``)."""
        raise NotImplementedError

    def _draw(self, rng: Rng) -> int:
        """The card a ``draw`` gives, from the step's Rng."""
        raise NotImplementedError

    def _can_draw(self) -> bool:
        return True

    # ---- contract hooks ----------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "bid":
            return [s for s in range(self.num_players) if self.bids[s] is None]
        return [] if self.phase == "over" else [self.turn]

    def _legal(self, seat: int) -> list[str]:
        if self.phase == "bid":
            # a hand that gifts emptied bids 0, so the round still resolves
            return [f"{self.BID} {card}" for card in sorted(set(self.hands[seat]))] or [f"{self.BID} 0"]
        gifts = [f"gift {s}" for s in range(self.num_players) if s != seat] if self.hands[seat] else []
        return ([f"take {n}" for n in range(1, self.MAX_TAKE + 1)] + (["draw"] if self._can_draw() else [])
                + ["pass"] + (gifts if self.options.get("gifts") == "on" else []))

    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        word, _, arg = action.partition(" ")
        if word == self.BID:
            card = int(arg)
            if card:
                self.hands[seat].remove(card)
            self.bids[seat] = card
            events = [Event("chose", {"seat": seat}), Event("you_chose", {"seat": seat, "card": card}, to=seat)]
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
            card = self._draw(rng)
            self.hands[seat] = sorted([*self.hands[seat], card])
            events = [Event("drew", {"seat": seat}), Event("you_drew", {"seat": seat, "card": card}, to=seat)]
        else:
            events = [Event("passed", {"seat": seat})]
        self.turn += 1
        if self.turn == self.num_players:
            if self.round == self.rounds:
                self.phase = "over"
                events.append(Event("over", {"scores": list(self.scores)}))
            else:
                self.round, self.phase, self.turn = self.round + 1, "bid", 0
        return events

    def _reveal(self) -> Event:
        bids = [int(b or 0) for b in self.bids]
        winners = [s for s, b in enumerate(bids) if b == max(bids)]
        winner = winners[0] if len(winners) == 1 else None
        if winner is not None:
            self.scores[winner] += sum(bids)
        self.bids = [None] * self.num_players
        self.phase, self.turn = self.TURN_PHASE, 0
        return Event("reveal", {"bids": bids, "winner": winner, "points": sum(bids)})

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.phase == "over"
        view: dict[str, Any] = {
            "game": self.game.name,
            "num_players": self.num_players,
            "viewer": seat,
            "to_act": self.to_act(),
            "phase": self.phase,
            "round": self.round,
            "status": "Game over" if over else f"Round {self.round}/{self.rounds}, {self.phase}",
            "scores": list(self.scores),
            "over": over,
            "hand_sizes": [len(h) for h in self.hands],
            "chosen": [b is not None for b in self.bids],
        }
        if seat is not None:
            view["hand"] = list(self.hands[seat])
            view["my_bid"] = self.bids[seat]
        if over:
            view["outcome"] = self.outcome().to_dict()
        return view

    def outcome(self) -> Outcome:
        return Outcome.from_scores(self.scores, [{self.SCORE_KEY: s} for s in self.scores])

    def to_json(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in FIELDS}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ToyState:
        state = cls.__new__(cls)
        vars(state).update({key: data[key] for key in FIELDS})
        return state


class ToyGame(Game):
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_class: ClassVar[type[ToyState]]
    reveal_events: ClassVar[dict[str, str]] = {"reveal": SECRET}  # the bids shown (a draw uses the Rng)

    def rounds(self, options: dict[str, str]) -> int:
        return 3

    def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> State:
        self.check_players(num_players)
        opts = self.normalise_options(options)
        return self.state_class(num_players, seed, opts, self.rounds(opts))


# ---- Tiny Auction --------------------------------------------------------------------------------------------------
class TinyState(ToyState):
    BID = "play"
    TURN_PHASE = "draw"
    SCORE_KEY = "auctions"

    def _deal(self, rng: Rng) -> list[list[int]]:
        cards = rng.shuffled(range(1, 21))
        self.deck = cards[3 * self.num_players:]
        return [sorted(cards[i * 3:(i + 1) * 3]) for i in range(self.num_players)]

    def _draw(self, rng: Rng) -> int:
        return self.deck.pop(rng.below(len(self.deck)))

    def _can_draw(self) -> bool:
        return bool(self.deck)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**super().view(seat), "deck": len(self.deck)}

    def describe(self, action: str) -> str:
        if action.startswith("play "):
            return f"Bid the card {action.split()[1]}"
        return {"draw": "Draw a secret card", "pass": "Pass (draw nothing)"}.get(action, action)


class TinyGame(ToyGame):
    name = "tiny"
    title = "Tiny Auction"
    state_class = TinyState
    option_choices: ClassVar[dict[str, list[str]]] = {"variant": ["plain", "spicy"]}
    rules_summary = "Bid a secret card each round; the highest single card takes the sum."

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


class NoSkipState(TinyState):
    """Tiny Auction whose draw phase offers ``stay`` instead of ``pass``."""

    def _legal(self, seat: int) -> list[str]:
        return ["stay" if a == "pass" else a for a in super()._legal(seat)]

    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        return super()._apply(seat, "pass" if action == "stay" else action, rng)


class NoSkipTinyGame(TinyGame):
    """Tiny Auction without a skip notion (the caretaker's fallback)."""

    name = "tiny_noskip"
    state_class = NoSkipState


# ---- Tally ---------------------------------------------------------------------------------------------------------
class TallyState(ToyState):
    BID = "bid"
    TURN_PHASE = "pick"
    MAX_TAKE = 30
    SCORE_KEY = "points"

    def _deal(self, rng: Rng) -> list[list[int]]:
        # three different cards each: a hand of equal cards would leave one bid, which the table plays by itself
        # (auto_forced), and tests that deal at random would then find a player not asked now and then
        return [sorted(rng.sample(range(1, 10), 3)) for _ in range(self.num_players)]

    def _draw(self, rng: Rng) -> int:
        return rng.between(1, 9)

    def describe(self, action: str) -> str:
        word, _, arg = action.partition(" ")
        if word == "gift":
            return f"Give your lowest card to Seat {arg}"
        return {"bid": f"Bid your card {arg} (secret)", "take": f"Take {arg} (scores {int(arg or 0) % 3})"}.get(
            word, "Draw a card" if word == "draw" else "Pass"
        )


class TallyGame(ToyGame):
    name = "tally"
    title = "Tally (test game)"
    state_class = TallyState
    option_choices: ClassVar[dict[str, list[str]]] = {"length": ["short", "long"], "gifts": ["off", "on"]}
    rules_summary = "Bid a secret card each round; the single highest bid scores all bids."
    reconstructed: ClassVar[list[str]] = ["the card values 1-9 (made up for tests)"]

    def rounds(self, options: dict[str, str]) -> int:
        return 2 if options["length"] == "short" else 3

    def bot_action(self, view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
        bids = [a for a in legal if a.startswith("bid")]
        return bids[-1] if bids else ("take 2" if "take 2" in legal else legal[0])

    def event_text(self, event: Event) -> str:
        p = event.params
        seat = f"Seat {p.get('seat', 0)}"  # 0-based: the service puts the player's name in its place
        texts = {
            "chose": f"{seat} has chosen a bid.",
            "you_chose": f"You bid {p.get('card')}.",
            "take": f"{seat} takes {p.get('n')}.",
            "drew": f"{seat} draws a card.",
            "you_drew": f"You drew {p.get('card')}.",
            "passed": f"{seat} passes.",
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


TinyState.game = TINY = TinyGame()
NoSkipState.game = NOSKIP = NoSkipTinyGame()
TallyState.game = TALLY = TallyGame()
#: what the service, terminal and store tests open their tables with
TEST_GAMES: dict[str, Game] = {TINY.name: TINY, NOSKIP.name: NOSKIP}
#: Tally's one declaration, as a real game's ``rules/<game>/__init__.py`` has it: ``rules.register(TALLY_PARTS)`` (or
#: ``rules.registered(TALLY_PARTS)`` for a block) gives it its rules, its images and its ``/tally`` commands at once.
TALLY_PARTS = GameParts(TALLY, render="tests.support.tallyparts", commands="tests.support.tallyparts")
