"""One slash command per game, built generically from its spec (bot/discord/commands/specs/):
``/speicherstadt place card:3`` plays ``"place 3"``. The argument is autocompleted from the
player's legal actions that start with that word; the table validates everything.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.discord.commands.specs import GameSpec, Verb, load_specs
from bot.discord.ui.text import clip

MAX_CHOICES = 25
_MENTION = re.compile(r"^<@!?(\d+)>$")


def seats_text(text: str, names: list[str], user_seat: dict[int, int]) -> str:
    """Players named in an option (mentions, seat names, or ``all``) as the rules' seat list: ``1,2`` or ``all``.
    What names nobody is kept as typed, so the rules refuse it."""
    tokens = [t for t in re.split(r"[\s,]+", text.replace("><", "> <")) if t]
    if any(t.casefold() in ("all", "everyone", "@everyone") for t in tokens):
        return "all"
    by_name = {name.casefold(): seat for seat, name in enumerate(names)}
    out = []
    for token in tokens:
        mention = _MENTION.match(token)
        seat = user_seat.get(int(mention.group(1))) if mention else by_name.get(token.lstrip("@").casefold())
        out.append(str(seat) if seat is not None else token)
    return ",".join(out)


async def compose(interaction: discord.Interaction[Any], verb: Verb, first: str | None,
                  values: list[str | None]) -> str:
    """The action of a verb with further options: ``offer 2 wool for 1 ore to 1,2``; the bare prefix when nothing
    was given (``bare_too``)."""
    if first is None and not any(values):
        return verb.action
    words = [verb.action, (first or "").strip()]
    for extra, value in zip(verb.extras, values, strict=True):
        text = (value or "").strip()
        if extra.seats and text and interaction.channel_id is not None:
            table = await interaction.client.service.table(interaction.channel_id)
            text = seats_text(text, table.names, {s.user_id: s.seat for s in table.seats if s.user_id is not None})
        words += [extra.joiner, text]
    return " ".join(w for w in words if w)


def _extras_command(game: str, verb: Verb) -> app_commands.Command[Any, Any, Any]:
    """A verb with up to two further options (``Extra``), all free text."""
    assert 1 <= len(verb.extras) <= 2 and verb.arg is not None, verb.word

    async def callback(interaction: discord.Interaction[Any], choice: str | None = None, second: str | None = None,
                       third: str | None = None) -> None:
        action = await compose(interaction, verb, choice, [second, third][: len(verb.extras)])
        await interaction.client.play.perform_typed(interaction, action, game)

    names: dict[str, str] = {"choice": verb.arg}
    described: dict[str, str] = {"choice": verb.arg_description}
    for param, extra in zip(("second", "third"), verb.extras, strict=False):
        names[param] = extra.name
        described[param] = extra.description
    fn: Any = callback
    if len(verb.extras) == 1:  # drop the unused third option from the signature Discord sees
        async def two(interaction: discord.Interaction[Any], choice: str | None = None,
                      second: str | None = None) -> None:
            await callback(interaction, choice, second)

        fn = two
    fn = app_commands.rename(**names)(fn)
    fn = app_commands.describe(**described)(fn)
    return app_commands.Command(name=verb.word, description=verb.description, callback=fn)


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
    if verb.extras:
        return _extras_command(game, verb)
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
