"""Embeds stay inside Discord's sizes without cutting off a big game's board summary."""

from __future__ import annotations

import rules
from bot.discord.ui import embeds, text
from bot.table import Seat, Table, name_seats
from rules.core import State
from tests.support.play import Policy, by_bot, play_until

LONG_NAMES = [f"{'Hildegard von Bingen-Straße'[:26]} {i}" for i in range(6)]


def table_for(game: str, players: int) -> Table:
    g = rules.get_game(game)
    seats = tuple(Seat(i, 1000 + i, LONG_NAMES[i]) for i in range(players))
    return Table(game_id=1, channel=5, guild=7, game=game, title=g.title, status="active", version=321, seats=seats,
                 creator=1000, options={}, settings={}, awaited_seats=(0,), awaited=(1000,), seed_digest="ab" * 32,
                 seed=None, outcome=None, live_message_id=None, min_players=g.min_players,
                 max_players=g.max_players, created_at=0.0, updated_at=0.0)


def test_summary_fields_cut_at_line_ends_and_keep_everything_that_fits():
    text = "\n".join(f"line {i:03d} " + "x" * 90 for i in range(30))  # ~3000 characters
    fields = embeds.summary_fields(text, room=6000)
    assert [name for name, _ in fields] == ["Table"] + ["Table (continued)"] * (len(fields) - 1)
    assert all(len(value) <= 1024 for _, value in fields)
    assert "\n".join(value for _, value in fields) == text  # nothing lost, no line split in two
    tight = embeds.summary_fields(text, room=1500)
    assert sum(len(n) + len(v) for n, v in tight) <= 1500 and tight[-1][1].endswith("…")


def test_the_biggest_board_summary_fits_whole_with_long_names():
    """Colonia with six players has the longest public summary (about 1700 characters before names)."""
    game = rules.get_game("colonia")
    state = game.new_state(6, 3)
    summaries: list[str] = []
    bot_action = by_bot(game, 3, "t").action

    def summarised(position: State, seat: int, legal: list[str]) -> str:  # the summary of each position moved from
        summaries.append(game.summary(position.view(None)))
        return bot_action(position, seat, legal)

    play_until(state, Policy(summarised), max_steps=400)
    longest = max(summaries, key=len)
    assert len(longest) > 1024  # more than one field's worth
    table = table_for("colonia", 6)
    events = [f"event line {i} " + "y" * 150 for i in range(12)]
    named = name_seats(longest, list(table.names))  # as the table names it (Update.summary, named_summary)
    embed = embeds.board_embed(table, named, events, image=True)
    assert len(embed) <= 6000 and all(len(f.value or "") <= 1024 for f in embed.fields)
    shown = "\n".join(f.value or "" for f in embed.fields if (f.name or "").startswith("Table"))
    assert shown == text.shown(named)  # the whole summary, names filled in, shown as plain text
    assert "Seat 0" not in shown and LONG_NAMES[0] in shown
