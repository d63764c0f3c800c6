"""Every text of the slash-command tree, for the "commands" catalog domain (``python -m bot.tools.catalogs``).

The texts are read from the real tree the bot builds (``bot.discord.app.build_bot``), so a command added anywhere is
catalogued without a list to keep. Each text carries its gettext context: the name of discord.py's
``TranslationContextLocation`` it is translated at (``command_name``, ``parameter_description``, ``choice_name``…),
because the same English word can be a command's name (lowercase, no spaces, Discord's name rules) and a
description elsewhere. ``bot.discord.command_translator`` looks them up with the same contexts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where


def catalog_name(command: Any) -> str:
    """A command's name as the catalog keys it: its own ``catalog`` text when its English is shared (translator)."""
    locale = getattr(command, "_locale_name", None)
    if isinstance(locale, app_commands.locale_str):
        return str(locale.extras.get("catalog", command.name))
    return str(command.name)


def _command(command: Any) -> Iterator[tuple[str, str]]:
    if isinstance(command, app_commands.Group):
        yield Where.group_name.name, command.name
        yield Where.group_description.name, command.description
        for child in command.commands:
            yield from _command(child)
    elif isinstance(command, app_commands.Command):
        yield Where.command_name.name, catalog_name(command)
        yield Where.command_description.name, command.description
        for parameter in command.parameters:
            yield Where.parameter_name.name, parameter.display_name
            yield Where.parameter_description.name, parameter.description
            for choice in parameter.choices:
                yield Where.choice_name.name, choice.name
    elif isinstance(command, app_commands.ContextMenu):
        yield Where.command_name.name, command.name


def tree_messages(tree: app_commands.CommandTree[Any]) -> list[tuple[str, str]]:
    """(context, English text) of every name, description and choice of ``tree``'s global commands, each once."""
    seen: dict[tuple[str, str], None] = {}
    for command in tree.get_commands():
        for where, text in _command(command):
            if text:
                seen.setdefault((where, text), None)
    return list(seen)


def messages() -> Iterable[tuple[str, str]]:
    """The texts of the tree ``kontor run`` syncs: the same commands (``bot.discord.commands.tree``) on a bare bot
    that never
    connects (the handlers are not called; the tree only needs a bot to hang on)."""
    import discord
    from discord.ext import commands

    from bot.discord.commands.tree import add_commands

    bare = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    add_commands(bare)  # type: ignore[arg-type]
    return tree_messages(bare.tree)
