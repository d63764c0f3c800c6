"""The league table and the season's podium in words (docs/seeking.md, "Leagues"), for ``/league standings`` and the
post that closes a season."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord.ui.text import shown
from bot.table import LeagueTable
from rules.words import number, translator

_, _n = translator("discord")

MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def points_text(points: Sequence[int] | None) -> str:
    return "/".join(str(p) for p in points) if points else _("by table size (4/2/1/0 at four)")


def league_text(t: LeagueTable, limit: int = 20) -> str:
    head = (_("🏅 League of {game}, season {season} (points per place: {points}):") if t.current
            else _("🏅 League of {game}, season {season}, closed (points per place: {points}):"))
    out = [head.format(game=_(t.title), season=t.season, points=points_text(t.points))]
    for line in t.lines[:limit]:
        games = _n("{n} game", "{n} games", line.games).format(n=number(line.games))
        wins = _n("{n} win", "{n} wins", line.wins).format(n=number(line.wins))
        out.append(_("`{place}.` **{player}** — {points} points · {wins} · {games}").format(
            place=line.place, player=shown(line.name), points=number(line.points), wins=wins, games=games))
    if len(t.lines) > limit:
        out.append(_n("… and {n} more player.", "… and {n} more players.", len(t.lines) - limit).format(
            n=len(t.lines) - limit))
    return "\n".join(out)


def podium_text(tables: Sequence[LeagueTable]) -> str:
    """Each game's podium of the season just closed; "" when no game was rated in it."""
    out = []
    for t in tables:
        names = ", ".join(f"{MEDALS.get(line.place, '')} {shown(line.name)} ({number(line.points)})"
                          for line in t.lines)
        out.append(_("{game}: {podium}").format(game=_(t.title), podium=names))
    return "\n".join([_("🏆 The season's podiums:"), *out]) if out else ""
