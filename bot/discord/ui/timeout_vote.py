"""The caretaker by consent: when a seat's time bank ran out, the other players answer with four persistent buttons
under the question ("Wait another day", "Caretaker plays this turn", "Caretaker takes the seat", "End the game");
a seat given to the caretaker gets a "Take my seat back" button. Each press is one answer (the table counts them),
and the buttons work after a restart (their ids carry channel, game and seat)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.ui.answers import on_running_game
from bot.discord.ui.text import NO_PING, clip, mentions, pings, shown, table_language
from bot.lang import speaking
from bot.table import ANSWERS, Update
from rules.words import N_, translator

_, _n = translator("discord")

PREFIX = "kontor"
Inter = discord.Interaction[Any]
LABELS = {"wait": N_("Wait another day"), "caretaker-turn": N_("Caretaker plays this turn"),
          "caretaker-seat": N_("Caretaker takes the seat"), "end": N_("End the game")}
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
            discord.ui.Button(label=_(LABELS[choice]), style=STYLES[choice],
                              custom_id=f"{PREFIX}:tbank:{channel}:{game}:{seat}:{CODES[choice]}"))
        self.channel, self.game_id, self.seat, self.choice = channel, game, seat, choice

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> TimeoutVoteButton:
        return cls(int(match["ch"]), int(match["game"]), int(match["seat"]), CHOICE_OF[match["c"]])

    async def callback(self, interaction: Inter) -> None:
        bot: Any = interaction.client
        answer: tuple[str, Update | None] | None = await on_running_game(
            interaction, self.channel, self.game_id, _("That question belongs to a game that is over."),
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
        super().__init__(discord.ui.Button(label=_("Take my seat back"), style=discord.ButtonStyle.success,
                                           custom_id=f"{PREFIX}:reclaim:{channel}:{game}"))
        self.channel, self.game_id = channel, game

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> ReclaimButton:
        return cls(int(match["ch"]), int(match["game"]))

    async def callback(self, interaction: Inter) -> None:
        bot: Any = interaction.client
        update: Update | None = await on_running_game(interaction, self.channel, self.game_id, _("That game is over."),
                                                      lambda: bot.service.reclaim(self.channel, interaction.user.id))
        if update is None:
            return
        await interaction.edit_original_response(content="✅ " + _("The seat is yours again."))
        await bot.notifier.publish(update)


def question_message(update: Update) -> dict[str, Any] | None:
    """The post (text, buttons, pings) of ``update.question``, if it has one: in the channel's language."""
    if update.question is None:
        return None
    with speaking(table_language(update.table)):
        return _question_message(update)


def _question_message(update: Update) -> dict[str, Any]:
    q = update.question
    assert q is not None
    view = discord.ui.View(timeout=None)
    if q.kind == "timeout":
        for choice in ANSWERS:
            view.add_item(TimeoutVoteButton(update.channel, update.table.game_id, q.seat, choice))
        default = str(update.table.settings.get("timeout_default", "caretaker-turn"))
        answer = _(ANSWERS[default]) if default in ANSWERS else default
        ran_out = _("{name}'s time bank ran out. What now? {voters}").format(name=shown(q.name),
                                                                            voters=mentions(q.voters))
        if q.decide_at is not None:
            rule = _("The majority of those who answer decides (a tie: the milder choice). Without an answer by "
                     "{when}: {answer}. {name} may still move meanwhile.").format(
                when=f"<t:{int(q.decide_at)}:f>", answer=answer, name=shown(q.name))
        else:
            rule = _("The majority of those who answer decides (a tie: the milder choice). Without an answer soon: "
                     "{answer}. {name} may still move meanwhile.").format(answer=answer, name=shown(q.name))
        text = f"⌛ {ran_out}\n{rule}"
        return {"content": clip(text, 2000), "view": view, "allowed_mentions": pings(q.voters)}
    view.add_item(ReclaimButton(update.channel, update.table.game_id))
    text = "🤖 " + _("The caretaker plays {name}'s seat now. {name}: take it back any time with this button or "
                    "`/game seat reclaim`.").format(name=shown(q.name))
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
