"""Texts of The Speicherstadt: card and goods names, action labels and the one event formatter, in the reader's
language (the ``speicherstadt`` catalog; the action words themselves stay English: they are what players type)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Event
from rules.speicherstadt.data import CARDS, GOOD_NAMES, GOODS, HALL_CONVERT_CUBES, HALL_SELL_CUBES, SEASON_NAMES
from rules.words import seat, translator
from rules.words import seat_in_text as seat_in_text  # re-exported: the shared one (rules.words)

if TYPE_CHECKING:
    from rules.speicherstadt.state import SpeicherstadtState

_, _n = translator("speicherstadt")


def good_name(good: str) -> str:
    """A good as the texts name it ('coffee', 'café'); an unknown word is shown as it was typed."""
    return _(GOOD_NAMES[good]) if good in GOOD_NAMES else good


def card_name(cid: str) -> str:
    """A card's name in the reader's language (contracts list their goods, firemen their value)."""
    card = CARDS.get(cid)
    if card is None:
        return "?"
    if card["kind"] == "contract":
        # TRANSLATORS: a contract card named by its goods, e.g. "Contract coffee+tea"
        return _("Contract {goods}").format(goods="+".join(good_name(g) for g in card["goods"]))
    if card["kind"] == "fireman":
        return _("Fireman {value}").format(value=card["value"])
    name: str = card["name"]  # an N_ word of data.py (a variable: the extractor must not take "name" for a text)
    return _(name)


def season_name(season: str) -> str:
    return _(SEASON_NAMES[season]) if season in SEASON_NAMES else season




def goods_text(counts: dict[str, int] | None, empty: str | None = None) -> str:
    """'2 coffee, 1 tea' ("nothing", or ``empty``, when there are none)."""
    # TRANSLATORS: a number of cubes of one good, e.g. "2 coffee"
    text = ", ".join(_("{n} {good}").format(n=n, good=good_name(g)) for g in GOODS if (n := (counts or {}).get(g, 0)))
    return text or (_("nothing") if empty is None else empty)


def _seats(seats: list[int]) -> str:
    return ", ".join(seat_in_text(s) for s in seats) or _("nobody")


def describe_action(state: SpeicherstadtState, action: str, seat: int | None = None) -> str:
    """The label of ``action``; ``seat``: whose it is (else the one awaited seat, if there is only one)."""
    words = action.split()
    verb = words[0] if words else ""
    if verb == "place" and len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= len(state.row):
        slot = state.row[int(words[1]) - 1]
        space = len(slot["workers"]) + 1
        return _("Worker above card {col} ({card}), space {space}").format(
            col=words[1], card=card_name(slot["card"]), space=space)
    if verb in ("buy", "decline") and state.phase == "purchase":
        slot = state.row[state.col]
        price = len(slot["workers"])
        name = card_name(slot["card"])
        if verb == "buy":
            return _n("Buy {card} for {n} coin", "Buy {card} for {n} coins", price).format(card=name, n=price)
        return _n("Decline {card} (price {n} coin)", "Decline {card} (price {n} coins)", price).format(
            card=name, n=price)
    if verb == "fill" and len(words) == 3:
        return _("Put {good} on {card}").format(good=good_name(words[2]), card=card_name(words[1]))
    if verb == "sell" and len(words) == 2:
        return _("Sell {good} to your merchant for 1 coin").format(good=good_name(words[1]))
    if verb == "store" and len(words) == 2:
        return _("Store {good} in your warehouse").format(good=good_name(words[1]))
    if verb == "hall" and len(words) == 2:
        hint = _hall_next(state, seat)
        if hint:
            return _("Put {good} on your market hall ({hint})").format(good=good_name(words[1]), hint=hint)
        return _("Put {good} on your market hall").format(good=good_name(words[1]))
    if verb == "take" and len(words) == 3:
        if words[2] == "wh":
            return _("Take {good} from your warehouse into hand").format(good=good_name(words[1]))
        return _("Take {good} from your market hall into hand").format(good=good_name(words[1]))
    if verb == "marketsell":
        return _("Market hall: sell its 2 cubes for 1 coin")
    if verb == "convert" and len(words) == 2:
        return _("Market hall: trade its 3 cubes for 1 {good} from the reserve").format(good=good_name(words[1]))
    if verb == "done":
        awaited = state.to_act() if state.phase == "loading" else []
        if seat is None and len(awaited) == 1:
            seat = awaited[0]
        if seat is None or not 0 <= seat < state.num_players:
            return _("End loading (cubes still in hand are lost)") if len(awaited) > 1 else _("End loading")
        left = sum(state.players[seat]["hand"].values())
        if not left:
            return _("End loading")
        return _n("End loading ({n} cube in hand will be lost)", "End loading ({n} cubes in hand will be lost)",
                  left).format(n=left)
    return action[:100] or "?"


def _hall_next(state: SpeicherstadtState, seat: int | None) -> str:
    """What the market hall will allow once this cube is on it (2 cubes: sell for a coin; 3: convert)."""
    if seat is None and state.phase == "loading" and len(state.to_act()) == 1:
        seat = state.to_act()[0]
    if seat is None or not 0 <= seat < state.num_players:
        return _("2 there sell for 1 coin, 3 trade for 1 cube of the reserve")
    after = sum(state.players[seat]["hall"].values()) + 1
    if after == HALL_SELL_CUBES:
        return _("then 2 there: sell them for 1 coin")
    if after == HALL_CONVERT_CUBES:
        return _("then 3 there: trade them for 1 cube of the reserve")
    return _("1 cube may stay there for a later round") if after == 1 else ""


def _by_seat(values: list[int]) -> str:
    """'seat 0: 3, seat 1: 5' (each seat's number)."""
    # TRANSLATORS: a seat (or player name) and its number, in a list like "seat 0: 3, seat 1: 5"
    return ", ".join(_("{who}: {value}").format(who=seat_in_text(s), value=v) for s, v in enumerate(values))


def event_text(event: Event) -> str:
    p = event.params
    k = event.kind
    who = seat(p["seat"]) if isinstance(p.get("seat"), int) else ""
    if k == "round":
        return _("Round {round} begins.").format(round=p["round"])
    if k == "reveal":
        if p.get("col") is None:
            return _("Revealed: {card}!").format(card=card_name(p["card"]))
        if p.get("cubes"):
            return _("Card {col}: {card} carrying {goods}.").format(
                col=p["col"], card=card_name(p["card"]), goods=goods_text(p.get("cubes")))
        return _("Card {col}: {card}.").format(col=p["col"], card=card_name(p["card"]))
    if k == "fire":
        totals = _by_seat(p["totals"])
        if not p["gain"]:
            return _("{fire}: all fire brigades are equal ({totals}); nobody scores.").format(
                fire=card_name(p["card"]), totals=totals)
        return _("{fire} (firemen {totals}): {gainers} +{bonus}, {losers} -{penalty}.").format(
            fire=card_name(p["card"]), totals=totals, gainers=_seats(p["gain"]), bonus=p["bonus"],
            losers=_seats(p["lose"]), penalty=p["penalty"])
    if k == "last_round":
        return _("Only the 4th Fire is left in the pile: this is the last round.")
    if k == "special_end":
        return _("The 3rd Fire was the last Autumn card: the 4th Fire follows at once and the game ends.")
    if k == "place":
        return _("{who} places a worker above card {col} ({card}), space {space}.").format(
            who=who, col=p["col"], card=card_name(p["card"]), space=p["space"])
    if k == "buy":
        return _("{who} buys {card} for {price}.").format(who=who, card=card_name(p["card"]), price=p["price"])
    if k == "decline":
        if p.get("auto"):
            return _("{who} declines {card} at {price} (cannot pay).").format(
                who=who, card=card_name(p["card"]), price=p["price"])
        return _("{who} declines {card} at {price}.").format(who=who, card=card_name(p["card"]), price=p["price"])
    if k == "discard":
        if p.get("cubes"):
            return _("Nobody buys {card}; its cubes ({goods}) go to the reserve.").format(
                card=card_name(p["card"]), goods=goods_text(p["cubes"]))
        return _("Nobody buys {card}.").format(card=card_name(p["card"]))
    if k == "fill":
        if p.get("complete"):
            return _("{who} puts {good} on {card} — contract complete!").format(
                who=who, good=good_name(p["good"]), card=card_name(p["card"]))
        return _("{who} puts {good} on {card}.").format(who=who, good=good_name(p["good"]), card=card_name(p["card"]))
    if k == "sell":
        return _("{who} sells {good} to a merchant for 1 coin.").format(who=who, good=good_name(p["good"]))
    if k == "store":
        return _("{who} stores {good} in the warehouse.").format(who=who, good=good_name(p["good"]))
    if k == "hall":
        return _("{who} puts {good} on the market hall.").format(who=who, good=good_name(p["good"]))
    if k == "take":
        if p.get("from") == "wh":
            return _("{who} takes {good} from the warehouse.").format(who=who, good=good_name(p["good"]))
        return _("{who} takes {good} from the market hall.").format(who=who, good=good_name(p["good"]))
    if k == "marketsell":
        return _("{who} sells {goods} at the market hall for 1 coin.").format(who=who, goods=goods_text(p["paid"]))
    if k == "convert":
        return _("{who} converts {goods} into 1 {good}.").format(
            who=who, goods=goods_text(p["paid"]), good=good_name(p["good"]))
    if k == "done":
        if p.get("lost"):
            return _("{who} ends loading; {goods} lost to the reserve.").format(who=who, goods=goods_text(p["lost"]))
        return _("{who} ends loading.").format(who=who)
    if k == "income":
        gains = ", ".join(f"{seat_in_text(s)} +{g}" for s, g in enumerate(p["gains"]))
        return _("Income: {gains}.").format(gains=gains)
    if k == "first":
        return _("{who} is now first player.").format(who=who)
    if k == "end":
        winners = p["winners"]
        # TRANSLATORS: the plural form is for a shared win (English says "Winner" either way)
        return _n("Game over ({scores}). Winner: {winners}.", "Game over ({scores}). Winner: {winners}.",
                  len(winners)).format(scores=_by_seat(p["scores"]), winners=_seats(winners))
    return k
