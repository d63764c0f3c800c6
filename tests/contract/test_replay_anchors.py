"""Regression anchors: seeded bot games replay to byte-identical snapshots, views and events.

The SHA-256 values below were computed on the code BEFORE issue 24's refactor (typed views, and
``rules/colonia/state.py`` / ``rules/strasbourg/state.py`` / ``rules/speicherstadt/state.py`` split along
their phases), at commit 75c3787, and hard-coded here. A change of any of them means the engines no longer
behave exactly as they did: a refactor must keep them; a deliberate rule change must say so and update them.

Each game is played by the game's own bot (``Game.bot_action`` on the acting seat's view, with
``Rng(seed, "bot", ply)``); when several seats are awaited the one at ``ply % len(awaited)`` acts, so the
simultaneous steps are taken in varying orders. ``snapshot`` is the SHA-256 of the final ``dump()``;
``trace`` hashes every view the bot saw, every event and the final public view.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import rules

# (game, players, seed, options) -> (snapshot sha256, trace sha256, plies)
ANCHORS: dict[tuple[str, int, int, tuple[tuple[str, str], ...]], tuple[str, str, int]] = {
    ("speicherstadt", 2, 11, ()): (
        "197f62ac07a4c2fcc1dbbd3091b03cfd487366e6d746c96beb1350398daa6717",
        "73d5f7fb7054bbf98f3c1b8d9da541e3f773677a5f20216997d2171c0abcceaa", 209),
    ("speicherstadt", 3, 12, ()): (
        "2940ca736c04e6548e8cd08c6aaa3a5c2533df7048c0a925a543d029e2d04451",
        "4524a0b17748c6ce5952d740c0096655ce9807c2766e33956c0e08ca7f0516a2", 194),
    ("speicherstadt", 5, 13, ()): (
        "b57b1355328ceb5196fab14d75527284e58e83c8cf8c0d13255f4d258918a4f6",
        "22ca7f4872fbb75a99287b2fc743d495d9eaa6465367beeef3f6b8061dea3402", 198),
    ("colonia", 3, 21, ()): (
        "c697081dbda88726bb5a915083fe0f39782b194bafc12b44f562442088ca2df8",
        "8e322203950a59df7f1f6e247c94f445c4158a36947429f21037e683f97b3f34", 331),
    ("colonia", 4, 22, ()): (
        "0bcd9bde3e59ad789014ac5a6ee42a0a0e5b7b91b38c369b79157bdc15070ec4",
        "eadb8b35e8d71fb0bf330ce07146659204d46a04bfecbe3083cd92b80670a72c", 386),
    ("colonia", 6, 23, ()): (
        "3c241c45b6fe8fb0c8703548e475298b38ea1b8224c57a088ddde749fac0dcf3",
        "5aa49c718e524d69e840a2aa8b56f78e91815a82ca30593859fac0f5867b49a1", 489),
    ("strasbourg", 3, 31, ()): (
        "ce875b172042fbdfdf39dc894d9965efbd47e2ddb1d22d028b10341eafcafa38",
        "f4f69cc6d27b28456dfe7472088764c9a07382ee3d6fbd7f9b0f18ea09f35a48", 379),
    ("strasbourg", 4, 32, (("leftovers", "discard"), ("planning", "in-turn"))): (
        "c9aab3d0c651edbaa4d6297faf65dba02aa9dc0bc6591dc7eb824ba01d308491",
        "1367f59c9b0111e00dda60473cf9dc755b99d1e644ee4a90390a794c0058ca31", 483),
    ("strasbourg", 5, 33, ()): (
        "3cd5a445dd68c928b04dbcb539fba0e9cc4994c85d0c32c104d96716df010800",
        "f353fab7452e0c5b41d34b080634601aac968902b7ab7f435193ef1c60819bbc", 638),
    ("nuernberg", 3, 41, ()): (
        "d80335e7b10ebca33caa0e4e172cf97ae4d22986549c53e894d8ffac6a07c301",
        "9a973c7b81253855c716c9636b7c7191bac6b1c0e01eed7a54ca05852d57fd02", 542),
    ("nuernberg", 4, 42, (("setup", "free"),)): (
        "22590e7bf1609050bd1f012cdc521781fd9205e97dc6b6378d02225aee464f26",
        "37462ab90657e39e33cf5e088075b83c9a3caefdf1b2301f2390fab4e40b8156", 663),
    ("nuernberg", 4, 43, ()): (
        "3fade2dc86fa859361889238aa7e98471753b19b450083d22d8975d7abd9fa4f",
        "c070bf43838c70dea2602ff3cdd412a25d20fb6a3205a8e256a961f7e00e797a", 564),
}


def _replay(name: str, n: int, seed: int, options: dict[str, str] | None) -> tuple[str, str, int]:
    game = rules.get_game(name)
    state = game.new_state(num_players=n, seed=seed, options=options)
    trace = hashlib.sha256()
    while awaited := state.to_act():
        seat = awaited[state.ply % len(awaited)]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        trace.update(json.dumps(view, sort_keys=True).encode())
        action = game.bot_action(view, legal, seat, rules.Rng(seed, "bot", state.ply))
        for event in state.apply(seat, action):
            trace.update(json.dumps(event.to_dict(), sort_keys=True).encode())
    trace.update(json.dumps(state.view(None), sort_keys=True).encode())
    return hashlib.sha256(state.dump().encode()).hexdigest(), trace.hexdigest(), state.ply


@pytest.mark.parametrize("key", sorted(ANCHORS), ids=lambda k: f"{k[0]}-{k[1]}p-{k[2]}")
def test_seeded_bot_game_replays_to_the_anchored_hashes(
        key: tuple[str, int, int, tuple[tuple[str, str], ...]]) -> None:
    name, n, seed, options = key
    snapshot, trace, plies = ANCHORS[key]
    got = _replay(name, n, seed, dict(options) or None)
    assert got == (snapshot, trace, plies)


def test_every_game_is_anchored() -> None:
    assert {key[0] for key in ANCHORS} == set(rules.GAMES)
