"""``/learn start|stop|resume``: the guided first game (docs/learning.md, "The guided first game"), and the rules by
topic that ``/game rules game: topic:`` shows. Translation only: the table keeps the guide (bot/table/guide.py).

A guided game is the player against basic bots in a private thread of the channel (of its parent when asked in a
thread), so that the explanations and the game disturb nobody. Where Kontor may not open a private thread, it says so
and changes nothing: a table needs a server channel to post its boards, so there is no DM fallback."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.play import reply
from bot.discord.ui import embeds
from bot.discord.ui.files import image_file
from bot.discord.ui.rematch import begins_text
from bot.discord.ui.text import NO_PING, clip, input_problem, table_language
from bot.lang import language_of, speaking
from bot.table import TableError, topic_of
from rules.words import translator

_, _n = translator("discord")

#: a week, as the other threads Kontor opens (a guided game may rest a few days)
ARCHIVE_MINUTES: Literal[10080] = 10080
#: the players of a guided game: the learner and basic bots up to the game's smallest table of three
PLAYERS = 3


async def send_topic(bot: BotCore, interaction: discord.Interaction[Any], game: str, topic: str) -> None:
    """One topic of a game's rules, privately, with its part of the board when it has one."""
    rules = bot.service.game(game)
    chosen = topic_of(rules, topic)
    assert chosen is not None
    await interaction.response.defer(ephemeral=True, thinking=True)
    embed = discord.Embed(title=clip(f"{_(rules.title)} — {_(chosen.title)}", 256), colour=embeds.COLOUR,
                          description=clip(_(chosen.text), 4000))
    others = [t.key for t in bot.service.guide_topics(game) if t.key != chosen.key]
    embed.set_footer(text=clip(_("Other topics: {topics}").format(topics=", ".join(others)), 2048))
    image = await bot.service.topic_image(game, chosen)
    files = image_file(image, "rules.png", _(chosen.title))
    if files:
        embed.set_image(url="attachment://rules.png")
    await interaction.edit_original_response(embed=embed, attachments=files)


async def topic_choices(bot: BotCore, game: str, channel: int | None, current: str) -> list[app_commands.Choice[str]]:
    """The topics of ``game`` (else of the channel's table's game) matching what is typed: "demand — Demand"."""
    try:
        if not game and channel is not None:
            game = (await bot.service.table(channel)).game
        topics = bot.service.guide_topics(game.strip().lower())
    except TableError:
        return []
    typed = current.casefold()
    return [app_commands.Choice(name=clip(f"{t.key} — {_(t.title)}", 100), value=t.key) for t in topics
            if typed in t.key or typed in _(t.title).casefold()][:25]


def add_guide(group: app_commands.Group, bot: BotCore) -> None:
    def games(current: str) -> list[app_commands.Choice[str]]:
        typed = current.casefold()
        return [app_commands.Choice(name=clip(_(g.title), 100), value=name)
                for name, g in bot.service.games.items()
                if g.guide_book is not None and (typed in name or typed in _(g.title).casefold())][:25]

    @group.command(name="start", description="A guided first game against basic bots, in a private thread")
    @app_commands.describe(game="Which game to learn")
    async def start(interaction: discord.Interaction[Any], game: str) -> None:
        problem = input_problem(game, limit=40, what="game")
        if problem:
            raise TableError(problem)
        rules = bot.service.game(game)
        if rules.guide_book is None:
            raise TableError(_("{game} has no guided game yet. Games with one: {games}.").format(
                game=_(rules.title), games=", ".join(c.name for c in games(""))))
        home = interaction.channel.parent if isinstance(interaction.channel, discord.Thread) else interaction.channel
        if not isinstance(home, discord.TextChannel):
            raise TableError(_("A guided game opens in a private thread of a text channel: use /learn start in one."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        try:
            thread = await home.create_thread(
                name=clip(_("{game} · {name} learns").format(game=_(rules.title), name=user.display_name), 100),
                type=discord.ChannelType.private_thread, invitable=False, auto_archive_duration=ARCHIVE_MINUTES)
            await thread.add_user(user)
        except discord.HTTPException:
            await interaction.edit_original_response(content=_(
                "I could not open a private thread in this channel (I need the permissions Create Private Threads "
                "and Send Messages in Threads here). Nothing was started: ask a moderator, or try /learn start in "
                "another channel."))
            return
        language = language_of(interaction.locale)  # the thread is the learner's: it reads their language
        svc = bot.service
        await svc.create(thread.id, interaction.guild_id, rules.name, user.id, user.display_name,
                         settings={"language": language, "pace": "untimed", "rated": "off"})
        for _seat in range(max(PLAYERS, rules.min_players) - 1):
            await svc.add_bot(thread.id, user.id, "basic")
        await svc.set_guide(thread.id, user.id, True)
        update = await svc.start(thread.id, user.id)
        with speaking(table_language(update.table)):
            await thread.send(begins_text(update.table) + "\n" + _(
                "📖 A guided game: before each new kind of decision, the menu explains it. /learn stop turns the "
                "guide off; /game rules game:{game} topic: gives the rules by topic.").format(game=rules.name),
                allowed_mentions=NO_PING)
        await bot.notifier.publish(update)
        await interaction.edit_original_response(content=_(
            "Your guided game of {game} is ready in {thread}: click Take your turn under the board there.").format(
                game=_(rules.title), thread=thread.mention))

    @start.autocomplete("game")
    async def start_game(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return games(current)

    async def switch(interaction: discord.Interaction[Any], on: bool) -> None:
        if interaction.channel_id is None:
            raise TableError(_("Use this in the game's channel."))
        said = await bot.service.set_guide(interaction.channel_id, interaction.user.id, on)
        await reply(interaction, said if on else said + " " + _("/learn resume turns it on again."))

    # "stop" is also Strasbourg's planning command: its own catalog key, so each reads naturally
    @group.command(name=app_commands.locale_str("stop", catalog="stop (the guide)"),
                   description="Turn this table's guide off and keep playing")
    async def stop(interaction: discord.Interaction[Any]) -> None:
        await switch(interaction, False)

    @group.command(name="resume", description="Turn this table's guide on again")
    async def resume(interaction: discord.Interaction[Any]) -> None:
        await switch(interaction, True)


__all__ = ["add_guide", "send_topic", "topic_choices"]
