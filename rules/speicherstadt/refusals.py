"""Why a well-formed action is refused, in the rules' own words (``State.refusal``); None for junk.

Only called for an action that is not legal for an awaited seat. Nothing here is secret: every seat sees all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.speicherstadt.command_words import COMMANDS, command
from rules.speicherstadt.data import (
    BUILDING_SPACES,
    CARDS,
    GOODS,
    HALL_CONVERT_CUBES,
    HALL_SELL_CUBES,
    HALL_STORE_MAX,
    MERCHANT_NAMES,
    WAREHOUSE_CAPACITY,
)
from rules.speicherstadt.loading import MAX_PUTS_PER_TURN
from rules.speicherstadt.text import card_name, good_name
from rules.words import translator

if TYPE_CHECKING:
    from rules.speicherstadt.state import SpeicherstadtState

_LOADING_VERBS = ("fill", "sell", "store", "hall", "take", "marketsell", "convert", "done")
_, _n = translator("speicherstadt")


def refusal(st: SpeicherstadtState, seat: int, action: str) -> str | None:
    words = action.split()
    if not words:
        return None
    verb = words[0].lower()
    if st.phase == "demand":
        return _demand(st, verb, words)
    if st.phase == "purchase":
        if verb == "place" or verb in _LOADING_VERBS:
            name = card_name(st.row[st.col]["card"])
            # TRANSLATORS: {buy} and {decline} are the words players type, in their language
            return _("It is the Purchase phase: buy or decline {card} ({buy} / {decline}).").format(
                card=name, buy=command("buy"), decline=command("decline"))
        return None
    if st.phase == "loading":
        if verb in ("place", "buy", "decline"):
            # TRANSLATORS: {done} is the word players type, in their language
            return _("It is the Loading phase: unload, sell or store your goods, then end loading ({done}).").format(
                done=command("done"))
        if verb in _LOADING_VERBS:
            return _loading(st, st.players[seat], verb, words[1:])
    return None


def _demand(st: SpeicherstadtState, verb: str, words: list[str]) -> str | None:
    if verb in ("buy", "decline", *_LOADING_VERBS):
        # TRANSLATORS: {place} is the word players type, in their language (translate what is in angle brackets)
        return _("It is the Demand phase: place a worker above a card ({place} <card number>).").format(
            place=command("place"))
    if verb != "place" or len(words) != 2:
        return None
    cols = len(st.row)
    if not (words[1].isascii() and words[1].isdigit()) or not 1 <= int(words[1]) <= cols:
        return _("There is no card {col} in the row: choose a card from 1 to {cols}.").format(
            col=words[1][:10], cols=cols)
    if len(st.row[int(words[1]) - 1]["workers"]) >= BUILDING_SPACES:
        return _("All {n} spaces above card {col} are taken: choose another card.").format(
            n=BUILDING_SPACES, col=words[1])
    return None


def _words() -> dict[str, str]:
    """The market hall's commands in the reader's words, for the sentences that name them."""
    return {w: command(w) for w in ("marketsell", "convert", "take", "hall")}


def _good(word: str) -> str | None:
    return word if word in GOODS else None


def _unknown_good(word: str) -> str:
    # TRANSLATORS: {goods} lists the words players type for the goods (coffee, tea...), in their language
    said = [command(g) for g in GOODS]
    return _("There is no good '{word}': the goods are {goods}.").format(
        word=word[:20], goods=_("{others} or {last}").format(others=", ".join(said[:-1]), last=said[-1]))


def _holds(p: dict[str, Any], good: str) -> bool:
    return bool(p["hand"][good] or p["hall"][good] or p["wh"][good])


def _no_cube(good: str) -> str:
    return _("You have no {good} cube (in hand, on your market hall or in your warehouse).").format(
        good=good_name(good))


def _loading(st: SpeicherstadtState, p: dict[str, Any], verb: str, args: list[str]) -> str | None:
    on_hall = sum(p["hall"].values())
    if verb == "done":
        # TRANSLATORS: the words in braces are what players type, in their language (translate <good>)
        return _("You may keep at most {keep} cube on your market hall, and it holds {n}: sell 2 for a coin "
                 "({marketsell}), trade 3 for any cube of the reserve ({convert} <good>) or take cubes back "
                 "({take} <good> {hall}) first.").format(keep=HALL_STORE_MAX, n=on_hall, **_words())
    if verb == "marketsell":
        return _n("Selling at the market hall needs exactly {need} cubes on it; it holds {n} cube (put cubes there "
                  "with {hall} <good>, take them back with {take} <good> {hall}).",
                  "Selling at the market hall needs exactly {need} cubes on it; it holds {n} cubes (put cubes there "
                  "with {hall} <good>, take them back with {take} <good> {hall}).", on_hall).format(
            need=HALL_SELL_CUBES, n=on_hall, **_words())
    if not args:
        return None
    good = _good(args[0])
    if verb == "fill":
        return _fill(p, args)
    if good is None:
        return _unknown_good(args[0])
    if verb == "convert":
        if on_hall != HALL_CONVERT_CUBES:
            return _n("Converting needs exactly {need} cubes on your market hall; it holds {n} cube (put cubes "
                      "there with {hall} <good>).",
                      "Converting needs exactly {need} cubes on your market hall; it holds {n} cubes (put cubes "
                      "there with {hall} <good>).", on_hall).format(need=HALL_CONVERT_CUBES, n=on_hall,
                                                                    hall=command("hall"))
        return _("The reserve has no {good} cube, even counting the 3 you would pay: choose another good.").format(
            good=good_name(good))
    if verb == "sell":
        if not any(CARDS[c]["kind"] == "merchant" and CARDS[c]["good"] == good for c in p["cards"]):
            return _("You need the {merchant} to sell {good}.").format(
                merchant=_(MERCHANT_NAMES[good]), good=good_name(good))
        return _no_cube(good)
    if verb in ("store", "hall"):
        if verb == "store" and not any(CARDS[c]["kind"] == "warehouse" for c in p["cards"]):
            return _("You own no Warehouse.")
        if verb == "store" and sum(p["wh"].values()) >= WAREHOUSE_CAPACITY:
            return _("Your warehouse is full ({n} cubes).").format(n=WAREHOUSE_CAPACITY)
        if not p["hand"][good]:
            # TRANSLATORS: {take_wh} and {take_hall} are the commands to type (take coffee wh / take coffee hall)
            return _("You have no {good} in hand (take it back first with {take_wh} or {take_hall}).").format(
                good=good_name(good), take_wh=COMMANDS.to_reader(f"take {good} wh"),
                take_hall=COMMANDS.to_reader(f"take {good} hall"))
        if p["puts"] >= MAX_PUTS_PER_TURN:
            return _("You have moved cubes {n} times this turn: use them or end loading.").format(n=MAX_PUTS_PER_TURN)
        return None
    if verb == "take":
        where = args[1] if len(args) > 1 else ""
        if where not in ("wh", "hall"):
            return _("Take from where? Say {take_wh} (warehouse) or {take_hall} (market hall).").format(
                take_wh=COMMANDS.to_reader(f"take {good} wh"), take_hall=COMMANDS.to_reader(f"take {good} hall"))
        if where == "wh":
            return _("There is no {good} in your warehouse.").format(good=good_name(good))
        return _("There is no {good} in your market hall.").format(good=good_name(good))
    return None


def _fill(p: dict[str, Any], args: list[str]) -> str | None:
    if len(args) != 2:
        # TRANSLATORS: {fill} is the word players type and {example} a whole command, in their language
        return _("Say which contract and which good: {fill} <the contract's goods> <good>, e.g. {example}.").format(
            fill=command("fill"), example=COMMANDS.to_reader("fill B02 tea"))
    cid, word = args[0].upper(), args[1]
    if cid not in p["cards"] or CARDS[cid]["kind"] != "contract":
        return _("You have no contract {card}.").format(card=args[0][:10])
    good = _good(word)
    if good is None:
        return _unknown_good(word)
    card = CARDS[cid]
    if good not in card["goods"]:
        return _("{card} takes no {good}: it needs {goods}.").format(
            card=card_name(cid), good=good_name(good), goods=", ".join(good_name(g) for g in card["goods"]))
    if good in p["filled"][cid]:
        return _("{card} already holds its {good}.").format(card=card_name(cid), good=good_name(good))
    if not _holds(p, good):
        return _no_cube(good)
    if args[0] != cid:
        return _("Type the card as printed: {command}.").format(command=f"fill {cid} {good}")
    return None
