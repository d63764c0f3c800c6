"""The caretaker by consent: when a seat's time bank ran out, the other players answer with four persistent buttons
under the question ("Wait another day", "Caretaker plays this turn", "Caretaker takes the seat", "End the game");
a seat given to the caretaker gets a "Take my seat back" button. Each press is one answer (the table counts them),
and the buttons work after a restart (their ids carry channel, game and seat)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.service import ANSWERS, Update
from bot.ui.answers import on_running_game
from bot.ui.text import NO_PING, clip, mentions, pings, shown

PREFIX = "kontor"
Inter = discord.Interaction[Any]
LABELS = {"wait": "Wait another day", "caretaker-turn": "Caretaker plays this turn",
          "caretaker-seat": "Caretaker takes the seat", "end": "End the game"}
STYLES = {"wait": discord.ButtonStyle.success, "caretaker-turn": discord.ButtonStyle.primary,
          "caretaker-seat": discord.ButtonStyle.secondary, "end": discord.ButtonStyle.danger}
CODES = {"wait": "w", "caretaker-turn": "t", "caretaker-seat": "s", "end": "e"}
CHOICE_OF = {code: choice for choice, code in CODES.items()}


async def publish(bot: Any, update: Update) -> None:
    """Post a decision (and, when the caretaker took a seat, its "take it back" button)."""
    await bot.notifier.publish(update)
    await post_question(bot, update)


class TimeoutVoteButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=rf"{PREFIX}:tbank:(?P<ch>[0-9]+):(?P<game>[0-9]+):(?P<seat>[0-9]+):(?P<c>[wtse])"):
    def __init__(self, channel: int, game: int, seat: int, choice: str) -> None:
        super().__init__(
            discord.ui.Button(label=LABELS[choice], style=STYLES[choice],
                              custom_id=f"{PREFIX}:tbank:{channel}:{game}:{seat}:{CODES[choice]}"))
        self.channel, self.game_id, self.seat, self.choice = channel, game, seat, choice

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> TimeoutVoteButton:
        return cls(int(match["ch"]), int(match["game"]), int(match["seat"]), CHOICE_OF[match["c"]])

    async def callback(self, interaction: Inter) -> None:
        bot: Any = interaction.client
        answer: tuple[str, Update | None] | None = await on_running_game(
            interaction, self.channel, self.game_id, "That question belongs to a game that is over.",
            lambda: bot.service.vote_timeout(self.channel, interaction.user.id, self.seat, self.choice))
        if answer is None:
            return
        text, update = answer
        await interaction.edit_original_response(content=clip("🗳️ " + shown(text), 2000))
        if update is not None:
            await publish(bot, update)


class ReclaimButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=rf"{PREFIX}:reclaim:(?P<ch>[0-9]+):(?P<game>[0-9]+)"):
    def __init__(self, channel: int, game: int) -> None:
        super().__init__(discord.ui.Button(label="Take my seat back", style=discord.ButtonStyle.success,
                                           custom_id=f"{PREFIX}:reclaim:{channel}:{game}"))
        self.channel, self.game_id = channel, game

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> ReclaimButton:
        return cls(int(match["ch"]), int(match["game"]))

    async def callback(self, interaction: Inter) -> None:
        bot: Any = interaction.client
        update: Update | None = await on_running_game(interaction, self.channel, self.game_id, "That game is over.",
                                                      lambda: bot.service.reclaim(self.channel, interaction.user.id))
        if update is None:
            return
        await interaction.edit_original_response(content="✅ The seat is yours again.")
        await bot.notifier.publish(update)


def question_message(update: Update) -> dict[str, Any] | None:
    """The post (text, buttons, pings) of ``update.question``, if it has one."""
    q = update.question
    if q is None:
        return None
    view = discord.ui.View(timeout=None)
    if q.kind == "timeout":
        for choice in ANSWERS:
            view.add_item(TimeoutVoteButton(update.channel, update.table.game_id, q.seat, choice))
        when = f"<t:{int(q.decide_at)}:f>" if q.decide_at is not None else "soon"
        default = str(update.table.settings.get("timeout_default", "caretaker-turn"))
        text = (f"⌛ {shown(q.name)}'s time bank ran out. What now? {mentions(q.voters)}\n"
                f"The majority of those who answer decides (a tie: the milder choice). Without an answer by {when}: "
                f"{ANSWERS.get(default, default)}. {shown(q.name)} may still move meanwhile.")
        return {"content": clip(text, 2000), "view": view, "allowed_mentions": pings(q.voters)}
    view.add_item(ReclaimButton(update.channel, update.table.game_id))
    text = (f"🤖 The caretaker plays {shown(q.name)}'s seat now. {shown(q.name)}: take it back any time with this "
            "button or `/game reclaim`.")
    return {"content": clip(text, 2000), "view": view, "allowed_mentions": NO_PING}


async def post_question(bot: Any, update: Update) -> None:
    message = question_message(update)
    if message is None:
        return
    try:
        channel = bot.get_channel(update.channel) or bot.get_partial_messageable(update.channel)
        await channel.send(**message)
    except discord.HTTPException:
        pass
