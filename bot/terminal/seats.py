"""Seating a terminal table: the ``--seats`` list (players' names, ``bot`` and ``bot:LEVEL``), the default name,
each game's table in the file, and opening (or resuming) the table through the service."""

from __future__ import annotations

import getpass
import zlib
from collections.abc import Callable

from bot.table import DamagedGame, TableError, TableService, normalise_level
from rules.core import Game
from rules.words import translator

_, _n = translator("bot")

GUILD = 0


def default_name() -> str:
    """The name of the 'me' seat: the login name, capitalised (a seat's name starts every line it acts in)."""
    try:
        login = getpass.getuser()
    except (KeyError, OSError):  # no login name (e.g. an unnamed uid in a container)
        login = ""
    login = " ".join(login.split())[:32]
    return login[:1].upper() + login[1:] if login and login.lower() != "bot" else _("Player")


def channel_for(game: str) -> int:
    """Each game kind has its own table in the file (a stable number, like a Discord channel id)."""
    return zlib.crc32(game.encode())


def _bot_level(name: str) -> str | None:
    """'bot' -> 'basic', 'bot:strong' -> 'strong'; None for a player's name. ValueError for an unknown level."""
    word, _, level = name.partition(":")
    if word.strip().lower() != "bot":
        return None
    return normalise_level(level.strip() or None)


def parse_seats(text: str, me: str = "Player") -> list[str | None]:
    """'me,bot,Anna' -> [me, None, 'Anna'] (None = a bot seat, at the level ``bot_levels`` reads)."""
    seats: list[str | None] = []
    for raw in text.split(","):
        name = " ".join(raw.split())
        if not name:
            continue
        seats.append(None if _bot_level(name) else (me if name.lower() == "me" else name))
    return seats


def bot_levels(text: str) -> list[str]:
    """The level of each bot seat of ``--seats``, in order: 'me,bot:strong,bot' -> ['strong', 'basic']."""
    return [level for raw in text.split(",") if (level := _bot_level(" ".join(raw.split())))]


def seats_problem(game: Game, seats: list[str | None], seed: int | None) -> str | None:
    """Why these seats (and seed) make no new game, or None."""
    humans = [name for name in seats if name is not None]
    if not game.min_players <= len(seats) <= game.max_players:
        return _("{game} is for {low}–{high} players; --seats lists {n}.").format(
            game=_(game.title), low=game.min_players, high=game.max_players, n=len(seats))
    if len({name.casefold() for name in humans}) != len(humans):
        return _("Give each human seat a different name.")
    if seed is not None and not 0 <= seed < 2**63:
        return _("The seed must be a number from 0 to 2^63 - 1.")
    return None


async def open_table(svc: TableService, game: Game, channel: int, seats: list[str | None], seed: int | None,
                     fresh: bool, say: Callable[[str], None], levels: list[str] | None = None,
                     lang: str | None = None) -> bool:
    """Resume the open table of this game, or seat a new one. False if the seats make no game. ``levels``: each bot
    seat's level, in order (default basic); with no human seat the first bot takes the host's seat at basic.
    ``lang``: the table's language (its public lines, a new table's and a resumed one's), None: as it is."""
    damaged = False
    try:
        table = await svc.table(channel)
    except DamagedGame:
        if not fresh:
            say(_("Your saved {game} game is damaged and cannot be resumed. Run the same command with --new "
                  "to abandon it and start a new one.").format(game=_(game.title)))
            return False
        table, damaged = None, True
    except TableError:
        table = None
    if table is not None and table.status == "active" and not fresh:
        said: list[str] = []
        if lang is not None:  # --lang: the channel's language, and each player's own lines, from now on
            for user in table.humans:
                await svc.remember_language(user, lang)
            if table.settings.get("language", "en") != lang:
                said = (await svc.update_settings(channel, table.creator, force=True, language=lang)).public_events
        say(_("Resuming {game} ({names}). Use --new to start over.").format(game=_(game.title),
                                                                          names=", ".join(table.names)))
        for line in said:
            say(f"  · {line}")
        return True
    problem = seats_problem(game, seats, seed)
    if problem:  # checked before --new abandons anything
        say(problem)
        return False
    if damaged:
        await svc.abandon(channel, 1, force=True)  # any user may force it here; it needs none of the damaged data
        say(_("The damaged game was abandoned; starting a new one."))
    if table is not None and table.status in ("lobby", "active"):
        await svc.abandon(channel, table.creator, force=True)  # --new, or a start interrupted half-way
        if table.status == "active":
            say(_("The unfinished game was abandoned; starting a new one."))
    humans = [name for name in seats if name is not None]
    if not humans:
        say(_("No human seat: the bots play the whole game."))
    users = {name: i + 1 for i, name in enumerate(humans)}
    for user in users.values():  # each player's own lines (their private news) in the table's language
        await svc.remember_language(user, lang or "en")
    host = users[humans[0]] if humans else 1
    try:
        await svc.create(channel, GUILD, game.name, host, humans[0] if humans else "Host",
                         settings={"pace": "untimed", "language": lang or "en"})
        for name in humans[1:]:
            await svc.join(channel, users[name], name)
        wanted = list(levels or [])[0 if humans else 1:]  # with no human, the first bot takes the host's seat
        for i in range(len(seats) - max(len(humans), 1)):
            await svc.add_bot(channel, host, wanted[i] if i < len(wanted) else None)
        if not humans:  # the host only opened the table: a bot takes its seat
            await svc.replace(channel, 0, None, None, by_user=host)
        update = await svc.start(channel, host, seed=seed)
    except TableError as err:  # e.g. a name the table refuses
        say(_("Could not start the game: {reason}").format(reason=err))
        return False
    say(_("A new game of {game}. Seats: {names}.").format(game=_(game.title), names=", ".join(update.table.names)))
    for line in update.public_events:
        say(f"  · {line}")
    return True
