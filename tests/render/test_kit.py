"""The shared render kit: fonts and their licence, the player palette, the layout helper, the entry points."""

from __future__ import annotations

import io
import itertools
from importlib.resources import files

import pytest
from PIL import Image

import render
from render import kit
from render.kit import MIN_FONT, PHONE_MIN, PHONE_WIDTH, READABLE_PX, Box, Canvas


def test_bundled_fonts_and_licence_are_package_data() -> None:
    folder = files("render") / "fonts"
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf"):
        assert (folder / name).read_bytes()[:4] == b"\x00\x01\x00\x00"  # a TrueType file
    licence = (folder / "LICENSE-DejaVu.txt").read_text()
    assert "Bitstream" in licence and "Permission is hereby granted" in licence
    for style in ("regular", "bold", "cond"):
        assert kit.font(MIN_FONT, style).getname()[0].startswith("DejaVu Sans")


def test_what_reads_on_a_phone() -> None:
    """A phone shows an image 400 px wide (issue 41; it was taken as 550 before): on the whole board a mark must be
    PHONE_MIN px to show 14 px tall there, MIN_FONT only on a panel no wider than zoom.FOCUS_MAX."""
    assert PHONE_WIDTH == 400 and READABLE_PX == 14
    assert PHONE_MIN * PHONE_WIDTH / kit.W >= READABLE_PX > MIN_FONT * PHONE_WIDTH / kit.W
    assert MIN_FONT * PHONE_WIDTH / render.zoom.FOCUS_MAX >= READABLE_PX
    assert 1.55 <= kit.W / kit.H <= 1.65  # ~16:10


def test_the_canvas_records_every_mark_with_its_element() -> None:
    c = Canvas()
    c.region("market", Box(0, 0, 640, 400))
    c.text((10, 10), "Prices", 40)
    with c.element("turn"):
        c.token(2, (700, 500), 50)
    kit.icon(c, "star", (100, 100), 20)
    c.player_chip(Box(700, 10, 300, 60), 1, "Anna")
    kinds = [(m.kind, m.what, m.size, c.element_of(m), m.decor) for m in c.glyphs]
    assert kinds == [("text", "Prices", 40, "market", False), ("token", "token 2", 50, "turn", False),
                     ("icon", "icon star", 20, "market", False), ("token", "token 1", 37, "board", True),
                     ("text", "Anna", MIN_FONT, "board", False)]
    assert c.glyphs[1].shown(c.w) == 50 * 400 / 1280
    c.in_words("market", "market")
    c.in_focus("turn")
    assert c.elsewhere == {"market": ("words", ("market",)), "turn": ("focus", ())}


def test_player_styles_never_rest_on_colour_alone() -> None:
    styles = kit.PLAYERS
    assert len(styles) >= 6
    assert len({s.colour for s in styles}) == len(styles)
    assert len({s.shape for s in styles}) == len(styles)
    assert [s.letter for s in styles] == [str(i + 1) for i in range(len(styles))]
    for seat in range(6):  # every shape draws something opaque
        sprite = kit.token_sprite(seat, 40)
        assert sprite.getbbox() is not None


def test_seat_names_fall_back_to_seat_numbers() -> None:
    assert kit.seat_name(0, None) == "Seat 1"
    assert kit.seat_name(2, ["A", "B"]) == "Seat 3"
    assert kit.seat_name(1, ["A", "Bea"]) == "Bea"


def test_names_lose_only_the_characters_the_font_cannot_draw() -> None:
    assert kit.seat_name(0, ["Anna 🎲"]) == "Anna"  # no die glyph in DejaVu: dropped, not a box
    assert kit.seat_name(1, ["A", "山田"]) == "Seat 2"  # nothing drawable left
    assert kit.seat_name(0, ["Đorđe Ñúñez"]) == "Đorđe Ñúñez"
    assert kit.seat_name(0, ["Ёлка ★"]) == "Ёлка ★"


def test_rows_and_cols_cover_the_box_with_gaps() -> None:
    box = Box(10, 20, 300, 200)
    rows = box.rows(1, 2, -50, gap=10)
    assert rows[2].h == 50
    assert rows[1].h == pytest.approx(2 * rows[0].h)
    assert rows[0].y == 20 and rows[-1].y2 == pytest.approx(box.y2)
    cols = box.cols(1, 1, 1, gap=6)
    assert all(not a.overlaps(b) for a, b in itertools.pairwise(cols))
    assert cols[-1].x2 == pytest.approx(box.x2)
    grid = box.grid(5, 2, gap=4)
    assert len(grid) == 5 and all(cell.inside(box) for cell in grid)
    assert grid[0].y == grid[1].y and grid[2].y > grid[0].y


def test_fit_text_cuts_instead_of_shrinking() -> None:
    c = Canvas()
    drawn = c.text((0, 0), "A very long player name indeed", MIN_FONT, "bold", max_width=200)
    assert drawn.w <= 200
    assert c.texts[-1].size == MIN_FONT and c.texts[-1].text.endswith("…")


@pytest.mark.parametrize(("last", "expected"), [
    (None, (None, "")),
    ({"seat": 2, "action": "buy"}, (2, "buy")),
    ((1, "place 3"), (1, "place 3")),
    ("pass", (None, "pass")),
])
def test_last_action_hint_forms(last: object, expected: tuple[int | None, str]) -> None:
    assert kit.last_action(last) == expected


def test_png_is_a_palette_png_of_the_canvas_size() -> None:
    c = Canvas()
    c.panel(c.box.inset(20))
    c.cube((200, 40, 40), (100, 100), 40)
    png = c.png()
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.size == (kit.W, kit.H) and img.mode == "P"


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError):
        render.board("chess", {"over": False})
