"""How each player wants to hear that it is their move (``/game notify``), on every server.

- ``mention`` (the default): a mention in the game's channel when their turn begins, and for a reminder.
- ``dm``: the board still names them but does not ping them; a DM says it is their move (with their screen and any
  news, bot/private_news.py), and a reminder comes by DM too.
- ``digest``: no message per turn; one DM a day lists every game waiting for them (bot/digest.py). Reminders still
  come by DM: a deadline may fall before the next digest.

A player whose DMs are known to be refused (bot/dms.py) is mentioned in the channel whatever they chose, until a DM
gets through again: a notice that cannot arrive must not replace one that can. The preference lives in the
``users`` table (migration 8) and is cached by the service.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.dms import DirectMessages
from bot.service import NOTIFY_HELP

CLOSED_NOTE = ("⚠️ My last DM to you was refused (your DMs are closed for this server), so until one gets through I "
               "keep mentioning you in the channel. To allow DMs: right-click the server → Privacy Settings → Direct "
               "Messages.")


async def quiet_users(svc: Any, dms: DirectMessages, users: Iterable[int]) -> set[int]:
    """Of ``users``, those not to be pinged in the channel: they chose ``dm`` or ``digest`` and their DMs work."""
    out = set()
    for user in users:
        if await svc.notify_pref(user) != "mention" and not await dms.known_closed(user):
            out.add(user)
    return out


def describe(choice: str) -> str:
    return f"**{choice}** — {NOTIFY_HELP[choice]}"


def footer(choice: str) -> str:
    """One line for /game mygames: the current preference and how to change it."""
    return f"Turn notices: {describe(choice)}. Change with `/game notify`."
