"""The rules-version guard: a change to a game's rules that alters what a stored log replays to must come with a new
``Game.rules_version`` and the old engine frozen in ``rules/archive`` (docs/service.md, "Upgrades").

The stored logs are the games of ``tests/fixtures/releases/`` (made by each release's own code): every game there
must replay, under the engine of the version it was played under, to the state that release saved. Today's engine
serves today's version, so a rule change without a new version fails here for every stored game of that version.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from pathlib import Path

import rules
from rules.archive import RELEASES, Replay, UnknownVersion
from rules.core import Game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "releases"


def stale(games: Mapping[str, Game]) -> list[str]:
    """Every stored game that does not replay to its saved state under the engine of its rules version."""
    found = []
    for db in sorted(FIXTURES.glob("*/kontor.sqlite3")):
        release = next((r for r in RELEASES if r.name == db.parent.name), None)
        con = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
        try:
            columns = {str(c[1]) for c in con.execute("PRAGMA table_info(actions)")}
            for game_id, name, seed, options, snapshot in con.execute(
                    "SELECT id, game, seed, options, snapshot FROM games WHERE snapshot IS NOT NULL ORDER BY id"):
                game = games[name]
                players = con.execute("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,)).fetchone()[0]
                undone = "AND undone = 0" if "undone" in columns else ""
                dated = "rules_version" if "rules_version" in columns else "NULL"
                rows = con.execute(f"SELECT seat, action, {dated} FROM actions WHERE game_id = ? AND kind != 'note'"
                                   f" AND action IS NOT NULL AND seat IS NOT NULL {undone} ORDER BY id",
                                   (game_id,)).fetchall()
                # a release from before versions were recorded: the version the archive's index gives its games
                versions = [v if v is not None else release.versions[name] if release else -1 for _, _, v in rows]
                where = f"{db.parent.name} game {game_id} ({name}, rules version {versions[0]})"
                try:
                    replay = Replay(game, players, seed, json.loads(options), versions[0])
                    for (seat, action, _), version in zip(rows, versions, strict=True):
                        replay.apply(seat, action, version)
                except UnknownVersion as exc:
                    found.append(f"{where}: this build has no engine for {exc}")
                    continue
                except Exception as exc:
                    found.append(f"{where}: its log no longer replays ({type(exc).__name__}: {exc})")
                    continue
                if replay.state.dump() != snapshot:
                    found.append(f"{where}: its log replays to another state than it was played to")
        finally:
            con.close()
    return found


def test_every_stored_log_replays_under_its_rules_version() -> None:
    problems = stale(rules.GAMES)
    assert not problems, (
        "A change to the rules alters what stored logs replay to. Give the game a new Game.rules_version, freeze the "
        "engine of the old one (python -m rules.archive.freeze COMMIT RELEASE, and a Release in rules/archive), and "
        "make a fixture of the new one (tests/fixtures/releases/make.py):\n" + "\n".join(problems))


def _reseeded(base: Game, version: int) -> Game:
    """A game as if its set-up had changed (it deals from another seed), under rules version ``version``."""

    class Reseeded(type(base)):  # type: ignore[misc]
        rules_version = version

        def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> rules.State:
            return super().new_state(num_players, seed + 1, options)

    return Reseeded()


def test_the_guard_catches_a_rule_change_without_a_new_version() -> None:
    nuernberg = rules.GAMES["nuernberg"]
    version = nuernberg.rules_version
    changed = stale({**rules.GAMES, "nuernberg": _reseeded(nuernberg, version)})
    # the stored games of today's version (the fixture of the newest release) no longer replay to what was played
    assert len(changed) >= 3 and all(f"(nuernberg, rules version {version})" in p for p in changed), changed
    # a new version without the old engine frozen is caught too: the stored games of the old one have no engine
    bumped = stale({**rules.GAMES, "nuernberg": _reseeded(nuernberg, version + 1)})
    assert len(bumped) == len(changed), bumped
    assert all(f"no engine for nuernberg rules version {version}" in p for p in bumped), bumped
