"""The terminal table, driven by feeding its input: play, refuse junk, quit, resume, finish."""

from __future__ import annotations

import argparse
import io
import itertools
import sqlite3
from pathlib import Path

import pytest

import render
import rules
from bot.table import TableService, name_seats
from bot.table.moves import Moves
from bot.terminal import seats as terminal_seats
from bot.terminal import table as terminal
from bot.terminal.seats import parse_seats
from bot.terminal.text import pick, secret_lines
from tests.support.games import NAMES, NIM, opening_moves, some_players
from tests.support.toygame import TEST_GAMES

FAKE_PNG = b"\x89PNG\r\n\x1a\nfake"


def args(db: Path, *extra: str, game: str = "tiny") -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    terminal.add_arguments(parser)
    name = [] if "--name" in extra else ["--name", "Ada"]  # not the login name of whoever runs the tests
    return parser.parse_args([game, "--db", str(db), *name, *extra])


async def session(db: Path, text: str, *extra: str, game: str = "tiny") -> tuple[int, str]:
    out = io.StringIO()
    games = TEST_GAMES if game in TEST_GAMES else None
    code = await terminal.play(args(db, *extra, game=game), io.StringIO(text), out, games=games)
    return code, out.getvalue()


def pngs(folder: Path) -> set[str]:
    """The names of the images in ``folder``."""
    return {p.name for p in folder.glob("*.png")}


def game_id(db: Path) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT MAX(id) FROM games").fetchone()[0]
    finally:
        con.close()


def version(db: Path) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT version FROM games WHERE status = 'active'").fetchone()[0]
    finally:
        con.close()


async def test_play_a_move_quit_and_resume(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    code, text = await session(db, "1\nq\n", "--seats", "me,bot", "--seed", "5")
    assert code == 0
    assert "A new game of Tiny Auction" in text
    assert "Only Ada can see:" in text and "hand: " in text
    assert "Ada, your choice (1-3, ? for help, q to quit)" in text
    assert "   1) Bid the card" in text
    assert "(private) You bid" in text  # the private event of the move
    assert "Saved. Run the same command again to resume." in text
    after_first = version(db)

    code, text = await session(db, "1\nq\n", "--seats", "me,bot")
    assert code == 0 and "Resuming Tiny Auction (" in text and "Resuming your" not in text
    assert version(db) > after_first  # the second session moved on from where the first stopped


async def test_junk_input_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    await session(db, "q\n", "--seats", "me,bot", "--seed", "5")
    before = version(db)
    code, text = await session(db, "abc\n0\n99\n-1\n\n\x00\nplay 999\nq\n", "--seats", "me,bot")
    assert code == 0
    # numbers off the menu get the menu's range; typed text goes to the rules, whose refusal is shown with the hint
    assert text.count("Please type a number from 1 to 3, an action, ? for help or q to quit.") == 2
    assert text.count("Refused: ") == 4
    assert "Refused: 'play 999' is not a legal action now." in text
    assert text.count("a number from 1 to 3, an action, ? for help or q to quit.") >= 5
    assert version(db) == before


async def test_an_action_can_be_typed_and_eof_quits_cleanly(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    code, text = await session(db, "", "--seats", "me,bot", "--seed", "5")  # EOF at the first prompt
    assert code == 0 and text.rstrip().endswith("Saved. Run the same command again to resume.")
    assert version(db) >= 1
    code, text = await session(db, "log\nhelp\n", "--seats", "me,bot")
    assert code == 0 and "Tiny Auction begins" in text and "Type the number of an action" in text
    legal_line = next(line for line in text.splitlines() if line.strip().startswith("1) Bid the card"))
    action = legal_line.split("[")[1].rstrip("]")
    before = version(db)
    code, text = await session(db, f"{action}\n", "--seats", "me,bot")
    assert code == 0 and version(db) > before


async def test_a_whole_game_to_the_final_scores(tmp_path: Path) -> None:
    code, text = await session(tmp_path / "t.sqlite3", "1\n" * 50, "--seats", "me,bot,bot", "--seed", "9")
    assert code == 0
    assert "Tiny Auction: game over." in text
    assert " #  Player" in text and "auctions" in text
    assert "Seed 9 (published digest" in text


async def test_hot_seat_asks_each_player_in_turn(tmp_path: Path) -> None:
    code, text = await session(tmp_path / "t.sqlite3", "1\n1\nq\n", "--seats", "Anna,Ben", "--seed", "3")
    assert code == 0
    assert "— Anna's turn —" in text and "— Ben's turn —" in text
    assert "(to Anna) Anna bid" not in text and "(to Anna) You bid" in text


async def test_new_abandons_the_unfinished_game(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    await session(db, "1\nq\n", "--seats", "me,bot", "--seed", "5")
    code, text = await session(db, "q\n", "--seats", "me,bot", "--new")
    assert code == 0 and "abandoned; starting a new one" in text
    con = sqlite3.connect(db)
    assert con.execute("SELECT status FROM games ORDER BY id").fetchall() == [("abandoned",), ("active",)]
    con.close()


@pytest.mark.parametrize(("seats", "message"), [("me", "for 2–4 players"), ("me,me", "different name"),
                                                 ("me,bot,bot,bot,bot", "for 2–4 players")])
async def test_bad_seats_are_explained(tmp_path: Path, seats: str, message: str) -> None:
    code, text = await session(tmp_path / "t.sqlite3", "", "--seats", seats)
    assert code == 2 and message in text


async def test_unknown_game(tmp_path: Path) -> None:
    code, text = await session(tmp_path / "t.sqlite3", "", game="chess")
    assert code == 2 and "Unknown game 'chess'" in text


async def test_the_board_image_is_written_next_to_the_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, dict]] = []

    def fake_board(game: str, view: dict, *, last: object = None, names: object = None) -> bytes:
        seen.append((game, view))
        return FAKE_PNG

    monkeypatch.setattr(render, "board", fake_board, raising=False)
    db = tmp_path / "t.sqlite3"
    code, text = await session(db, "1\nq\n", "--seats", "me,bot", "--seed", "5")
    assert code == 0
    image = tmp_path / f"t-tiny-{game_id(db)}-board.png"  # named after the table file, the game and its number
    assert image.read_bytes() == FAKE_PNG
    assert f"The board image is in {image}" in text
    assert seen and all(view["viewer"] is None and "hand" not in view for _game, view in seen)


@pytest.mark.skipif("speicherstadt" not in rules.GAMES, reason="Speicherstadt not registered")
async def test_speicherstadt_a_few_moves_then_resume_and_play_on(tmp_path: Path) -> None:
    """The default run's share of the next test: resumed, the game goes on (the whole game: ``-m slow``)."""
    db = tmp_path / "s.sqlite3"
    code, text = await session(db, "1\n2\n1\nq\n", "--seats", "me,bot,bot", "--seed", "7", game="speicherstadt")
    assert code == 0 and "The Speicherstadt begins" in text and "Pile:" in text
    before = version(db)
    code, text = await session(db, "1\n" * 20 + "q\n", "--seats", "me,bot,bot", game="speicherstadt")
    assert code == 0 and "Resuming" in text and "Pile:" in text and version(db) > before


@pytest.mark.slow
@pytest.mark.skipif("speicherstadt" not in rules.GAMES, reason="Speicherstadt not registered")
async def test_speicherstadt_a_few_moves_then_resume_and_finish(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    code, text = await session(db, "1\n2\n1\nq\n", "--seats", "me,bot,bot", "--seed", "7", game="speicherstadt")
    assert code == 0 and "The Speicherstadt begins" in text and "Pile:" in text
    code, text = await session(db, "1\n" * 2000, "--seats", "me,bot,bot", game="speicherstadt")
    assert code == 0 and "Resuming" in text and "The Speicherstadt: game over." in text


def test_pick_and_seat_parsing() -> None:
    legal = [("place 1", "Worker above card 1"), ("place 2", "Worker above card 2")]
    assert pick("2", legal) == "place 2"
    assert pick("place  1", legal) == "place 1"
    assert pick("3", legal) is None and pick("0", legal) is None and pick("buy", legal) is None
    assert parse_seats("me, bot,Anna,,", me="Ada") == ["Ada", None, "Anna"]
    assert parse_seats(" Anna  Lena ,BOT,Me") == ["Anna Lena", None, "Player"]
    assert pick("²", legal) is None  # unicode digits never crash int()
    assert pick("9" * 40, legal) is None


def test_only_ascii_digits_choose_from_the_menu() -> None:
    """Other scripts' digits are no menu numbers: '႙' (Myanmar nine) once played item 9."""
    legal = [(f"place {n}", f"Worker above card {n}") for n in range(1, 12)]
    assert pick("9", legal) == "place 9" and pick("11", legal) == "place 11"
    for text in ("႙", "١", "٩", "９", "1١", "၁၁"):  # Myanmar, Arabic-Indic, fullwidth, mixed
        assert pick(text, legal) is None, text


def test_secret_lines_show_only_what_spectators_do_not_see() -> None:
    public = {"viewer": None, "scores": [1, 2], "players": [{"seat": 0, "coins": 3}, {"seat": 1, "coins": 4}]}
    mine = {"viewer": 1, "scores": [1, 2], "hand": [3, 7],
            "players": [{"seat": 0, "coins": 3}, {"seat": 1, "coins": 4, "cards": {"tea": 2}}]}
    assert secret_lines(mine, public) == ["hand: 3, 7", "cards: tea 2"]  # its own entry needs no prefix
    theirs = {**mine, "viewer": 0}  # a hot-seat neighbour's entry is named by seat (the front end fills names in)
    assert secret_lines(theirs, public) == ["hand: 3, 7", "players › Seat 1 › cards: tea 2"]


def test_secret_lines_unfold_a_nested_private_block() -> None:
    public = {"viewer": None, "round": 1}
    mine = {"viewer": 2, "round": 1, "private": {"coins": 5, "goods": {"tea": 1, "wine": 0},
                                                 "objectives": {"kept": ["O1"], "dealt": []}}}
    assert secret_lines(mine, public) == ["coins: 5", "goods: tea 1, wine 0", "objectives › kept: O1",
                                          "objectives › dealt: none"]


async def test_resuming_writes_the_current_board_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "t.sqlite3"
    await session(db, "1\nq\n", "--seats", "me,bot", "--seed", "5")  # no renderer: no image
    assert not pngs(tmp_path)
    lasts: list[object] = []

    def fake_board(game: str, view: dict, *, last: object = None, names: object = None) -> bytes:
        lasts.append(last)
        return FAKE_PNG

    monkeypatch.setattr(render, "board", fake_board, raising=False)
    code, _text = await session(db, "q\n", "--seats", "me,bot")
    assert code == 0 and (tmp_path / f"t-tiny-{game_id(db)}-board.png").read_bytes() == FAKE_PNG
    assert isinstance(lasts[0], dict) and set(lasts[0]) == {"seat", "action"}  # the last move is marked


@pytest.mark.skipif("nuernberg" not in rules.GAMES, reason="Nürnberg not registered")
async def test_a_trade_offer_reads_with_names_and_repeats_only_what_changed(tmp_path: Path) -> None:
    db = tmp_path / "n.sqlite3"
    # Issue 20: Bot Anna offers a trade on her first turn; Ada counters in one typed line and the bot takes it (Ada,
    # seat 1, is blue at 3 players: N-A22; blue starts with no ore, so she counters with brick).
    moves = "counter 1 brick for 1 grain\noffer\ngive gold\nwant ore\nhand\nq\n"
    code, text = await session(db, moves, "--seats", "me,bot,bot", "--seed", "11", game="nuernberg")
    assert code == 0
    assert "Bot Anna offers 1 grain for 1 wool to everyone." in text
    assert "Ada counters the offer of Bot Anna: Ada would give 1 brick for 1 grain." in text
    assert "Bot Anna trades 1 grain to Ada for 1 brick (the counter-offer)." in text
    assert "Send the offer (1 gold for 1 ore) to Bot Anna  [send 0]" in text  # menu labels name seats too
    assert "Seat 0" not in text and "seat 0" not in text
    assert "Yours: " in text and "Only Ada can see" not in text  # the game's own summary shows the hand
    after_want = text.split("want ore\n", 1)[1]
    assert "Changed (the rest as above, 'hand' shows it all):" in after_want
    assert "Your trade draft: give 1 gold; want 1 ore" in after_want
    board = after_want.split("choice (1-", 1)[1].split("hand\n", 1)[1]
    assert board.count("Goods (recipe → where sold):") == 1  # 'hand' prints the whole screen again


async def test_help_rules_and_the_login_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal_seats.getpass, "getuser", lambda: "grace")
    db = tmp_path / "t.sqlite3"
    parser = argparse.ArgumentParser()
    terminal.add_arguments(parser)
    out = io.StringIO()
    code = await terminal.play(parser.parse_args(["tiny", "--db", str(db), "--seats", "me,bot", "--seed", "5"]),
                               io.StringIO("?\nrules\nq\n"), out, games=TEST_GAMES)
    text = out.getvalue()
    assert code == 0 and "Seats: " in text and "Grace" in text and "You" not in text.split("Seats: ")[1][:40]
    assert "'board' the whole board in words" in text and "'hand' your own screen" in text
    assert "Bid a secret card each round" in text


def test_default_name_falls_back_when_there_is_no_login(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_login() -> str:
        raise KeyError("uid 1234")

    monkeypatch.setattr(terminal_seats.getpass, "getuser", no_login)
    assert terminal_seats.default_name() == "Player"
    monkeypatch.setattr(terminal_seats.getpass, "getuser", lambda: "  ada  lovelace ")
    assert terminal_seats.default_name() == "Ada lovelace"


@pytest.mark.parametrize("game", NAMES)
@pytest.mark.usefixtures("plugin_games")
async def test_a_resumed_game_shows_exactly_the_screen_it_was_left_at(tmp_path: Path, game: str) -> None:
    db = tmp_path / "r.sqlite3"
    seats = ",".join(["me"] + ["bot"] * (some_players(game) - 1))  # three seats where the game allows them
    moves = "1\n" * opening_moves(game)  # three moves, fewer in a game that may be over by then
    code, first = await session(db, f"{moves}hand\nq\n", "--seats", seats, "--seed", "21", game=game)
    assert code == 0
    left_at = first.rsplit("hand\n", 1)[1].split("\nAda, your choice", 1)[0]
    code, again = await session(db, "q\n", "--seats", seats, game=game)
    assert code == 0 and "Resuming " in again
    shown = again.split("\n\n", 1)[1].split("\n   1) ", 1)[0]
    assert shown == left_at


async def test_ctrl_c_during_a_move_quits_once_the_move_is_stored(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "t.sqlite3"
    await session(db, "q\n", "--seats", "me,bot", "--seed", "5")
    before = version(db)
    act = TableService.act

    async def act_then_ctrl_c(self: TableService, *a: object, **kw: object) -> object:
        update = await act(self, *a, **kw)
        terminal._interrupt(2, None)  # as if Ctrl-C came while the bots answered
        return update

    monkeypatch.setattr(TableService, "act", act_then_ctrl_c)
    code, text = await session(db, "1\n1\n1\n", "--seats", "me,bot")
    assert code == 0 and text.rstrip().endswith("Saved. Run the same command again to resume.")
    assert text.count("your choice") == 1 and version(db) > before  # one move made and stored, then out


async def test_a_session_cut_off_between_bot_moves_resumes_with_the_bots(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "t.sqlite3"
    with monkeypatch.context() as patch:  # the process dies right after the player's move is stored
        async def no_bots(self: Moves, row: object, seats: object, state: object, *a: object) -> object:
            return row, state

        patch.setattr(Moves, "run_auto", no_bots)
        await session(db, "1\nq\n", "--seats", "me,bot", "--seed", "5")
    code, text = await session(db, "q\n", "--seats", "me,bot")
    assert code == 0 and "they play on now" in text and "Traceback" not in text
    assert "Ada, your choice" in text  # the bot moved and the player is asked again


@pytest.mark.parametrize("seed", ["99999999999999999999999", "-5"])
async def test_a_bad_seed_is_explained_and_new_keeps_the_game(tmp_path: Path, seed: str) -> None:
    db = tmp_path / "t.sqlite3"
    await session(db, "q\n", "--seats", "me,bot", "--seed", "5")
    before = version(db)
    code, text = await session(db, "q\n", "--seats", "me,bot", "--new", "--seed", seed)
    assert code == 2 and "The seed must be a number from 0 to 2^63 - 1." in text
    assert "abandoned" not in text and version(db) == before  # the unfinished game is still there
    code, text = await session(db, "q\n", "--seats", "me,bot,bot,bot,bot", "--new")
    assert code == 2 and "for 2–4 players" in text and version(db) == before


async def test_undo_takes_back_the_latest_move_that_still_can_be(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    # hot seat (Ben sits first): Ben bids in secret, then Ada, at the keyboard, types undo: Ben's pending bid is what
    # can be taken back
    code, text = await session(db, "1\nundo\nundo\nq\n", "--seats", "me,Ben", "--seed", "5")
    assert code == 0
    assert "Seat order: 1. Ben, 2. Ada" in text and "Ben took back a move." in text
    assert "Refused: You have no move of your own to take back." in text  # the second undo: nothing left
    con = sqlite3.connect(db)
    try:
        assert con.execute("SELECT kind, undone FROM actions WHERE kind != 'note'").fetchall() == [("player", 1)]
    finally:
        con.close()


@pytest.mark.skipif("nuernberg" not in rules.GAMES, reason="Nürnberg not registered")
async def test_nuernberg_offers_in_one_line_and_refusals_give_the_rules_reason(tmp_path: Path) -> None:
    """Issue 20: a whole offer is one typed line; a well-formed illegal line gets the rules' own reason."""
    db = tmp_path / "n.sqlite3"
    moves = ("counter 1 brick for 1 grain\ndraw\noffer 9 gold for 1 ore to all\n"
             "offer 1 gold for 1 ore to all\nq\n")
    code, text = await session(db, moves, "--seats", "me,bot,bot", "--seed", "11", game="nuernberg")
    assert code == 0
    assert "Refused: The event card was already turned over this turn." in text
    assert "Refused: You do not have 9 gold to give." in text
    assert "Ada offers 1 gold for 1 ore to everyone." in text
    assert "Bot Anna declines the offer." in text  # 1 gold for a card is not fair to a bot (N-A25)


@pytest.mark.skipif("nuernberg" not in rules.GAMES, reason="Nürnberg not registered")
async def test_board_prints_the_public_board_and_hand_the_own_screen_in_words(tmp_path: Path) -> None:
    db = tmp_path / "w.sqlite3"
    code, text = await session(db, "board\nhand\nq\n", "--seats", "me,bot,bot", "--seed", "11", game="nuernberg")
    assert code == 0
    board = text.split("board\n", 1)[1].split("your choice (", 1)[0].rsplit("\n", 1)[0]
    hand = text.split("hand\n", 1)[1].split("your choice (", 1)[0].rsplit("\n", 1)[0]
    game = rules.GAMES["nuernberg"]
    svc = await TableService.open(str(db), render=False)
    try:
        table = await svc.table(terminal_seats.channel_for("nuernberg"))
        public = await svc.public_view(table.channel)
    finally:
        await svc.close()
    assert board == name_seats(game.summary(public), table.names)  # the whole board in words, players named
    assert "Yours: " not in board and "Yours: " in hand  # the own screen shows the hand, the board does not
    assert "Seat 0" not in board + hand


@pytest.mark.usefixtures("plugin_games")
async def test_the_two_player_plugin_game_is_played_to_its_outcome_at_the_terminal(tmp_path: Path) -> None:
    """Secret Nim (tests/support/games.py), registered in one place, is a whole game at the terminal table: the bot's
    pick is never printed before both picks are revealed, the player's own pick only to them, then the scores."""
    db = tmp_path / "n.sqlite3"
    code, text = await session(db, "2\n" * 20 + "q\n", "--seats", "me,bot", "--seed", "5", game=NIM)
    assert code == 0 and "A new game of Secret Nim" in text and "Secret Nim: game over." in text
    rounds = text.split("Ada, your choice")
    assert len(rounds) >= 3  # a few rounds, each a secret pick of both
    assert "Traceback" not in text and "(private) You pick 2 stones." in text
    for before, after in itertools.pairwise(rounds):
        # the bot has picked in secret before Ada picks; the screen she chooses from does not show its pick
        assert "Bot Anna has picked in secret." in before
        screen = before.rsplit("Bot Anna has picked in secret.", 1)[1]
        revealed = after.split("Picks revealed: ", 1)[1].split("\n", 1)[0]
        assert revealed.startswith("Bot Anna picked ") and revealed.endswith(", Ada picked 2.")
        bot_pick = revealed.removeprefix("Bot Anna picked ")[0]
        assert "Your pick: not yet" in screen and f"picked {bot_pick}" not in screen
    outcome = text.split("Secret Nim: game over.", 1)[1]
    assert "Ada" in outcome and "Bot Anna" in outcome and "Stones" in outcome and "Last stone" in outcome
    assert "Seed 5 (published digest" in outcome
    code, again = await session(db, "q\n", "--seats", "me,bot", game=NIM)  # a finished game is not resumed
    assert code == 0 and "Resuming" not in again


@pytest.mark.skipif("nuernberg" not in rules.GAMES, reason="Nürnberg not registered")
async def test_a_counter_offer_typed_in_the_players_language(tmp_path: Path) -> None:
    """Issue 42: 'counter 1 argilla for 1 grano' at an Italian table is the counter it says, and the menu writes each
    action in Italian words; a malformed counter says what is wrong."""
    db = tmp_path / "n.sqlite3"
    moves = "controfferta 1 argilla per\ncounter 1 argilla for 1 grano\nq\n"
    code, text = await session(db, moves, "--seats", "me,bot,bot", "--seed", "11", "--lang", "it", game="nuernberg")
    assert code == 0
    assert "Ada fa una controfferta a Bot Anna: Ada darebbe 1 argilla per 1 grano." in text, text[-3000:]
    assert "[controfferta]" in text and "[rifiutare]" in text
    assert "Rifiutato: Ogni lato di uno scambio ha almeno un elemento: 1 minerale per 2 lana." in text
