"""``kontor demo GAME [--players N] [--seed S] [--out DIR] [--record FILE]``: a full bot game through the table service.

Prints the log and the final score table (with each seat's breakdown) and, when board images are
available, writes one image per round (view key ``round``; else every ``--every`` actions) plus the
final board into the out folder. The game is replayed from its seed and log for the images, which
also shows that the stored log reproduces the game. ``--record FILE`` writes the finished game's record
(``kontor verify FILE`` checks it). Exit status 0; 1 when the game or a file could not be finished; 2 for
arguments that make no demo (said before anything is played or written).
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from bot.lang import speaking
from bot.table import TableError, TableService, record_target_problem, sqlite_only, write_record
from bot.terminal.table import add_lang_argument
from bot.terminal.text import score_table
from rules.core import Game, State
from rules.words import translator

_, _n = translator("bot")

CHANNEL = 1
HOST = 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game, e.g. speicherstadt")
    parser.add_argument("--players", type=int, default=None, help="number of bot seats (default: the most allowed)")
    parser.add_argument("--seed", type=int, default=None, help="the game's seed (default: a random one, printed)")
    parser.add_argument("--out", default="kontor-out", help="folder for the board images (default kontor-out/)")
    parser.add_argument("--db", default=None, help="keep the table in this SQLite file (default: a temporary one)")
    parser.add_argument("--every", type=int, default=25,
                        help="image every N actions for games without rounds (default 25)")
    parser.add_argument("--quiet", action="store_true", help="print only the result, not the whole log")
    parser.add_argument("--record", default=None, metavar="FILE",
                        help="write the finished game's record (as /game record gives it) to FILE, for kontor verify")
    add_lang_argument(parser, "of the log, the score table and the board images")


def demo_main(args: argparse.Namespace) -> int:
    if (refusal := sqlite_only("demo", args.db)) is not None:
        print(refusal, file=sys.stderr)
        return 2
    if args.db is not None and not Path(args.db).resolve().parent.is_dir():
        with speaking(getattr(args, "lang", None)):
            print(_("There is no folder {folder} for the table file {file}.").format(
                folder=Path(args.db).resolve().parent, file=args.db), file=sys.stderr)
        return 2
    if (problem := record_target_problem(args.record) if args.record else None) is not None:
        print(f"kontor demo: {problem}", file=sys.stderr)
        return 2
    try:  # the images' folder, before the game is played: a folder that cannot be made stops it here, not at the end
        Path(args.out).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"kontor demo: cannot make the folder {args.out} for the board images ({exc.strerror or exc}); "
              "choose another with --out.", file=sys.stderr)
        return 2
    return asyncio.run(demo(args, sys.stdout))


def board_renderer() -> Callable[..., bytes] | None:
    try:
        import render
    except ImportError:
        return None
    return getattr(render, "board", None)


async def demo(args: argparse.Namespace, out: TextIO, games: Mapping[str, Game] | None = None) -> int:
    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    with speaking(getattr(args, "lang", None)):  # every line, the table's log and the images (drawn in threads
        # that copy this context) in the language asked for
        if args.db is not None:
            return await _demo(args, Path(args.db), say, games)
        with tempfile.TemporaryDirectory(prefix="kontor-demo-") as tmp:
            return await _demo(args, Path(tmp) / "demo.sqlite3", say, games)


async def _demo(args: argparse.Namespace, db: Path, say: Callable[..., None],
                games: Mapping[str, Game] | None) -> int:
    svc = await TableService.open(str(db), games=games)
    try:
        try:
            game = svc.game(args.game)
        except TableError as err:
            say(str(err))
            return 2
        players = game.max_players if args.players is None else args.players
        if not game.min_players <= players <= game.max_players:
            say(_("{game} is for {low}–{high} players.").format(game=_(game.title), low=game.min_players,
                                                                high=game.max_players))
            return 2
        if args.seed is not None and not 0 <= args.seed < 2**63:
            say(_("The seed must be a number from 0 to 2^63 - 1."))
            return 2
        seed = secrets.randbelow(10**9) if args.seed is None else args.seed
        say(_n("{game}, {n} bot, seed {seed} (replay with --seed {seed}).",
               "{game}, {n} bots, seed {seed} (replay with --seed {seed}).", players).format(
                   game=_(game.title), n=players, seed=seed))

        await svc.create(CHANNEL, None, game.name, HOST, "Host",
                         settings={"pace": "untimed", "language": getattr(args, "lang", None) or "en"})
        for _seat in range(players - 1):
            await svc.add_bot(CHANNEL, HOST)
        await svc.replace(CHANNEL, 0, None, None, by_user=HOST)  # the host's seat goes to a bot too
        lobby_version = (await svc.table(CHANNEL)).version
        update = await svc.start(CHANNEL, HOST, seed=seed)  # the bots play the whole game here
        table = update.table
        if table.status != "finished" or table.outcome is None:
            say(_("The bots did not finish the game."))
            return 1

        log = [entry for entry in await svc.store.log(table.game_id) if entry.version > lobby_version]
        lines = [text for entry in log for text in entry.events]  # from the start on (no lobby chatter)
        if not args.quiet:
            say()
            for line in lines:
                say(f"  {line}")
        moves = sum(1 for entry in log if entry.kind != "note")
        say()
        say(_n("Finished after {n} action.", "Finished after {n} actions.", moves).format(n=moves))
        say(score_table(table, table.outcome))
        say(_("Seed {seed}, digest {digest}.").format(seed=table.seed, digest=table.seed_digest))
        if getattr(args, "record", None):
            try:
                path = write_record(await svc.record(table.game_id), args.record)
            except OSError as exc:
                print(f"kontor demo: cannot write the record {args.record} ({exc.strerror or exc}).", file=sys.stderr)
                return 1
            say(f"Record: {path} (check it with: kontor verify {path})")

        try:
            written = await write_images(svc, table.game_id, game, table.names, Path(args.out), args.every)
        except OSError as exc:  # e.g. the disk filled up: the images so far stay, the rest are not drawn
            print(f"kontor demo: cannot write the board images into {args.out} ({exc.strerror or exc}).",
                  file=sys.stderr)
            return 1
        if written:
            say(_n("Wrote {n} board image to {folder}/ (last: {file}).",
                   "Wrote {n} board images to {folder}/ (last: {file}).", len(written)).format(
                       n=len(written), folder=Path(args.out), file=written[-1].name))
        else:
            say(_("No board images (rendering is not available for this game)."))
        return 0
    finally:
        await svc.close()


async def write_images(svc: TableService, game_id: int, game: Game, names: list[str], folder: Path,
                       every: int) -> list[Path]:
    """Replay the game and write the board at the end of each round (or every ``every`` actions) and at the end."""
    board = board_renderer()
    if board is None:
        return []
    shots: list[tuple[str, dict[str, Any], dict[str, Any] | None]] = []
    previous: dict[str, Any] = {}
    count = 0

    def on_step(state: State[Any], seat: int, action: str) -> None:
        nonlocal previous, count
        view = state.view(None)
        count += 1
        if "round" in view:
            if previous and view["round"] != previous["view"]["round"]:
                shots.append((f"round-{int(previous['view']['round']):02d}", previous["view"], previous["last"]))
        elif count % max(1, every) == 0:
            shots.append((f"action-{count:04d}", view, {"seat": seat, "action": action}))
        previous = {"view": view, "last": {"seat": seat, "action": action}}

    final = await svc.replay(game_id, on_step)
    if final is None:
        return []
    shots.append(("final", final.view(None), previous.get("last")))
    written: list[Path] = []
    for stem, view, last in shots:
        try:
            png = await asyncio.to_thread(board, game.name, view, last=last, names=names)
        except Exception as err:  # no renderer for this game (yet), or one view it cannot draw: say so, go on
            if isinstance(err, ImportError | ValueError) and not written:
                return written  # no renderer for this game: the caller says so once; do not try every round
            print(_("(no board image {name}: {error})").format(name=stem, error=f"{type(err).__name__}: {err}"),
                  file=sys.stderr)
            continue
        written.append(await asyncio.to_thread(_save, folder / f"{game.name}-{stem}.png", png))
    return written


def _save(path: Path, png: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png)
    return path
