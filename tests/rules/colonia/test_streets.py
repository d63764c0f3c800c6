"""The family-member street cycle, step by step (docs/rules/colonia.md, "A week")."""

from __future__ import annotations

from rules.colonia.checks import invariants
from rules.colonia.state import FRI, THU, TUE, WED, ColoniaState

from .helpers import clear_raw, fresh, give_raw, place_ship, set_decrees


def _until(st: ColoniaState, seat: int, action: str) -> None:
    """Everyone else passes (or votes No) until ``seat`` may take ``action``; then it does."""
    while True:
        awaited = st.to_act()
        if seat in awaited and action in st.legal_actions(seat):
            st.apply(seat, action)
            return
        other = awaited[0]
        legal = st.legal_actions(other)
        st.apply(other, "pass" if "pass" in legal else "vote no" if "vote no" in legal else legal[0])


def _finish_loop(st: ColoniaState, kind: str) -> None:
    while st.loop is not None and st.loop["kind"] == kind:
        seat = st.to_act()[0]
        st.apply(seat, "pass")


def _vote_no(st: ColoniaState) -> None:
    while st.stage == "vote":
        st.apply(st.to_act()[0], "vote no")


def test_street_timing_table_member_by_member() -> None:
    st = fresh(3, seed=4)
    me = 0
    set_decrees(st, ["D01", "D07", "D16"])  # nothing that moves members
    clear_raw(st)
    give_raw(st, me, leather=1, iron=1)
    st.goods[me] = [3, 3, 3, 3, 3]
    full = st.reserve[me]
    # Week 1, Tuesday: card 3 -> 3 members to the city hall, then onto the Tuesday street.
    st.apply(me, "family 3")
    st.apply(1, "family 4")
    st.apply(2, "family 5")
    assert st.street[me][TUE] == 3 and st.reserve[me] == full - 3
    # Wednesday: take a stall with k members; they go to the Wednesday street after the purchases.
    _vote_no(st)
    stall = next(i for i in range(6) if 0 < sum(st.stalls[i]) <= 6)
    k = sum(st.stalls[stall])
    _until(st, me, f"stall {stall + 1}")
    assert st.stall_members[stall] == [me, k] and st.street[me][WED] == 0
    _finish_loop(st, "stall")
    assert st.street[me][WED] == k
    # Thursday: an order above the stick is delivered; its member goes to the Thursday street.
    _vote_no(st)
    _until(st, me, "order saddler")
    _finish_loop(st, "order")
    assert st.street[me][THU] == 1 and st.goods[me][0] == 4
    # Friday: a hold on the ship at berth I (which sails Saturday); the member stays on the ship.
    sid = st.harbour[0]["id"]
    place_ship(st, 0, sid)
    _vote_no(st)
    _until(st, me, f"load {sid} 1")
    _finish_loop(st, "load")
    assert st.street[me][FRI] == 0
    # Saturday: the ship sails, the member goes to the Friday street.
    _vote_no(st)
    assert st.day == 7 and st.street[me][FRI] == 1
    # Sunday: insurance keeps a member on a relic card.
    _finish_loop(st, "buy")
    card = next(c for c in st.display if c)
    _until(st, me, f"insure {card}")
    _finish_loop(st, "insure")
    assert st.insured.get(card) == me
    used = 3 + k + 1 + 1 + 1
    assert st.reserve[me] == full - used
    # Week 2, Tuesday: last week's Tuesday members come home after the council, the new card's go out.
    assert st.stage == "family"
    st.apply(me, "family 4")
    st.apply(1, "family 3")
    st.apply(2, "family 6")
    assert st.street[me][TUE] == 4 and st.reserve[me] == full - used - 4 + 3
    # Wednesday: the stall members are still on the street during the purchases, home afterwards.
    _vote_no(st)
    assert st.loop["kind"] == "stall" and st.street[me][WED] == k
    before = st.reserve[me]
    _finish_loop(st, "stall")
    assert st.street[me][WED] == 0 and st.reserve[me] == before + k
    # Thursday: the order member comes home after delivery.
    _vote_no(st)
    assert st.street[me][THU] == 1
    before = st.reserve[me]
    _finish_loop(st, "order")
    assert st.street[me][THU] == 0 and st.reserve[me] == before + 1
    # Friday: the ship member comes home after loading.
    _vote_no(st)
    assert st.street[me][FRI] == 1
    before = st.reserve[me]
    _finish_loop(st, "load")
    assert st.reserve[me] == before + 1
    # The insuring member stays until someone buys the card.
    assert st.insured.get(card) == me
    assert not invariants(st)
