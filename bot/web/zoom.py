"""The board at full size (``/t/<token>/zoom``): the board and the focus panel of the decision at hand at the size
they were drawn, each in its own box that scrolls (and pinches) inside the page, so the page itself never scrolls
sideways on a phone."""

from __future__ import annotations

from bot.table import Spectacle
from bot.web.markup import alt_text, esc, page, w, zoom_alt
from bot.web.pages import game_of
from rules.words import N_, translator

_, _n = translator("web")

_MARKED = (
    N_("The board at full size"),
    N_("Pinch or scroll to look around the board."),
    N_("Back to the table"),
)


def zoom_page(spectacle: Spectacle, base: str) -> str:
    table = spectacle.table
    game = game_of(table)
    figures = []
    if spectacle.view is not None:
        last = spectacle.recent[-1].lines[0] if spectacle.recent and spectacle.recent[-1].lines else None
        figures.append((f"{base}/board.png?k={spectacle.key}", alt_text(game, spectacle.view, table.names, last)))
        if spectacle.focus:
            figures.append((f"{base}/focus.png?k={spectacle.key}", zoom_alt(game, spectacle.view, table.names)))
    boxes = "".join(f'<div class="zoombox" tabindex="0"><img src="{esc(src)}" alt="{esc(alt)}"></div>'
                    for src, alt in figures)
    body = (f'<main id="zoom"><h1>{esc(_(table.title))}</h1><h2>{w("The board at full size")}</h2>'
            f'<p class="hint">{w("Pinch or scroll to look around the board.")}</p>{boxes}'
            f'<nav class="actions"><a href="{esc(base)}">{w("Back to the table")}</a></nav></main>')
    return page(f"{_(table.title)} · {_('The board at full size')}", body)
