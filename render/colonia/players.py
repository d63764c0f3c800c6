"""Colonia board: the players table in turn order (home, out, the streets, the family card, cards left, shrines).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import colonia_art as art
from render import kit
from render.colonia.layout import DAYS, PLAYERS, STONE, STREETS, fitting, short_name
from render.kit import BOARD, BOARD_DARK, INK, INK_SOFT, MIN_FONT, PAPER, Box, Canvas, mix
from rules.colonia.names import _
from rules.colonia.views import members_out, step_of
from rules.words import N_

if TYPE_CHECKING:
    from rules.colonia.views import ColoniaPlayer, ColoniaView


# Columns of the players table: turn position (crown for the mayor), name, members at home (reserve) and out on the
# board, the four street spaces, this week's family card, the cards left, shrines with the VP they hold. (There is no
# VP column: relics stay behind the screens until the end, so the only public VP are the filled shrines.)
PLAYER_COLS = (28, 222, 50, 50, 52, 52, 52, 52, 56, 126, 88)
POS, NAME, HOME, OUT, TUE, WED, THU, FRI, CARD, LEFT, SHRINES = range(11)
PASSED = N_("passed")
#: the table's icons (members out, cards, shrines, the mayor's crown): the table (844 px) is the family cards'
#: focus panel, shown 400 px wide on a phone, where these show 14 px tall
ICON = 30


def _player_cols() -> list[float]:
    """``PLAYER_COLS``, with the cards-left column widened (from the names) where the language's "passed" or "Left"
    needs more room than English."""
    cols = [float(w) for w in PLAYER_COLS]
    need = max(kit.text_width(_(PASSED), MIN_FONT, "cond"), kit.text_width(_("Left"), MIN_FONT, "cond")) + 4
    extra = max(0.0, need - cols[LEFT])
    cols[LEFT] += extra
    cols[NAME] -= extra
    return cols


def draw_players(cv: Canvas, view: ColoniaView, names: Sequence[str] | None, marks: dict[str, Box]) -> None:
    cv.region("players", PLAYERS)
    cv.panel(PLAYERS)
    players = {p["seat"]: p for p in view.get("players") or []}
    order = [s for s in view.get("turn_order") or [] if s in players] or sorted(players)
    mayor = view.get("mayor")
    to_act = set(view.get("to_act") or [])
    family = step_of(view) == "family"
    inner = PLAYERS.inset(8, 6)
    row_h = min(52.0, (inner.h - 36 - 2 * len(order)) / max(1, len(order)))
    lines = inner.rows(-36, *([-row_h] * len(order)), gap=2)
    widths = _player_cols()
    head = lines[0].cols(*[-w for w in widths])
    street_span = Box(head[TUE].x, head[TUE].y, head[FRI].x2 - head[TUE].x, lines[-1].y2 - head[TUE].y)
    cv.draw.rounded_rectangle(street_span.rect, radius=8, fill=STONE)
    members_span = Box(head[HOME].x, head[HOME].y, head[OUT].x2 - head[HOME].x, street_span.h)
    cv.draw.rounded_rectangle(members_span.rect, radius=8, fill=mix(BOARD, PAPER, 0.6))
    labels = {NAME: _("Player"), HOME: "⌂", TUE: _(DAYS[1]), WED: _(DAYS[2]), THU: _(DAYS[3]), FRI: _(DAYS[4]),
              LEFT: _("Left")}
    for k, label in labels.items():
        cv.text_in(head[k], fitting(head[k].w, "cond", label, label[:1]), MIN_FONT, "cond", INK_SOFT,
                   "left" if k == NAME else "center")
    cv.paste(art.meeple_plain(ICON), (head[OUT].cx, head[OUT].cy))
    cv.paste(kit.icon_sprite("cards", ICON), (head[CARD].cx, head[CARD].cy))
    cv.paste(art.shrine_sprite(INK_SOFT, ICON, True), (head[SHRINES].cx, head[SHRINES].cy))
    for line, seat in zip(lines[1:], order, strict=False):
        p = players[seat]
        cells = line.cols(*[-w for w in widths])
        acting = seat in to_act
        passed = bool(p.get("passed"))
        if acting:
            cv.draw.rounded_rectangle(line.rect, radius=10, fill=mix(kit.GOLD, PAPER, 0.45), outline=INK, width=2)
        ink = INK_SOFT if passed else INK
        if seat == mayor:
            cv.paste(art.crown_sprite(ICON), (cells[POS].cx + 1, cells[POS].cy))
        elif mayor is None:  # before the first family cards there is no turn order, only seat order
            pass
        else:
            cv.text_in(cells[POS], str(order.index(seat) + 1), MIN_FONT, "cond", ink)
        name = cells[NAME]
        cv.token(seat, (name.x + 15, name.cy), 30)
        cv.text_in(Box(name.x + 34, name.y, name.w - 36, name.h), short_name(seat, names), MIN_FONT, "cond",
                   kit.player(seat).colour, "left")
        cv.text_in(cells[HOME], str(p.get("reserve", 0)), MIN_FONT, "cond", ink)
        cv.text_in(cells[OUT], str(members_out(view, seat)), MIN_FONT, "cond", ink)
        street = p.get("street") or {}
        for k, day in enumerate(STREETS):
            v = int(street.get(day, 0))
            if day == "friday":  # members from ships that sailed early join the Friday street this Friday
                v += int(p.get("early") or 0)
            cv.text_in(cells[TUE + k], str(v) if v else "·", MIN_FONT, "cond", ink)
        _family_card(cv, cells[CARD].inset(6, 2), p, family and acting)
        if passed:  # done for the day, said in words (a strike-through read as "out of the game")
            pill = cells[LEFT].inset(2, 5)
            cv.draw.rounded_rectangle(pill.rect, radius=8, fill=BOARD, outline=INK_SOFT, width=2)
            cv.text_in(pill, _(PASSED), MIN_FONT, "cond", INK)
        else:
            _cards_left(cv, cells[LEFT], p.get("cards_left") or [], ink)
        shrines = p.get("shrines") or []
        vp = sum(int(sh.get("vp") or 0) for sh in shrines)
        room = cells[SHRINES]
        if vp:  # the only public VP: relics in shrines
            shown = cv.text_in(Box(room.x, room.y, room.w, room.h), f"{vp}★", MIN_FONT, "bold", INK, "right")
            room = Box(room.x, room.y, shown.x - room.x - 2, room.h)
        step = min(30.0, (room.w - 30) / max(1, len(shrines) - 1))
        for k, shrine in enumerate(shrines):
            city = art.CITY_OF_CODE.get(str(shrine.get("id", "")).partition("-")[0], "")
            cv.paste(art.shrine_sprite(art.city_colour(city), ICON, bool(shrine.get("relic"))),
                     (room.x + 16 + k * step, line.cy))
        marks[f"player {seat}"] = line


def _family_card(cv: Canvas, box: Box, p: ColoniaPlayer, choosing: bool) -> None:
    card = p.get("card")
    if p.get("chosen"):  # chosen this Tuesday, still secret: a face-down card
        cv.draw.rounded_rectangle(box.rect, radius=6, fill=kit.hex_rgb("#7a4e2d"), outline=INK, width=2)
        cv.text_in(box, "✓", MIN_FONT, "bold", PAPER)
    elif choosing:
        cv.draw.rounded_rectangle(box.rect, radius=6, fill=BOARD, outline=INK_SOFT, width=2)
        cv.text_in(box, "?", MIN_FONT, "bold", INK_SOFT)
    elif card is not None:
        zero = bool(p.get("card_zero"))
        cv.draw.rounded_rectangle(box.rect, radius=6, fill=PAPER if not zero else mix(kit.BAD, PAPER, 0.6),
                                  outline=INK, width=2)
        cv.text_in(box, "0" if zero else str(card), MIN_FONT, "bold", INK)


def _cards_left(cv: Canvas, box: Box, cards: list[int], ink: kit.RGB) -> None:
    """The family cards still to play, as a strip of digits."""
    if not cards:
        return
    pitch = min(24.0, (box.w - 4) / len(cards))
    strip = Box(box.x + 2, box.y + 4, pitch * len(cards), box.h - 8)
    cv.draw.rounded_rectangle(strip.rect, radius=6, fill=PAPER, outline=BOARD_DARK, width=1)
    for k, c in enumerate(cards):
        cv.text_in(Box(strip.x + k * pitch, strip.y, pitch, strip.h), str(c), MIN_FONT, "cond", ink)
