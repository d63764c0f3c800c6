"""The text of a table at the terminal (and in ``kontor demo``): a menu pick, a player's secrets as lines, the
final scores as a table. Plain text, in the reader's language."""

from __future__ import annotations

from typing import Any

import rules
from bot.table import Table
from rules import words
from rules.core import Game, Outcome
from rules.words import seat as seat_name
from rules.words import translator

_, _n = translator("bot")


def pick(line: str, legal: list[tuple[str, str]]) -> str | None:
    """A menu number or an action's own text -> the action (None if neither)."""
    # ASCII only: isdecimal() alone takes any script's digits ('႙' would play item 9), isdigit() even '²'
    if line.isascii() and line.isdecimal() and len(line) <= 6:
        number = int(line)
        return legal[number - 1][0] if 1 <= number <= len(legal) else None
    text = " ".join(line.split())
    return next((action for action, _label in legal if action == text), None)


def player_name(table: Table, user: int) -> str:
    """The name of ``user``'s seat at ``table`` (their id if they hold none)."""
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
