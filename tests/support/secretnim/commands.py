"""Secret Nim's slash commands (named by ``PARTS.commands``): ``/secretnim pick stones:2``."""

from __future__ import annotations

from bot.discord.commands.specs import GameSpec, Verb

SPEC = GameSpec(
    game="secretnim",
    command="secretnim",
    description="Play Secret Nim (the 2-player test game)",
    verbs=(Verb("pick", "Secretly pick how many stones to take", "stones", "1–3"),),
)
