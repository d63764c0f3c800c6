"""Strasbourg board — owned by the strasbourg board helper.

Public board (``draw_board``): the city (guild spaces with prices, members, chapel spaces, edifices), the
rounds with their edifices, the current round card's steps A–I, the council's eight seats, what the game
waits for, and one row per player in turn order (first player on top): prestige, council seats, city members,
deck, privileges spent, face-down stack sizes and this step's bid. The private screen (``draw_private``) adds a
seat's purse, goods, stacks with their values, the cards in hand and the objectives. ``draw_final`` is the
score sheet with the per-seat breakdown.

Only the view is drawn; the static board (map, prices, round cards, edifice values) comes from the rules'
data module. A secret planning action passed as ``last`` is ignored, so a caller's slip cannot leak it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from render import strasbourg_art as art
from render.kit import (
    BAD,
    BOARD,
    BOARD_DARK,
    GOLD,
    GOOD,
    INK,
    INK_SOFT,
    MIN_FONT,
    PAPER,
    Box,
    Canvas,
    fit_text,
    icon_sprite,
    last_action,
    mix,
    seat_name,
    text_width,
)
from rules.strasbourg.data import (
    BUILDING_SPACES,
    CHAPEL_SPACES,
    CITY_ROWS,
    COLUMNS,
    COUNCIL_SEATS,
    EDIFICES,
    GOODS_NAMES,
    GOODS_VALUE,
    GUILD_NAMES,
    GUILD_OF,
    GUILDS,
    OBJECTIVE_PENALTY,
    OBJECTIVES,
    PRICES,
    ROUNDS,
    SEAT_NAMES,
    STEP_LETTERS,
)
from rules.strasbourg.prompts import objective_text
from rules.strasbourg.state import SCORE_COLUMNS, is_secret_action
from rules.words import plural

if TYPE_CHECKING:
    from rules.core import Event
    from rules.strasbourg.views import StrasbourgPrivate, StrasbourgView

F = MIN_FONT  # every text is drawn at MIN_FONT or larger
BIG = MIN_FONT + 4
MARGIN = 8
GAP = 8
ROLE_NAMES = {"master": "Master", "journeyman": "Journeyman", "apprentice": "Apprentice"}
STEP_NAMES = {"nobility": "Nobility & Church", "merchants": "Merchants", "chapel": "Chapel", "edifice": "Edifice"}


# ---------------------------------------------------------------- small helpers
def _turn_order(view: StrasbourgView) -> list[int]:
    n = int(view["num_players"])
    first = int(view.get("first_player") or 0)
    return [(first + k) % n for k in range(n)]


def _edifice_label(edifice: str) -> str:
    e = EDIFICES[edifice]
    return f"{e['name']} ({e['value']})"


def _step_title(view: StrasbourgView) -> str:
    kind = view.get("step_kind")
    if kind == "guild":
        return f"{GUILD_NAMES[view['step_guild'] or '']} guild"
    if kind == "merchants" and view.get("merchant_seat"):
        return "Merchants + seat"
    return STEP_NAMES.get(str(kind), "")


def _public_last(last: Any) -> tuple[int | None, str]:
    """The ``last`` hint, or (None, "") when it is absent or names a secret (planning) action."""
    seat, action = last_action(last)
    if not action or is_secret_action(action):
        return None, ""
    return seat, action


@dataclass(frozen=True)
class LastMove:
    """The last move as data, read from its public events (``last_from_events``): the mover and the public
    action as the board draws it (``_drawn``: a reveal without its stack number, which the image never shows).
    ``draw_board`` takes it in place of an action hint."""

    seat: int | None
    action: str


def _drawn(seat: int | None, action: str) -> LastMove:
    """A public action as the board draws it (the stack a reveal names is not drawn)."""
    return LastMove(seat, "reveal" if action.partition(" ")[0] == "reveal" else action)


# Events that only a seat's own move emits (an automatic pass has a reason: "no stacks").
_MOVE_EVENTS = frozenset({"reveal", "privilege", "pass", "buy", "sell", "return", "chapel", "edifice"})


def last_from_events(view: StrasbourgView, events: Sequence[Event]) -> LastMove | None:
    """The last move from its public events: the mover's event comes first (the automatic steps, tasks and bids
    that follow come after it). None where the events do not say what the move was, so the action fallback draws
    it: ``skip``, ``done`` and ``return none`` emit no event (what follows is automatic, e.g. the next task's seat
    and goods), and an apprentice's ``goods`` emits the same ``goods`` event a master's or journeyman's task takes
    by itself. tests/render/test_strasbourg.py checks this against the action on every step of whole bot games."""
    if not events:
        return None
    first = events[0]
    seat, p = first.params.get("seat"), first.params
    if first.kind not in _MOVE_EVENTS or not isinstance(seat, int) or (first.kind == "pass" and p.get("reason")):
        return None
    if first.kind == "sell":  # one good, or several events for "sell all" (offered only with two goods or more)
        sold = 0
        for event in events:
            if event.kind != "sell" or event.params.get("seat") != seat:
                break
            sold += 1
        return LastMove(seat, "sell all" if sold > 1 else f"sell {p['guild']}")
    action = {"reveal": "reveal", "privilege": "privilege", "pass": "pass", "buy": f"buy {p.get('cell')}",
              "return": f"return {p.get('card')}", "chapel": f"chapel {p.get('space')}",
              "edifice": f"build {p.get('cell')}"}[first.kind]
    return LastMove(seat, action)


def _last_text(seat: int | None, action: str, view: StrasbourgView, names: Sequence[str] | None) -> str:
    who = seat_name(seat, names) if seat is not None else "A player"
    verb, _, arg = action.partition(" ")
    bid, result = view.get("bid"), view.get("last")
    if verb in ("reveal", "pass", "privilege") and seat is not None and bid and bid["status"][seat] == "waiting" \
            and result:  # the move closed an earlier step: say how that step ended
        ranking = result.get("ranking") or []
        if not ranking:
            return f"step {result['step']}: everyone passed"
        winner, total = ranking[0]
        return f"step {result['step']} won by {seat_name(int(winner), names)} ({total})"
    if verb == "reveal":
        return f"{who} revealed a stack"
    if verb == "pass":
        return f"{who} passed"
    if verb == "privilege":
        return f"{who} spent a privilege"
    if verb == "buy" and arg in PRICES:
        return f"{who} bought {arg} for {plural(PRICES[arg], 'coin')}"
    if verb == "skip":
        return f"{who} placed no member"
    if verb == "goods":
        return f"{who} took a goods tile"
    if verb == "sell":
        return f"{who} sold all goods" if arg == "all" else f"{who} sold {GOODS_NAMES.get(arg, arg)}"
    if verb == "done":
        return f"{who} stopped selling"
    if verb == "return":
        return f"{who} returned no card" if arg == "none" else f"{who} returned a {arg} to the deck"
    if verb == "chapel":
        return f"{who} built a chapel"
    if verb == "build":
        edifice = view.get("built", {}).get(arg)
        return f"{who} built the {EDIFICES[edifice]['name']}" if edifice in EDIFICES else f"{who} built on {arg}"
    return f"{who}: {action}"




# ---------------------------------------------------------------- the city
class City:
    """Geometry of the city map inside a panel box: cells, chapel corners, coordinate labels."""

    def __init__(self, box: Box, label: int = 34) -> None:
        self.box = box
        inner = box.inset(8)
        cell = min((inner.w - label) / len(COLUMNS), (inner.h - label) / len(CITY_ROWS))
        self.cell = int(cell)
        gw, gh = self.cell * len(COLUMNS), self.cell * len(CITY_ROWS)
        self.x0 = inner.x + label + (inner.w - label - gw) / 2
        self.y0 = inner.y + label + (inner.h - label - gh) / 2
        self.label = label

    def cell_box(self, cell: str) -> Box:
        col = COLUMNS.index(cell[0])
        row = int(cell[1:]) - 1
        return Box(self.x0 + col * self.cell, self.y0 + row * self.cell, self.cell, self.cell)

    def chapel_center(self, chapel: str) -> tuple[float, float]:
        b = self.cell_box(CHAPEL_SPACES[chapel][0])
        return b.x2, b.y2

    def chapel_box(self, chapel: str) -> Box:
        x, y = self.chapel_center(chapel)
        r = self.chapel_radius
        return Box(x - r, y - r, 2 * r, 2 * r)

    @property
    def chapel_radius(self) -> int:
        return round(self.cell * 0.3)


def draw_city(c: Canvas, box: Box, view: StrasbourgView, ring: tuple[str, str] | None, prices: bool = True,
              label_chapels: bool = True) -> City:
    """The map: guild spaces (colour + pictogram + price), members, edifices and chapel spaces."""
    c.panel(box, fill=mix(art.STONE, BOARD, 0.55))
    city = City(box)
    cs = city.cell
    for col, letter in enumerate(COLUMNS):
        c.text((city.x0 + (col + 0.5) * cs, city.y0 - city.label / 2 - 2), letter, F, "bold", INK_SOFT, "mm")
    for row in range(len(CITY_ROWS)):
        c.text((city.x0 - city.label / 2 - 2, city.y0 + (row + 0.5) * cs), str(row + 1), F, "bold", INK_SOFT, "mm")
    members: dict[str, int] = {str(k): int(v) for k, v in view.get("city", {}).items()}
    built: dict[str, str] = dict(view.get("built", {}))
    icon = round(cs * 0.36)
    focus = view.get("step_guild") if view.get("step_kind") == "guild" and not view.get("over") else None
    for cell, guild in GUILD_OF.items():
        b = city.cell_box(cell)
        c.draw.rectangle(b.rect, fill=art.GUILD_COLOUR[guild], outline=mix(art.GUILD_COLOUR[guild], INK, 0.45))
        if cell in members:
            c.token(members[cell], (b.cx, b.cy), round(cs * 0.7))
            continue
        if guild == focus:  # a free space of the guild in play: what its Master may buy
            c.draw.rectangle(b.inset(2).rect, outline=GOLD, width=4)
        c.paste(art.pictogram(art.GUILD_ICON[guild], icon), (b.cx, b.y + icon / 2 + 4))
        if prices:
            c.text((b.cx, b.y2 - 4), str(PRICES[cell]), F, "bold", INK, "md")
    for cell in BUILDING_SPACES:
        b = city.cell_box(cell)
        c.draw.rectangle(b.rect, fill=art.STONE, outline=art.STONE_DARK)
        edifice = built.get(cell)
        size = round(cs * 0.92)
        c.paste(art.edifice_sprite(size, edifice is not None), (b.cx, b.cy))
        if edifice is not None:
            c.text((b.cx, b.cy + cs * 0.12), str(EDIFICES[edifice]["value"]), F, "bold", INK, "mm")
    grid = Box(city.x0, city.y0, cs * len(COLUMNS), cs * len(CITY_ROWS))
    c.draw.rectangle(grid.rect, outline=INK, width=2)
    built_chapels = set(view.get("chapels", []))
    r = city.chapel_radius
    for chapel in CHAPEL_SPACES:
        x, y = city.chapel_center(chapel)
        if chapel in built_chapels:
            c.paste(art.pictogram("chapel", 2 * r + 6), (x, y))
        else:  # the number of its id (CH3), as the menus name it
            c.draw.ellipse((x - r, y - r, x + r, y + r), fill=PAPER, outline=INK_SOFT, width=2)
            if label_chapels:
                c.text((x, y), chapel.removeprefix("CH"), F, "cond", INK, "mm")
    if ring is not None:
        kind, name = ring
        if kind == "cell" and (name in GUILD_OF or name in BUILDING_SPACES):
            c.highlight(city.cell_box(name), radius=6, width=5)
        elif kind == "chapel" and name in CHAPEL_SPACES:
            c.highlight(city.chapel_box(name), radius=r + 4, width=5)
    return city


# ---------------------------------------------------------------- the public board
def draw_board(view: StrasbourgView, last: Any, names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    # the last move as data (its events), or the fallback: a public action hint
    seat, action = (last.seat, last.action) if isinstance(last, LastMove) else _public_last(last)
    verb, _, arg = action.partition(" ")
    ring: tuple[str, str] | None = None
    if verb in ("buy", "build"):
        ring = ("cell", arg)
    elif verb == "chapel":
        ring = ("chapel", arg)

    left_w = 626
    full = c.box.inset(MARGIN)
    # the edifices by round get a full-width strip so their names fit (objectives name them)
    top, rounds_box, bottom = full.rows(-466, -44, 1, gap=GAP)
    city_box, right = top.cols(-left_w, 1, gap=GAP + 2)
    steps_box, council_box, now_box = right.rows(-114, -230, 1, gap=GAP)

    draw_city(c, c.region("city", city_box), view, ring)
    draw_rounds(c, c.region("rounds", rounds_box), view)
    draw_steps(c, c.region("steps", steps_box), view)
    draw_council(c, c.region("council", council_box), view)
    draw_now(c, c.region("now", now_box), view, seat, action, names)
    draw_players(c, c.region("players", bottom), view, names, seat, verb)
    return c


def draw_rounds(c: Canvas, box: Box, view: StrasbourgView) -> None:
    """Five round tiles: the round's number, the name of the edifice built in it and its value; the current round
    in gold, past rounds greyed."""
    c.panel(box, fill=BOARD_DARK)
    current = int(view.get("round") or 1)
    edifices = list(view.get("edifices", []))
    over = bool(view.get("over"))
    for k, tile in enumerate(box.inset(3, 3).cols(*([1] * ROUNDS), gap=3), start=1):
        now = k == current and not over
        done = k < current or over
        fill = GOLD if now else (mix(BOARD, art.STONE, 0.35) if done else BOARD)
        c.panel(tile, fill=fill, radius=10, outline=INK if now else INK_SOFT, width=3 if now else 2)
        number, name, value = tile.inset(3, 0).cols(-24, 1, -28, gap=2)
        c.text_in(number, str(k), F, "bold", INK)
        if k <= len(edifices):
            edifice = EDIFICES[edifices[k - 1]]
            c.text_in(name, str(edifice["name"]), F, "regular", INK if not done else INK_SOFT, "left")
            c.chip(value.inset(0, 3), str(edifice["value"]), PAPER, F, "bold")


def draw_steps(c: Canvas, box: Box, view: StrasbourgView) -> None:
    """Title line (round and step) and the current round card's nine steps."""
    c.panel(box, fill=BOARD)
    inner = box.inset(8, 4)
    title, track = inner.rows(-40, 1, gap=2)
    rnd = int(view.get("round") or 1)
    step = view.get("step")
    if view.get("phase") == "planning":
        head = f"Round {rnd}/{ROUNDS} · Planning"
    elif step:
        head = f"Round {rnd}/{ROUNDS} · {step}: {_step_title(view)}"
    else:
        head = f"Round {rnd}/{ROUNDS}"
    c.text_in(title, head, F, "bold", INK, "left")
    cards = view.get("round_cards", [])
    card = cards[rnd - 1] if 0 < rnd <= len(cards) else {}
    edifices = list(view.get("edifices", []))
    now_index = STEP_LETTERS.index(step) if isinstance(step, str) and step in STEP_LETTERS else -1
    icon = 28
    for i, (letter, cell) in enumerate(zip(STEP_LETTERS, track.cols(*([1] * len(STEP_LETTERS)), gap=4),
                                           strict=True)):
        past = i < now_index
        now = i == now_index
        guild = card.get(letter) if letter in "BDF" else None
        fill = art.GUILD_COLOUR[guild] if guild else BOARD_DARK
        if past:
            fill = mix(fill, art.STONE, 0.55)
        if now:  # the round marker: a gold frame (pink is kept for the last move)
            c.draw.rounded_rectangle(cell.inset(-3).rect, radius=10, fill=GOLD)
        c.panel(cell, fill=fill, radius=8, outline=INK if now else INK_SOFT, width=3 if now else 2)
        c.text((cell.cx, cell.y + 4), letter, F, "bold", INK if not past else INK_SOFT, "ma")
        cy = cell.y2 - icon / 2 - 5
        if guild:
            c.paste(art.pictogram(art.GUILD_ICON[guild], icon), (cell.cx, cy))
        elif letter == "A":
            c.paste(art.pictogram("crown", icon), (cell.cx, cy))
        elif letter in "CEG":
            if letter == "G":
                c.paste(art.pictogram("purse", icon - 4), (cell.cx - 12, cy))
                c.paste(art.pictogram("pillar", icon - 4), (cell.cx + 13, cy))
            else:
                c.paste(art.pictogram("purse", icon), (cell.cx, cy))
        elif letter == "H":
            c.paste(art.pictogram("chapel", icon), (cell.cx, cy))
        elif letter == "I" and 0 < rnd <= len(edifices):
            c.paste(art.edifice_sprite(icon + 4), (cell.cx, cy - 2))


def draw_council(c: Canvas, box: Box, view: StrasbourgView) -> None:
    """The eight council seats: each with its colour, pictogram, name and holder."""
    c.panel(box, fill=BOARD)
    inner = box.inset(8)
    title, grid = inner.rows(-38, 1, gap=4)
    council = view.get("council", {})
    counts = [0] * int(view["num_players"])
    for holder in council.values():
        if holder is not None:
            counts[int(holder)] += 1
    c.text_in(title, "Council", F, "bold", INK, "left")
    tops = [s for s, k in enumerate(counts) if k == max(counts) and k > 0]
    if tops:  # who would gain a privilege at the council phase now
        x = title.x2 - 4
        for s in reversed(tops):
            c.token(s, (x - 16, title.cy), 32)
            x -= 36
        c.paste(art.pictogram("seal", 32), (x - 18, title.cy))
        c.text((x - 42, title.cy), "most seats", F, "regular", INK_SOFT, "rm")
    cells = grid.grid(len(COUNCIL_SEATS), 2, gap=6)
    stake = _seats_at_stake(view)
    for name, cell in zip(COUNCIL_SEATS, cells, strict=True):
        if name in stake:  # gold, like the round marker: the seat(s) this step's bid can win
            c.draw.rounded_rectangle(cell.inset(-3).rect, radius=12, fill=GOLD)
        c.panel(cell, fill=art.SEAT_COLOUR[name], radius=10, outline=INK if name in stake else INK_SOFT, width=2)
        ic = round(cell.h * 0.7)
        c.paste(art.pictogram(art.SEAT_ICON[name], ic), (cell.x + ic / 2 + 6, cell.cy))
        token_w = cell.h
        label = Box(cell.x + ic + 12, cell.y, cell.w - ic - token_w - 16, cell.h)
        c.text_in(label, SEAT_NAMES[name], F, "cond", INK, "left")
        holder = council.get(name)
        tc = (cell.x2 - token_w / 2 - 2, cell.cy)
        if holder is None:  # a free seat: a neutral dash (an empty ring would read as the circle player's token)
            c.text(tc, "–", F, "bold", INK_SOFT, "mm")
        else:
            c.token(int(holder), tc, round(cell.h * 0.8))


def _seats_at_stake(view: StrasbourgView) -> set[str]:
    if view.get("over") or view.get("phase") != "action":
        return set()
    kind = view.get("step_kind")
    if kind == "nobility":
        return {"nobility", "church"}
    if kind == "guild":
        return {str(view.get("step_guild"))}
    return {"merchants"} if kind == "merchants" and view.get("merchant_seat") else set()


def draw_now(c: Canvas, box: Box, view: StrasbourgView, seat: int | None, action: str,
             names: Sequence[str] | None) -> None:
    """What the game waits for (and the pending slot decision), then the last move."""
    c.panel(box, fill=PAPER)
    lines = box.inset(12, 6).rows(1, 1, 1)
    head, sub = _situation(view, names)
    c.text_in(lines[0], head, F, "bold", INK, "left")
    c.text_in(lines[1], sub, F, "regular", INK, "left")
    if action:
        c.text_in(lines[2], "Last: " + _last_text(seat, action, view, names), F, "regular", INK_SOFT, "left")


def _situation(view: StrasbourgView, names: Sequence[str] | None) -> tuple[str, str]:
    to_act = [int(s) for s in view.get("to_act", [])]
    waiting = ", ".join(seat_name(s, names) for s in to_act)
    if view.get("phase") == "planning":
        ready = sum(1 for p in view["players"] if p.get("ready"))
        n = int(view["num_players"])
        if len(to_act) == n and n > 1:
            waiting = "everyone (in secret)"
        return f"Planning: {ready} of {n} ready", f"Waiting for {waiting}" if waiting else ""
    task = view.get("task")
    if task:
        who = seat_name(int(task["seat"]), names)
        kind = task["kind"]
        guild = GUILD_NAMES.get(str(task.get("guild")), "")
        if kind in ROLE_NAMES:
            sub = "goods or a city space" if kind == "apprentice" else f"may buy a {guild} space"
            return f"{who}: {ROLE_NAMES[kind]} ({guild})", sub
        if kind == "merchant":
            return f"{who}: Merchant", "sells goods for coins"
        if kind == "return":
            cards = "+".join(str(v) for v in task.get("cards", []))
            return f"{who}: no slot ({cards})", "may return one card to the deck"
        if kind == "chapel":
            return f"{who} holds the Church", "builds a chapel"
        if kind == "edifice":
            rnd = int(view.get("round") or 1)
            edifices = view.get("edifices", [])
            what = _edifice_label(edifices[rnd - 1]) if 0 < rnd <= len(edifices) else "the edifice"
            return f"{who} holds the Nobility", f"builds the {what}"
    if view.get("bid"):
        return (f"{waiting} decides" if waiting else "Bidding"), "reveal, pass or use a privilege"
    return str(view.get("status", "")), ""


# ---------------------------------------------------------------- players table
# turn position, name, prestige, council seats, city members, deck, privileges spent, stacks, bid
PLAYER_COLS = (-48, -330, -64, -64, -64, -64, -64, 1, -256)
HEAD_ICONS = ("", "", "star", "pillar", "person", "deck", "seal_spent", "", "")
#: the key to the icon columns (and to the numbered chapel spaces), drawn under the table
LEGEND = (("star", "prestige"), ("pillar", "council"), ("person", "in city"), ("deck", "deck"),
          ("seal_spent", "privileges spent"), ("chapel", "CH3"))


def _head_icon(c: Canvas, kind: str, center: tuple[float, float], size: int) -> None:
    if kind == "star":
        c.paste(icon_sprite("star", size - 2), center)
    else:
        c.paste(art.pictogram(kind, size), center)


def draw_legend(c: Canvas, box: Box) -> None:
    """Icon = meaning, left to right; the last item shows an empty chapel space and its id."""
    x = box.x + 8
    for kind, word in LEGEND:
        if kind == "chapel":  # an empty chapel space as the city draws it, numbered like its id
            r = 15
            c.draw.ellipse((x, box.cy - r, x + 2 * r, box.cy + r), fill=PAPER, outline=INK_SOFT, width=2)
            c.text((x + r, box.cy), "3", F, "cond", INK, "mm")
            drawn = c.text((x + 2 * r + 6, box.cy), "chapel CH3", F, "regular", INK, "lm")
        else:
            _head_icon(c, kind, (x + 17, box.cy), 32)
            drawn = c.text((x + 38, box.cy), word, F, "regular", INK, "lm")
        x = drawn.x2 + 18


def draw_players(c: Canvas, box: Box, view: StrasbourgView, names: Sequence[str] | None, last_seat: int | None,
                 last_verb: str) -> None:
    c.panel(box, fill=BOARD)
    inner = box.inset(6, 4)
    order = _turn_order(view)
    head, body, legend = inner.rows(-38, 1, -34, gap=2)
    rows = body.rows(*([1] * len(order)), gap=2)
    hcols = head.cols(*PLAYER_COLS, gap=4)
    c.text_in(hcols[1].inset(6, 0), "Turn order", F, "bold", INK, "left")
    for cell, kind in zip(hcols, HEAD_ICONS, strict=True):
        if kind:
            _head_icon(c, kind, (cell.cx, cell.cy), 34)
    c.draw.line((legend.x, legend.y - 1, legend.x2, legend.y - 1), fill=INK_SOFT, width=1)
    draw_legend(c, legend)
    c.text_in(hcols[7].inset(6, 0), "Stacks", F, "bold", INK, "left")
    c.text_in(hcols[8].inset(6, 0), _bid_header(view), F, "bold", INK, "left")
    to_act = {int(s) for s in view.get("to_act", [])}
    by_seat = {int(p["seat"]): p for p in view["players"]}
    leader = max(int(p["prestige"]) for p in view["players"])
    for pos, (seat, row) in enumerate(zip(order, rows, strict=True)):
        p = by_seat[seat]
        if seat in to_act:
            c.draw.rounded_rectangle(row.rect, radius=8, fill=mix(GOLD, PAPER, 0.55))
        cols = row.cols(*PLAYER_COLS, gap=4)
        if pos == 0:
            _first_marker(c, cols[0])
        else:
            c.text_in(cols[0], str(pos + 1), F, "bold", INK_SOFT)
        chip = cols[1].inset(0, max(2.0, (row.h - 40) / 2))
        c.player_chip(chip, seat, seat_name(seat, names), tight=True)
        prestige = int(p["prestige"])
        c.text_in(cols[2], str(prestige), F + 2, "bold", INK if prestige < leader or leader == 0 else GOOD)
        for col, value in zip(cols[3:7], (p["council"], p["city"], p["deck"], p["privileges_spent"]), strict=True):
            c.text_in(col, str(value), F, "regular", INK)
        _stacks(c, cols[7], [int(k) for k in p["stacks"]])
        _bid_cell(c, cols[8].inset(6, 0), view, seat)
        if last_seat == seat:
            where = _ring_place(view, seat, last_verb)
            if where == "bid":
                c.highlight(cols[8], radius=8, width=4)
            elif where == "chip":
                c.highlight(chip, radius=20, width=4)
        if pos:
            c.draw.line((row.x, row.y - 1, row.x2, row.y - 1), fill=INK_SOFT, width=1)


def _ring_place(view: StrasbourgView, seat: int, verb: str) -> str | None:
    """Where the last move shows in a player's row: their bid cell, their name chip, or nowhere (the city)."""
    if verb in ("reveal", "pass", "privilege"):
        bid = view.get("bid")
        if bid:  # still this step's bid, or (status waiting) a step already resolved and gone
            return "bid" if bid["status"][seat] != "waiting" else "chip"
        return "bid" if view.get("phase") == "action" and view.get("last") else "chip"
    if verb in ("goods", "sell", "done", "skip", "return"):
        return "chip"
    return None


def _first_marker(c: Canvas, box: Box) -> None:
    r = min(box.w, box.h) / 2 - 3
    c.draw.ellipse((box.cx - r, box.cy - r, box.cx + r, box.cy + r), fill=GOLD, outline=INK, width=2)
    c.text((box.cx, box.cy), "1", F, "bold", INK, "mm")


def _stacks(c: Canvas, box: Box, sizes: list[int]) -> None:
    """Face-down stacks as card backs with their card count."""
    w, h, step = 34, min(40, round(box.h - 4)), 38
    fits = max(1, int((box.w - 8) // step))
    shown = sizes if len(sizes) <= fits else sizes[: fits - 1]
    x = box.x + 6 + w / 2
    for k in shown:
        c.paste(art.card_sprite(w, h, False), (x, box.cy))
        c.text((x, box.cy), str(k), F, "cond", PAPER, "mm")
        x += step
    if len(shown) < len(sizes):
        c.text((x - w / 2, box.cy), f"+{len(sizes) - len(shown)}", F, "cond", INK, "lm")
    if not sizes:
        c.text((box.x + 6, box.cy), "none", F, "regular", INK_SOFT, "lm")


def _bid_header(view: StrasbourgView) -> str:
    if view.get("phase") == "planning":
        return "Planning"
    if view.get("bid") and view.get("step"):
        return f"Step {view['step']} bids"
    last = view.get("last")
    if last:
        return f"Step {last['step']} result"
    return ""


def _bid_cell(c: Canvas, box: Box, view: StrasbourgView, seat: int) -> None:
    if view.get("phase") == "planning":
        p = view["players"][seat]
        if p.get("ready"):
            c.text_in(box, "ready", F, "bold", GOOD, "left")
        else:
            c.text_in(box, "planning…", F, "regular", INK_SOFT, "left")
        return
    bid = view.get("bid")
    if bid:
        status = bid["status"][seat]
        if status == "revealed":
            cards = [int(v) for v in bid["revealed"][seat]]
            _revealed(c, box, cards)
        elif status == "passed":
            c.text_in(box, "passed", F, "regular", INK_SOFT, "left")
        elif status == "postponed":
            c.paste(art.pictogram("seal", 30), (box.x + 15, box.cy))
            c.text_in(Box(box.x + 36, box.y, box.w - 36, box.h), "later", F, "regular", INK, "left")
        elif seat in view.get("to_act", []):
            c.text_in(box, "deciding…", F, "bold", INK, "left")
        else:
            c.text_in(box, "waiting", F, "regular", INK_SOFT, "left")
        return
    last = view.get("last")
    if not last:
        return
    for rank, (s, total) in enumerate(last.get("ranking", []), start=1):
        if int(s) == seat:
            label = {1: "1st", 2: "2nd", 3: "3rd"}.get(rank, f"{rank}th")
            c.text_in(box, f"{label} · {total}", F, "bold" if rank == 1 else "regular", INK, "left")
            return
    if seat in last.get("passed", []):
        c.text_in(box, "passed", F, "regular", INK_SOFT, "left")


def _revealed(c: Canvas, box: Box, cards: list[int]) -> None:
    total = sum(cards)
    text = "+".join(map(str, cards)) + f" = {total}"
    if text_width(text, F, "cond") > box.w:
        text = f"{total} ({len(cards)} cards)"
    c.text_in(box, text, F, "cond", INK, "left")


# ---------------------------------------------------------------- the private screen
def draw_private(view: StrasbourgView, names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    seat = view.get("viewer")
    private = view.get("private")
    full = c.box.inset(MARGIN)
    head, rest = full.rows(-56, 1, gap=GAP)
    c.region("header", head)
    c.panel(head, fill=BOARD_DARK)
    if seat is None or private is None:
        c.text_in(head.inset(16, 0), "Spectator: no private screen", F, "bold", INK, "left")
        return c
    seat = int(seat)
    chip_w = min(480, 90 + text_width(seat_name(seat, names), F, "bold"))
    chip = Box(head.x + 8, head.y + 6, chip_w, head.h - 12)
    c.player_chip(chip, seat, seat_name(seat, names))
    c.text_in(Box(chip.x2 + 16, head.y, head.x2 - chip.x2 - 28, head.h), _private_status(view, private), F,
              "regular", INK, "right")
    upper, lower = rest.rows(1, -300, gap=GAP)
    purse_box, cards_box = upper.cols(-380, 1, gap=GAP)
    draw_purse(c, c.region("purse", purse_box), private)
    draw_cards(c, c.region("cards", cards_box), private, view.get("phase") == "planning")
    draw_objectives(c, c.region("objectives", lower), view, private)
    return c


def _private_status(view: StrasbourgView, private: StrasbourgPrivate) -> str:
    rnd = f"Round {view.get('round')} of {ROUNDS}"
    if view.get("over"):
        return "Game over"
    if view.get("phase") == "planning":
        plan = {"objectives": "choose objectives", "draw": "draw cards", "split": "split into stacks",
                "review": "confirm stacks", "ready": "ready"}.get(str(private.get("plan")), "")
        return f"{rnd} · planning: {plan}"
    return f"{rnd} · {view.get('step')}: {_step_title(view)}" if view.get("step") else rnd


def draw_purse(c: Canvas, box: Box, private: StrasbourgPrivate) -> None:
    """Coins, privileges, deck, then the goods tiles by guild."""
    c.panel(box, fill=BOARD)
    inner = box.inset(12, 8)
    rows = inner.rows(*([1] * 8), gap=2)
    items = (("coin", "Coins", private.get("coins", 0)), ("seal", "Privileges", private.get("privileges", 0)),
             ("deck", "Deck", private.get("deck", 0)))
    for row, (kind, label, value) in zip(rows, items, strict=False):
        c.paste(art.pictogram(kind, 40), (row.x + 22, row.cy))
        c.text_in(Box(row.x + 52, row.y, row.w - 120, row.h), label, F, "regular", INK, "left")
        c.text_in(row.right(70), str(value), F + 2, "bold", INK, "right")
    c.text_in(rows[3], "Goods", F, "bold", INK, "left")
    goods = private.get("goods", {})
    # five goods as a compact 5-wide strip of tiles: pictogram on the guild colour, count below
    strip = Box(inner.x, rows[4].y, inner.w, rows[-1].y2 - rows[4].y)
    for guild, tile in zip(GUILDS, strip.cols(*([1] * len(GUILDS)), gap=6), strict=True):
        n = int(goods.get(guild, 0))
        fill = art.GUILD_COLOUR[guild] if n else mix(art.GUILD_COLOUR[guild], PAPER, 0.6)
        c.panel(tile, fill=fill, radius=10, outline=INK_SOFT if n else mix(INK_SOFT, PAPER, 0.5))
        top, mid, bottom = tile.rows(1, 1, 1)
        c.paste(art.pictogram(art.GUILD_ICON[guild], round(min(top.w, top.h) * 0.8)), (top.cx, top.cy + 4))
        c.text_in(mid, f"×{n}", F, "bold", INK if n else INK_SOFT)
        c.paste(art.pictogram("coin", 30), (bottom.x + 17, bottom.cy))
        c.text((bottom.x + 34, bottom.cy), str(GOODS_VALUE[guild]), F, "cond", INK_SOFT, "lm")


def draw_cards(c: Canvas, box: Box, private: StrasbourgPrivate, planning: bool) -> None:
    """Face-down stacks (with their values), the open stack and the cards in hand.

    While planning, the stacks kept from earlier rounds are shaded: a restart only takes this round's apart.
    """
    c.panel(box, fill=BOARD)
    inner = box.inset(12, 8)
    stacks = [[int(v) for v in st] for st in private.get("stacks", [])]
    new_from = int(private.get("new_from", 0)) if planning else 0
    hand = [int(v) for v in private.get("hand", [])]
    open_ = [int(v) for v in private.get("open", [])]
    title, body = inner.rows(-38, 1, gap=4)
    count = sum(len(s) for s in stacks)
    c.text_in(title, f"Your stacks · {plural(count, 'card')}", F, "bold", INK, "left")
    if new_from > 0:  # the key to the shaded stacks
        key = "from earlier rounds"
        w = text_width(key, F, "cond")
        c.draw.rounded_rectangle((title.x2 - w - 16, title.y, title.x2, title.y2), radius=8, fill=BOARD_DARK)
        c.text((title.x2 - 8, title.cy), key, F, "cond", INK_SOFT, "rm")
    groups: list[tuple[str, list[int], bool]] = [(str(i + 1), st, i >= new_from) for i, st in enumerate(stacks)]
    if open_:
        groups.append(("open", open_, True))
    if hand:
        groups.append(("hand", hand, True))
    if not groups:
        c.text_in(body.top(48), "no stacks yet", F, "regular", INK_SOFT, "left")
    _card_groups(c, body, groups)


def _card_groups(c: Canvas, box: Box, groups: list[tuple[str, list[int], bool]]) -> None:
    """Stacks left to right, wrapping: each a row of cards under its label and total."""
    cw, ch, step = 50, 68, 54
    row_h = ch + 50
    x, y = box.x, box.y
    for label, cards, fresh in groups:
        head = {"open": "open stack", "hand": "drawn"}.get(label, f"#{label}")
        if len(cards) > 1 or label in ("open", "hand"):  # a single card is its own total
            head = f"{head}: sum {sum(cards)}"
        width = max(text_width(head, F, "cond"), cw + step * (len(cards) - 1)) + 22
        if x + width > box.x2 and x > box.x:
            x, y = box.x, y + row_h
        if y + row_h > box.y2 + 4:
            c.text((box.x2, box.y2), "…", F, "bold", INK, "rd")
            return
        if not fresh:  # stacks kept from an earlier round sit on a grey ground
            c.draw.rounded_rectangle((x - 4, y, x + width - 14, y + row_h - 6), radius=8, fill=BOARD_DARK)
        c.text((x, y + 2), head, F, "cond", INK if fresh else INK_SOFT, "la")
        for i, v in enumerate(cards):
            cx = x + cw / 2 + i * step
            cy = y + 42 + ch / 2
            c.paste(art.card_sprite(cw, ch, True), (cx, cy))
            c.text((cx, cy), str(v), BIG, "bold", INK, "mm")
        x += width


def draw_objectives(c: Canvas, box: Box, view: StrasbourgView, private: StrasbourgPrivate) -> None:
    c.panel(box, fill=BOARD)
    inner = box.inset(12, 6)
    obj = private.get("objectives", {})
    kept = list(obj.get("kept", []))
    undecided = list(obj.get("undecided", []))
    items = [(o, "kept") for o in kept] + [(o, "open") for o in undecided]
    title, body = inner.rows(-38, 1, gap=2)
    head = "Objectives (+points if met at the end, −3 if not)"
    c.text_in(title, head, F, "bold", INK, "left")
    if not items:
        c.text_in(body.top(48), "none kept", F, "regular", INK_SOFT, "left")
        return
    lines = body.rows(*([1] * max(5, len(items))), gap=2)
    for (o, state), line in zip(items, lines, strict=False):
        card = OBJECTIVES[o]
        fill = art.CARD_FACE if state == "kept" else mix(PAPER, BOARD_DARK, 0.3)
        c.panel(line, fill=fill, radius=8, outline=INK_SOFT, width=1)
        badge = line.left(96).inset(4, 4)
        c.chip(badge, f"+{card['points']}", GOLD, F, "bold")
        tag = "kept" if state == "kept" else "keep?"
        tag_box = line.right(110).inset(4, 4)
        c.chip(tag_box, tag, GOOD if state == "kept" else BOARD_DARK, F, "cond")
        text_box = Box(badge.x2 + 12, line.y, tag_box.x - badge.x2 - 20, line.h)
        what = objective_text(o, int(view["num_players"]), view.get("edifices", []))
        drawn = c.text_in(text_box, f"{o}: {what}", F, "regular", INK, "left")
        if card["type"] == "edifice_pair":  # where to look on the board: the edifice's tile and value
            size = round(line.h * 0.9)
            x = min(drawn.x2 + 12 + size / 2, text_box.x2 - size / 2)
            c.paste(art.edifice_sprite(size), (x, line.cy))
            c.text((x, line.cy + size * 0.12), str(EDIFICES[card["param"]]["value"]), F, "bold", INK, "mm")


# ---------------------------------------------------------------- the final score sheet
FINAL_KEYS = SCORE_COLUMNS
FINAL_HEAD = ("Council", "City", "Chapels", "Edifices", "Privil.", "Objectives")


def draw_final(view: StrasbourgView, names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    outcome: Mapping[str, Any] = view.get("outcome") or {}
    scores = [int(s) for s in outcome.get("scores", view.get("scores", []))]
    ranks = [int(r) for r in outcome.get("ranks", [1] * len(scores))]
    breakdown = outcome.get("breakdown") or [{} for _ in scores]
    full = c.box.inset(MARGIN)
    head, table_box, bottom = full.rows(-56, -(44 + 50 * len(scores)), 1, gap=GAP)
    c.region("header", head)
    c.panel(head, fill=BOARD_DARK)
    winners = [s for s, r in enumerate(ranks) if r == 1]
    who = " & ".join(seat_name(s, names) for s in winners)
    c.text_in(head.inset(16, 0), f"Strasbourg · final scores · {who} {'win' if len(winners) > 1 else 'wins'}", F,
              "bold", INK, "left")
    c.region("scores", table_box)
    c.panel(table_box, fill=BOARD)
    order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
    inner = table_box.inset(8, 4)
    widths = [-50, 1, *[-(text_width(h, F, "cond") + 16) for h in FINAL_HEAD], -100]
    lines = inner.rows(-40, *([1] * len(order)), gap=2)
    for cell, text in zip(lines[0].cols(*widths, gap=4)[2:], (*FINAL_HEAD, "Total"), strict=True):
        c.text_in(cell, text, F, "cond", INK)
    for seat, line in zip(order, lines[1:], strict=True):
        cols = line.cols(*widths, gap=4)
        if ranks[seat] == 1:
            c.draw.rounded_rectangle(line.rect, radius=8, fill=mix(GOLD, PAPER, 0.5))
        c.text_in(cols[0], f"{ranks[seat]}.", F, "bold", INK)
        c.player_chip(cols[1].inset(0, 3), seat, seat_name(seat, names))
        parts = breakdown[seat] if seat < len(breakdown) else {}
        for cell, key in zip(cols[2:-1], FINAL_KEYS, strict=True):
            value = int(parts.get(key, 0))
            c.text_in(cell, str(value), F, "regular", BAD if value < 0 else INK)
        c.text_in(cols[-1], str(scores[seat]), F + 4, "bold", INK)
        c.draw.line((line.x, line.y - 1, line.x2, line.y - 1), fill=INK_SOFT, width=1)
    city_box, notes_box = bottom.cols(-626, 1, gap=GAP + 2)
    draw_city(c, c.region("city", city_box), view, None, prices=False, label_chapels=False)
    draw_final_notes(c, c.region("objectives", notes_box), view, order, names)
    return c


def draw_final_notes(c: Canvas, box: Box, view: StrasbourgView, order: list[int], names: Sequence[str] | None) -> None:
    """Per seat: each kept objective, met (✓, its points) or missed (✗, −3)."""
    c.panel(box, fill=BOARD)
    inner = box.inset(10, 6)
    title, body = inner.rows(-38, 1, gap=2)
    c.text_in(title, "Objectives kept", F, "bold", INK, "left")
    final = view.get("final") or []
    rows = body.rows(*([1] * max(1, len(order))), gap=4)
    for seat, row in zip(order, rows, strict=False):
        c.token(seat, (row.x + 18, row.cy), 32)
        x = row.x + 44
        objectives = final[seat].get("objectives", []) if seat < len(final) else []
        slot = (row.x2 - x) / max(1, len(objectives)) - 6
        for o in objectives:
            met = bool(o.get("met"))
            card = OBJECTIVES[o["id"]]
            points = card["points"] if met else -OBJECTIVE_PENALTY
            mark = f"{'✓' if met else '✗'} {points:+d}".replace("-", "−")
            # the richest label that fits its share of the row: with the card's text, its id, or the points only
            if slot >= 220:
                what = objective_text(o["id"], int(view["num_players"]), view.get("edifices", []))
                label = fit_text(f"{mark} {what}", F, "cond", slot - 20)
            elif text_width(f"{mark} {o['id']}", F, "cond") + 20 <= slot:
                label = f"{mark} {o['id']}"
            else:
                label = mark.replace(" ", "")
            w = min(slot, text_width(label, F, "cond") + 20)
            chip = Box(x, row.cy - 22, w, 44)
            c.chip(chip, label, mix(GOOD, PAPER, 0.35) if met else mix(BAD, PAPER, 0.35), F, "cond")
            x += w + 6
        if not objectives:
            c.text((x, row.cy), "none", F, "regular", INK_SOFT, "lm")


__all__ = ["draw_board", "draw_final", "draw_private"]
