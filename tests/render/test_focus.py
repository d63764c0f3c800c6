"""The zoomed panel for phones (issue 25, "Size"): Discord shows an image ~400 px wide on a phone, where the whole
board's smallest text is ~10 px; the panel posted beside it must show that text at 14 px or more, in every game's
every kind of decision — a row of cards spanning the board is wrapped, a table spanning it is drawn compact."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import render
from render import zoom
from render.kit import MIN_FONT
from rules import PARTS, get_game
from tests.support.play import by_bot, moves

EVERY = 4


def _panels(name: str, players: int, seed: int) -> dict[str, list[tuple[int, int]]]:
    """Panel sizes at the board's scale, by the renderer's focus region, across a seeded bot game."""
    game = get_game(name)
    state = game.new_state(players, seed)
    module = render._module(name)
    sizes: dict[str, list[tuple[int, int]]] = {}
    for move in moves(state, by_bot(game, seed)):
        view = state.view(None)
        if move.index % EVERY or not render.has_focus(name, view):
            continue
        panel = render.focus_panel(name, view, names=["Bartholomäus", "Bot C (strong)", "Anna", "Zoë", "Li"])
        assert panel is not None, (name, move.index)
        picked = module.focus_region(view)
        key = picked if isinstance(picked, str) else "+".join(sorted({p.rstrip("0123456789") for p in picked}))
        sizes.setdefault(key, []).append(panel.size)
    return sizes


@pytest.mark.parametrize("name", sorted(n for n, parts in PARTS.items() if parts.render))
@pytest.mark.parametrize(("players", "seed"), [(3, 31), (4, 32)])
def test_a_panels_smallest_text_reads_on_a_phone(name: str, players: int, seed: int) -> None:
    sizes = _panels(name, players, seed)
    assert sizes, f"{name}: no decision had a panel"
    for region, seen in sizes.items():
        widest = max(w for w, _h in seen)
        shown = MIN_FONT * min(zoom.PHONE_WIDTH, widest) / widest
        assert widest <= zoom.FOCUS_MAX and shown >= zoom.READABLE_PX, (name, region, widest, round(shown, 1))


def test_the_demand_panel_wraps_the_row_of_cards_and_keeps_every_card() -> None:
    game = get_game("speicherstadt")
    state = game.new_state(5, 7)
    for _move in moves(state, by_bot(game, 7)):
        view = state.view(None)
        if view["phase"] == "demand" and view["to_act"]:
            break
    canvas = render.board_canvas("speicherstadt", view)
    cols = [canvas.regions[f"col{i + 1}"] for i in range(len(view["row"]))]
    panel = render.focus_panel("speicherstadt", view)
    assert panel is not None
    assert sum(c.w for c in cols) > zoom.FOCUS_MAX  # the row alone would be too wide for a phone
    assert panel.width <= zoom.FOCUS_WIDTH and panel.height >= 2 * min(c.h for c in cols)  # two rows or more
    # every card's column is in the panel, pixel for pixel
    pixels = panel.tobytes()
    for box in cols:
        assert canvas.img.crop(box.rect).tobytes()[: 3 * round(box.w)] in pixels


def test_the_bid_panel_names_every_player_whole() -> None:
    game = get_game("strasbourg")
    names = ["Bartholomäus", "Bot C (strong)", "Anna", "Zoë"]
    state = game.new_state(4, 8)
    for _move in moves(state, by_bot(game, 8)):
        view = state.view(None)
        if view.get("bid") and view["to_act"]:
            break
    module = render._module("strasbourg")
    canvas = module.draw_focus(view, names)
    assert canvas is not None and canvas.w <= zoom.FOCUS_WIDTH
    drawn = [t.text for t in canvas.texts]
    for name in names:
        assert any(name in text for text in drawn), (name, drawn)
    png = render.focus("strasbourg", view, names=names)
    assert png is not None and Image.open(io.BytesIO(png)).width == canvas.w
