"""The Speicherstadt in words, from a view: the status line, the summary (the board in words, a player's own
screen), the final table's words and the image's alt text. ``views`` re-exports every public name here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import fit_lines
from rules.speicherstadt.data import (
    HALL_CONVERT_CUBES,
    HALL_SELL_CUBES,
    HALL_STORE_MAX,
    MERCHANT_NAMES,
)
from rules.speicherstadt.text import card_name, good_name, goods_text, season_name, seat_in_text
from rules.words import N_, seat, translator

_, _n = translator("speicherstadt")


PHASE_NAMES = {"demand": N_("Demand"), "purchase": N_("Purchase"), "loading": N_("Loading"),
               "over": N_("Game over")}


def phase_name(phase: str) -> str:
    """A phase as the texts name it ("Purchase"); an unknown one as it is."""
    name = PHASE_NAMES.get(phase)
    return _(name) if name else phase


def status_text(view: Mapping[str, Any]) -> str:
    """Where the game stands, in the reader's language, from a view's own fields (so a view built for one reader
    still reads right for another)."""
    if view["phase"] == "over":
        return _("Game over after round {round}.").format(round=view["round"])
    fields = {"round": view["round"], "season": season_name(view["season"]), "phase": phase_name(view["phase"])}
    awaited = view["to_act"]
    who = seat_in_text(awaited[0])
    if view["phase"] == "purchase":
        slot = view["row"][view["deciding"] - 1]
        price = slot["price"]
        return _n("Round {round} ({season}), {phase}: {who} may buy {card} for {n} coin.",
                  "Round {round} ({season}), {phase}: {who} may buy {card} for {n} coins.", price).format(
            who=who, card=card_name(slot["card"]), n=price, **fields)
    if view["phase"] == "demand":
        return _("Round {round} ({season}), {phase}: {who} places a worker.").format(who=who, **fields)
    later = view["loading_later"]
    if len(awaited) == 1 and not later:
        return _("Round {round} ({season}), {phase}: {who} unloads goods.").format(who=who, **fields)
    if not later:
        return _("Round {round} ({season}), {phase}: {seats} unload goods at the same time.").format(
            seats=seats_words(awaited), **fields)
    if len(awaited) == 1:
        return _("Round {round} ({season}), {phase}: {who} unloads goods; then {later} (a conversion at the market "
                 "hall could depend on the order).").format(who=who, later=seats_words(later), **fields)
    return _("Round {round} ({season}), {phase}: {seats} unload goods at the same time; then {later} (a conversion "
             "at the market hall could depend on the order).").format(
        seats=seats_words(awaited), later=seats_words(later), **fields)


def seats_words(seats: list[int]) -> str:
    """'seat 2', 'seat 0 and seat 2', 'seat 0, seat 2 and seat 3' (each "seat N" becomes a name at the table)."""
    words = [seat_in_text(s) for s in seats]
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: the end of a list of players: "seat 0, seat 2 and seat 3"
    return _("{others} and {last}").format(others=", ".join(words[:-1]), last=words[-1])


def _goods_text(counts: dict[str, int] | None) -> str:
    return goods_text(counts, "-")


def _card_words(card: Mapping[str, Any]) -> str:
    """A card's name read from the view (a contract's goods, a fireman's value, a merchant's good: what the image
    draws), else its name in the card list."""
    kind, info = card["kind"], card["info"]
    if kind == "contract":
        return _("Contract {goods}").format(goods="+".join(good_name(g) for g in info["goods"]))
    if kind == "fireman":
        return _("Fireman {value}").format(value=info["value"])
    if kind == "merchant":
        merchant = MERCHANT_NAMES.get(info["good"])  # an N_ word of data.py (a variable, for the extractor)
        return _(merchant) if merchant else card_name(card["id"])
    return card_name(str(card.get("id") or card.get("card") or ""))


def _contract_text(c: Mapping[str, Any]) -> str:
    filled = c["filled"]
    progress = _("done") if c["complete"] else f"{len(filled)}/{len(c['goods'])}"
    if filled and not c["complete"]:
        # TRANSLATORS: the goods already on a contract, after its count: "coffee+tea+rubber 1/3 (filled: tea)"
        progress += " " + _("(filled: {goods})").format(goods="+".join(good_name(g) for g in filled))
    goods = "+".join(good_name(g) for g in c["goods"])
    # TRANSLATORS: a contract's goods, how far it is filled and its points, e.g. "coffee+tea 1/2 (5 pts)"
    return _n("{goods} {progress} ({n} pt)", "{goods} {progress} ({n} pts)", c["points"]).format(
        goods=goods, progress=progress, n=c["points"])


def _cards_text(pl: Mapping[str, Any]) -> str:
    parts = [_contract_text(c) for c in pl["contracts"]]
    counts: dict[str, int] = {}
    for card in pl["cards"]:
        if card["kind"] != "contract":
            name = _card_words(card)
            counts[name] = counts.get(name, 0) + 1
    others = [f"{name} x{n}" if n > 1 else name for name, n in counts.items()]
    text = (_("contracts {list}").format(list=", ".join(parts)) + "; " if parts else "") + ", ".join(others)
    return text.rstrip("; ") or _("no cards")


_KIND_HINTS = {
    "kontor": N_("Kontor set: 2/5/9/14 pts"),
    "bank": N_("+1 income"),
    "chamber": N_("1 pt per coin at the end"),
    "port": N_("1 pt per ship"),
    "warehouse": N_("stores up to {capacity} cubes, 1 pt each"),
    "merchant": N_("sells {good} for 1 coin, {points} pt"),
    "contract": N_("{points} pts when complete"),
    "church": N_("{points} pts"),
    "michaelis": N_("{points} pts"),
    "fire": N_("most firemen +{bonus}, fewest -{penalty}"),
}


def card_hint(slot: Mapping[str, Any]) -> str:
    """What a card in the row is good for, in a few words ('' if its name says it all)."""
    hint = _KIND_HINTS.get(slot["kind"], "")
    info = dict(slot["info"].items())  # every printed number read (the image draws them)
    if "good" in info:
        info["good"] = good_name(info["good"])
    try:
        return _(hint).format(**info) if hint else ""
    except KeyError:  # a card without the printed number the hint needs
        return ""


def _seats_text(seats: list[int]) -> str:
    return ", ".join(seat(s) for s in seats)


def summary(view: Mapping[str, Any]) -> str:
    """The board in words (``view(None)``), or a player's own screen (their view: the board, then their cards and
    points if the game ended now): everything the image drawn from the same view shows (tests/a11y)."""
    return "\n".join(situation_lines(view) + board_lines(view) + private_lines(view))


def situation_lines(view: Mapping[str, Any]) -> list[str]:
    """Where the game stands and whose move it is."""
    if not view["to_act"] or view["over"]:
        return [_("Game over after round {round} ({season}).").format(
            round=view["round"], season=season_name(view["season"]))]
    return [status_text(view)]


def board_lines(view: Mapping[str, Any]) -> list[str]:
    """The board's lines after the situation: pile, reserve, the row, the players (and the final table)."""
    lines: list[str] = []
    pile = view["pile"]
    lines.append(_n("Pile: {n} card", "Pile: {n} cards", pile["count"]).format(n=pile["count"]) + ", "
                 + _n("{n} fire to come", "{n} fires to come", pile["fires_left"]).format(n=pile["fires_left"])
                 + (" — " + _("last round!") if view["last_round"] else ""))
    lines.append(reserve_line(view))
    lines += row_lines(view)
    lines += players_lines(view)
    lines += final_lines(view)
    return lines


def reserve_line(view: Mapping[str, Any]) -> str:
    reserve = _goods_text(view["reserve"]) if any(view["reserve"].values()) else _("empty")
    return _n("Reserve: {reserve}; bag: {n} cube", "Reserve: {reserve}; bag: {n} cubes", view["bag"]).format(
        reserve=reserve, n=view["bag"])


def row_lines(view: Mapping[str, Any], only: int | None = None) -> list[str]:
    """The row of cards under a heading (``only``: that column's line alone, no heading)."""
    deciding = view["deciding"]
    # the seat whose turn it is to buy or decline the card being sold: it is named, not the column's last worker
    decider = view["to_act"][0] if deciding and view["to_act"] else None
    lines = [] if only is not None else [_("Cards in the row:")]
    for slot in view["row"]:
        if only is not None and slot["col"] != only:
            continue
        lines.append("  " + row_line(slot, deciding, decider))
    if only is None and not view["row"]:
        lines.append("  " + _("no cards"))
    return lines


def row_line(slot: Mapping[str, Any], deciding: int | None, decider: int | None = None) -> str:
    hint = card_hint(slot)
    cubes = slot["cubes"]
    carries = cubes is not None and any(cubes.values()) and slot["status"] == "open"
    extra = " " + _("carrying {goods}").format(goods=_goods_text(cubes)) if carries else ""
    buyer = slot["buyer"]
    if slot["status"] == "bought" and buyer is not None:
        paid = slot.get("paid")
        who = seat(buyer)
        where = (_n("bought by {who} for {n} coin", "bought by {who} for {n} coins", paid).format(who=who, n=paid)
                 if paid is not None else _("bought by {who}").format(who=who))
    elif slot["status"] == "discarded":
        where = _("nobody bought it")
    elif slot["workers"]:
        workers = _seats_text(slot["workers"])
        if deciding == slot["col"] and decider is not None:
            # TRANSLATORS: the card being sold: its price, the workers standing above it, and who decides now
            where = _("price {price}, workers (lowest first) {seats}; {who} decides").format(
                price=slot["price"], seats=workers, who=seat(decider))
        else:
            where = _("price {price}, workers (lowest first) {seats}").format(price=slot["price"], seats=workers)
    else:
        where = _("no workers yet")
    card = f"{_card_words(slot)}{f' ({hint})' if hint else ''}{extra}"
    # TRANSLATORS: a card of the row in the summary: "1. Ship carrying 2 tea: no workers yet"
    return _("{col}. {card}: {where}").format(col=slot["col"], card=card, where=where)


def players_lines(view: Mapping[str, Any], seats: list[int] | None = None) -> list[str]:
    """Each seat's line (points, coins, firemen, cards) and its cubes, under a heading (``seats``: those only)."""
    n = view["num_players"]
    lines = [] if seats is not None else [_n("Players ({n}):", "Players ({n}):", n).format(n=n)]
    for pl in view["players"]:
        if seats is None or pl["seat"] in seats:
            lines += player_lines(view, pl)
    return lines


def player_lines(view: Mapping[str, Any], pl: Mapping[str, Any]) -> list[str]:
    lines = []
    first = " (" + _("first player") + ")" if pl["seat"] == view["first_player"] else ""
    facts = [_n("{n} point", "{n} points", pl["score"]).format(n=pl["score"]),
             _n("{n} coin", "{n} coins", pl["coins"]).format(n=pl["coins"])]
    if view["phase"] == "demand":
        facts.append(_n("{n} worker to place", "{n} workers to place", pl["workers"]).format(n=pl["workers"]))
    facts.append(_("firemen {n}").format(n=pl["firemen"]))
    # TRANSLATORS: a player's line in the summary: "Seat 1 (first player): 3 points, 2 coins; Ship, Kontor"
    lines.append(_("{who}: {facts}; {cards}").format(who=seat(pl["seat"]) + first, facts=", ".join(facts),
                                                     cards=_cards_text(pl)))
    stock = []
    if any(pl["hand"].values()):
        stock.append(_("in hand {goods}").format(goods=_goods_text(pl["hand"])))
    if pl["warehouse"] is not None:
        if any(pl["warehouse"].values()):
            stock.append(_("warehouse {goods}").format(goods=_goods_text(pl["warehouse"])))
        else:
            stock.append(_("warehouse empty"))
    if any(pl["hall"].values()):
        stock.append(_("market hall {goods}").format(goods=_goods_text(pl["hall"])))
    if stock:
        lines.append("    " + "; ".join(stock))
    if view["phase"] == "loading" and pl["seat"] in view["to_act"]:
        lines.append("    " + _hall_hint(pl))
    return lines


def scores_line(view: Mapping[str, Any]) -> str:
    # TRANSLATORS: every seat's points, e.g. "Scores: seat 0: 12, seat 1: 9"
    return _("Scores: {scores}").format(scores=", ".join(
        _("{who}: {value}").format(who=seat_in_text(s), value=v) for s, v in enumerate(view["scores"])))


def final_lines(view: Mapping[str, Any]) -> list[str]:
    """The final-score sheet once the game is over: ranks, points by category, coins (the tie-break), totals."""
    outcome = view.get("outcome")
    if not view["over"] or not outcome:
        return []
    scores = outcome.get("scores", view["scores"])
    ranks = outcome.get("ranks", [1] * len(scores))
    breakdown = outcome.get("breakdown") or [p["breakdown"] for p in view["players"]]
    lines = [_("Final scores (tied scores are ranked by coins):")]
    for s in sorted(range(len(scores)), key=lambda s: (ranks[s], s)):
        parts = _breakdown_words(breakdown[s])
        coins = view["players"][s]["coins"]
        # TRANSLATORS: a line of the final scores: "#1 Seat 2: 45 points (Fires 8, Contracts 20), 7 coins"
        lines.append("  " + _n("#{rank} {who}: {n} point ({parts}), {coins}", "#{rank} {who}: {n} points ({parts}), "
                               "{coins}", scores[s]).format(
            rank=ranks[s], who=seat(s), n=scores[s], parts=parts,
            coins=_n("{n} coin", "{n} coins", coins).format(n=coins)))
    return lines


def _breakdown_words(parts: Mapping[str, int]) -> str:
    words = [f"{_(BREAKDOWN_LABELS[k]) if k in BREAKDOWN_LABELS else k} {v}" for k, v in parts.items() if v]
    return ", ".join(words) or _("nothing")


#: The score categories as the final table and the private screen name them.
BREAKDOWN_LABELS = {
    "fires": N_("Fires"), "contracts": N_("Contracts"), "kontor": N_("Kontors"), "merchants": N_("Merchants"),
    "church": N_("Church"), "michaelis": N_("Michaelis"), "warehouse": N_("Warehouse"), "port": N_("Port"),
    "chamber": N_("Chamber"),
}

_CARD_NOTES = {
    "fireman": N_("value {value}"), "ship": N_("{capacity} cubes"), "kontor": N_("scores as a set: 2/5/9/14 pts"),
    "warehouse": N_("stores up to {capacity} cubes, 1 pt each"), "bank": N_("+1 income"),
    "chamber": N_("1 pt per coin at the end"), "church": N_("{points} pts"), "michaelis": N_("{points} pts"),
    "port": N_("1 pt per ship"), "merchant": N_("sells {good} for 1 coin, {points} pt"),
    "contract": N_("{points} pts when complete"),
}


def private_lines(view: Mapping[str, Any]) -> list[str]:
    """What a player's private screen adds: each of their cards with what it does, and their points by
    category if the game ended now. Nothing for the public view."""
    me = view["viewer"]
    if me is None:
        return []
    pl = view["players"][me]
    lines = [_("Your cards ({n}):").format(n=len(pl["cards"]))]
    for card in pl["cards"]:
        info = dict(card["info"].items())
        if "good" in info:
            info["good"] = good_name(info["good"])
        note = _CARD_NOTES.get(card["kind"])
        try:
            said = _(note).format(**info) if note else ""
        except KeyError:
            said = ""
        name = _card_words(card)
        lines.append("  " + (_("{card}: {what}").format(card=name, what=said) if said else name))
    if not pl["cards"]:
        lines.append("  " + _("no cards"))
    lines.append(_n("If the game ended now: {n} point ({parts})", "If the game ended now: {n} points ({parts})",
                    pl["score"]).format(n=pl["score"], parts=_breakdown_words(pl["breakdown"])))
    return lines


def _hall_hint(pl: Mapping[str, Any]) -> str:
    """How the market hall works, and why End loading is missing while 2 or more cubes stand on it."""
    on_hall = sum(pl["hall"].values())
    numbers = {"sell": HALL_SELL_CUBES, "convert": HALL_CONVERT_CUBES, "keep": HALL_STORE_MAX}
    if on_hall > HALL_STORE_MAX:
        return _("market hall: {sell} cubes on it sell for 1 coin, {convert} trade for any 1 cube of the reserve; at "
                 "most {keep} may stay. It holds {n}: sell, convert or take cubes back before you can end "
                 "loading.").format(n=on_hall, **numbers)
    return _("market hall: {sell} cubes on it sell for 1 coin, {convert} trade for any 1 cube of the reserve; at "
             "most {keep} may stay.").format(**numbers)


def alt_text(view: Mapping[str, Any], last: str | None, limit: int) -> str:
    """The image's description for a screen reader: the situation, the last move, the part of the board the
    awaited decision is about (the offered card and the buyer's coins; the row while workers are placed; the
    loading seats' cards and cubes and the reserve; the final table), the scores, then the rest of the board in
    words as room allows, in at most ``limit`` characters."""
    lines = situation_lines(view)
    if last:
        lines.append(_("Last move: {move}").format(move=last))
    awaited = list(view["to_act"])
    phase = view["phase"]
    if view["over"]:
        lines += final_lines(view)
    elif phase == "purchase" and view["deciding"]:
        lines += row_lines(view, only=view["deciding"]) + players_lines(view, seats=awaited[:1])
    elif phase == "demand":
        lines += players_lines(view, seats=awaited[:1]) + row_lines(view)
    elif phase == "loading":
        lines += [*players_lines(view, seats=awaited), reserve_line(view)]
    lines.append(scores_line(view))
    said = {line.strip() for line in lines}
    lines += [line for line in summary(view).splitlines() if line.strip() not in said]
    return fit_lines(lines, limit)
