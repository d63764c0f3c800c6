"""Colonia board: the week: the header (week, day track, phase, who is awaited) and the decrees panel with the
caption of the last move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import kit
from render.colonia.layout import DAYS, DECREES, HEADER, fitting, panel, short_decree, short_name
from render.kit import BOARD, BOARD_DARK, INK, INK_SOFT, MIN_FONT, PAPER, PHONE_MIN, Box, Canvas, mix
from rules.colonia.names import _

if TYPE_CHECKING:
    from rules.colonia.views import ColoniaView


def draw_header(cv: Canvas, view: ColoniaView, names: Sequence[str] | None) -> None:
    cv.region("header", HEADER)
    row = HEADER.inset(12, 6)
    label = _("Week {week}/6").format(week=view.get("week", 1))
    # as wide as the language needs (170 px holds English); the day track follows the drawn text
    week = cv.text_in(Box(row.x, row.y, max(170.0, kit.text_width(label, MIN_FONT, "bold") + 2), row.h), label,
                      MIN_FONT, "bold", PAPER, "left")
    day = int(view.get("day") or 1)
    x = week.x2 + 18
    for i, label in enumerate(DAYS):
        cell = Box(x + i * 58, row.y, 54, row.h)
        if i + 1 < day:
            fill, ink = mix(BOARD_DARK, kit.TABLE, 0.45), mix(PAPER, kit.TABLE, 0.35)
        elif i + 1 == day:
            fill, ink = kit.GOLD, INK
        else:
            fill, ink = BOARD, INK_SOFT
        cv.draw.rounded_rectangle(cell.rect, radius=8, fill=fill)
        cv.text_in(cell, fitting(cell.w, "cond", _(label), _(label)[:1]), MIN_FONT, "cond", ink)
    x += 7 * 58 + 14
    # on a phone the week, the day track and the phase are details the words give; whose turn reads (below)
    cv.in_words("header", "week", "day_name", "phase")
    if view.get("over"):
        cv.text_in(Box(x, row.y, row.x2 - x, row.h), _("Game over"), MIN_FONT, "bold", PAPER, "left")
        return
    phase = str(view.get("phase") or "")
    options = [phase.split(": ", 1)[1] if ": " in phase else phase]
    vote = view.get("vote") or None
    if vote:
        did = str(vote["decree"])
        options = [_("Vote: {decree}").format(decree=short_decree(did)), short_decree(did),
                   _("Vote: {decree}").format(decree=did), did]
    waiting = [s for s in view.get("to_act") or [] if isinstance(s, int)]
    # Whose turn takes the right of the line at a size a phone reads (issue 41); the phase is drawn whole (in a
    # shorter wording, or left to the day track and the words, where a language's is too long) in what is left.
    turn_x = _draw_turn(cv, row, waiting, names)
    box = Box(x, row.y, turn_x - x - 16, row.h)
    phase = fitting(box.w, "cond", *(o[:1].upper() + o[1:] for o in options), " ")
    cv.text_in(box, phase.strip(), MIN_FONT, "cond", PAPER, "left")


#: whose turn: tokens and name at the smallest size a phone reads on the 1280 px board
TURN = PHONE_MIN


def _draw_turn(cv: Canvas, row: Box, waiting: Sequence[int], names: Sequence[str] | None) -> float:
    """Every awaited seat's token, right-aligned in ``row``, and the name when one seat is awaited (cut past a third
    of the line: the players table and the words give it whole); returns the block's left edge."""
    if not waiting:
        return row.x2
    with cv.element("turn"):
        if len(waiting) == 1:
            label = short_name(waiting[0], names)
            name_w = min(kit.text_width(label, TURN, "bold") + 2, row.w / 3)
            left = row.x2 - name_w - TURN - 10
            cv.token(waiting[0], (left + TURN / 2, row.cy), TURN)
            cv.text((left + TURN + 10, row.cy), label, TURN, "bold", PAPER, "lm", max_width=name_w)
            return left
        left = row.x2 - len(waiting) * (TURN + 6) + 6
        for i, s in enumerate(waiting):
            cv.token(s, (left + i * (TURN + 6) + TURN / 2, row.cy), TURN)
        return left


def draw_decrees(cv: Canvas, view: ColoniaView, marks: dict[str, Box], seat: int | None,
                 last: tuple[str, str]) -> None:
    note = _("lean council") if view.get("lean_council") else ""
    content = panel(cv, "decrees", DECREES, _("Decrees"), note)
    decrees = view.get("decrees") or []
    body, foot = content.rows(1, -36, gap=4)
    blocks = body.rows(1, 1, 1, gap=4)
    votes = {v["decree"]: v for v in view.get("votes") or []}
    vote = view.get("vote") or None
    if not decrees:
        cv.text_in(blocks[0], fitting(blocks[0].w, "cond", _("revealed on Monday"), " ").strip(), MIN_FONT, "cond",
                   INK_SOFT, "left")
    for block, d in zip(blocks, decrees, strict=False):
        top, bottom = block.rows(1, 1)
        day_box = Box(top.x, top.y + 2, 54, top.h - 4)
        cv.draw.rounded_rectangle(day_box.rect, radius=6, fill=BOARD_DARK, outline=INK_SOFT, width=2)
        weekday = DAYS[int(d.get("day", 1)) - 1]
        cv.text_in(day_box, fitting(day_box.w, "cond", _(weekday), _(weekday)[:1]), MIN_FONT, "cond", INK)
        title = Box(top.x + 62, top.y, top.w - 62, top.h)
        cv.text_in(title, fitting(title.w, "cond", short_decree(d["id"]), d["id"]),
                   MIN_FONT, "cond", INK, "left")
        status = Box(bottom.x + 62, bottom.y, bottom.w - 62, bottom.h)
        result = d.get("result")
        v = votes.get(d["id"])
        if result:
            ok = result == "passed"
            tally = f" {v['yes_votes']}:{v['no_votes']}" if v else ""
            said = _("✓ passed") if ok else _("✗ rejected")
            cv.text_in(status, fitting(status.w, "cond", said + tally, said), MIN_FONT, "cond",
                       kit.GOOD if ok else kit.BAD, "left")
        elif vote and vote.get("decree") == d["id"]:
            voters, cast = vote.get("voters") or [], vote.get("cast") or []
            count = f"{len(cast)}/{len(voters)}"
            text = fitting(status.w, "cond", _("voting: {cast}/{voters} cast").format(cast=len(cast),
                                                                                     voters=len(voters)), count) \
                if len(cast) < len(voters) else _("tie: mayor decides")
            cv.text_in(status, text, MIN_FONT, "cond", kit.hex_rgb("#b5651d"), "left")
        else:
            cv.text_in(status, _("to come"), MIN_FONT, "cond", INK_SOFT, "left")
        marks[f"decree {d['id']}"] = block
    if last[0]:  # the last move, framed in the ring's colour, with the mover's token
        cv.draw.rounded_rectangle(foot.rect, radius=12, fill=PAPER, outline=kit.HIGHLIGHT, width=3)
        x = foot.x + 8
        if seat is not None:
            cv.token(seat, (foot.x + 24, foot.cy), 28)
            x = foot.x + 44
        room = Box(x, foot.y, foot.x2 - x - 8, foot.h)
        said = fitting(room.w, "cond", *last)
        if kit.text_width(said, MIN_FONT, "cond") <= room.w:  # else the ring and the token say it
            cv.text_in(room, said, MIN_FONT, "cond", INK, "left")
