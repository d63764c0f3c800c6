"""Colonia game state: six weeks of seven days, driven by atomic actions.

Automatic steps (Monday, reveals, street steps, dice, deliveries, departures, refills) run inside
``_advance`` until a decision is needed. Decisions ("stages"):

- ``good``      simultaneous, private: seats that rolled a 6 (setup, decree D14) pick a good: ``take <good>``.
- ``family``    simultaneous, secret: ``family <3..8>``; revealed when every seat has chosen.
- ``vote``      simultaneous, secret: ``vote yes`` / ``vote no`` by seats whose card counts (> 0).
- ``mayor``     the mayor breaks a tie when he did not vote: ``decide yes`` / ``decide no``.
- ``exchange``  simultaneous, private (D18): ``exchange <from>`` or ``no exchange``, then
  ``exchange <n> <from> to <to>`` (n = 1..5, 1:1).
- ``loop``      a passing loop in turn order; one action or ``pass`` per turn; a pass is final for the day:
  ``stall <1..8>`` (Wed), ``order <craftsman>`` (Thu), ``load <ship> <hold>`` / ``extra <ship>`` (Fri),
  ``buy <relic>`` then (Sun), ``insure <relic>`` (Sun).
- ``extra``     after ``extra <ship>``: ``give <good>``.
- ``shrine``    after buying a shrine or a relic matching an empty shrine: ``enshrine <relic>`` / ``keep shrine empty``.

View structure (``view(seat)``; keys beyond the shared ones are stable):

- ``week``, ``round`` (= week), ``day`` (1 = Monday … 7 = Sunday), ``day_name``
- ``week_card``: ``{id, stalls, orders, dice, ships}`` of the current week or None; ``weeks_used``: card ids
- ``deck_counts``: ``{week, decrees, ships, relics}`` (sizes only; never the order)
- ``decrees``: this week's 3 slots ``[{id, day, name, text, result: None|"passed"|"rejected"}]``
- ``vote``: None or ``{decree, voters, cast: [seats that have voted]}`` while a secret vote runs
- ``votes``: every revealed vote ``[{decree, yes: [seats], no: [seats], yes_votes, no_votes, passed, mayor_decided}]``
- ``turn_order`` (seats, mayor first), ``mayor``, ``lean_council`` (D17 pending for next Tuesday)
- ``market``: 8 stalls ``[{stall, extra, materials: {name: n}, total, seat, members}]`` (seat/members once taken)
- ``craftsmen``: ``[{name, good, inputs, stick, orders: [{seat, members}], next_cost}]`` (order index 0 = top space)
- ``harbour``: ``{departing, extra_holds, ships: [{id, berth, city, currency, holds: [{goods, pay, seat}],
  extra_seat, extra_open}], discard: [ids]}``
- ``relics``: ``{display: [card|None]*10, extra: [card|None]*2, discard: [ids]}``; a card is
  ``{id, city, currency, price, vp, shrine, insured_by}``
- ``players``: per seat ``{seat, colour, reserve, street: {tuesday, wednesday, thursday, friday}, early,
  card, card_zero, cards_left, chosen, shrines: [{id, relic, vp}], passed}``. Members in reserve are public:
  the rulebook has them stand in front of the player, and their number follows from the board anyway.
- ``loop``: None or ``{kind, current, passed: [seats]}``; ``pending``: None or ``{kind, seat, ...}``
- ``me`` (own seat only): ``{seat, money, materials, goods, relics: [card], family_choice, ballot, exchange_from,
  shrine_options (only while choosing)}``
- ``final`` (once over): windows and every player's revealed holdings.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from rules.colonia import data as D
from rules.colonia import decrees, family, loops, supply, week
from rules.colonia.board import (
    CRAFT_INDEX,
    CUR_INDEX,
    FRI,
    GOOD_INDEX,
    LOOP_OF_DAY,
    STALL_NAMES,
    THU,
    TUE,
    WED,
    draw_from_bag,
)
from rules.colonia.names import _
from rules.core import Event, IllegalAction, Outcome, Rng, State

if TYPE_CHECKING:
    from rules.colonia.views import ColoniaView

__all__ = ["FRI", "THU", "TUE", "WED", "ColoniaState", "draw_from_bag"]


class Loop(TypedDict):
    """A passing loop: its kind (``stall``, ``order``, ``load``, ``buy``, ``insure``), who passed, whose turn."""

    kind: str
    passed: list[bool]
    cur: int


class Pending(TypedDict):
    """A follow-up decision of one seat: ``extra`` (which good for the extra hold of ``ship``) or ``shrine``."""

    kind: str
    seat: int
    ship: NotRequired[str]
    shrine: NotRequired[str]
    options: NotRequired[list[str]]


class Ship(TypedDict):
    """A ship in the harbour: its card id, the seat loaded in each hold (or None) and in its extra hold."""

    id: str
    h: list[int | None]
    x: int | None


class VoteRecord(TypedDict):
    decree: str
    yes: list[int]
    no: list[int]
    yes_votes: int
    no_votes: int
    passed: bool
    mayor_decided: bool


class Final(TypedDict):
    scores: list[int]
    breakdown: list[dict[str, int]]
    tiebreak: list[list[int]]
    windows: list[int | None]
    window_money: list[int]


class ColoniaState(State["ColoniaView"]):
    # Everything below is serialised (``_FIELDS``); set up in ``setup.new_state``.
    week: int
    day: int  # 1 = Monday … 7 = Sunday
    sub: str  # the step within the day ("", "votes", "loop", "end", "buy", "insure", "over")
    stage: str  # the decision awaited (see the module docstring), or "auto" / "over"
    week_deck: list[str]
    weeks_used: list[str]
    decree_deck: list[str]
    slots: list[list[Any]]  # [decree id, None|True|False]: JSON pairs of mixed types
    decrees_done: list[str]
    votes: list[VoteRecord]
    ship_deck: list[str]
    ship_discard: list[str]
    harbour: list[Ship]
    depart: int
    relic_deck: list[str]
    relic_discard: list[str]
    display: list[str | None]
    display_x: list[str | None]
    insured: dict[str, int]
    bag: list[int]
    stalls: list[list[int]]
    stall_members: list[list[int] | None]  # [seat, members] once taken
    cols: list[list[list[int]]]  # per craftsman: orders [seat, members], top space first
    stick: list[int]
    new_orders: list[int]
    extra_holds: bool
    early: list[int]
    lean: bool
    reserve: list[int]
    street: list[list[int]]
    money: list[list[int]]
    raw: list[list[int]]
    goods: list[list[int]]
    relics: list[list[str]]
    shrines: list[list[Any]]  # [shrine id, relic id|None]: JSON pairs of mixed types
    cards_left: list[list[int]]
    card: list[int | None]
    zero: list[bool]
    choice: list[int | None]
    ballot: list[bool | None]
    order: list[int]
    vote_slot: int
    loop: Loop | None
    pending: Pending | None
    waiting: list[int]
    xchg: list[str | None]
    final: Final | None

    # ---- construction ----------------------------------------------------------------------
    def __init__(self) -> None:
        self.seed = 0
        self.ply = 0
        self.num_players = 0

    @classmethod
    def new(cls, num_players: int, seed: int) -> ColoniaState:
        from rules.colonia.setup import new_state

        return new_state(num_players, seed)

    # ---- serialisation ---------------------------------------------------------------------
    _FIELDS = (
        "seed", "ply", "num_players", "week", "day", "sub", "stage", "week_deck", "weeks_used", "decree_deck",
        "slots", "decrees_done", "votes", "ship_deck", "ship_discard", "harbour", "depart", "relic_deck",
        "relic_discard", "display", "display_x", "insured", "bag", "stalls", "stall_members", "cols", "stick",
        "new_orders", "extra_holds", "early", "lean", "reserve", "street", "money", "raw", "goods", "relics",
        "shrines", "cards_left", "card", "zero", "choice", "ballot", "order", "vote_slot", "loop", "pending",
        "waiting", "xchg", "final",
    )

    def to_json(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self._FIELDS}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ColoniaState:
        st = cls()
        for f in cls._FIELDS:
            setattr(st, f, data[f])
        st.insured = {k: int(v) for k, v in data["insured"].items()}
        return st

    # ---- whose turn ------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        stage = self.stage
        if stage == "loop":
            return [self.running_loop()["cur"]]
        if stage == "family":
            return [s for s in range(self.num_players) if self.choice[s] is None]
        if stage == "vote":
            return [s for s in self.order if self.card[s] and not self.zero[s] and self.ballot[s] is None]
        if stage in ("good", "exchange"):
            return sorted(self.waiting)
        if stage in ("extra", "shrine"):
            return [self.pending_decision()["seat"]]
        if stage == "mayor":
            return [self.order[0]]
        return []

    def running_loop(self) -> Loop:
        """The passing loop under way (only asked while one runs)."""
        assert self.loop is not None, "no passing loop is running"
        return self.loop

    def pending_decision(self) -> Pending:
        """The follow-up decision awaited (only asked while one is)."""
        assert self.pending is not None, "no decision is pending"
        return self.pending

    def mayor(self) -> int:
        return self.order[0]

    def voting_weight(self, seat: int) -> int:
        card = self.card[seat]
        return 0 if card is None or self.zero[seat] else card

    # ---- legal actions ---------------------------------------------------------------------
    def _legal(self, seat: int) -> list[str]:
        stage = self.stage
        if stage == "loop":
            return loops.loop_actions(self, seat)
        if stage == "family":
            return [f"family {v}" for v in self.cards_left[seat]]
        if stage == "vote":
            return ["vote yes", "vote no"]
        if stage == "mayor":
            return ["decide yes", "decide no"]
        if stage == "good":
            return [f"take {g}" for g in D.GOODS]
        if stage == "extra":
            return [f"give {g}" for i, g in enumerate(D.GOODS) if self.goods[seat][i] > 0]
        if stage == "shrine":
            return [f"enshrine {r}" for r in self.pending_decision()["options"]] + ["keep shrine empty"]
        if stage == "exchange":
            src = self.xchg[seat]
            money = self.money[seat]
            if src is None:
                return [f"exchange {c}" for i, c in enumerate(D.CURRENCIES) if money[i] > 0] + ["no exchange"]
            have = min(5, money[CUR_INDEX[src]])
            amounts = [f"exchange {k} {src} to {c}" for c in D.CURRENCIES if c != src for k in range(1, have + 1)]
            # A chosen currency is not a commitment: switch to another, or back out altogether.
            others = [f"exchange {c}" for i, c in enumerate(D.CURRENCIES) if c != src and money[i] > 0]
            return [*amounts, "no exchange", *others]
        return []

    # ---- applying actions ------------------------------------------------------------------
    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        ev: list[Event] = []
        stage = self.stage
        verb, _sep, rest = action.partition(" ")
        if stage == "loop":
            loops.loop_apply(self, seat, verb, rest, ev)
        elif stage == "family":
            self.choice[seat] = int(rest)
            ev.append(Event("family_chosen", {"seat": seat}))
            ev.append(Event("family_you_chose", {"seat": seat, "card": int(rest)}, to=seat))
            if all(c is not None for c in self.choice):
                family.resolve_family(self, rng, ev)
        elif stage == "vote":
            self.ballot[seat] = rest == "yes"
            ev.append(Event("vote_cast", {"seat": seat}))
            ev.append(Event("you_voted", {"seat": seat, "yes": rest == "yes"}, to=seat))
            if not self.to_act():
                decrees.count_votes(self, rng, ev)
        elif stage == "mayor":
            decrees.decree_result(self, rest == "yes", True, rng, ev)
        elif stage == "good":
            self.goods[seat][GOOD_INDEX[rest]] += 1
            self.waiting.remove(seat)
            ev.append(Event("good_chosen", {"seat": seat, "good": rest}, to=seat))
            if not self.waiting:
                self.stage = "auto"
        elif stage == "extra":
            loops.load_extra(self, seat, rest, ev)
        elif stage == "shrine":
            loops.shrine(self, seat, action, ev)
        elif stage == "exchange":
            decrees.exchange(self, seat, action, ev)
        self._advance(rng, ev)
        return ev

    def _is_legal(self, seat: int, action: str) -> bool:
        """Same answer as ``action in self._legal(seat)``, without building the list in passing loops."""
        if self.stage != "loop":
            return action in self._legal(seat)
        kind = self.running_loop()["kind"]
        verb, _sep, rest = action.partition(" ")
        if verb == "pass":
            return action == "pass"
        reserve = self.reserve[seat]
        if kind == "stall" and verb == "stall" and rest in STALL_NAMES:
            total = sum(self.stalls[int(rest) - 1])
            return 0 < total <= reserve
        if kind == "order" and verb == "order" and rest in CRAFT_INDEX:
            c = CRAFT_INDEX[rest]
            a, b = D.RECIPES[c]
            raw = self.raw[seat]
            return bool(raw[a] and raw[b]) and len(self.cols[c]) < D.ORDER_SPACES and self.new_orders[c] < reserve
        if kind in ("buy", "insure") and verb == kind and rest in D.RELIC_BY_ID:
            if rest not in self.display and rest not in self.display_x:
                return False
            if kind == "insure":
                return reserve > 0 and rest not in self.insured
            relic = D.RELIC_BY_ID[rest]
            return self.money[seat][relic.city] >= relic.price
        return action in self._legal(seat)

    # ---- the automatic flow ----------------------------------------------------------------
    def _advance(self, rng: Rng, ev: list[Event]) -> None:
        while self.stage == "auto":
            day, sub = self.day, self.sub
            if day == 1:
                week.monday(self, rng, ev)
            elif day in (3, 4, 5, 6) and sub == "votes":
                if not decrees.next_vote(self, rng, ev):
                    if day == 6:
                        self.sub = "end"
                    else:
                        self.sub = "loop"
                        loops.start_loop(self, LOOP_OF_DAY[day], ev)
            elif day == 3 and sub == "end":
                week.end_wednesday(self, ev)
            elif day == 4 and sub == "end":
                week.end_thursday(self, rng, ev)
            elif day == 5 and sub == "end":
                week.end_friday(self, ev)
            elif day == 6 and sub == "end":
                supply.depart(self, self.depart, False, rng, ev)
                self.day, self.sub = 7, "buy"
                loops.start_loop(self, "buy", ev)
            elif day == 7 and sub == "insure":
                loops.start_loop(self, "insure", ev)
            elif day == 7 and sub == "end":
                week.end_sunday(self, rng, ev)
            else:  # pragma: no cover - a broken flow must fail loudly, not loop
                raise RuntimeError(f"no step for day {day} sub {sub!r}")

    def outcome(self) -> Outcome:
        if self.final is None:
            raise IllegalAction(_("The game is not over yet."))
        f = self.final
        return Outcome.from_scores(f["scores"], f["breakdown"], [tuple(t) for t in f["tiebreak"]])

    def public_scores(self) -> list[int]:
        if self.final is not None:
            return list(self.final["scores"])
        return [sum(2 * D.RELIC_BY_ID[p[1]].vp for p in self.shrines[s] if p[1]) for s in range(self.num_players)]

    # ---- text hooks --------------------------------------------------------------------------
    def describe(self, action: str) -> str:
        from rules.colonia.text import describe_action

        return describe_action(self, action)

    def describe_for(self, seat: int, action: str) -> str:
        from rules.colonia.text import describe_action

        return describe_action(self, action, seat)

    def refusal(self, seat: int, action: str) -> str | None:
        from rules.colonia.refusal import refusal

        return refusal(self, seat, action)

    def view(self, seat: int | None) -> ColoniaView:
        from rules.colonia.views import build_view

        return build_view(self, seat)

    def bot_view(self, seat: int) -> ColoniaView:
        from rules.colonia.views import build_bot_view

        return build_bot_view(self, seat)

    def views(self, seats: Iterable[int]) -> tuple[ColoniaView, dict[int, ColoniaView]]:
        from rules.colonia.views import build_views

        return build_views(self, seats)
