"""A finished game's page (``/t/<token>/final``): the final board, the final sheet (places and scores by category),
the end report (rating changes, moves, time used, longest wait: the one the final board's post carried on Discord),
and the record to download (``/t/<token>/record.json``, the same JSON as ``/game record``) with how to check it with
``kontor verify``. Only once the game is over: the seed is secret until then."""

from __future__ import annotations

from collections.abc import Sequence

from bot.table import EndReport, RatingMove, Spectacle, bank_text
from bot.web.markup import alt_text, esc, page, w
from bot.web.pages import game_of
from rules.words import N_, number, translator

_, _n = translator("web")

_MARKED = (
    N_("The final sheet"),
    N_("The report"),
    N_("Left the game (ranked last)"),
    N_("The record"),
    N_("Download the record (JSON)"),
    N_("Back to the table"),
    N_("Place"),
    N_("Player"),
    N_("Total"),
    N_("Moves"),
    N_("Time used"),
    N_("Longest wait"),
    N_("Rating"),
)


def rating_change(move: RatingMove) -> str:
    """"1,000 → 1,048? (+48)": "?" after a provisional figure, as on Discord."""
    diff = move.after - move.before
    sign = "+" if diff > 0 else ("±" if diff == 0 else "−")
    mark = "?" if move.provisional else ""
    return f"{number(move.before)} → {number(move.after)}{mark} ({sign}{number(abs(diff))})"


def _sheet(spectacle: Spectacle, report: EndReport | None) -> str:
    """Places, names, each category and the total, best first: the report's rows (who held each seat at the end),
    else the stored outcome's."""
    table, outcome = spectacle.table, spectacle.table.outcome
    if outcome is None:
        return ""
    game = game_of(table)
    if report is not None:
        labels = [(key, _(label)) for key, label in report.labels]
        rows = [(s.rank, s.name, s.user_id is None, s.breakdown, s.score) for s in report.seats]
    else:
        keys = list(game.score_columns) if game is not None and game.score_columns else []
        keys += sorted({k for b in outcome.breakdown for k in b} - set(keys))
        names = dict(game.score_labels) if game is not None else {}
        labels = [(key, _(names[key]) if key in names else key) for key in keys]
        rows = [(outcome.ranks[s], table.names[s], table.seats[s].is_bot, outcome.breakdown[s], outcome.scores[s])
                for s in range(len(outcome.scores))]
    head = "".join(f'<th scope="col" class="num">{esc(label)}</th>' for _key, label in labels)
    body = []
    for rank, name, bot, breakdown, score in sorted(rows, key=lambda r: r[0]):
        mark = f' <span class="mark">{esc(_("bot"))}</span>' if bot else ""
        cells = "".join(f'<td class="num">{esc(number(breakdown.get(key, 0)))}</td>' for key, _label in labels)
        body.append(f'<tr><td>{rank}</td><th scope="row">{esc(name)}{mark}</th>{cells}'
                    f'<td class="num"><strong>{esc(number(score))}</strong></td></tr>')
    return (f'<section><h2>{w("The final sheet")}</h2><div class="wide"><table class="scores sheet"><thead><tr>'
            f'<th scope="col">{w("Place")}</th><th scope="col">{w("Player")}</th>{head}'
            f'<th scope="col" class="num">{w("Total")}</th></tr></thead><tbody>{"".join(body)}</tbody></table></div>'
            "</section>")


def _report(report: EndReport | None) -> str:
    if report is None:
        return ""
    moves = {m.user_id: m for m in report.ratings}
    rows = []
    for s in sorted(report.seats, key=lambda s: (s.rank, s.seat)):
        move = moves.get(s.user_id) if s.user_id is not None else None
        rating = esc(rating_change(move)) if move is not None and not move.left else "—"
        rows.append(f'<tr><th scope="row">{esc(s.name)}</th><td class="num">{esc(number(s.moves))}</td>'
                    f'<td class="num">{esc(bank_text(s.used))}</td><td class="num">{esc(bank_text(s.longest))}</td>'
                    f'<td class="num">{rating}</td></tr>')
    left = [m for m in report.ratings if m.left]
    gone = ""
    if left:
        items = "".join(f"<li>{esc(m.name)}: {esc(rating_change(m))}</li>" for m in left)
        gone = f'<h3>{w("Left the game (ranked last)")}</h3><ul>{items}</ul>'
    footer = _n("{n} move in {days} days", "{n} moves in {days} days", report.moves).format(
        n=number(report.moves), days=number(round(report.days, 1)))
    footer += " · " + (_("rated, season {season}").format(season=report.season) if report.rated else _("not rated"))
    return (f'<section><h2>{w("The report")}</h2><div class="wide"><table class="scores"><thead><tr>'
            f'<th scope="col">{w("Player")}</th><th scope="col" class="num">{w("Moves")}</th>'
            f'<th scope="col" class="num">{w("Time used")}</th><th scope="col" class="num">{w("Longest wait")}</th>'
            f'<th scope="col" class="num">{w("Rating")}</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
            f'{gone}<p class="status">{esc(footer)}</p></section>')


def record_name(game_id: int) -> str:
    return f"kontor-game-{game_id}.json"


def _record(spectacle: Spectacle, base: str) -> str:
    table = spectacle.table
    name = record_name(table.game_id)
    seed = _("Seed: {seed}, whose SHA-256 {digest} was published when the game began.").format(
        seed=table.seed, digest=table.seed_digest)
    how = _("The record holds the seed, the seats and every move. Anyone can check the game with it: Kontor replays "
            "the moves from the seed under the rules they were played under and compares the result.")
    command = f"kontor verify {name}"
    return (f'<section><h2>{w("The record")}</h2><p class="digest">{esc(seed)}</p><p>{esc(how)}</p>'
            f'<nav class="actions"><a href="{esc(base)}/record.json" download="{esc(name)}">'
            f'{w("Download the record (JSON)")}</a></nav><pre class="command"><code>{esc(command)}</code></pre>'
            "</section>")


def final_page(spectacle: Spectacle, report: EndReport | None, base: str) -> str:
    """The finished game's page (the caller checked it is finished)."""
    table = spectacle.table
    number_text = _("Game #{id}").format(id=table.game_id)
    winners = _winners(table.names, table.outcome.ranks if table.outcome else [])
    parts = [f'<h1>{esc(_(table.title))}</h1><p class="status">{esc(number_text)} · {esc(_("finished"))}</p>']
    if winners:
        parts.append(f'<p class="turn">{esc(winners)}</p>')
    if spectacle.view is not None:
        alt = alt_text(game_of(table), spectacle.view, table.names, None)
        parts.append(f'<figure class="board"><a href="{esc(base)}/zoom"><img src="{esc(base)}/board.png?k='
                     f'{esc(spectacle.key)}" alt="{esc(alt)}"></a></figure>')
    parts += [_sheet(spectacle, report), _report(report), _record(spectacle, base),
              f'<nav class="actions"><a href="{esc(base)}">{w("Back to the table")}</a>'
              f'<a href="{esc(base)}/moves">{w("The game step by step")}</a></nav>']
    return page(f"{_(table.title)} · {_('The final sheet')}", f'<main id="final">{"".join(parts)}</main>')


def _winners(names: Sequence[str], ranks: Sequence[int]) -> str:
    won = [names[s] for s, rank in enumerate(ranks) if rank == 1 and s < len(names)]
    if not won:
        return ""
    return _n("{names} won.", "{names} won together.", len(won)).format(names=", ".join(won))
