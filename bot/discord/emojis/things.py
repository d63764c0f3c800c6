"""Which thing (a good, a resource, a building, a coin) an action is about, per game, and its Unicode mark.

The rules stay as they are: their action strings already name the ids (``fill A04 coffee``, ``sell vintners``,
``give wool``, ``buy LON-5-3``), and this table reads them; a thing's picture is ``render/emoji_art.py``'s, under the
same ids. An action about no one thing (``pass``, ``stall 2``, ``load S07 1``) has none, and its option shows no
emoji. ``UNICODE`` is what stands in for an application emoji that is not (yet) uploaded.
"""

from __future__ import annotations

from collections.abc import Callable

# Colonia: the craftsman an order goes to -> the good it makes; a relic's city code -> its currency.
_COLONIA_PRODUCT = {"saddler": "saddle", "wheelwright": "cartwheel", "painter": "painting", "tailor": "clothing",
                    "shoemaker": "shoes"}
_COLONIA_CURRENCY = {"LON": "pfund", "NOW": "grivna", "BER": "mark", "BRU": "gulden"}

UNICODE: dict[str, dict[str, str]] = {
    "speicherstadt": {"coffee": "☕", "tea": "🍵", "saffron": "🌼", "rubber": "⚪", "carpet": "🟥", "coin": "🪙"},
    "colonia": {"saddle": "🐎", "cartwheel": "🛞", "painting": "🖼️", "clothing": "👕", "shoes": "👞",
                "pfund": "💷", "grivna": "🪙", "mark": "🪙", "gulden": "🪙"},
    "strasbourg": {"bakers": "🍞", "butchers": "🍖", "shoemakers": "👢", "vintners": "🍷", "smiths": "🔨",
                   "coin": "🪙", "chapel": "⛪", "edifice": "🏛️"},
    "nuernberg": {"wood": "🌲", "wool": "🐑", "grain": "🌾", "brick": "🧱", "ore": "⛰️", "helmets": "⛑️",
                  "paper": "📄", "compasses": "🧭", "armour": "🛡️", "lyres": "🎵", "gold": "🪙",
                  "settlement": "🏠", "manufacture": "🏭", "toll": "🪧", "wall": "🏰"},
}


def _word(words: list[str], at: int, game: str) -> str | None:
    """``words[at]`` when it is one of the game's things."""
    return words[at] if len(words) > at and words[at] in UNICODE[game] else None


def _speicherstadt(words: list[str]) -> str | None:
    verb = words[0]
    if verb in ("sell", "hall", "take", "store", "convert"):
        return _word(words, 1, "speicherstadt")
    if verb == "fill":
        return _word(words, 2, "speicherstadt")
    return "coin" if verb in ("buy", "marketsell") else None


def _colonia(words: list[str]) -> str | None:
    verb = words[0]
    if verb == "order" and len(words) > 1:
        return _COLONIA_PRODUCT.get(words[1])
    if verb in ("buy", "insure") and len(words) > 1:
        return _COLONIA_CURRENCY.get(words[1][:3])
    if verb == "exchange":
        return _word(words, 1, "colonia")
    return None


def _strasbourg(words: list[str]) -> str | None:
    verb = words[0]
    if verb == "sell":
        return _word(words, 1, "strasbourg")
    return {"buy": "coin", "chapel": "chapel", "build": "edifice"}.get(verb)


def _nuernberg(words: list[str]) -> str | None:
    verb = words[0]
    if verb in ("give", "want", "discard", "produce"):
        return _word(words, 1, "nuernberg")
    return {"settle": "settlement", "manufacture": "manufacture", "toll": "toll", "wall": "wall"}.get(verb)


ACTION_THING: dict[str, Callable[[list[str]], str | None]] = {
    "speicherstadt": _speicherstadt, "colonia": _colonia, "strasbourg": _strasbourg, "nuernberg": _nuernberg,
}


def thing_of(game: str, action: str | None) -> str | None:
    """The thing ``action`` is about in ``game``, or None (no such game here, or no one thing)."""
    read = ACTION_THING.get(game)
    words = (action or "").split()
    return read(words) if read is not None and words else None
