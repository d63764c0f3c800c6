"""Strasbourg renderer: the shared sizes, names and small helpers of every Strasbourg image."""

from __future__ import annotations

from typing import TYPE_CHECKING

from render.kit import MIN_FONT
from rules.strasbourg.data import EDIFICES, GUILD_NAMES

if TYPE_CHECKING:
    from rules.strasbourg.views import StrasbourgView


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
