"""The whole slash-command tree, added in one place: by ``bot.discord.app.build_bot`` for the running bot, and by
``bot.discord.command_texts`` to catalogue its texts (on a bare bot, without the app), so both see the same tree."""

from __future__ import annotations

from bot.discord.botcore import BotCore
from bot.discord.commands import (
    away,
    club,
    game_commands,
    league,
    learn,
    lobby,
    personal,
    play,
    records,
    seasons,
    seek,
    since,
    tournament,
    undo,
    watch,
)


def add_commands(bot: BotCore) -> None:
    lobby.setup(bot)
    records.setup(bot)  # adds /game log, mygames and record to lobby's /game group
    club.setup(bot)  # adds /game leaderboard and profile
    seasons.setup(bot)  # adds /game season close|settings, privacy and stats
    undo.setup(bot)  # adds /game undo to it
    since.setup(bot)  # adds /game since
    away.setup(bot)  # adds /game away, back and reclaim
    play.setup(bot)
    tournament.setup(bot)  # its own group: /game is full
    seek.setup(bot)  # /seek, its own group too
    league.setup(bot)  # /league, and its own
    watch.setup(bot)  # /watch web: its own group too
    learn.setup(bot)  # /learn: the guided first game, hints and reviews (its own group too)
    personal.setup(bot)  # /kontor: mygames, profile, notify, privacy, everywhere (a user install too)
    game_commands.setup(bot.tree)
