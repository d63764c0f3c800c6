"""Embeds stay inside Discord's sizes without cutting off a big game's board summary; every turn card of whole games
stays inside Components V2's (40 components, 4,000 characters of text)."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from bot.discord.ui import embeds, text
from bot.table import Seat, Table, name_seats
from rules.core import ALT_TEXT_MAX, State
from tests.support.play import Policy, by_bot, moves, play_until

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


# ---- the turn card (bot/discord/ui/turn_card.py): Components V2's limits, 40 components and 4,000 characters ------

def _card_payload(view: Any) -> list[dict[str, Any]]:
    """The card as Discord receives it, checked by SimCord's model of Discord's rules (it raises past a limit)."""
    from simcord.components import COMPONENTS_V2_FLAG, validate_message_state

    payload = view.to_components()
    validate_message_state(payload, flags=COMPONENTS_V2_FLAG, content=None, embeds=[])
    return payload


def _check_card(view: Any, files: list[Any]) -> None:
    from simcord.components import walk_components

    from bot.discord.ui.turn_card import MAX_COMPONENTS, MAX_TEXT

    payload = _card_payload(view)
    every = list(walk_components(payload))
    assert len(every) <= MAX_COMPONENTS
    assert sum(len(c["content"]) for c in every if c["type"] == 10) <= MAX_TEXT
    shown = [item for c in every if c["type"] == 12 for item in c["items"]]
    assert [item["media"]["url"] for item in shown] == [f"attachment://{f.filename}" for f in files]
    assert all(item.get("description") and len(item["description"]) <= ALT_TEXT_MAX for item in shown)


def _file(name: str, alt: str) -> Any:
    import io

    import discord

    return discord.File(io.BytesIO(b"\x89PNG"), filename=name, description=alt)


def _report(game: Any, table: Table, scores: list[int]) -> Any:
    from bot.table import EndReport, RatingMove, ReportSeat

    labels = [(f"category_{i}", f"Category number {i}") for i in range(8)]
    seats = [ReportSeat(s.seat, s.name, s.user_id, 1 + s.seat, score, {k: 99 for k, _ in labels}, 400, 86400.0 * 9,
                        86400.0 * 2) for s, score in zip(table.seats, scores, strict=True)]
    ratings = [RatingMove(s.user_id or 0, s.name, 1234, 1567, True, left=s.seat == len(table.seats) - 1)
               for s in table.seats]
    return EndReport(game.name, game.title, seats, labels, ratings, season=3, moves=2000, days=41.5, early=True)


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_every_card_of_a_whole_game_fits_discords_limits(name: str) -> None:
    """Every position of a whole game at the most seats, with long names, its last lines carried from refused posts,
    a digest for each awaited player (everything since their last move), with and without images (without, the board
    in words is on the card), and the end card with its report and chart: each card within 40 components and 4,000
    characters, and what is folded first is the digest."""
    from bot.discord.ui.files import describe, zoomed
    from bot.discord.ui.items import Board, board_buttons
    from bot.discord.ui.turn_card import MAX_TEXT, Digest, card_view, fit
    from bot.table import SinceDigest, named_summary

    game = rules.get_game(name)
    players = game.max_players
    table = table_for(name, players)
    names = list(table.names)
    state = game.new_state(players, 5)
    policy = by_bot(game, 5, "cards")
    lines: list[str] = []
    since: dict[int, list[str]] = {s: [] for s in range(players)}
    cards = folded = 0
    buttons = board_buttons(Board(2**62, 2**62, 10**9), link="https://kontor.example/t/" + "x" * 64)
    for played in moves(state, policy):
        texts = [name_seats(game.event_text(e), names) for e in played.step.events if e.visible_to(None)]
        lines = (lines + texts)[-50:]  # MAX_CARRIED
        since[played.seat] = []
        for seat in since:
            since[seat] = since[seat] + texts if seat != played.seat else []
        awaited = state.to_act() or []
        view = state.view(None)
        summary = named_summary(game, view, names)
        head = ["⏰ " + "a deadline notice " * 5, "Your move: " + " ".join(f"<@{10**18 + s}>" for s in awaited)]
        digests = [Digest(SinceDigest(1, name, game.title, tuple(names), False, 1, tuple(since[s]), len(since[s]),
                                      tuple(names)), names[s] if len(awaited) > 1 else None) for s in awaited]
        for image in (True, False):
            text = fit(table, summary, lines, head, digests, None, image=image)
            assert text.total() <= MAX_TEXT
            whole = sum(bool(d.digest.lines) for d in digests)
            folded += len(text.digests) < whole or any("…" in t for t in text.digests)
            files = [_file("board.png", describe(game, view, names)), _file("zoom.png", zoomed("the row"))] \
                if image else []
            _check_card(card_view(text, files, [], buttons), files)
            cards += 1
    assert not state.to_act()  # the game is over
    outcome = state.outcome()
    report = _report(game, table, list(outcome.scores))
    final = replace_status(table)
    text = fit(final, named_summary(game, state.view(None), names), lines,
               ["🏁 Game over — " + "winner: " + names[0] * 3, "🔓 Seed: `1` (SHA-256 `" + "ab" * 32 + "`)"], [],
               report, image=True)
    assert text.report.startswith("**📋 Report") and text.total() <= MAX_TEXT
    files = [_file("board.png", describe(game, state.view(None), names)), _file("scores.png", "Chart " * 300)]
    _check_card(card_view(text, files[:1], files[1:], board_buttons(Board(1, 1, 1), active=False, finished=True)),
                files)
    assert cards > 50 and folded > 0  # long digests came, and gave way


def replace_status(table: Table) -> Table:
    import dataclasses

    return dataclasses.replace(table, status="finished", awaited_seats=(), awaited=())


def test_the_digest_gives_way_first() -> None:
    """A card with far too much to say: the digest is cut first, the last lines and seats stay whole."""
    from bot.discord.ui.turn_card import MAX_TEXT, Digest, fit
    from bot.table import SinceDigest

    table = table_for("colonia", 6)
    events = [f"event line {i}: " + "y" * 60 for i in range(12)]
    digest = SinceDigest(1, "colonia", "Colonia", tuple(table.names), False, 1,
                         tuple(f"what happened {i} " + "z" * 80 for i in range(60)), 60, tuple(table.names))
    roomy = fit(table, "", events[:2], ["Your move: <@1>"], [Digest(digest)], None, image=True)
    tight = fit(table, "s" * 1500, events, ["Your move: <@1>"], [Digest(digest)], None, image=False)
    squeezed = fit(table, "s" * 3000, events, ["Your move: <@1>"], [Digest(digest)], None, image=False)
    assert max(roomy.total(), tight.total(), squeezed.total()) <= MAX_TEXT
    assert roomy.digests[0].endswith("`/game since`")  # cut politely, pointing at the whole
    assert len(roomy.digests[0]) > len(tight.digests[0]) > 0 and squeezed.digests == []  # shorter, then gone
    assert tight.summary == "s" * 1500 and len(squeezed.summary) > 2000  # the board in words stays before it
    for card in (tight, squeezed):
        assert card.lines.endswith(text.shown(events[-1])) and "event line 0:" in card.lines  # whole
        assert card.seats == embeds.seat_lines(table) and card.head.endswith("Your move: <@1>")
