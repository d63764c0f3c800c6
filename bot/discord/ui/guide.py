"""The guide's explanation above a menu (docs/learning.md, "The guided first game"): the menu of a guided table says,
the first time a player meets a kind of decision, what it is for. The table decides when (bot/table/guide.py)."""

from __future__ import annotations

from typing import Any

from bot.discord.botcore import BotCore
from bot.table import GUIDE, Table
from rules.words import translator

_, _n = translator("discord")


def guide_note(text: str) -> str:
    """An explanation as it stands above a menu, saying how to leave the guide."""
    return "📖 " + text + "\n-# " + _("The guide explains each kind of decision once; /learn stop turns it off.")


async def with_guide(bot: BotCore, table: Table, user: int, text: str) -> str:
    """``text`` (a menu's heading) with the explanation of the decision before it, on a guided table, the first time
    ``user`` meets it; an unguided table is not asked anything."""
    if table.settings.get(GUIDE) != "on":
        return text
    service: Any = bot.service
    said: str | None = await service.explain(table.channel, user)
    return text if said is None else guide_note(said) + "\n\n" + text
