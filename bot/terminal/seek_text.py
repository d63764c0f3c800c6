"""The seek queue and the league tables in words at the terminal (docs/seeking.md), as ``kontor seeks`` and ``kontor
league`` print them: plain text in the reader's language, the figures from the table (``SeekEntry``, ``SeekTable``,
``LeagueTable``), as the Discord side's are."""

from __future__ import annotations

import datetime

from bot.table import LeagueTable, SeekEntry, SeekTable
from rules.words import number, translator

_, _n = translator("bot")


def when(at: float) -> str:
    return datetime.datetime.fromtimestamp(at, datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")


def _sizes(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def seek_line(e: SeekEntry) -> str:
    text = _("{player} — {game}, {players} players, pace {pace}, {rated}").format(
        player=e.name, game=_(e.title), players=_sizes(e.low, e.high), pace=e.pace,
        rated=_("rated") if e.rated else _("not rated"))
    if e.table is not None:
        return text + " · " + _("seated at table {n}, being formed").format(n=e.table)
    return text + " · " + _("since {since}, until {until}").format(since=when(e.since), until=when(e.expires))


def table_line(t: SeekTable) -> str:
    seats = ", ".join(s.name + (" ✅" if s.ready else (" ⏳ " + _("until {time}").format(time=when(s.due_at))
                                                     if s.due_at is not None else " ⏳ " + _("not asked yet")))
                      for s in t.seats)
    where = _("in thread {id}").format(id=t.channel) if t.channel else _("its thread not made yet")
    return _("table {n}: {game}, {seats} seats, {where}: {players}").format(
        n=t.id, game=_(t.title), seats=_sizes(t.low, t.size), where=where, players=seats)


def queue_lines(server: int, entries: list[SeekEntry], tables: list[SeekTable]) -> list[str]:
    """One server's queue, oldest first, then its tables being formed."""
    lines = [_("Server {id} — the queue, oldest first:").format(id=server)]
    lines += [f"  {i}. " + seek_line(e) for i, e in enumerate(entries, 1)] or ["  " + _("nobody")]
    if tables:
        lines.append(_("Tables being formed:"))
        lines += ["  " + table_line(t) for t in tables]
    return lines


def league_lines(server: int, t: LeagueTable) -> list[str]:
    points = "/".join(str(p) for p in t.points) if t.points else _("by table size (4/2/1/0 at four)")
    head = (_("League of {game} on server {id}, season {season} (points per place: {points}):") if t.current
            else _("League of {game} on server {id}, season {season}, closed (points per place: {points}):"))
    lines = [head.format(game=_(t.title), id=server, season=t.season, points=points)]
    for line in t.lines:
        lines.append("  " + _("{place}. {player} — {points} · {wins} · {games}").format(
            place=line.place, player=line.name,
            points=_n("{n} point", "{n} points", line.points).format(n=number(line.points)),
            wins=_n("{n} win", "{n} wins", line.wins).format(n=number(line.wins)),
            games=_n("{n} game", "{n} games", line.games).format(n=number(line.games))))
    return lines
