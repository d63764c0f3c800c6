"""One slash command per game, built generically from its spec (bot/commands/specs/):
``/speicherstadt place column:3`` plays ``"place 3"``. The argument is autocompleted from the
player's legal actions that start with that word; the table validates everything.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.commands.specs import GameSpec, Verb, load_specs
from bot.ui.text import clip

MAX_CHOICES = 25


async def word_choices(
    interaction: discord.Interaction[Any], prefix: str, current: str
) -> list[app_commands.Choice[str]]:
    """The rest of every legal action of this player that starts with ``prefix``, filtered by what was typed."""
    legal = await interaction.client.play.legal_for(interaction)
    typed = current.casefold().strip()
    out: list[app_commands.Choice[str]] = []
    for action, label in legal:
        if not action.startswith(prefix + " "):
            continue
        rest = action[len(prefix) + 1 :]
        if typed and typed not in rest.casefold() and typed not in label.casefold():
            continue
        out.append(app_commands.Choice(name=clip(f"{rest} — {label}", 100), value=rest))
        if len(out) == MAX_CHOICES:
            break
    return out


def _verb_command(game: str, verb: Verb) -> app_commands.Command[Any, Any, Any]:
    prefix = verb.action
    if verb.arg is None:

        async def bare(interaction: discord.Interaction[Any]) -> None:
            await interaction.client.play.perform_typed(interaction, prefix, game)

        return app_commands.Command(name=verb.word, description=verb.description, callback=bare)

    if verb.bare_too:

        async def optional(interaction: discord.Interaction[Any], choice: str | None = None) -> None:
            await interaction.client.play.perform_typed(interaction, f"{prefix} {choice}" if choice else prefix, game)

        callback: Any = optional
    else:

        async def required(interaction: discord.Interaction[Any], choice: str) -> None:
            await interaction.client.play.perform_typed(interaction, f"{prefix} {choice}", game)

        callback = required
    callback = app_commands.rename(choice=verb.arg)(callback)
    callback = app_commands.describe(choice=verb.arg_description)(callback)
    command: app_commands.Command[Any, Any, Any] = app_commands.Command(
        name=verb.word, description=verb.description, callback=callback
    )

    @command.autocomplete("choice")
    async def complete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await word_choices(interaction, prefix, current)

    return command


def build_group(spec: GameSpec) -> app_commands.Group:
    group = app_commands.Group(name=spec.command, description=spec.description, guild_only=True)
    for verb in spec.verbs:
        group.add_command(_verb_command(spec.game, verb))
    return group


def setup(tree: app_commands.CommandTree[Any]) -> list[str]:
    """Add the command set of every registered game that has a spec; returns their command names."""
    added = []
    for spec in load_specs().values():  # the registry's games only (rules.PARTS)
        tree.add_command(build_group(spec))
        added.append(spec.command)
    return added
