"""A server's pages (``/s/<token>…``, docs/web.md): the server's open tables and recent finished games, its
leaderboards per game and season (the figures and the minimum of ``/game leaderboard``), each player's profile (as
``/game profile`` shows it, never a private one), its tournaments' standings, and each game's rules summary.

Links to tables are made by the caller (``links``: a game's number -> its address), so this module knows no secret."""

from __future__ import annotations

from collections.abc import Callable, Collection

import rules
from bot.table import ALL_TIME, PROVISIONAL_GAMES, Leaderboard, Profile, ProfileGame, ServerPage, Table, Tournament
from bot.table import bank_text as time_text
from bot.web.markup import esc, page, w, when
from rules.words import N_, number, translator

_, _n = translator("web")

_MARKED = (
    N_("This server's games"),
    N_("Open tables"),
    N_("No table is open on this server now."),
    N_("Recent games"),
    N_("No game has finished on this server yet."),
    N_("Leaderboards"),
    N_("Tournaments"),
    N_("The games' rules"),
    N_("Back to the server"),
    N_("This season"),
    N_("All seasons"),
    N_("Player"),
    N_("Rating"),
    N_("Games"),
    N_("Last games"),
    N_("Rules summary"),
    N_("Reconstructed component data"),
    N_("None: all data is published."),
    N_("Points"),
    N_("Opponents' points"),
    N_("Score"),
    N_("Previous page"),
    N_("Next page"),
    N_("Not shown"),
)

TableLink = Callable[[int], str]


def rating_text(rating: int, provisional: bool) -> str:
    """The shown figure, with "?" while it is provisional (as ``/game leaderboard`` writes it)."""
    return f"{number(rating)}?" if provisional else number(rating)


def _status(table: Table) -> str:
    words = {"lobby": _("waiting for players"), "active": _("running"), "finished": _("finished")}
    return words.get(table.status, table.status)


def _table_item(table: Table, link: str) -> str:
    names = ", ".join(table.names)
    number_text = _("Game #{id}").format(id=table.game_id)
    return (f'<li><a href="{esc(link)}">{esc(_(table.title))}</a> <span class="mark">{esc(number_text)} · '
            f'{esc(_status(table))}</span><br>{esc(names)}</li>')


def server_page(server: ServerPage, base: str, links: TableLink) -> str:
    """The server's page: ``base`` is its address (``/s/<token>``)."""
    open_items = "".join(_table_item(t, links(t.game_id)) for t in server.open)
    finished = "".join(_table_item(t, links(t.game_id) + "/final") for t in server.finished)
    heading, rules_heading = w("This server's games"), w("The games' rules")
    parts = [f'<h1>{heading}</h1>', _listing(w("Open tables"), open_items, w("No table is open on this server now.")),
             _listing(w("Recent games"), finished, w("No game has finished on this server yet."))]
    if server.games:
        boards = "".join(f'<a href="{esc(base)}/leaderboard/{esc(name)}">{esc(_(rules.GAMES[name].title))}</a>'
                         for name in server.games if name in rules.GAMES)
        parts.append(f'<section><h2>{w("Leaderboards")}</h2><nav class="actions">{boards}</nav></section>')
    if server.tournaments:
        parts.append(f'<section><h2>{w("Tournaments")}</h2>'
                     + "".join(tournament_html(t, links) for t in server.tournaments) + "</section>")
    games = "".join(f'<a href="{esc(base)}/rules/{esc(name)}">{esc(_(game.title))}</a>'
                    for name, game in rules.GAMES.items())
    parts.append(f'<section><h2>{rules_heading}</h2><nav class="actions">{games}</nav></section>')
    return page(_("This server's games"), f'<main id="server">{"".join(parts)}</main>')


def _listing(heading: str, items: str, none: str) -> str:
    shown = f'<ul class="games">{items}</ul>' if items else f"<p>{none}</p>"
    return f"<section><h2>{heading}</h2>{shown}</section>"


def tournament_html(t: Tournament, links: TableLink) -> str:
    states = {"signup": _("open for sign-up"), "running": _("running"), "finished": _("finished"),
              "cancelled": _("cancelled")}
    head = _("{game}, round {round} of {rounds}").format(game=_(t.title), round=t.round, rounds=t.rounds)
    rows = "".join(
        f'<tr><td>{line.place}</td><th scope="row">{esc(line.name)}'
        + (f' <span class="mark">{esc(_("dropped"))}</span>' if line.dropped else "")
        + f'</th><td class="num">{line.points}</td><td class="num">{line.opponents_points}</td>'
          f'<td class="num">{esc(number(line.score))}</td><td class="num">{line.games}</td></tr>'
        for line in t.standings)
    theirs = w("Opponents' points")
    table = (f'<div class="wide"><table class="scores"><thead><tr><th scope="col">#</th><th scope="col">'
             f'{w("Player")}</th><th scope="col" class="num">{w("Points")}</th><th scope="col" class="num">'
             f'{theirs}</th><th scope="col" class="num">{w("Score")}</th><th scope="col" class="num">'
             f'{w("Games")}</th></tr></thead><tbody>{rows}</tbody></table></div>') if rows else ""
    playing = [d for d in t.round_tables() if d.game_id is not None and d.status in ("lobby", "active")]
    tables = "".join(f'<li><a href="{esc(links(d.game_id))}">{esc(_("Table {n}").format(n=d.table))}</a> '
                     f'{esc(", ".join(d.names))}</li>' for d in playing if d.game_id is not None)
    return (f'<article class="tournament"><h3>{esc(t.name)}</h3><p class="status">{esc(head)} · '
            f'{esc(states.get(t.status, t.status))}</p>{table}'
            + (f'<ul class="games">{tables}</ul>' if tables else "") + "</article>")


def leaderboard_page(board: Leaderboard, base: str, private: Collection[int]) -> str:
    """One page of a leaderboard; ``private``: the listed players whose profile is not linked."""
    if board.season == ALL_TIME:
        head = _("{title}: all seasons (players with at least {n} rated games)")
    elif board.season == board.current:
        head = _("{title}: season {season} (players with at least {n} rated games)")
    else:
        head = _("{title}: season {season}, closed (players with at least {n} rated games)")
    title = head.format(title=_(board.title), season=board.season, n=board.min_games)
    rows = []
    for line in board.lines:
        name = esc(line.name)
        if line.user_id not in private:
            name = f'<a href="{esc(base)}/players/{line.user_id}">{name}</a>'
        rows.append(f'<tr><td>{line.place}</td><th scope="row">{name}</th><td class="num">'
                    f'{esc(rating_text(line.rating, line.provisional))}</td><td class="num">{line.games}</td></tr>')
    here = f"{base}/leaderboard/{board.game}"
    seasons = (f'<nav class="actions"><a href="{esc(here)}">{w("This season")}</a>'
               f'<a href="{esc(here)}?season={ALL_TIME}">{w("All seasons")}</a></nav>')
    pager = []
    if board.page > 1:
        pager.append(f'<a rel="prev" href="{esc(here)}?season={board.season}&amp;page={board.page - 1}">'
                     f'{w("Previous page")}</a>')
    pager.append(f'<span class="where">{esc(_("Page {page} of {pages}").format(page=board.page, pages=board.pages))}'
                 "</span>")
    if board.page < board.pages:
        pager.append(f'<a rel="next" href="{esc(here)}?season={board.season}&amp;page={board.page + 1}">'
                     f'{w("Next page")}</a>')
    body = (f'<main id="leaderboard"><h1>{esc(title)}</h1>{seasons}<table class="scores"><thead><tr>'
            f'<th scope="col">#</th><th scope="col">{w("Player")}</th><th scope="col" class="num">{w("Rating")}</th>'
            f'<th scope="col" class="num">{w("Games")}</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'<nav class="stepper">{"".join(pager)}</nav><p class="hint">'
            f'{esc(_("? = provisional: fewer than {n} rated games.").format(n=PROVISIONAL_GAMES))}</p>'
            f'<nav class="actions"><a href="{esc(base)}">{w("Back to the server")}</a></nav></main>')
    return page(title, body)


def _game_line(g: ProfileGame) -> str:
    parts = [_n("{n} game played", "{n} games played", g.played).format(n=number(g.played)),
             _n("{n} finished", "{n} finished", g.finished).format(n=number(g.finished))]
    if g.win_share is not None and g.fair_share is not None:
        parts.append(_n("{n} win ({share}; a fair share is {fair})", "{n} wins ({share}; a fair share is {fair})",
                        g.wins).format(n=number(g.wins), share=_percent(g.win_share), fair=_percent(g.fair_share)))
    if g.rating is not None:
        parts.append(_("rating {rating}").format(rating=rating_text(g.rating.shown, g.rating.provisional)))
    if g.all_time is not None and (g.rating is None or g.all_time != g.rating):
        parts.append(_("all-time {rating}").format(rating=rating_text(g.all_time.shown, g.all_time.provisional)))
    if g.mean_score is not None and g.best_score is not None:
        parts.append(_("mean score {mean}, best {best}").format(mean=number(round(g.mean_score, 1)),
                                                                best=number(g.best_score)))
    if g.time_per_move is not None:
        parts.append(_("{time} a move").format(time=time_text(g.time_per_move)))
    return f"<li><strong>{esc(_(g.title))}</strong>: {esc(', '.join(parts))}</li>"


def _percent(share: float) -> str:
    return _("{n}%").format(n=number(round(100 * share)))


def profile_page(profile: Profile, base: str, links: TableLink) -> str:
    name = profile.name or "?"
    games = "".join(_game_line(g) for g in profile.games)
    last = []
    for p in profile.last:
        title = _(rules.GAMES[p.game].title) if p.game in rules.GAMES else p.game
        result = (_("left the game (ranked last)") if p.departed else
                  _("place {rank} of {players}, {score} points").format(rank=p.rank, players=p.players,
                                                                        score=number(p.score)))
        mark = "" if p.rated else " " + _("(unrated)")
        last.append(f'<li>{when(p.ended_at)} <a href="{esc(links(p.game_id))}/final">{esc(title)} '
                    f'(#{p.game_id})</a>: {esc(result + mark)}</li>')
    heading = _("{name} on this server").format(name=name)
    body = (f'<main id="profile"><h1>{esc(heading)}</h1><ul class="figures">{games}</ul>'
            + (f'<h2>{w("Last games")}</h2><ul class="games">{"".join(last)}</ul>' if last else "")
            + f'<nav class="actions"><a href="{esc(base)}">{w("Back to the server")}</a></nav></main>')
    return page(heading, body)


def rules_page(name: str, base: str) -> str:
    game = rules.GAMES[name]
    summary = game.rules_text()
    data = "".join(f"<li>{esc(_(r))}</li>" for r in game.reconstructed)
    players = _("{low} to {high} players").format(low=game.min_players, high=game.max_players)
    body = (f'<main id="rules"><h1>{esc(_(game.title))}</h1><p class="status">{esc(players)}</p>'
            f'<h2>{w("Rules summary")}</h2><p class="rules">{esc(summary)}</p>'
            f'<h2>{w("Reconstructed component data")}</h2>'
            + (f"<ul>{data}</ul>" if data else f'<p>{w("None: all data is published.")}</p>')
            + f'<nav class="actions"><a href="{esc(base)}">{w("Back to the server")}</a></nav></main>')
    return page(f"{_(game.title)} · {_('Rules summary')}", body)


def refusal_page(text: str, base: str) -> str:
    """What a server's page says when it cannot show what was asked (the table's refusal, e.g. a private profile)."""
    body = (f'<main><h1>{w("Not shown")}</h1><p>{esc(text)}</p>'
            f'<nav class="actions"><a href="{esc(base)}">{w("Back to the server")}</a></nav></main>')
    return page(_("Not shown"), body)
