"""Strasbourg images: layout structure, golden images, and that no hidden information reaches an image.

Regenerate the golden PNGs deliberately with ``KONTOR_UPDATE_GOLDEN=1 pytest tests/render/test_strasbourg.py``
and look at them before committing.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

import pytest

import render
from render import strasbourg as sb
from render.kit import GOLD, HIGHLIGHT, Canvas
from render.names import roster
from rules import get_game
from rules.strasbourg.checks import redeal_hidden
from rules.strasbourg.data import CHAPEL_SPACES, EDIFICES, GUILD_OF
from rules.strasbourg.state import StrasbourgState, is_secret_action
from tests.render.helpers import (
    PNG_SIZE,
    bot_step,
    check_golden,
    check_layout,
    check_png,
    check_private_images_ignore_others_secrets,
    check_public_image_ignores_redeal,
    check_redeal_changes_another_seats_screen,
    check_secret_move_not_drawn,
    texts_of,
)

GAME = get_game("strasbourg")
NAMES = ["Alexandra", "Bo", "Christophe", "Dagmar", "Eleonore"]


def play(n: int, seed: int, until: Callable[[StrasbourgState], bool] | None = None
         ) -> tuple[StrasbourgState, dict[str, Any] | None]:
    """Bot play through the contract until ``until`` holds (or the end); returns the state and the last public move."""
    state = GAME.new_state(n, seed)
    assert isinstance(state, StrasbourgState)
    last = None
    while not state.is_over():
        seat, action = bot_step(GAME, state)
        if GAME.public_action(action) is not None:
            last = {"seat": seat, "action": action}
        if until is not None and until(state):
            break
    return state, last


def _late_bid(s: StrasbourgState) -> bool:
    return (s.round == 5 and s.phase == "action" and s.bid is not None and s.letter == "D"
            and "revealed" in s.bid["status"])


def _planning(s: StrasbourgState) -> bool:
    return s.round == 3 and s.phase == "planning" and any(p["plan"] == "split" and p["hand"] for p in s.players)


def _task(s: StrasbourgState) -> bool:
    return s.phase == "action" and bool(s.tasks) and s.tasks[0]["kind"] in ("master", "journeyman", "apprentice")


@functools.cache
def played(n: int, seed: int, until: Callable[[StrasbourgState], bool] | None = None
           ) -> tuple[StrasbourgState, dict[str, Any] | None]:
    """``play`` once per module (tests only read the states: redeal_hidden works on a copy)."""
    return play(n, seed, until)


@pytest.fixture(scope="module")
def late() -> tuple[StrasbourgState, dict[str, Any] | None]:
    return played(5, 7, _late_bid)


@pytest.fixture(scope="module")
def planning() -> tuple[StrasbourgState, dict[str, Any] | None]:
    return played(5, 7, _planning)


@pytest.fixture(scope="module")
def over() -> StrasbourgState:
    return play(5, 7)[0]


def _states() -> list[tuple[str, StrasbourgState]]:
    return [
        ("late-5p", played(5, 7, _late_bid)[0]),
        ("planning-5p", played(5, 7, _planning)[0]),
        ("task-3p", play(3, 3, _task)[0]),
        ("task-4p", play(4, 11, lambda s: s.round == 4 and _task(s))[0]),
        ("start-4p", play(4, 2, lambda s: s.ply == 3)[0]),
    ]


STATES = _states()


def _check_layout(canvas: Canvas) -> None:
    """The shared layout check, and no two texts collide (Strasbourg packs its chips tightly)."""
    check_layout(canvas)
    for a, b in itertools.combinations(canvas.texts, 2):
        assert not a.box.overlaps(b.box), f"texts {a.text!r} and {b.text!r} collide"


# ---------------------------------------------------------------- structure
@pytest.mark.parametrize(("label", "state"), STATES, ids=[label for label, _ in STATES])
def test_board_layout_fits_and_shows_every_seat(label: str, state: StrasbourgState) -> None:
    view = state.view(None)
    canvas = render.board_canvas("strasbourg", view, names=NAMES[: state.num_players])
    _check_layout(canvas)
    assert set(canvas.regions) == {"header", "city", "rounds", "steps", "council", "now", "players"}
    texts = texts_of(canvas)
    for seat in range(state.num_players):
        assert NAMES[seat] in texts, f"no row for seat {seat}"
    # each seat's prestige is written in its row
    players = canvas.regions["players"]
    for p in view["players"]:
        assert any(t.text == str(p["prestige"]) and t.box.inside(players) for t in canvas.texts)


@pytest.mark.parametrize(("label", "state"), STATES, ids=[label for label, _ in STATES])
def test_private_layout_fits(label: str, state: StrasbourgState) -> None:
    for seat in range(state.num_players):
        canvas = render.private_canvas("strasbourg", state.view(seat), names=NAMES)
        _check_layout(canvas)
        assert {"header", "purse", "cards", "objectives"} <= set(canvas.regions)
        assert NAMES[seat] in texts_of(canvas)


def test_private_screen_shows_the_seats_holdings(late: tuple[StrasbourgState, Any]) -> None:
    state, _ = late
    seat = state.to_act()[0]
    private = state.view(seat)["private"]
    texts = texts_of(render.private_canvas("strasbourg", state.view(seat), names=NAMES))
    assert str(private["coins"]) in texts
    for guild, n in private["goods"].items():
        assert f"×{n}" in texts, guild
    for number, stack in enumerate(private["stacks"], start=1):
        for value in stack:
            assert str(value) in texts
        assert (f"#{number}: sum {sum(stack)}" if len(stack) > 1 else f"#{number}") in texts  # issue 19: "sum"
    for objective in private["objectives"]["kept"]:
        assert any(t.startswith(f"{objective}:") for t in texts)


def test_board_shows_stack_sizes_and_revealed_bids(late: tuple[StrasbourgState, Any]) -> None:
    state, _ = late
    view = state.view(None)
    texts = texts_of(render.board_canvas("strasbourg", view, names=NAMES))
    for seat, cards in enumerate(view["bid"]["revealed"]):
        if view["bid"]["status"][seat] == "revealed":
            assert any(t.endswith(f"= {sum(cards)}") or t.startswith(f"{sum(cards)} (") for t in texts)
    sizes = [k for p in view["players"] for k in p["stacks"]]
    assert sizes and all(str(k) in texts for k in sizes)


def test_spectator_private_screen_shows_no_secrets(late: tuple[StrasbourgState, Any]) -> None:
    canvas = render.private_canvas("strasbourg", late[0].view(None))
    _check_layout(canvas)
    assert "private" not in late[0].view(None)


# ---------------------------------------------------------------- last move
def test_last_move_rings_the_bought_space() -> None:
    state, last = play(4, 5, lambda s: bool(s.city) and s.phase == "action")
    assert last is not None and last["action"].startswith("buy ")
    cell = last["action"].split()[1]
    canvas = render.board_canvas("strasbourg", state.view(None), last=last, names=NAMES)
    box = sb.City(canvas.regions["city"]).cell_box(cell).inset(-3)  # the middle of the 5 px ring
    ring = canvas.img.getpixel((round(box.cx), round(box.y)))
    assert ring == HIGHLIGHT
    plain = render.board_canvas("strasbourg", state.view(None), last=None, names=NAMES)
    assert plain.img.getpixel((round(box.cx), round(box.y))) != HIGHLIGHT


def test_last_move_text_names_the_player(late: tuple[StrasbourgState, Any]) -> None:
    state, last = late
    assert last is not None
    texts = texts_of(render.board_canvas("strasbourg", state.view(None), last=last, names=NAMES))
    assert any(t.startswith(f"Last: {NAMES[last['seat']]}") for t in texts)


@pytest.mark.parametrize("secret", ["add 5", "keep O07", "draw", "singles", "restart"])
def test_a_secret_last_move_is_never_drawn(planning: tuple[StrasbourgState, Any], secret: str) -> None:
    check_secret_move_not_drawn("strasbourg", planning[0].view(None), secret, NAMES)


# ---------------------------------------------------------------- hidden information
@pytest.mark.parametrize(("label", "state"), STATES, ids=[label for label, _ in STATES])
def test_public_image_ignores_hidden_information(label: str, state: StrasbourgState) -> None:
    check_public_image_ignores_redeal("strasbourg", state, redeal_hidden, names=NAMES)


@pytest.mark.parametrize(("label", "state"), STATES, ids=[label for label, _ in STATES])
def test_private_image_ignores_other_seats_secrets(label: str, state: StrasbourgState) -> None:
    check_private_images_ignore_others_secrets("strasbourg", state, redeal_hidden, NAMES)


def test_redeal_changes_what_the_private_screens_of_others_show(planning: tuple[StrasbourgState, Any]) -> None:
    """The two tests above can fail: re-dealing does change another seat's own screen."""
    check_redeal_changes_another_seats_screen("strasbourg", planning[0], redeal_hidden)


# ---------------------------------------------------------------- final score sheet
def test_final_image_shows_the_breakdown(over: StrasbourgState) -> None:
    view = over.view(None)
    canvas = render.board_canvas("strasbourg", view, names=NAMES)
    _check_layout(canvas)
    assert {"header", "scores", "city", "objectives"} <= set(canvas.regions)
    table = canvas.regions["scores"]
    outcome = view["outcome"]
    for seat, parts in enumerate(outcome["breakdown"]):
        assert NAMES[seat] in texts_of(canvas)
        cells = [t for t in canvas.texts if t.box.inside(table)]
        row = next(t for t in cells if t.text == NAMES[seat])
        on_row = sorted((t for t in cells if abs(t.box.cy - row.box.cy) < 12 and t is not row), key=lambda t: t.box.x)
        values = [t.text for t in on_row][1:]  # after the rank
        assert values == [*(str(v) for v in parts.values()), str(outcome["scores"][seat])]
    winner = outcome["ranks"].index(1)
    assert NAMES[winner] in canvas.texts[0].text


def test_final_objective_chips_match_the_outcome(over: StrasbourgState) -> None:
    view = over.view(None)
    texts = texts_of(render.board_canvas("strasbourg", view, names=NAMES))
    for final in view["final"]:
        for o in final["objectives"]:
            mark = "✓" if o["met"] else "✗"
            assert any(t.startswith(mark) for t in texts)


def test_edifice_values_on_the_city_are_the_built_ones(over: StrasbourgState) -> None:
    view = over.view(None)
    canvas = render.board_canvas("strasbourg", view, names=NAMES)
    city = sb.City(canvas.regions["city"])
    for cell, edifice in view["built"].items():
        box = city.cell_box(cell)
        assert any(t.text == str(EDIFICES[edifice]["value"]) and t.box.inside(box) for t in canvas.texts)
    assert len(view["chapels"]) == 5 and all(ch in CHAPEL_SPACES for ch in view["chapels"])
    members = [t for t in canvas.texts if t.box.inside(canvas.regions["city"])]
    assert not any(t.box.inside(city.cell_box(c)) for t in members for c in view["city"] if c in GUILD_OF)


# ---------------------------------------------------------------- bytes
def test_png_fits_discord_and_phones(late: tuple[StrasbourgState, Any], over: StrasbourgState) -> None:
    state, last = late
    for png in (render.board("strasbourg", state.view(None), last=last, names=NAMES),
                render.private("strasbourg", state.view(0), names=NAMES),
                render.board("strasbourg", over.view(None), names=NAMES)):
        assert check_png(png).size == PNG_SIZE


# ---------------------------------------------------------------- golden images
def test_golden_board(late: tuple[StrasbourgState, Any]) -> None:
    state, last = late
    check_golden("strasbourg", "board", render.board("strasbourg", state.view(None), last=last, names=NAMES))


def test_golden_private(planning: tuple[StrasbourgState, Any]) -> None:
    state, _ = planning
    seat = next(s for s, p in enumerate(state.players) if p["plan"] == "split")
    check_golden("strasbourg", "private", render.private("strasbourg", state.view(seat), names=NAMES))


def test_golden_final(over: StrasbourgState) -> None:
    check_golden("strasbourg", "final", render.board("strasbourg", over.view(None), names=NAMES))


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize(("n", "seed", "options"), [
    (3, 4, {"planning": "in-turn", "leftovers": "discard"}),
    (5, 8, None),
])
def test_every_kind_of_moment_renders_within_the_layout(n: int, seed: int, options: dict[str, str] | None) -> None:
    """Sampled through a whole bot game: every task kind, step and phase draws inside the layout."""
    state = GAME.new_state(n, seed, options)
    seen: set[str] = set()
    last = None
    while not state.is_over():
        view = state.view(None)
        moment = (view["task"] or {}).get("kind") or view["phase"] + str(view["step"])
        if moment not in seen or state.ply % 23 == 0:
            seen.add(moment)
            _check_layout(render.board_canvas("strasbourg", view, last=last, names=NAMES[:n]))
            _check_layout(render.private_canvas("strasbourg", state.view(state.to_act()[0]), names=NAMES[:n]))
        seat, action = bot_step(GAME, state)
        last = {"seat": seat, "action": GAME.public_action(action)}
    assert {"master", "apprentice", "merchant", "chapel", "edifice", "planningNone"} <= seen
    _check_layout(render.board_canvas("strasbourg", state.view(None), last=last, names=NAMES[:n]))


def test_rows_follow_turn_order_from_the_first_player(late: tuple[StrasbourgState, Any]) -> None:
    state, _ = late
    view = state.view(None)
    canvas = render.board_canvas("strasbourg", view, names=NAMES)
    ys = {t.text: t.box.cy for t in canvas.texts if t.text in NAMES and t.box.inside(canvas.regions["players"])}
    order = sorted(range(state.num_players), key=lambda s: ys[NAMES[s]])
    n = state.num_players
    assert order == [(view["first_player"] + k) % n for k in range(n)]


def test_long_names_are_drawn_short_inside_their_chips(late: tuple[StrasbourgState, Any]) -> None:
    state, last = late
    long = [f"Zoë-Marguerite von Hohenstaufen {k}" for k in range(5)]
    for canvas in (render.board_canvas("strasbourg", state.view(None), last=last, names=long),
                   render.private_canvas("strasbourg", state.view(0), names=long)):
        _check_layout(canvas)
        # never cut (issue 41): the short form, unique at the table, and the legend at the foot gives it whole
        assert not [t.text for t in canvas.texts if t.text.startswith("Zoë-M") and t.text.endswith("…")]
        table = roster(long, 5)
        assert len(set(table.short)) == 5
        assert [t for t in canvas.texts if t.text in table.short] and canvas.legend_seats


def test_final_sheet_fits_five_objectives_per_seat(over: StrasbourgState) -> None:
    view = over.view(None)
    view["final"][0]["objectives"] = [{"id": o, "met": k % 2 == 0}
                                      for k, o in enumerate(("O01", "O13", "O19", "O24", "O25"))]
    canvas = render.board_canvas("strasbourg", view, names=NAMES)
    _check_layout(canvas)
    panel = canvas.regions["objectives"]
    chips = [t.text for t in canvas.texts if t.box.inside(panel) and t.text[0] in "✓✗"]
    assert len(chips) == sum(len(f["objectives"]) for f in view["final"])
    missed = sum(1 for f in view["final"] for o in f["objectives"] if not o["met"])
    assert sum(chip.startswith("✗") for chip in chips) == missed


def test_a_bid_that_closed_its_step_is_told_by_that_steps_result() -> None:
    """The last reveal or pass ended step X and a new bid began: the board names X's result, not a stale bid."""
    state = GAME.new_state(5, 7)
    assert isinstance(state, StrasbourgState)
    while True:
        seat, action = bot_step(GAME, state)
        if (state.round >= 2 and action.split()[0] in ("reveal", "pass") and state.bid
                and all(x == "waiting" for x in state.bid["status"])):
            break
    view = state.view(None)
    canvas = render.board_canvas("strasbourg", view, last={"seat": seat, "action": action}, names=NAMES)
    result = view["last"]
    expected = (f"Last: step {result['step']}: everyone passed" if not result["ranking"] else
                f"Last: step {result['step']} won by {NAMES[result['ranking'][0][0]]} ({result['ranking'][0][1]})")
    assert expected in texts_of(canvas)
    assert sb._ring_place(view, seat, action.split()[0]) == "chip"


def test_the_step_in_play_is_marked_on_the_city_and_the_council(late: tuple[StrasbourgState, Any]) -> None:
    state, _ = late
    view = state.view(None)
    guild = view["step_guild"]
    assert view["step_kind"] == "guild" and guild
    canvas = render.board_canvas("strasbourg", view, names=NAMES)
    city = sb.City(canvas.regions["city"])
    for cell, g in GUILD_OF.items():
        if cell in view["city"]:
            continue
        box = city.cell_box(cell)
        edge = canvas.img.getpixel((round(box.cx), round(box.y + 3)))
        assert (edge == GOLD) == (g == guild), cell
    assert sb._seats_at_stake(view) == {guild}
    assert sb._seats_at_stake({**view, "step_kind": "nobility"}) == {"nobility", "church"}
    assert sb._seats_at_stake({**view, "step_kind": "merchants", "merchant_seat": False}) == set()
    assert sb._seats_at_stake({**view, "step_kind": "merchants", "merchant_seat": True}) == {"merchants"}


# ---------------------------------------------------------------- the last move as data (its public events)
def _strasbourg_fallback(action: str) -> bool:
    """Moves whose events do not say what they were: the eventless ``skip``, ``done`` and ``return none``, an
    apprentice's ``goods`` (the same event as a task's own goods), and the secret planning (drawn as nothing)."""
    return action in ("skip", "done", "return none", "goods") or is_secret_action(action)


@pytest.mark.parametrize(("players", "seed"), [(3, 7), (4, 8), (5, 9)])
def test_the_last_move_read_from_its_events_is_the_move_its_action_names(players: int, seed: int) -> None:
    """``last_from_events`` (what the service hands over) reads the move the public action names on every step,
    and the board drawn from the events is the board drawn from the action."""
    from render.strasbourg import _drawn, _public_last, last_from_events
    from tests.render.helpers import check_last_move_from_events

    read = check_last_move_from_events(
        GAME, "strasbourg", players, seed, last_from_events, lambda _view, last: _drawn(*_public_last(last)),
        lambda moved: moved, _strasbourg_fallback, NAMES[:players])
    assert {"reveal", "privilege", "pass", "buy", "sell", "return", "chapel", "build"} <= read


# ---------------------------------------------------------------- issue 19: what the image names
def test_a_free_council_seat_is_a_neutral_mark_not_a_players_token(late: tuple[StrasbourgState, Any]) -> None:
    view = late[0].view(None)
    view["council"] = {name: (None if k % 2 else 0) for k, name in enumerate(view["council"])}  # seat 0: circle
    canvas = render.board_canvas("strasbourg", view, names=NAMES)
    council = canvas.regions["council"]
    free = [t for t in canvas.texts if t.text == "–" and t.box.inside(council)]
    assert len(free) == sum(1 for holder in view["council"].values() if holder is None)


def test_edifices_are_named_in_the_round_strip_and_chapel_spaces_numbered(late: tuple[StrasbourgState, Any]) -> None:
    view = late[0].view(None)
    canvas = render.board_canvas("strasbourg", view, names=NAMES)
    strip = canvas.regions["rounds"]
    named = [t.text for t in canvas.texts if t.box.inside(strip)]
    for k, edifice in enumerate(view["edifices"], start=1):
        assert EDIFICES[edifice]["name"] in named and str(k) in named
    city = canvas.regions["city"]
    numbers = {t.text for t in canvas.texts if t.box.inside(city)}
    for chapel in CHAPEL_SPACES:
        if chapel not in view["chapels"]:
            assert chapel.removeprefix("CH") in numbers


def test_the_icon_columns_have_a_legend(late: tuple[StrasbourgState, Any]) -> None:
    canvas = render.board_canvas("strasbourg", late[0].view(None), names=NAMES)
    players = canvas.regions["players"]
    legend = [t.text for t in canvas.texts if t.box.inside(players)]
    for word in ("prestige", "council", "in city", "deck", "privileges spent", "chapel CH3"):
        assert word in legend


def test_drawn_cards_say_sum_and_names_have_room(planning: tuple[StrasbourgState, Any]) -> None:
    state, _ = planning
    seat = next(s for s, p in enumerate(state.players) if p["plan"] == "split" and p["hand"])
    long = ["Bartholomew"] * 5  # cut to "Bartholo…" before issue 19
    canvas = render.private_canvas("strasbourg", state.view(seat), names=long)
    hand = state.players[seat]["hand"]
    assert f"drawn: sum {sum(hand)}" in texts_of(canvas)
    assert "Bartholomew" in texts_of(canvas)
    assert "Bartholomew" in texts_of(render.board_canvas("strasbourg", state.view(None), names=long))


def test_the_final_image_gives_each_kept_objective_its_whole_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 42: with two objectives a seat, each chip read "+3 3+ mem…" or an id (O14); now two lines, whole texts."""
    from rules.core import Rng

    game = get_game("strasbourg")
    state = game.new_state(4, 7)
    n = 0
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, game.bot_action(state.view(seat), state.legal_actions(seat), seat, Rng(7, "b", n)))
        n += 1
    chips: list[str] = []
    real = Canvas.chip
    monkeypatch.setattr(Canvas, "chip", lambda self, box, label, *a, **k: (chips.append(label), real(self, box, label,
                                                                                                    *a, **k))[1])
    view = state.view(None)
    sb.draw_final(view, ["Audrey", "Bot Claude", "Bot Élise", "Ana"])
    kept = [o for f in view["final"] for o in f["objectives"]]
    assert len(kept) > 4 and len(chips) >= len(kept)
    two = next(f["objectives"] for f in view["final"] if len(f["objectives"]) == 2)  # a seat with two: whole texts
    from rules.strasbourg.prompts import objective_text
    for o in two:
        assert any(c.endswith(objective_text(o["id"], 4, view.get("edifices", []))) for c in chips), (o, chips)
