"""The turn card: a board post as one Components V2 message (``discord.ui.LayoutView``), phone-first.

One container holds, top to bottom: the game's title with whose move it is (the mention where the embed form's content
pings), the notice, the outcome and the seed at the end; the last lines of the game; the board and the focus panel as
one media gallery (one image where one is enough), each with its alt text; the "Since your last move" digests; the
board in words when there is no image; the seats with their clocks; the end report with the chart of the rounds on the
final card; the move number; and the board's buttons (``items.board_buttons``: the same persistent ids as the embed
form's, so both forms' buttons keep working after a restart).

A V2 message has no content and no embeds, and Discord allows it at most ``MAX_COMPONENTS`` components (nested ones
counted) and ``MAX_TEXT`` characters of text in all. The card is made to fit whatever it is given: each part gets the
room left after the parts that matter more (the title and whose move, the seats, the last lines, the report, the board
in words), and the digest, which ``/game since`` repeats in full, gives way first. A post is never refused for its size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.ui.embeds import COLOUR, MAX_LINES, fitting_lines, recent_lines, seat_lines
from bot.discord.ui.end_report import (
    MAX_FILES,
    more_lines,
    report_fields,
    report_footer,
    report_title,
)
from bot.discord.ui.files import image_file
from bot.discord.ui.since import since_text
from bot.discord.ui.text import clip, shown
from bot.table import EndReport, SinceDigest, Table, Update
from rules.core import ALT_TEXT_MAX
from rules.words import translator

_, _n = translator("discord")

MAX_COMPONENTS = 40  # components in one message, nested ones counted (Discord's limit)
MAX_TEXT = 4000  # characters of every text display of one message together (Discord's limit)
MAX_HEAD = 1000  # whose move, the notice, the outcome and the seed
MAX_SEATS = 1024
MAX_LINES_TEXT = 1500  # the last lines of the game
MIN_DIGEST = 120  # a digest squeezed below this is left out: `/game since` has it all


@dataclass(frozen=True)
class Digest:
    """One player's "Since your last move" for the card (``who``: named when the card speaks to several)."""

    digest: SinceDigest
    who: str | None = None


@dataclass(frozen=True)
class CardText:
    """The card's texts, each already within its room (``fit``)."""

    title: str
    head: str
    lines: str
    digests: list[str]
    summary: str
    seats: str
    report: str
    footer: str

    def total(self) -> int:
        return sum(len(t) for t in (self.title, self.head, self.lines, self.summary, self.seats, self.report,
                                    self.footer, *self.digests))


def report_text(report: EndReport, room: int) -> str:
    """The end report as text within ``room`` characters: its title, each seat in its place (a part that would pass
    the room is left out, and the last line says how many), how long the game took."""
    title = f"**{report_title(report)}**"
    footer = report_footer(report)
    if room < len(title) + len(footer) + 80:
        return ""
    left = room - len(title) - len(footer) - 60  # 60: the "N more lines" note and the line breaks
    parts: list[str] = []
    fields = report_fields(report)
    for name, value in fields:
        part = f"**{name}**\n{value}"
        if len(part) + 1 > left:
            break
        parts.append(part)
        left -= len(part) + 1
    if len(parts) < len(fields):
        footer += " · " + more_lines(len(fields) - len(parts))
    return clip("\n".join([title, *parts, f"-# {footer}"]), room)


def _lines_text(events: Sequence[str], room: int) -> str:
    """The game's last lines (escaped), the newest kept when they do not all fit."""
    text = "\n".join(recent_lines(events, log_hint=True))
    if len(text) <= room:
        return text
    return clip("\n".join(fitting_lines(list(events)[-MAX_LINES:], room)), room)


def fit(table: Table, summary: str, events: Sequence[str], head: Sequence[str], digests: Sequence[Digest],
        report: EndReport | None, *, image: bool) -> CardText:
    """The card's texts within ``MAX_TEXT`` together: each part, in the order of what matters most, gets at most
    the room the parts before it left."""
    room = MAX_TEXT - 20 * 8  # the line breaks and markdown marks between the parts
    title = clip(f"### {shown(_(table.title))}", 256 + 4)
    room -= len(title)
    footer = _("Move {n}").format(n=table.moves)
    if table.seed_digest:
        footer += " · " + _("seed SHA-256 {digest}…").format(digest=table.seed_digest[:16])
    footer = f"-# {footer}"
    room -= len(footer)
    head_text = clip("\n".join(head), min(MAX_HEAD, room))
    room -= len(head_text)
    seats = clip(seat_lines(table), min(MAX_SEATS, room))
    room -= len(seats)
    lines = _lines_text(events, min(MAX_LINES_TEXT, room)) if room > 40 else ""
    room -= len(lines)
    report_part = report_text(report, room) if report is not None else ""
    room -= len(report_part)
    # Without an image the board is only in words: its summary, as much as the card holds (`Describe` has it all).
    summary_part = clip(shown(summary), room) if not image and summary and room > 40 else ""
    room -= len(summary_part)
    texts: list[str] = []
    for item in digests:  # whatever room is left, shared; too little, and the digest is left out
        share = room // max(1, len(digests) - len(texts))
        text = since_text(item.digest, share, who=item.who) if share >= MIN_DIGEST else ""
        texts.append(text)
        room -= len(text)
    return CardText(title, head_text, lines, [t for t in texts if t], summary_part, seats, report_part, footer)


def _gallery(files: Sequence[discord.File]) -> discord.ui.MediaGallery[Any] | None:
    """The images as one gallery, each with its alt text (the attachment's description, within Discord's 1,024)."""
    if not files:
        return None
    return discord.ui.MediaGallery(*(discord.MediaGalleryItem(
        f"attachment://{f.filename}", description=clip(f.description, ALT_TEXT_MAX) if f.description else None)
        for f in files[:10]))


def card_view(text: CardText, boards: Sequence[discord.File], chart: Sequence[discord.File],
              buttons: Sequence[discord.ui.Item[Any]]) -> discord.ui.LayoutView:
    """The card's layout: one container of text displays, galleries, separators and a row of buttons."""
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=COLOUR)
    container.add_item(discord.ui.TextDisplay("\n".join(t for t in (text.title, text.head) if t)))
    if text.lines:
        container.add_item(discord.ui.TextDisplay(text.lines))
    gallery = _gallery(boards)
    if gallery is not None:
        container.add_item(gallery)
    for digest in text.digests:
        container.add_item(discord.ui.TextDisplay(digest))
    if text.summary:
        container.add_item(discord.ui.TextDisplay(text.summary))
    container.add_item(discord.ui.Separator())
    container.add_item(discord.ui.TextDisplay(text.seats))
    if text.report:
        container.add_item(discord.ui.Separator())
        container.add_item(discord.ui.TextDisplay(text.report))
        chart_gallery = _gallery(chart)
        if chart_gallery is not None:
            container.add_item(chart_gallery)
    container.add_item(discord.ui.TextDisplay(text.footer))
    if buttons:
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        for item in buttons:
            row.add_item(item)
        container.add_item(row)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def turn_card(update: Update, head: Sequence[str], digests: Sequence[Digest], boards: Sequence[discord.File],
              buttons: Sequence[discord.ui.Item[Any]]) -> tuple[discord.ui.LayoutView, list[discord.File]]:
    """The card of ``update`` (call where the channel's language is spoken) and the files it shows: ``head``: whose
    move (mentions), the notice, the outcome; ``boards``: the board and its focus panel, with their alt texts; the end
    report and the chart of its rounds on the final card (``Update.report``, ``Update.chart``)."""
    text = fit(update.table, update.summary, update.public_events, head, digests, update.report,
               image=bool(boards))
    chart: list[discord.File] = []
    if text.report and update.chart is not None and len(boards) < MAX_FILES:
        chart = image_file(update.chart.png, update.chart.filename, update.chart.alt)
    return card_view(text, boards, chart, buttons), [*boards, *chart]
