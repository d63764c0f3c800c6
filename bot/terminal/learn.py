"""``kontor learn GAME``: the guided first game at the terminal (docs/learning.md), and the guide's words at the
terminal table: ``guide off``/``guide on`` and ``rules [topic]``. A guided game is ``kontor play GAME`` against
basic bots with the table's guide on: before each new kind of decision the explanation comes before the menu."""

from __future__ import annotations

import argparse
from typing import Any

from bot.table import TableError, TableService, topic_of
from rules.core import Game
from rules.words import translator

_, _n = translator("bot")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from bot.terminal.table import add_arguments as play_arguments

    play_arguments(parser)
    parser.set_defaults(guide=True)


def learn_main(args: argparse.Namespace) -> int:
    from bot.terminal.table import play_main

    args.guide = True
    return play_main(args)


def rules_lines(game: Game, topic: str | None) -> list[str]:
    """``rules``: the summary and the topics (or the reconstructed data); ``rules TOPIC``: that topic's text."""
    chosen = topic_of(game, topic) if topic else None
    if chosen is not None:
        return [f"— {_(chosen.title)} —", _(chosen.text)]
    lines = [game.rules_text() if game.rules_summary else _("No rules summary for {game}.").format(
        game=_(game.title))]
    if game.reconstructed:  # as /game rules shows them: the game's words, translated
        lines.append(_("Reconstructed component data:"))
        lines += [f"  • {_(made)}" for made in game.reconstructed]
    if game.guide_book is not None:  # each topic as a menu line: its title, then what to type (bracketed: English)
        lines.append(_("The rules by topic (type what is in brackets):"))
        lines += [f"  • {_(t.title)}  [rules {t.key}]" for t in game.guide_book.topics()]
    return lines


async def guide_line(svc: TableService, game: Game, channel: int, user: int, line: str) -> list[str] | None:
    """The answer to a guide or rules command typed at the table, or None when ``line`` is neither."""
    word, _sep, rest = line.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    try:
        if word == "rules":
            return rules_lines(game, rest or None)
        if word == "guide":
            if rest.lower() not in ("on", "off"):
                return [_("Type 'guide on' or 'guide off'.")]
            said = await svc.set_guide(channel, user, rest.lower() == "on")
            return [said if rest.lower() == "on" else said + " " + _("'guide on' turns it on again.")]
    except TableError as err:
        return [_("Refused: {reason}").format(reason=err)]
    return None


async def explanation_lines(svc: TableService, channel: int, user: int) -> list[str]:
    """The guide's explanation of the decision ``user`` meets now, the first time, above the menu."""
    said: Any = await svc.explain(channel, user)
    if said is None:
        return []
    return ["", "📖 " + said, "   " + _("(The guide explains each kind of decision once; 'guide off' turns it off.)")]


__all__ = ["add_arguments", "explanation_lines", "guide_line", "learn_main", "rules_lines"]
