"""The Speicherstadt images: layout structure, content, the last-move ring, secrets and golden images.

Regenerate the golden PNGs deliberately with ``KONTOR_UPDATE_GOLDEN=1 pytest tests/render/test_speicherstadt.py``
and look at them before committing.
"""

from __future__ import annotations

import functools
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import render
from render import speicherstadt as ss
from render.kit import HIGHLIGHT, MIN_FONT, Box, Canvas
from rules import get_game
from rules.core import Rng
from rules.speicherstadt.checks import redeal_hidden
from rules.speicherstadt.state import SpeicherstadtState

GAME = get_game("speicherstadt")
GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("KONTOR_UPDATE_GOLDEN") == "1"
NAMES = ["Alexandra", "Bo", "Christophe", "Dagmar", "Eleonore"]

Until = Callable[[SpeicherstadtState], bool] | None


def play(n: int, seed: int, until: Until = None, every: Callable[[SpeicherstadtState, Any], None] | None = None
         ) -> tuple[SpeicherstadtState, dict[str, Any] | None]:
    """Bot play through the contract until ``until`` holds (or the end); returns the state and the last move."""
    state = GAME.new_state(n, seed)
    assert isinstance(state, SpeicherstadtState)
    last = None
    while not state.is_over():
        seat = state.to_act()[0]
        action = GAME.bot_action(state.view(seat), state.legal_actions(seat), seat, Rng(1, "bot", state.ply))
        state.apply(seat, action)
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


def check_layout(c: Canvas) -> None:
    """Regions fit the canvas and do not overlap; every text is >= MIN_FONT and inside the canvas and a region."""
    boxes = list(c.regions.items())
    assert boxes, "no regions recorded"
    top = [(name, box) for name, box in boxes if not name.startswith("col")]
    for name, box in boxes:
        assert box.inside(c.box), f"region {name} leaves the canvas: {box}"
    for i, (a, abox) in enumerate(top):
        for b, bbox in top[i + 1:]:
            assert not abox.overlaps(bbox), f"regions {a} and {b} overlap"
    cols = [box for name, box in boxes if name.startswith("col")]
    for i, a in enumerate(cols):
        assert all(not a.overlaps(b) for b in cols[i + 1:]), "card columns overlap"
    for t in c.texts:
        assert t.size >= MIN_FONT, f"{t.text!r} drawn at {t.size}px"
        assert t.box.inside(c.box), f"{t.text!r} leaves the canvas"
        assert any(t.box.inside(box.inset(-1)) for _, box in boxes), f"{t.text!r} spills out of its region: {t.box}"


def texts_in(c: Canvas, box: Box) -> list[str]:
    return [t.text for t in c.texts if t.box.inside(box.inset(-1))]


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
        check_layout(render.board_canvas("speicherstadt", view, last=last, names=NAMES[:n]))
        if state.ply % 35 == 0:
            check_layout(render.private_canvas("speicherstadt", state.view(state.ply % n), names=NAMES[:n]))

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
        column = c.regions[f"col{slot['col']}"]
        if slot["status"] == "open" and slot["workers"]:
            assert str(slot["price"]) in texts_in(c, column), f"price of column {slot['col']} missing"
    for pl in view["players"]:
        panel = texts_in(c, c.regions[f"seat{pl['seat']}"])
        assert NAMES[pl["seat"]] in panel
        assert str(pl["score"]) in panel and str(pl["coins"]) in panel and str(pl["firemen"]) in panel
        for k in pl["contracts"]:
            assert str(k["points"]) in panel
    header = texts_in(c, c.regions["header"])
    assert str(view["pile"]["count"]) in header and str(view["pile"]["fires_left"]) in header
    assert any(f"Round {view['round']}" in t and view["season_name"] in t for t in header)
    decider = view["to_act"][0]
    assert NAMES[decider] in header


def test_seat_numbers_stand_in_for_missing_names(late: tuple[SpeicherstadtState, Any]) -> None:
    state, _ = late
    c = render.board_canvas("speicherstadt", state.view(None))
    drawn = {t.text for t in c.texts}
    assert {f"Seat {s + 1}" for s in range(5)} <= drawn
    assert not drawn & set(NAMES)


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
        panel = texts_in(c, c.regions[f"seat{pl['seat']}"])
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
    other = redeal_hidden(state, None, Rng(salt, "redeal"))
    assert other.pile != state.pile  # the secret really differs
    assert other.view(None) == state.view(None)
    png = render.board("speicherstadt", state.view(None), last=last, names=NAMES)
    assert render.board("speicherstadt", other.view(None), last=last, names=NAMES) == png
    for seat in range(5):
        assert render.private("speicherstadt", other.view(seat)) == render.private("speicherstadt", state.view(seat))


# ---------------------------------------------------------------- private and final
def test_private_screen_is_the_viewers_tableau_and_cards(late: tuple[SpeicherstadtState, Any]) -> None:
    state, _ = late
    view = state.view(2)
    c = render.private_canvas("speicherstadt", view, names=NAMES)
    check_layout(c)
    mine = texts_in(c, c.regions["tableau"])
    assert NAMES[2] in mine and all(NAMES[s] not in mine for s in (0, 1, 3, 4))
    cards = texts_in(c, c.regions["cards"])
    assert f"Cards ({len(view['players'][2]['cards'])})" in cards


def test_final_sheet_lists_every_seats_breakdown(over: SpeicherstadtState) -> None:
    view = over.view(None)
    assert view["over"]
    c = render.board_canvas("speicherstadt", view, names=NAMES)
    check_layout(c)
    outcome = view["outcome"]
    table = c.regions["table"]
    drawn = texts_in(c, table)
    for seat in range(5):
        assert NAMES[seat] in drawn
        assert str(outcome["scores"][seat]) in drawn
    # each category row carries every seat's points, in rank order
    order = sorted(range(5), key=lambda s: (outcome["ranks"][s], s))
    for key, label in ss.BREAKDOWN_LABELS.items():
        values = [outcome["breakdown"][s].get(key, 0) for s in order]
        if not any(values):
            continue
        row = next(t for t in c.texts if t.text == label)
        line = [t for t in c.texts if abs(t.box.cy - row.box.cy) < 8 and t is not row]
        assert [int(t.text) for t in sorted(line, key=lambda t: t.box.x)] == values
    winners = [NAMES[s] for s in range(5) if outcome["ranks"][s] == 1]
    assert any(all(w in t for w in winners) for t in texts_in(c, c.regions["header"]))


# ---------------------------------------------------------------- bytes
def test_png_fits_discord_and_phones(late: tuple[SpeicherstadtState, Any]) -> None:
    state, last = late
    png = render.board("speicherstadt", state.view(None), last=last, names=NAMES)
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.size == (1280, 800)
    assert len(png) <= 400 * 1024


def _golden(name: str, png: bytes) -> None:
    path = GOLDEN / f"speicherstadt_{name}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"missing golden image {path.name}: run with KONTOR_UPDATE_GOLDEN=1 and look at it")
        path.write_bytes(png)
        return
    got = Image.open(io.BytesIO(png)).convert("RGB")
    want = Image.open(path).convert("RGB")
    assert got.size == want.size
    diff = ImageChops.difference(got, want).convert("L").point(lambda v: 255 if v > 40 else 0)
    changed = diff.histogram()[255] / (got.width * got.height)
    assert changed < 0.002, f"{path.name}: {changed:.2%} of pixels differ (regenerate deliberately if intended)"


def test_golden_board(late: tuple[SpeicherstadtState, Any]) -> None:
    state, last = late
    _golden("board", render.board("speicherstadt", state.view(None), last=last, names=NAMES))


def test_golden_private(late: tuple[SpeicherstadtState, Any]) -> None:
    state, _ = late
    _golden("private", render.private("speicherstadt", state.view(2), names=NAMES))


def test_golden_final(over: SpeicherstadtState) -> None:
    _golden("final", render.board("speicherstadt", over.view(None), names=NAMES))


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
