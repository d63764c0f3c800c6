"""Views: only counts of other hands, secrets re-dealt invisibly, board data complete enough to draw."""

from __future__ import annotations

import json
import random

from rules import Rng
from rules.nuernberg import GAME
from rules.nuernberg.checks import redeal_hidden
from rules.nuernberg.state import NuernbergState
from tests.rules.nuernberg.helpers import BLUE, RED, WHITE, cards, main_phase, new, play, put_on_top

SHARED_KEYS = {"game", "num_players", "viewer", "to_act", "phase", "status", "scores", "over", "round"}


def _random_states(n: int, seed: int, setup: str = "beginner", every: int = 7) -> list[NuernbergState]:
    st = GAME.new_state(n, seed, {"setup": setup})
    rnd = random.Random(seed)
    out = []
    step = 0
    while not st.is_over():
        seat = rnd.choice(st.to_act())
        st.apply(seat, rnd.choice(st.legal_actions(seat)))
        step += 1
        if step % every == 0:
            out.append(st.clone())
    out.append(st)
    return out


def test_views_have_the_shared_keys_and_only_the_viewers_hand() -> None:
    st = new(4)
    for viewer in (None, WHITE, RED, BLUE, 3):
        view = st.view(viewer)
        assert set(view) >= SHARED_KEYS and view["viewer"] == viewer
        json.dumps(view)
        for p in view["players"]:
            assert (p["hand"] is not None) == (p["seat"] == viewer)
            assert p["cards"] == sum(st.hands[p["seat"]])
    assert st.view(WHITE)["players"][WHITE]["hand"] == {"wood": 1, "wool": 0, "grain": 2, "brick": 0, "ore": 0}


def test_views_never_show_the_pile_order() -> None:
    st = new(4)
    text = json.dumps(st.view(None))
    assert all(card not in text for card in st.deck)
    put_on_top(st, "E27")
    play(st, WHITE, "draw")
    assert st.view(None)["deck"]["last_card"]["id"] == "E27" and st.view(None)["deck"]["draw_pile"] == 35


def test_redealt_secrets_leave_every_other_view_unchanged() -> None:
    for n, seed, setup in ((3, 11, "beginner"), (4, 12, "free"), (4, 13, "beginner")):
        for st in _random_states(n, seed, setup):
            for viewer in (None, *range(n)):
                copy = redeal_hidden(st, viewer, Rng(seed, "redeal", st.ply))
                assert copy.view(viewer) == st.view(viewer)


def test_two_states_differing_in_one_hand_look_alike_to_others() -> None:
    a = main_phase(new(4), WHITE)
    b = main_phase(new(4), WHITE)
    a.hands[RED] = cards(ore=2, wool=1)
    b.hands[RED] = cards(brick=1, grain=2)
    for viewer in (None, WHITE, BLUE, 3):
        assert a.view(viewer) == b.view(viewer)
    assert a.view(RED) != b.view(RED)


def test_board_view_has_everything_a_drawing_needs() -> None:
    view = new(4).view(None)
    land = view["countryside"]
    assert len(land["hexes"]) == 31 and all({"q", "r", "terrain", "number"} <= set(h) for h in land["hexes"])
    assert land["robber"] == "H30"
    ven = next(r for r in land["routes"] if r["id"] == "VEN")
    assert ven["holder"] == WHITE and ven["crossings"][2]["settlement"] == WHITE and ven["crossings"][0]["origin"]
    assert ven["sections"][0] == {"id": "VEN.s1", "ends": ["VEN.0", "VEN.1"], "toll": WHITE}
    assert all(len(c["xy"]) == 2 for r in land["routes"] for c in r["crossings"])
    city = view["city"]
    assert len(city["hexes"]) == 12 and len(city["discs"]) == 12 and len(city["walls"]) == 26
    assert len(city["towers"]) == 16 and city["next_wall"] == "W1"
    assert {g["good"] for g in view["goods"]} == {"helmets", "paper", "compasses", "armour", "lyres"}
    assert view["cities"][2] == {"city": "Venedig", "route": "VEN", "holder": WHITE, "goods": ["compasses", "armour"]}
    assert view["timeline"]["year"] == 1355 and view["timeline"]["reshuffle"] == [1370, 1385]
    assert [c["id"] for c in view["council"]] == ["siebenerrat", "kleiner_rat", "grosser_rat"]
    assert view["scores"] == [3, 3, 3, 3]


def test_summary_and_event_texts_read_well() -> None:
    st = new(4)
    put_on_top(st, "E27")
    events = play(st, WHITE, "draw")
    texts = [GAME.event_text(e) for e in events]
    assert texts[0].startswith("Seat 0 turns over E27: income 10")
    assert "Seat 2 2 wool" in texts[1] and "Seat 3 2 grain" in texts[1]
    summary = GAME.summary(st.view(None))
    assert "Seat 0: 3 VP" in summary and "Last card E27" in summary


def test_load_dump_round_trip_mid_game() -> None:
    for st in _random_states(4, 21, every=50):
        text = st.dump()
        assert GAME.load(text).dump() == text


def test_describe_copes_with_any_text() -> None:
    st = new(4)
    for junk in ["", "send x", "send 99", "steal 99", "council 9", "bank zz", "bank ore zz", "robber 77",
                 "toll X.s9", "settle ZZ", "manufacture D99", "produce gold", "discard gold", "💥", "x" * 200]:
        label = st.describe(junk)
        assert isinstance(label, str) and 0 < len(label) <= 100
    assert st.describe("draw") == "Turn over the next event card"
