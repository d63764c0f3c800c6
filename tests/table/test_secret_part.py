"""What counts as news for a player's private screen: only what a spectator cannot see, down to the field."""

from __future__ import annotations

import random

import rules
from bot.table.model import secret_part
from tests.support.play import at_random, moves


def test_only_hidden_fields_are_secret_down_to_the_nested_row() -> None:
    public = {"round": 2, "players": [{"points": 3, "hand": 2}, {"points": 5, "hand": 4}], "deck": 10}
    mine = {"viewer": 0, "round": 2, "players": [{"points": 3, "hand": ["wood", "wool"]}, {"points": 5, "hand": 4}],
            "deck": 10, "goal": "tower"}
    assert secret_part(mine, public) == {"players": {0: {"hand": ["wood", "wool"]}}, "goal": "tower"}
    # Someone else scores: the public rows change, this player's secret part does not.
    public2 = {**public, "players": [{"points": 3, "hand": 2}, {"points": 9, "hand": 4}]}
    mine2 = {**mine, "players": [{"points": 3, "hand": ["wood", "wool"]}, {"points": 9, "hand": 4}]}
    assert secret_part(mine2, public2) == secret_part(mine, public)
    mine3 = {**mine2, "players": [{"points": 3, "hand": ["wood"]}, {"points": 9, "hand": 4}]}
    assert secret_part(mine3, public2) != secret_part(mine2, public2)  # her own hand changed: news


def test_in_nuernberg_a_screen_changes_only_when_its_own_hand_does() -> None:
    """The viewer's own row of Nürnberg's ``players`` list differs from the public one in its hand: only that hand is
    secret, not the whole list (else every public change anywhere would DM every player)."""
    game = rules.get_game("nuernberg")
    state = game.new_state(4, 11, {})
    rnd = random.Random(3)

    def seen(s: int) -> tuple[dict, object]:
        # Issue 20: a trade draft is the proposer's own secret too (their own steps change it, which DMs nobody).
        view = state.view(s)
        secret = secret_part(view, state.view(None))
        draft = secret.pop("draft", None)
        assert draft is None or s == state.active
        # Issue 42: so is an addressee's counter-offer draft (their own steps change it); it is theirs alone
        counter = secret.pop("counter_draft", None)
        assert state.view(None).get("counter_draft") is None
        return secret, view["players"][s]["hand"]

    before = {s: seen(s) for s in range(4)}
    quiet = 0
    for _ in moves(state, at_random(rnd), max_steps=300):
        for s in range(4):
            now = seen(s)
            if now[1] == before[s][1]:  # the same hand: nothing private changed for this player
                assert now[0] == before[s][0], (s, state.ply)
                quiet += 1
            else:
                assert now[0] != before[s][0]  # a new hand is news
            before[s] = now
    assert quiet > 100
