"""The text summary: each day's part of the board in full, seats as "Seat N", the player's secrets readable."""

from __future__ import annotations

import re

from rules import get_game
from rules.core import Rng

GAME = get_game("colonia")


def _play_until(seed: int, done: object) -> dict:
    st = GAME.new_state(3, seed)
    for _ in range(2000):
        seat = st.to_act()[0]
        view = st.view(seat)
        if done(view):  # type: ignore[operator]
            return view
        st.apply(seat, GAME.bot_action(view, st.legal_actions(seat), seat, Rng(seed, "bot", st.ply)))
    raise AssertionError("the state was never reached")


def test_market_day_lists_each_stall_and_who_took_it() -> None:
    view = _play_until(4, lambda v: (v["loop"] or {}).get("kind") == "stall" and any(m["seat"] is not None
                                                                                     for m in v["market"]))
    text = GAME.summary(view)
    taken = next(m for m in view["market"] if m["seat"] is not None)
    assert f"  {taken['stall']}: taken by Seat {taken['seat']}" in text
    free = next(m for m in view["market"] if m["seat"] is None and m["total"])
    assert f"  {free['stall']}: " + ", ".join(f"{n} {k}" for k, n in free["materials"].items()) in text


def test_friday_shows_every_ship_hold_and_its_loader() -> None:
    view = _play_until(4, lambda v: (v["loop"] or {}).get("kind") == "load")
    text = GAME.summary(view)
    for ship in view["harbour"]["ships"]:
        # each berth says whether its ship sails this Saturday (issue 18: "sails" / "stays in port")
        fate = "sails this Saturday" if ship["berth"] <= view["harbour"]["departing"] else "stays in port"
        head = f"  berth {ship['berth']} ({fate}), "
        line = next(ln for ln in text.splitlines() if ln.startswith(head))
        assert line.startswith(f"{head}{ship['id']} {ship['city']} (pays {ship['currency']}): 1) ")
        for h, hold in enumerate(ship['holds'], 1):  # numbered as the load actions number them
            loader = '' if hold['seat'] is None else f" — Seat {hold['seat']}"
            assert f"{h}) {'+'.join(hold['goods'])} pays {hold['pay']}{loader}" in line


def test_a_vote_shows_the_decree_text_and_who_still_votes() -> None:
    view = _play_until(4, lambda v: v["vote"] is not None)
    text = GAME.summary(view)
    decree = next(d for d in view["decrees"] if d["id"] == view["vote"]["decree"])
    assert f"Vote on {decree['name']}: {decree['text']}" in text and "still to vote: " in text


def test_family_choice_is_shown_only_to_its_player() -> None:
    st = GAME.new_state(3, 4)
    while "family 5" not in st.legal_actions(seat := st.to_act()[0]):  # the setup goods first
        st.apply(seat, st.legal_actions(seat)[0])
    st.apply(seat, "family 5")
    assert "chosen (secret): family card 5" in GAME.summary(st.view(seat))
    assert "family card 5" not in GAME.summary(st.view(None))
    assert "family card 5" not in GAME.summary(st.view((seat + 1) % 3))


def test_seats_are_never_bare_numbers() -> None:
    view = _play_until(4, lambda v: v["day"] == 5)
    text = GAME.summary(view)
    assert re.search(r"Turn order: Seat \d > Seat \d > Seat \d", text)
    assert "Shrine VP so far (relics stay secret until the end): Seat 0: " in text
