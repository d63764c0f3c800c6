"""The report at the end of a game, posted with the final board as one message (docs/ratings.md, "The report at the
end"): each seat's place and score by category, the rating changes of a rated table, each player's moves, time and
longest wait; and, where the game has rounds, the chart of each player's points after each round (``Update.chart``,
drawn by the table with its alt text, shown in the report's embed). Made from ``Update.report`` (the table computed
it with the results); nothing is asked of the table.

The board post (``bot.discord.notify``) makes one call: ``with_report(message, update)`` turns the post's keyword
arguments into the same post with the report's embed after the board's. Discord counts the characters of all the
embeds of a message together (6000): the report is kept within ``MAX_REPORT`` and the board's summary gives way
(its continuation fields first, then its first field is cut), so the post is never refused.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.ui.embeds import COLOUR, MAX_EMBED, MAX_FIELD
from bot.discord.ui.files import image_file
from bot.discord.ui.text import clip, shown
from bot.table import EndReport, RatingMove, ReportSeat, Update, bank_text, hints_note
from rules.words import number, translator

_, _n = translator("discord")

#: the most characters the report's embed takes of the post's 6000 (6 seats with every category fit in ~2,500)
MAX_REPORT = 3600
#: what the board's embed keeps at least: its title, last lines, seats and footer
MIN_BOARD = MAX_EMBED - MAX_REPORT
#: the most files one message may carry (Discord's limit)
MAX_FILES = 10


def rating_change(before: int, after: int, provisional: bool) -> str:
    """"1,000 → 1,048 (+48)", with "?" after a provisional figure."""
    diff = after - before
    sign = "+" if diff > 0 else ("±" if diff == 0 else "−")
    mark = "?" if provisional else ""
    return f"{number(before)} → {number(after)}{mark} ({sign}{number(abs(diff))})"


def seat_field(seat: ReportSeat, report: EndReport, moves: dict[int, RatingMove]) -> tuple[str, str]:
    """(name, value) of one seat's field: place, name, score; then the score by category, the rating change and the
    player's time."""
    who = ("🤖 " if seat.user_id is None else "") + shown(seat.name)
    name = clip(_("{rank}. {name} — {score} points").format(rank=seat.rank, name=who, score=number(seat.score)), 256)
    lines = []
    parts = [f"{_(label)} {number(seat.breakdown[key])}" for key, label in report.labels if key in seat.breakdown]
    if parts:
        lines.append(" · ".join(parts))
    move = moves.get(seat.user_id) if seat.user_id is not None else None
    if move is not None and not move.left:
        lines.append(_("Rating {change}").format(change=rating_change(move.before, move.after, move.provisional)))
    if seat.moves:
        lines.append(_n("{n} move, {time} in all, longest wait {longest}",
                        "{n} moves, {time} in all, longest wait {longest}", seat.moves).format(
            n=number(seat.moves), time=bank_text(seat.used), longest=bank_text(seat.longest)))
    return name, clip("\n".join(lines) or "—", MAX_FIELD)


def report_title(report: EndReport) -> str:
    return clip("📋 " + _("Report — {title}").format(title=_(report.title)), 256)


def report_fields(report: EndReport) -> list[tuple[str, str]]:
    """The report's (name, value) parts: each seat in its place, then who left the game."""
    moves = {m.user_id: m for m in report.ratings}
    fields = [seat_field(s, report, moves) for s in sorted(report.seats, key=lambda s: (s.rank, s.seat))]
    left = [m for m in report.ratings if m.left]
    if left:
        fields.append((_("Left the game (ranked last)"), clip("\n".join(
            f"{shown(m.name)}: " + _("rating {change}").format(change=rating_change(m.before, m.after, m.provisional))
            for m in left), MAX_FIELD)))
    return fields


def report_footer(report: EndReport) -> str:
    """"12 moves in 3 days · rated, season 1" (and why the places are shared, after a timeout vote)."""
    footer = _n("{n} move in {days} days", "{n} moves in {days} days", report.moves).format(
        n=number(report.moves), days=number(round(report.days, 1)))
    if report.rated:
        footer += " · " + _("rated, season {season}").format(season=report.season)
    else:
        footer += " · " + _("not rated")
    if report.early:  # places as the ratings count them; the scores as the board stood
        footer += " · " + _("ended by a timeout vote: who stayed share first place")
    if (hinted := hints_note(report)) is not None:  # a game played with the strong bot's hints says so
        footer += " · " + hinted
    return footer


def more_lines(n: int) -> str:
    return _n("{n} more line in the record", "{n} more lines in the record", n).format(n=n)


def report_embed(report: EndReport) -> discord.Embed:
    """The report as one embed, within ``MAX_REPORT`` characters (a field that would pass it is left out, and the
    footer says how many)."""
    title = report_title(report)
    embed = discord.Embed(title=title, colour=COLOUR)
    fields = report_fields(report)
    footer = report_footer(report)
    room = MAX_REPORT - len(title) - len(footer) - 40
    shown_fields = 0
    for name, value in fields[:24]:
        if len(name) + len(value) > room:
            break
        embed.add_field(name=name, value=value, inline=False)
        room -= len(name) + len(value)
        shown_fields += 1
    if shown_fields < len(fields):
        footer += " · " + more_lines(len(fields) - shown_fields)
    embed.set_footer(text=clip(footer, 2048))
    return embed


def fit(board: discord.Embed, room: int) -> discord.Embed:
    """The board's embed within ``room`` characters: its summary's continuation fields go first (the last field, the
    seats, stays), then its first summary field is cut, then dropped."""
    while len(board) > room and len(board.fields) > 2:
        board.remove_field(len(board.fields) - 2)
    if len(board) > room and len(board.fields) == 2:
        first = board.fields[0]
        cut = len(first.value or "") - (len(board) - room)
        if cut >= 40:
            board.set_field_at(0, name=first.name, value=clip(first.value or "—", cut), inline=first.inline)
        else:
            board.remove_field(0)
    if len(board) > room and board.description:
        board.description = clip(board.description, max(1, len(board.description) - (len(board) - room)))
    return board


def with_report(message: dict[str, Any], update: Update) -> dict[str, Any]:
    """The final board's post with the end report after the board (one post); any other post as it is. Call where
    the post is made for the channel (in its language)."""
    if update.report is None or message.get("embed") is None:
        return message
    report = report_embed(update.report)
    board = fit(message["embed"], MAX_EMBED - len(report))
    out = {k: v for k, v in message.items() if k != "embed"}
    out["embeds"] = [board, report]
    files = list(message.get("files") or [])
    chart = update.chart
    if chart is not None and len(files) < MAX_FILES:  # the scores over the rounds, shown in the report's embed
        files += image_file(chart.png, chart.filename, chart.alt)
        report.set_image(url=f"attachment://{chart.filename}")
    out["files"] = files
    return out
