"""The club's charts (render/charts.py): every text and marker reads on a phone (14 px tall when the image is shown
400 px wide), no tick label touches another, each player's name stands whole in the legend beside their marker and a
piece of their line, and colour is never the only signal (each seat its own marker shape and dash pattern)."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from bot.lang import speaking
from render.charts import CHART_W, DASHES, Series, chart_png, line_chart, nice_ticks
from render.kit import PHONE_WIDTH, READABLE_PX, Canvas, player

#: names as long as a seat's may be (``MAX_NAME_LEN``: 32), and a few ordinary ones
LONG = "Bartholomäus von Hohenzollern-Si"
NAMES = ["Anna", LONG, "Zoë", "Li", "Carla Maria", "Dmitri"]


def rating(points: int) -> Canvas:
    values = [1000 + (37 * k) % 90 - 20 * (k % 3) for k in range(points)]
    return line_chart("Anna — rating in Colonia, season 1", "Rated games this season", "Rating",
                      list(range(1, points + 1)), [Series("Anna", 0, values)], from_zero=False)


def scores(players: int, rounds: int, names: list[str] = NAMES) -> Canvas:
    series = [Series(names[s], s, [(s + 1) * r + (r * 7) % (s + 2) for r in range(1, rounds + 1)])
              for s in range(players)]
    return line_chart("Points after each round — Die Siedler von Nürnberg (round 40: the final score)", "Round",
                      "Points", list(range(1, rounds + 1)), series)


def french_title() -> Canvas:
    with speaking("fr"):  # a longer title: it wraps on as many lines as it takes, inside the image
        return line_chart("Points après chaque manche — Die Siedler von Nürnberg (manche 13 : le score final)",
                          "Manche", "Points", list(range(1, 14)), [Series(n, s, list(range(13))) for s, n in
                                                                  enumerate(NAMES[:4])])


CHARTS = {
    "a long French title": french_title,
    "rating of 2 games": lambda: rating(2),
    "rating of 30 games": lambda: rating(30),
    "3 players, 5 rounds": lambda: scores(3, 5),
    "6 players, 40 rounds": lambda: scores(6, 40),
}


@pytest.mark.parametrize("kind", list(CHARTS))
def test_every_text_and_marker_reads_on_a_phone(kind: str) -> None:
    c = CHARTS[kind]()
    assert c.w == CHART_W
    marks = [m for m in c.glyphs if m.kind in ("text", "token")]
    assert marks and all(m.shown(c.w) >= READABLE_PX for m in marks), [
        (m.what, m.shown(c.w)) for m in marks if m.shown(c.w) < READABLE_PX]
    assert all(m.x >= 0 and m.x + m.w <= c.w and m.y >= 0 and m.y + m.h <= c.h for m in marks)
    assert not any(t.cut for t in c.texts)  # nothing ends in an ellipsis, the longest names included


@pytest.mark.parametrize("kind", list(CHARTS))
def test_no_tick_label_touches_another(kind: str) -> None:
    c = CHARTS[kind]()
    plot = c.regions["plot"]
    below = sorted((t.box for t in c.texts if t.box.y > plot.y2 and t.box.y < plot.y2 + 40), key=lambda b: b.x)
    assert len(below) >= 2
    assert all(a.x2 < b.x for a, b in itertools.pairwise(below))
    assert below[-1].cx == pytest.approx(max(m.cx for m in c.glyphs if m.kind == "token" and m.cy < plot.y2 + 1),
                                         abs=2)  # the last x is labelled


def test_each_player_has_a_legend_line_with_their_marker_and_whole_name() -> None:
    c = scores(6, 12)
    plot = c.regions["plot"]
    for seat, name in enumerate(NAMES):
        (text,) = [t for t in c.texts if t.text == name and t.box.y > plot.y2]
        beside = [m for m in c.glyphs if m.what == f"token {seat}" and m.x + m.w <= text.box.x
                  and abs(m.cy - text.box.cy) < 12]
        assert beside, name
    # a long name takes a whole line: the legend is one column
    xs = {round(t.box.x) for t in c.texts if t.text in NAMES}
    assert len(xs) == 1
    short = scores(4, 5, ["Anna", "Bo", "Zoë", "Li"])
    assert len({round(t.box.x) for t in short.texts if t.text in ("Anna", "Bo", "Zoë", "Li")}) == 2  # two a line


def test_colour_is_never_the_only_signal() -> None:
    assert len({player(s).shape for s in range(6)}) == 6
    assert len(set(DASHES)) == 6
    c = scores(6, 5)
    for seat in range(6):  # each line's points carry its own marker
        assert len([m for m in c.glyphs if m.what == f"token {seat}"]) == 5 + 1  # 5 points and the legend


def test_a_name_the_font_cannot_draw_reads_seat_n() -> None:
    c = scores(2, 3, ["\U0001F3B2\U0001F3B2", "Anna"])  # dice: DejaVu has no glyph for them
    assert any(t.text == "Seat 1" for t in c.texts)
    with speaking("fr"):
        c = scores(2, 3, ["", "Anna"])
    assert any(t.text == "Joueur 1" for t in c.texts)


def test_numbers_read_in_the_readers_language() -> None:
    with speaking("fr"):
        c = rating(5)
    assert any("\u202f" in t.text for t in c.texts)  # 1 000: French groups thousands with a narrow space


def test_ticks_are_round_and_cover_the_values() -> None:
    assert nice_ticks(0, 47) == [0, 10, 20, 30, 40, 50]
    assert nice_ticks(983, 1131) == [950, 1000, 1050, 1100, 1150]
    assert nice_ticks(5, 5)[0] <= 5 <= nice_ticks(5, 5)[-1]


def test_the_png_is_the_charts_size() -> None:
    png = chart_png("T", "x", "y", [1, 2], [Series("Anna", 0, [1, 2])])
    image = Image.open(io.BytesIO(png))
    assert image.size[0] == CHART_W == 2 * PHONE_WIDTH  # shown 400 px wide, every 28 px text reads 14 px
