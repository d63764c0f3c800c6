"""Test tooling over the full state: invariants and re-dealing what a viewer cannot know."""

from __future__ import annotations

from rules.core import Rng
from rules.nuernberg.board import CARD_IDS, DISC_BAUHOF, ROBBER_HEXES, TOWER_NEEDS
from rules.nuernberg.data import COUNCIL_LOCK, COUNCIL_THRESHOLD, PIECES, TARGET_VP, WALLS, YEARS
from rules.nuernberg.economy import council_rank, placed_settlements, placed_tolls, vp
from rules.nuernberg.state import NuernbergState


def invariants(st: NuernbergState) -> list[str]:
    errors: list[str] = []
    n = st.num_players
    for s in range(n):
        if min(st.hands[s]) < 0 or st.gold[s] < 0:
            errors.append(f"seat {s} holds a negative amount")
        if st.prestige[s] != st.walls.count(s) + 2 * st.towers.count(s):
            errors.append(f"seat {s} prestige {st.prestige[s]} does not match walls and towers")
        if placed_tolls(st, s) > PIECES["toll"] or placed_settlements(st, s) > PIECES["settlement"]:
            errors.append(f"seat {s} placed more pieces than it owns")
        if st.discs.count(s) > PIECES["manufacture"]:
            errors.append(f"seat {s} placed more manufactures than it owns")
        if st.discards_due[s] and (st.phase != "discard" or st.discards_due[s] > sum(st.hands[s])):
            errors.append(f"seat {s} owes an impossible discard")
    for r, row in enumerate(st.tolls):
        filled = [owner >= 0 for owner in row]
        if filled != sorted(filled, reverse=True):
            errors.append(f"route {r}: toll bars are not contiguous from the origin")
        counts = [row.count(s) for s in range(n)]
        holder = st.holders[r]
        if any(filled):
            if holder < 0 or counts[holder] < max(counts):
                errors.append(f"route {r}: Wegerecht holder {holder} lacks the majority {counts}")
        elif holder >= 0:
            errors.append(f"route {r}: Wegerecht held on an empty route")
        towns = st.settlements[r]
        if towns[0] >= 0:
            errors.append(f"route {r}: settlement on the origin")
        for k, owner in enumerate(towns):
            if owner < 0:
                continue
            if k + 1 < len(towns) and towns[k + 1] >= 0:
                errors.append(f"route {r}: settlements on neighbouring crossings {k} and {k + 1}")
            if owner not in row:
                errors.append(f"route {r}: settlement of seat {owner} without its toll bar")
    built = len(st.walls)
    if built > len(WALLS):
        errors.append("more walls than wall tiles")
    for t, owner in enumerate(st.towers):
        if owner >= 0:
            if TOWER_NEEDS[t] > built:
                errors.append(f"tower {t} stands without both walls")
            if not any(o == owner and DISC_BAUHOF[d] for d, o in enumerate(st.discs)):
                errors.append(f"tower {t} built without a Bauhof manufacture")
    holders = [h for h in st.council if h >= 0]
    if len(holders) != len(set(holders)):
        errors.append("a player holds two council cards")
    for h in holders:
        if st.prestige[h] < COUNCIL_THRESHOLD:
            errors.append(f"seat {h} holds a council card below {COUNCIL_THRESHOLD} prestige")
    if st.phase != "council":
        for p in range(n):
            if st.prestige[p] >= COUNCIL_THRESHOLD and p not in st.council and -1 in st.council:
                errors.append(f"seat {p} reached the threshold but has no council card")
            for q in st.council[: council_rank(st, p)]:
                if q >= 0 and st.prestige[p] > st.prestige[q] and st.prestige[q] < COUNCIL_LOCK:
                    errors.append(f"seat {p} should have taken the council card of seat {q}")
    if sorted(st.deck + st.discard) != sorted(CARD_IDS):
        errors.append("the event cards are not the 36 cards exactly once")
    if st.robber not in ROBBER_HEXES:
        errors.append(f"robber on {st.robber}")
    if not 0 <= st.year < len(YEARS):
        errors.append("time marker off the timeline")
    if (st.phase == "over") != (st.end is not None):
        errors.append("game-over state and end reason disagree")
    if st.end == "vp" and (st.winner is None or vp(st, st.winner) < TARGET_VP):
        errors.append("a points win without 13 points")
    if st.end == "time" and YEARS[st.year] != YEARS[-1]:
        errors.append("time end before the last year")
    if (st.offer is not None) != (st.phase == "offer"):
        errors.append("an offer outside the offer phase")
    if st.offer is not None:
        have = [*st.hands[st.offer["from"]], st.gold[st.offer["from"]]]
        if any(h < g for h, g in zip(have, st.offer["give"], strict=True)):
            errors.append("the proposer cannot pay the offer")
    return errors


def redeal_hidden(st: NuernbergState, viewer: int | None, rng: Rng) -> NuernbergState:
    """A copy in which other seats' resource cards (same counts) and the pile order are drawn again."""
    copy = st.clone()
    assert isinstance(copy, NuernbergState)
    # Cards a seat has publicly put into a draft or an offer are known to be in its hand.
    known = [[0] * 5 for _ in range(copy.num_players)]
    if copy.offer is not None:
        known[copy.offer["from"]] = list(copy.offer["give"][:5])
        for key, answer in copy.offer["answers"].items():  # an acceptance or a counter shows what one holds
            shown = copy.offer["want"] if answer == "accept" else answer["give"] if isinstance(answer, dict) else None
            if shown is not None:
                known[int(key)] = list(shown[:5])
    elif copy.draft is not None:
        known[copy.active] = list(copy.draft[0][:5])
    for key, draft in copy.counter_drafts.items():  # a counter draft being built holds what it gives, too
        if draft is not None:
            known[int(key)] = [max(a, b) for a, b in zip(known[int(key)], draft[0][:5], strict=True)]
    for seat in range(copy.num_players):
        if seat == viewer:
            continue
        hand = list(known[seat])
        for _ in range(sum(copy.hands[seat]) - sum(hand)):
            hand[rng.below(5)] += 1
        copy.hands[seat] = hand
    copy.deck.sort()  # sorted first: the world depends only on the viewer's view and ``rng`` (rules/search.py)
    rng.shuffle(copy.deck)
    return copy
