"""Hidden information: screens, secret family cards and ballots, deck orders."""

from __future__ import annotations

import json

from rules.colonia import GAME, loops
from rules.colonia.checks import invariants, redeal_hidden
from rules.colonia.state import ColoniaState
from rules.core import Rng

from .helpers import fresh, give_raw, give_relic, week_running


def _bot_game_states(n: int, seed: int, every: int = 7) -> list[ColoniaState]:
    st = GAME.new_state(n, seed)
    out = []
    while not st.is_over():
        if st.ply % every == 0:
            out.append(st.clone())
        seat = st.to_act()[0]
        st.apply(seat, GAME.bot_action(st.view(seat), st.legal_actions(seat), seat, Rng(seed, "bot", st.ply)))
    out.append(st)
    return out  # type: ignore[return-value]


def test_two_states_differing_only_in_one_screen_look_identical_to_everyone_else() -> None:
    a = fresh(4)
    week_running(a, [8, 7, 6, 5], order=[0, 1, 2, 3])
    give_relic(a, 1, "NOW-14-2")
    loops.start_loop(a, "stall", [])
    b = ColoniaState.from_json(json.loads(a.dump()))
    # Seat 1's screen differs: money, goods, the kind of raw materials (swapped with the hidden bag)
    # and which relic it holds (swapped with a card of the face-down pile).
    b.money[1] = [0, 17, 2, 9]
    b.goods[1] = [0, 3, 0, 1, 0]
    give_raw(b, 1, fur=1)
    held = next(m for m in range(4) if b.raw[1][m] > 0)
    b.raw[1][held] -= 1
    b.bag[held] += 1
    other = next(c for c in b.relic_deck if not c.endswith("SHRINE"))
    b.relic_deck[b.relic_deck.index(other)] = "NOW-14-2"
    b.relics[1] = [other]
    assert a.dump() != b.dump()
    for viewer in (None, 0, 2, 3):
        assert a.view(viewer) == b.view(viewer)
    assert a.view(1) != b.view(1)
    assert b.view(1)["me"]["money"] == {"pfund": 0, "grivna": 17, "mark": 2, "gulden": 9}


def test_redeal_hidden_keeps_every_viewers_view_through_bot_games() -> None:
    for n in (3, 6):
        for k, st in enumerate(_bot_game_states(n, 77 + n)):
            for viewer in (None, *range(n)):
                copy = redeal_hidden(st, viewer, Rng(5, k, viewer))
                assert copy.view(viewer) == st.view(viewer)
                assert invariants(copy) == invariants(st)
                if viewer is not None and viewer in st.to_act():
                    assert copy.legal_actions(viewer) == st.legal_actions(viewer)


def test_family_cards_stay_secret_until_all_have_chosen() -> None:
    st = fresh(3)
    ev = st.apply(0, "family 7")
    public = [e for e in ev if e.to is None]
    assert all("card" not in e.params for e in public)
    assert any(e.to == 0 and e.params["card"] == 7 for e in ev)
    assert st.view(0)["me"]["family_choice"] == 7
    for viewer in (None, 1, 2):
        text = json.dumps(st.view(viewer))
        assert st.view(viewer)["players"][0]["card"] is None and st.view(viewer)["players"][0]["chosen"]
        assert "family_choice\": 7" not in text
    st.apply(1, "family 3")
    ev = st.apply(2, "family 5")
    reveal = next(e for e in ev if e.kind == "family_revealed")
    assert reveal.to is None and reveal.params["cards"] == [7, 3, 5]


def test_ballots_stay_secret_until_all_have_voted() -> None:
    st = fresh(3)
    for seat, card in enumerate((8, 3, 5)):
        st.apply(seat, f"family {card}")
    while st.stage != "vote":
        seat = st.to_act()[0]
        st.apply(seat, GAME.bot_action(st.view(seat), st.legal_actions(seat), seat, Rng(1, st.ply)))
    first = st.to_act()[0]
    ev = st.apply(first, "vote no")
    assert all(e.to == first for e in ev if "yes" in e.params)
    others = [s for s in (None, 0, 1, 2) if s != first]
    for viewer in others:
        view = st.view(viewer)
        assert first in view["vote"]["cast"]
        assert "me" not in view or view["me"]["ballot"] is None
    assert st.view(first)["me"]["ballot"] == "no"


def test_views_never_show_a_deck_order_or_the_spectator_a_screen() -> None:
    for st in _bot_game_states(4, 5, every=31)[:-1]:
        spectator = st.view(None)
        assert "me" not in spectator
        for viewer in (None, 0, 1, 2, 3):
            text = json.dumps(st.view(viewer))
            for card in st.relic_deck + st.ship_deck + st.week_deck + st.decree_deck:
                assert f'"{card}"' not in text, f"{card} from a face-down pile shows in a view"
            for seat in range(4):
                if seat != viewer:
                    for relic in st.relics[seat]:
                        assert f'"{relic}"' not in text


def test_a_pass_forced_by_hidden_facts_is_still_asked() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    for seat in range(3):
        st.goods[seat] = [0] * 5
    loops.start_loop(st, "load", [])
    # Nobody holds goods, but that is behind the screens: every seat is asked and can only pass.
    assert st.to_act() == [0] and st.legal_actions(0) == ["pass"]
    # No members in reserve is public: that seat is passed automatically.
    st.street[1][3] += st.reserve[1]
    st.reserve[1] = 0
    ev = st.apply(0, "pass")
    assert any(e.kind == "pass" and e.params["seat"] == 1 and e.params["forced"] for e in ev)
    assert st.to_act() == [2]
