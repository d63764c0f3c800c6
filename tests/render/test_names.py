"""Names are never cut to nothing (issue 41): on every game's board, focus panel, private screen and final sheet, at the
game's largest table, with long names (a bot's "Bot C (strong)", "Bartholomäus von Hohenzollern", a name with an
emoji, one the font cannot draw at all, two alike in their first eight letters), in French and German, every name
drawn is whole or its seat's short form (``render/names.py``), unique at the table, and the legend at the image's
foot (``render/legend.py``) says whom each short form drawn stands for. The kit records every text it draws
(``Canvas.texts``); these tests read that record, not pixels. And nothing is hidden behind "+N"."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from PIL import Image

import render
import rules
from bot.lang import speaking
from render import zoom
from render.kit import Canvas
from render.names import clean, roster
from tests.support.play import by_bot, moves

NAMES = ["Bartholomäus von Hohenzollern", "Bot C (strong)", "Bartholomew 🐉 Smith", "李小龙", "Annemarie-Louise",
         "Annemarie-Claire"]


def moments(name: str) -> list[tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any] | None]]:
    """(public view, last move, an awaited seat's view) at the first step of each phase, and the end."""
    game = rules.get_game(name)
    state = game.new_state(game.max_players, 41)
    seen: set[str] = set()
    out: list[tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any] | None]] = []
    for move in moves(state, by_bot(game, 41)):
        view = json.loads(json.dumps(state.view(None)))
        if str(view.get("phase")) in seen or not state.to_act():
            continue
        seen.add(str(view.get("phase")))
        public = game.public_action(move.action)
        own = json.loads(json.dumps(state.view(state.to_act()[0])))
        out.append((view, {"seat": move.seat, "action": public} if public else None, own))
    out.append((json.loads(json.dumps(state.view(None))), None, None))
    return out


def whole_names(players: int) -> list[str]:
    """Each seat's name as the font draws it ("Seat 4" in the reader's language for a name with no glyph)."""
    return [clean(n) or rules.words.seat(k + 1) for k, n in enumerate(NAMES[:players])]


def problems(canvas: Canvas, players: int, where: str) -> list[str]:
    """What the canvas does wrong with the names, in words (empty: every name whole or resolved)."""
    full = whole_names(players)
    table = roster(NAMES[:players], players)
    out: list[str] = []
    legend = {m.what for m in canvas.glyphs if m.element == "names"}
    for record in canvas.texts:
        for name in full:  # never a name's beginning with an ellipsis
            if any(name[:k] + "…" in record.text for k in range(1, len(name))):
                out.append(f"{where}: {record.text!r} cuts {name!r}")
        if record.text in legend:
            continue
        for seat, (whole, short) in enumerate(zip(full, table.short, strict=True)):
            if short == whole or whole in record.text:
                continue
            if re.search(rf"(?<![\w.]){re.escape(short)}(?![\w])", record.text) and seat not in canvas.legend_seats:
                out.append(f"{where}: {record.text!r} shows {short!r} and no legend says it is {whole!r}")
    for seat in canvas.legend_seats:  # the legend gives the whole name, with the seat's mark
        shown = " ".join(m.what for m in canvas.glyphs if m.element == "names" and m.kind == "text")
        if full[seat] not in shown and full[seat] not in shown.replace(" ", ""):
            out.append(f"{where}: the legend does not give {full[seat]!r} whole")
        if not any(m.element == "names" and m.what == f"token {seat}" for m in canvas.glyphs):
            out.append(f"{where}: the legend does not mark seat {seat}")
    return out


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_every_name_drawn_is_whole_or_a_short_form_the_legend_gives(name: str) -> None:
    players = rules.get_game(name).max_players
    names = NAMES[:players]
    module = render._module(name)
    failures: list[str] = []
    drawn_short = 0
    for lang in ("fr", "de"):
        with speaking(lang):
            for view, last, own in moments(name):
                where = f"{name} {lang} {view.get('phase')}"
                board = render.board_canvas(name, view, last=last, names=names)
                failures += problems(board, players, f"{where} board")
                drawn_short += len(board.legend_seats)
                panel = zoom.drawn_panel(module, view, names)
                if panel is not None:
                    failures += problems(panel, players, f"{where} panel")
                if own is not None:
                    failures += problems(render.private_canvas(name, own, names=names), players, f"{where} private")
    assert not failures, "\n".join(failures[:30])
    assert drawn_short, "no name was drawn short: the long names did not test the scheme"


def test_short_forms_are_unique_never_empty_and_keep_a_bot_a_bot() -> None:
    names = ["Bartholomäus von Hohenzollern", "Bartholomew Smith", "Bot C (strong)", "李小龙", "Annemarie-Louise",
             "Annemarie-Claire", "Bartholomäus", "Bartholomäus", "Bot Anna", "Anna"]
    with speaking("de"):
        table = roster(names, len(names) + 1)  # one seat more than names: it is "Spieler 11"
    assert len({s.casefold() for s in table.short}) == len(table.short)
    assert all(s.strip() for s in table.short)
    assert table.short[2] == "Bot C" and table.short[8].startswith("Bot")
    assert table.full[3] == "Spieler 4" and table.short[3] == "S4"
    assert table.short[9] == "Anna"  # a name that fits whole is its own short form
    assert table.short[0] != table.short[1] and table.short[4] != table.short[5]


def test_the_legend_grows_the_image_only_when_a_name_was_drawn_short() -> None:
    game = rules.get_game("colonia")
    view = json.loads(json.dumps(game.new_state(3, 41).view(None)))
    short = render.board_canvas("colonia", view, names=["Anna", "Zoë", "Li"])
    assert (short.w, short.h) == (1280, 800) and not short.legend_seats
    long = render.board_canvas("colonia", view, names=["Anna", "Zoë", "Bartholomäus von Hohenzollern"])
    assert long.h > 800 and long.legend_seats == [2]
    assert long.legend_box is not None and long.legend_box.y == 800
    # the PNG the terminal and the demo write (``render.board``) is that canvas, legend included
    png = render.board("colonia", view, names=["Anna", "Zoë", "Bartholomäus von Hohenzollern"])
    assert Image.open(io.BytesIO(png)).size == (1280, long.h)


def test_strasbourg_draws_every_stack_none_behind_plus_n() -> None:
    """A seat with many stacks: every stack's count is drawn, no "+N" stands for the rest."""
    game = rules.get_game("strasbourg")
    view = json.loads(json.dumps(game.new_state(5, 41).view(None)))
    sizes = [3, 1, 4, 1, 5, 2, 6, 2, 7]
    view["players"][0]["stacks"] = sizes
    canvas = render.board_canvas("strasbourg", view, names=NAMES[:5])
    assert not [t.text for t in canvas.texts if re.fullmatch(r"\+\d+", t.text)]
    player_texts = [t.text for t in canvas.texts if t.box.overlaps(canvas.regions["players"])]
    for size in set(sizes):
        assert str(size) in player_texts
