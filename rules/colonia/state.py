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
from typing import Any

from rules.colonia import data as D
from rules.core import Event, IllegalAction, Outcome, Rng, State

NM, NG, NC = len(D.MATERIALS), len(D.GOODS), len(D.CURRENCIES)
DAY_NAMES = ("", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
STREETS = ("tuesday", "wednesday", "thursday", "friday")
TUE, WED, THU, FRI = range(4)
ALL_STALLS = D.REGULAR_STALLS + D.EXTRA_STALLS
GOOD_INDEX = {g: i for i, g in enumerate(D.GOODS)}
CRAFT_INDEX = {c: i for i, c in enumerate(D.CRAFTSMEN)}
CUR_INDEX = {c: i for i, c in enumerate(D.CURRENCIES)}
LOOP_OF_DAY = {3: "stall", 4: "order", 5: "load"}
STALL_NAMES = frozenset(str(i + 1) for i in range(ALL_STALLS))


def draw_from_bag(bag: list[int], k: int, rng: Rng) -> list[int]:
    """Draw up to ``k`` materials uniformly from the bag counts; returns the counts drawn."""
    got = [0] * NM
    for _ in range(k):
        total = sum(bag)
        if total == 0:
            break
        r = rng.below(total)
        for m in range(NM):
            if r < bag[m]:
                bag[m] -= 1
                got[m] += 1
                break
            r -= bag[m]
    return got


def named(counts: list[int], names: tuple[str, ...]) -> dict[str, int]:
    return {names[i]: c for i, c in enumerate(counts) if c}


class ColoniaState(State):
    # ---- construction ----------------------------------------------------------------------
    def __init__(self) -> None:
        self.seed = 0
        self.ply = 0
        self.num_players = 0

    @classmethod
    def new(cls, num_players: int, seed: int) -> ColoniaState:
        st = cls()
        n = num_players
        st.seed, st.ply, st.num_players = seed, 0, n
        rng = Rng(seed, "setup")
        st.week, st.day, st.sub, st.stage = 1, 1, "", "auto"
        st.week_deck = rng.shuffled([w.id for w in D.WEEK_CARDS])
        st.weeks_used: list[str] = []
        st.decree_deck = rng.shuffled([d.id for d in D.DECREES])
        st.slots: list[list[Any]] = []  # [decree id, None|True|False]
        st.decrees_done: list[str] = []
        st.votes: list[dict[str, Any]] = []
        st.ship_deck = rng.shuffled([s.id for s in D.SHIPS])
        st.ship_discard: list[str] = []
        st.harbour: list[dict[str, Any]] = []
        st.depart = 0
        st.relic_deck = rng.shuffled([r.id for r in D.RELICS])
        st.relic_discard: list[str] = []
        st.display: list[str | None] = [None] * D.RELIC_DISPLAY
        st.display_x: list[str | None] = [None] * D.EXTRA_RELIC_SPACES
        st.insured: dict[str, int] = {}
        st.bag = [D.MATERIAL_COUNT_EACH] * NM
        st.stalls = [[0] * NM for _ in range(ALL_STALLS)]
        st.stall_members: list[list[int] | None] = [None] * ALL_STALLS
        st.cols: list[list[list[int]]] = [[] for _ in D.CRAFTSMEN]
        st.stick = [0] * len(D.CRAFTSMEN)
        st.new_orders = [0] * len(D.CRAFTSMEN)
        st.extra_holds = False
        st.early = [0] * n
        st.lean = False
        st.reserve = [D.FAMILY_MEMBERS[n]] * n
        st.street = [[0] * 4 for _ in range(n)]
        st.money = [[D.START_MONEY] * NC for _ in range(n)]
        st.raw = [[0] * NM for _ in range(n)]
        st.goods = [[0] * NG for _ in range(n)]
        st.relics: list[list[str]] = [[] for _ in range(n)]
        st.shrines: list[list[list[Any]]] = [[] for _ in range(n)]  # [shrine id, relic id|None]
        st.cards_left = [list(D.FAMILY_CARDS) for _ in range(n)]
        st.card: list[int | None] = [None] * n
        st.zero = [False] * n
        st.choice: list[int | None] = [None] * n
        st.ballot: list[bool | None] = [None] * n
        st.order = list(range(n))
        st.vote_slot = -1
        st.loop: dict[str, Any] | None = None
        st.pending: dict[str, Any] | None = None
        st.waiting: list[int] = []
        st.xchg: list[str | None] = [None] * n
        st.final: dict[str, Any] | None = None
        st._refill_harbour(rng, [])
        st._refill_relics(rng, [])
        # Each player draws 4 raw materials and rolls for a good; a 6 means a free choice.
        for seat in range(n):
            got = draw_from_bag(st.bag, D.START_MATERIALS, rng)
            for m in range(NM):
                st.raw[seat][m] += got[m]
            roll = rng.between(1, 6)
            if roll <= 5:
                st.goods[seat][roll - 1] += 1
            else:
                st.waiting.append(seat)
        if st.waiting:
            st.stage = "good"
        st._advance(rng, [])
        return st

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
            return [self.loop["cur"]]  # type: ignore[index]
        if stage == "family":
            return [s for s in range(self.num_players) if self.choice[s] is None]
        if stage == "vote":
            return [s for s in self.order if self.card[s] and not self.zero[s] and self.ballot[s] is None]
        if stage in ("good", "exchange"):
            return sorted(self.waiting)
        if stage in ("extra", "shrine"):
            return [self.pending["seat"]]  # type: ignore[index]
        if stage == "mayor":
            return [self.order[0]]
        return []

    def mayor(self) -> int:
        return self.order[0]

    def voting_weight(self, seat: int) -> int:
        card = self.card[seat]
        return 0 if card is None or self.zero[seat] else card

    # ---- legal actions ---------------------------------------------------------------------
    def _legal(self, seat: int) -> list[str]:
        stage = self.stage
        if stage == "loop":
            return self._loop_actions(seat)
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
            return [f"enshrine {r}" for r in self.pending["options"]] + ["keep shrine empty"]  # type: ignore[index]
        if stage == "exchange":
            src = self.xchg[seat]
            money = self.money[seat]
            if src is None:
                return [f"exchange {c}" for i, c in enumerate(D.CURRENCIES) if money[i] > 0] + ["no exchange"]
            have = min(5, money[CUR_INDEX[src]])
            return [f"exchange {k} {src} to {c}" for c in D.CURRENCIES if c != src for k in range(1, have + 1)]
        return []

    def _loop_actions(self, seat: int) -> list[str]:
        kind = self.loop["kind"]  # type: ignore[index]
        out: list[str] = []
        reserve = self.reserve[seat]
        if kind == "stall":
            for i in range(ALL_STALLS):
                total = sum(self.stalls[i])
                if total and total <= reserve:
                    out.append(f"stall {i + 1}")
        elif kind == "order":
            raw = self.raw[seat]
            for c, (a, b) in enumerate(D.RECIPES):
                if raw[a] and raw[b] and len(self.cols[c]) < D.ORDER_SPACES and self.new_orders[c] < reserve:
                    out.append(f"order {D.CRAFTSMEN[c]}")
        elif kind == "load":
            if reserve:
                goods = self.goods[seat]
                for ship in self.harbour:
                    info = D.SHIP_BY_ID[ship["id"]]
                    for h, (need, _pay) in enumerate(info.holds):
                        if ship["h"][h] is None and all(goods[g] for g in need):
                            out.append(f"load {ship['id']} {h + 1}")
                if self.extra_holds and any(goods):
                    out.extend(f"extra {ship['id']}" for ship in self.harbour if ship["x"] is None)
        elif kind == "buy":
            money = self.money[seat]
            for card in self._displayed():
                r = D.RELIC_BY_ID[card]
                if money[r.city] >= r.price:
                    out.append(f"buy {card}")
        elif kind == "insure" and reserve:
            out.extend(f"insure {card}" for card in self._displayed() if card not in self.insured)
        out.append("pass")
        return out

    def _displayed(self) -> list[str]:
        return [c for c in self.display if c] + [c for c in self.display_x if c]

    def _can_act_publicly(self, kind: str, seat: int) -> bool:
        """Whether a seat might act, judged from public facts only (so an automatic pass leaks no secret)."""
        reserve = self.reserve[seat]
        if kind == "stall":
            return any(0 < sum(s) <= reserve for s in self.stalls)
        if kind == "order":
            return any(len(self.cols[c]) < D.ORDER_SPACES and self.new_orders[c] < reserve for c in range(5))
        if kind == "load":
            if not reserve:
                return False
            if self.extra_holds and any(ship["x"] is None for ship in self.harbour):
                return True
            return any(h is None for ship in self.harbour for h in ship["h"])
        if kind == "buy":
            return bool(self._displayed())
        if kind == "insure":
            return reserve > 0 and any(c not in self.insured for c in self._displayed())
        return True

    # ---- applying actions ------------------------------------------------------------------
    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        ev: list[Event] = []
        stage = self.stage
        verb, _, rest = action.partition(" ")
        if stage == "loop":
            self._loop_apply(seat, verb, rest, ev)
        elif stage == "family":
            self.choice[seat] = int(rest)
            ev.append(Event("family_chosen", {"seat": seat}))
            ev.append(Event("family_you_chose", {"seat": seat, "card": int(rest)}, to=seat))
            if all(c is not None for c in self.choice):
                self._resolve_family(rng, ev)
        elif stage == "vote":
            self.ballot[seat] = rest == "yes"
            ev.append(Event("vote_cast", {"seat": seat}))
            ev.append(Event("you_voted", {"seat": seat, "yes": rest == "yes"}, to=seat))
            if not self.to_act():
                self._count_votes(rng, ev)
        elif stage == "mayor":
            self._decree_result(rest == "yes", True, rng, ev)
        elif stage == "good":
            self.goods[seat][GOOD_INDEX[rest]] += 1
            self.waiting.remove(seat)
            ev.append(Event("good_chosen", {"seat": seat, "good": rest}, to=seat))
            if not self.waiting:
                self.stage = "auto"
        elif stage == "extra":
            self._load_extra(seat, rest, ev)
        elif stage == "shrine":
            self._shrine(seat, action, ev)
        elif stage == "exchange":
            self._exchange(seat, action, ev)
        self._advance(rng, ev)
        return ev

    def _is_legal(self, seat: int, action: str) -> bool:
        """Same answer as ``action in self._legal(seat)``, without building the list in passing loops."""
        if self.stage != "loop":
            return action in self._legal(seat)
        kind = self.loop["kind"]  # type: ignore[index]
        verb, _, rest = action.partition(" ")
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
                self._monday(rng, ev)
            elif day in (3, 4, 5, 6) and sub == "votes":
                if not self._next_vote(rng, ev):
                    if day == 6:
                        self.sub = "end"
                    else:
                        self.sub = "loop"
                        self._start_loop(LOOP_OF_DAY[day], ev)
            elif day == 3 and sub == "end":
                self._end_wednesday(ev)
            elif day == 4 and sub == "end":
                self._end_thursday(rng, ev)
            elif day == 5 and sub == "end":
                self._end_friday(ev)
            elif day == 6 and sub == "end":
                self._depart(self.depart, False, rng, ev)
                self.day, self.sub = 7, "buy"
                self._start_loop("buy", ev)
            elif day == 7 and sub == "insure":
                self._start_loop("insure", ev)
            elif day == 7 and sub == "end":
                self._end_sunday(rng, ev)
            else:  # pragma: no cover - a broken flow must fail loudly, not loop
                raise RuntimeError(f"no step for day {day} sub {sub!r}")

    # ---- Monday ----------------------------------------------------------------------------
    def _monday(self, rng: Rng, ev: list[Event]) -> None:
        card = D.WEEK_CARDS[int(self.week_deck.pop()[1:]) - 1]
        self.weeks_used.append(card.id)
        for i, k in enumerate(card.stalls):
            self.stalls[i] = draw_from_bag(self.bag, k, rng)
        for c, k in enumerate(card.orders):
            self.stick[c] = min(D.ORDER_SPACES, self.stick[c] + k)
        self.depart = D.BERTHS if self.week == D.WEEKS else card.ships
        drawn = [self.decree_deck.pop() for _ in range(D.DECREE_SLOTS)]
        # Sort by day, lowest first; equal days keep their draw order (sorted() is stable).
        drawn = sorted(drawn, key=lambda d: D.DECREE_BY_ID[d].day)
        self.slots = [[d, None] for d in drawn]
        ev.append(Event("week", {"week": self.week, "card": card.id, "departing": self.depart,
                                 "decrees": drawn}))
        self.day, self.sub = 2, ""
        self._start_family(rng, ev)

    # ---- Tuesday ---------------------------------------------------------------------------
    def _start_family(self, rng: Rng, ev: list[Event]) -> None:
        self.choice = [None] * self.num_players
        self.stage = "family"
        # A last remaining card is forced (and public): play it without asking.
        for seat in range(self.num_players):
            if len(self.cards_left[seat]) == 1:
                self.choice[seat] = self.cards_left[seat][0]
        if all(c is not None for c in self.choice):
            self._resolve_family(rng, ev)

    def _resolve_family(self, rng: Rng, ev: list[Event]) -> None:
        n = self.num_players
        hall = [0] * n
        taken_from_street: dict[int, int] = {}
        for seat in range(n):
            value = self.choice[seat]
            assert value is not None
            self.cards_left[seat].remove(value)
            self.card[seat] = value
            need = value - 1 if self.lean else value
            if self.reserve[seat] >= need:
                self.reserve[seat] -= need
                hall[seat] = need
                self.zero[seat] = False
                continue
            # Shortfall: the card counts 0; missing members come from the streets, Tuesday first.
            self.zero[seat] = True
            hall[seat] = self.reserve[seat]
            self.reserve[seat] = 0
            missing = need - hall[seat]
            moved = 0
            for sp in range(4):
                k = min(missing, self.street[seat][sp])
                self.street[seat][sp] -= k
                missing -= k
                moved += k
            hall[seat] += moved
            taken_from_street[seat] = moved
        self.lean = False
        prev = {s: i for i, s in enumerate(self.order)}
        eff = [0 if self.zero[s] else self.card[s] for s in range(n)]  # type: ignore[misc]
        rolls: dict[int, int] = {}
        if self.week == 1:
            order: list[int] = []
            for value in sorted(set(eff), reverse=True):
                group = [s for s in range(n) if eff[s] == value]
                order += group if len(group) == 1 else self._dice_order(group, rng, rolls)
        else:
            # Higher card first; ties in the reverse of their relative order last week.
            order = sorted(range(n), key=lambda s: (-eff[s], -prev[s]))
        self.order = order
        for seat in range(n):  # street step: old Tuesday members home, then the city hall onto the street
            self.reserve[seat] += self.street[seat][TUE]
            self.street[seat][TUE] = hall[seat]
        ev.append(Event("family_revealed", {"cards": list(self.card), "zero": [s for s in range(n) if self.zero[s]],
                                            "from_street": taken_from_street, "order": order, "rolls": rolls}))
        self.choice = [None] * n
        self.day, self.sub, self.stage = 3, "votes", "auto"

    def _dice_order(self, group: list[int], rng: Rng, rolls: dict[int, int]) -> list[int]:
        """Week 1 ties: the tied seats roll; highest first; re-roll remaining ties."""
        roll = {s: rng.between(1, 6) for s in group}
        for s, r in roll.items():
            rolls[s] = r
        out: list[int] = []
        for r in sorted(set(roll.values()), reverse=True):
            tied = [s for s in group if roll[s] == r]
            out += tied if len(tied) == 1 else self._dice_order(tied, rng, rolls)
        return out

    # ---- decrees ---------------------------------------------------------------------------
    def _next_vote(self, rng: Rng, ev: list[Event]) -> bool:
        for i, (did, result) in enumerate(self.slots):
            if result is None and D.DECREE_BY_ID[did].day == self.day:
                self.vote_slot = i
                self.ballot = [None] * self.num_players
                if any(self.voting_weight(s) for s in range(self.num_players)):
                    self.stage = "vote"
                else:
                    self.stage = "mayor"  # nobody may vote: a 0-0 tie, the mayor decides
                return True
        return False

    def _count_votes(self, rng: Rng, ev: list[Event]) -> None:
        yes = sum(self.voting_weight(s) for s in range(self.num_players) if self.ballot[s] is True)
        no = sum(self.voting_weight(s) for s in range(self.num_players) if self.ballot[s] is False)
        if yes != no:
            self._decree_result(yes > no, False, rng, ev)
            return
        mayor_ballot = self.ballot[self.mayor()]
        if mayor_ballot is None:
            self.stage = "mayor"  # the mayor did not vote (0 card): ask him
        else:
            self._decree_result(mayor_ballot, True, rng, ev)

    def _decree_result(self, passed: bool, mayor_decided: bool, rng: Rng, ev: list[Event]) -> None:
        did = self.slots[self.vote_slot][0]
        self.slots[self.vote_slot][1] = passed
        self.decrees_done.append(did)
        w = self.voting_weight
        record = {
            "decree": did,
            "yes": [s for s in self.order if self.ballot[s] is True],
            "no": [s for s in self.order if self.ballot[s] is False],
            "yes_votes": sum(w(s) for s in range(self.num_players) if self.ballot[s] is True),
            "no_votes": sum(w(s) for s in range(self.num_players) if self.ballot[s] is False),
            "passed": passed,
            "mayor_decided": mayor_decided,
        }
        self.votes.append(record)
        ev.append(Event("vote_result", dict(record)))
        self.ballot = [None] * self.num_players
        self.stage = "auto"
        if passed:
            self._decree_effect(did, rng, ev)

    def _decree_effect(self, did: str, rng: Rng, ev: list[Event]) -> None:
        n = self.num_players
        if did == "D01":
            for i in range(D.REGULAR_STALLS):
                got = draw_from_bag(self.bag, 1, rng)
                self.stalls[i] = [a + b for a, b in zip(self.stalls[i], got, strict=True)]
            ev.append(Event("decree_effect", {"decree": did}))
        elif did == "D02":
            for i in range(D.REGULAR_STALLS, ALL_STALLS):
                self.stalls[i] = draw_from_bag(self.bag, D.EXTRA_STALL_FILL, rng)
            ev.append(Event("decree_effect", {"decree": did}))
        elif did in D.HOMECOMING:
            sp = D.HOMECOMING[did]
            moved = {}
            # Taking members home is never worse than leaving them on the street, so it is automatic.
            for seat in self.order:
                k = min(D.HOMECOMING_MAX, self.street[seat][sp])
                self.street[seat][sp] -= k
                self.reserve[seat] += k
                moved[seat] = k
            ev.append(Event("homecoming", {"decree": did, "street": STREETS[sp], "moved": moved}))
        elif did == "D04":
            for seat in self.order:
                got = draw_from_bag(self.bag, 2, rng)
                for m in range(NM):
                    self.raw[seat][m] += got[m]
                ev.append(Event("materials_drawn", {"seat": seat, "materials": named(got, D.MATERIALS)}, to=seat))
            ev.append(Event("decree_effect", {"decree": did}))
        elif did in D.OVERTIME:
            c = D.OVERTIME[did]
            self.stick[c] = min(D.ORDER_SPACES, self.stick[c] + 2)
            ev.append(Event("decree_effect", {"decree": did}))
        elif did in ("D11", "D12"):
            self._depart(2 if did == "D11" else 1, True, rng, ev)
        elif did == "D14":
            rolls = {}
            for seat in self.order:
                roll = rng.between(1, 6)
                rolls[seat] = roll
                if roll <= 5:
                    self.goods[seat][roll - 1] += 1
                else:
                    self.waiting.append(seat)
            ev.append(Event("lucky_find", {"rolls": rolls}))
            if self.waiting:
                self.stage = "good"
        elif did == "D15":
            self.extra_holds = True
            ev.append(Event("decree_effect", {"decree": did}))
        elif did == "D16":
            placed = []
            for j in range(D.EXTRA_RELIC_SPACES):
                if self.display_x[j] is None:
                    card = self._draw_relic(rng)
                    if card is None:
                        break
                    self.display_x[j] = card
                    placed.append(card)
            ev.append(Event("new_relics", {"relics": placed}))
        elif did == "D17":
            self.lean = self.week < D.WEEKS
            ev.append(Event("decree_effect", {"decree": did}))
        elif did == "D18":
            self.waiting = list(range(n))
            self.xchg = [None] * n
            self.stage = "exchange"
            ev.append(Event("decree_effect", {"decree": did}))

    def _exchange(self, seat: int, action: str, ev: list[Event]) -> None:
        parts = action.split()
        if action == "no exchange":
            done = True
        elif len(parts) == 2:
            self.xchg[seat] = parts[1]
            return
        else:
            amount, src, dst = int(parts[1]), parts[2], parts[4]
            self.money[seat][CUR_INDEX[src]] -= amount
            self.money[seat][CUR_INDEX[dst]] += amount
            ev.append(Event("exchanged", {"seat": seat, "amount": amount, "from": src, "to": dst}, to=seat))
            done = True
        if done:
            self.xchg[seat] = None
            self.waiting.remove(seat)
            ev.append(Event("exchange_done", {"seat": seat}))
            if not self.waiting:
                self.stage = "auto"

    # ---- passing loops ---------------------------------------------------------------------
    def _start_loop(self, kind: str, ev: list[Event]) -> None:
        self.loop = {"kind": kind, "passed": [False] * self.num_players, "cur": self.order[0]}
        self.stage = "loop"
        self._seek(0, ev)

    def _seek(self, start: int, ev: list[Event]) -> None:
        """Hand the turn to the next seat (from turn-order index ``start``) that has not passed."""
        loop = self.loop
        assert loop is not None
        n = self.num_players
        for k in range(n):
            seat = self.order[(start + k) % n]
            if loop["passed"][seat]:
                continue
            if not self._can_act_publicly(loop["kind"], seat):
                loop["passed"][seat] = True
                ev.append(Event("pass", {"seat": seat, "kind": loop["kind"], "forced": True}))
                continue
            loop["cur"] = seat
            self.stage = "loop"
            return
        self._end_loop()

    def _end_loop(self) -> None:
        kind = self.loop["kind"]  # type: ignore[index]
        self.loop = None
        self.stage = "auto"
        if kind == "buy":
            self.sub = "end" if self.week == D.WEEKS else "insure"
        else:
            self.sub = "end"

    def _next_turn(self, seat: int, ev: list[Event]) -> None:
        self._seek(self.order.index(seat) + 1, ev)

    def _loop_apply(self, seat: int, verb: str, rest: str, ev: list[Event]) -> None:
        loop = self.loop
        assert loop is not None
        if verb == "pass":
            loop["passed"][seat] = True
            ev.append(Event("pass", {"seat": seat, "kind": loop["kind"], "forced": False}))
        elif verb == "stall":
            i = int(rest) - 1
            got = self.stalls[i]
            total = sum(got)
            for m in range(NM):
                self.raw[seat][m] += got[m]
            self.stalls[i] = [0] * NM
            self.stall_members[i] = [seat, total]
            self.reserve[seat] -= total
            ev.append(Event("stall", {"seat": seat, "stall": i + 1, "materials": named(got, D.MATERIALS)}))
        elif verb == "order":
            c = CRAFT_INDEX[rest]
            a, b = D.RECIPES[c]
            self.raw[seat][a] -= 1
            self.raw[seat][b] -= 1
            self.bag[a] += 1
            self.bag[b] += 1
            self.new_orders[c] += 1
            cost = self.new_orders[c]
            self.reserve[seat] -= cost
            self.cols[c].append([seat, cost])
            ev.append(Event("order", {"seat": seat, "craftsman": rest, "members": cost, "space": len(self.cols[c]),
                                      "above": len(self.cols[c]) <= self.stick[c]}))
        elif verb == "load":
            sid, h = rest.split()
            ship = self._ship(sid)
            need, pay = D.SHIP_BY_ID[sid].holds[int(h) - 1]
            for g in need:
                self.goods[seat][g] -= 1
            ship["h"][int(h) - 1] = seat
            self.reserve[seat] -= 1
            ev.append(Event("load", {"seat": seat, "ship": sid, "hold": int(h),
                                     "goods": [D.GOODS[g] for g in need], "pay": pay}))
        elif verb == "extra":
            self.pending = {"kind": "extra", "seat": seat, "ship": rest}
            self.stage = "extra"
            return
        elif verb == "buy":
            if self._buy(seat, rest, ev):
                return  # a shrine decision follows before the turn passes on
        elif verb == "insure":
            self.insured[rest] = seat
            self.reserve[seat] -= 1
            ev.append(Event("insure", {"seat": seat, "relic": rest}))
        self._next_turn(seat, ev)

    def _ship(self, sid: str) -> dict[str, Any]:
        for ship in self.harbour:
            if ship["id"] == sid:
                return ship
        raise IllegalAction(f"Ship {sid} is not in the harbour.")

    def _load_extra(self, seat: int, good: str, ev: list[Event]) -> None:
        sid = self.pending["ship"]  # type: ignore[index]
        self.goods[seat][GOOD_INDEX[good]] -= 1
        self._ship(sid)["x"] = seat
        self.reserve[seat] -= 1
        self.pending = None
        ev.append(Event("extra_load", {"seat": seat, "ship": sid, "good": good, "pay": D.EXTRA_HOLD_PAY}))
        self._next_turn(seat, ev)

    def _buy(self, seat: int, card: str, ev: list[Event]) -> bool:
        relic = D.RELIC_BY_ID[card]
        self.money[seat][relic.city] -= relic.price
        if card in self.display:
            self.display[self.display.index(card)] = None
        else:
            self.display_x[self.display_x.index(card)] = None
        owner = self.insured.pop(card, None)
        if owner is not None:
            self.reserve[owner] += 1
        ev.append(Event("buy", {"seat": seat, "relic": card, "price": relic.price,
                                "currency": D.CURRENCIES[relic.city], "insured_by": owner}))
        if relic.shrine:
            self.shrines[seat].append([card, None])
            # Always ask, even with nothing to place, so the question itself reveals no hidden relic.
            options = [r for r in self.relics[seat] if D.RELIC_BY_ID[r].city == relic.city]
            self.pending = {"kind": "shrine", "seat": seat, "shrine": card, "options": options}
            self.stage = "shrine"
            return True
        self.relics[seat].append(card)
        # A later relic of an empty shrine's city: decide at once whether it goes in (the shrine is public).
        if not any(s[1] is None and D.RELIC_BY_ID[s[0]].city == relic.city for s in self.shrines[seat]):
            return False
        options = [card]
        self.pending = {"kind": "shrine", "seat": seat, "shrine": f"{D.CITY_CODES[relic.city]}-SHRINE",
                        "options": options}
        self.stage = "shrine"
        return True

    def _shrine(self, seat: int, action: str, ev: list[Event]) -> None:
        pending = self.pending
        assert pending is not None
        if action.startswith("enshrine "):
            relic = action.split()[1]
            self.relics[seat].remove(relic)
            for pair in self.shrines[seat]:
                if pair[0] == pending["shrine"]:
                    pair[1] = relic
            ev.append(Event("enshrine", {"seat": seat, "shrine": pending["shrine"], "relic": relic,
                                         "vp": 2 * D.RELIC_BY_ID[relic].vp}))
        self.pending = None
        self.stage = "loop"
        self._next_turn(seat, ev)

    # ---- end-of-day steps ------------------------------------------------------------------
    def _end_wednesday(self, ev: list[Event]) -> None:
        for i in range(ALL_STALLS):  # leftovers back into the bag
            for m in range(NM):
                self.bag[m] += self.stalls[i][m]
            self.stalls[i] = [0] * NM
        for seat in range(self.num_players):
            self.reserve[seat] += self.street[seat][WED]
            self.street[seat][WED] = 0
        for i, held in enumerate(self.stall_members):
            if held:
                self.street[held[0]][WED] += held[1]
            self.stall_members[i] = None
        self.day, self.sub, self.stage = 4, "votes", "auto"

    def _end_thursday(self, rng: Rng, ev: list[Event]) -> None:
        card = D.WEEK_CARDS[int(self.weeks_used[-1][1:]) - 1]
        rolls = []
        for _ in range(card.dice):
            roll = rng.between(1, 6)
            rolls.append(roll)
            self.extra_order(roll)
        ev.append(Event("extra_dice", {"rolls": rolls, "sticks": list(self.stick)}))
        self._deliver_and_slide(ev)

    def extra_order(self, roll: int) -> None:
        """One extra-order die: 1-5 moves that craftsman's stick down 1, a 6 moves all five."""
        for c in range(5) if roll == 6 else (roll - 1,):
            self.stick[c] = min(D.ORDER_SPACES, self.stick[c] + 1)

    def _deliver_and_slide(self, ev: list[Event]) -> None:
        for seat in range(self.num_players):
            self.reserve[seat] += self.street[seat][THU]
            self.street[seat][THU] = 0
        delivered: dict[int, list[int]] = {}
        for c in range(5):
            done = self.cols[c][: self.stick[c]]
            for owner, members in done:
                self.goods[owner][c] += 1
                self.street[owner][THU] += members
                delivered.setdefault(owner, [0] * NG)[c] += 1
            # Unfulfilled orders slide up in order, keeping their members; sticks reset.
            self.cols[c] = self.cols[c][self.stick[c]:]
            self.stick[c] = 0
            self.new_orders[c] = 0
        ev.append(Event("delivery", {"goods": {s: named(g, D.GOODS) for s, g in delivered.items()}}))
        self.day, self.sub, self.stage = 5, "votes", "auto"

    def _end_friday(self, ev: list[Event]) -> None:
        for seat in range(self.num_players):
            self.reserve[seat] += self.street[seat][FRI]
            self.street[seat][FRI] = self.early[seat]  # early departures arrive after the return step (A7)
            self.early[seat] = 0
        self.day, self.sub, self.stage = 6, "votes", "auto"

    def _depart(self, count: int, early: bool, rng: Rng, ev: list[Event]) -> None:
        """Ships on berths I..count sail: pay every loaded hold, members to the Friday street, refill."""
        for ship in self.harbour[:count]:
            info = D.SHIP_BY_ID[ship["id"]]
            payouts = []
            cur = info.city
            for h, owner in enumerate(ship["h"]):
                if owner is not None:
                    pay = info.holds[h][1]
                    payouts.append([owner, pay])
            if ship["x"] is not None:
                payouts.append([ship["x"], D.EXTRA_HOLD_PAY])
            for owner, pay in payouts:
                self.money[owner][cur] += pay
                if early:
                    self.early[owner] += 1
                else:
                    self.street[owner][FRI] += 1
            self.ship_discard.append(ship["id"])
            ev.append(Event("ship_departs", {"ship": ship["id"], "currency": D.CURRENCIES[cur], "payouts": payouts,
                                             "early": early}))
        self.harbour = self.harbour[count:]
        self._refill_harbour(rng, ev)

    def _refill_harbour(self, rng: Rng, ev: list[Event]) -> None:
        arrived = []
        while len(self.harbour) < D.BERTHS:
            if not self.ship_deck:
                self.ship_deck = rng.shuffled(self.ship_discard)
                self.ship_discard = []
            sid = self.ship_deck.pop()
            self.harbour.append({"id": sid, "h": [None] * len(D.SHIP_BY_ID[sid].holds), "x": None})
            arrived.append(sid)
        if arrived:
            ev.append(Event("ships_arrive", {"ships": arrived}))

    def _draw_relic(self, rng: Rng) -> str | None:
        if not self.relic_deck:
            self.relic_deck = rng.shuffled(self.relic_discard)
            self.relic_discard = []
        return self.relic_deck.pop() if self.relic_deck else None

    def _refill_relics(self, rng: Rng, ev: list[Event]) -> None:
        for slots in (self.display, self.display_x):
            for i, card in enumerate(slots):
                if card is not None and card not in self.insured:
                    self.relic_discard.append(card)
                    slots[i] = None
        # Insured cards on the extra spaces move onto free regular spaces.
        for j, card in enumerate(self.display_x):
            if card is not None and None in self.display:
                self.display[self.display.index(None)] = card
                self.display_x[j] = None
        total = len(self._displayed())
        drawn = []
        for i in range(D.RELIC_DISPLAY):
            if total >= D.RELIC_DISPLAY:
                break
            if self.display[i] is None:
                card = self._draw_relic(rng)
                if card is None:
                    break
                self.display[i] = card
                drawn.append(card)
                total += 1
        if drawn:
            ev.append(Event("relics_refilled", {"relics": drawn}))

    def _end_sunday(self, rng: Rng, ev: list[Event]) -> None:
        if self.week == D.WEEKS:
            self._finish(ev)
            return
        self._refill_relics(rng, ev)
        self.card = [None] * self.num_players
        self.zero = [False] * self.num_players
        self.extra_holds = False  # unloaded extra holds vanish; loaded ones stay with their ship (A8)
        self.slots = []
        self.week += 1
        self.day, self.sub, self.stage = 1, "", "auto"

    # ---- the end ---------------------------------------------------------------------------
    def _finish(self, ev: list[Event]) -> None:
        n = self.num_players
        windows: list[int | None] = []
        paid: list[int] = []
        for cur in range(NC):
            best = max(self.money[s][cur] for s in range(n))
            holders = [s for s in range(n) if self.money[s][cur] == best]
            if best > 0 and len(holders) == 1:
                winner = holders[0]
                windows.append(winner)
                paid.append(best)
                self.money[winner][cur] = 0  # the window's money goes to the bank (A3)
            else:
                windows.append(None)
                paid.append(0)
        scores, breakdown, tiebreak = [], [], []
        for s in range(n):
            loose = sum(D.RELIC_BY_ID[r].vp for r in self.relics[s])
            shrined = sum(2 * D.RELIC_BY_ID[p[1]].vp for p in self.shrines[s] if p[1])
            win = sum(D.WINDOW_VP[c] for c in range(NC) if windows[c] == s)
            breakdown.append({"relics": loose, "shrines": shrined, "windows": win})
            scores.append(loose + shrined + win)
            tiebreak.append([sum(self.money[s]), sum(self.goods[s]), sum(self.raw[s])])
        self.final = {"scores": scores, "breakdown": breakdown, "tiebreak": tiebreak, "windows": windows,
                      "window_money": paid}
        self.stage, self.day, self.sub = "over", 7, "over"
        ev.append(Event("windows", {"windows": windows, "paid": paid}))
        ev.append(Event("game_over", {"scores": scores}))

    def outcome(self) -> Outcome:
        if self.final is None:
            raise IllegalAction("The game is not over yet.")
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

    def view(self, seat: int | None) -> dict[str, Any]:
        from rules.colonia.views import build_view

        return build_view(self, seat)

    def views(self, seats: Iterable[int]) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
        from rules.colonia.views import build_views

        return build_views(self, seats)
