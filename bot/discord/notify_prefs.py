"""How each player wants to hear that it is their move (``/game notify``), on every server.

- ``mention`` (the default): a mention in the game's channel when their turn begins, and for a reminder.
- ``dm``: the board still names them but does not ping them; a DM says it is their move (with their screen and any
  news, bot/discord/private_news.py), and a reminder comes by DM too.
- ``digest``: no message per turn; one DM a day lists every game waiting for them (bot/discord/digest.py). Reminders
still
  come by DM: a deadline may fall before the next digest.

A player whose DMs are known to be refused (bot/discord/dms.py) is mentioned in the channel whatever they chose, until
a DM
gets through again: a notice that cannot arrive must not replace one that can. The preference lives in the
``users`` table (migration 8) and is cached by the service.

Quiet hours (``/game notify timezone: quiet:``, migration 12): while a player is inside them, the service defers their
reminder to the end of the night, and the notifier names them without a ping (``sleeping``).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.discord.dms import DirectMessages
from bot.table import NOTIFY_HELP, QuietHours, Update
from rules.words import N_, translator

_, _n = translator("bot")

CLOSED_NOTE = N_("⚠️ My last DM to you was refused (your DMs are closed for this server), so until one gets through I "
                 "keep mentioning you in the channel. To allow DMs: right-click the server → Privacy Settings → Direct "
                 "Messages.")


async def quiet_users(update: Update, dms: DirectMessages, users: Iterable[int]) -> set[int]:
    """Of ``users``, those not to be pinged in the channel: they chose ``dm`` or ``digest`` (as the Update read it)
    and their DMs work."""
    out = set()
    for user in users:
        reader = update.reader(user)
        if reader.notify != "mention" and not await dms.known_closed(user, reader):
            out.add(user)
    return out


def sleeping(update: Update, users: Iterable[int]) -> set[int]:
    """Of ``users``, those inside their quiet hours (bot/table/quiet.py) when the Update was made: named without a
    ping, no reminder."""
    return {user for user in users if update.reader(user).asleep}


def describe_quiet(hours: QuietHours | None, tz: str | None) -> str:
    """The quiet hours in words, for /game notify."""
    if hours is None:
        if tz:
            return _("Quiet hours: none (time zone {zone}). Set them with `/game notify timezone: quiet:22-8`.").format(
                zone=tz)
        return _("Quiet hours: none. Set them with `/game notify timezone: quiet:22-8`.")
    return _("Quiet hours: **{start}:00–{end}:00** in {zone} — no reminders then (they come when your quiet hours "
             "end), and turn notices name you without a ping.").format(start=hours.start, end=hours.end, zone=hours.tz)


def describe(choice: str) -> str:
    return f"**{choice}** — {_(NOTIFY_HELP[choice])}"


def footer(choice: str) -> str:
    """One line for /game mygames: the current preference and how to change it."""
    return _("Turn notices: {choice}. Change with `/game notify`.").format(choice=describe(choice))
