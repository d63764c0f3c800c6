"""The pages: a table now (``table_page``), the game step by step (``step_page``) and the friendly 404
(``not_found_page``). Each is built in the reader's language (the caller speaks it); the log's lines stay in the
language the table wrote them in (marked with their ``lang``)."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence

import rules
from bot.table import PublicStep, Spectacle, Table, describe_settings, table_language
from bot.web.markup import ago, alt_text, esc, lines_html, page, w, when, zoom_alt
from rules.core import Game
from rules.words import N_, translator

_, _n = translator("web")

# The pages' words inside f-strings, which the catalogs' extractor does not read: marked here, shown with ``w``.
_MARKED = (
    N_("Players"),
    N_("Last moves"),
    N_("Pace"),
    N_("Fair dice"),
    N_("The game step by step"),
    N_("Reload"),
    N_("The final sheet and the record"),
    N_("The game has not started yet."),
    N_("Previous"),
    N_("Next"),
    N_("Moves"),
    N_("Go to move"),
    N_("Go"),
    N_("Arrow keys: previous and next move. Link to this move:"),
    N_("Back to the table"),
    N_("There is no such table"),
    N_("This address names no game Kontor can show: check the link you were given."),
    N_("This game cannot be shown"),
    N_("Its saved data cannot be read or replayed by this version of Kontor."),
)

REFRESH_S = 20  # how often a running table's page reloads itself in a browser without JavaScript
PACE_KEYS = ("pace", "bank_hours", "refill_hours")  # the settings a spectator cares about


def step_key(step: PublicStep) -> str:
    """What names a step's board in its address: it changes if an undo rewrote that step (never a version count)."""
    return hashlib.sha256(repr((step.number, step.at, step.lines)).encode()).hexdigest()[:12]


def game_of(table: Table) -> Game | None:
    return rules.GAMES.get(table.game)


def _status(table: Table) -> str:
    words = {"lobby": _("waiting for players"), "active": _("running"), "finished": _("finished"),
             "abandoned": _("abandoned")}
    return words.get(table.status, table.status)


def _heading(table: Table) -> str:
    number = _("Game #{id}").format(id=table.game_id)
    return f'<h1>{esc(_(table.title))}</h1><p class="status">{esc(number)} · {esc(_status(table))}</p>'


def _turn(spectacle: Spectacle, now: float) -> str:
    table = spectacle.table
    if table.status != "active":
        return ""
    names = [f"<strong>{esc(table.names[s])}</strong>" for s in table.awaited_seats if 0 <= s < len(table.seats)]
    if not names:
        return ""
    who = _n("Waiting for {names}", "Waiting for {names}", len(names)).format(names=", ".join(names))
    since = ""
    if spectacle.since is not None:
        since = " " + _("since {time} ({ago})").format(time=when(spectacle.since), ago=esc(ago(spectacle.since, now)))
    return f'<p class="turn">{who}{since}.</p>'


def _board(src: str, alt: str, link: str) -> str:
    return f'<figure class="board"><a href="{esc(link)}"><img src="{esc(src)}" alt="{esc(alt)}"></a></figure>'


def _scores(spectacle: Spectacle) -> str:
    table, view = spectacle.table, spectacle.view or {}
    outcome = table.outcome
    scores = outcome.scores if outcome is not None else view.get("scores")
    if not isinstance(scores, list) or len(scores) != len(table.seats):
        return ""
    rank_word, player_word, points_word = _("Rank"), _("Player"), _("Points")
    head = f'<th scope="col">{esc(rank_word)}</th>' if outcome is not None else ""
    rows = []
    order = sorted(range(len(scores)), key=lambda s: (outcome.ranks[s], s)) if outcome else range(len(scores))
    for s in order:
        rank = f"<td>{outcome.ranks[s]}</td>" if outcome is not None else ""
        rows.append(f'<tr>{rank}<th scope="row">{esc(table.names[s])}</th><td class="num">{esc(scores[s])}</td></tr>')
    title = _("Final scores") if outcome is not None else _("Scores")
    return (f'<section><h2>{esc(title)}</h2><table class="scores"><thead><tr>{head}<th scope="col">'
            f'{esc(player_word)}</th><th scope="col" class="num">{esc(points_word)}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></section>')


def _seats(table: Table) -> str:
    items = []
    for seat in table.seats:
        marks = [esc(_("bot"))] if seat.is_bot else []
        if seat.seat in table.awaited_seats:
            marks.append(esc(_("to play")))
        extra = f' <span class="mark">{" · ".join(marks)}</span>' if marks else ""
        items.append(f"<li>{seat.seat + 1}. {esc(seat.name)}{extra}</li>")
    return f'<section><h2>{w("Players")}</h2><ul class="seats">{"".join(items)}</ul></section>'


def _recent(spectacle: Spectacle) -> str:
    if not spectacle.recent:
        return ""
    lang = esc(table_language(spectacle.table.settings))
    items = "".join(f'<li>{when(e.at)}<ul lang="{lang}">{lines_html(e.lines)}</ul></li>'
                    for e in reversed(spectacle.recent))
    return f'<section><h2>{w("Last moves")}</h2><ol class="log">{items}</ol></section>'


def _pace(table: Table) -> str:
    words = describe_settings(table.settings, PACE_KEYS)
    return f'<section><h2>{w("Pace")}</h2><p>{esc(words)}</p></section>' if words else ""


def _fairness(table: Table) -> str:
    """The seed's digest (published at the start), and the seed itself once the game is over."""
    if table.seed_digest is None:
        return ""
    text = esc(_("Seed digest (SHA-256): {digest}").format(digest=table.seed_digest))
    if table.seed is not None:
        text += "<br>" + esc(_("Seed: {seed}").format(seed=table.seed))
    return f'<section><h2>{w("Fair dice")}</h2><p class="digest">{text}</p></section>'


def table_page(spectacle: Spectacle, base: str) -> str:
    """The table now. ``base``: the table's address (``/t/<token>``)."""
    table, now = spectacle.table, time.time()
    play = [_heading(table), _turn(spectacle, now)]
    if spectacle.view is not None:
        last = spectacle.recent[-1].lines[0] if spectacle.recent and spectacle.recent[-1].lines else None
        alt = alt_text(game_of(table), spectacle.view, table.names, last)
        src = f"{base}/board.png?k={spectacle.key}"
        play.append(_board(src, alt, f"{base}/zoom"))
        if spectacle.focus:  # the part of the board the decision at hand is about, enlarged (as on Discord)
            play.append(_board(f"{base}/focus.png?k={spectacle.key}", zoom_alt(game_of(table), spectacle.view,
                                                                               table.names), f"{base}/zoom"))
        finished = (f'<a href="{esc(base)}/final">{w("The final sheet and the record")}</a>'
                    if table.status == "finished" else "")
        play.append(f'<nav class="actions"><a href="{esc(base)}/moves">{w("The game step by step")}</a>'
                    f'{finished}<a href="{esc(base)}">{w("Reload")}</a></nav>')
    else:
        play.append(f'<p>{w("The game has not started yet.")}</p>')
    facts = [_scores(spectacle), _seats(table), _recent(spectacle), _pace(table), _fairness(table)]
    parts = [f'<div class="play">{"".join(play)}</div><div class="facts">{"".join(facts)}</div>']
    running = table.status in ("lobby", "active")
    return page(_(table.title), f'<main id="live">{"".join(parts)}</main>', live=f"{base}/events" if running else None,
                key=spectacle.key, refresh=REFRESH_S if running else None)


def step_page(table: Table, steps: Sequence[PublicStep], number: int, base: str, site: str = "") -> str:
    """Move ``number`` of the step-through (0: the start), with Previous/Next links and a form to go to a move.
    ``site``: the public address before ``base`` (``KONTOR_WEB_URL``), for the link to paste elsewhere."""
    last = len(steps) - 1
    step = steps[number]
    link = f"{base}/moves?move="
    first, final = esc(_("First")), esc(_("Last"))
    nav = [f'<a rel="first" href="{esc(link)}0" title="{first}" aria-label="{first}">«</a>' if number > 0 else "",
           f'<a rel="prev" href="{esc(link)}{number - 1}">‹ {w("Previous")}</a>' if number > 0 else "",
           f'<span class="where">{number} / {last}</span>',
           f'<a rel="next" href="{esc(link)}{number + 1}">{w("Next")} ›</a>' if number < last else "",
           f'<a rel="last" href="{esc(link)}{last}" title="{final}" aria-label="{final}">»</a>' if number < last
           else ""]
    who = esc(table.names[step.seat]) if step.seat is not None and 0 <= step.seat < len(table.seats) else ""
    title = _("The start") if number == 0 else _("Move {n} of {total}").format(n=number, total=last)
    lang = esc(table_language(table.settings))
    alt = alt_text(game_of(table), step.view, table.names, step.lines[0] if step.lines and number else None)
    src = f"{base}/moves/{number}.png?k={step_key(step)}"
    body = (
        f'<main id="step">{_heading(table)}<h2 id="move">{esc(title)}</h2>'
        f'<nav class="stepper" aria-label="{w("Moves")}">{"".join(nav)}</nav>'
        f'<p class="who">{who}{" · " if who else ""}{when(step.at)}</p>'
        f'<ul class="lines" lang="{lang}">{lines_html(step.lines)}</ul>'
        f'{_board(src, alt, src)}'
        f'<form method="get" action="{esc(base)}/moves" class="goto"><label>{w("Go to move")} '
        f'<input type="number" name="move" min="0" max="{last}" value="{number}" inputmode="numeric"></label> '
        f'<button type="submit">{w("Go")}</button></form>'
        f'<p class="hint">{w("Arrow keys: previous and next move. Link to this move:")} '
        f'<a href="{esc(link)}{number}">{esc(site)}{esc(link)}{number}</a></p>'
        f'<nav class="actions"><a href="{esc(base)}">{w("Back to the table")}</a></nav></main>'
    )
    return page(f"{_(table.title)} · {title}", body)


def not_found_page() -> str:
    body = (f'<main><h1>{w("There is no such table")}</h1><p>'
            f'{w("This address names no game Kontor can show: check the link you were given.")}</p></main>')
    return page(_("Not found"), body)


def unavailable_page() -> str:
    body = (f'<main><h1>{w("This game cannot be shown")}</h1><p>'
            f'{w("Its saved data cannot be read or replayed by this version of Kontor.")}</p></main>')
    return page(_("Not found"), body)
