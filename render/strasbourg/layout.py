"""Strasbourg renderer: the shared sizes, names and small helpers of every Strasbourg image."""

from __future__ import annotations

from typing import TYPE_CHECKING

from render.kit import MIN_FONT
from rules.strasbourg.data import EDIFICES, GUILD_NAMES
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.strasbourg.views import StrasbourgView


_, _n = translator("strasbourg")

F = MIN_FONT  # every text is drawn at MIN_FONT or larger
BIG = MIN_FONT + 4
MARGIN = 8
GAP = 8
ROLE_NAMES = {"master": N_("Master"), "journeyman": N_("Journeyman"), "apprentice": N_("Apprentice")}
STEP_NAMES = {"nobility": N_("Nobility & Church"), "merchants": N_("Merchants"), "chapel": N_("Chapel"),
              "edifice": N_("Edifice")}


# ---------------------------------------------------------------- small helpers
def _turn_order(view: StrasbourgView) -> list[int]:
    n = int(view["num_players"])
    first = int(view.get("first_player") or 0)
    return [(first + k) % n for k in range(n)]


def _edifice_label(edifice: str) -> str:
    e = EDIFICES[edifice]
    return f"{_(e['name'])} ({e['value']})"


def _step_title(view: StrasbourgView) -> str:
    kind = view.get("step_kind")
    if kind == "guild":
        return _("{guild} guild").format(guild=_(GUILD_NAMES[view["step_guild"] or ""]))
    if kind == "merchants" and view.get("merchant_seat"):
        return _("Merchants + seat")
    return _(STEP_NAMES[str(kind)]) if str(kind) in STEP_NAMES else ""
