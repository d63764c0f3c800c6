"""Colonia board — owned by the colonia board helper.

The public board (market, craftsmen, harbour, relics, players in turn order, decrees), one player's
screen, and the final scores. Regions (1280 x 800):

    header: week, the day track, the phase and who is awaited
    market (8 stalls)            | harbour (4 berths, departure stick)
    craftsmen (5 order columns)  | relic display (10 + 2 extra spaces)
    players in turn order        | decrees of the week, last move

Pictures (goods, cities, relic cards, shrines) live in ``render/colonia_art.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from render import colonia_art as art
from render import kit
from render.kit import BOARD, BOARD_DARK, INK, INK_SOFT, MIN_FONT, PAPER, Box, Canvas, mix
from rules.colonia.names import _, _n, name
from rules.colonia.views import members_out, step_of
from rules.words import N_

if TYPE_CHECKING:
    from rules.colonia.views import ColoniaPlayer, ColoniaPrivate, ColoniaView
    from rules.core import Event

TITLE = 38  # height of a panel's title row
FRAME = 7  # a panel's frame at each side, outside its region (see ``panel``)
# TRANSLATORS: the days of the week in two letters (the day track, the decrees' days, the street columns)
DAYS = (N_("Mo"), N_("Tu"), N_("We"), N_("Th"), N_("Fr"), N_("Sa"), N_("Su"))
STREETS = ("tuesday", "wednesday", "thursday", "friday")
ROMAN = ("I", "II", "III", "IV", "V", "VI")
STONE = kit.hex_rgb("#cfc6b4")  # the street columns
BAND = mix(BOARD, BOARD_DARK, 0.55)  # a panel's title band
ORDER_SPACES = 10  # spaces per craftsman column (rules data); fewer are drawn while the column is short
LIT = mix(kit.GOOD, PAPER, 0.72)  # order spaces above a craftsman's stick (delivered on Thursday)
SHORT_DECREES = {
    "D01": N_("+1 on every stall"), "D02": N_("Foreign stalls 7–8"), "D03": N_("Homecoming: Tue"),
    "D04": N_("+2 raw materials"), "D05": N_("Homecoming: Wed"), "D06": N_("Saddler +2"),
    "D07": N_("Wheelwright +2"), "D08": N_("Painter +2"), "D09": N_("Tailor +2"), "D10": N_("Shoemaker +2"),
    "D11": N_("2 ships sail now"), "D12": N_("1 ship sails now"), "D13": N_("Homecoming: Thu"),
    "D14": N_("Lucky find"), "D15": N_("Extra cargo holds"), "D16": N_("2 new relics"), "D17": N_("Lean council"),
    "D18": N_("Money changers"),
}


def short_decree(did: str) -> str:
    return _(SHORT_DECREES[did]) if did in SHORT_DECREES else did

# Region boxes of the public board.
HEADER = Box(0, 0, kit.W, 52)
MARKET = Box(8, 60, 628, 150)
CRAFTSMEN = Box(8, 218, 628, 282)
# On market day (and while a decree that fills stalls is voted on) the market grows so its cubes can be read at
# phone width; the craftsmen give up the room.
MARKET_FOCUS = Box(8, 60, 628, 206)
CRAFTSMEN_SMALL = Box(8, 274, 628, 226)
HARBOUR = Box(644, 60, 628, 238)
RELICS = Box(644, 306, 628, 194)
PLAYERS = Box(8, 508, 844, 284)
DECREES = Box(860, 508, 412, 284)


@dataclass
class Board(Canvas):
    """A canvas that also records its places (stalls, order cells, holds, relic cards, rows, decrees) and what
    the last-move ring marks (for the tests)."""

    spots: dict[str, Box] = field(default_factory=dict)
    marks: list[tuple[str, Box]] = field(default_factory=list)

    def mark(self, what: str, box: Box) -> None:
        self.marks.append((what, box))
        self.highlight(box, radius=12, width=5)


# ---------------------------------------------------------------- helpers
def framed(box: Box) -> Box:
    """The region of a panel drawn in ``box``: the box less its frame at each side (see ``panel``)."""
    return Box(box.x + FRAME, box.y, box.w - 2 * FRAME, box.h)


def panel(cv: Canvas, name: str, box: Box, title: str, note: str = "", short: str = "") -> Box:
    """A parchment panel with a title row (``short`` where a language's ``title`` does not fit); returns the content
    box below the title. The region registered is the panel less its frame's 7 px at each side (nothing is drawn
    there but the frame): a half-width panel (628 px) is then 614 px, which the zoomed panel for phones
    (``render.focus``, 800 px) enlarges by more than 1.3."""
    cv.region(name, framed(box))
    cv.panel(box)
    band = Box(box.x + 2, box.y + 2, box.w - 4, TITLE - 2)
    cv.draw.rounded_rectangle(band.rect, radius=12, fill=BAND)
    cv.draw.rectangle((round(band.x), round(band.y2 - 12), round(band.x2), round(band.y2)), fill=BAND)
    head = Box(box.x + 12, box.y + 2, box.w - 24, TITLE)
    drawn = cv.text_in(head, fitting(head.w, "bold", title, short), MIN_FONT, "bold", INK, "left")
    room = Box(drawn.x2 + 16, head.y, head.x2 - drawn.x2 - 16, head.h)
    if note and kit.text_width(note, MIN_FONT, "cond") <= room.w:  # a note is an aside: left out, never cut
        cv.text_in(room, note, MIN_FONT, "cond", INK_SOFT, "right")
    return Box(box.x + 8, box.y + TITLE + 4, box.w - 16, box.h - TITLE - 12)


def short_name(seat: int, names: Sequence[str] | None) -> str:
    return kit.seat_name(seat, names)


# Only these verbs are ever drawn as the last move: family cards, votes, lucky finds and money changing are
# secret (rules: ColoniaGame.secret_verbs), so anything unknown is left out rather than risked.
PUBLIC_VERBS = frozenset({"stall", "order", "load", "extra", "give", "buy", "insure", "enshrine", "keep", "decide",
                          "pass"})


def parse_last(last: Any) -> tuple[int | None, str, str]:
    seat, action = kit.last_action(last)
    verb, _sep, rest = action.strip().partition(" ")
    if verb not in PUBLIC_VERBS:
        return None, "", ""
    return seat, verb, rest.strip()


@dataclass(frozen=True)
class LastMove:
    """The last move as data, read from its public events (``last_from_events``): the mover, the verb and its
    argument as ``parse_last`` reads them from the action (``seat=None, verb=""``: nothing to draw). ``draw_board``
    takes it in place of an action hint."""

    seat: int | None
    verb: str
    rest: str


NOTHING = LastMove(None, "", "")
# The public events of secret moves (family card, vote, money changing), drawn as nothing like their action. (A
# good's choice has only a private event: ``last_from_events`` finds no move and the fallback draws nothing.)
_SECRET_MOVES = frozenset({"family_chosen", "vote_cast", "exchange_done"})


def last_from_events(view: ColoniaView, events: Sequence[Event]) -> LastMove | None:
    """The last move from its public events: the mover's event comes first (forced passes of other seats and the
    automatic steps that follow never name a move). None where the events do not say what the move was, so the
    action fallback draws it: ``extra <ship>`` (claiming an extra hold emits nothing until its good is given) and
    ``keep shrine empty`` (no event either). tests/render/test_colonia.py checks that this reads what
    ``parse_last`` reads from the action on every step of whole bot games."""
    for event in events:
        p = event.params
        seat = p.get("seat")
        kind = event.kind
        if kind in _SECRET_MOVES:
            return NOTHING
        if kind == "vote_result":  # not after a vote cast: the mayor broke the tie (``decide yes|no``)
            order = view.get("turn_order") or []
            return LastMove(order[0], "decide", "yes" if p["passed"] else "no") if order else None
        if not isinstance(seat, int):
            continue
        if kind == "pass" and not p.get("forced"):
            return LastMove(seat, "pass", "")
        if kind == "stall":
            return LastMove(seat, "stall", str(p["stall"]))
        if kind == "order":
            return LastMove(seat, "order", str(p["craftsman"]))
        if kind == "load":
            return LastMove(seat, "load", f"{p['ship']} {p['hold']}")
        if kind == "extra_load":
            return LastMove(seat, "give", str(p["good"]))
        if kind in ("buy", "insure", "enshrine"):
            return LastMove(seat, kind, str(p["relic"]))
    return None


def last_text(view: ColoniaView, verb: str, rest: str) -> str:
    """A short public description of the last move (the mover is shown by their token)."""
    berth = {s["id"]: ROMAN[s["berth"] - 1] for s in view.get("harbour", {}).get("ships", [])}
    words = rest.split()
    if verb == "stall":
        what = _("took stall {stall}").format(stall=rest)
    elif verb == "order":
        what = _("{craftsman} order").format(craftsman=name(rest))
    elif verb == "load" and len(words) == 2:
        what = _("loaded {berth} hold {hold}").format(berth=berth.get(words[0], words[0]), hold=words[1])
    elif verb == "extra":
        what = _("extra hold on {berth}").format(berth=berth.get(rest, rest))
    elif verb == "give":
        what = _("loaded a {good}").format(good=name(rest))
    elif verb == "buy":
        what = _("bought {relic}").format(relic=_relic_label(rest))
    elif verb == "insure":
        what = _("insured {relic}").format(relic=_relic_label(rest))
    elif verb == "enshrine":
        what = _("enshrined {relic}").format(relic=_relic_label(rest))
    elif verb == "keep":
        what = _("shrine left empty")
    elif verb == "decide":
        what = _("mayor decided yes") if rest == "yes" else _("mayor decided no")
    elif verb == "pass":
        what = _("passed")
    else:
        what = f"{verb} {rest}".strip()
    return what


def last_short(verb: str) -> str:
    """A shorter wording of the last move, for a language whose full one does not fit its box."""
    shorter = {"stall": _("took a stall"), "order": _("placed an order"), "load": _("loaded a hold"),
               "extra": _("extra hold"), "give": _("loaded the extra hold"), "buy": _("bought a relic"),
               "insure": _("insured a relic"), "enshrine": _("filled a shrine")}
    return shorter.get(verb, "")


def fitting(width: float, style: str, *options: str) -> str:
    """The first of ``options`` that fits ``width`` at the board's font (the last one if none does)."""
    shown = [o for o in options if o]
    for text in shown:
        if kit.text_width(text, MIN_FONT, style) <= width:
            return text
    return shown[-1] if shown else ""


def _relic_label(relic_id: str) -> str:
    """"£12 relic" or "M shrine" from a relic id such as LON-12-1 or BER-SHRINE."""
    code, _sep, tail = relic_id.partition("-")
    sign = art.SIGN_OF_CITY.get(art.CITY_OF_CODE.get(code, ""), "")
    price = tail.partition("-")[0]
    return _("{sign} shrine").format(sign=sign) if price == "SHRINE" else _("{sign}{price} relic").format(
        sign=sign, price=price)


# ---------------------------------------------------------------- the public board
def draw_board(view: ColoniaView, last: Any, names: Sequence[str] | None) -> Board:
    cv = Board()
    if isinstance(last, LastMove):  # the last move as data (its events)
        seat, verb, rest = last.seat, last.verb, last.rest
    else:  # the fallback: a public action hint
        seat, verb, rest = parse_last(last)
    marks = cv.spots
    draw_header(cv, view, names)
    market_box, craftsmen_box = left_boxes(view)
    draw_market(cv, view, marks, market_box)
    draw_craftsmen(cv, view, marks, craftsmen_box)
    draw_harbour(cv, view, marks)
    draw_relics(cv, view, marks)
    draw_players(cv, view, names, marks)
    draw_decrees(cv, view, marks, seat, (last_text(view, verb, rest), last_short(verb)) if verb else ("", ""))
    target = _last_target(view, seat, verb, rest, marks)
    if target is not None:
        cv.mark(*target)
    return cv


def _last_target(view: ColoniaView, seat: int | None, verb: str, rest: str,
                 marks: dict[str, Box]) -> tuple[str, Box] | None:
    keys: list[str] = []
    if verb == "stall":
        keys = [f"stall {rest}"]
    elif verb == "order":
        keys = [f"order {rest} {seat}", f"craftsman {rest}"]
    elif verb == "load":
        keys = [f"hold {rest}"]
    elif verb == "extra":
        keys = [f"extra {rest}"]
    elif verb == "give":
        keys = [f"extra seat {seat}", "harbour"]
    elif verb == "insure":
        keys = [f"relic {rest}"]
    elif verb in ("buy", "enshrine", "keep", "pass"):
        keys = [f"player {seat}", "relics" if verb == "buy" else ""]
    elif verb == "decide":
        votes = view.get("votes") or []
        keys = [f"decree {votes[-1]['decree']}"] if votes else []
    for key in keys:
        if key in marks:
            return key, marks[key]
    return None


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
    # The phase is drawn whole (in a shorter wording, or left to the day track, where a language's is too long); the
    # awaited player's chip takes the rest (their name may be cut).
    box = Box(x, row.y, row.x2 - x - 32 * max(1, len(waiting)) - 12, row.h)
    phase = fitting(box.w, "cond", *(o[:1].upper() + o[1:] for o in options), " ")
    drawn = cv.text_in(box, phase.strip(), MIN_FONT, "cond", PAPER, "left")
    room = row.x2 - drawn.x2 - 16
    if len(waiting) == 1:
        want = kit.text_width(short_name(waiting[0], names), MIN_FONT, "cond") + 64
        if room >= 130:
            chip_w = min(want, 360.0, room)
            cv.player_chip(Box(row.x2 - chip_w, row.y, chip_w, row.h), waiting[0], short_name(waiting[0], names),
                           MIN_FONT, "cond")
        else:
            cv.token(waiting[0], (row.x2 - 18, row.cy), 32)
    else:
        for i, s in enumerate(waiting):
            cv.token(s, (row.x2 - (len(waiting) - i) * 32 + 16, row.cy), 30)


def left_boxes(view: ColoniaView) -> tuple[Box, Box]:
    """The market's and the craftsmen's boxes: the market is larger while its stalls are the day's decision."""
    kind = (view.get("loop") or {}).get("kind")
    decree = (view.get("vote") or {}).get("decree")
    if kind == "stall" or decree in ("D01", "D02"):
        return MARKET_FOCUS, CRAFTSMEN_SMALL
    return MARKET, CRAFTSMEN


MATERIAL_NAMES = ("leather", "iron", "wood", "linen", "fur")


def _initials(words: Sequence[str]) -> tuple[str, ...]:
    """Two letters of each word, three where two would not tell two words apart (German Leder and Leinen)."""
    short = [w[:2].capitalize() for w in words]
    return tuple(w[:3].capitalize() if short.count(s) > 1 else s for w, s in zip(words, short, strict=True))


def _legend(cv: Canvas, box: Box) -> None:
    """The cube colours by name, right-aligned in ``box`` (the market has no other key to them); initials where the
    names do not fit."""
    names = tuple(name(m) for m in MATERIAL_NAMES)
    for words in (names, _initials(names)):
        widths = [20 + kit.text_width(w, MIN_FONT, "cond") for w in words]
        if sum(widths) + 8 * (len(widths) - 1) <= box.w:
            break
    x = box.x2 - sum(widths) - 8 * (len(widths) - 1)
    for m, word, w in zip(MATERIAL_NAMES, words, widths, strict=True):
        art.cube(cv, m, (x + 8, box.cy), 16)
        cv.text_in(Box(x + 19, box.y, w - 19, box.h), word, MIN_FONT, "cond", INK, "left")
        x += w + 8


def draw_market(cv: Canvas, view: ColoniaView, marks: dict[str, Box], box: Box = MARKET) -> None:
    stalls = view.get("market") or []
    content = panel(cv, "market", box, _("Market"))
    title = kit.text_width(_("Market"), MIN_FONT, "bold")
    _legend(cv, Box(box.x + 12 + title + 14, box.y + 2, box.w - 24 - title - 14, TITLE))
    cells = content.cols(*([1] * max(1, len(stalls))), gap=6)
    for cell, stall in zip(cells, stalls, strict=False):
        extra = bool(stall.get("extra"))
        used = stall.get("seat") is not None or stall.get("total", 0) > 0
        fill = mix(BOARD, BOARD_DARK, 0.4) if not extra else mix(kit.WATER, PAPER, 0.7)
        if not used:
            fill = mix(fill, BOARD, 0.6)
        cv.draw.rounded_rectangle(cell.rect, radius=8, fill=fill, outline=INK_SOFT, width=2)
        label, body = cell.rows(-30, 1)
        cv.text_in(label, str(stall.get("stall", "")), MIN_FONT, "cond",
                   INK if used else INK_SOFT)
        if stall.get("seat") is not None:
            art.seat_cell(cv, body.inset(5, 6), int(stall["seat"]), int(stall.get("members") or 0))
        else:
            cubes = [m for m, k in (stall.get("materials") or {}).items() for _ in range(int(k))]
            # As large as the stall allows: 2 columns when 4 rows fit (market day), else 3 (a stall holds 7 at most).
            cols = 2 if body.h >= 4 * 28 and len(cubes) <= 8 else 3 if len(cubes) <= 9 else 4
            rows_needed = max(1, -(-len(cubes) // cols))
            pitch = min((body.w - 4) / cols, (body.h - 4) / max(3, rows_needed), 32.0)
            size = int(pitch - 3)
            rows = max(1, -(-len(cubes) // cols))
            top = body.cy - rows * pitch / 2 + pitch / 2
            for i, m in enumerate(cubes):
                r, c = divmod(i, cols)
                art.cube(cv, m, (body.cx + (c - (cols - 1) / 2) * pitch, top + r * pitch), size)
        marks[f"stall {stall.get('stall')}"] = cell


def draw_craftsmen(cv: Canvas, view: ColoniaView, marks: dict[str, Box], box: Box = CRAFTSMEN) -> None:
    crafts = view.get("craftsmen") or []
    card = view.get("week_card") or {}
    note = _("{n} extra dice").format(n=card["dice"]) if card else ""
    content = panel(cv, "craftsmen", box, _("Craftsmen"), note)
    rows = content.rows(*([1] * max(1, len(crafts))), gap=6)
    for row, craft in zip(rows, crafts, strict=False):
        icon_box, inputs, spaces, cost = row.cols(-44, -46, 1, -58, gap=6)
        stick = int(craft.get("stick") or 0)
        art.good(cv, craft["good"], (icon_box.cx, icon_box.cy), min(40, int(row.h)))
        for k, m in enumerate(craft.get("inputs") or []):
            art.cube(cv, m, (inputs.x + 11 + k * 24, inputs.cy), 20)
        orders = craft.get("orders") or []
        n = min(ORDER_SPACES, max(8, stick + 1, len(orders) + 1))
        pitch = spaces.w / n
        for i in range(n):
            cell = Box(spaces.x + i * pitch + 1, row.y, pitch - 4, row.h)
            if i < len(orders):
                o = orders[i]
                art.seat_cell(cv, cell, int(o["seat"]), int(o.get("members") or 0))
                marks[f"order {craft['name']} {o['seat']}"] = cell  # the latest order of a seat wins
                marks[f"order {craft['name']} #{i + 1}"] = cell
            else:
                cv.draw.rounded_rectangle(cell.rect, radius=8, fill=LIT if i < stick else BOARD,
                                          outline=BOARD_DARK, width=2)
        bar_x = spaces.x + stick * pitch - 3
        cv.draw.rounded_rectangle((round(bar_x - 3), round(row.y - 3), round(bar_x + 3), round(row.y2 + 3)),
                                  radius=3, fill=art.WOOD, outline=INK, width=1)
        chip = cost.inset(0, 3)
        cv.draw.rounded_rectangle(chip.rect, radius=10, fill=PAPER, outline=INK_SOFT, width=2)
        cv.paste(art.meeple_plain(24), (chip.x + 16, chip.cy))
        cv.text_in(Box(chip.x + 28, chip.y, chip.w - 30, chip.h), str(craft.get("next_cost", 1)), MIN_FONT, "cond",
                   INK)
        marks[f"craftsman {craft['name']}"] = row


GOOD_PITCH = 30  # the smallest pitch of a good in a hold; larger where the row leaves room (phone width)
MAX_GOOD_PITCH = 42


def _hold_width(goods: int, pay: int, pitch: float = GOOD_PITCH) -> float:
    return goods * pitch + 16 + kit.text_width(str(pay), MIN_FONT, "bold")


def _good_pitch(ships: Sequence[Mapping[str, Any]], width: float, height: float) -> float:
    """One pitch for every hold, as large as the widest ship row (extra hold included) and the row height allow."""
    pitch = min(float(MAX_GOOD_PITCH), height)
    for ship in ships:
        holds = list(ship.get("holds") or [])
        goods = sum(len(h["goods"]) for h in holds)
        fixed = sum(_hold_width(0, int(h["pay"])) + 6 for h in holds)
        if ship.get("extra_open") or ship.get("extra_seat") is not None:
            goods += 1
            fixed += _hold_width(0, 2) + 6
        if goods:
            pitch = min(pitch, (width - fixed) / goods)
    return max(float(GOOD_PITCH), pitch)


def draw_harbour(cv: Canvas, view: ColoniaView, marks: dict[str, Box]) -> None:
    harbour = view.get("harbour") or {}
    ships = harbour.get("ships") or []
    departing = int(harbour.get("departing") or 0)
    note = _n("{n} sails Saturday", "{n} sail Saturday", departing).format(n=departing) if departing else ""
    if harbour.get("extra_holds"):
        note = _n("{n} sails Sat · +1 hold", "{n} sail Sat · +1 hold", departing).format(n=departing) if departing \
            else _("+1 hold each")
    content = panel(cv, "harbour", HARBOUR, _("Harbour"), note)
    rows = content.rows(*([1] * 4), gap=8)
    marks["harbour"] = HARBOUR
    pitch = _good_pitch(ships, content.w - 40 - 38 - 12, rows[0].h) if rows else float(GOOD_PITCH)
    for row, ship in zip(rows, ships, strict=False):
        berth, flag, rest = row.cols(-40, -38, 1, gap=6)
        sails = ship["berth"] <= departing
        cv.draw.rounded_rectangle(berth.rect, radius=8, fill=kit.GOLD if sails else BOARD_DARK, outline=INK_SOFT,
                                  width=2)
        cv.text_in(berth, ROMAN[ship["berth"] - 1], MIN_FONT, "cond", INK)
        city = str(ship.get("city", ""))
        col = art.city_colour(city)
        cv.draw.rounded_rectangle(flag.rect, radius=8, fill=col, outline=INK, width=2)
        cv.text_in(flag, art.SIGN_OF_CITY.get(city, "?"), MIN_FONT, "bold", kit.ink_on(col))
        x = rest.x
        holds = list(enumerate(ship.get("holds") or []))
        for h, hold in holds:
            w = _hold_width(len(hold["goods"]), int(hold["pay"]), pitch)
            box = Box(x, row.y, w, row.h)
            _draw_hold(cv, box, hold["goods"], int(hold["pay"]), hold.get("seat"), pitch=pitch)
            marks[f"hold {ship['id']} {h + 1}"] = box
            x += w + 6
        if ship.get("extra_open") or ship.get("extra_seat") is not None:
            box = Box(x, row.y, _hold_width(1, 2, pitch), row.h)
            _draw_hold(cv, box, ["any"], 2, ship.get("extra_seat"), extra=True, pitch=pitch)
            marks[f"extra {ship['id']}"] = box
            if ship.get("extra_seat") is not None:
                marks[f"extra seat {ship['extra_seat']}"] = box
            x += box.w + 6
        room = Box(x + 4, row.y, rest.x2 - x - 4, row.h)
        label = art.city_label(city)
        if kit.text_width(label, MIN_FONT, "cond") > room.w:
            label = name(city)[:3].upper()
        if kit.text_width(label, MIN_FONT, "cond") <= room.w:
            cv.text_in(room, label, MIN_FONT, "cond", mix(col, INK, 0.45), "right")
        if sails and ship["berth"] == departing and departing < len(ships):
            y = row.y2 + 4
            cv.draw.rounded_rectangle((round(row.x - 2), round(y - 3), round(row.x2 + 2), round(y + 3)), radius=3,
                                      fill=art.WOOD, outline=INK, width=1)


def _draw_hold(cv: Canvas, box: Box, goods: list[str], pay: int, seat: Any, extra: bool = False,
               pitch: float = GOOD_PITCH) -> None:
    """A hold: its goods and pay; once loaded, the loader's colour and token (the goods fade). The decree's extra
    hold (any one good) has a blue rim."""
    loaded = isinstance(seat, int)
    fill = mix(kit.player(seat).colour, PAPER, 0.55) if loaded else PAPER
    outline = INK if loaded else (INK_SOFT if not extra else kit.WATER_DARK)
    cv.draw.rounded_rectangle(box.rect, radius=8, fill=fill, outline=outline, width=3 if extra else 2)
    x = box.x + 5
    size = int(min(pitch - 2, box.h - 4))
    for g in goods:
        art.good(cv, g, (x + pitch / 2, box.cy), size, faded=loaded)
        if g == "any":
            cv.text((x + pitch / 2, box.cy), "?", MIN_FONT, "bold", INK, "mm")
        x += pitch
    cv.text_in(Box(x + 2, box.y, box.x2 - x - 4, box.h), str(pay), MIN_FONT, "bold", INK)
    if loaded:
        cv.token(int(seat), (box.x + 5 + pitch * len(goods) / 2, box.cy), min(34, int(box.h - 6)))


def draw_relics(cv: Canvas, view: ColoniaView, marks: dict[str, Box]) -> None:
    relics = view.get("relics") or {}
    display = list(relics.get("display") or [])
    extra = list(relics.get("extra") or [])
    deck = (view.get("deck_counts") or {}).get("relics")
    content = panel(cv, "relics", RELICS, _("Relics"), _("deck {n}").format(n=deck) if deck is not None else "")
    marks["relics"] = RELICS
    main, side = content.cols(5, 1, gap=18)
    half = (len(display) + 1) // 2 or 1
    cells = main.grid(len(display), half, gap=8) if display else []
    for cell, card in zip(cells, display, strict=False):
        art.relic_card(cv, cell, card)
        if card:
            marks[f"relic {card['id']}"] = cell
    side_cells = side.rows(*([1] * max(1, len(extra))), gap=8) if extra else []
    for cell, card in zip(side_cells, extra, strict=False):
        art.relic_card(cv, cell, card, extra=True)
        if card:
            marks[f"relic {card['id']}"] = cell


# Columns of the players table: turn position (crown for the mayor), name, members at home (reserve) and out on the
# board, the four street spaces, this week's family card, the cards left, shrines with the VP they hold. (There is no
# VP column: relics stay behind the screens until the end, so the only public VP are the filled shrines.)
PLAYER_COLS = (28, 222, 50, 50, 52, 52, 52, 52, 56, 126, 88)
POS, NAME, HOME, OUT, TUE, WED, THU, FRI, CARD, LEFT, SHRINES = range(11)
PASSED = N_("passed")


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
    cv.paste(art.meeple_plain(28), (head[OUT].cx, head[OUT].cy))
    cv.paste(kit.icon_sprite("cards", 30), (head[CARD].cx, head[CARD].cy))
    cv.paste(art.shrine_sprite(INK_SOFT, 28, True), (head[SHRINES].cx, head[SHRINES].cy))
    for line, seat in zip(lines[1:], order, strict=False):
        p = players[seat]
        cells = line.cols(*[-w for w in widths])
        acting = seat in to_act
        passed = bool(p.get("passed"))
        if acting:
            cv.draw.rounded_rectangle(line.rect, radius=10, fill=mix(kit.GOLD, PAPER, 0.45), outline=INK, width=2)
        ink = INK_SOFT if passed else INK
        if seat == mayor:
            cv.paste(art.crown_sprite(26), (cells[POS].cx + 1, cells[POS].cy))
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
            cv.paste(art.shrine_sprite(art.city_colour(city), 28, bool(shrine.get("relic"))),
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


# ---------------------------------------------------------------- the zoomed panel for phones
#: the day's loop -> the board's region it is about
LOOP_REGIONS = {"stall": "market", "order": "craftsmen", "load": "harbour", "buy": "relics", "insure": "relics"}


def focus_region(view: Mapping[str, Any]) -> str | None:
    """The board's region the awaited decision is about (``render.focus`` enlarges it for phones): the decree on
    the vote, the players table on Tuesday (family cards), the market, the craftsmen, the harbour or the relics
    while their loop runs (the harbour also for a decree's extra hold, the relics' prices for the money changers);
    None when nobody is awaited or the decision lies behind a screen (a lucky find's good, a shrine's relic)."""
    if view.get("over") or not view.get("to_act"):
        return None
    if view.get("vote"):
        return "decrees"
    step = step_of(view)
    if step:
        return {"family": "players", "extra": "harbour", "exchange": "relics"}[step]
    if (view.get("pending") or {}).get("kind") == "shrine":
        return None
    return LOOP_REGIONS.get(str((view.get("loop") or {}).get("kind")))


# ---------------------------------------------------------------- the private screen
MONEY = Box(8, 64, 1264, 150)
MATERIALS = Box(8, 222, 410, 300)
GOODS = Box(426, 222, 410, 300)
FAMILY = Box(844, 222, 428, 300)
HOLDINGS = Box(8, 530, 1264, 262)


def draw_private(view: ColoniaView, names: Sequence[str] | None) -> Canvas:
    """What lies behind ``view["viewer"]``'s screen (plus their public family state, for convenience)."""
    cv = Canvas()
    me = view.get("me")
    head = cv.region("header", HEADER)
    row = head.inset(12, 6)
    if not me:  # a spectator has no screen
        cv.text_in(row, _("Spectator: no screen to show"), MIN_FONT, "bold", PAPER,
                   "left")
        return cv
    seat = int(me.get("seat", 0))
    found = next((p for p in view.get("players") or [] if p.get("seat") == seat), None)
    mine = found if found is not None else cast("ColoniaPlayer", {})  # a malformed view: draw what there is
    cv.player_chip(Box(row.x, row.y, 300, row.h), seat, short_name(seat, names), MIN_FONT, "cond")
    # The week and day at the right (shorter where a language's do not fit), "behind your screen" in what is left.
    week = _("Week {week}/6").format(week=view.get("week", 1))
    when = fitting(420, "cond", _("Week {week}/6 · {day}").format(week=view.get("week", 1),
                                                                  day=view.get("day_name", "")),
                   week, str(view.get("day_name", "")))
    drawn = cv.text_in(Box(row.x2 - 420, row.y, 420, row.h), when, MIN_FONT, "cond", PAPER, "right")
    room = Box(row.x + 316, row.y, min(520.0, drawn.x - 24 - row.x - 316), row.h)
    cv.text_in(room, fitting(room.w, "bold", _("behind your screen"), " ").strip(), MIN_FONT, "bold", PAPER, "left")

    money = me.get("money") or {}
    content = panel(cv, "money", MONEY, _("Money"))
    for tile, (currency, amount) in zip(content.cols(1, 1, 1, 1, gap=10), money.items(), strict=False):
        city = art.CITY_OF_CURRENCY.get(currency, "")
        cv.draw.rounded_rectangle(tile.rect, radius=10, fill=mix(art.city_colour(city), PAPER, 0.8),
                                  outline=INK_SOFT, width=2)
        coin = 64
        cx = tile.x + coin / 2 + 10
        cv.paste(art.coin_sprite(currency, coin), (cx, tile.cy))
        cv.text((cx, tile.cy), art.CURRENCY_SIGN.get(currency, "?"), MIN_FONT, "bold",
                kit.ink_on(art.city_colour(city)), "mm")
        text = Box(tile.x + coin + 22, tile.y + 2, tile.w - coin - 30, tile.h - 4)
        top, bottom = text.rows(1, 1)
        big = cv.text_in(top, str(amount), MIN_FONT + 12, "bold", INK, "left")
        after = Box(big.x2 + 10, top.y, top.x2 - big.x2 - 10, top.h)
        if kit.text_width(name(currency), MIN_FONT, "cond") <= after.w:
            cv.text_in(after, name(currency), MIN_FONT, "cond", INK, "left")
            cv.text_in(bottom, art.city_fit(city, bottom.w), MIN_FONT, "cond", INK_SOFT, "left")
        else:  # a longer currency name takes the city's line (the coin's colour and sign name the city)
            cv.text_in(bottom, name(currency), MIN_FONT, "cond", INK, "left")

    content = panel(cv, "materials", MATERIALS, _("Raw materials"), short=_("Materials"))
    materials = me.get("materials") or {}
    for line, (key, count) in zip(content.rows(*([1] * max(1, len(materials)))), materials.items(), strict=False):
        art.cube(cv, key, (line.x + 22, line.cy), 30)
        cv.text_in(Box(line.x + 50, line.y, line.w - 100, line.h), name(key), MIN_FONT, "cond",
                   INK if count else INK_SOFT, "left")
        cv.text_in(Box(line.x2 - 70, line.y, 60, line.h), str(count), MIN_FONT, "bold", INK if count else INK_SOFT,
                   "right")

    content = panel(cv, "goods", GOODS, _("Goods"))
    goods = me.get("goods") or {}
    for line, (key, count) in zip(content.rows(*([1] * max(1, len(goods)))), goods.items(), strict=False):
        art.good(cv, key, (line.x + 22, line.cy), 38)
        cv.text_in(Box(line.x + 50, line.y, line.w - 100, line.h), name(key), MIN_FONT, "cond",
                   INK if count else INK_SOFT, "left")
        cv.text_in(Box(line.x2 - 70, line.y, 60, line.h), str(count), MIN_FONT, "bold", INK if count else INK_SOFT,
                   "right")

    _draw_family(cv, view, me, mine)
    _draw_holdings(cv, me, mine)
    return cv


def _draw_family(cv: Canvas, view: ColoniaView, me: ColoniaPrivate, mine: ColoniaPlayer) -> None:
    content = panel(cv, "family", FAMILY, _("Family"))
    lines = content.rows(1, 1, 1, 1, 1, gap=2)
    cv.paste(art.meeple_plain(34, kit.player(int(me.get("seat", 0))).colour), (lines[0].x + 20, lines[0].cy))
    cv.text_in(Box(lines[0].x + 44, lines[0].y, lines[0].w - 44 - 84, lines[0].h), _("in reserve"), MIN_FONT, "cond",
               INK, "left")
    cv.text_in(Box(lines[0].x2 - 80, lines[0].y, 70, lines[0].h), str(mine.get("reserve", 0)), MIN_FONT, "bold",
               INK, "right")
    cv.text_in(Box(lines[1].x, lines[1].y, 170, lines[1].h), fitting(170, "cond", _("cards left"), " ").strip(),
               MIN_FONT, "cond", INK, "left")
    x = lines[1].x + 176
    for c in mine.get("cards_left") or []:
        tile = Box(x, lines[1].y + 2, 36, lines[1].h - 4)
        cv.draw.rounded_rectangle(tile.rect, radius=6, fill=PAPER, outline=INK, width=2)
        cv.text_in(tile, str(c), MIN_FONT, "bold", INK)
        x += 42
    choice = me.get("family_choice")
    card = mine.get("card")
    # each line has a shorter wording for a language whose first one does not fit
    texts: tuple[str, ...]
    if choice is not None:
        texts = (_("your card: {card} (secret)").format(card=choice), _("your card: {card}").format(card=choice))
    elif card is not None:
        played = 0 if mine.get("card_zero") else card
        texts = (_("played this week: {card}").format(card=played), _("family card {card}").format(card=played))
    else:
        texts = (_("no card played yet"), _("no card yet"))
    cv.text_in(lines[2], fitting(lines[2].w, "cond", *texts), MIN_FONT, "cond", INK, "left")
    out = members_out(view, int(me.get("seat", 0)))
    cv.text_in(lines[3], fitting(lines[3].w, "cond", _("on the board: {n}").format(n=out),
                                 _("board: {n}").format(n=out)), MIN_FONT, "cond", INK, "left")
    if me.get("ballot"):
        yes = me["ballot"] == "yes"
        ballot = fitting(lines[4].w, "cond", _("your vote: yes (secret)") if yes else _("your vote: no (secret)"),
                         _("your vote yes") if yes else _("your vote no"))
        cv.text_in(lines[4], ballot, MIN_FONT, "cond", INK, "left")
    elif me.get("exchange_from"):
        currency = name(str(me["exchange_from"]))
        cv.text_in(lines[4], fitting(lines[4].w, "cond", _("changing {currency}").format(currency=currency), currency),
                   MIN_FONT, "cond", INK, "left")


def _draw_holdings(cv: Canvas, me: ColoniaPrivate, mine: ColoniaPlayer) -> None:
    relics = [r for r in me.get("relics") or [] if r]
    shrines = mine.get("shrines") or []
    vp = sum(int(r.get("vp") or 0) for r in relics) + sum(int(s.get("vp") or 0) for s in shrines)
    content = panel(cv, "relics", HOLDINGS, _("Relics and shrines"), _("{vp} VP so far").format(vp=vp))
    items = len(relics) + len(shrines)
    if not items:
        cv.text_in(content, _("no relics yet"), MIN_FONT, "cond", INK_SOFT)
        return
    one_row = items <= 6
    columns = 6 if items <= 12 else 10
    area = content.inset(0, 30) if one_row else content
    cells = area.grid(columns if one_row else max(items, 2 * columns), columns, gap=10)
    for cell, card in zip(cells, relics, strict=False):
        art.relic_card(cv, cell, card, show_city=one_row)
    for cell, shrine in zip(cells[len(relics):], shrines, strict=False):
        art.shrine_card(cv, cell, shrine)


# ---------------------------------------------------------------- the final scores
RESULTS = Box(8, 64, 1264, 452)
WINDOWS = Box(8, 524, 1264, 268)
RESULT_COLS = (-64, 2.6, 1.2, 1.45, 1.55, 1.1, 1.2, 1.1, 1)


def abbreviated(text: str, width: float) -> str:
    """``text``, or where it does not fit ``width`` its longest head that does, ending in a consonant, with a dot
    ("Marchandises" -> "Marchand."): a column heading may be abbreviated, never cut."""
    if kit.text_width(text, MIN_FONT, "cond") <= width:
        return text
    for k in range(len(text) - 1, 1, -1):
        head = text[:k].rstrip(" .")
        if head[-1:].lower() in "aeiouyàâäéèêëíïîóôöúùûüáṽ" or not head[-1:].isalpha():
            continue
        if kit.text_width(head + ".", MIN_FONT, "cond") <= width:
            return head + "."
    return ""


def _result_cols(line: Box, header: Sequence[str]) -> tuple[tuple[float, ...], list[str]]:
    """``RESULT_COLS`` and the headings, or where a language's headings need more room than their share, fixed
    widths that give it to them from the player column (which keeps room for a chip), score columns first; a heading
    still too wide is abbreviated."""
    cells = line.cols(*RESULT_COLS, gap=6)
    widths = [cell.w for cell in cells]
    needs = [kit.text_width(label, MIN_FONT, "cond") + 4 for label in header]
    if all(needs[k] <= widths[k] for k in range(2, len(widths))):
        return RESULT_COLS, list(header)
    spare = max(0.0, widths[1] - 180.0)
    for k in range(2, len(widths)):
        grow = min(spare, max(0.0, needs[k] - widths[k]))
        widths[k] += grow
        widths[1] -= grow
        spare -= grow
    labels = [label if k < 1 else abbreviated(label, widths[k] - 4) for k, label in enumerate(header)]
    return tuple(-w for w in widths), labels


def draw_final(view: ColoniaView, names: Sequence[str] | None) -> Canvas:
    cv = Canvas()
    outcome: Mapping[str, Any] = view.get("outcome") or {}
    scores = list(outcome.get("scores") or view.get("scores") or [])
    ranks = list(outcome.get("ranks") or [1] * len(scores))
    breakdown = list(outcome.get("breakdown") or [{} for _ in scores])
    final = view.get("final") or {}
    holdings = {p["seat"]: p for p in final.get("players") or []}
    head = cv.region("header", HEADER)
    row = head.inset(12, 6)
    title = _("Colonia · final scores")
    cv.text_in(Box(row.x, row.y, max(500.0, kit.text_width(title, MIN_FONT, "bold") + 2), row.h), title, MIN_FONT,
               "bold", PAPER, "left")
    winners = [s for s, r in enumerate(ranks) if r == 1]
    if winners:
        who = ", ".join(short_name(s, names) for s in winners)
        label = _("Winner: {names}").format(names=who) if len(winners) == 1 else _("Shared win: {names}").format(
            names=who)
        cv.text_in(Box(row.x + 520, row.y, row.w - 520, row.h), label, MIN_FONT, "bold", kit.GOLD, "right")

    cv.region("results", RESULTS)
    cv.panel(RESULTS)
    order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
    inner = RESULTS.inset(10, 8)
    lines = inner.rows(*([1] * 7), gap=2)
    header = ("#", _("Player"), _("Relics"), _("Shrines"), _("Windows"), _("Total"), _("Money"), _("Goods"), _("Raw"))
    columns, labels = _result_cols(lines[0], header)
    for k, (cell, label) in enumerate(zip(lines[0].cols(*columns, gap=6), labels, strict=True)):
        cv.text_in(cell, label, MIN_FONT, "cond", INK_SOFT, "left" if k == 1 else "center")
    for line, seat in zip(lines[1:], order, strict=False):
        cells = line.cols(*columns, gap=6)
        if ranks[seat] == 1:
            cv.draw.rounded_rectangle(line.rect, radius=10, fill=mix(kit.GOLD, PAPER, 0.45), outline=INK, width=2)
        cv.text_in(cells[0], str(ranks[seat]), MIN_FONT, "bold", INK)
        cv.player_chip(cells[1].inset(0, 4), seat, short_name(seat, names), MIN_FONT, "cond", tight=True)
        b = breakdown[seat] if seat < len(breakdown) else {}
        held = holdings.get(seat, {})
        values = (b.get("relics", 0), b.get("shrines", 0), b.get("windows", 0))
        for cell, value in zip(cells[2:5], values, strict=True):
            cv.text_in(cell, str(value), MIN_FONT, "cond", INK)
        cv.text_in(cells[5], str(scores[seat]), MIN_FONT, "bold", INK)
        extras = (sum((held.get("money") or {}).values()), sum((held.get("goods") or {}).values()),
                  sum((held.get("materials") or {}).values()))
        for cell, value in zip(cells[6:], extras, strict=True):
            cv.text_in(cell, str(value), MIN_FONT, "cond", INK_SOFT)

    content = panel(cv, "windows", WINDOWS, _("Stained-glass windows"), _("most money of a currency; ties: none"))
    for tile, w in zip(content.cols(1, 1, 1, 1, gap=10), final.get("windows") or [], strict=False):
        city = str(w.get("city", ""))
        col = art.city_colour(city)
        cv.draw.rounded_rectangle(tile.rect, radius=12, fill=mix(col, PAPER, 0.75), outline=INK, width=2)
        top, mid, bottom = tile.inset(10, 8).rows(1, 1, 1, gap=4)
        sign = art.SIGN_OF_CITY.get(city, "")
        cv.text_in(top, fitting(top.w, "bold", f"{sign} {art.city_label(city)}", sign), MIN_FONT, "bold", INK)
        owner = w.get("seat")
        if isinstance(owner, int):
            cv.player_chip(mid, owner, short_name(owner, names), MIN_FONT, "cond")
            cv.text_in(bottom, _("paid {n}").format(n=w.get("paid", 0)), MIN_FONT, "cond", INK_SOFT)
        else:
            cv.text_in(mid, fitting(mid.w, "cond", _("not awarded"), "—"), MIN_FONT, "cond", INK_SOFT)
    return cv
