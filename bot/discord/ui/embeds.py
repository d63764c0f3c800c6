"""Embeds for boards, lobbies and private screens, kept inside Discord's sizes (6000 characters per message).

Every function here takes the service's raw texts (event lines, names) and escapes them (``text.shown``), so a
player named ``**x**`` or ``<@id>`` reads literally: callers never escape what they pass in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.ui.text import clip, plain, shown, shown_lines
from bot.table import Table, bank_text, describe_settings
from rules.words import N_, number, translator

_, _n = translator("discord")

COLOUR = discord.Colour.from_rgb(176, 120, 60)
MAX_LINES = 12
MAX_FIELD = 1024  # characters in one embed field value
MAX_EMBED = 6000  # characters in a whole embed (title, description, field names and values, footer)


def seat_lines(table: Table) -> str:
    """Seats by the names the texts use (a mention in an embed can show as "@unknown-user" in some clients)."""
    out = []
    for s in table.seats:
        if s.is_bot:
            who = "🤖 " + (_("{name} (strong)").format(name=shown(s.name)) if s.level == "strong" else shown(s.name))
        else:
            who = shown(s.name)
        mark = " ▶️" if s.seat in table.awaited_seats else ""
        if s.seat in table.caretaken:
            mark += " 🤖 " + _("caretaker plays (`/game seat reclaim`)")
        elif s.seat < len(table.banks) and table.banks[s.seat] is not None:
            mark += f" ⏳ {bank_text(table.banks[s.seat] or 0.0)}"  # the time bank left
        if s.seat in table.away:
            mark += " 🏖️ " + _("away")
        out.append(f"{s.seat + 1}. {who}{mark}")
    return "\n".join(out) or _("(empty)")


def summary_fields(text: str, room: int, name: str | None = None) -> list[tuple[str, str]]:
    """``text`` as (name, value) fields of at most 1024 characters, cut at line ends, all within ``room``
    characters (names included); the first is called ``name`` (default "Table"), the others "… (continued)"."""
    name = name or _("Table")
    more = _("{name} (continued)").format(name=name)
    fields: list[tuple[str, str]] = []
    current = ""
    for line in text.splitlines() or [""]:
        line = clip(line, MAX_FIELD)
        if current and len(current) + 1 + len(line) > MAX_FIELD:
            fields.append((name if not fields else more, current))
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    fields.append((name if not fields else more, current or "—"))
    out: list[tuple[str, str]] = []
    for field_name, value in fields:
        left = room - len(field_name)
        if left < 2:
            break
        out.append((field_name, clip(value, left)))
        room -= len(field_name) + len(out[-1][1])
    return out


def recent_lines(events: Sequence[str], log_hint: bool = False) -> list[str]:
    """The last ``MAX_LINES`` lines, escaped; when more happened, a first line says so (``log_hint``: and where to
    read them)."""
    lines = shown_lines(list(events)[-MAX_LINES:])
    if len(events) > MAX_LINES:
        n = len(events) - MAX_LINES
        lines.insert(0, "… " + (_n("{n} earlier line in `/game log`", "{n} earlier lines in `/game log`", n) if log_hint
                                else _n("{n} earlier line", "{n} earlier lines", n)).format(n=n))
    return lines


def board_embed(table: Table, summary: str, events: Sequence[str], *, image: bool) -> discord.Embed:
    """The public board: what just happened, the game's public summary (names in: ``Update.summary``,
    ``bot.table.named_summary``; escaped whole, as plain text), the seats. Never a private view."""
    recent = recent_lines(events, log_hint=True)
    title = clip(_(table.title), 256)
    description = clip("\n".join(recent) or "—", 2000)
    seats = clip(seat_lines(table), 1024)
    footer = _("Move {n}").format(n=table.moves)
    if table.seed_digest:
        footer += " · " + _("seed SHA-256 {digest}…").format(digest=table.seed_digest[:16])
    embed = discord.Embed(title=title, colour=COLOUR, description=description)
    # The summary of a big game runs past one field (1024): continue it in more fields, within the embed's 6000.
    seats_name = _("Seats")
    room = MAX_EMBED - len(title) - len(description) - len(seats) - len(footer) - len(seats_name)
    for name, value in summary_fields(shown(summary) or "—", room):
        embed.add_field(name=name, value=value, inline=False)
    embed.add_field(name=seats_name, value=seats, inline=False)
    embed.set_footer(text=footer)
    if image:
        embed.set_image(url="attachment://board.png")
    return embed


def lobby_embed(table: Table, events: Sequence[str], chances: Sequence[float] = ()) -> discord.Embed:
    """The lobby card; ``chances``: each seat's chance to win as the ratings predict (``Update.chances``: a rated
    table of humans), shown under the seats."""
    embed = discord.Embed(title=clip(f"{_(table.title)} — {status_word(table.status)}", 256), colour=COLOUR,
                          description=clip("\n".join(shown_lines(events)) or "—", 2000))
    embed.add_field(name=_("Seats ({seated}/{most}, needs {least})").format(
                        seated=len(table.seats), most=table.max_players, least=table.min_players),
                    value=clip(seat_lines(table), 1024), inline=False)
    embed.add_field(name=_("Settings"), value=clip(describe_settings(table.settings).replace(", ", " · "), 1024),
                    inline=False)
    if chances and len(chances) == len(table.seats):
        percent = _("{n}%")
        embed.add_field(name=_("Chances to win, as the ratings predict"), value=clip(" · ".join(
            shown(s.name) + " " + percent.format(n=number(round(100 * p)))
            for s, p in zip(table.seats, chances, strict=True)), 1024), inline=False)
    if table.options:
        embed.add_field(name=_("Options"), value=clip(", ".join(f"{k}={v}" for k, v in table.options.items()), 1024))
    host = table.seat_of(table.creator)  # host powers follow the seat: an unseated creator hosts nothing
    embed.set_footer(text=_("Host: {name}").format(name=plain(table.seats[host].name)) if host is not None
                     else _("Host: nobody (moderators manage this table)"))
    return embed


def fitting_lines(events: Sequence[str], room: int) -> list[str]:
    """The newest lines (escaped) that fit in ``room`` characters; when older ones do not, a first line says how
    many were left out."""
    lines = shown_lines([clip(e, MAX_FIELD - 2) for e in events])
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        if kept and used + len(line) + 1 > room - 40:  # 40: the "… N earlier lines" line
            break
        kept.append(line)
        used += len(line) + 1
    kept.reverse()
    if len(kept) < len(lines):
        n = len(lines) - len(kept)
        kept.insert(0, "… " + _n("{n} earlier line", "{n} earlier lines", n).format(n=n))
    return kept


def private_embed(table: Table, summary: str, events: Sequence[str], *, image: bool,
                  heading: str | None = None, order: str | None = None) -> discord.Embed:
    """One player's own screen (sent only by DM or as an ephemeral reply): ``summary`` its words, names in
    (``bot.table.named_summary``); ``events`` under ``heading`` (a turn's private news can be many lines: as many of
    the newest as the embed holds); ``order``: their standing order."""
    heading = heading or _("Just now")
    title = clip(_("Your screen — {title}").format(title=_(table.title)), 256)
    embed = discord.Embed(title=title, colour=COLOUR, description=clip(shown(summary) or "—", 4000))
    if events:
        room = min(3 * MAX_FIELD, MAX_EMBED - len(title) - len(embed.description or "") - 100)
        text = "\n".join(fitting_lines(events, room - 2 * len(heading) - 30))
        for name, value in summary_fields(text, room, heading):
            embed.add_field(name=name, value=value, inline=False)
    if order:
        embed.add_field(name="📌 " + _("Your standing order"), inline=False,
                        value=clip(_("{order} — `/game orders order:cancel` cancels it.").format(order=shown(order)),
                                   1024))
    embed.set_footer(text=_("Move {n}").format(n=table.moves))
    if image:
        embed.set_image(url="attachment://screen.png")
    return embed


def outcome_line(table: Table, outcome: Any) -> str:
    """"Winner: Anna (31) · Bruno 27 · …" from an Outcome."""
    names = [shown(name) for name in table.names]
    ranked = sorted(range(len(outcome.scores)), key=lambda s: (outcome.ranks[s], s))
    winners = [names[s] for s in ranked if outcome.ranks[s] == 1]
    scores = " · ".join(f"{names[s]} {outcome.scores[s]}" for s in ranked)
    return "🏁 " + _n("Game over — winner: {names}. Scores: {scores}", "Game over — winners: {names}. Scores: {scores}",
                      len(winners)).format(names=", ".join(winners), scores=scores)


STATUS = {"lobby": N_("lobby"), "active": N_("active"), "finished": N_("finished"), "abandoned": N_("abandoned"),
          "damaged": N_("damaged")}


def status_word(status: str) -> str:
    """A table's status (``lobby``, ``active``…) in the reader's language."""
    return _(STATUS[status]) if status in STATUS else status
