"""``kontor verify FILE``: check a game's record (``/game record``) without trusting the bot that made it.

The record holds the seed, the SHA-256 of the seed published at the start, the options, the seats and every
logged action. The check: the seed hashes to the published digest; every action replays legally from that seed
through the rules (``Game.new_state`` + ``State.apply``, exactly as the table played them); the replay reaches the
recorded outcome and the recorded final state. Each action is replayed under the rules version the record names for
it (``rules.archive`` keeps the engines of earlier versions); a record made before records named one is replayed
under the version that reaches its final state. Exit status 0 when all hold, 1 when one does not (a tampered seed,
action or outcome), 2 when the file cannot be read as a record, names a game or rules version this build does not
have, or names no version and replays under none of this build's.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rules.archive import Replay, versions
from rules.core import Game, IllegalAction, State, seed_digest

FORMAT = "kontor-record"  # bot.table.records.RECORD_FORMAT (not imported: verifying needs no service)
VALID, INVALID, UNREADABLE = 0, 1, 2


class Unreadable(Exception):
    """The input is not a record this build can check."""


@dataclass
class Verdict:
    """What the check found: ``passed`` lines, and ``problems`` (none: the record is valid)."""

    title: str
    passed: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        out = [self.title]
        out += [f"  ok    {line}" for line in self.passed]
        out += [f"  FAIL  {line}" for line in self.problems]
        out.append("VALID: the record replays from its seed to its outcome." if self.ok
                   else f"INVALID: {len(self.problems)} check(s) failed.")
        return out


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise Unreadable(f"not a Kontor game record: {what}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_shape(data: Any) -> None:
    _need(isinstance(data, dict), "expected a JSON object")
    _need(data.get("format") == FORMAT, f'"format" is not "{FORMAT}"')
    _need(isinstance(data.get("game"), str), '"game" is missing')
    _need(_is_int(data.get("seed")) and 0 <= data["seed"] < 2**63, '"seed" is not a number from 0 to 2^63 - 1')
    _need(isinstance(data.get("seed_digest"), str), '"seed_digest" is missing')
    options = data.get("options", {})
    _need(isinstance(options, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()),
          '"options" are not name/value texts')
    seats = data.get("seats")
    _need(isinstance(seats, list) and all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats),
          '"seats" is not a list of seats with names')
    _need(data.get("outcome") is None or isinstance(data["outcome"], dict), '"outcome" is not an object')
    log = data.get("log")
    _need(isinstance(log, list), '"log" is not a list')
    for i, entry in enumerate(log):
        _need(isinstance(entry, dict) and isinstance(entry.get("kind"), str), f"log entry {i + 1} has no kind")
        _need(entry.get("action") is None or isinstance(entry["action"], str), f"log entry {i + 1}: bad action")
        _need(entry.get("seat") is None or _is_int(entry["seat"]), f"log entry {i + 1}: bad seat")
        _need(entry.get("rules_version") is None or _is_int(entry["rules_version"]),
              f"log entry {i + 1}: bad rules version")


def _moves(log: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """The entries the table applied to the game, as the service's replay takes them (notes carry only lines; an entry
    marked ``undone`` was taken back by an undo)."""
    return [(i, e) for i, e in enumerate(log)
            if e["kind"] != "note" and e.get("action") is not None and e.get("seat") is not None
            and not e.get("undone")]


def verify_record(data: Any, games: Mapping[str, Game] | None = None) -> Verdict:
    """Check a parsed record; ``Unreadable`` when it is not one (``games``: the registry, default ``rules.GAMES``)."""
    _check_shape(data)
    if games is None:
        import rules

        games = rules.GAMES
    game = games.get(data["game"])
    if game is None:
        raise Unreadable(f"this build has no game {data['game']!r} (it has {', '.join(games)})")
    seats, moves = data["seats"], _moves(data["log"])
    verdict = Verdict(f"Record of {game.title}, game #{data.get('game_id', '?')}: {len(seats)} seats, "
                      f"{len(moves)} actions, status {data.get('status', '?')}.")
    seed, digest = data["seed"], data["seed_digest"]
    if seed_digest(seed) == digest.strip().lower():
        verdict.passed.append(f"the seed {seed} hashes to the digest published at the start ({digest[:16]}…)")
    else:
        verdict.problems.append(f"the seed {seed} does not hash to the digest published at the start "
                                f"({digest[:16]}…): its SHA-256 is {seed_digest(seed)[:16]}…")
    if any(e.get("rules_version") is not None for _, e in moves):
        named = sorted({e["rules_version"] for _, e in moves if e.get("rules_version") is not None})
        missing = [v for v in named if v not in versions(game.name, game.rules_version)]
        if missing:
            raise Unreadable(f"it was played under rules version {missing[0]} of {game.title}, which this build "
                             f"cannot replay (it has versions {_listed(game)}): check it with the Kontor release "
                             "that made it, or a newer one")
        state = _replay(game, data, moves, verdict, lambda e: e.get("rules_version", game.rules_version))
        verdict.passed.insert(0, f"played under rules version {', '.join(map(str, named))} of {game.title}")
    else:
        state = _replay_unnamed(game, data, moves, verdict)
    if state is not None:
        _check_end(state, data, verdict)
    return verdict


def _listed(game: Game) -> str:
    return ", ".join(map(str, versions(game.name, game.rules_version)))


def _fixed(version: int, _entry: dict[str, Any]) -> int:
    return version


def _replay_unnamed(game: Game, data: dict[str, Any], moves: list[tuple[int, dict[str, Any]]],
                    verdict: Verdict) -> State[Any] | None:
    """A record made before records named their rules version: the version it replays under, legally and to its
    final state, newest first. A record none of them replays is not called invalid: either it was changed, or it
    comes from a build whose rules this one does not have, and the two cannot be told apart."""
    final = data.get("final_state_sha256")
    for version in versions(game.name, game.rules_version):
        trial = Verdict(verdict.title)
        state = _replay(game, data, moves, trial, functools.partial(_fixed, version))
        if state is None or (isinstance(final, str) and hashlib.sha256(state.dump().encode()).hexdigest() != final):
            continue
        verdict.passed += [f"made before records named their rules: it replays under version {version} of "
                           f"{game.title}", *trial.passed]
        return state
    raise Unreadable(f"it names no rules version, and it replays to its final state under none of the versions of "
                     f"{game.title} this build has ({_listed(game)}): it was changed after it was made, or it comes "
                     "from a build whose rules this one cannot replay, and the two cannot be told apart")


def _replay(game: Game, data: dict[str, Any], moves: list[tuple[int, dict[str, Any]]], verdict: Verdict,
            version_of: Callable[[dict[str, Any]], int]) -> State[Any] | None:
    try:
        first = version_of(moves[0][1]) if moves else game.rules_version
        replay = Replay(game, len(data["seats"]), data["seed"], data.get("options") or {}, first)
    except Exception as exc:
        why = exc.message if isinstance(exc, IllegalAction) else type(exc).__name__
        verdict.problems.append(f"the game cannot be set up with these seats and options ({why})")
        return None
    for i, entry in moves:
        try:
            replay.apply(entry["seat"], entry["action"], version_of(entry))
        except Exception as exc:  # IllegalAction, or anything a tampered entry provokes: never a traceback
            why = getattr(exc, "message", None) or type(exc).__name__  # an archived engine's IllegalAction too
            verdict.problems.append(f"log entry {i + 1} (move {entry.get('version', '?')}): seat {entry['seat'] + 1}"
                                    f" may not play {entry['action']!r} there ({why})")
            return None
    verdict.passed.append(f"all {len(moves)} actions replay legally from the seed")
    return replay.state


def _check_end(state: State[Any], data: dict[str, Any], verdict: Verdict) -> None:
    recorded = data.get("outcome")
    if recorded is None:
        if state.is_over():
            verdict.problems.append("the replay ends the game, but the record has no outcome")
        else:
            verdict.passed.append("the replay stops where the record ends, without an outcome (abandoned)")
    elif not state.is_over():
        verdict.problems.append("the record has an outcome, but the replay does not end the game")
    else:
        replayed = json.loads(json.dumps(state.outcome().to_dict()))
        if replayed == recorded:
            verdict.passed.append(f"the replay reaches the recorded outcome (scores {replayed.get('scores')})")
        else:
            verdict.problems += [f"the outcome's {where}: the record says {mine}, the replay gives {theirs}"
                                 for where, mine, theirs in _differences(recorded, replayed)]
    final = data.get("final_state_sha256")
    if isinstance(final, str):
        if hashlib.sha256(state.dump().encode()).hexdigest() == final:
            verdict.passed.append("the replay reaches the recorded final state")
        else:
            verdict.problems.append("the replay does not reach the recorded final state")


def _differences(recorded: Any, replayed: Any, where: str = "") -> list[tuple[str, str, str]]:
    """Each value that differs between two JSON values, by its path (``scores, seat 2``), at most ten."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        out = []
        for key in [*replayed, *(k for k in recorded if k not in replayed)]:
            out += _differences(recorded.get(key), replayed.get(key), f"{where}, {key}" if where else str(key))
        return out[:10]
    if isinstance(recorded, list) and isinstance(replayed, list) and len(recorded) == len(replayed):
        out = []
        for i, (a, b) in enumerate(zip(recorded, replayed, strict=True)):
            label = f"seat {i + 1}" if where in ("scores", "ranks") else f"item {i + 1}"
            out += _differences(a, b, f"{where}, {label}")
        return out[:10]
    if recorded == replayed:
        return []
    return [(where or "value", json.dumps(recorded), json.dumps(replayed))]


def verify_file(path: str, out: TextIO, err: TextIO | None = None, games: Mapping[str, Game] | None = None) -> int:
    """Read, check and report the verdict on ``out`` (why a file is unreadable on ``err``); the exit status (0 valid,
    1 invalid, 2 unreadable)."""
    err = err or out
    try:
        data = json.loads(Path(path).read_bytes())
    except OSError as exc:
        print(f"kontor verify: cannot read {path}: {exc.strerror or exc}", file=err)
        return UNREADABLE
    except ValueError as exc:  # not JSON, or not UTF-8
        print(f"kontor verify: {path} is not JSON ({exc})", file=err)
        return UNREADABLE
    except RecursionError:  # JSON nested deeper than Python's parser goes: no record is
        print(f"kontor verify: {path} is not a Kontor game record: its JSON is nested too deeply", file=err)
        return UNREADABLE
    try:
        verdict = verify_record(data, games)
    except Unreadable as exc:
        print(f"kontor verify: {path}: {exc}", file=err)
        return UNREADABLE
    print("\n".join(verdict.lines()), file=out)
    return VALID if verdict.ok else INVALID


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a game record (the JSON file /game record attaches)")


def verify_main(args: argparse.Namespace) -> int:
    return verify_file(args.file, sys.stdout, sys.stderr)
