"""The standings image (render/standings.py) reads on a phone: every glyph at least ``READABLE_PX`` tall when shown
``PHONE_WIDTH`` wide, with 5, 9, 23 and 100 players and the headings of every language; every name shows (wrapped,
else cut to a short form no other line shares, never to nothing)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.kit import PHONE_WIDTH, READABLE_PX
from render.standings import WIDTH, Row, Words, draw_standings, name_lines, standings_png

LONG = "Bartholomäus von Hohenzollern-Sigmaringen"
NAMES = [LONG, "Anna", "Zoë", "Li", f"{LONG} der Zweite", "🎲🎲", f"{LONG} der Dritte", "Jean-Baptiste", "Ola",
         "Wolfgang Amadeus Mozart der Jüngere aus Salzburg"]
WORDS = {
    "en": Words("Spring cup (Colonia): standings after round 3 of 4", ("#", "Player", "Pts", "Opp.", "Score", "Games"),
                "dropped", "Pts: points · Opp.: the opponents' points · Score: the total game score"),
    "de": Words("Frühjahrspokal (Colonia): Stand nach Runde 3 von 4", ("#", "Spieler", "Pkt.", "Geg.", "Wertung",
                                                                       "Partien"),
                "ausgestiegen", "Pkt.: Punkte · Geg.: Punkte der Gegner · Wertung: Summe der Spielwertungen"),
}


def rows(n: int) -> list[Row]:
    return [Row(i + 1, NAMES[i % len(NAMES)] if i < len(NAMES) else f"Player {i + 1}", 40 - i // 3, 3 * i, 100 + i,
                4, i == 3) for i in range(n)]


@pytest.mark.parametrize("lang", sorted(WORDS))
@pytest.mark.parametrize("players", [5, 9, 23, 100])
def test_every_glyph_reads_at_phone_width(players, lang):
    canvas = draw_standings(rows(players), WORDS[lang])
    assert canvas.w == WIDTH and canvas.glyphs
    small = [g for g in canvas.glyphs if g.shown(canvas.w, PHONE_WIDTH) < READABLE_PX]
    assert small == []
    assert all(g.x >= 0 and g.x + g.w <= canvas.w + 1 and g.y + g.h <= canvas.h for g in canvas.glyphs)
    assert not [t.text for t in canvas.texts if t.cut and t.text in WORDS[lang].headings]  # headings whole
    img = Image.open(io.BytesIO(standings_png(rows(players), WORDS[lang])))
    assert img.size == (canvas.w, canvas.h)


def test_every_figure_and_name_is_drawn():
    canvas = draw_standings(rows(9), WORDS["en"])
    drawn = [g.what for g in canvas.glyphs]
    for row in rows(9):
        assert str(row.points) in drawn and str(row.opponents) in drawn and str(row.score) in drawn
    assert "Anna" in drawn and "dropped" in drawn and "? 6" in drawn  # a name with no drawable glyph: "?" and place


def test_names_are_never_empty_nor_shared():
    shown = [" ".join(lines) for lines in name_lines(rows(10), 220)]
    assert all(s.strip(" .…") for s in shown)
    assert len(set(shown)) == len(shown)  # three names cut to the same start are told apart
    assert shown[1] == "Anna" and shown[2] == "Zoë"  # short names stay whole
    assert shown[0].startswith("Bartholomäus von") and " ".join(name_lines(rows(1), 2000)[0]) == LONG
