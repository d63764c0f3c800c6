"""Strasbourg renderer: the side panels: rounds, the round card's steps, the council, what the game waits for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import strasbourg_art as art
from render.kit import BOARD, BOARD_DARK, GOLD, INK, INK_SOFT, PAPER, Box, Canvas, mix, seat_name
from render.strasbourg.last_move import _last_text
from render.strasbourg.layout import ROLE_NAMES, F, _edifice_label, _step_title, fit_in
from rules.strasbourg.data import COUNCIL_SEATS, EDIFICES, ROUNDS, STEP_LETTERS
from rules.strasbourg.names import council_seat_name, edifice_name, guild_name
from rules.words import translator

if TYPE_CHECKING:
    from rules.strasbourg.views import StrasbourgView

_, _n = translator("strasbourg")


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
            fit_in(c, name, edifice_name(edifices[k - 1]), "regular", INK if not done else INK_SOFT)
            c.chip(value.inset(0, 3), str(edifice["value"]), PAPER, F, "bold")


def draw_steps(c: Canvas, box: Box, view: StrasbourgView) -> None:
    """Title line (round and step) and the current round card's nine steps."""
    c.panel(box, fill=BOARD)
    inner = box.inset(8, 4)
    title, track = inner.rows(-40, 1, gap=2)
    rnd = int(view.get("round") or 1)
    step = view.get("step")
    head: str | list[str]
    if view.get("phase") == "planning":
        head = _("Round {round}/{rounds} · Planning").format(round=rnd, rounds=ROUNDS)
    elif step:
        head = _("Round {round}/{rounds} · {step}: {title}").format(round=rnd, rounds=ROUNDS, step=step,
                                                                    title=_step_title(view))
        # the round is on the strip below: a long step title may go without it
        head = [head, _("{step}: {title}").format(step=step, title=_step_title(view))]
    else:
        head = _("Round {round}/{rounds}").format(round=rnd, rounds=ROUNDS)
    fit_in(c, title, head, "bold")
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
    c.text_in(title, _("Council"), F, "bold", INK, "left")
    tops = [s for s, k in enumerate(counts) if k == max(counts) and k > 0]
    if tops:  # who would gain a privilege at the council phase now
        x = title.x2 - 4
        for s in reversed(tops):
            c.token(s, (x - 16, title.cy), 32)
            x -= 36
        c.paste(art.pictogram("seal", 32), (x - 18, title.cy))
        c.text((x - 42, title.cy), _("most seats"), F, "regular", INK_SOFT, "rm")
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
        c.text_in(label, council_seat_name(name), F, "cond", INK, "left")
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
    """What the game waits for, then the last move: the header says who is awaited and as what, so this says how
    far planning is, or what the awaited seat may do."""
    c.panel(box, fill=PAPER)
    lines = box.inset(12, 4).rows(1, 1)
    head, sub = _situation(view, names)
    fit_in(c, lines[0], head if view.get("phase") == "planning" or not sub else sub, "bold")
    if action:
        move = _last_text(seat, action, view, names)
        short = _last_text(seat, action, view, names, short=True)
        fit_in(c, lines[1], [_("Last: {move}").format(move=move), move, short], fill=INK_SOFT)


def _situation(view: StrasbourgView, names: Sequence[str] | None) -> tuple[str, str | list[str]]:
    """What the game waits for: a head line and a line under it (the latter with shorter fallbacks)."""
    to_act = [int(s) for s in view.get("to_act", [])]
    waiting = ", ".join(seat_name(s, names) for s in to_act)
    if view.get("phase") == "planning":
        ready = sum(1 for p in view["players"] if p.get("ready"))
        n = int(view["num_players"])
        if len(to_act) == n and n > 1:
            waiting = _("everyone (in secret)")
        if not waiting:
            return _("Planning: {ready} of {n} ready").format(ready=ready, n=n), ""
        count = _n("Waiting for {n} player", "Waiting for {n} players", len(to_act)).format(n=len(to_act))
        return _("Planning: {ready} of {n} ready").format(ready=ready, n=n), [
            _("Waiting for {waiting}").format(waiting=waiting), count]
    task = view.get("task")
    if task:
        who = seat_name(int(task["seat"]), names)
        kind = task["kind"]
        guild = guild_name(task.get("guild"))
        if kind in ROLE_NAMES:
            sub: str | list[str]
            if kind == "apprentice":
                sub = _("goods or a city space")
            else:
                # TRANSLATORS: {guild} is a guild's name (Smiths, Bakers…).
                sub = [_("may buy a {guild} space").format(guild=guild), _("may buy a space")]
            return _("{who}: {role} ({guild})").format(who=who, role=_(ROLE_NAMES[kind]), guild=guild), sub
        if kind == "merchant":
            return _("{who}: Merchant").format(who=who), _("sells goods for coins")
        if kind == "return":
            cards = "+".join(str(v) for v in task.get("cards", []))
            return _("{who}: no slot ({cards})").format(who=who, cards=cards), _("may return one card to the deck")
        if kind == "chapel":
            return _("{who} holds the Church").format(who=who), _("builds a chapel")
        if kind == "edifice":
            rnd = int(view.get("round") or 1)
            edifices = view.get("edifices", [])
            holds = _("{who} holds the Nobility").format(who=who)
            if 0 < rnd <= len(edifices):
                # TRANSLATORS: {edifice} is an edifice's name and value, "Inn (4)".
                return holds, _("builds the {edifice}").format(edifice=_edifice_label(edifices[rnd - 1]))
            return holds, _("builds the edifice")
    if view.get("bid"):
        head = _("{who} decides").format(who=waiting) if waiting else _("Bidding")
        return head, _("reveal, pass or use a privilege")
    return str(view.get("status", "")), ""
