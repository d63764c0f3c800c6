"""The Speicherstadt images: layout structure, content, the last-move ring, secrets and golden images.

Regenerate the golden PNGs deliberately with ``KONTOR_UPDATE_GOLDEN=1 pytest tests/render/test_speicherstadt.py``
and look at them before committing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

import render
from render import speicherstadt as ss
from render.kit import HIGHLIGHT, Box, Canvas
from rules import get_game
from rules.core import Rng
from rules.speicherstadt.checks import redeal_hidden
from rules.speicherstadt.state import SpeicherstadtState
from rules.speicherstadt.views import BREAKDOWN_LABELS
from tests.render.helpers import (
    PNG_SIZE,
    bot_step,
    check_golden,
    check_layout,
    check_png,
    check_public_image_ignores_redeal,
    check_seat_numbers_stand_in,
    texts_of,
)

GAME = get_game("speicherstadt")
NAMES = ["Alexandra", "Bo", "Christophe", "Dagmar", "Eleonore"]

Until = Callable[[SpeicherstadtState], bool] | None


def play(n: int, seed: int, until: Until = None, every: Callable[[SpeicherstadtState, Any], None] | None = None
         ) -> tuple[SpeicherstadtState, dict[str, Any] | None]:
    """Bot play through the contract until ``until`` holds (or the end); returns the state and the last move."""
    state = GAME.new_state(n, seed)
    assert isinstance(state, SpeicherstadtState)
    last = None
    while not state.is_over():
        seat, action = bot_step(GAME, state)
        last = {"seat": seat, "action": action}
        if every is not None:
            every(state, last)
        if until is not None and until(state):
            break
    return state, last


@functools.cache
def played(n: int, seed: int, until: Until = None) -> tuple[SpeicherstadtState, dict[str, Any] | None]:
    return play(n, seed, until)


def _late_purchase(s: SpeicherstadtState) -> bool:
    return s.round == 7 and s.phase == "purchase"


def _mid_purchase(s: SpeicherstadtState) -> bool:
    return s.round == 5 and s.phase == "purchase" and s.col >= 2


def _loading(s: SpeicherstadtState) -> bool:
    return s.round == 8 and s.phase == "loading"


def _second_round_placement(s: SpeicherstadtState) -> bool:
    return s.phase == "demand" and s.round == 2 and sum(len(slot["workers"]) for slot in s.row) == 4


@pytest.fixture(scope="module")
def late() -> tuple[SpeicherstadtState, dict[str, Any] | None]:
    return played(5, 3, _late_purchase)


@pytest.fixture(scope="module")
def over() -> SpeicherstadtState:
    return played(5, 4)[0]


def check_ss_layout(c: Canvas) -> None:
    """The shared layout check (card columns lie on the water, apart from each other); every text in a region."""
    check_layout(c, nested="col")
    boxes = [*c.regions.values(), *([c.legend_box] if c.legend_box else [])]  # the names' legend at the foot
    for t in c.texts:
        assert any(t.box.inside(box.inset(-1)) for box in boxes), f"{t.text!r} spills out of its region: {t.box}"


def texts_in(c: Canvas, region: str) -> list[str]:
    """Texts of a region, allowing a pixel: labels here sit flush with their region's edge."""
    return texts_of(c, region, slack=1)


# ---------------------------------------------------------------- structure
@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 5), (4, 2), (5, 3)])
def test_layout_holds_through_a_whole_game(n: int, seed: int) -> None:
    """Every few plies of a bot game, for each player count, the board keeps its structure."""
    seen: set[str] = set()

    def check(state: SpeicherstadtState, last: Any) -> None:
        if state.ply % 7 and not state.is_over():
            return
        view = state.view(None)
        seen.add(view["phase"])
        check_ss_layout(render.board_canvas("speicherstadt", view, last=last, names=NAMES[:n]))
        if state.ply % 35 == 0:
            check_ss_layout(render.private_canvas("speicherstadt", state.view(state.ply % n), names=NAMES[:n]))

    play(n, seed, every=check)
    assert {"demand", "purchase", "over"} <= seen


def test_one_column_per_water_space_and_one_tableau_per_seat(late: tuple[SpeicherstadtState, Any]) -> None:
    state, last = late
    view = state.view(None)
    c = render.board_canvas("speicherstadt", view, last=last, names=NAMES)
    assert [k for k in c.regions if k.startswith("col")] == [f"col{i + 1}" for i in range(len(view["row"]))]
    assert [k for k in c.regions if k.startswith("seat")] == [f"seat{s}" for s in range(5)]


# ---------------------------------------------------------------- content
def test_board_shows_prices_names_scores_and_counts(late: tuple[SpeicherstadtState, Any]) -> None:
    state, last = late
    view = state.view(None)
    c = render.board_canvas("speicherstadt", view, last=last, names=NAMES)
    for slot in view["row"]:
        if slot["status"] == "open" and slot["workers"]:
            assert str(slot["price"]) in texts_in(c, f"col{slot['col']}"), f"price of column {slot['col']} missing"
    for pl in view["players"]:
        panel = texts_in(c, f"seat{pl['seat']}")
        assert NAMES[pl["seat"]] in panel
        assert str(pl["score"]) in panel and str(pl["coins"]) in panel and str(pl["firemen"]) in panel
        # every contract is drawn, none hidden behind "+N" (issue 41): its n/m count, or in a narrow cell only its
        # points once complete
        assert not any(t.startswith("+") and t.endswith(" contracts") for t in panel)
        counts = [f"{len(k['filled'])}/{len(k['goods'])}" for k in pl["contracts"]]
        shown = [t for t in panel if "/" in t and t.replace("/", "").isdigit()]
        whole = [f"{len(k['goods'])}/{len(k['goods'])}" for k in pl["contracts"] if k["complete"]]
        narrow = sum(1 for count in whole if count not in shown)
        assert len(shown) + narrow == len(counts) and set(shown) <= set(counts)
        for k in pl["contracts"]:  # a complete contract shows its points (a narrow panel drops them until then)
            assert not k["complete"] or f"{k['points']}★" in panel
    header = texts_in(c, "header")
    assert str(view["pile"]["count"]) in header and str(view["pile"]["fires_left"]) in header
    assert any(f"Round {view['round']}" in t and view["season_name"] in t for t in header)
    decider = view["to_act"][0]
    assert NAMES[decider] in header


def test_seat_numbers_stand_in_for_missing_names(late: tuple[SpeicherstadtState, Any]) -> None:
    state, _ = late
    check_seat_numbers_stand_in(render.board_canvas("speicherstadt", state.view(None)), 5, NAMES)


def _ring_pixels(c: Canvas, box: Box) -> int:
    colours = c.img.crop(box.rect).getcolors(maxcolors=1 << 24) or []
    return sum(count for count, colour in colours if colour == HIGHLIGHT)


def test_last_worker_placement_rings_its_column() -> None:
    state, last = played(3, 5, _second_round_placement)
    assert last is not None and last["action"].startswith("place ")
    col = int(last["action"].split()[1])
    c = render.board_canvas("speicherstadt", state.view(None), last=last)
    ringed = [name for name, box in c.regions.items() if name.startswith("col") and _ring_pixels(c, box) > 200]
    assert ringed == [f"col{col}"]
    bare = render.board_canvas("speicherstadt", state.view(None))
    assert all(_ring_pixels(bare, box) == 0 for box in bare.regions.values())


def test_last_loading_move_rings_the_mover() -> None:
    state, last = played(4, 2, _loading)
    assert last is not None
    view = state.view(None)
    c = render.board_canvas("speicherstadt", view, last={"seat": 1, "action": "sell tea"})
    seat_box = c.regions["seat1"].inset(-10)
    assert _ring_pixels(c, seat_box) > 200
    assert _ring_pixels(c, c.regions["seat0"].inset(4)) == 0


def test_warehouse_hall_and_hand_cubes_are_drawn() -> None:
    state, _ = played(4, 2, _loading)
    view = state.view(None)
    c = render.board_canvas("speicherstadt", view)
    for pl in view["players"]:
        panel = texts_in(c, f"seat{pl['seat']}")
        assert ("Store" in panel) == (pl["warehouse"] is not None)
        assert ("Hall" in panel) == any(pl["hall"].values())
        assert ("Hand" in panel) == any(pl["hand"].values())
    quay = [t.text for t in c.texts if t.box.inside(c.regions["water"])]
    assert "Reserve" in quay and f"Bag {view['bag']}" in quay
    assert [t for t in quay if t.startswith("×")] == [f"×{view['reserve'][g]}" for g in ss.GOODS]


# ---------------------------------------------------------------- secrets
@pytest.mark.parametrize("salt", [1, 2, 3])
def test_public_image_ignores_the_pile_order(late: tuple[SpeicherstadtState, Any], salt: int) -> None:
    state, last = late
    [other] = check_public_image_ignores_redeal("speicherstadt", state, redeal_hidden, [Rng(salt, "redeal")],
                                                last=last, names=NAMES)
    assert other.pile != state.pile  # the secret really differs
    for seat in range(5):
        assert render.private("speicherstadt", other.view(seat)) == render.private("speicherstadt", state.view(seat))


# ---------------------------------------------------------------- private and final
def test_private_screen_is_the_viewers_tableau_and_cards(late: tuple[SpeicherstadtState, Any]) -> None:
    state, _ = late
    view = state.view(2)
    c = render.private_canvas("speicherstadt", view, names=NAMES)
    check_ss_layout(c)
    mine = texts_in(c, "tableau")
    assert NAMES[2] in mine and all(NAMES[s] not in mine for s in (0, 1, 3, 4))
    cards = texts_in(c, "cards")
    assert f"Cards ({len(view['players'][2]['cards'])})" in cards


def test_final_sheet_lists_every_seats_breakdown(over: SpeicherstadtState) -> None:
    view = over.view(None)
    assert view["over"]
    c = render.board_canvas("speicherstadt", view, names=NAMES)
    check_ss_layout(c)
    outcome = view["outcome"]
    drawn = texts_in(c, "table")
    for seat in range(5):
        assert NAMES[seat] in drawn
        assert str(outcome["scores"][seat]) in drawn
    # each category row carries every seat's points, in rank order
    order = sorted(range(5), key=lambda s: (outcome["ranks"][s], s))
    for key, label in BREAKDOWN_LABELS.items():
        values = [outcome["breakdown"][s].get(key, 0) for s in order]
        if not any(values):
            continue
        row = next(t for t in c.texts if t.text == label)
        line = [t for t in c.texts if abs(t.box.cy - row.box.cy) < 8 and t is not row]
        assert [int(t.text) for t in sorted(line, key=lambda t: t.box.x)] == values
    winners = [NAMES[s] for s in range(5) if outcome["ranks"][s] == 1]
    assert any(all(w in t for w in winners) for t in texts_in(c, "header"))


# ---------------------------------------------------------------- bytes
def test_png_fits_discord_and_phones(late: tuple[SpeicherstadtState, Any]) -> None:
    state, last = late
    png = render.board("speicherstadt", state.view(None), last=last, names=NAMES)
    assert check_png(png).size == PNG_SIZE


def test_golden_board(late: tuple[SpeicherstadtState, Any]) -> None:
    state, last = late
    check_golden("speicherstadt", "board", render.board("speicherstadt", state.view(None), last=last, names=NAMES))


def test_golden_private(late: tuple[SpeicherstadtState, Any]) -> None:
    state, _ = late
    check_golden("speicherstadt", "private", render.private("speicherstadt", state.view(2), names=NAMES))


def test_golden_final(over: SpeicherstadtState) -> None:
    check_golden("speicherstadt", "final", render.board("speicherstadt", over.view(None), names=NAMES))


def test_rendering_from_several_threads_gives_the_same_bytes(late: tuple[SpeicherstadtState, Any]) -> None:
    """The service renders with asyncio.to_thread: shared fonts and sprite caches must not interfere."""
    from concurrent.futures import ThreadPoolExecutor

    state, last = late
    jobs = [(state.view(None), last), (state.view(None), None), (played(4, 2, _loading)[0].view(None), None)]
    want = [render.board("speicherstadt", v, last=lt) for v, lt in jobs]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda job: render.board("speicherstadt", job[0], last=job[1]), jobs * 4))
    assert got == want * 4


def test_a_purchase_rings_the_bought_card_and_a_decline_the_player() -> None:
    state, _ = played(4, 9, _mid_purchase)
    view = state.view(None)
    bought = next(s for s in view["row"] if s["status"] == "bought")
    c = render.board_canvas("speicherstadt", view, last={"seat": bought["buyer"], "action": "buy"})
    assert _ring_pixels(c, c.regions[f"col{bought['col']}"]) > 200
    c = render.board_canvas("speicherstadt", view, last={"seat": 3, "action": "decline"})
    assert _ring_pixels(c, c.regions["seat3"].inset(-10)) > 200
    assert all(_ring_pixels(c, box) == 0 for name, box in c.regions.items() if name.startswith("col"))


def _loading_together(s: SpeicherstadtState) -> bool:
    return s.phase == "loading" and len(s.to_act()) > 1


def test_loading_at_the_same_time_shows_every_loading_seat_in_the_header() -> None:
    state, last = played(4, 2, _loading_together)
    view = state.view(None)
    assert len(view["to_act"]) > 1
    c = render.board_canvas("speicherstadt", view, last=last, names=NAMES)
    check_layout(c, nested="col")
    header = texts_in(c, "header")
    assert "load at the same time" in header
    assert not any(NAMES[s] in t for s in view["to_act"] for t in header)  # tokens only: names would not fit
    check_png(render.board("speicherstadt", dict(view, to_act=[0, 1, 2, 3]), names=NAMES))


# ---------------------------------------------------------------- the last move as data (its public events)
@pytest.mark.parametrize(("players", "seed"), [(2, 7), (3, 8), (5, 9)])
def test_the_last_move_read_from_its_events_rings_what_its_action_rings(players: int, seed: int) -> None:
    """``last_from_events`` (what the service hands over) rings the same part as the action fallback, every step."""
    from render.speicherstadt import _ring_target, last_from_events

    state = GAME.new_state(players, seed)
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        action = GAME.bot_action(state.view(seat), state.legal_actions(seat), seat, Rng(seed, "bot", state.ply))
        events = [e for e in state.apply(seat, action) if e.public]
        view = state.view(None)
        assert last_from_events(view, events).ring == _ring_target(view, seat, action), (state.ply, action)
        steps += 1
    assert steps > 50


def test_the_board_from_events_is_the_board_from_the_action() -> None:
    state = GAME.new_state(3, 11)
    for _ in range(7):
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[-1]
        events = state.apply(seat, action)
    view = state.view(None)
    by_action = render.board("speicherstadt", view, last={"seat": seat, "action": action}, names=NAMES[:3])
    assert render.board("speicherstadt", view, last_events=events, names=NAMES[:3]) == by_action
    assert render.board("speicherstadt", view, last_events=[], names=NAMES[:3]) != by_action  # no ring


# ---------------------------------------------------------------- issue 17: readable at phone size
@pytest.mark.parametrize("good", ss.GOODS)
def test_an_empty_contract_slot_differs_from_a_cube_in_shape(good: str) -> None:
    """A filled slot is a square cube (its corners drawn), an empty one a round hole (its corners left clear)."""
    size = 36
    full, empty = ss.good_cube(good, size), ss.good_cube(good, size, faded=True)
    corners = [(4, 4), (size - 5, 4), (4, size - 5), (size - 5, size - 5)]
    assert all(full.getpixel(p)[3] > 200 for p in corners)  # type: ignore[index]
    assert all(empty.getpixel(p)[3] == 0 for p in corners)  # type: ignore[index]
    # and at the middle they differ too: the cube's colour against the hole's board
    assert full.getpixel((size // 2, size // 3))[:3] != empty.getpixel((size // 2, size // 3))[:3]  # type: ignore[index]


def test_a_part_filled_contract_shows_its_count() -> None:
    state, _ = played(4, 2, _loading)
    view = state.view(None)
    c = render.board_canvas("speicherstadt", view)
    for pl in view["players"]:
        panel = texts_in(c, f"seat{pl['seat']}")
        for k in pl["contracts"]:
            assert f"{len(k['filled'])}/{len(k['goods'])}" in panel or any(t.startswith("+") for t in panel)


def test_workers_on_the_quay_are_drawn_as_their_seats_shapes(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = played(3, 5, _second_round_placement)
    view = state.view(None)
    drawn: list[int] = []
    monkeypatch.setattr(Canvas, "token", lambda self, seat, center, size: drawn.append(seat))
    monkeypatch.setattr(Canvas, "meeple", lambda self, seat, center, size: pytest.fail("a meeple: colour only"))
    c = Canvas()
    lay = ss.board_layout(view)
    ss.draw_water(c, lay["water"], lay["columns"], view, None)
    assert drawn == [w for slot in view["row"] for w in slot["workers"]]


@pytest.mark.parametrize("until", [_second_round_placement, _mid_purchase, _loading])
def test_the_reserve_and_the_bag_show_in_every_phase(until: Until) -> None:
    state, _ = played(4, 2, until)
    view = state.view(None)
    c = render.board_canvas("speicherstadt", view)
    cols = [box for name, box in c.regions.items() if name.startswith("col")]
    strip = [t.text for t in c.texts if t.box.inside(c.regions["water"]) and not any(t.box.overlaps(b) for b in cols)]
    assert "Reserve" in strip and f"Bag {view['bag']}" in strip
    assert [t for t in strip if t.startswith("×")] == [f"×{view['reserve'][g]}" for g in ss.GOODS]


def test_a_bought_card_names_its_buyer_and_price() -> None:
    state, _ = played(4, 2, _mid_purchase)
    view = state.view(None)
    bought = [s for s in view["row"] if s["status"] == "bought"]
    assert bought
    c = render.board_canvas("speicherstadt", view, names=NAMES)
    for slot in bought:
        column = texts_in(c, f"col{slot['col']}")
        assert slot["buyer"] is not None and slot["paid"] is not None
        assert NAMES[slot["buyer"]] in column and column.count(str(slot["paid"])) >= 1 and "Sold" not in column


def test_each_row_card_shows_its_number_and_a_bought_card_still_shows_what_it_was() -> None:
    """Issue 42: the menus say "card 3" and the image printed no numbers; during Loading the buyer's name covered
    the card's title."""
    state, _ = played(4, 2, _loading)
    view = state.view(None)
    c = render.board_canvas("speicherstadt", view, names=NAMES)
    for slot in view["row"]:
        column = texts_in(c, f"col{slot['col']}")
        assert str(slot["col"]) in column, column
    bought = [slot for slot in view["row"] if slot["status"] == "bought"]
    assert bought
    for slot in bought:
        column = texts_in(c, f"col{slot['col']}")
        assert ss.layout._short_title(slot) in column, column  # the title is drawn, not only the buyer
        title = next(t for t in c.texts if t.text == ss.layout._short_title(slot) and t.box.inside(
            c.regions[f"col{slot['col']}"]))
        buyer = next(t for t in c.texts if t.text == NAMES[slot["buyer"]] and t.box.inside(
            c.regions[f"col{slot['col']}"]))
        assert not title.box.overlaps(buyer.box)
        if slot["kind"] != "merchant":  # the title band keeps its colour: nothing is laid over it
            band = c.img.getpixel((round(title.box.x) - 3, round(title.box.cy)))
            assert band == ss.layout.KIND_RGB[slot["kind"]], (slot["kind"], band)
