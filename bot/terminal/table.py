"""The terminal table: ``kontor play GAME --seats me,bot,bot [--db FILE]``.

A thin front end over the same ``TableService`` and SQLite file the Discord bot uses: numbered
legal actions with their labels, the player's secrets as text, a public summary after each change.
Every game has its own table in the file, so running the command again resumes it. Several human
names in ``--seats`` make a hot-seat game (everyone sees the screen: secrets are not hidden then).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from bot.lang import LANGUAGES, PSEUDO, speaking
from bot.table import (
    AUTO_FORCED_HELP,
    EndReport,
    Table,
    TableError,
    TableService,
    Update,
    health,
    name_seats,
    named_summary,
    record_target_problem,
    sqlite_only,
    storage_failure,
    write_record,
)
from bot.terminal import advice
from bot.terminal.club_text import report_lines
from bot.terminal.keys import board_file, discard_typed_ahead, gives_standing_order
from bot.terminal.learn import explanation_lines, guide_line
from bot.terminal.seats import bot_levels, channel_for, default_name, open_table, parse_seats
from bot.terminal.text import pick, player_name, score_table, secret_lines
from rules.core import Game, printable
from rules.words import N_, translator

_, _n = translator("bot")
_core, _core_n = translator("core")  # the rules' own refusal, recognised in the reader's language

DEFAULT_DB = "kontor-play.sqlite3"
LOG_FILE = "kontor-play.log"
SHORT = 8  # a summary this long or shorter is always shown whole
MAX_CHANGED = 3  # more changed lines than this: show the whole summary again
QUIT = {"q", "quit", "exit"}
HELP = N_("Type the number of an action (or the action itself). Other commands: 'board' the whole board in words, "
          "'hand' your own screen in words, "
          "'log' the recent moves, 'undo' takes back your latest move (before anything is drawn or revealed and "
          "before another player acts), 'rules' the rules in brief, 'orders' the standing orders you can give "
          "('order N' gives the N-th, 'order cancel' cancels yours), 'auto on|off' whether a move that is the only "
          "option is played for you (auto_forced), 'q' quit (the game is saved after every move).")
#: What ``--lang`` accepts: the languages Kontor speaks, and the pseudo-locale for tests (bot/lang.py).
LANG_CHOICES = (*LANGUAGES, PSEUDO)


def add_lang_argument(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--lang", default=None, choices=LANG_CHOICES, metavar="LANG",
                        help=f"the language {what} ({', '.join(LANG_CHOICES)}; qps is a pseudo-language for tests;"
                             " default English)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game to play, e.g. speicherstadt")
    parser.add_argument("--seats", default="me,bot,bot",
                        help="comma-separated seats: 'bot' (or 'bot:strong'), or a player's name ('me' = you);"
                             " default me,bot,bot")
    parser.add_argument("--name", default=None,
                        help="your name at the table for the 'me' seat (default: your login name)")
    parser.add_argument("--db", default=DEFAULT_DB, help=f"the SQLite file of the table (default {DEFAULT_DB})")
    parser.add_argument("--seed", type=int, default=None, help="fix the seed (and seat order) of a new game")
    parser.add_argument("--new", action="store_true", help="abandon an unfinished game of this kind and start over")
    parser.add_argument("--record", default=None, metavar="FILE",
                        help="when the game ends, write its record (as /game record gives it) to FILE, for kontor "
                             "verify")
    add_lang_argument(parser, "of the table (the channel's lines and board, the players' own lines and this screen)")


def play_main(args: argparse.Namespace) -> int:
    if (refusal := sqlite_only("play", args.db)) is not None:
        print(refusal, file=sys.stderr)
        return 2
    folder = Path(args.db).resolve().parent
    if not folder.is_dir():
        with speaking(getattr(args, "lang", None)):
            print(_("There is no folder {folder} for the table file {file}.").format(folder=folder, file=args.db),
                  file=sys.stderr)
        return 2
    if args.record and (problem := record_target_problem(args.record)) is not None:
        print(f"kontor play: {problem}", file=sys.stderr)
        return 2
    # warnings (e.g. no board images for a game) go to a file, not between the player's lines
    logging.basicConfig(filename=Path(args.db).with_name(LOG_FILE), level=logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # Ctrl-C interrupts at once, even while waiting for a line (asyncio's own handler would only cancel the
    # game loop after the blocking read returns, so the first Ctrl-C seemed to do nothing)
    signal.signal(signal.SIGINT, _interrupt)
    try:
        return asyncio.run(play(args, sys.stdin, sys.stdout))
    except KeyboardInterrupt:  # every move is already stored: Ctrl-C is as good as q
        with speaking(getattr(args, "lang", None)):
            print("\n" + _("Saved. Run the same command again to resume."), flush=True)
        return 0


class _CtrlC:
    """Ctrl-C while waiting for a line quits at once; during a move (the player's and the bots' answers, each
    stored as it happens) it quits as soon as the move is stored, so no bot move is left half-made."""

    reading = False
    pressed = False


def _interrupt(signum: int, frame: object) -> None:
    if _CtrlC.reading:
        raise KeyboardInterrupt
    _CtrlC.pressed = True


class Terminal:
    """One terminal session: reads commands, drives the service, prints what happened."""

    def __init__(self, svc: TableService, game: Game, channel: int, board_path: Path, stdin: TextIO,
                 stdout: TextIO, record: str | None = None) -> None:
        self.svc, self.game, self.channel = svc, game, channel
        self.record = record  # --record FILE: where the finished game's record goes
        self.board_path = board_path
        self.stdin, self.stdout = stdin, stdout
        self.told_board = False
        self.last_shown: tuple[str | None, list[str]] | None = None  # whom the last summary was for, and it
        self.report: EndReport | None = None  # the end's report, from the Update that ended the game

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def ask(self, prompt: str) -> str | None:
        """One line of input, or None at end of input (or after a Ctrl-C that came while nobody was asked)."""
        if _CtrlC.pressed:
            return None
        self.stdout.write(prompt)
        self.stdout.flush()
        _CtrlC.reading = True
        try:
            line = self.stdin.readline()
        finally:
            _CtrlC.reading = False
        if line == "":
            return None
        if not self.stdin.isatty():  # piped input: echo it so the transcript reads like a session
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    # ---- output --------------------------------------------------------------------------
    def show_update(self, update: Update, hot_seat: bool) -> None:
        if update.report is not None:  # shown with the final scores
            self.report = update.report
        for line in update.public_events:
            self.say(f"  · {line}")
        if update.notice:
            self.say(f"  ! {update.notice}")
        for user, private in update.private.items():
            who = player_name(update.table, user)
            for line in private.events:
                self.say("  " + (_("(to {name}) {line}").format(name=who, line=line) if hot_seat
                                 else _("(private) {line}").format(line=line)))
        if update.image:
            self.save_board(update.image)

    def save_board(self, png: bytes) -> None:
        self.board_path.write_bytes(png)
        if not self.told_board:
            self.say("  " + _("The board image is in {path} (updated after every change).").format(
                path=self.board_path.resolve()))
            self.told_board = True

    def state_lines(self, table: Table, public: dict[str, Any], private: dict[str, Any] | None,
                    you: str | None) -> list[str]:
        """The summary (the player's own, when the game's summary shows their secrets), names filled in."""
        shown = named_summary(self.game, public, table.names)
        if private is not None and you is not None:
            own = named_summary(self.game, private, table.names)
            if own != shown:  # the game's summary shows the player's secrets itself
                return own.splitlines()
        lines = shown.splitlines()
        if private is not None and you is not None:
            secrets = secret_lines(private, public)
            if secrets:
                lines.append(_("Only {name} can see:").format(name=you))
            lines += [f"  {name_seats(line, table.names)}" for line in secrets]
        return lines

    def show_state(self, lines: list[str], you: str | None) -> None:
        """The whole summary; when the same player moves again and only a line or two changed (building a
        trade, loading goods one by one), just those lines, so the screen is not a wall of repeats."""
        self.say()
        before, self.last_shown = self.last_shown, (you, lines)
        if before is not None and before[0] == you and lines and before[1] and lines[0] == before[1][0]:
            old, new = set(before[1]), set(lines)
            changed = [line for line in lines if line not in old]
            gone = [line for line in before[1] if line not in new]
            if len(lines) > SHORT and len(changed) <= MAX_CHANGED and len(gone) <= len(changed):
                self.say(lines[0])
                self.say("  " + (_("(the rest as above, 'hand' shows it all)") if not changed else
                                 _("Changed (the rest as above, 'hand' shows it all):")))
                for line in changed:
                    self.say(line)
                return
        for line in lines:
            self.say(line)

    def show_final(self, table: Table) -> None:
        self.say()
        self.say(_("{game}: game over.").format(game=_(table.title)))
        if table.outcome is not None:
            self.say(score_table(table, table.outcome))
        if self.report is not None:  # ratings, moves and times (docs/ratings.md, "The report at the end")
            self.say()
            for line in report_lines(self.report):
                self.say(line)
        if table.seed is not None:
            self.say(_("Seed {seed} (published digest {digest}).").format(seed=table.seed, digest=table.seed_digest))

    def write_record_file(self, record: dict[str, Any]) -> int:
        assert self.record is not None
        try:
            path = write_record(record, self.record)
        except OSError as exc:
            print(f"kontor play: cannot write the record {self.record} ({exc.strerror or exc}).", file=sys.stderr)
            return 1
        self.say(f"Record: {path} (check it with: kontor verify {path})")
        return 0

    async def wake_bots(self, table: Table) -> bool:
        """The table awaits only bots (the last session stopped between two bot moves, or a bot move could not be
        saved): the service plays them on. False if they did not move."""
        if not any(table.seats[s].is_bot for s in table.awaited_seats):
            self.say(_("The game waits for nobody at this table; start over with --new."))
            return False
        self.say(_("The last session stopped in the middle of the bots' moves; they play on now."))
        mine = [u for u in await self.svc.wake_bots() if u.channel == self.channel]
        for update in mine:
            self.show_update(update, len(table.humans) > 1)
        return bool(mine)

    # ---- the loop ------------------------------------------------------------------------
    async def run(self) -> int:
        _CtrlC.pressed = False
        woken = False  # bots were woken and nobody human is awaited yet
        table = await self.svc.table(self.channel)
        hot_seat = len(table.humans) > 1
        image = await self.svc.board_image(self.channel)
        if image:
            self.save_board(image)
        while True:
            table = await self.svc.table(self.channel)
            if table.status != "active":
                self.show_final(table)
                await self.offer_review(table)
                if self.record is None:
                    return 0
                return self.write_record_file(await self.svc.record(table.game_id))
            if not table.awaited:  # only bots awaited: a session cut off between two bot moves
                if woken or not await self.wake_bots(table):
                    if woken:
                        self.say(_("The bots did not move on; start over with --new."))
                    return 1
                woken = True
                continue
            woken = False
            user = table.awaited[0]
            you = player_name(table, user)
            public = await self.svc.public_view(self.channel)
            private = await self.svc.private_view(self.channel, user)
            lines = self.state_lines(table, public, private, you)
            if hot_seat and (self.last_shown is None or self.last_shown[0] != you):
                # time to pass the keyboard
                self.say("\n" + _("— {name}'s turn — (what follows shows {name}'s secrets)").format(name=you))
            self.show_state(lines, you)
            order = await self.svc.my_order(self.channel, user)
            if order is not None:
                self.say(_("📌 Your standing order: {order} ('order cancel' cancels it)").format(order=order[1]))
            for guided in await explanation_lines(self.svc, self.channel, user):  # a guided table: once per kind
                self.say(guided)
            legal = await self.svc.legal(self.channel, user)
            for i, (action, label) in enumerate(legal, 1):  # labels may name seats too ("Send the offer to Seat 2")
                self.say(f"  {i:>2}) {label}  [{self.game.said(action)}]")  # what can be typed, in their words
            numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
            discard_typed_ahead(self.stdin)  # keys typed before this menu was shown do not answer it
            while True:
                line = self.ask(_("{name}, your choice ({numbers}, ? for help, q to quit): ").format(
                    name=you, numbers=numbers))
                if line is None or line.lower() in QUIT:
                    self.say("\n" + _("Saved. Run the same command again to resume."))
                    return 0
                if line.lower() in ("?", "help", "h"):
                    self.say(_(HELP) + " " + _(advice.HELP))
                    continue
                if line.lower() in ("hint", "review") and pick(line, legal) is None:  # docs/learning.md
                    await (advice.hint(self.svc, self.channel, user, self.say) if line.lower() == "hint" else
                           advice.review(self.svc, self.channel, user, self.say, self.board_path))
                    continue
                if line.lower() in ("board", "b"):  # the whole public board in words, as the image shows it
                    self.say(named_summary(self.game, public, table.names))
                    continue
                if line.lower() in ("hand", "screen"):  # the player's own screen in words, whole
                    self.say("\n".join(lines))
                    continue
                said = await guide_line(self.svc, self.game, self.channel, user, line)  # rules [topic], guide on|off
                if said is not None:
                    self.say("\n".join(said))
                    continue
                if line.lower() == "log":
                    for entry in await self.svc.log(self.channel, limit=20):
                        self.say(f"  · {entry}")
                    continue
                if not line:
                    continue
                if line.lower() == "undo":
                    update = await self.undo(user, table)
                    if update is None:
                        continue
                    self.show_update(update, hot_seat)
                    break
                if line.lower() in ("orders", "order") or line.lower().startswith("auto ") or (
                        line.lower().startswith("order ") and gives_standing_order(
                            line, legal, (await self.svc.orders(self.channel, user)).offers)):
                    update = await self.command(line, user, table)
                    if update is None:
                        continue
                    self.show_update(update, hot_seat)
                    break
                chosen = pick(self.game.typed(line), legal)  # the player's words or English
                if chosen is None and not (line.isascii() and line.isdecimal()):
                    chosen = " ".join(line.split())  # a typed action the menu lacks: the rules say why it is refused
                if chosen is None:
                    self.say(_("Please type a number from 1 to {n}, an action, ? for help or q to quit.").format(
                        n=len(legal)))
                    continue
                try:
                    update = await self.svc.act(self.channel, user, chosen, table.version)
                except TableError as err:
                    self.say(_("Refused: {reason}").format(reason=err))
                    if str(err) == _core("'{action}' is not a legal action now.").format(action=printable(chosen)):
                        self.say(_("Type a number from 1 to {n}, an action, ? for help or q to quit.").format(
                            n=len(legal)))
                    continue
                except Exception as err:  # a full disk, a damaged page: said plainly, and the move can be tried again
                    reason = storage_failure(err)
                    if reason is None:
                        raise
                    logging.getLogger("kontor").error("move failed", exc_info=err)
                    self.say(reason)
                    continue
                self.show_update(update, hot_seat)
                break
            if _CtrlC.pressed:
                self.say("\n" + _("Saved. Run the same command again to resume."))
                return 0


    async def offer_review(self, table: Table) -> None:
        """At the end of a finished game: the review of each player at the keyboard, if they ask for it."""
        if table.status != "finished" or not table.humans:
            return
        line = self.ask(_("Type 'review' to see what the strong bot would have done, or press Enter to go on: "))
        if line is not None and line.lower() == "review":
            for user in table.humans:
                await advice.review(self.svc, self.channel, user, self.say, self.board_path)

    async def undo(self, user: int, table: Table) -> Update | None:
        """Take back the latest move of the player at the keyboard (in a hot-seat game, of whichever player may: the
        one who just moved); the Update, or None after saying why not."""
        others = [s.user_id for s in table.seats if s.user_id is not None and s.user_id != user]
        for who in (user, *others):
            if await self.svc.can_undo(self.channel, who):
                return await self.svc.undo(self.channel, who)
        try:
            return await self.svc.undo(self.channel, user)  # refused: it says why
        except TableError as err:
            self.say(_("Refused: {reason}").format(reason=err))
            return None

    async def command(self, line: str, user: int, table: Table) -> Update | None:
        """The standing orders and the auto_forced setting; the Update when an order played at once, else None."""
        word, _sep, rest = line.strip().partition(" ")
        rest = rest.strip()
        try:
            if word.lower() == "auto":
                if rest.lower() not in ("on", "off"):
                    self.say(_("Type 'auto on' or 'auto off'."))
                    return None
                changed = await self.svc.update_settings(self.channel, table.creator, force=True,
                                                         auto_forced=rest.lower())
                self.say("\n".join(changed.public_events))
                if rest.lower() == "on":
                    self.say(_(AUTO_FORCED_HELP))
                return None
            info = await self.svc.orders(self.channel, user)
            if not rest:
                self.say(_("Your standing order: {order}.").format(order=info.current[1]) if info.current
                         else _("You have no standing order."))
                if not info.offers:
                    self.say(_("No standing order can be given at this point of the game."))
                for i, (_order, label) in enumerate(info.offers, 1):
                    # TRANSLATORS: 'order {n}' is what the player types: keep the word order in English
                    self.say(f"  o{i:>2}) {label}  " + _("(type: order {n})").format(n=i))
                return None
            if rest.lower() == "cancel":
                self.say(await self.svc.cancel_order(self.channel, user))
                return None
            chosen = rest
            if rest.isascii() and rest.isdigit():
                if not 1 <= int(rest) <= len(info.offers):
                    self.say(_("There is no order {n}: type 'orders' to list them.").format(n=rest))
                    return None
                chosen = info.offers[int(rest) - 1][0]
            text, played = await self.svc.set_order(self.channel, user, chosen)
        except TableError as err:  # the service names its Discord command; here one types 'orders'
            self.say(_("Refused: {reason}").format(reason=str(err).replace("`/game orders`", "'orders'")))
            return None
        self.say(text.replace("`/game orders cancel`", "'order cancel'"))
        return played


async def play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO,
               games: Mapping[str, Game] | None = None) -> int:
    """The whole session; ``games`` replaces the registry (tests use a test-only game). ``--lang``: the session
    speaks it, the table's channel lines are written in it and the players at the keyboard read it."""
    lang = getattr(args, "lang", None)
    with speaking(lang):
        return await _play(args, stdin, stdout, games, lang)


async def _play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, games: Mapping[str, Game] | None,
                lang: str | None) -> int:

    def say(text: str) -> None:
        print(text, file=stdout, flush=True)

    db = Path(args.db)
    try:
        svc, report = await health.open_service(str(db), render=True, games=games)
    except health.StartupError as exc:
        print(f"kontor play: {exc}", file=sys.stderr, flush=True)
        return health.EXIT_CODE
    try:
        if not report.ok:  # damaged games elsewhere in the file: say so; this one may still be fine
            for line in [*report.lines(), *([health.PLAY_ADVICE] if report.damaged else [])]:
                say(line)
        try:
            game = svc.game(args.game)
        except TableError as err:
            say(str(err))
            return 2
        channel = channel_for(game.name)
        try:
            seats = parse_seats(args.seats, getattr(args, "name", None) or default_name())
            levels = bot_levels(args.seats)
        except ValueError as err:  # an unknown bot level
            say(str(err))
            return 2
        # Resumed without --lang, the session speaks the table's own language (the one it was started in), not English.
        spoken = lang if lang is not None or args.new else await _table_language(svc, channel)
        with speaking(spoken):
            if not await open_table(svc, game, channel, seats, args.seed, args.new, say, levels, lang):
                return 2
            table = await svc.table(channel)
            if getattr(args, "guide", False) and table.humans:  # kontor learn: the guided game (bot/terminal/learn.py)
                say(await svc.set_guide(channel, table.humans[0], True))
            term = Terminal(svc, game, channel, board_file(db, game.name, table.game_id), stdin, stdout,
                            record=getattr(args, "record", None))
            return await term.run()
    finally:
        await svc.close()


async def _table_language(svc: TableService, channel: int) -> str | None:
    """The language of the game open in ``channel`` (its table setting), or None when none is open."""
    try:
        table = await svc.table(channel)
    except TableError:  # none, or damaged (open_table says so)
        return None
    return table.settings.get("language") if table.status == "active" else None


__all__ = ["add_arguments", "add_lang_argument", "play", "play_main"]
