"""A game's statistics as an embed (``/game stats``; docs/ratings.md, "Statistics"): the totals in the description,
one field per player count. Within Discord's sizes: a field's value is cut at 1024 characters, and fields stop before
the embed's 6000."""

from __future__ import annotations

import discord

from bot.discord.ui.embeds import COLOUR, MAX_EMBED, MAX_FIELD
from bot.discord.ui.text import clip
from bot.table import CountStats, GameStats
from rules.words import number, translator

_, _n = translator("discord")


def _percent(share: float) -> str:
    return _("{n}%").format(n=number(round(100 * share)))


def _decimal(value: float) -> str:
    return number(round(value, 1))


def count_lines(stats: GameStats, figures: CountStats) -> list[str]:
    """The figures of one player count (or of all together), a line each."""
    lines = []
    if figures.mean_days is not None and figures.mean_moves is not None:
        lines.append(_("Mean length: {days} days, {moves} moves").format(days=_decimal(figures.mean_days),
                                                                          moves=_decimal(figures.mean_moves)))
    if figures.seat_wins and figures.fair_share is not None:
        lines.append(_("Wins by seat (1 = first to play): {shares}; a fair share is {fair}").format(
            shares=" · ".join(f"{i + 1}: {_percent(w)}" for i, w in enumerate(figures.seat_wins)),
            fair=_percent(figures.fair_share)))
    if figures.mean_score is not None:
        parts = [f"{_(stats.labels.get(k, k))} {_decimal(v)}" for k, v in figures.mean_by_category]
        lines.append(_("Mean score {score}").format(score=_decimal(figures.mean_score))
                     + (": " + " · ".join(parts) if parts else ""))
    if figures.winning:
        lines.append(_("Winners scored most in: {categories}").format(categories=" · ".join(
            f"{_(stats.labels.get(k, k))} ({number(n)})" for k, n in figures.winning)))
    return lines


def stats_embed(stats: GameStats) -> discord.Embed:
    title = clip("📊 " + (_("{title} on every server") if stats.everywhere else _("{title} on this server")).format(
        title=_(stats.title)), 256)
    total = stats.total
    head = _n("{finished} of {started} game finished", "{finished} of {started} games finished", total.started).format(
        finished=number(total.finished), started=number(total.started))
    description = clip("\n".join([head, *count_lines(stats, total)]), 4000)  # no seat shares: counts differ
    embed = discord.Embed(title=title, colour=COLOUR, description=description)
    room = MAX_EMBED - len(title) - len(description)
    for figures in stats.by_count:
        name = clip(_n("{n} player: {finished} of {started} finished", "{n} players: {finished} of {started} finished",
                       figures.players).format(n=figures.players, finished=number(figures.finished),
                                               started=number(figures.started)), 256)
        value = clip("\n".join(count_lines(stats, figures)) or "—", MAX_FIELD)
        if len(name) + len(value) > room or len(embed.fields) == 25:
            break
        embed.add_field(name=name, value=value, inline=False)
        room -= len(name) + len(value)
    return embed
