"""``TableService``: the table's one public object, a thin façade over its parts (docs/service.md, "Where the code
lives"). Each part holds one concern and the one shared core (``bot/table/core.py``: store, registry, locks, the one
cache object); the parts a part needs are handed to it here, so who depends on whom reads off ``__init__``. The
façade adds nothing but opening and closing: every other public method is one line naming the part that answers."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, Concatenate, Generic, ParamSpec, Self, TypeVar, overload

from bot.table.club import Club
from bot.table.club.league import League
from bot.table.club.seasons import Seasons
from bot.table.club.stats import Stats
from bot.table.club.window import ClubWindow
from bot.table.coherence import Coherence
from bot.table.core import TableCore
from bot.table.deadlines import Deadlines
from bot.table.departures import Departures
from bot.table.downtime import Downtime
from bot.table.guide import Guide
from bot.table.images import BoardImages
from bot.table.learn import Hints, Reviews
from bot.table.lobby import Lobby
from bot.table.moves import Moves
from bot.table.orders import Orders
from bot.table.pauses import Pauses
from bot.table.reads import Reads
from bot.table.records import Records
from bot.table.search_pool import SearchPool
from bot.table.seek.part import Seeks
from bot.table.shards import Shards
from bot.table.since import Since
from bot.table.store import Store
from bot.table.threads import TableThreads
from bot.table.timebank import BankClocks
from bot.table.timeouts import Timeouts
from bot.table.tourney.part import Tournaments
from bot.table.tourney.referee import Referee
from bot.table.undo import Undo
from bot.table.users import Users
from rules.core import Game

P = ParamSpec("P")
R = TypeVar("R")


class _Forward(Generic[P, R]):
    """``act = _Forward("moves", Moves.act)``: the façade's ``act`` is its ``moves`` part's, signature and all. On the
    class (``TableService.act``) it is a plain function of the service, as a method would be."""

    def __init__(self, part: str, method: Callable[Concatenate[Any, P], R]) -> None:
        self.part, self.name = part, method.__name__
        self.__doc__ = method.__doc__

    @overload
    def __get__(self, service: None, owner: type) -> Callable[Concatenate[Any, P], R]: ...
    @overload
    def __get__(self, service: object, owner: type) -> Callable[P, R]: ...
    def __get__(self, service: object | None, owner: type) -> Callable[..., R]:
        if service is None:
            part, name = self.part, self.name

            def unbound(service: Any, *args: Any, **kwargs: Any) -> R:
                method: Callable[..., R] = getattr(getattr(service, part), name)
                return method(*args, **kwargs)

            unbound.__name__, unbound.__doc__ = name, self.__doc__
            return unbound
        method: Callable[P, R] = getattr(getattr(service, self.part), self.name)
        return method


class TableService:
    """See docs/service.md. Open with ``await TableService.open(path)``; always ``await close()``."""

    def __init__(
        self,
        store: Store,
        *,
        render: bool = False,
        games: Mapping[str, Game] | None = None,
        clock: Callable[[], float] = time.time,
        images: BoardImages | None = None,
        search: SearchPool | None = None,
        shards: Shards | None = None,
        news: bool = False,
        cache_games: int | None = None,
    ) -> None:
        # news: keep each player's private news for the front end to deliver (the Discord bot; bot/table/news.py);
        # cache_games: how many games stay in memory (None: KONTOR_GAME_CACHE, bot/table/caches.py)
        self.core = core = TableCore(store, render=render, games=games, clock=clock, images=images, search=search,
                                     shards=shards, news=news, cache_games=cache_games)
        self.coherence = Coherence(core)
        self.downtime = Downtime(core)
        self.banks = BankClocks(core)
        self.club = Club(core)
        self.club_seasons = Seasons(core)
        self.club_stats = Stats(core)
        self.leagues = League(core)
        self.club_window = ClubWindow(core)
        self.moves = Moves(core, self.banks, self.club)
        self.lobby = Lobby(core, self.banks, self.moves)
        self.departures = Departures(core, self.lobby)
        self.users = Users(core)
        self.timeouts = Timeouts(core, self.banks, self.moves, self.lobby)
        self.deadlines = Deadlines(core, self.banks, self.moves, self.users, self.timeouts, self.downtime)
        self.standing_orders = Orders(core, self.moves)
        self.takeback = Undo(core, self.banks, self.moves)
        self.guide = Guide(core)
        self.pauses = Pauses(core)
        self.reads = Reads(core)
        self.records = Records(core, self.lobby, self.reads)
        self.since = Since(core, self.reads)
        self.tournaments = Tournaments(core, self.lobby)
        self.referee = Referee(core, self.tournaments, self.lobby, self.timeouts)

        self.seeks = Seeks(core, self.lobby)
        self.table_threads = TableThreads(core)
        self.hints = Hints(core)
        self.reviews = Reviews(core)  # its job may start at each game's end (``TableCore.ended``)

    # ---- opening and closing ------------------------------------------------------------------------------------
    @classmethod
    async def open(
        cls, path: str, *, render: bool = False, games: Mapping[str, Game] | None = None,
        clock: Callable[[], float] = time.time, images: BoardImages | None = None, search: SearchPool | None = None,
        shards: Shards | None = None, news: bool = False, cache_games: int | None = None,
    ) -> Self:
        """Open (and migrate) the file, then ``load()``; the store is closed again if loading fails. (``kontor run``
        and ``kontor play`` open through ``bot.table.health.open_service``, which checks the file before ``load()``.)"""
        store = await Store.open(path)
        service = cls(store, render=render, games=games, clock=clock, images=images, search=search, shards=shards,
                      news=news, cache_games=cache_games)
        try:
            await service.load()
        except BaseException:
            await store.close()
            raise
        return service

    async def load(self) -> None:
        """Read the caches (pauses, departures, standing orders, caretaker seats, away periods), give waits older
        than the banks a full bank, give the running clocks back the time the service was down, and give the games
        finished before results were kept their results and ratings."""
        await self.coherence.load(lambda: self.core.caches.load(self.core.store))
        await self.banks.bank_old_waits()
        await self.downtime.give_back()
        await self.club.backfill()  # the games finished before migration 18 (none after the first start)

    drain = _Forward("core", TableCore.drain)

    async def close(self) -> None:
        """``drain``, then close the store. Safe to call twice."""
        await self.core.drain()
        if not self.core.closed:
            self.core.closed = True
            await self.coherence.stop()
            await self.reviews.stop()
            await self.downtime.stopping()
            self.core.search.close()
            await self.core.store.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ---- what the core holds ------------------------------------------------------------------------------------
    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def shards(self) -> Shards | None:
        return self.core.shards

    @shards.setter
    def shards(self, shards: Shards | None) -> None:
        self.core.shards = shards

    @property
    def clock(self) -> Callable[[], float]:
        return self.core.clock

    @property
    def images(self) -> BoardImages:
        return self.core.images

    @property
    def search(self) -> SearchPool:
        return self.core.search

    @property
    def render(self) -> bool:
        return self.core.render

    @property
    def games(self) -> Mapping[str, Game]:
        return self.core.games

    game = _Forward("core", TableCore.game)
    refresh = _Forward("coherence", Coherence.refresh)

    # ---- lobby (bot/table/lobby.py, departures.py) --------------------------------------------------------------
    create = _Forward("lobby", Lobby.create)
    check_new = _Forward("lobby", Lobby.check_new)
    join = _Forward("lobby", Lobby.join)
    leave = _Forward("lobby", Lobby.leave)
    add_bot = _Forward("lobby", Lobby.add_bot)
    remove_bot = _Forward("lobby", Lobby.remove_bot)
    start = _Forward("lobby", Lobby.start)
    abandon = _Forward("lobby", Lobby.abandon)
    vote_abandon = _Forward("lobby", Lobby.vote_abandon)
    abandon_votes = _Forward("lobby", Lobby.abandon_votes)
    replace = _Forward("lobby", Lobby.replace)
    update_settings = _Forward("lobby", Lobby.update_settings)
    set_live_message = _Forward("lobby", Lobby.set_live_message)
    set_dm_ok = _Forward("lobby", Lobby.set_dm_ok)
    dm_ok = _Forward("lobby", Lobby.dm_ok)
    dm_status = _Forward("lobby", Lobby.dm_status)
    member_left = _Forward("departures", Departures.member_left)
    vote_seat = _Forward("departures", Departures.vote_seat)

    # ---- play (moves.py, undo.py, orders.py) --------------------------------------------------------------------
    act = _Forward("moves", Moves.act)
    wake_bots = _Forward("moves", Moves.wake_bots)
    undo = _Forward("takeback", Undo.undo)
    can_undo = _Forward("takeback", Undo.can_undo)
    orders = _Forward("standing_orders", Orders.orders)
    set_order = _Forward("standing_orders", Orders.set_order)
    cancel_order = _Forward("standing_orders", Orders.cancel_order)
    my_order = _Forward("standing_orders", Orders.my_order)

    # ---- the guide and the rules by topic (guide.py; docs/learning.md) ------------------------------------------
    set_guide = _Forward("guide", Guide.set_guide)
    explain = _Forward("guide", Guide.explain)
    guide_topics = _Forward("guide", Guide.guide_topics)
    topic_image = _Forward("guide", Guide.topic_image)

    # ---- time (deadlines.py, timeouts.py, pauses.py) ------------------------------------------------------------
    due = _Forward("deadlines", Deadlines.due)
    next_due = _Forward("deadlines", Deadlines.next_due)
    vote_timeout = _Forward("timeouts", Timeouts.vote_timeout)
    reclaim = _Forward("timeouts", Timeouts.reclaim)
    away = _Forward("timeouts", Timeouts.away)
    back = _Forward("timeouts", Timeouts.back)
    pause = _Forward("pauses", Pauses.pause)
    resume = _Forward("pauses", Pauses.resume)
    reopen = _Forward("pauses", Pauses.reopen)
    paused_channels = _Forward("pauses", Pauses.paused_channels)
    pause_server = _Forward("pauses", Pauses.pause_server)
    move_here = _Forward("pauses", Pauses.move_here)

    # ---- reading (reads.py, records.py, since.py) ---------------------------------------------------------------
    table = _Forward("reads", Reads.table)
    table_of_game = _Forward("reads", Reads.table_of_game)
    legal = _Forward("reads", Reads.legal)
    waiting_since = _Forward("reads", Reads.waiting_since)
    private_view = _Forward("reads", Reads.private_view)
    public_view = _Forward("reads", Reads.public_view)
    board_image = _Forward("reads", Reads.board_image)
    log = _Forward("reads", Reads.log)
    my_games = _Forward("reads", Reads.my_games)
    history = _Forward("reads", Reads.history)
    rebuild = _Forward("reads", Reads.rebuild)
    replay = _Forward("reads", Reads.replay)
    date_logs = _Forward("reads", Reads.date_logs)
    log_entries = _Forward("records", Records.log_entries)
    game_list = _Forward("records", Records.game_list)
    record = _Forward("records", Records.record)
    rematch = _Forward("records", Records.rematch)
    rematch_join = _Forward("records", Records.rematch_join)
    since_last_move = _Forward("since", Since.since_last_move)
    since_image = _Forward("since", Since.since_image)

    # ---- the club: results, ratings, leaderboards, profiles (club/) -----------------------------------------------
    leaderboard = _Forward("club", Club.leaderboard)
    profile = _Forward("club", Club.profile)
    profile_servers = _Forward("club", Club.profile_servers)
    rating_charts = _Forward("club", Club.rating_charts)
    rebuild_ratings = _Forward("club", Club.rebuild_ratings)
    stored_ratings = _Forward("club", Club.stored_ratings)
    min_games = _Forward("club", Club.min_games)
    close_season = _Forward("club_seasons", Seasons.close_season)
    seasons = _Forward("club_seasons", Seasons.seasons)
    set_min_games = _Forward("club_seasons", Seasons.set_min_games)
    privacy = _Forward("club_seasons", Seasons.privacy)
    set_privacy = _Forward("club_seasons", Seasons.set_privacy)
    win_chances = _Forward("club_seasons", Seasons.win_chances)
    game_stats = _Forward("club_stats", Stats.game_stats)
    league = _Forward("leagues", League.league)
    league_podium = _Forward("leagues", League.league_podium)
    league_points = _Forward("leagues", League.league_points)
    set_league_points = _Forward("leagues", League.set_league_points)
    web_pages = _Forward("club_window", ClubWindow.web_pages)
    set_web_pages = _Forward("club_window", ClubWindow.set_web_pages)
    card_form = _Forward("club_window", ClubWindow.card_form)
    set_card_form = _Forward("club_window", ClubWindow.set_card_form)

    # ---- a thread per table (threads.py) --------------------------------------------------------------------------
    threads_on = _Forward("table_threads", TableThreads.threads_on)
    set_threads = _Forward("table_threads", TableThreads.set_threads)
    note_thread = _Forward("table_threads", TableThreads.note_thread)
    forget_thread = _Forward("table_threads", TableThreads.forget_thread)
    thread_parent = _Forward("table_threads", TableThreads.thread_parent)
    open_tables_in = _Forward("table_threads", TableThreads.open_tables_in)

    # ---- tournaments (tourney/) ----------------------------------------------------------------------------------
    create_tournament = _Forward("tournaments", Tournaments.create_tournament)
    join_tournament = _Forward("tournaments", Tournaments.join_tournament)
    leave_tournament = _Forward("tournaments", Tournaments.leave_tournament)
    start_tournament = _Forward("tournaments", Tournaments.start_tournament)
    open_tournament_tables = _Forward("tournaments", Tournaments.open_tournament_tables)
    advance_tournament = _Forward("tournaments", Tournaments.advance_tournament)
    tournament_of = _Forward("tournaments", Tournaments.tournament_of)
    drop_tournament = _Forward("referee", Referee.drop_tournament)
    forfeit_tournament = _Forward("referee", Referee.forfeit_tournament)
    adjudicate_tournament = _Forward("referee", Referee.adjudicate_tournament)
    cancel_tournament = _Forward("referee", Referee.cancel_tournament)
    round_deadlines_due = _Forward("referee", Referee.round_deadlines_due)
    next_round_deadline = _Forward("referee", Referee.next_round_deadline)
    organiser_role = _Forward("tournaments", Tournaments.organiser_role)
    set_organiser_role = _Forward("tournaments", Tournaments.set_organiser_role)
    tournament = _Forward("tournaments", Tournaments.tournament)
    running_tournaments = _Forward("tournaments", Tournaments.running_tournaments)

    # ---- the seek queue (seek/) ---------------------------------------------------------------------------------
    seek = _Forward("seeks", Seeks.seek)
    seek_list = _Forward("seeks", Seeks.seek_list)
    unseek = _Forward("seeks", Seeks.unseek)
    seek_settings = _Forward("seeks", Seeks.seek_settings)
    set_seek_settings = _Forward("seeks", Seeks.set_seek_settings)
    seek_table = _Forward("seeks", Seeks.seek_table)
    open_seek_tables = _Forward("seeks", Seeks.open_seek_tables)
    seek_asked = _Forward("seeks", Seeks.seek_asked)
    seek_ready = _Forward("seeks", Seeks.seek_ready)
    seek_due = _Forward("seeks", Seeks.seek_due)
    next_seek_due = _Forward("seeks", Seeks.next_seek_due)
    forming_seek_tables = _Forward("seeks", Seeks.forming_seek_tables)

    # ---- learning at the table (learn/) ------------------------------------------------------------------------
    hint = _Forward("hints", Hints.hint)
    review = _Forward("reviews", Reviews.review)
    review_image = _Forward("reviews", Reviews.review_image)
    prepare_review = _Forward("reviews", Reviews.prepare_review)
    review_after_end = _Forward("reviews", Reviews.review_after_end)

    # ---- people (users.py) --------------------------------------------------------------------------------------
    notify_pref = _Forward("users", Users.notify_pref)
    set_notify_pref = _Forward("users", Users.set_notify_pref)
    remember_language = _Forward("users", Users.remember_language)
    user_language = _Forward("users", Users.user_language)
    quiet_hours = _Forward("users", Users.quiet_hours)
    time_zone = _Forward("users", Users.time_zone)
    set_quiet_hours = _Forward("users", Users.set_quiet_hours)
    quiet_until = _Forward("users", Users.quiet_until)
    digest_due = _Forward("users", Users.digest_due)
    digest_sent = _Forward("users", Users.digest_sent)
    add_news = _Forward("users", Users.add_news)
    pending_news = _Forward("users", Users.pending_news)
    news_users = _Forward("users", Users.news_users)
    news_games = _Forward("users", Users.news_games)
    news_delivered = _Forward("users", Users.news_delivered)
    drop_old_news = _Forward("users", Users.drop_old_news)
    screen = _Forward("users", Users.screen)
