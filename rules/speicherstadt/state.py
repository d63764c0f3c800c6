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

Loading at the same time (the rulebook allows it; ``queue``: the seats with loading work, in turn order from the
first player, each leaving it with its ``done``). Players share only the goods reserve during Loading: coins,
cards, contracts, hands, warehouses and halls are each player's own. Sells, market sells, conversions (their 3
paid cubes) and ``done`` (cubes left in hand) only add to the reserve, which changes nobody's options; the one
step that reads it is ``convert <good>``, legal only while the reserve holds that good. So order matters only
through conversions, and only a seat with at least 3 cubes (hand + warehouse + hall) can convert: nothing gives a
seat cubes during Loading except a conversion, which turns 3 into 1, so a seat with ``c`` cubes can convert at
most ``(c - 1) // 2`` times.

A group of seats is *independent* when, for every good, the reserve holds at least as many cubes of it as the
group could take by conversions together, or at most one seat of the group could change that good's count in the
reserve (it holds a cube of that good, or could convert). The seats loading now (``to_act``) are every seat of the
queue that cannot convert, then those that could, in turn order, added while the group stays independent (a lone
seat always is; the rest wait). Why that is order-independent:

- in an independent group no seat's step changes another's legal actions or what their steps do: the reserve only
  adds up the cubes put in, a conversion's good can never run out (the reserve holds enough of it) or is a good
  only the converting seat itself moves, and everything else is a seat's own;
- a group stays independent while its seats act: the reserve can lose a cube only by a conversion, which lowers
  the group's conversions left by one as well, and the seats holding a good or able to convert only ever leave;
- a part of an independent group is independent, so a seat once loading keeps loading until its ``done``.

So the same steps of each seat, interleaved in any order, are all legal and end in the same state (the tests
check every permutation). The cubes given out as the next round starts come from the Rng of the last step's ply,
the same in every order as the number of steps is. Loading is public: each step shows at once
(``secret_simultaneous`` is False).

View structure (``view(seat)``; every viewer sees the same, since nothing but the pile order is secret):

- shared keys: ``game``, ``num_players``, ``viewer``, ``to_act``, ``phase`` (``demand``/``purchase``/
  ``loading``/``over``), ``status``, ``scores`` (points if the game ended now), ``over``, ``outcome``, ``round``
- ``season`` (letter of the latest revealed card), ``season_name``, ``last_round`` (bool),
  ``first_player`` (seat holding the metal coin)
- ``pile``: ``{"count", "seasons": {letter: count}, "fires_left"}`` — never the order
- ``row``: list of ``{"col", "card", "name", "kind", "info" (printed numbers: contract ``goods``/``points``,
  fireman ``value``, merchant ``good``, ship ``capacity``, church/michaelis ``points``), "cubes" (ships: {good: n},
  else null), "workers"
  (seats, bottom -> top), "price" (= number of workers), "status" ("open"/"bought"/"discarded"), "buyer"}``
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
from rules.speicherstadt import scoring
from rules.speicherstadt.data import (
    BUILDING_SPACES,
    CARDS,
    CARDS_BY_SEASON,
    CUBES_PER_GOOD,
    CUBES_PER_SHIP,
    GOODS,
    HALL_CONVERT_CUBES,
    HALL_SELL_CUBES,
    HALL_STORE_MAX,
    INCOME_BANK,
    INCOME_BASE,
    INCOME_NO_PURCHASE,
    LAST_CARD,
    REMOVED_BY_PLAYERS,
    START_COINS,
    WAREHOUSE_CAPACITY,
    WORKERS,
)

# Moves that only shuffle cubes between hand, warehouse and hall could repeat forever; cap them per turn.
if TYPE_CHECKING:
    from rules.speicherstadt.views import SpeicherstadtView

MAX_PUTS_PER_TURN = 40

_FIELDS = (
    "seed", "ply", "num_players", "round", "phase", "season", "pile", "removed", "row", "discard", "bag", "reserve",
    "players", "first", "turn", "placed", "col", "queue", "last_round", "fires_resolved", "special_end",
)


def no_goods() -> dict[str, int]:
    return dict.fromkeys(GOODS, 0)


def new_player() -> dict[str, Any]:
    return {
        "coins": START_COINS, "fire": 0, "cards": [], "workers": WORKERS, "bought": False,
        "hand": no_goods(), "wh": no_goods(), "hall": no_goods(), "filled": {}, "puts": 0,
    }


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
        state._start_round(rng, [])
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
            return self._loading_now()
        return []

    def secret_simultaneous(self) -> bool:
        return False  # loading at the same time is public: every step shows at once

    # ---- loading at the same time --------------------------------------------------------------
    def _loading_now(self) -> list[int]:
        """The seats loading now, in turn order: everyone who cannot convert, then those who could, in turn order,
        as long as the group stays independent (see "Loading at the same time" in the module docstring)."""
        could = [s for s in self.queue if self._could_convert(self.players[s])]
        group = [s for s in self.queue if s not in could]
        for seat in could:
            if not self._independent([*group, seat]):
                break
            group.append(seat)
        return [s for s in self.queue if s in group]

    @staticmethod
    def _cubes(p: dict[str, Any]) -> int:
        held: int = sum(p["hand"].values()) + sum(p["wh"].values()) + sum(p["hall"].values())
        return held

    def _could_convert(self, p: dict[str, Any]) -> bool:
        """Whether ``p`` could still convert: 3 cubes on the market hall at once (nothing gives a seat more cubes)."""
        return self._cubes(p) >= HALL_CONVERT_CUBES

    def _conversions_left(self, p: dict[str, Any]) -> int:
        """The most conversions ``p`` can still make: each turns 3 of its cubes into 1."""
        return max(0, (self._cubes(p) - 1) // (HALL_CONVERT_CUBES - 1))

    def _independent(self, seats: list[int]) -> bool:
        """Whether no step of one of ``seats`` can change what another of them may do: for every good, the reserve
        holds at least as many cubes as ``seats`` could take from it by conversions together, or at most one of
        them could change that good's count in the reserve (by holding a cube of it, or by converting)."""
        players = [self.players[s] for s in seats]
        need = sum(self._conversions_left(p) for p in players)
        for g in GOODS:
            if self.reserve[g] >= need:
                continue
            touching = [p for p in players if self._could_convert(p) or p["hand"][g] or p["wh"][g] or p["hall"][g]]
            if len(touching) > 1:
                return False
        return True

    def _legal(self, seat: int) -> list[str]:
        if self.phase == "demand":
            return [f"place {i + 1}" for i, slot in enumerate(self.row) if len(slot["workers"]) < BUILDING_SPACES]
        if self.phase == "purchase":
            return ["buy", "decline"]  # a decider who cannot pay was declined automatically
        if self.phase == "loading":
            return self._loading_legal(self.players[seat])
        return []

    def _is_legal(self, seat: int, action: str) -> bool:
        """Same answer as ``action in self._legal(seat)``, without building the list in Demand and Purchase."""
        if self.phase == "demand":
            word, _, number = action.partition(" ")
            if word != "place" or not (number.isascii() and number.isdigit()) or number != str(int(number)):
                return False
            col = int(number)
            return 1 <= col <= len(self.row) and len(self.row[col - 1]["workers"]) < BUILDING_SPACES
        if self.phase == "purchase":
            return action in ("buy", "decline")
        return action in self._legal(seat)

    def _loading_legal(self, p: dict[str, Any]) -> list[str]:
        hand, wh, hall = p["hand"], p["wh"], p["hall"]
        have = {g for g in GOODS if hand[g] or wh[g] or hall[g]}
        out: list[str] = []
        kinds = set()
        for cid in p["cards"]:
            card = CARDS[cid]
            kinds.add(card["kind"])
            if card["kind"] == "contract":
                filled = p["filled"][cid]
                out += [f"fill {cid} {g}" for g in card["goods"] if g in have and g not in filled]
        out += [f"sell {CARDS[cid]['good']}" for cid in p["cards"]
                if CARDS[cid]["kind"] == "merchant" and CARDS[cid]["good"] in have]
        can_put = p["puts"] < MAX_PUTS_PER_TURN
        if can_put and "warehouse" in kinds and sum(wh.values()) < WAREHOUSE_CAPACITY:
            out += [f"store {g}" for g in GOODS if hand[g]]
        if can_put:
            out += [f"hall {g}" for g in GOODS if hand[g]]
        out += [f"take {g} wh" for g in GOODS if wh[g]]
        out += [f"take {g} hall" for g in GOODS if hall[g]]
        on_hall = sum(hall.values())
        if on_hall == HALL_SELL_CUBES:
            out.append("marketsell")
        if on_hall == HALL_CONVERT_CUBES:
            out += [f"convert {g}" for g in GOODS if self.reserve[g] + hall[g]]
        if on_hall <= HALL_STORE_MAX:
            out.append("done")
        return out

    # ---- applying ----------------------------------------------------------------------------
    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        events: list[Event] = []
        if self.phase == "demand":
            self._place(seat, int(action.split()[1]) - 1, rng, events)
        elif self.phase == "purchase":
            self._decide(seat, action == "buy", rng, events)
        elif self.phase == "loading":
            self._load(seat, action.split(), rng, events)
        else:  # unreachable: the base class only calls _apply for a legal action
            raise IllegalAction("Nothing to do now.")
        return events

    # Supply ---------------------------------------------------------------------------------------
    def _start_round(self, rng: Rng, events: list[Event]) -> None:
        self.round += 1
        self.row = []
        for p in self.players:
            p["bought"] = False
        events.append(Event("round", {"round": self.round}))
        while len(self.row) < self.num_players + 1:
            if self.pile == [LAST_CARD]:
                # Only the 4th Fire is left but the row is not full: the 3rd-Fire special case (A1).
                self.special_end = True
                events.append(Event("special_end", {"round": self.round}))
                self._resolve_fire(self.pile.pop(), events)
                self._finish(events)
                return
            cid = self.pile.pop()
            card = CARDS[cid]
            self.season = card["season"]
            if card["kind"] == "fire":
                events.append(Event("reveal", {"card": cid, "col": None}))
                self._resolve_fire(cid, events)
                self.discard.append(cid)
                continue
            slot: dict[str, Any] = {"card": cid, "cubes": None, "workers": [], "status": "open", "buyer": None}
            if card["kind"] == "ship":
                slot["cubes"] = self._draw_cubes(rng, CUBES_PER_SHIP)
            self.row.append(slot)
            events.append(Event("reveal", {"card": cid, "col": len(self.row), "cubes": slot["cubes"]}))
        if self.pile == [LAST_CARD]:
            self.last_round = True
            events.append(Event("last_round", {"round": self.round}))
        self.phase = "demand"
        self.turn = self.first
        self.placed = 0

    def _draw_cubes(self, rng: Rng, count: int) -> dict[str, int]:
        drawn = no_goods()
        for _ in range(count):
            total = sum(self.bag.values())
            if total == 0:  # cannot happen with 15 ships x 3 = 45 cubes, but never loop on an empty bag
                break
            pick = rng.below(total)
            for g in GOODS:
                if pick < self.bag[g]:
                    self.bag[g] -= 1
                    drawn[g] += 1
                    break
                pick -= self.bag[g]
        return drawn

    def _resolve_fire(self, cid: str, events: list[Event]) -> None:
        card = CARDS[cid]
        totals = [scoring.fireman_total(p["cards"]) for p in self.players]
        gain, lose = scoring.fire_result(totals)
        for s in gain:
            self.players[s]["fire"] += card["bonus"]
        for s in lose:
            self.players[s]["fire"] -= card["penalty"]
        self.fires_resolved.append(cid)
        events.append(Event("fire", {"card": cid, "totals": totals, "gain": gain, "lose": lose,
                                     "bonus": card["bonus"], "penalty": card["penalty"]}))

    # Demand ---------------------------------------------------------------------------------------
    def _place(self, seat: int, col: int, rng: Rng, events: list[Event]) -> None:
        slot = self.row[col]
        slot["workers"].append(seat)
        self.players[seat]["workers"] -= 1
        self.placed += 1
        events.append(Event("place", {"seat": seat, "col": col + 1, "card": slot["card"],
                                      "space": len(slot["workers"])}))
        if self.placed < WORKERS * self.num_players:
            self.turn = (self.turn + 1) % self.num_players
            return
        self.phase = "purchase"
        self.col = 0
        self._advance_purchase(rng, events)

    # Purchase -------------------------------------------------------------------------------------
    def _decide(self, seat: int, buy: bool, rng: Rng, events: list[Event]) -> None:
        slot = self.row[self.col]
        price = len(slot["workers"])
        p = self.players[seat]
        if buy:
            p["coins"] -= price
            for w in slot["workers"]:
                self.players[w]["workers"] += 1
            slot["workers"] = []
            slot["status"], slot["buyer"] = "bought", seat
            cid = slot["card"]
            p["cards"].append(cid)
            p["bought"] = True
            if CARDS[cid]["kind"] == "contract":
                p["filled"][cid] = []
            if slot["cubes"]:
                for g, n in slot["cubes"].items():
                    p["hand"][g] += n
                slot["cubes"] = no_goods()
            events.append(Event("buy", {"seat": seat, "card": cid, "price": price}))
            self.col += 1
        else:
            self._decline(auto=False, events=events)
        self._advance_purchase(rng, events)

    def _decline(self, auto: bool, events: list[Event]) -> None:
        slot = self.row[self.col]
        seat = slot["workers"].pop(0)
        self.players[seat]["workers"] += 1
        events.append(Event("decline", {"seat": seat, "card": slot["card"], "price": len(slot["workers"]) + 1,
                                        "auto": auto}))

    def _advance_purchase(self, rng: Rng, events: list[Event]) -> None:
        while self.col < len(self.row):
            slot = self.row[self.col]
            if slot["status"] != "open":
                self.col += 1
            elif not slot["workers"]:
                self._discard_slot(slot, events)
                self.col += 1
            elif self.players[slot["workers"][0]]["coins"] < len(slot["workers"]):
                self._decline(auto=True, events=events)
            else:
                return
        self._start_loading(rng, events)

    def _discard_slot(self, slot: dict[str, Any], events: list[Event]) -> None:
        slot["status"] = "discarded"
        self.discard.append(slot["card"])
        cubes = slot["cubes"]
        if cubes:  # A2: an unbought ship's cubes go to the reserve, never back to the bag
            for g, n in cubes.items():
                self.reserve[g] += n
            slot["cubes"] = no_goods()
        events.append(Event("discard", {"card": slot["card"], "cubes": cubes}))

    # Loading --------------------------------------------------------------------------------------
    def _start_loading(self, rng: Rng, events: list[Event]) -> None:
        self.phase = "loading"
        order = [(self.first + i) % self.num_players for i in range(self.num_players)]
        # A seat's loading work depends only on its own cards and cubes, which nobody else changes: decided once.
        self.queue = [s for s in order if self._has_loading_work(self.players[s])]
        self._end_loading_if_done(rng, events)

    def _has_loading_work(self, p: dict[str, Any]) -> bool:
        """Skip seats that could only shuffle a lone cube around (A5: the phase runs every round)."""
        if any(p["hand"].values()):
            return True
        total = sum(p["wh"].values()) + sum(p["hall"].values())
        if total >= HALL_SELL_CUBES:
            return True
        if total == 0:
            return False
        return any(a.startswith(("fill", "sell")) for a in self._loading_legal(p))

    def _end_loading_if_done(self, rng: Rng, events: list[Event]) -> None:
        if not self.queue:
            self._income(rng, events)

    def _take_cube(self, p: dict[str, Any], good: str) -> str:
        for place in ("hand", "hall", "wh"):
            if p[place][good]:
                p[place][good] -= 1
                return place
        raise IllegalAction(f"You have no {good} cube.")  # unreachable after the legality check

    def _load(self, seat: int, words: list[str], rng: Rng, events: list[Event]) -> None:
        p = self.players[seat]
        verb = words[0]
        if verb == "fill":
            cid, good = words[1], words[2]
            src = self._take_cube(p, good)
            p["filled"][cid].append(good)
            events.append(Event("fill", {"seat": seat, "card": cid, "good": good, "from": src,
                                         "complete": scoring.contract_complete(cid, p["filled"][cid])}))
        elif verb == "sell":
            good = words[1]
            src = self._take_cube(p, good)
            self.reserve[good] += 1
            p["coins"] += 1
            events.append(Event("sell", {"seat": seat, "good": good, "from": src}))
        elif verb in ("store", "hall"):
            good = words[1]
            p["hand"][good] -= 1
            p["wh" if verb == "store" else "hall"][good] += 1
            p["puts"] += 1
            events.append(Event(verb, {"seat": seat, "good": good}))
        elif verb == "take":
            good, src = words[1], words[2]
            p[src][good] -= 1
            p["hand"][good] += 1
            events.append(Event("take", {"seat": seat, "good": good, "from": src}))
        elif verb == "marketsell":
            paid = self._empty_hall(p)
            p["coins"] += 1
            events.append(Event("marketsell", {"seat": seat, "paid": paid}))
        elif verb == "convert":
            good = words[1]
            paid = self._empty_hall(p)  # A3: the paid cubes reach the reserve before the new one is taken
            self.reserve[good] -= 1
            p["hand"][good] += 1
            events.append(Event("convert", {"seat": seat, "paid": paid, "good": good}))
        else:  # done
            lost = dict(p["hand"])
            for g, n in lost.items():
                self.reserve[g] += n
            p["hand"] = no_goods()
            p["puts"] = 0
            self.queue.remove(seat)
            events.append(Event("done", {"seat": seat, "lost": lost if any(lost.values()) else None}))
            self._end_loading_if_done(rng, events)

    def _empty_hall(self, p: dict[str, Any]) -> dict[str, int]:
        paid = dict(p["hall"])
        for g, n in paid.items():
            self.reserve[g] += n
        p["hall"] = no_goods()
        return paid

    # Income and the end -----------------------------------------------------------------------------
    def _income(self, rng: Rng, events: list[Event]) -> None:
        gains = []
        for p in self.players:
            gain = INCOME_BASE + (0 if p["bought"] else INCOME_NO_PURCHASE)
            if any(CARDS[c]["kind"] == "bank" for c in p["cards"]):
                gain += INCOME_BANK
            p["coins"] += gain
            gains.append(gain)
        events.append(Event("income", {"gains": gains}))
        self.first = (self.first + 1) % self.num_players
        events.append(Event("first", {"seat": self.first}))
        if self.last_round:
            self._resolve_fire(self.pile.pop(), events)
            self._finish(events)
        else:
            self._start_round(rng, events)

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        self.queue = []
        out = self.outcome()
        events.append(Event("end", {"scores": out.scores, "winners": out.winners}))

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

    def views(self, seats: Iterable[int]) -> tuple[SpeicherstadtView, dict[int, SpeicherstadtView]]:
        from rules.speicherstadt.views import build_view

        public = build_view(self, None)  # nothing is hidden in this game: the views differ only by "viewer"
        return public, {seat: {**public, "viewer": seat} for seat in seats}
