"""The terminal table: ``kontor play GAME --seats me,bot,bot [--db FILE]``.

A thin front end over the same ``TableService`` and SQLite file the Discord bot uses: numbered
legal actions with their labels, the player's secrets as text, a public summary after each change.
Every game has its own table in the file, so running the command again resumes it. Several human
names in ``--seats`` make a hot-seat game (everyone sees the screen: secrets are not hidden then).
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import logging
import signal
import sys
import zlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

import rules
from bot import health
from bot.dburl import sqlite_only
from bot.lang import LANGUAGES, PSEUDO, speaking
from bot.levels import normalise_level
from bot.service import AUTO_FORCED_HELP, DamagedGame, Table, TableError, TableService, Update, name_seats
from rules import words
from rules.core import Game, Outcome, printable
from rules.words import N_, translator
from rules.words import seat as seat_name

_, _n = translator("bot")
_core, _core_n = translator("core")  # the rules' own refusal, recognised in the reader's language

DEFAULT_DB = "kontor-play.sqlite3"
BOARD_FILE = "kontor-board.png"
LOG_FILE = "kontor-play.log"
SHORT = 8  # a summary this long or shorter is always shown whole
MAX_CHANGED = 3  # more changed lines than this: show the whole summary again
GUILD = 0
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


def default_name() -> str:
    """The name of the 'me' seat: the login name, capitalised (a seat's name starts every line it acts in)."""
    try:
        login = getpass.getuser()
    except (KeyError, OSError):  # no login name (e.g. an unnamed uid in a container)
        login = ""
    login = " ".join(login.split())[:32]
    return login[:1].upper() + login[1:] if login and login.lower() != "bot" else _("Player")


def channel_for(game: str) -> int:
    """Each game kind has its own table in the file (a stable number, like a Discord channel id)."""
    return zlib.crc32(game.encode())


def _bot_level(name: str) -> str | None:
    """'bot' -> 'basic', 'bot:strong' -> 'strong'; None for a player's name. ValueError for an unknown level."""
    word, _, level = name.partition(":")
    if word.strip().lower() != "bot":
        return None
    return normalise_level(level.strip() or None)


def parse_seats(text: str, me: str = "Player") -> list[str | None]:
    """'me,bot,Anna' -> [me, None, 'Anna'] (None = a bot seat, at the level ``bot_levels`` reads)."""
    seats: list[str | None] = []
    for raw in text.split(","):
        name = " ".join(raw.split())
        if not name:
            continue
        seats.append(None if _bot_level(name) else (me if name.lower() == "me" else name))
    return seats


def bot_levels(text: str) -> list[str]:
    """The level of each bot seat of ``--seats``, in order: 'me,bot:strong,bot' -> ['strong', 'basic']."""
    return [level for raw in text.split(",") if (level := _bot_level(" ".join(raw.split())))]


class Terminal:
    """One terminal session: reads commands, drives the service, prints what happened."""

    def __init__(self, svc: TableService, game: Game, channel: int, board_path: Path, stdin: TextIO,
                 stdout: TextIO) -> None:
        self.svc, self.game, self.channel = svc, game, channel
        self.board_path = board_path
        self.stdin, self.stdout = stdin, stdout
        self.told_board = False
        self.last_shown: tuple[str | None, list[str]] | None = None  # whom the last summary was for, and it

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
        for line in update.public_events:
            self.say(f"  · {line}")
        if update.notice:
            self.say(f"  ! {update.notice}")
        for user, private in update.private.items():
            who = _name_of(update.table, user)
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
        shown = self.game.summary(public)
        if private is not None and you is not None:
            own = self.game.summary(private)
            if own != shown:  # the game's summary shows the player's secrets itself
                return name_seats(own, table.names).splitlines()
        lines = name_seats(shown, table.names).splitlines()
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
        if table.seed is not None:
            self.say(_("Seed {seed} (published digest {digest}).").format(seed=table.seed, digest=table.seed_digest))

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
                return 0
            if not table.awaited:  # only bots awaited: a session cut off between two bot moves
                if woken or not await self.wake_bots(table):
                    if woken:
                        self.say(_("The bots did not move on; start over with --new."))
                    return 1
                woken = True
                continue
            woken = False
            user = table.awaited[0]
            you = _name_of(table, user)
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
            legal = await self.svc.legal(self.channel, user)
            for i, (action, label) in enumerate(legal, 1):  # labels may name seats too ("Send the offer to Seat 2")
                self.say(f"  {i:>2}) {label}  [{action}]")
            numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
            while True:
                line = self.ask(_("{name}, your choice ({numbers}, ? for help, q to quit): ").format(
                    name=you, numbers=numbers))
                if line is None or line.lower() in QUIT:
                    self.say("\n" + _("Saved. Run the same command again to resume."))
                    return 0
                if line.lower() in ("?", "help", "h"):
                    self.say(_(HELP))
                    continue
                if line.lower() in ("board", "b"):  # the whole public board in words, as the image shows it
                    self.say(name_seats(self.game.summary(public), table.names))
                    continue
                if line.lower() in ("hand", "screen"):  # the player's own screen in words, whole
                    self.say("\n".join(lines))
                    continue
                if line.lower() == "rules":
                    self.say(_(self.game.rules_summary) if self.game.rules_summary
                             else _("No rules summary for {game}.").format(game=_(self.game.title)))
                    if self.game.reconstructed:  # as /game rules shows them: the game's words, translated
                        self.say(_("Reconstructed component data:"))
                        for made in self.game.reconstructed:
                            self.say(f"  • {_(made)}")
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
                if line.lower() in ("orders", "order") or line.lower().startswith(("order ", "auto ")):
                    update = await self.command(line, user, table)
                    if update is None:
                        continue
                    self.show_update(update, hot_seat)
                    break
                chosen = pick(line, legal)
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
                self.show_update(update, hot_seat)
                break
            if _CtrlC.pressed:
                self.say("\n" + _("Saved. Run the same command again to resume."))
                return 0


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
        except TableError as err:
            self.say(_("Refused: {reason}").format(reason=err))
            return None
        self.say(text.replace("`/game orders cancel`", "'order cancel'"))
        return played


def pick(line: str, legal: list[tuple[str, str]]) -> str | None:
    """A menu number or an action's own text -> the action (None if neither)."""
    # ASCII only: isdecimal() alone takes any script's digits ('႙' would play item 9), isdigit() even '²'
    if line.isascii() and line.isdecimal() and len(line) <= 6:
        number = int(line)
        return legal[number - 1][0] if 1 <= number <= len(legal) else None
    text = " ".join(line.split())
    return next((action for action, _label in legal if action == text), None)


def _name_of(table: Table, user: int) -> str:
    seat = table.seat_of(user)
    return table.seats[seat].name if seat is not None else str(user)


def _flat(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_flat(v)}" for k, v in value.items()) or _("none")
    if isinstance(value, list):
        return ", ".join(_flat(v) for v in value) or _("none")
    if value is None:
        return "—"
    return str(value)


_OWN_BLOCKS = {"private", "me", "you", "mine", "own"}  # keys games use for "the viewer's own things"


def secret_lines(view: Any, public: Any, path: str = "", viewer: int | None = None) -> list[str]:
    """Readable lines for what this viewer sees that a spectator does not (e.g. ``hand: 3, 7, 12``).

    The viewer's own block (``private``/``me``, or its own entry in a per-seat list) reads without a prefix;
    empty choices (None) and the viewer's own seat number are left out; other seats read "Seat N".
    """
    if not path and isinstance(view, dict) and isinstance(view.get("viewer"), int):
        viewer = view["viewer"]
    nested = isinstance(view, dict) and any(isinstance(v, dict | list) for v in view.values())
    # a flat dict reads best on one line, unless it is the viewer's own block
    if isinstance(view, dict) and view and (not path or nested or path in _OWN_BLOCKS):
        theirs = public if isinstance(public, dict) else {}
        lines: list[str] = []
        for key, value in view.items():
            if key in ("viewer", "seat") or value is None or theirs.get(key, object()) == value:
                continue
            label = str(key) if not path or path in _OWN_BLOCKS else f"{path} › {key}"
            lines += secret_lines(value, theirs.get(key), label, viewer)
        return lines
    if (isinstance(view, list) and isinstance(public, list) and len(view) == len(public)
            and any(isinstance(v, dict) for v in view)):
        lines = []
        for i, (mine, theirs) in enumerate(zip(view, public, strict=True)):
            if mine == theirs:
                continue
            seat = mine.get("seat") if isinstance(mine, dict) else None
            if seat is not None and seat == viewer:
                label = "own"  # the viewer's own entry: its keys stand alone
            elif seat is not None:
                label = f"{path} › {seat_name(seat)}"
            else:
                label = f"{path} › #{i + 1}"
            lines += secret_lines(mine, theirs, label, viewer)
        return lines
    return [f"{path.replace('_', ' ')}: {_flat(view)}"]


def score_table(table: Table, outcome: Outcome) -> str:
    """The final scores, best first, with the per-seat breakdown as columns; when scores tie, the tie-break too."""
    keys: list[str] = []
    for part in outcome.breakdown:
        keys += [k for k in part if k not in keys]
    game = rules.GAMES.get(table.game)
    labels = game.score_labels if game is not None else {}
    columns = (game.score_columns or tuple(labels)) if game is not None else ()
    keys.sort(key=lambda k: columns.index(k) if k in columns else len(columns))  # the final image's order
    names = table.names
    player, score = _("Player"), _("Score")
    width = max([len(n) for n in names] + [6, len(player)])
    tied = len(set(outcome.scores)) < len(outcome.scores) and len(outcome.tiebreak) == len(names)
    label = _(rules.GAMES[table.game].tiebreak_label if table.game in rules.GAMES else Game.tiebreak_label)
    heads = {k: _(labels[k]) if k in labels else k for k in keys}  # the game's N_()-marked names of its categories
    sw = max(5, len(score))
    header = f"{'#':>2}  {player:<{width}}  {score:>{sw}}" + "".join(
        f"  {heads[k]:>{max(len(heads[k]), 4)}}" for k in keys)
    header += f"  {label:>{max(len(label), 4)}}" if tied else ""
    rows = [header, "-" * len(header)]
    for seat in sorted(range(len(names)), key=lambda s: (outcome.ranks[s], s)):
        parts = outcome.breakdown[seat] if seat < len(outcome.breakdown) else {}
        rows.append(f"{outcome.ranks[seat]:>2}  {names[seat]:<{width}}  {outcome.scores[seat]:>{sw}}"
                    + "".join(f"  {parts.get(k, 0):>{max(len(heads[k]), 4)}}" for k in keys)
                    + (f"  {outcome.tiebreak[seat]:>{max(len(label), 4)}}" if tied else ""))
    if tied:
        # German capitalises nouns: the others read the column's name in lower case inside the sentence
        named = label if words.language() == "de" else label.lower()
        rows.append(_("Tied scores are ranked by {label} (the last column).").format(label=named))
    return "\n".join(rows)


def seats_problem(game: Game, seats: list[str | None], seed: int | None) -> str | None:
    """Why these seats (and seed) make no new game, or None."""
    humans = [name for name in seats if name is not None]
    if not game.min_players <= len(seats) <= game.max_players:
        return _("{game} is for {low}–{high} players; --seats lists {n}.").format(
            game=_(game.title), low=game.min_players, high=game.max_players, n=len(seats))
    if len({name.casefold() for name in humans}) != len(humans):
        return _("Give each human seat a different name.")
    if seed is not None and not 0 <= seed < 2**63:
        return _("The seed must be a number from 0 to 2^63 - 1.")
    return None


async def open_table(svc: TableService, game: Game, channel: int, seats: list[str | None], seed: int | None,
                     fresh: bool, say: Callable[[str], None], levels: list[str] | None = None,
                     lang: str | None = None) -> bool:
    """Resume the open table of this game, or seat a new one. False if the seats make no game. ``levels``: each bot
    seat's level, in order (default basic); with no human seat the first bot takes the host's seat at basic.
    ``lang``: the table's language (its public lines, a new table's and a resumed one's), None: as it is."""
    damaged = False
    try:
        table = await svc.table(channel)
    except DamagedGame:
        if not fresh:
            say(_("Your saved {game} game is damaged and cannot be resumed. Run the same command with --new "
                  "to abandon it and start a new one.").format(game=_(game.title)))
            return False
        table, damaged = None, True
    except TableError:
        table = None
    if table is not None and table.status == "active" and not fresh:
        said: list[str] = []
        if lang is not None:  # --lang: the channel's language, and each player's own lines, from now on
            for user in table.humans:
                await svc.remember_language(user, lang)
            if table.settings.get("language", "en") != lang:
                said = (await svc.update_settings(channel, table.creator, force=True, language=lang)).public_events
        say(_("Resuming {game} ({names}). Use --new to start over.").format(game=_(game.title),
                                                                          names=", ".join(table.names)))
        for line in said:
            say(f"  · {line}")
        return True
    problem = seats_problem(game, seats, seed)
    if problem:  # checked before --new abandons anything
        say(problem)
        return False
    if damaged:
        await svc.abandon(channel, 1, force=True)  # any user may force it here; it needs none of the damaged data
        say(_("The damaged game was abandoned; starting a new one."))
    if table is not None and table.status in ("lobby", "active"):
        await svc.abandon(channel, table.creator, force=True)  # --new, or a start interrupted half-way
        if table.status == "active":
            say(_("The unfinished game was abandoned; starting a new one."))
    humans = [name for name in seats if name is not None]
    if not humans:
        say(_("No human seat: the bots play the whole game."))
    users = {name: i + 1 for i, name in enumerate(humans)}
    for user in users.values():  # each player's own lines (their private news) in the table's language
        await svc.remember_language(user, lang or "en")
    host = users[humans[0]] if humans else 1
    try:
        await svc.create(channel, GUILD, game.name, host, humans[0] if humans else "Host",
                         settings={"pace": "untimed", "language": lang or "en"})
        for name in humans[1:]:
            await svc.join(channel, users[name], name)
        wanted = list(levels or [])[0 if humans else 1:]  # with no human, the first bot takes the host's seat
        for i in range(len(seats) - max(len(humans), 1)):
            await svc.add_bot(channel, host, wanted[i] if i < len(wanted) else None)
        if not humans:  # the host only opened the table: a bot takes its seat
            await svc.replace(channel, 0, None, None, by_user=host)
        update = await svc.start(channel, host, seed=seed)
    except TableError as err:  # e.g. a name the table refuses
        say(_("Could not start the game: {reason}").format(reason=err))
        return False
    say(_("A new game of {game}. Seats: {names}.").format(game=_(game.title), names=", ".join(update.table.names)))
    for line in update.public_events:
        say(f"  · {line}")
    return True


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
        if not await open_table(svc, game, channel, seats, args.seed, args.new, say, levels, lang):
            return 2

        term = Terminal(svc, game, channel, db.with_name(BOARD_FILE), stdin, stdout)
        return await term.run()
    finally:
        await svc.close()


__all__ = ["add_arguments", "bot_levels", "channel_for", "default_name", "parse_seats", "pick", "play", "play_main",
           "score_table", "secret_lines"]
