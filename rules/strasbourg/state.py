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
| split | ``add 5`` (a 5 onto the open stack), ``add all``, ``close`` (close the open stack), ``singles``, ``restart`` |
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

from typing import Any, ClassVar

from rules.core import Event, Game, Outcome, Rng, State
from rules.strasbourg import scoring
from rules.strasbourg.data import (
    BUILDING_SPACES,
    CHAPEL_SPACES,
    COUNCIL_SEATS,
    EDIFICES,
    GOODS_NAMES,
    GOODS_VALUE,
    GUILD_NAMES,
    GUILD_OF,
    GUILD_SPACES,
    GUILDS,
    INFLUENCE_DECK,
    OBJECTIVES,
    OBJECTIVES_DEALT,
    PRICES,
    ROUND_CARDS,
    ROUNDS,
    STARTING_COINS,
    STEP_LETTERS,
)

#: Options (first value = default): planning simultaneously (recommended by the rulebook) or in turn order
#: from the first player (its variant); stacks left unrevealed at the end of a round kept (S-A2) or discarded.
OPTION_CHOICES: dict[str, list[str]] = {"planning": ["simultaneous", "in-turn"], "leftovers": ["keep", "discard"]}
DEFAULT_OPTIONS = {key: values[0] for key, values in OPTION_CHOICES.items()}
MAX_RESTARTS = 3  # split restarts per planning phase, so random play always ends
GUILD_INDEX = {g: i for i, g in enumerate(GUILDS)}
STACK_VALUES = ("6", "5", "4", "3", "2", "1")


def coins_text(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def step_kind(letter: str) -> str:
    if letter == "A":
        return "nobility"
    if letter in "BDF":
        return "guild"
    if letter in "CEG":
        return "merchants"
    return "chapel" if letter == "H" else "edifice"


def new_player(deck: list[int], dealt: list[str]) -> dict[str, Any]:
    return {
        "deck": deck,  # index 0 is the top
        "hand": [],  # drawn this planning phase, not yet stacked
        "open": [],  # the stack being built
        "stacks": [],  # face-down stacks, oldest first
        "new_from": 0,  # stacks[new_from:] were made in this planning phase
        "deck_start": len(deck),  # deck size when planning began (what others see meanwhile)
        "plan": "objectives",  # objectives -> draw -> split -> ready
        "restarts": 0,
        "coins": STARTING_COINS,
        "income": 0,  # coins gained from sales (conservation check)
        "goods": [0] * len(GUILDS),
        "goods_taken": 0,
        "goods_sold": 0,
        "privileges": 0,
        "privileges_gained": 0,
        "privileges_spent": 0,
        "prestige": 0,  # council prestige gained so far (the public track)
        "gone": [],  # influence cards revealed and removed from the game
        "dealt": dealt,
        "kept": [],
        "undecided": list(dealt),
    }


class StrasbourgState(State):
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
        rng = Rng(seed, "setup")
        cards = rng.shuffled(list(ROUND_CARDS))
        edifices = rng.shuffled(list(EDIFICES))
        first = rng.below(num_players)
        objectives = rng.shuffled(list(OBJECTIVES))
        players = [
            new_player(
                rng.shuffled(list(INFLUENCE_DECK)), objectives[i * OBJECTIVES_DEALT : (i + 1) * OBJECTIVES_DEALT]
            )
            for i in range(num_players)
        ]
        council: dict[str, int | None] = dict.fromkeys(COUNCIL_SEATS)
        council["nobility"] = first
        council["church"] = (first + 1) % num_players
        state = cls(
            {
                "seed": seed,
                "ply": 0,
                "num_players": num_players,
                "phase": "planning",
                "round": 1,
                "step": 0,
                "cards": cards,
                "edifices": edifices,
                "first": first,
                "council": council,
                "city": {},
                "built": {},
                "chapels": [],
                "players": players,
                "bid": None,
                "tasks": [],
                "last": None,
                "options": {**DEFAULT_OPTIONS, **(options or {})},
            }
        )
        return state

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
            return action in memo[2]
        return action in self._legal(seat)

    def _legal(self, seat: int) -> list[str]:
        if self.phase == "planning":
            return self._planning_legal(self.players[seat])
        if self.tasks:
            return self._task_legal(self.tasks[0])
        p = self.players[seat]
        # Stacks with the same cards are interchangeable: offer the first of each (at most 15 kinds fit in 24 cards).
        seen: set[tuple[int, ...]] = set()
        acts = []
        for i, stack in enumerate(p["stacks"], start=1):
            key = tuple(sorted(stack))
            if key not in seen:
                seen.add(key)
                acts.append(f"reveal {i}")
        acts.append("pass")
        bid = self.bid
        assert bid is not None
        if p["privileges"] > 0 and len(bid["queue"]) + len(bid["later"]) > 1:
            acts.append("privilege")
        return acts

    def _planning_legal(self, p: dict[str, Any]) -> list[str]:
        plan = p["plan"]
        if plan == "draw":
            return ["draw", "stop"] if p["hand"] else ["draw"]
        if plan == "split":
            hand = p["hand"]
            acts = [f"add {v}" for v in sorted(set(hand), reverse=True)]
            if len(hand) > 1:
                acts.append("add all")
                acts.append("singles")
            if p["open"]:
                acts.append("close")
            if p["restarts"] < MAX_RESTARTS and (p["open"] or len(p["stacks"]) > p["new_from"]):
                acts.append("restart")
            return acts
        # objectives: keep or drop each undecided card; at least one must be kept
        undecided = p["undecided"]
        acts = [f"keep {o}" for o in undecided]
        if p["kept"] or len(undecided) > 1:
            acts += [f"drop {o}" for o in undecided]
        if p["kept"]:
            acts.append("confirm")
        return acts

    def _task_legal(self, task: dict[str, Any]) -> list[str]:
        kind = task["kind"]
        p = self.players[task["seat"]]
        if kind in ("master", "journeyman", "apprentice"):
            coins = p["coins"]
            buys = [f"buy {c}" for c in self._empty_spaces(task["guild"]) if PRICES[c] <= coins]
            return ["goods", *buys] if kind == "apprentice" else [*buys, "skip"]
        if kind == "merchant":
            held = [f"sell {g}" for g, n in zip(GUILDS, p["goods"], strict=True) if n]
            return [*held, "sell all", "done"] if sum(p["goods"]) > 1 else [*held, "done"]
        if kind == "return":
            return [f"return {v}" for v in sorted(set(task["cards"]), reverse=True)] + ["return none"]
        if kind == "chapel":
            return [f"chapel {ch}" for ch in CHAPEL_SPACES if ch not in self.chapels]
        return [f"build {c}" for c in BUILDING_SPACES if c not in self.built]

    # ---- applying ------------------------------------------------------------------------
    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        events: list[Event] = []
        if self.phase == "planning":
            self._apply_planning(seat, action, events)
        elif self.tasks:
            self._apply_task(self.tasks[0], action, events)
        else:
            self._apply_bid(seat, action, events)
        self._advance(events)
        return events

    def _apply_planning(self, seat: int, action: str, events: list[Event]) -> None:
        p = self.players[seat]
        verb, _, arg = action.partition(" ")
        if verb == "keep":
            p["undecided"].remove(arg)
            p["kept"].append(arg)
        elif verb == "drop":
            p["undecided"].remove(arg)
        elif verb == "confirm":
            p["undecided"] = []
        elif verb == "draw":
            card = p["deck"].pop(0)
            p["hand"].append(card)
            events.append(Event("drew", {"seat": seat, "card": card, "deck": len(p["deck"])}, to=seat))
            if not p["deck"]:
                p["plan"] = "split"
        elif verb == "stop":
            p["plan"] = "split"
        elif verb == "add":
            if arg == "all":
                p["open"].extend(p["hand"])
                p["hand"] = []
            else:
                p["hand"].remove(int(arg))
                p["open"].append(int(arg))
        elif verb == "close":
            p["stacks"].append(p["open"])
            p["open"] = []
        elif verb == "singles":
            if p["open"]:
                p["stacks"].append(p["open"])
                p["open"] = []
            p["stacks"].extend([v] for v in sorted(p["hand"], reverse=True))
            p["hand"] = []
        elif verb == "restart":
            for stack in p["stacks"][p["new_from"] :]:
                p["hand"].extend(stack)
            p["hand"].extend(p["open"])
            del p["stacks"][p["new_from"] :]
            p["open"] = []
            p["restarts"] += 1
        if p["plan"] == "objectives" and not p["undecided"]:
            events.append(Event("objectives_kept", {"seat": seat, "kept": list(p["kept"])}, to=seat))
            p["plan"] = "draw" if p["deck"] else "ready"
        if p["plan"] == "split" and not p["hand"]:
            if p["open"]:
                p["stacks"].append(p["open"])
                p["open"] = []
            p["plan"] = "ready"
            events.append(Event("stacks_private", {"seat": seat, "stacks": [list(s) for s in p["stacks"]]}, to=seat))
            if self.in_turn:  # planning in turn: the others see the stack sizes at once
                sizes = [len(st) for st in p["stacks"]]
                events.append(Event("planned", {"seat": seat, "stacks": sizes, "deck": len(p["deck"])}))
            else:
                events.append(Event("planned", {"seat": seat}))

    def _apply_bid(self, seat: int, action: str, events: list[Event]) -> None:
        bid = self.bid
        assert bid is not None
        bid["queue"].pop(0)
        if action == "pass":
            self._pass(seat, events)
        elif action == "privilege":
            p = self.players[seat]
            p["privileges"] -= 1
            p["privileges_spent"] += 1
            bid["status"][seat] = "postponed"
            bid["later"].append(seat)
            events.append(Event("privilege", {"seat": seat, "step": self.letter}))
        else:
            index = int(action.split()[1]) - 1
            cards = self.players[seat]["stacks"].pop(index)
            bid["status"][seat] = "revealed"
            bid["cards"][seat] = cards
            events.append(Event("reveal", {"seat": seat, "step": self.letter, "cards": cards, "total": sum(cards)}))

    def _pass(self, seat: int, events: list[Event], reason: str = "") -> None:
        assert self.bid is not None
        self.bid["status"][seat] = "passed"
        events.append(Event("pass", {"seat": seat, "step": self.letter, "reason": reason}))

    def _apply_task(self, task: dict[str, Any], action: str, events: list[Event]) -> None:
        seat = task["seat"]
        p = self.players[seat]
        verb, _, arg = action.partition(" ")
        if verb == "buy":
            p["coins"] -= PRICES[arg]
            self.city[arg] = seat
            events.append(Event("buy", {"seat": seat, "cell": arg, "guild": GUILD_OF[arg], "price": PRICES[arg]}))
        elif verb == "goods":
            self._take_goods(seat, task["guild"], events)
        elif verb == "sell":
            sold = GUILDS if arg == "all" else (arg,)
            for g in sold:
                i = GUILD_INDEX[g]
                while p["goods"][i]:
                    p["goods"][i] -= 1
                    p["goods_sold"] += 1
                    p["coins"] += GOODS_VALUE[g]
                    p["income"] += GOODS_VALUE[g]
                    events.append(Event("sell", {"seat": seat, "guild": g, "coins": GOODS_VALUE[g]}))
                    if arg != "all":
                        break
            if arg != "all":
                return  # the merchant may go on selling until "done" (ending by itself would reveal an empty stock)
        elif verb == "return":
            cards = task["cards"]
            if arg != "none":
                cards.remove(int(arg))
                p["deck"].append(int(arg))
                events.append(Event("return", {"seat": seat, "card": int(arg)}))
            p["gone"].extend(cards)
        elif verb == "chapel":
            self.chapels.append(arg)
            events.append(Event("chapel", {"seat": seat, "space": arg}))
        elif verb == "build":
            edifice = self.edifices[self.round - 1]
            self.built[arg] = edifice
            events.append(Event("edifice", {"seat": seat, "cell": arg, "edifice": edifice}))
        # skip / done fall through: the task ends
        self.tasks.pop(0)

    def _take_goods(self, seat: int, guild: str, events: list[Event]) -> None:
        p = self.players[seat]
        p["goods"][GUILD_INDEX[guild]] += 1
        p["goods_taken"] += 1
        events.append(Event("goods", {"seat": seat, "guild": guild}))

    def _seat(self, name: str, seat: int, events: list[Event]) -> None:
        displaced = self.council[name]
        self.council[name] = seat
        events.append(Event("seat", {"seat": seat, "council": name, "displaced": displaced}))

    # ---- the automatic parts: run until a decision is awaited ----------------------------
    def _advance(self, events: list[Event]) -> None:
        while True:
            if self.phase == "planning":
                if any(p["plan"] != "ready" for p in self.players):
                    return
                self._end_planning(events)
            elif self.phase == "action":
                if self.tasks:
                    if self._task_waits(self.tasks[0], events):
                        return
                    self.tasks.pop(0)
                elif self.bid is not None:
                    queue = self.bid["queue"]
                    if not queue:
                        if self.bid["later"]:
                            self.bid["queue"], self.bid["later"] = self.bid["later"], []
                        else:
                            self._resolve_bid(events)
                    elif not self.players[queue[0]]["stacks"]:
                        self._pass(queue.pop(0), events, "no stacks")
                    else:
                        return
                else:
                    self._next_step(events)
            else:
                return

    def _task_waits(self, task: dict[str, Any], events: list[Event]) -> bool:
        """Do a task's automatic part once; True if its owner must now decide."""
        kind, seat = task["kind"], task["seat"]
        if not task.get("started"):
            task["started"] = True
            if kind == "master":
                self._seat(task["guild"], seat, events)
                self._take_goods(seat, task["guild"], events)
            elif kind == "journeyman":
                self._take_goods(seat, task["guild"], events)
            elif kind == "merchant" and task["with_seat"]:
                self._seat("merchants", seat, events)
        if kind in ("master", "journeyman"):
            return bool(self._empty_spaces(task["guild"]))
        if kind == "apprentice" and not self._empty_spaces(task["guild"]):
            self._take_goods(seat, task["guild"], events)
            return False
        return True

    def _end_planning(self, events: list[Event]) -> None:
        events.append(
            Event(
                "stacks",
                {
                    "round": self.round,
                    "stacks": [[len(s) for s in p["stacks"]] for p in self.players],
                    "decks": [len(p["deck"]) for p in self.players],
                },
            )
        )
        self.phase = "action"
        self.step = 0
        self._start_step(events)

    def _start_step(self, events: list[Event]) -> None:
        letter = self.letter
        kind = step_kind(letter)
        events.append(Event("step", {"round": self.round, "step": letter, "kind": kind, "guild": self.step_guild()}))
        n = self.num_players
        if kind == "chapel":
            self.tasks = [{"kind": "chapel", "seat": self.council["church"]}]
        elif kind == "edifice":
            self.tasks = [{"kind": "edifice", "seat": self.council["nobility"]}]
        else:
            self.bid = {
                "queue": [(self.first + k) % n for k in range(n)],
                "later": [],
                "status": ["waiting"] * n,
                "cards": [[] for _ in range(n)],
            }

    def _resolve_bid(self, events: list[Event]) -> None:
        bid = self.bid
        assert bid is not None
        n = self.num_players
        order = [(self.first + k) % n for k in range(n)]
        revealed = [s for s in order if bid["status"][s] == "revealed"]
        # stable sort: equal totals keep clockwise order from the first player (ties to the first player)
        revealed.sort(key=lambda s: -sum(bid["cards"][s]))
        passed = [s for s in order if bid["status"][s] == "passed"]
        letter = self.letter
        kind = step_kind(letter)
        self.last = {"step": letter, "ranking": [[s, sum(bid["cards"][s])] for s in revealed], "passed": passed}
        events.append(Event("ranking", {"step": letter, "ranking": self.last["ranking"], "passed": passed}))
        if revealed and revealed[0] != self.first:
            self.first = revealed[0]
            events.append(Event("first_player", {"seat": self.first}))
        tasks: list[dict[str, Any]] = []
        if kind == "nobility":
            slots = 2
            for name, seat in zip(("nobility", "church"), revealed, strict=False):
                self._seat(name, seat, events)
        elif kind == "guild":
            roles = ("master", "journeyman", "apprentice") if n >= 4 else ("master", "apprentice")
            slots = len(roles)
            guild = self.step_guild()
            tasks = [{"kind": r, "seat": s, "guild": guild} for r, s in zip(roles, revealed, strict=False)]
        else:
            slots = 1
            if revealed:
                tasks = [{"kind": "merchant", "seat": revealed[0], "with_seat": letter == "G"}]
        for seat in revealed[:slots]:
            self.players[seat]["gone"].extend(bid["cards"][seat])
        tasks += [{"kind": "return", "seat": s, "cards": list(bid["cards"][s])} for s in revealed[slots:]]
        self.tasks = tasks
        self.bid = None

    def _next_step(self, events: list[Event]) -> None:
        if self.step < len(STEP_LETTERS) - 1:
            self.step += 1
            self._start_step(events)
            return
        self._council(events)
        if self.round == ROUNDS:
            self.phase = "over"
            events.append(Event("game_over", {"scores": self.outcome().scores}))
            return
        if self.options["leftovers"] == "discard":
            self._discard_leftovers(events)
        self.round += 1
        self._start_planning(events)

    def _discard_leftovers(self, events: list[Event]) -> None:
        """Variant of S-A2: stacks not revealed this round leave the game unseen."""
        counts = []
        for p in self.players:
            counts.append(sum(len(st) for st in p["stacks"]))
            for stack in p["stacks"]:
                p["gone"].extend(stack)
            p["stacks"] = []
        if any(counts):
            events.append(Event("leftovers", {"round": self.round, "cards": counts}))

    def _council(self, events: list[Event]) -> None:
        counts = [0] * self.num_players
        for holder in self.council.values():
            if holder is not None:
                counts[holder] += 1
        top = max(counts)
        for seat, p in enumerate(self.players):
            p["prestige"] += counts[seat]
        winners = [s for s in range(self.num_players) if counts[s] == top]
        for s in winners:
            self.players[s]["privileges"] += 1
            self.players[s]["privileges_gained"] += 1
        events.append(Event("council", {"round": self.round, "prestige": counts, "privilege": winners}))

    def _start_planning(self, events: list[Event]) -> None:
        self.phase = "planning"
        self.step = 0
        for p in self.players:
            p["new_from"] = len(p["stacks"])
            p["deck_start"] = len(p["deck"])
            p["restarts"] = 0
            p["plan"] = "draw" if p["deck"] else "ready"
        events.append(Event("round", {"round": self.round, "card": self.cards[self.round - 1]}))

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

    def breakdown(self, seat: int) -> dict[str, int]:
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

    # ---- text ----------------------------------------------------------------------------
    def describe(self, action: str) -> str:
        verb, _, arg = action.partition(" ")
        if verb in ("keep", "drop") and arg in OBJECTIVES:
            card = OBJECTIVES[arg]
            label = "Keep" if verb == "keep" else "Discard"
            return f"{label} objective {arg}: {card['text']} (+{card['points']} / -3)"
        if verb == "reveal":
            seat = self.to_act()[0] if self.phase == "action" else None
            if seat is not None and arg.isdigit() and 0 < int(arg) <= len(self.players[seat]["stacks"]):
                # Only the bidder is offered this label, and revealing makes the cards public anyway.
                cards = self.players[seat]["stacks"][int(arg) - 1]
                size = "1 card" if len(cards) == 1 else f"{len(cards)} cards"
                return f"Reveal stack {arg}: {'+'.join(map(str, cards))} = {sum(cards)} ({size})"
            return f"Reveal stack {arg}"
        if verb == "buy" and arg in PRICES:
            return f"Place a member on {arg} ({GUILD_NAMES[GUILD_OF[arg]]}) for {coins_text(PRICES[arg])}"
        if verb == "sell" and arg in GOODS_VALUE:
            return f"Sell one {GOODS_NAMES[arg]} tile for {coins_text(GOODS_VALUE[arg])}"
        if verb == "return":
            return "Return no card" if arg == "none" else f"Put the {arg} at the bottom of your deck"
        if verb == "chapel":
            return f"Build the chapel on {arg} (next to {', '.join(CHAPEL_SPACES.get(arg, ()))})"
        if verb == "build":
            edifice = EDIFICES[self.edifices[self.round - 1]]["name"]
            return f"Build the {edifice} on {arg}"
        if verb == "add" and arg != "all":
            return f"Put a {arg} on the open stack"
        if verb == "goods" and self.tasks:
            return f"Take a {GOODS_NAMES[self.tasks[0]['guild']]} goods tile"
        return FIXED_LABELS.get(action, action)

    # ---- views ---------------------------------------------------------------------------
    def status_line(self) -> str:
        if self.phase == "over":
            return "Game over"
        waiting = ", ".join(f"seat {s}" for s in self.to_act())
        if self.phase == "planning":
            return f"Round {self.round}/{ROUNDS} · planning · waiting for {waiting}"
        kind = step_kind(self.letter)
        what = {
            "nobility": "Nobility & Church",
            "guild": f"{GUILD_NAMES.get(self.step_guild() or '', '')} guild",
            "merchants": "Merchants",
            "chapel": "chapel",
            "edifice": "edifice",
        }[kind]
        return f"Round {self.round}/{ROUNDS} · step {self.letter} ({what}) · waiting for {waiting}"

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.phase == "over"
        planning = self.phase == "planning"
        players = []
        for s, p in enumerate(self.players):
            hide = planning and s != seat and not (self.in_turn and p["plan"] == "ready")
            sizes = [len(st) for st in (p["stacks"][: p["new_from"]] if hide else p["stacks"])]
            players.append(
                {
                    "seat": s,
                    "prestige": p["prestige"],
                    "stacks": sizes,
                    "deck": p["deck_start"] if hide else len(p["deck"]),
                    "city": sum(1 for owner in self.city.values() if owner == s),
                    "council": sum(1 for holder in self.council.values() if holder == s),
                    "privileges_spent": p["privileges_spent"],
                    "ready": p["plan"] == "ready",
                }
            )
        action = self.phase == "action"
        letter = self.letter if action else None
        view: dict[str, Any] = {
            "game": "strasbourg",
            "num_players": self.num_players,
            "viewer": seat,
            "to_act": self.to_act(),
            "phase": self.phase,
            "status": self.status_line(),
            "scores": [p["prestige"] for p in self.players],
            "over": over,
            "round": self.round,
            "step": letter,
            "step_kind": step_kind(letter) if letter else None,
            "step_guild": self.step_guild() if action else None,
            "merchant_seat": letter == "G",
            "round_cards": [{"id": c, **ROUND_CARDS[c]} for c in self.cards],
            "edifices": list(self.edifices),
            "first_player": self.first,
            "council": dict(self.council),
            "city": dict(self.city),
            "built": dict(self.built),
            "chapels": list(self.chapels),
            "players": players,
            "bid": None,
            "last": self.last,
            "task": None,
            "options": dict(self.options),
        }
        if self.bid is not None:
            view["bid"] = {
                "status": list(self.bid["status"]),
                "revealed": [list(c) for c in self.bid["cards"]],
                "queue": self.bid["queue"] + self.bid["later"],
            }
        if self.tasks:
            task = self.tasks[0]
            view["task"] = {k: (list(v) if isinstance(v, list) else v) for k, v in task.items() if k != "started"}
        if seat is not None and 0 <= seat < self.num_players:
            p = self.players[seat]
            view["private"] = {
                "coins": p["coins"],
                "goods": dict(zip(GUILDS, p["goods"], strict=True)),
                "privileges": p["privileges"],
                "deck": len(p["deck"]),
                "hand": list(p["hand"]),
                "open": list(p["open"]),
                "stacks": [list(st) for st in p["stacks"]],
                "new_from": p["new_from"],
                "plan": p["plan"],
                "objectives": {"dealt": list(p["dealt"]), "kept": list(p["kept"]), "undecided": list(p["undecided"])},
            }
        if over:
            outcome = self.outcome()
            view["outcome"] = outcome.to_dict()
            view["scores"] = list(outcome.scores)
            view["final"] = [
                {
                    "coins": p["coins"],
                    "goods": dict(zip(GUILDS, p["goods"], strict=True)),
                    "privileges": p["privileges"],
                    "objectives": [
                        {"id": o, "met": ok} for o, ok in zip(p["kept"], self.objectives_met(s), strict=True)
                    ],
                }
                for s, p in enumerate(self.players)
            ]
        return view


#: Verbs of the secret planning steps. Their action strings name hidden cards or objectives, so a front end
#: must never show them publicly (e.g. as the "last action" on the public board).
SECRET_VERBS = frozenset({"keep", "drop", "confirm", "draw", "stop", "add", "close", "singles", "restart"})


def is_secret_action(action: str) -> bool:
    """True for planning actions (objectives, drawing, splitting), which only their seat may see."""
    return action.partition(" ")[0] in SECRET_VERBS


FIXED_LABELS = {
    "confirm": "Keep the chosen objectives and discard the rest",
    "draw": "Draw the top influence card",
    "stop": "Stop drawing and split your cards into stacks",
    "add all": "Put all remaining cards on the open stack",
    "singles": "Put each remaining card in a stack of its own",
    "close": "Close the open stack and start a new one",
    "restart": "Take this round's stacks apart and split again",
    "pass": "Pass this step",
    "privilege": "Spend a privilege and decide after the others",
    "skip": "Place no member in the city",
    "goods": "Take a goods tile",
    "sell all": "Sell all your goods",
    "done": "Stop selling",
}
