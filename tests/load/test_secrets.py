"""Secrets: what a viewer sees must not depend on anything that viewer cannot know.

For random mid-game states of every game, ``checks.redeal_hidden`` re-draws all that a viewer cannot
know (deck orders, other seats' hidden holdings); the viewer's view, legal actions and the public image
must come out identical. If they differ, the view leaks the hidden part. The plugin test game Secret Nim
(``tests/support/games.py``: two players, a secret pick) is checked beside the shipped games.
"""

from __future__ import annotations

import json

import pytest

import rules
from rules import Rng
from tests.load.helpers import checks_for, random_states
from tests.support.games import NAMES
from tests.support.games import player_counts as counts_of

SEEDS = (9_102_331, 5_550_127)
SAMPLES = 6
CASES = [(name, n) for name in NAMES for n in counts_of(name)]
pytestmark = pytest.mark.usefixtures("plugin_games")


@pytest.mark.parametrize(("name", "n"), CASES, ids=[f"{name}-{n}p" for name, n in CASES])
def test_view_is_blind_to_redealt_hidden_information(name: str, n: int) -> None:
    game = rules.get_game(name)
    checks = checks_for(name)
    redeals_that_changed_something = 0
    for seed in SEEDS:
        for k, state in enumerate(random_states(game, n, seed, SAMPLES)):
            before = state.dump()
            for viewer in [None, *range(n)]:
                copy = checks.redeal_hidden(state, viewer, Rng(seed, "redeal", k, viewer))
                assert state.dump() == before, "redeal_hidden must not touch the original"
                assert checks.invariants(copy) == [], "a redealt state must still be a consistent state"
                assert copy.view(viewer) == state.view(viewer), (
                    f"{name}: the view of {viewer} changed when only hidden information was redealt"
                    f" (ply {state.ply}) — it leaks something {viewer} cannot know"
                )
                assert copy.to_act() == state.to_act()
                if viewer is not None:
                    legal = state.legal_actions(viewer)
                    assert copy.legal_actions(viewer) == legal, (
                        f"{name}: the legal actions of seat {viewer} depend on information hidden from it"
                    )
                    assert [copy.describe(a) for a in legal] == [state.describe(a) for a in legal], (
                        f"{name}: the menu labels of seat {viewer} depend on information hidden from it"
                    )
                redeals_that_changed_something += copy.dump() != before
    # Otherwise redeal_hidden could be a no-op and this test would prove nothing.
    assert redeals_that_changed_something > 0, f"{name}: redeal_hidden never changed a hidden detail"


@pytest.mark.parametrize("name", NAMES)
def test_seed_and_full_state_stay_out_of_every_view(name: str) -> None:
    game = rules.get_game(name)
    seed = 8_812_093_377_051  # long enough not to appear by chance
    for n in (game.min_players, game.max_players):
        for state in random_states(game, n, seed, 4):
            for viewer in [None, *range(n)]:
                text = json.dumps(state.view(viewer))
                assert str(seed) not in text


def _board():  # type: ignore[no-untyped-def]
    import render

    board = getattr(render, "board", None)
    if board is None:
        pytest.skip("render.board has not landed yet")
    return board


@pytest.mark.parametrize("name", NAMES)
def test_public_image_is_blind_to_redealt_hidden_information(name: str) -> None:
    board = _board()
    game = rules.get_game(name)
    checks = checks_for(name)
    n = game.max_players
    try:
        board(name, game.new_state(num_players=n, seed=SEEDS[0]).view(None))
    except (ModuleNotFoundError, ValueError) as exc:
        pytest.skip(f"no renderer for {name} yet: {exc}")
    for k, state in enumerate(random_states(game, n, SEEDS[0], 3)):
        copy = checks.redeal_hidden(state, None, Rng(SEEDS[0], "image", k))
        assert board(name, copy.view(None)) == board(name, state.view(None)), (
            f"{name}: the public image changed when only hidden information was redealt"
        )


@pytest.mark.parametrize("name", NAMES)
async def test_no_public_line_or_log_record_carries_private_information(name: str, tmp_path, caplog) -> None:  # type: ignore[no-untyped-def]
    await _play_and_check_secrets(name, tmp_path, caplog, lambda logger: logger != "aiosqlite")


@pytest.mark.parametrize("name", NAMES)
async def test_the_last_move_hint_given_to_the_renderer_is_public(name: str, tmp_path,  # type: ignore[no-untyped-def]
                                                                 monkeypatch) -> None:
    """The public image rings "the last move": a secret choice (a bid, a programmed card) must not be it."""
    import random

    import render
    from bench import driver
    from bot.table import TableService

    hints: list[object] = []

    def recording_board(game_name, view, *, last=None, names=None, last_events=None):  # type: ignore[no-untyped-def]
        assert view.get("viewer") is None, "the board image must be drawn from the spectator's view"
        hints.append(last)
        return b"png"

    def recording_both(game_name, view, **kwargs):  # type: ignore[no-untyped-def]
        return recording_board(game_name, view, **kwargs), None  # a decision with a zoom: both from one drawing

    monkeypatch.setattr(render, "board", recording_board)
    monkeypatch.setattr(render, "board_and_focus", recording_both)
    game = rules.get_game(name)
    svc = await TableService.open(str(tmp_path / "hints.sqlite3"), render=True)
    try:
        rnd = random.Random(43)
        table = await driver.open_table(svc, svc.store, 78, name)
        for _ in range(150):
            if table.state.is_over():
                break
            await driver.act(svc, table, rnd)
    finally:
        await svc.close()
    assert hints, "the service never asked for an image"
    for last in hints:
        action = last.get("action") if isinstance(last, dict) else last
        if isinstance(action, (list, tuple)):
            action = action[1]
        assert action is None or game.public_action(str(action)) == action, f"secret move shown: {last!r}"


async def test_sql_debug_logging_carries_no_secret(tmp_path, caplog) -> None:  # type: ignore[no-untyped-def]
    """aiosqlite logs each statement with its parameters (seed, snapshots) at DEBUG: the store caps it."""
    await _play_and_check_secrets(sorted(rules.GAMES)[0], tmp_path, caplog, lambda logger: logger == "aiosqlite")


async def _play_and_check_secrets(name: str, tmp_path, caplog, loggers) -> None:  # type: ignore[no-untyped-def]
    """A whole game through the service, every log record captured: private event texts never appear in
    public events, notices, ``svc.log`` or log records; the seed only once the game is over; each private
    update carries its own seat's view and the public view is the spectator's."""
    import logging
    import random

    from bench import driver
    from bot.table import TableService

    caplog.set_level(logging.DEBUG)
    svc = await TableService.open(str(tmp_path / "secrets.sqlite3"), render=False)
    try:
        rnd = random.Random(41)
        table = await driver.open_table(svc, svc.store, 77, name)
        game = rules.get_game(name)
        row = await svc.store.open_game(77)
        assert row is not None and row.seed is not None
        seed = str(row.seed)
        public: list[str] = []
        private: set[str] = set()
        while not table.state.is_over():
            user, seat, action = driver.next_move(table, rnd)
            update = await svc.act(77, user, action, expected_version=table.version)
            table.state.apply(seat, action)
            table.version = update.version
            assert update.public_view == table.state.view(None)
            for uid, personal in update.private.items():
                assert personal.view == table.state.view(table.users.index(uid)), "a private update went astray"
                private.update(personal.events)
            public += [*update.public_events, *([update.notice] if update.notice else [])]
            if not update.finished:
                assert not any(seed in line for line in update.public_events), "the seed leaked before the end"
        public += await svc.log(77, limit=1000)
        records = [r.getMessage() for r in caplog.records if loggers(r.name)]
        assert not any(seed in r for r in records), "the seed reached a log record"
        assert not any(table.state.dump() in r for r in records)
        everything_public = "\n".join([*public, *records])
        leaked = [text for text in private if text in everything_public]
        assert not leaked, f"{name}: private texts in public lines or logs: {leaked[:3]}"
        assert game.name == name
    finally:
        await svc.close()
