"""Views, text and serialisation."""

from __future__ import annotations

import json

from rules.colonia import GAME
from rules.core import Event, Rng


def _bot_game(n: int, seed: int) -> tuple[list[Event], list[str], list[dict]]:
    st = GAME.new_state(n, seed)
    events: list[Event] = []
    dumps: list[str] = []
    views: list[dict] = []
    while not st.is_over():
        seat = st.to_act()[0]
        if st.ply % 40 == 0:
            dumps.append(st.dump())
            views.append(st.view(None))
        events += st.apply(seat, GAME.bot_action(st.view(seat), st.legal_actions(seat), seat, Rng(seed, st.ply)))
    views.append(st.view(None))
    return events, dumps, views


def test_every_event_kind_has_its_own_english_text() -> None:
    kinds = set()
    for n, seed in ((3, 1), (4, 2), (6, 3)):
        events, _, _ = _bot_game(n, seed)
        for event in events:
            text = GAME.event_text(event)
            assert text and text != event.kind.replace("_", " "), event.kind
            kinds.add(event.kind)
    assert {"week", "family_revealed", "vote_result", "stall", "order", "delivery", "load", "ship_departs", "buy",
            "windows", "game_over"} <= kinds


def test_dump_load_round_trip_and_clone_independence() -> None:
    _, dumps, _ = _bot_game(5, 4)
    for text in dumps:
        st = GAME.load(text)
        assert st.dump() == text
        copy = st.clone()
        seat = copy.to_act()[0]
        copy.apply(seat, copy.legal_actions(seat)[-1])
        assert st.dump() == text


def test_view_has_the_shared_keys_and_is_json_ready() -> None:
    _, _, views = _bot_game(4, 5)
    for view in views:
        for key in ("game", "num_players", "viewer", "to_act", "phase", "status", "scores", "over", "round"):
            assert key in view
        json.dumps(view)
    final = views[-1]
    assert final["over"] and final["outcome"]["ranks"] and len(final["final"]["windows"]) == 4


def test_summary_is_a_readable_multi_line_text() -> None:
    st = GAME.new_state(4, 8)
    text = GAME.summary(st.view(1))
    lines = text.splitlines()
    assert len(lines) >= 6 and lines[0].startswith("Week 1/6")
    assert any(line.startswith("Seat 3: ") for line in lines)
    assert any(line.startswith("Yours: money") for line in lines)
    assert "Yours:" not in GAME.summary(st.view(None))


def test_describe_labels_every_legal_action_shortly() -> None:
    st = GAME.new_state(3, 6)
    seen = set()
    while not st.is_over():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        for action in legal:
            label = st.describe(action)
            assert 0 < len(label) <= 100
            seen.add(action.split()[0])
        st.apply(seat, GAME.bot_action(st.view(seat), legal, seat, Rng(6, st.ply)))
    assert {"family", "vote", "stall", "order", "load", "buy", "insure", "pass"} <= seen


def test_fast_legality_check_agrees_with_the_legal_list() -> None:
    from rules.colonia import data as D

    universe = ["pass", "stall 0", "stall 9", "order nobody", "buy XYZ", "insure LON-5-1 x"]
    universe += [f"stall {i}" for i in range(1, 9)] + [f"order {c}" for c in D.CRAFTSMEN]
    universe += [f"buy {r.id}" for r in D.RELICS] + [f"insure {r.id}" for r in D.RELICS]
    for n, seed in ((3, 21), (6, 22)):
        st = GAME.new_state(n, seed)
        while not st.is_over():
            for seat in st.to_act():
                legal = st._legal(seat)
                for action in universe + legal:
                    assert st._is_legal(seat, action) == (action in legal), action
            seat = st.to_act()[0]
            st.apply(seat, GAME.bot_action(st.view(seat), st.legal_actions(seat), seat, Rng(seed, st.ply)))
