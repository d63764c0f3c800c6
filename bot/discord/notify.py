"""Turning a service ``Update`` into Discord messages: the public board post and the private DMs.

Public: one board message per change (or one live message edited in place), mentioning exactly
the players now awaited, with the board image and the persistent buttons. Each channel posts in
version order, one post at a time: a board a newer one already superseded is not posted, its lines
go with the newer one. Private: each player's news is kept and delivered once per turn (``bot.discord.private_news``;
``bot.discord.dms`` says what a refused DM means and when to try again).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord import pausing
from bot.discord.botcore import BotCore
from bot.discord.dms import DirectMessages
from bot.discord.notify_prefs import quiet_users, sleeping
from bot.discord.private_news import PrivateNews, jump_link
from bot.discord.ui import embeds
from bot.discord.ui.end_report import with_report
from bot.discord.ui.files import image_file, zoomed
from bot.discord.ui.items import Board, board_buttons, board_view
from bot.discord.ui.since import since_text
from bot.discord.ui.text import NO_PING, clip, mentions, pings, shown, shown_lines
from bot.discord.ui.turn_card import Digest, turn_card
from bot.discord.weblinks import table_link
from bot.lang import speaking
from bot.table import Table, TableError, Update, channel_speaking
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger(__name__)

MAX_CARRIED = 50  # lines of refused posts carried into the next post (the embed shows the last ones)


@dataclass(frozen=True)
class BoardPost:
    """A board post: the keyword arguments of ``send`` in the server's form (the turn card or the embed), and its
    ``head``: whose move (mentions), the notice, the outcome and the digests, which an edit in place cannot ping
    with, so it goes apart in a short message then."""

    kwargs: dict[str, Any]
    head: str


def _key(update: Update) -> tuple[int, int]:
    """Which of two changes of a channel is newer: a later game, or a later version of the same game."""
    return (update.table.game_id, update.version)


def _superseded_lines(updates: list[Update]) -> list[str]:
    """The public lines of changes whose board is not shown. A notice stays when the change did something
    (a deadline that played); a reminder alone said something about a moment that has passed."""
    lines: list[str] = []
    for update in updates:
        lines += update.public_events
        if update.notice and update.public_events:
            lines.append(f"⏰ {update.notice}")  # already in the channel's language (the service made it)
    return lines


@dataclass
class _ChannelQueue:
    """One channel's posts: a lock taken in turn, the updates waiting for it, and what was posted last."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    waiting: list[tuple[Update, asyncio.Future[discord.Message | None], int | None]] = field(default_factory=list)
    posted: tuple[int, int] | None = None  # _key of the newest board posted
    unposted: list[str] = field(default_factory=list)  # lines of a post Discord refused: they lead the next one
    live: tuple[int, int] | None = None  # (game id, message id) of the live board this bot posted last
    problem: str | None = None  # why the last post was refused for good (a pause reason), until a post succeeds
    awaited: tuple[int, frozenset[int]] | None = None  # (game id, users awaited) at the last board: not re-pinged
    board: tuple[int, int] | None = None  # (game id, message id) of the last board posted (not the live one)
    lines: list[str] = field(default_factory=list)  # the public lines that board shows (an edit keeps them)


class Notifier:
    def __init__(self, bot: BotCore) -> None:
        self.bot = bot
        self._channels: dict[int, _ChannelQueue] = {}
        self.dms = DirectMessages(bot, self.channel)
        self.news = PrivateNews(bot, self.dms)
        # Called after the Update that ends a game is posted (a tournament's table ends: bot/discord/tournaments.py).
        self.on_end: list[Callable[[Update], Awaitable[None]]] = []

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        found = self.bot.get_channel(channel_id)
        if isinstance(found, discord.abc.Messageable):
            return found
        return self.bot.get_partial_messageable(channel_id)

    # ---- public ----------------------------------------------------------------------------
    def board_message(self, update: Update, already: Collection[int] = (),
                      quiet: Collection[int] = (), since: Sequence[Digest] = (), link: str | None = None,
                      form: str = "v2") -> BoardPost:
        """The public board post for ``update`` (nothing private in it), as the turn card (``form`` ``v2``:
        bot/discord/ui/turn_card.py) or as an embed (``embed``, for clients that cannot show the card). Players in
        ``already`` were awaited at the channel's previous board: they are not pinged again (their turn did not
        just begin); only players who became awaited are, except those in ``quiet`` (their notice comes by DM,
        bot/discord/notify_prefs.py, or they are in their quiet hours), whom the post names without pinging.
        ``since``: the
        "Since your last move" paragraphs of the players whose turn notice this post is (public lines only).
        ``link``: the table's web page, for the "View on the web" button (bot/discord/weblinks.py)."""
        with channel_speaking(update.table.settings):  # the channel reads the table's language
            return self._board_message(update, already, quiet, since, link, form)

    def _board_message(self, update: Update, already: Collection[int], quiet: Collection[int],
                       since: Sequence[Digest], link: str | None, form: str) -> BoardPost:
        newly = [u for u in update.awaited if u not in already] if update.finished is None else []
        table = update.table
        content: list[str] = [f"⏰ {shown(update.notice)}"] if update.notice else []
        if update.finished is not None:
            content.append(embeds.outcome_line(table, update.finished))
            if table.seed is not None:
                content.append(_("🔓 Seed: `{seed}` (SHA-256 `{digest}`) — replay the log to verify.").format(
                    seed=table.seed, digest=table.seed_digest))
        elif newly:
            content.append(_("Your move: {players}").format(players=mentions(newly)))
        board = Board(update.channel, table.game_id, update.version)
        active, finished = table.status == "active", table.status == "finished"
        allowed = pings([u for u in newly if u not in quiet])
        if form == "v2":
            view, files = turn_card(update, content, since, self._board_files(update),
                                    board_buttons(board, active=active, finished=finished, link=link))
            told = content + [since_text(d.digest, 700, who=d.who) for d in since]
            return BoardPost({"view": view, "files": files, "allowed_mentions": allowed},
                             clip("\n".join(t for t in told if t), 2000))
        room = min(700, 1700 // max(1, len(since)))
        content += [text for d in since if (text := since_text(d.digest, room, who=d.who))]
        head = clip("\n".join(content), 2000)
        embed = embeds.board_embed(table, update.summary, update.public_events, image=update.image is not None)
        return BoardPost(with_report({  # the final board's post carries the end report (bot/discord/ui/end_report.py)
            "content": head or None,
            "embed": embed,
            "files": self._board_files(update),
            "view": board_view(board, active=active, finished=finished, link=link),
            "allowed_mentions": allowed,
        }, update), head)

    def _board_files(self, update: Update) -> list[discord.File]:
        """The board image and, while a decision concerns one part of it, that part enlarged; each with the alt text
        the table wrote in the channel's language (``Update.alt``, ``focus_alt``; the game's title when its words
        failed)."""
        if update.image is None:
            return []
        files = image_file(update.image, "board.png", update.alt or _(update.table.title))
        return files + image_file(update.focus, "zoom.png", zoomed(update.focus_alt or _(update.table.title)))

    async def publish(self, update: Update, *, from_scheduler: bool = False,
                      actor: int | None = None) -> discord.Message | None:
        """Post the change in its channel and send private updates; returns the board message.

        A change with nothing public in it (one player's secret step, e.g. keeping an objective) posts
        nothing in the channel: the board did not visibly change, and even the timing stays private.
        ``actor`` (who made the change) gets no DM for their own step: the reply to their move shows its news.
        """
        silent = not (update.public_events or update.notice or update.finished is not None or self._turn_passes(update))
        message = None if silent else await self._post_in_order(update, actor)
        if update.reminder:
            await self._remind_by_dm(update)
        await self.send_private(update, actor=actor)
        if not from_scheduler:
            self.bot.scheduler.poke()  # the change may have started an earlier clock
        if update.table.status in ("finished", "abandoned"):
            for hook in self.on_end:
                try:
                    await hook(update)
                except Exception:  # the game's own post is out: what follows it never spoils that
                    log.exception("after the end of the game in channel %s", update.channel)
        return message

    async def reopened(self, update: Update) -> discord.Message | None:
        """Kontor may post in the channel again (``TableService.reopen``): the current board goes to the bottom as a
        new post, never as an edit of the board from before the refusals, with the lines they could not show, and
        pings everyone it awaits (their reminders may have gone unseen; no separate reminder follows)."""
        queue = self._channels.get(update.channel)
        if queue is not None:  # and whoever it awaits is pinged: the board is their reminder after the silence
            queue.board = queue.awaited = None
            queue.problem = None
        return await self.publish(update)

    def _turn_passes(self, update: Update) -> bool:
        """Whether someone the channel's last board did not wait for is awaited now: a step with no public line that
        hands the turn on (a private choice ending a turn) still needs its board and ping, or the next player is
        never told. A secret step in a simultaneous phase only shrinks the awaited set, so it stays silent."""
        queue = self._channels.get(update.channel)
        if queue is None or queue.awaited is None or queue.awaited[0] != update.table.game_id:
            return False  # nothing posted here since the start: the service's reminders are the fallback
        return any(user not in queue.awaited[1] for user in update.awaited)

    async def _post_in_order(self, update: Update, actor: int | None = None) -> discord.Message | None:
        """Post ``update`` once every earlier post of its channel is done, in version order.

        Whoever holds the channel's lock posts everything waiting by then as one board (the newest), so a
        board that a newer one superseded is never posted, and its lines still reach the channel. An update
        older than a board already posted adds only its lines. Returns the board message showing ``update``.
        """
        queue = self._channels.setdefault(update.channel, _ChannelQueue())
        posted: asyncio.Future[discord.Message | None] = asyncio.get_running_loop().create_future()
        queue.waiting.append((update, posted, actor))
        async with queue.lock:
            if not posted.done():  # else an earlier holder posted it with a newer board
                batch, queue.waiting = queue.waiting, []
                try:
                    await self._post_batch(queue, [u for u, _f, _a in batch], [f for _u, f, _a in batch],
                                           {u.version: a for u, _f, a in batch})
                finally:  # whatever happened, nobody waits for a post that will not come
                    for _u, future, _a in batch:
                        if not future.done():
                            future.set_result(None)
        return posted.result()

    async def _post_batch(self, queue: _ChannelQueue, updates: list[Update],
                          futures: list[asyncio.Future[discord.Message | None]],
                          actors: dict[int, int | None]) -> None:
        order = sorted(range(len(updates)), key=lambda i: _key(updates[i]))
        late = [updates[i] for i in order if queue.posted is not None and _key(updates[i]) < queue.posted]
        current = [i for i in order if queue.posted is None or _key(updates[i]) >= queue.posted]
        if late:
            await self._post_late(late)
        if not current:
            return
        newest = updates[current[-1]]
        lines = queue.unposted + _superseded_lines([updates[i] for i in current[:-1]])
        board = dataclasses.replace(newest, public_events=lines + newest.public_events) if lines else newest
        try:
            message = await self._post_board(board, queue, actors.get(newest.version))
        except discord.HTTPException as exc:
            # Discord refused even after discord.py's own retries (it waits out 429s): keep the lines for the
            # next post here, and let the channel's next update through.
            log.error("could not post the board in channel %s (HTTP %s); its lines go with the next post",
                      newest.channel, exc.status)
            queue.unposted = board.public_events[-MAX_CARRIED:]
            queue.problem = pausing.reason_for(exc)
            if queue.problem is not None:  # not a passing failure: stop the clocks, nobody is played for unseen
                await pausing.unreachable(self.bot, newest.channel, queue.problem)
            return
        queue.unposted = []
        if queue.problem is not None or newest.table.paused == "post":  # Kontor can post here again
            queue.problem = None
            if await self.bot.service.resume(newest.channel, reason="post") is not None:
                self.bot.scheduler.poke()  # its reminders are due again at once
        queue.posted = _key(newest)
        for i in current:
            futures[i].set_result(message)

    async def _post_late(self, updates: list[Update]) -> None:
        """Lines of changes whose board a newer one already replaced: text only, no buttons, no pings."""
        lines = _superseded_lines(updates)
        if not lines:
            return
        with channel_speaking(updates[-1].table.settings):
            head = _("Also, at move {n}:").format(n=updates[-1].table.moves)
        text = head + "\n" + "\n".join(shown_lines(lines))
        channel = await self.channel(updates[-1].channel)
        try:
            await channel.send(clip(text, 2000), allowed_mentions=NO_PING)
        except discord.HTTPException as exc:
            log.error("could not post late lines in channel %s (HTTP %s)", updates[-1].channel, exc.status)

    async def _post_board(self, update: Update, queue: _ChannelQueue, actor: int | None = None) -> discord.Message:
        table = update.table
        channel = await self.channel(update.channel)
        if update.reminder:  # a short line, not the board again: the board above it is still the current one
            who = list(update.awaited)
            quiet = await quiet_users(update, self.dms, who) | sleeping(update, who)
            with channel_speaking(table.settings):
                text = f"⏰ {shown(update.notice or _('Reminder'))}" + (
                    "\n" + _("Your move: {players}").format(players=mentions(who)) if who else "")
            return await channel.send(clip(text, 2000), allowed_mentions=pings([u for u in who if u not in quiet]))
        already = queue.awaited[1] if queue.awaited is not None and queue.awaited[0] == table.game_id else ()
        quiet = await quiet_users(update, self.dms, update.awaited) if update.finished is None else set()
        if actor is not None and update.finished is None:
            # Whoever made this change reads their next step in the reply to their move: named, never pinged by it,
            # even when the channel's memory of its last board is gone (a restart) and a new round starts with them.
            quiet.add(actor)
        newly = [u for u in update.awaited if u not in already and u not in quiet] if update.finished is None else []
        with channel_speaking(table.settings):  # the channel is these players' turn notice: what they missed
            since = self._since(update, newly)
        if update.finished is None:
            quiet |= sleeping(update, update.awaited)
        link = await table_link(self.bot, table)
        form = await self._card_form(table)
        post = self.board_message(update, already, quiet, since, link, form)
        live = table.settings.get("post") == "live" and table.status == "active"
        # the live message this bot posted last beats the table's snapshot, which may predate storing it
        live_id = queue.live[1] if queue.live and queue.live[0] == table.game_id else table.live_message_id
        # The same players still awaited (the next step of one player's turn): edit that board in place instead of a
        # new post per step; the channel gets a new post when whom the table waits for changes, or news comes.
        same_wait = (not live and table.status == "active" and update.awaited and not post.head
                     and queue.awaited == (table.game_id, frozenset(update.awaited))
                     and queue.board is not None and queue.board[0] == table.game_id)
        if same_wait and queue.board is not None:
            live_id = queue.board[1]
            # The edited board keeps the lines it showed: a step's news must not vanish from the channel.
            lines = (queue.lines + update.public_events)[-MAX_CARRIED:]
            post = self.board_message(dataclasses.replace(update, public_events=lines), already, quiet, since, link,
                                      form)
        kwargs = post.kwargs
        if (live or same_wait) and live_id:
            try:
                edit = {k: v for k, v in kwargs.items() if k not in ("files", "allowed_mentions")}
                edit["attachments"] = kwargs["files"]
                edit["content"] = None
                if form == "v2":  # a board posted as an embed (before the server chose the card) becomes the card
                    edit["embeds"] = []
                message: discord.Message = await channel.get_partial_message(live_id).edit(**edit)  # type: ignore[attr-defined]
                if post.head:  # an edit never pings: news and new turns go in a short message
                    await channel.send(post.head, allowed_mentions=kwargs["allowed_mentions"])
                queue.awaited = (table.game_id, frozenset(update.awaited))
                if same_wait:
                    queue.lines = lines
                return message
            except discord.NotFound:
                pass  # the live message was deleted: post a new one below
            except discord.HTTPException as exc:
                if exc.status != 400:
                    raise
                # Discord cannot turn a card back into an embed (the server chose the embed form since): a new post
                log.info("board %s in channel %s cannot be edited into this form; posting anew", live_id,
                         update.channel)
        message = await channel.send(**kwargs)
        queue.awaited = (table.game_id, frozenset(update.awaited))
        queue.board = (table.game_id, message.id)
        queue.lines = list(update.public_events)
        if live:
            queue.live = (table.game_id, message.id)
            with contextlib.suppress(TableError):  # the game ended meanwhile: nothing to edit later
                await self.bot.service.set_live_message(update.channel, message.id)
        return message

    def _since(self, update: Update, users: list[int]) -> list[Digest]:
        """"Since your last move" for each of ``users`` (newly awaited, told in the channel): the digests the Update
        carries (``Update.since``: whose turn began with it; one that could not be read is not there, and the post goes
        without it), each named when the post speaks to several. The post fits them into its room."""
        if not users or update.table.status != "active":
            return []
        out = []
        for user in users:
            digest = update.since.get(user)
            if digest is None:
                continue
            seat = update.table.seat_of(user)
            who = update.table.seats[seat].name if len(users) > 1 and seat is not None else None
            out.append(Digest(digest, who))
        return out

    async def _card_form(self, table: Table) -> str:
        """How the table's server posts its boards (``/game settings card:``), else the bot's default
        (``KONTOR_CARD``)."""
        try:
            chosen = await self.bot.service.card_form(table.guild)
        except Exception:  # the form is never worth a post: without the answer, the default
            log.warning("could not read how server %s posts its boards", table.guild, exc_info=True)
            chosen = None
        return chosen or self.bot.config.card

    def newest_board(self, channel_id: int) -> int | None:
        """The id of the newest board message this bot posted (or keeps live) in the channel; None if unknown (e.g.
        nothing posted since the start)."""
        queue = self._channels.get(channel_id)
        if queue is None:
            return None
        boards = [b for b in (queue.board, queue.live) if b is not None]
        return max(boards)[1] if boards else None

    def post_problem(self, channel_id: int) -> str | None:
        """Why the channel's last board post was refused ("channel" gone, "post" not allowed), else None."""
        queue = self._channels.get(channel_id)
        return queue.problem if queue is not None else None

    async def _remind_by_dm(self, update: Update) -> None:
        """A reminder for a player who asked for DMs (or the digest): by DM; if it does not arrive, a ping here."""
        asleep = sleeping(update, update.awaited)  # the night outlasts their bank: no DM at night
        for user in await quiet_users(update, self.dms, update.awaited) - asleep:
            with speaking(update.reader(user).language):  # a DM: the player's own language
                text = f"⏰ {update.notice or _('Reminder')} — {jump_link(update.table)}"
                if not await self.dms.send_text(user, clip(text, 2000), update.reader(user)):
                    with channel_speaking(update.table.settings):  # the ping falls back to the channel
                        await self.dms.ping(update.table, user, _("⏰ Your move:"))

    # ---- private ---------------------------------------------------------------------------
    async def send_private(self, update: Update, *, actor: int | None = None) -> None:
        """Private news, coalesced per turn (bot/discord/private_news.py)."""
        await self.news.publish(update, actor=actor)

    async def check_dm(self, user: discord.User | discord.Member, table: Table) -> bool:
        """At join: a short hello by DM proves DMs work (and is remembered either way)."""
        return await self.dms.hello(user, table)
