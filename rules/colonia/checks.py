"""Test tooling for Colonia (sees the full state): invariants and hidden-information re-deals."""

from __future__ import annotations

from collections import Counter

from rules.colonia import data as D
from rules.colonia.board import NC, NG, NM
from rules.colonia.state import ColoniaState
from rules.core import Rng


def members_on_board(st: ColoniaState, seat: int) -> int:
    """Every member of ``seat`` outside the reserve."""
    total = sum(st.street[seat]) + st.early[seat]
    total += sum(k for held in st.stall_members if held and held[0] == seat for k in [held[1]])
    total += sum(k for col in st.cols for owner, k in col if owner == seat)
    for ship in st.harbour:
        total += sum(1 for h in ship["h"] if h == seat) + (1 if ship["x"] == seat else 0)
    total += sum(1 for owner in st.insured.values() if owner == seat)
    return total


def invariants(st: ColoniaState) -> list[str]:
    bad: list[str] = []
    n = st.num_players
    for s in range(n):
        if st.reserve[s] + members_on_board(st, s) != D.FAMILY_MEMBERS[n]:
            bad.append(f"seat {s}: members not conserved")
        for name, values in (("money", st.money[s]), ("raw", st.raw[s]), ("goods", st.goods[s]),
                             ("street", st.street[s]), ("reserve", [st.reserve[s]])):
            if min(values) < 0:
                bad.append(f"seat {s}: negative {name}")
        used = [c for c in D.FAMILY_CARDS if c not in st.cards_left[s]]
        if len(used) != len(D.FAMILY_CARDS) - len(st.cards_left[s]):
            bad.append(f"seat {s}: duplicate family cards")
        if len(used) != st.week - (1 if st.day <= 2 and st.stage != "over" else 0):
            bad.append(f"seat {s}: {len(used)} family cards used in week {st.week} day {st.day}")
    raw_total = sum(st.bag) + sum(map(sum, st.stalls)) + sum(map(sum, st.raw))
    if raw_total != D.MATERIAL_COUNT_EACH * NM:
        bad.append(f"raw materials not conserved: {raw_total}")
    per_type = [st.bag[m] + sum(x[m] for x in st.stalls) + sum(x[m] for x in st.raw) for m in range(NM)]
    if per_type != [D.MATERIAL_COUNT_EACH] * NM:
        bad.append(f"raw materials per type not conserved: {per_type}")
    if min(st.bag) < 0 or any(min(x) < 0 for x in st.stalls):
        bad.append("negative bag or stall")
    relics = st.relic_deck + st.relic_discard + [c for c in st.display + st.display_x if c]
    for s in range(n):
        relics += st.relics[s] + [p[0] for p in st.shrines[s]] + [p[1] for p in st.shrines[s] if p[1]]
    if Counter(relics) != Counter(r.id for r in D.RELICS):
        bad.append("relic cards not conserved")
    for card in st.insured:
        if card not in st.display and card not in st.display_x:
            bad.append(f"insured card {card} is not displayed")
    for s in range(n):
        for shrine, relic in st.shrines[s]:
            if not D.RELIC_BY_ID[shrine].shrine or (relic and D.RELIC_BY_ID[relic].city != D.RELIC_BY_ID[shrine].city):
                bad.append(f"seat {s}: bad shrine pairing {shrine}/{relic}")
    ships = st.ship_deck + st.ship_discard + [s["id"] for s in st.harbour]
    if sorted(ships) != sorted(s.id for s in D.SHIPS) or (st.stage != "over" and len(st.harbour) != D.BERTHS):
        bad.append("ships not conserved")
    decrees = st.decree_deck + [d for d, r in st.slots if r is None] + st.decrees_done
    if sorted(decrees) != sorted(d.id for d in D.DECREES):
        bad.append("decrees not conserved")
    if sorted(st.week_deck + st.weeks_used) != sorted(w.id for w in D.WEEK_CARDS):
        bad.append("week cards not conserved")
    for c in range(5):
        if not 0 <= st.stick[c] <= D.ORDER_SPACES or len(st.cols[c]) > D.ORDER_SPACES:
            bad.append(f"craftsman {c}: stick or column out of range")
    if sorted(st.order) != list(range(n)):
        bad.append("turn order is not a permutation")
    if st.stage != "over" and not st.to_act():
        bad.append("nobody to act in a running game")
    if len(st.display) != D.RELIC_DISPLAY or len(st.display_x) != D.EXTRA_RELIC_SPACES:
        bad.append("relic display has the wrong size")
    return bad


def redeal_hidden(st: ColoniaState, viewer: int | None, rng: Rng) -> ColoniaState:
    """A copy where everything ``viewer`` cannot know is re-drawn, consistent with public counts."""
    out = ColoniaState.from_json(st.clone().to_json())
    if out.stage == "over":
        return out  # everything is revealed at the end
    # Every pool is sorted before it is shuffled, so the world depends only on the viewer's view and ``rng`` (the
    # search bot relies on it: rules/search.py).
    for deck in (out.week_deck, out.decree_deck, out.ship_deck):
        deck.sort()
        rng.shuffle(deck)
    others = [s for s in range(out.num_players) if s != viewer]
    # Raw materials: pool the bag with the other screens, deal back the same number to each screen.
    pool = [m for m in range(NM) for _ in range(out.bag[m])]
    for s in others:
        pool += [m for m in range(NM) for _ in range(out.raw[s][m])]
    pool.sort()
    rng.shuffle(pool)
    for s in others:
        k = sum(out.raw[s])
        out.raw[s] = [0] * NM
        for m in pool[:k]:
            out.raw[s][m] += 1
        pool = pool[k:]
    out.bag = [pool.count(m) for m in range(NM)]
    # Goods (unlimited supply) and money (unlimited bank): any split of the same totals.
    for s in others:
        out.goods[s] = _split(sum(out.goods[s]), NG, rng)
        out.money[s] = _split(sum(out.money[s]), NC, rng)
        out.xchg[s] = None  # a half-made private exchange is hidden too
    # Relics behind other screens: pooled with the face-down deck (a pending shrine choice keeps its cards).
    keep = out.pending["seat"] if out.pending and out.pending["kind"] == "shrine" else None
    deck_shrines = [c for c in out.relic_deck if D.RELIC_BY_ID[c].shrine]
    relic_pool = [c for c in out.relic_deck if not D.RELIC_BY_ID[c].shrine]
    for s in others:
        if s != keep:
            relic_pool += out.relics[s]
    relic_pool.sort()
    rng.shuffle(relic_pool)
    for s in others:
        if s != keep:
            k = len(out.relics[s])
            out.relics[s], relic_pool = relic_pool[:k], relic_pool[k:]
    out.relic_deck = rng.shuffled(sorted(relic_pool + deck_shrines))
    # Secret choices not yet revealed.
    if out.stage == "family":
        for s in others:
            if out.choice[s] is not None and len(out.cards_left[s]) > 1:
                out.choice[s] = rng.choice(out.cards_left[s])
    if out.stage == "vote":
        for s in others:
            if out.ballot[s] is not None:
                out.ballot[s] = rng.random() < 0.5
    return out


def _split(total: int, parts: int, rng: Rng) -> list[int]:
    out = [0] * parts
    for _ in range(total):
        out[rng.below(parts)] += 1
    return out
