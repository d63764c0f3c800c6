"""Strasbourg renderer: a seat's private screen (purse, goods, stacks, cards in hand, objectives)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import strasbourg_art as art
from render.kit import BOARD, BOARD_DARK, GOLD, GOOD, INK, INK_SOFT, PAPER, Box, Canvas, mix, seat_name, text_width
from render.strasbourg.layout import BIG, GAP, MARGIN, F, _step_title, fit_in
from rules.strasbourg.data import EDIFICES, GOODS_VALUE, GUILDS, OBJECTIVES, ROUNDS
from rules.strasbourg.names import objective_condition
from rules.strasbourg.prompts import objective_text
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.strasbourg.views import StrasbourgPrivate, StrasbourgView

_, _n = translator("strasbourg")


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
        c.text_in(head.inset(16, 0), _("Spectator: no private screen"), F, "bold", INK, "left")
        return c
    seat = int(seat)
    chip_w = min(480, 90 + text_width(seat_name(seat, names), F, "bold"))
    chip = Box(head.x + 8, head.y + 6, chip_w, head.h - 12)
    c.player_chip(chip, seat, seat_name(seat, names))
    fit_in(c, Box(chip.x2 + 16, head.y, head.x2 - chip.x2 - 28, head.h), _private_status(view, private), align="right")
    upper, lower = rest.rows(1, -300, gap=GAP)
    purse_box, cards_box = upper.cols(-380, 1, gap=GAP)
    draw_purse(c, c.region("purse", purse_box), private)
    draw_cards(c, c.region("cards", cards_box), private, view.get("phase") == "planning")
    draw_objectives(c, c.region("objectives", lower), view, private)
    return c


_PLAN_WORDS = {"objectives": N_("choose objectives"), "draw": N_("draw cards"), "split": N_("split into stacks"),
               "review": N_("confirm stacks"), "ready": N_("ready")}


def _private_status(view: StrasbourgView, private: StrasbourgPrivate) -> str:
    rnd = view.get("round")
    if view.get("over"):
        return _("Game over")
    if view.get("phase") == "planning":
        plan = str(private.get("plan"))
        return _("Round {round} of {rounds} · planning: {plan}").format(
            round=rnd, rounds=ROUNDS, plan=_(_PLAN_WORDS[plan]) if plan in _PLAN_WORDS else "")
    if view.get("step"):
        return _("Round {round} of {rounds} · {step}: {title}").format(round=rnd, rounds=ROUNDS,
                                                                       step=view.get("step"), title=_step_title(view))
    return _("Round {round} of {rounds}").format(round=rnd, rounds=ROUNDS)


def draw_purse(c: Canvas, box: Box, private: StrasbourgPrivate) -> None:
    """Coins, privileges, deck, then the goods tiles by guild."""
    c.panel(box, fill=BOARD)
    inner = box.inset(12, 8)
    rows = inner.rows(*([1] * 8), gap=2)
    # the deck's label may fall back to a shorter word (a long translation of "deck")
    items = (("coin", [_("Coins")], private.get("coins", 0)),
             ("seal", [_("Privileges")], private.get("privileges", 0)),
             ("deck", [_("Deck"), _("Cards")], private.get("deck", 0)))
    for row, (kind, label, value) in zip(rows, items, strict=False):
        c.paste(art.pictogram(kind, 40), (row.x + 22, row.cy))
        fit_in(c, Box(row.x + 52, row.y, row.w - 120, row.h), label)
        c.text_in(row.right(70), str(value), F + 2, "bold", INK, "right")
    fit_in(c, rows[3], _("Goods"), "bold")
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
    fit_in(c, title, _n("Your stacks · {n} card", "Your stacks · {n} cards", count).format(n=count), "bold")
    if new_from > 0:  # the key to the shaded stacks
        key = _("from earlier rounds")
        w = text_width(key, F, "cond")
        c.draw.rounded_rectangle((title.x2 - w - 16, title.y, title.x2, title.y2), radius=8, fill=BOARD_DARK)
        c.text((title.x2 - 8, title.cy), key, F, "cond", INK_SOFT, "rm")
    groups: list[tuple[str, list[int], bool]] = [(str(i + 1), st, i >= new_from) for i, st in enumerate(stacks)]
    if open_:
        groups.append(("open", open_, True))
    if hand:
        groups.append(("hand", hand, True))
    if not groups:
        c.text_in(body.top(48), _("no stacks yet"), F, "regular", INK_SOFT, "left")
    _card_groups(c, body, groups)


def _card_groups(c: Canvas, box: Box, groups: list[tuple[str, list[int], bool]]) -> None:
    """Stacks left to right, wrapping: each a row of cards under its label and total."""
    cw, ch, step = 50, 68, 54
    row_h = ch + 50
    x, y = box.x, box.y
    for label, cards, fresh in groups:
        head = {"open": _("open stack"), "hand": _("drawn")}.get(label, f"#{label}")
        if len(cards) > 1 or label in ("open", "hand"):  # a single card is its own total
            # TRANSLATORS: a group of cards on the private screen: "#2: sum 7", "open stack: sum 5", "drawn: sum 9".
            head = _("{label}: sum {total}").format(label=head, total=sum(cards))
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
    head = _("Objectives (+points if met at the end, −3 if not)")
    fit_in(c, title, head, "bold")
    if not items:
        c.text_in(body.top(48), _("none kept"), F, "regular", INK_SOFT, "left")
        return
    lines = body.rows(*([1] * max(5, len(items))), gap=2)
    for (o, state), line in zip(items, lines, strict=False):
        card = OBJECTIVES[o]
        fill = art.CARD_FACE if state == "kept" else mix(PAPER, BOARD_DARK, 0.3)
        c.panel(line, fill=fill, radius=8, outline=INK_SOFT, width=1)
        badge = line.left(96).inset(4, 4)
        c.chip(badge, f"+{card['points']}", GOLD, F, "bold")
        tag = _("kept") if state == "kept" else _("keep?")
        tag_box = line.right(max(110, text_width(tag, F, "cond") + 40)).inset(4, 4)
        c.chip(tag_box, tag, GOOD if state == "kept" else BOARD_DARK, F, "cond")
        text_box = Box(badge.x2 + 12, line.y, tag_box.x - badge.x2 - 20, line.h)
        what = objective_text(o, int(view["num_players"]), view.get("edifices", []))
        # the round an edifice is built in is on the strip of the board: a long line may go without it
        drawn = fit_in(c, text_box, [f"{o}: {what}", f"{o}: {objective_condition(o)}"])
        if card["type"] == "edifice_pair":  # where to look on the board: the edifice's tile and value
            size = round(line.h * 0.9)
            x = min(drawn.x2 + 12 + size / 2, text_box.x2 - size / 2)
            c.paste(art.edifice_sprite(size), (x, line.cy))
            c.text((x, line.cy + size * 0.12), str(EDIFICES[card["param"]]["value"]), F, "bold", INK, "mm")
