"""Strasbourg renderer: the shared sizes, names and small helpers of every Strasbourg image."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render.kit import INK, MIN_FONT, RGB, Box, Canvas, text_width
from rules.strasbourg.data import EDIFICES
from rules.strasbourg.names import edifice_name, guild_name
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
def fit_in(c: Canvas, box: Box, texts: str | Sequence[str], style: str = "regular", fill: RGB = INK,
           align: str = "left", size: int = F) -> Box:
    """The first of ``texts`` that fits ``box`` in ``style``, else in the condensed face; the first one cut only if
    none does. Translations run longer than the English the layout was drawn for, and the font never shrinks."""
    options = [texts] if isinstance(texts, str) else list(texts)
    for text in options:
        for face in dict.fromkeys((style, "cond")):
            if text_width(text, size, face) <= box.w:
                return c.text_in(box, text, size, face, fill, align)
    return c.text_in(box, options[0], size, style, fill, align)


def _turn_order(view: StrasbourgView) -> list[int]:
    n = int(view["num_players"])
    first = int(view.get("first_player") or 0)
    return [(first + k) % n for k in range(n)]


def _edifice_label(edifice: str) -> str:
    e = EDIFICES[edifice]
    return f"{edifice_name(edifice)} ({e['value']})"


def _step_title(view: StrasbourgView) -> str:
    kind = view.get("step_kind")
    if kind == "guild":
        return _("{guild} guild").format(guild=guild_name(view["step_guild"]))
    if kind == "merchants" and view.get("merchant_seat"):
        return _("Merchants + seat")
    return _(STEP_NAMES[str(kind)]) if str(kind) in STEP_NAMES else ""
