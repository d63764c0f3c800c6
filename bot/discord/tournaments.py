"""Running the table's tournaments on Discord (docs/tournaments.md, docs/discord.md "Tournaments").

The table decides everything (``bot/table/tourney``); this keeps it moving: after the Update that ends one of a
tournament's games is posted (``Notifier.on_end``), and once at every start for each running tournament, it calls
``advance_tournament`` then ``open_tournament_tables`` and posts what they did — each new table's first board, and
the standings after each round. Both calls are idempotent, so running this again (a second game end, a restart, an
organiser's ``/tournament start`` on a running tournament) only does what is missing.

Each table opens in a public thread of the tournament's channel (of its parent channel when the tournament lives in
a thread: threads have no threads): one channel holds one open game, and threads are the only channels Kontor may make
without Manage Channels. The commands refuse to create or start a tournament where the bot cannot make threads.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.discord.botcore import BotCore
from bot.discord.threads import new_thread, thread_home
from bot.discord.ui.files import image_file
from bot.discord.ui.text import NO_PING, clip, shown
from bot.lang import language_of, speaking
from bot.table import Advance, TableDraw, TableError, Tournament, TourneyChange, Update
from rules.words import number, translator

_, _n = translator("bot")

log = logging.getLogger(__name__)

def standings_text(t: Tournament, *, after_round: int | None = None) -> str:
    """The standings as lines of text: place, name, points, the tiebreaks, games played."""
    if t.status == "finished":
        head = _("🏆 Final standings of **{name}** ({title}):")
    elif after_round:
        head = _("🏆 Standings of **{name}** ({title}) after round {round} of {rounds}:")
    else:
        head = _("🏆 Standings of **{name}** ({title}), round {round} of {rounds}:")
    shown_round = after_round or min(t.round, t.rounds)  # during the final table: the last round's standings
    out = [head.format(name=shown(t.name), title=_(t.title), round=shown_round, rounds=t.rounds)]
    if not t.standings:
        out.append(_("No game has ended yet."))
    for line in t.standings:
        games = _n("{n} game", "{n} games", line.games).format(n=number(line.games))
        text = _("`{place}.` **{player}** — {points} points · opponents {opponents} · score {score} · {games}").format(
            place=line.place, player=shown(line.name), points=number(line.points),
            opponents=number(line.opponents_points), score=number(line.score), games=games)
        out.append(text + (" · " + _("dropped") if line.dropped else ""))
    return "\n".join(out)


def standings_head(t: Tournament, after_round: int | None) -> str:
    """The standings' title in plain words (the image's, the alt text's)."""
    if t.status == "finished":
        return _("Final standings of {name} ({title})").format(name=t.name, title=_(t.title))
    return _("Standings of {name} ({title}) after round {round} of {rounds}").format(
        name=t.name, title=_(t.title), round=after_round or min(t.round, t.rounds), rounds=t.rounds)


def standings_words(t: Tournament, after_round: int | None) -> tuple[str, list[str], str, str]:
    """The standings image's words: its title, the column headings, "dropped" and the legend of the headings."""
    # TRANSLATORS: the standings image's column headings (place, player, points, opponents' points, total game
    # score, games played): keep them short, the legend below says them in full
    headings = ["#", _("Player"), _("Pts"), _("Opp."), _("Score"), _("Games")]
    legend = _("Pts: points · Opp.: the opponents' points · Score: the total game score")
    return standings_head(t, after_round), headings, _("dropped"), legend


def standings_alt(t: Tournament, after_round: int | None) -> str:
    """The standings image's alt text: the same figures as the text, compactly."""
    lines = []
    for line in t.standings:
        text = _("{place}. {player}: {points}, {opponents}, {score}, {games}").format(
            place=line.place, player=line.name, points=number(line.points), opponents=number(line.opponents_points),
            score=number(line.score), games=number(line.games))
        lines.append(text + (" (" + _("dropped") + ")" if line.dropped else ""))
    return _("{head} (points, opponents' points, total score, games): {lines}").format(
        head=standings_head(t, after_round), lines="; ".join(lines) or _("No game has ended yet."))


def table_line(draw: TableDraw) -> str:
    names = ", ".join(shown(n) for n in draw.names)
    where = f"<#{draw.channel}>" if draw.channel is not None else _("not opened yet")
    if draw.settled:
        state = _("ended")
    elif draw.status == "active":
        state = _("being played")
    else:
        state = _("opening")
    return _("Table {table}: {players} — {where}, {state}").format(table=draw.table, players=names, where=where,
                                                                    state=state)


def round_title(t: Tournament, round_no: int) -> str:
    if t.final_size is not None and round_no > t.rounds:
        return _("**Final table**")
    return _("**Round {round}**").format(round=round_no)


def terms_lines(t: Tournament) -> list[str]:
    """The round deadline and the final table, as chosen at creation."""
    out = []
    if t.deadline_days is not None:
        days = number(round(t.deadline_days, 2))
        if t.late == "adjudicate":
            out.append(_("Each round has {days} days; a table still being played then is adjudicated by its current"
                         " scores.").format(days=days))
        else:
            out.append(_("Each round has {days} days; at a table still being played then, the caretaker plays the"
                         " seats it waits for, and the round waits for its end.").format(days=days))
    if t.final_size is not None:
        out.append(_n("After the last round, the top {n} player plays a final table, which decides the podium.",
                      "After the last round, the top {n} players play a final table, which decides the podium.",
                      t.final_size).format(n=t.final_size))
    return out


def deadline_line(t: Tournament) -> str | None:
    if t.status != "running" or t.deadline is None:
        return None
    # TRANSLATORS: {time} is a Discord timestamp (<t:…:f>) each reader sees in their own time and language
    return _("⏰ This round's deadline: {time}.").format(time=f"<t:{int(t.deadline)}:f>")


def round_text(t: Tournament) -> str:
    """A new round's pairings, with its deadline."""
    if t.in_final:
        head = _("🏁 **{name}**: the final table.").format(name=shown(t.name))
    else:
        head = _("🎲 **{name}**: round {round} of {rounds} is paired.").format(name=shown(t.name), round=t.round,
                                                                             rounds=t.rounds)
    out = [head, *(table_line(d) for d in t.round_tables())]
    line = deadline_line(t)
    return "\n".join([*out, line] if line else out)


def schedule_text(t: Tournament) -> str:
    out = [_("📅 **{name}** ({title}): {format}, {rounds} rounds, tables of {size}, seed `{seed}`.").format(
        name=shown(t.name), title=_(t.title), format=t.format, rounds=t.rounds, seed=t.seed,
        size=str(t.size[0]) if t.size[0] == t.size[1] else f"{t.size[0]}–{t.size[1]}")]
    out += terms_lines(t)
    if t.status == "signup":
        out.append(_n("Sign-up is open: {n} player so far.", "Sign-up is open: {n} players so far.",
                      len(t.entrants)).format(n=len(t.entrants)))
        if t.signup_until is not None:
            out.append(_("The first round can start after <t:{at}:f>.").format(at=int(t.signup_until)))
    for round_no in range(1, t.round + 1):
        out.append(round_title(t, round_no))
        out += [table_line(d) for d in t.round_tables(round_no)]
    if (line := deadline_line(t)) is not None:
        out.append(line)
    if t.status == "cancelled":
        out.append(_("The tournament was cancelled."))
    elif t.status == "finished":
        out.append(_("The tournament is over."))
    return "\n".join(out)


class TournamentRunner:
    def __init__(self, bot: BotCore) -> None:
        self.bot = bot
        self._resume: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Resume every running tournament once the bot is connected (threads and posts need the gateway)."""
        if self._resume is None:
            self._resume = asyncio.create_task(self.resume(), name="kontor-tournaments")

    async def stop(self) -> None:
        if self._resume is not None:
            self._resume.cancel()
            await asyncio.gather(self._resume, return_exceptions=True)
            self._resume = None

    async def resume(self) -> None:
        """Each running tournament goes on from where the last run left it (games that ended while it was down)."""
        await self.bot.wait_until_ready()
        for channel in await self.bot.service.running_tournaments():
            await self.advance(channel)

    async def game_ended(self, update: Update) -> None:
        """Called after an Update that ends a game is posted: a tournament table's end may end its round."""
        if update.table.status not in ("finished", "abandoned"):
            return
        home = await self.bot.service.tournament_of(update.channel)
        if home is not None:
            await self.advance(home)

    async def post_changes(self, channel: int, change: TourneyChange) -> None:
        """Post the tables' Updates a drop, a forfeit, an adjudication or a deadline made, each in its table's
        thread (the fresh board, the end report when the game ended), then run the tournament on at once."""
        for update in change.updates:
            try:
                await self.bot.notifier.publish(update)  # an ended table advances the tournament (game_ended)
            except discord.HTTPException:
                log.warning("could not post in the table %s of a tournament", update.channel, exc_info=True)
        await self.advance(channel)

    async def advance(self, channel: int) -> Advance | None:
        """Settle, pair, open and post: what the tournament in ``channel`` can do now. Never raises: a failure is
        logged and said in the channel, and the next call (a game's end, a restart, ``/tournament start``) resumes."""
        try:
            done = await self.bot.service.advance_tournament(channel)
        except TableError as exc:  # the tournament is gone (cancelled): nothing to run
            log.info("tournament in channel %s: %s", channel, exc.message)
            return None
        await self.after(channel, done)
        return done

    async def after(self, channel: int, done: Advance) -> None:
        """What follows an advance: the standings when a round ended, then the tables still to open."""
        try:
            if done.round_over:
                await self.post_standings(channel, done.round - (0 if done.finished else 1))
            await self.open_tables(channel)
            if done.round_over and not done.finished:
                t = await self.bot.service.tournament(channel)
                await self._say(channel, lambda: round_text(t))
        except (TableError, discord.HTTPException) as exc:
            log.warning("tournament in channel %s could not go on: %s", channel, exc)
            problem = exc
            await self._say(channel, lambda: "⚠️ " + _(
                "The tournament's next tables could not open ({why}). They open at the next game's end, the next"
                " restart, or when an organiser runs /tournament start.").format(why=_problem(problem)))

    async def open_tables(self, channel: int) -> None:
        async def make_channel(draw: TableDraw) -> int:
            return await self._thread(channel, draw)

        for update in await self.bot.service.open_tournament_tables(channel, make_channel):
            await self.bot.notifier.publish(update)

    async def _thread(self, channel: int, draw: TableDraw) -> int:
        home = thread_home(self.bot, channel)
        if home is None:
            raise TableError(_("I cannot find the tournament's channel to open its tables in."))
        with speaking(self.language(channel)):  # the thread's name: everyone reads it in the channel list
            name = _("{name} · round {round}, table {table}").format(name=draw.tournament, round=draw.round,
                                                                     table=draw.table)
        return (await new_thread(home, name)).id

    async def post_standings(self, channel: int, after_round: int) -> None:
        """The standings as text, and as an image with the same figures as its alt text."""
        t = await self.bot.service.tournament(channel)
        with speaking(self.language(channel)):
            title, headings, dropped, legend = standings_words(t, after_round)
            alt = standings_alt(t, after_round)
        png = await self.bot.images.standings(t.standings, title, headings, dropped, legend)
        await self._say(channel, lambda: standings_text(t, after_round=after_round),
                        files=lambda: image_file(png, "standings.png", alt))

    def language(self, channel: int) -> str:
        """What the tournament's channel reads: the server's language, as a new table's (docs/i18n.md)."""
        found = self.bot.get_channel(channel)
        guild = getattr(found, "guild", None)
        return language_of(getattr(guild, "preferred_locale", None))

    async def _say(self, channel: int, text: Callable[[], str],
                   files: Callable[[], list[discord.File]] | None = None) -> None:
        try:
            target: Any = await self.bot.notifier.channel(channel)
            with speaking(self.language(channel)):  # public: not the language of whoever's move ended the game
                words = text()
            await target.send(clip(words, 2000), allowed_mentions=NO_PING, files=files() if files else [])
        except discord.HTTPException:
            log.warning("could not post in the tournament channel %s", channel, exc_info=True)


def _problem(exc: Exception) -> str:
    if isinstance(exc, TableError):
        return exc.message
    if isinstance(exc, discord.Forbidden):
        return _("I may not create threads there")
    return _("Discord did not answer")
