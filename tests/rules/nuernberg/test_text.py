"""The readable summary: a player's hand, rates and trade draft for them only; offers and tolls by seat."""

from __future__ import annotations

from rules.core import Event
from rules.nuernberg import GAME
from rules.nuernberg.state import NuernbergState
from tests.rules.nuernberg.helpers import BLUE, RED, WHITE, cards, main_phase, new, play


def _table() -> NuernbergState:
    st = main_phase(new(4), WHITE)
    st.hands = [cards(wool=2, grain=1), cards(ore=2), cards(ore=1, wood=1), cards(brick=1)]
    return st


def test_a_players_own_summary_shows_their_hand_and_draft_only_to_them() -> None:
    st = _table()
    play(st, WHITE, "offer", "give wool", "want ore")
    own = GAME.summary(st.view(WHITE))
    assert "Yours: 2 wool, 1 grain in hand" in own
    assert "Your trade draft: give 1 wool; want 1 ore" in own
    for other in (None, RED):
        text = GAME.summary(st.view(other))
        assert "2 wool, 1 grain" not in text and "Your trade draft" not in text
        assert "trade draft" not in text and "give 1 wool" not in text  # issue 20: the draft is the proposer's secret
        assert st.view(other)["draft"] is None


def test_an_open_offer_names_sender_and_addressees_as_seats() -> None:
    st = _table()
    play(st, WHITE, "offer", "give wool", "want ore", "send 2")
    text = GAME.summary(st.view(BLUE))
    assert "Offer from Seat 0 to Seat 2: gives 1 wool; wants 1 ore" in text


def test_goods_list_recipes_prices_and_toll_holders() -> None:
    view = new(4).view(None)
    text = GAME.summary(view)
    for good in view["goods"]:
        line = next(ln for ln in text.splitlines() if ln.strip().startswith(f"{good['good']}:"))
        assert f"{good['city']} for {good['price']} gold" in line
        if good["toll_to"] is not None:
            assert f"toll {good['toll']} to Seat {good['toll_to']}" in line


def test_event_lines_start_with_a_capital() -> None:
    assert GAME.event_text(Event("wegerecht", {"seat": None, "route": "FRA"})).startswith("Nobody takes")
