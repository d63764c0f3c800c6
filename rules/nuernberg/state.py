"""Die Siedler von Nürnberg: the game state, its phases and actions, and the view.

Phases and actions (canonical strings):

- ``setup_toll`` / ``setup_settle`` (free set-up only): ``toll <route>.s<k>``, then ``settle <route>.<k>``.
- ``draw``: ``draw`` — turn over the event card: income, then its event.
- ``discard`` (Raubritter; every seat with more than 7 resource cards, at once): ``discard <resource>``,
  one card at a time until half (rounded down) is returned.
- ``robber``: ``robber H30`` (the castle) or ``robber <number>`` (pick the hexes with that number; with one
  candidate the knight moves at once) -> ``robber_hex``: ``robber H<nn>`` or ``back``. Typed at once: ``robber
  H<nn>``, and with the victim ``robber H<nn> steal <seat>``.
- ``steal``: ``steal <seat>`` (only asked when several opponents hold cards; with one the card is drawn from
  that opponent at once, with none nothing is stolen).
- ``main``: see ``building`` (build, produce, bank menus, ``offer`` draft, ``end``).
- ``council``: ``council <seat>`` — overtaking several equally placed council holders, choose whose card.
- ``offer``: addressees ``accept`` / ``decline`` / ``counter <items> for <items>``; once all answered, the proposer
  ``take <seat>`` or ``withdraw`` (see ``trading``). ``to_act()`` lists the addressees who have not answered, and
  only then the proposer.
- ``over``.

View (``view(seat)``), JSON-ready; coordinates are in hex radii, pointy-top axial (q east, r south-east),
pixel centre = (sqrt(3)*(q + r/2), 1.5*r), y pointing down:

- shared keys: ``game``, ``num_players``, ``viewer``, ``to_act``, ``phase``, ``status``, ``scores`` (victory
  points now), ``over``, ``outcome`` (when over), ``round``; plus ``phase_name``, ``turn``, ``active``, ``setup``
  (``beginner``/``free``), ``colours`` (per seat), ``winner`` and ``end`` (``"vp"``/``"time"``/None).
- ``countryside``: ``hexes`` [{``id``, ``q``, ``r``, ``terrain``, ``resource``, ``number``}], ``robber``
  (hex id), ``city_hex``, ``castle_hex``, ``routes`` [{``id``, ``numeral``, ``card``, ``city``, ``holder``
  (Wegerecht seat or None), ``tolls_by_seat``, ``crossings`` [{``id``, ``xy``, ``hexes``, ``origin``,
  ``settlement`` (seat or None)}], ``sections`` [{``id``, ``ends`` (two crossing ids), ``toll`` (seat or
  None)}]}].
- ``city`` (its own board, same convention): ``hexes`` [{``id``, ``q``, ``r``, ``kind``, ``good``}],
  ``discs`` [{``id``, ``xy``, ``hexes``, ``trade`` (None, ``"3:1"`` or the 2:1 resource), ``bauhof``,
  ``doubles`` (goods), ``owner``}], ``walls`` [{``id``, ``ends``, ``built_by``}] in building order,
  ``next_wall``, ``towers`` [{``id``, ``between``, ``xy``, ``built_by``, ``open``}].
- ``goods`` [{``good``, ``recipe``, ``city``, ``route``, ``price``, ``toll``, ``toll_to`` (holder)}] — the
  signposts of the five production zones; ``cities`` [{``city``, ``route``, ``holder``, ``goods``}] — the three
  sale cities (Frankfurt, Prag, Venedig) with the route whose Wegerecht collects their tolls.
- ``timeline``: ``years``, ``year``, ``index``, ``reshuffle``, ``end``.
- ``deck``: ``draw_pile`` (count), ``drawn`` (count since the last shuffle), ``drawn_cards`` (the face-up
  discard pile, oldest first), ``last_card`` ({``id``,
  ``income``, ``event``, ``text``} or None), ``handelstag`` (3:1 bank trades this turn).
- ``council``: [{``id``, ``name``, ``vp``, ``holder``}] best first (cards in play only).
- ``players``: per seat {``seat``, ``colour``, ``gold``, ``cards`` (resource card count), ``hand``
  ({resource: n} for the viewer's own seat, else None), ``prestige``, ``vp``, ``breakdown``, ``wegerecht``
  (route ids), ``council`` (card id or None), ``pieces_left`` {``settlement``, ``manufacture``, ``toll``},
  ``discard_due``, ``bank_rates`` ({item: n})}.
- ``menu`` (the active player's open menu or None), ``draft`` ({``give``, ``want``}; only in the proposer's own
  view, else None), ``offer`` ({``from``, ``to``, ``give``, ``want``, ``answers`` {seat: ``accept`` / ``decline`` /
  {``give``, ``want``} a counter}, ``declined``} or None), ``offers_left``, ``counter_draft`` (the viewer's own, or
  None), ``council_choice`` (seats), ``robber_number``.

Secret: only the resource cards in hand (others see counts) and the pile order (never shown).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rules.core import Event, Outcome, Rng, State
from rules.nuernberg import building, council, events, refusals, setup, text, trading, views
from rules.nuernberg.board import NUMBER_HEXES, NUMBERS, RES_INDEX, ROUTE_CROSSINGS, ROUTE_SECTIONS, council_cards
from rules.nuernberg.data import CASTLE_HEX, DISCS, START_GOLD, TARGET_VP, TOWERS
from rules.nuernberg.economy import council_rank, vp, vp_breakdown

if TYPE_CHECKING:
    from rules.nuernberg.views import NuernbergView

_FIELDS = (
    "seed", "ply", "num_players", "options", "phase", "active", "turn", "hands", "gold", "prestige", "tolls",
    "settlements", "holders", "discs", "walls", "towers", "council_cards", "council", "robber", "year", "deck",
    "discard", "last_card", "handelstag", "discards_due", "menu", "draft", "offer", "offers_made", "backs",
    "counter_drafts", "candidates", "robber_number", "setup_queue", "setup_route", "winner", "end",
)

_NEWER: dict[str, Any] = {"counter_drafts": dict}  # fields added since (issue 42)

_SCORING = frozenset({"toll", "settle", "manufacture", "wall", "tower", "council"})


class NuernbergState(State["NuernbergView"]):
    def __init__(self, num_players: int, seed: int, options: dict[str, str]) -> None:
        n = num_players
        self.seed = seed
        self.ply = 0
        self.num_players = n
        self.options = dict(options)
        self.phase = "draw"
        self.active = 0
        self.turn = 0
        self.hands: list[list[int]] = [[0] * 5 for _ in range(n)]
        self.gold = [START_GOLD] * n
        self.prestige = [0] * n
        self.tolls: list[list[int]] = [[-1] * s for s in ROUTE_SECTIONS]  # owner of section k at k-1
        self.settlements: list[list[int]] = [[-1] * c for c in ROUTE_CROSSINGS]
        self.holders = [-1] * len(ROUTE_SECTIONS)  # Wegerecht card holder per route
        self.discs = [-1] * len(DISCS)
        self.walls: list[int] = []  # builder of each wall, in building order
        self.towers = [-1] * len(TOWERS)
        self.council_cards = council_cards(n)
        self.council = [-1] * len(self.council_cards)  # holder per card, best first
        self.robber = CASTLE_HEX
        self.year = 0
        self.deck: list[str] = []  # draw pile, top card last
        self.discard: list[str] = []
        self.last_card: str | None = None
        self.handelstag = False
        self.discards_due = [0] * n
        self.menu: str | None = None
        self.draft: list[list[int]] | None = None
        self.offer: dict[str, Any] | None = None
        self.offers_made = 0
        self.backs = 0
        #: the addressees' counter-offers being built in the menu: seat (text) -> [give, want] counts, None once
        #: cancelled or answered (one draft an offer); emptied when the offer closes
        self.counter_drafts: dict[str, list[list[int]] | None] = {}
        self.candidates: list[int] = []
        self.robber_number = 0
        self.setup_queue: list[int] = []
        self.setup_route = -1
        self.winner: int | None = None
        self.end: str | None = None

    # ---- contract hooks --------------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        phase = self.phase
        if phase == "over":
            return []
        if phase == "discard":
            return [s for s, due in enumerate(self.discards_due) if due]
        if phase == "offer":
            return trading.awaited(self)
        return [self.active]

    def secret_simultaneous(self) -> bool:
        # The Raubritter discards are secret choices (which card stays private); answers to an offer show at once.
        return self.phase == "discard" and len(self.to_act()) > 1

    def _legal(self, seat: int) -> list[str]:
        phase = self.phase
        if phase == "main":
            return building.legal_main(self, seat)
        if phase == "draw":
            return ["draw"]
        if phase == "offer":
            return trading.legal_offer(self, seat)
        if phase == "discard":
            hand = self.hands[seat]
            return [f"discard {res}" for res, i in RES_INDEX.items() if hand[i] > 0]
        if phase == "robber":
            out = [] if self.robber == CASTLE_HEX else [f"robber {CASTLE_HEX}"]
            out.extend(f"robber {n}" for n in NUMBERS if any(h != self.robber for h in NUMBER_HEXES[n]))
            return out
        if phase == "robber_hex":
            hexes = [h for h in NUMBER_HEXES[self.robber_number] if h != self.robber]
            return [f"robber {h}" for h in hexes] + (["back"] if self.backs < building.MAX_BACKS_PER_TURN else [])
        if phase == "steal":
            return [f"steal {s}" for s in events.steal_candidates(self)]
        if phase == "council":
            return [f"council {s}" for s in self.candidates]
        return setup.legal_setup(self)

    def _is_legal(self, seat: int, action: str) -> bool:
        """As ``action in _legal(seat)``, and also the typed offers and counters no list could hold, and a build or
        bank trade typed at once (``settle FRA.2``, ``bank wool ore``) that the menus reach in two or three steps."""
        if self.phase == "main" and action.startswith("offer "):
            return seat == self.active and trading.offer_problem(self, seat, action.split()) == ""
        if self.phase == "offer":
            return trading.is_legal_offer(self, seat, action)
        if self.phase == "main" and self.menu is None:
            if building.top_allows(self, seat, action):
                return True
        elif action in self._legal(seat):
            return True
        words = action.split()
        if self.phase == "discard":  # several cards at once: "discard wool wool ore"
            return self._discards_at_once(seat, words)
        if self.phase == "robber" and len(words) == 4 and words[0] == "robber" and words[2] == "steal":
            # the hex and the victim at once ("robber H12 steal 2"): whom to rob does not depend on the hex
            return (self._is_legal(seat, f"robber {words[1]}") and not words[1].isdigit() and words[3].isdigit()
                    and int(words[3]) in events.steal_candidates(self))
        if self.phase == "robber" and len(words) == 2 and words[0] == "robber":  # a hex at once, not its number
            return words[1] != self.robber and any(words[1] in NUMBER_HEXES[n] for n in NUMBERS)
        return self.phase == "main" and building.at_once(self, seat, words)

    def _discards_at_once(self, seat: int, words: list[str]) -> bool:
        """``discard wool wool ore``: up to what the seat still owes, each card one it holds (as many times)."""
        cards = words[1:]
        if words[:1] != ["discard"] or not 2 <= len(cards) <= self.discards_due[seat]:
            return False
        if not all(res in RES_INDEX for res in cards):
            return False
        return all(cards.count(res) <= self.hands[seat][RES_INDEX[res]] for res in set(cards))

    def refusal(self, seat: int, action: str) -> str | None:
        return refusals.reason(self, seat, action)

    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        words = action.split()
        phase = self.phase
        if phase == "main":
            out = building.apply_main(self, seat, action, words)
        elif phase == "draw":
            out = events.draw(self, rng)
        elif phase == "offer":
            out = trading.apply_offer(self, seat, words)
        elif phase == "discard":
            out = [event for res in words[1:] for event in self._discard(seat, res)]
        elif phase in ("robber", "robber_hex"):
            # "robber H12", "back", or the hex and the victim at once: "robber H12 steal 2"
            victim = int(words[3]) if len(words) == 4 else None
            out = self._robber(words[1] if len(words) > 1 else words[0], rng, victim)
        elif phase == "steal":
            out = events.steal(self, int(words[1]), rng)
        elif phase == "council":
            out = council.choose(self, int(words[1]))
        else:
            out = setup.apply_setup(self, seat, words)
        # Points only rise by building (and the council cards it moves), so only then look for a win.
        if self.phase == "main" and words[0] in _SCORING and vp(self, self.active) >= TARGET_VP:
            self.phase = "over"
            self.end = "vp"
            self.winner = self.active
            out.append(Event("game_end", {"reason": "vp", "seat": self.active, "vp": vp(self, self.active)}))
        return out

    def _discard(self, seat: int, res: str) -> list[Event]:
        self.hands[seat][RES_INDEX[res]] -= 1
        self.discards_due[seat] -= 1
        out = [
            Event("discarded", {"seat": seat, "left": self.discards_due[seat]}),
            Event("discarded_card", {"seat": seat, "resource": res}, to=seat),
        ]
        if not any(self.discards_due):
            self.phase = "robber"
        return out

    def _robber(self, target: str, rng: Rng, victim: int | None = None) -> list[Event]:
        if target == "back":
            self.backs += 1
            self.phase = "robber"
            return []
        if target.isdigit():
            hexes = [h for h in NUMBER_HEXES[int(target)] if h != self.robber]
            if len(hexes) > 1:
                self.robber_number = int(target)
                self.phase = "robber_hex"
                return []
            target = hexes[0]
        self.robber_number = 0
        return events.move_robber(self, target, rng, victim)

    def describe(self, action: str) -> str:
        return text.describe_action(self, action)

    def describe_for(self, seat: int, action: str) -> str:
        return text.describe_action(self, action, seat)

    def view(self, seat: int | None) -> NuernbergView:
        return views.build_view(self, seat)

    def bot_view(self, seat: int) -> NuernbergView:
        return views.build_bot_view(self, seat)

    def views(self, seats: Iterable[int]) -> tuple[NuernbergView, dict[int, NuernbergView]]:
        return views.build_views(self, seats)

    def outcome(self) -> Outcome:
        n = self.num_players
        breakdown = [vp_breakdown(self, s) for s in range(n)]
        scores = [sum(b.values()) for b in breakdown]
        cards = len(self.council)
        # Tie at 1400: the better council card wins; still tied, the win is shared (reconstructed).
        tiebreak = [cards - council_rank(self, s) for s in range(n)]
        return Outcome.from_scores(scores, breakdown, tiebreak)

    def to_json(self) -> dict[str, Any]:
        # the fields added since are left out while empty, so a stored game's snapshot stays what it was
        return {name: value for name in _FIELDS if (value := getattr(self, name)) or name not in _NEWER}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NuernbergState:
        st = cls.__new__(cls)
        for name in _FIELDS:
            # older snapshots had no counter drafts
            setattr(st, name, data[name] if name not in _NEWER else data.get(name, _NEWER[name]()))
        st.offer = trading.upgrade(st.offer)
        return st
