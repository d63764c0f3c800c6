"""The "bot" catalog domain (the service, the notices, the terminal table and the demo): complete in French, German and
Italian, and no text of it skips the catalogs — whole games at the terminal table under the pseudo-locale show every
line the domain makes accented. The toy games' own texts are English only (they are test games, in no catalog):
their words are allowed, as are the players' names and the file paths."""

from __future__ import annotations

import argparse
import dataclasses
import io
import re
from pathlib import Path

import pytest

import rules
from bot.discord.digest import digest_text
from bot.discord.notify_prefs import describe_quiet, footer
from bot.discord.pausing import paused_message
from bot.lang import pseudo, speaking
from bot.table import TableError, TableService, Update
from bot.table.clocks import bank_text, duration
from bot.table.settings import DEFAULT_SETTINGS, describe_settings
from bot.terminal import table as terminal
from bot.terminal.text import secret_lines
from bot.tools import catalogs, demo
from rules.core import Game
from tests.support.play import by_bot, moves
from tests.support.pseudo import untranslated
from tests.support.toygame import TEST_GAMES, TINY
from tests.table.conftest import FakeClock
from tests.table.test_service import CH

NAMES = ("Ada", "Bo")


def test_the_bot_catalogs_are_complete() -> None:
    assert catalogs.problems("bot") == []


def toy_words(game: Game, seed: int = 3, players: int = 3) -> set[str]:
    """Every word the toy game itself says in English (events, labels, summaries, secrets, orders, scores)."""
    texts = [game.title, game.rules_summary or "", "auctions"]
    state = game.new_state(players, seed, {})
    for played in moves(state, by_bot(game, seed)):
        texts += [game.event_text(e) for e in played.step.events]
        texts += [state.describe(a) for a in played.legal] + played.legal
        public = state.view(None)
        texts.append(game.summary(public))
        for seat in range(players):
            view = state.view(seat)
            texts.append(game.summary(view))
            texts += secret_lines(view, public)
            texts += [label for _id, label in game.standing_orders(view, seat)]
    return {word for text in texts for word in re.findall(r"[A-Za-z0-9_'’.-]+", text)}


def play_args(db: Path, *extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    terminal.add_arguments(parser)
    return parser.parse_args(["tiny", "--db", str(db), *extra])


#: A session that tries every command of the terminal, then plays on to the end (more lines than it needs).
SESSION = ("?\nboard\nlog\nrules\norders\norder 1\norders\norder cancel\norder 9\nauto maybe\nauto off\nauto on\n"
           "junk\n99\n1\nundo\nundo\n" + "1\n" * 300)


def flagged(text: str, allowed: set[str]) -> list[tuple[str, list[str]]]:
    out = []
    for line in text.splitlines():
        words = untranslated(line, allowed=allowed)
        if words:
            out.append((line, words))
    return out


@pytest.mark.parametrize("seats", ["Ada,bot,bot", "Ada,Bo,bot"])
async def test_a_whole_terminal_game_under_the_pseudo_locale_leaves_no_text_of_ours_untranslated(
        tmp_path: Path, seats: str) -> None:
    db = tmp_path / "t.sqlite3"
    out = io.StringIO()
    code = await terminal.play(play_args(db, "--seats", seats, "--seed", "7", "--lang", "qps"), io.StringIO(SESSION),
                               out, games=TEST_GAMES)
    text = out.getvalue()
    assert code == 0
    allowed = toy_words(TINY) | set(NAMES) | set(re.findall(r"[A-Za-z0-9_'’.-]+", str(tmp_path)))
    allowed |= {"Bot", "Anna", "Bruno", "Clara", "Dieter", "Emma"}  # the bots' names
    allowed |= set(re.findall(r"[a-z]+", SESSION))  # what the player typed (echoed: the input is not a terminal)
    assert flagged(text, allowed) == []
    # the lines of ours came out (not just the game's): the session's own words, the service's, the final table
    for english in ("{game}: game over.", "Refused: {reason}",
                    "Only {name} can see:", "Score", "Type 'auto on' or 'auto off'.",
                    "Settings: {settings}.", "{name} took back a move."):
        head = pseudo(english).split("{")[0].rstrip("~")[:8]
        assert head in text, english


async def test_resuming_in_another_language_switches_the_table_and_the_players(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    await terminal.play(play_args(db, "--seats", "Ada,bot", "--seed", "7"), io.StringIO("q\n"), io.StringIO(),
                        games=TEST_GAMES)
    out = io.StringIO()
    await terminal.play(play_args(db, "--seats", "Ada,bot", "--lang", "fr"), io.StringIO("1\nq\n"), out,
                        games=TEST_GAMES)
    text = out.getvalue()
    assert "Reprise de Tiny Auction" in text and "Enregistré. Relancez la même commande pour reprendre." in text
    assert "Réglages : salon en Français." in text  # the channel's language follows the session's


def test_an_unknown_language_is_refused_with_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    terminal.add_arguments(parser)
    with pytest.raises(SystemExit):
        parser.parse_args(["tiny", "--lang", "klingon"])
    err = capsys.readouterr().err
    assert "--lang" in err and "klingon" in err and "fr" in err and "qps" in err


def test_the_service_words_in_each_language() -> None:
    with speaking("qps"):
        for text in (describe_settings(DEFAULT_SETTINGS), describe_settings({"pace": "fast", "caretaker": "skip"}),
                     duration(600), duration(3 * 3600), duration(5 * 86400), bank_text(90000), bank_text(600)):
            # the pace names are typed (not translated), a language's name is its own
            assert untranslated(text, allowed={"fast", "daily", "English"}) == [], text
    with speaking("de"):
        assert duration(5 * 86400) == "5 Tage" and duration(2 * 3600) == "2 Std."
    with speaking("fr"):
        assert "réserve de temps de 3 jours" in describe_settings(DEFAULT_SETTINGS)


@pytest.mark.skipif("speicherstadt" not in rules.GAMES, reason="Speicherstadt not registered")
async def test_the_demo_speaks_french_with_lang_fr(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    demo.add_arguments(parser)
    args = parser.parse_args(["speicherstadt", "--seed", "11", "--quiet", "--lang", "fr", "--out",
                              str(tmp_path / "out")])
    out = io.StringIO()
    assert await demo.demo(args, out) == 0
    text = out.getvalue()
    assert ", 5 bots, graine 11 (à rejouer avec --seed 11)." in text
    assert "Terminé après" in text and " #  Joueur" in text and "Graine 11, empreinte " in text
    assert "images du plateau écrites dans" in text or "Pas d'image du plateau" in text



# ---- the service's notices and replies under the pseudo-locale ------------------------------------------------------
ANA, BEA, CEC = 11, 12, 13
PLAYERS = {"Ana", "Bea", "Cec", "Bot", "Anna", "Bruno", "Clara", "Dieter", "Emma"}


class Said:
    """Collects every text a service call produced (public, private, notice, reply) to check them all at once."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def update(self, update: Update | None) -> Update | None:
        if update is not None:
            self.texts += update.public_events + ([update.notice] if update.notice else [])
            self.texts += [line for private in update.private.values() for line in private.events]
        return update

    def refused(self, error: TableError) -> None:
        self.texts.append(str(error))


async def test_the_services_notices_votes_and_refusals_under_the_pseudo_locale(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = await TableService.open(str(tmp_path / "k.sqlite3"), games=TEST_GAMES, clock=clock)
    said = Said()
    game_words = toy_words(TINY)  # the toy game's own lines (English only: a test game)
    try:
        with speaking("qps"):  # the caller's language too: the refusals and replies
            for user in (ANA, BEA, CEC):
                await svc.remember_language(user, "qps")
            settings = {"language": "qps", "remind_hours": 3, "deadline_hours": 4, "caretaker": "bot"}
            said.update(await svc.create(CH, 1, "tiny", ANA, "Ana", settings=settings))
            said.update(await svc.join(CH, BEA, "Bea"))
            said.update(await svc.join(CH, CEC, "Cec"))
            said.update(await svc.add_bot(CH, ANA, "strong"))
            said.update(await svc.remove_bot(CH, ANA))
            said.update(await svc.update_settings(CH, ANA, pace="fast"))
            for call in (svc.join(CH, ANA, "Ana"), svc.start(CH, BEA), svc.add_bot(CH, ANA, "weird"),
                         svc.update_settings(CH, ANA, pace="slowly"), svc.set_quiet_hours(ANA, quiet="25-3")):
                try:
                    await call
                except TableError as error:
                    said.refused(error)
            said.update(await svc.start(CH, ANA, seed=7))
            table = await svc.table(CH)
            mover = table.awaited[0]
            for call in (svc.act(CH, mover, "junk"), svc.act(CH, mover, "play 1", expected_version=0),
                         svc.undo(CH, mover), svc.reclaim(CH, mover), svc.back(mover), svc.cancel_order(CH, mover)):
                try:
                    await call
                except TableError as error:
                    said.refused(error)
            reply, played = await svc.set_order(CH, mover, "pass")
            said.texts.append(reply)
            said.update(played)
            said.texts.append(await svc.cancel_order(CH, mover))
            said.update(await svc.act(CH, mover, (await svc.legal(CH, mover))[0][0]))
            said.update(await svc.undo(CH, mover))
            reply, aways = await svc.away(CEC, 2)
            said.texts.append(reply)
            for update in aways + await svc.back(CEC):
                said.update(update)
            said.update(await svc.vote_abandon(CH, ANA))
            asked: set[int] = set()
            for hours in (1.5, 3, 5, 12, 30, 30):  # reminders, then spent banks: the others are asked
                for update in await svc.due(clock.advance(hours)):
                    said.update(update)
                    question = update.question
                    if question is not None and question.voters and question.seat not in asked:
                        asked.add(question.seat)
                        reply, decided = await svc.vote_timeout(CH, question.voters[0], question.seat, "wait")
                        said.texts.append(reply)
                        said.update(decided)
            said.update(await svc.member_left(CH, BEA))
            said.update(await svc.vote_seat(CH, ANA, (await svc.table(CH)).seat_of(BEA) or 0, "bot"))
            table = await svc.table(CH)
            said.texts += [describe_settings(table.settings), digest_text([table], {table.game_id}),
                           paused_message(dataclasses.replace(table, paused="post")),
                           paused_message(dataclasses.replace(table, paused="channel")),
                           describe_quiet(None, "Europe/Berlin"), footer("digest")]
            said.texts += await svc.log(CH, limit=1000)  # the channel's lines as logged (a question's among them)
        assert len(said.texts) > 30
        for english in ("time bank ran out", "Reminder: the table", "is away until", "took back a move",
                        "has left the server", "votes to abandon", "answers about"):
            assert any(pseudo(english).rstrip("~") in text for text in said.texts), english
        # what players type (setting names and values, levels, commands) and what is no text (links, zones, ids)
        typed = {"pace", "live", "fast", "daily", "relaxed", "untimed", "weird", "junk", "basic", "strong", "orders",
                 "cancel", "digest", "qps", "Europe", "Berlin", "https", "discord.com", "channels"}
        allowed = PLAYERS | game_words | typed
        left = [(text, found) for text in said.texts if (found := untranslated(text, allowed=allowed))]
        assert left == []
    finally:
        await svc.close()


async def test_the_demo_draws_its_board_images_in_its_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import render
    from rules import words

    drawn: list[str] = []

    def board(game: str, view: dict, **kwargs: object) -> bytes:
        drawn.append(words.language())  # the speaker the image would be drawn in (a worker thread copies it)
        return b"\x89PNG\r\n\x1a\nfake"

    monkeypatch.setattr(render, "board", board, raising=False)
    parser = argparse.ArgumentParser()
    demo.add_arguments(parser)
    args = parser.parse_args(["tiny", "--seed", "4", "--quiet", "--lang", "de", "--out", str(tmp_path / "out")])
    out = io.StringIO()
    assert await demo.demo(args, out, games=TEST_GAMES) == 0
    assert drawn and set(drawn) == {"de"}
    assert "Spielplanbilder in" in out.getvalue()
