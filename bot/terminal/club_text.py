"""The club's words at the terminal (docs/ratings.md): the report at the end of a game as ``kontor play`` prints it
under the final scores, and a player's profile as ``kontor profile`` prints it. Plain text, in the reader's language;
the figures come from the table (``EndReport``, ``Profile``), as the Discord side's do."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from bot.table import EndReport, PastGame, Profile, ProfileGame, Reliability, bank_text, hints_note
from rules.words import number, translator

_, _n = translator("bot")


def rating_change(before: int, after: int, provisional: bool) -> str:
    """"1,000 → 1,048 (+48)", with "?" after a provisional figure (as the Discord report writes it)."""
    diff = after - before
    sign = "+" if diff > 0 else ("±" if diff == 0 else "−")
    return f"{number(before)} → {number(after)}{'?' if provisional else ''} ({sign}{number(abs(diff))})"


def report_lines(report: EndReport) -> list[str]:
    """The end report under the final score table (which shows the places and the scores by category): each seat in
    finishing order with its rating change on a rated table, its moves, the time it took and its longest wait; who
    left, ranked last; the game's moves, days and season."""
    lines = [_("Report — {title}").format(title=_(report.title))]
    moves = {m.user_id: m for m in report.ratings}
    for seat in sorted(report.seats, key=lambda s: (s.rank, s.seat)):
        parts = []
        if report.early:  # no final score table: the scores as they stood, by category where known
            parts.append(_n("{n} point", "{n} points", seat.score).format(n=number(seat.score)))
        move = moves.get(seat.user_id) if seat.user_id is not None else None
        if move is not None and not move.left:
            parts.append(_("Rating {change}").format(change=rating_change(move.before, move.after, move.provisional)))
        if seat.moves:
            parts.append(_n("{n} move, {time} in all, longest wait {longest}",
                            "{n} moves, {time} in all, longest wait {longest}", seat.moves).format(
                n=number(seat.moves), time=bank_text(seat.used), longest=bank_text(seat.longest)))
        lines.append(f"  {seat.rank}. {seat.name}: " + (" · ".join(parts) or "—"))
    for m in report.ratings:
        if m.left:
            lines.append("  " + _("Left the game (ranked last)") + f": {m.name}, " + _("rating {change}").format(
                change=rating_change(m.before, m.after, m.provisional)))
    footer = _n("{n} move in {days} days", "{n} moves in {days} days", report.moves).format(
        n=number(report.moves), days=number(round(report.days, 1)))
    footer += " · " + (_("rated, season {season}").format(season=report.season) if report.rated else _("not rated"))
    if report.early:
        footer += " · " + _("ended by a timeout vote: who stayed share first place")
    if (hinted := hints_note(report)) is not None:  # a game played with the strong bot's hints says so
        footer += " · " + hinted
    return [*lines, "  " + footer]


def reliability_text(r: Reliability, games: bool = True) -> str:
    """The reliability record in one line: games finished of those started (``games``; a game's own line says them
    already), then only what happened — games left or abandoned, the caretaker's moves, spent time banks and how many
    of them cost the seat or the game — or that none of it did."""
    parts = [_n("{finished} of {n} game finished", "{finished} of {n} games finished", r.played).format(
        finished=number(r.finished), n=number(r.played))] if games else []
    if r.left:
        parts.append(_n("{n} left before the end", "{n} left before the end", r.left).format(n=number(r.left)))
    if r.abandoned:
        parts.append(_n("{n} abandoned", "{n} abandoned", r.abandoned).format(n=number(r.abandoned)))
    if r.caretaker_moves:
        parts.append(_n("{n} move played by the caretaker", "{n} moves played by the caretaker",
                        r.caretaker_moves).format(n=number(r.caretaker_moves)))
    if r.clock_outs:
        parts.append(_n("time bank ran out {n} time", "time bank ran out {n} times", r.clock_outs).format(
            n=number(r.clock_outs)))
    if r.removed:
        parts.append(_n("{n} time the table then took the seat or ended the game",
                        "{n} times the table then took the seat or ended the game", r.removed).format(
            n=number(r.removed)))
    if not (r.left or r.caretaker_moves or r.clock_outs):
        parts.append(_("never left a game, no caretaker move, no spent time bank"))
    return ", ".join(parts)


def _percent(share: float) -> str:
    return _("{n}%").format(n=number(round(100 * share)))


def _game_line(g: ProfileGame) -> str:
    parts = [_n("{n} game played", "{n} games played", g.played).format(n=number(g.played)),
             _n("{n} finished", "{n} finished", g.finished).format(n=number(g.finished))]
    if g.win_share is not None and g.fair_share is not None:
        parts.append(_n("{n} win ({share}; a fair share is {fair})", "{n} wins ({share}; a fair share is {fair})",
                        g.wins).format(n=number(g.wins), share=_percent(g.win_share), fair=_percent(g.fair_share)))
    if g.rating is not None:
        parts.append(_("rating {rating}").format(rating=_rating(g.rating.shown, g.rating.provisional)))
    if g.all_time is not None and (g.rating is None or g.all_time != g.rating):
        parts.append(_("all-time {rating}").format(rating=_rating(g.all_time.shown, g.all_time.provisional)))
    if g.mean_score is not None and g.best_score is not None:
        parts.append(_("mean score {mean}, best {best}").format(mean=number(round(g.mean_score, 1)),
                                                                best=number(g.best_score)))
    if g.time_per_move is not None:
        parts.append(_("{time} a move").format(time=bank_text(g.time_per_move)))
    return f"{_(g.title)}: " + ", ".join(parts)


def _rating(rating: int, provisional: bool) -> str:
    return f"{number(rating)}?" if provisional else number(rating)


def _past_line(p: PastGame, titles: Mapping[str, str]) -> str:
    title = _(titles.get(p.game, p.game))
    if p.departed:
        result = _("left the game (ranked last)")
    elif not p.finished:
        result = _("ended by a timeout vote: shared first place, {score} points").format(score=number(p.score))
    else:
        result = _("place {rank} of {players}, {score} points").format(rank=p.rank, players=p.players,
                                                                       score=number(p.score))
    mark = "" if p.rated else " " + _("(unrated)")
    # TRANSLATORS: {date} is the day the game ended (YYYY-MM-DD), {id} the game's number
    return "  • " + _("{date} {title} (game #{id}): {result}").format(
        date=_day(p.ended_at), title=title, id=p.game_id, result=result) + mark


def _day(at: float) -> str:
    return datetime.datetime.fromtimestamp(at, datetime.UTC).strftime("%Y-%m-%d")


def profile_lines(profile: Profile, name: str, where: str, titles: Mapping[str, str]) -> list[str]:
    """A player's profile as text: each game's figures and reliability record, the overall record, the last games.
    ``where``: which server's (already in words)."""
    out = [_("{name} on {where}").format(name=name, where=where)]
    if profile.private:
        out.append(_("Private: only they see it on Discord (/game privacy)."))
    for g in profile.games:
        out.append(_game_line(g))
        if g.record is not None:
            out.append("  " + _("reliability: {record}").format(record=reliability_text(g.record, games=False)))
    if len(profile.games) > 1:
        out.append(_("Reliability, all games: {record}").format(record=reliability_text(profile.record)))
    if profile.games:
        out.append(_("(Away time and outages stop the clock: they never count.)"))
    if profile.last:
        out.append(_("Last games:"))
        out += [_past_line(p, titles) for p in profile.last]
    return out
