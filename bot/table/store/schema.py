"""The SQLite file's shape: how every writing connection is set up (``PRAGMAS``) and the schema's migrations.

Kept apart from the store's queries so the bench's commit floor can take the very same settings, and so a change
of the schema reads as one list. ``MIGRATIONS`` is append-only: never edit an entry that shipped.
"""

from __future__ import annotations

# How every connection that writes the file is set up, in order: the store's, and the commit floor the bench
# compares act() with (bench/service.py), so the two cannot drift apart.
#
# synchronous=FULL: every COMMIT fsyncs the WAL before it returns, so a move the players were told about
# survives a power loss or a VM reset (NORMAL synced only at checkpoints: 300 moves made no fsync at all).
# Measured on the bench's 2-core VM (raw sqlite3, a ~2 KB row + a log row per commit): a commit costs
# ~0.13 ms instead of ~0.02 ms.
SYNCHRONOUS = "FULL"
# With FULL the WAL is already on disk when a checkpoint runs, so a checkpoint only copies pages into the
# database and syncs it: ~2.5 ms at 1,000 pages, ~3.3 ms at 2,500, ~5 ms at 10,000 (with NORMAL it also had to
# sync the whole WAL: 5, 9 and 27 ms, which is why this was 10,000). Amortised, any of these costs < 0.01 ms a
# move; what the size decides is how many moves pay one. A move writes about 4 pages, so 2,500 pages is one
# move in ~600 (SQLite's default 1,000: one in ~250), well clear of act()'s p99, with a WAL of ~10 MB that
# is reused in place soon after a restart (10,000 pages: 41 MB, ~2,500 moves of a growing WAL).
WAL_AUTOCHECKPOINT_PAGES = 2_500
# After a checkpoint the WAL is rewritten from its start and kept at up to this size, larger than it grows
# between checkpoints (2,500 frames of 4,120 bytes, ~10.3 MB): a WAL that is truncated grows again, and an fsync
# that also grows the file cost ~0.23 ms instead of ~0.13 ms. It trims the WAL after a long reader (a backup)
# held checkpoints back and let it grow.
JOURNAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024
PRAGMAS: tuple[str, ...] = (
    "journal_mode=WAL",
    f"synchronous={SYNCHRONOUS}",
    "foreign_keys=ON",
    "busy_timeout=5000",
    f"wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES}",
    f"journal_size_limit={JOURNAL_SIZE_LIMIT_BYTES}",
)

# Index i upgrades user_version i -> i+1. Append only: never edit a shipped entry.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE games(
        id INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL,
        guild_id INTEGER,
        game TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        settings TEXT NOT NULL DEFAULT '{}',
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        seed INTEGER,
        creator_id INTEGER NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        snapshot TEXT,
        outcome TEXT,
        live_message_id INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        ended_at REAL
    ) STRICT;
    CREATE UNIQUE INDEX games_one_open_per_channel ON games(channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_channel ON games(channel_id, id);
    CREATE TABLE seats(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    CREATE UNIQUE INDEX seats_one_per_user ON seats(game_id, user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX seats_by_user ON seats(user_id);
    CREATE TABLE actions(
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('player', 'bot', 'caretaker', 'note')),
        version INTEGER NOT NULL,
        seat INTEGER,
        user_id INTEGER,
        action TEXT,
        events TEXT NOT NULL DEFAULT '[]',
        at REAL NOT NULL
    ) STRICT;
    CREATE INDEX actions_by_game ON actions(game_id, id);
    CREATE TABLE users(
        user_id INTEGER PRIMARY KEY,
        dm_ok INTEGER NOT NULL DEFAULT 1,
        dm_failed_at REAL
    ) STRICT;
    CREATE TABLE deadlines(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        since REAL NOT NULL,
        remind_at REAL,
        due_at REAL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    CREATE INDEX deadlines_remind ON deadlines(remind_at) WHERE remind_at IS NOT NULL;
    CREATE INDEX deadlines_due ON deadlines(due_at) WHERE due_at IS NOT NULL;
    """,
    # 2: votes to abandon a game, so a restart does not start a vote over (cleared when the game ends)
    """
    CREATE TABLE abandon_votes(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    ) STRICT;
    """,
    # 3: the board version at which each awaited seat's current wait began (its clock's start as a version),
    # so a choice made on an older board of the same wait (a simultaneous step) can be told from a stale one
    """
    ALTER TABLE deadlines ADD COLUMN since_version INTEGER;
    """,
    # 4: waits that began before migration 3 have no since_version, and a simultaneous step then refused even a
    # choice on the current board. Date them from the game's current version (older boards stay refused).
    """
    UPDATE deadlines SET since_version = (SELECT version FROM games WHERE games.id = deadlines.game_id)
    WHERE since_version IS NULL;
    """,
    # 5: tables whose clocks are paused (their channel is gone, or Kontor cannot post there), and a key-value
    # table for the service's own facts (when it was last alive, to give players back the time it was down)
    """
    CREATE TABLE pauses(
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        since REAL NOT NULL,
        reason TEXT NOT NULL
    ) STRICT;
    CREATE TABLE meta(
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) STRICT;
    """,
    # 6: seated players who left the server, and the others' votes on what happens to such a seat
    """
    CREATE TABLE departures(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    ) STRICT;
    CREATE TABLE seat_votes(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        choice TEXT NOT NULL CHECK (choice IN ('bot', 'end') OR choice GLOB 'member:[0-9]*'),
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seat, user_id)
    ) STRICT;
    """,
    # 7: automatic moves ('auto': a forced prompt or a standing order played for a human seat) in the log, whose
    # kind is checked, so the table is rebuilt (SQLite cannot change a CHECK): new table, copy, drop, rename,
    # index again; and the standing orders players gave (one per seat, kept until its scope ends)
    """
    CREATE TABLE actions_7(
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('player', 'bot', 'caretaker', 'note', 'auto')),
        version INTEGER NOT NULL,
        seat INTEGER,
        user_id INTEGER,
        action TEXT,
        events TEXT NOT NULL DEFAULT '[]',
        at REAL NOT NULL
    ) STRICT;
    INSERT INTO actions_7(id, game_id, kind, version, seat, user_id, action, events, at)
        SELECT id, game_id, kind, version, seat, user_id, action, events, at FROM actions ORDER BY id;
    DROP TABLE actions;
    ALTER TABLE actions_7 RENAME TO actions;
    CREATE INDEX actions_by_game ON actions(game_id, id);
    CREATE TABLE standing_orders(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        order_id TEXT NOT NULL,
        label TEXT NOT NULL,
        scope TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    """,
    # 8: each user's notification preference (NULL = "mention") and when their last
    # daily digest went out; and the private news a player has not seen yet (one row per change that brought it:
    # its lines, [] when only their screen changed), deleted once delivered by DM or shown in a reply.
    """
    ALTER TABLE users ADD COLUMN notify TEXT CHECK (notify IN ('mention', 'dm', 'digest'));
    ALTER TABLE users ADD COLUMN digest_at REAL;
    CREATE TABLE private_news(
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        lines TEXT NOT NULL DEFAULT '[]',
        at REAL NOT NULL
    ) STRICT;
    CREATE INDEX private_news_by_user ON private_news(user_id, game_id, id);
    """,
    # 9: undo. Per action,
    # why it cannot be taken back (``barrier``, NULL when it can: ``rules.core.Step.barrier``; every row logged
    # before this migration reads 'legacy', so undo never reaches behind it), and whether an undo took it back
    # (``undone``: kept in the log and shown struck through, skipped by replay)
    """
    ALTER TABLE actions ADD COLUMN barrier TEXT DEFAULT 'legacy';
    ALTER TABLE actions ADD COLUMN undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1));
    """,
    # 10: time banks, away, the caretaker by consent.
    # banks: a seat's bank while its clock is not running (no row = a full bank: running games migrate with one);
    # deadlines.banked = 0 marks the waits that ran at the upgrade, re-timed once by the service to a full bank;
    # aways: a player's away period and the away time used per game; timeouts and timeout_votes: the question to
    # the others when a bank ran out, and their answers; caretaker_seats: seats given to the caretaker for good
    # (the player may reclaim them).
    """
    CREATE TABLE banks(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        left_s REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    ALTER TABLE deadlines ADD COLUMN banked INTEGER NOT NULL DEFAULT 1;
    UPDATE deadlines SET banked = 0;
    CREATE TABLE aways(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        since REAL,
        until REAL,
        used_s REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, user_id)
    ) STRICT;
    CREATE TABLE timeouts(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        asked_at REAL NOT NULL,
        decide_at REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    CREATE TABLE timeout_votes(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        choice TEXT NOT NULL CHECK (choice IN ('wait', 'caretaker-turn', 'caretaker-seat', 'end')),
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seat, user_id)
    ) STRICT;
    CREATE TABLE caretaker_seats(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        since REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    """,
    # 11: the refill a seat's last finished turn added to its bank, so that taking that move back (undo) takes the
    # refill back too: a move and its undo must not be a way to fill one's bank
    """
    ALTER TABLE banks ADD COLUMN refill_s REAL NOT NULL DEFAULT 0;
    """,
    # 12: quiet hours, stored with the notification preference: the player's IANA time zone and their local quiet
    # hours as "start-end" (e.g. "22-8"); NULL = none. No reminder reaches them then (bot/table/quiet.py).
    """
    ALTER TABLE users ADD COLUMN tz TEXT;
    ALTER TABLE users ADD COLUMN quiet TEXT;
    """,
    # 13: a bot seat's level (bot/table/levels.py): 'basic' (the game's heuristic) or 'strong' (the search); human seats
    # keep the default, which nothing reads
    """
    ALTER TABLE seats ADD COLUMN level TEXT NOT NULL DEFAULT 'basic' CHECK (level IN ('basic', 'strong'));
    """,
    # 14: the language a user reads (bot/lang.py), as their Discord client last said in an interaction: their DMs
    # and the texts made for them away from any interaction use it; NULL = not seen yet (English)
    """
    ALTER TABLE users ADD COLUMN language TEXT;
    """,
    # 15: several standing orders per seat, one per kind (``Game.standing_kind``): Speicherstadt's plan-ahead
    # placement ("place") beside its purchase order ("upto"); kind '' is every other order, one per seat as before
    """
    CREATE TABLE standing_orders_15(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL DEFAULT '',
        order_id TEXT NOT NULL,
        label TEXT NOT NULL,
        scope TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seat, kind)
    ) STRICT;
    INSERT INTO standing_orders_15(game_id, seat, kind, order_id, label, scope, at)
        SELECT game_id, seat, '', order_id, label, scope, at FROM standing_orders;
    DROP TABLE standing_orders;
    ALTER TABLE standing_orders_15 RENAME TO standing_orders;
    """,
    # 16: the rules version each logged action was played under (``Game.rules_version``; rules/archive keeps the
    # engines of earlier versions), so a log replays the way it was played across upgrades. NULL: logged before
    # this column, until the start-up check finds the version that replays the game (docs/service.md, "Upgrades")
    """
    ALTER TABLE actions ADD COLUMN rules_version INTEGER;
    """,
    # 17: the start-up check looks for actions of no known rules version at every start: an index of just those
    # (none, once dated) instead of a scan of the whole log
    """
    CREATE INDEX actions_undated ON actions(game_id) WHERE rules_version IS NULL AND action IS NOT NULL;
    """,
    # 18: the club's memory (docs/ratings.md). starting_seats: who sat where when a game started (NULL: a bot), so the
    # end can tell who left; running games take their seating at the upgrade. results: one row per seat's occupant at
    # the end of a finished game, plus one per starting player who left (departed = 1); rated: counted in ratings;
    # seq: the order the games were rated in (a rebuild replays it).
    # ratings: the current (μ, σ) per server (0: none), game, season and user; rating_changes: each rated game's
    # before and after per player. Finished games of earlier builds get their results at the first start
    # (bot/table/club/part.py, ``Club.backfill``): the outcome is JSON the migration does not read.
    """
    CREATE TABLE starting_seats(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    INSERT INTO starting_seats(game_id, seat, user_id, name)
        SELECT s.game_id, s.seat, s.user_id, s.name FROM seats s JOIN games g ON g.id = s.game_id
        WHERE g.status = 'active';
    CREATE TABLE results(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        departed INTEGER NOT NULL CHECK (departed IN (0, 1)),
        user_id INTEGER,
        name TEXT NOT NULL,
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL,
        breakdown TEXT NOT NULL DEFAULT '{}',
        players INTEGER NOT NULL,
        rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
        seq INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat, departed)
    ) STRICT;
    CREATE INDEX results_by_user ON results(user_id, game_id) WHERE user_id IS NOT NULL;
    CREATE INDEX results_by_seq ON results(seq);
    CREATE TABLE ratings(
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        season INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, game, season, user_id)
    ) STRICT;
    CREATE TABLE rating_changes(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        season INTEGER NOT NULL,
        mu_before REAL NOT NULL,
        sigma_before REAL NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    ) STRICT;
    CREATE INDEX rating_changes_by_user ON rating_changes(user_id, guild_id, game, season, game_id);
    """,
    # 19: tournaments (docs/tournaments.md). tournaments: one per sign-up channel while open (signup or running); seed:
    # the public seed of the pairing; game_seed: when set (simulations, tests), the games' secret seeds derive from it;
    # round: the round paired last (0 before the start). tournament_players: who signed up, and the round after which
    # they dropped (NULL: still in). tournament_tables: each round's tables as paired (players: JSON list of user ids),
    # the channel and game each opened in (NULL until opened: pairing and opening are separate steps, each resumable),
    # settled once its results are in. tournament_results: each player's place, score and points at each round.
    # tournament_forfeits: a player who forfeits their game of a round (they take its last place).
    """
    CREATE TABLE tournaments(
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        organiser_id INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
        format TEXT NOT NULL CHECK (format IN ('swiss', 'roundrobin')),
        rounds INTEGER NOT NULL,
        size_min INTEGER NOT NULL,
        size_max INTEGER NOT NULL,
        points TEXT,
        options TEXT NOT NULL DEFAULT '{}',
        settings TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        game_seed INTEGER,
        round INTEGER NOT NULL DEFAULT 0,
        signup_until REAL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX tournaments_open ON tournaments(channel_id) WHERE status IN ('signup', 'running');
    CREATE TABLE tournament_players(
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        joined_at REAL NOT NULL,
        dropped_after INTEGER,
        PRIMARY KEY (tournament_id, user_id)
    ) STRICT;
    CREATE TABLE tournament_tables(
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        players TEXT NOT NULL,
        channel_id INTEGER,
        game_id INTEGER REFERENCES games(id),
        settled INTEGER NOT NULL DEFAULT 0 CHECK (settled IN (0, 1)),
        PRIMARY KEY (tournament_id, round, table_no)
    ) STRICT;
    CREATE UNIQUE INDEX tournament_tables_game ON tournament_tables(game_id) WHERE game_id IS NOT NULL;
    CREATE TABLE tournament_results(
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        place INTEGER NOT NULL,
        score INTEGER NOT NULL,
        points INTEGER NOT NULL,
        how TEXT NOT NULL CHECK (how IN ('played', 'adjudicated', 'forfeit')),
        PRIMARY KEY (tournament_id, round, user_id)
    ) STRICT;
    CREATE TABLE tournament_forfeits(
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (tournament_id, round, user_id)
    ) STRICT;
    """,
    # 20: seasons, privacy and the club's statistics (docs/ratings.md, issue 38 phase 2). club_servers: each server's
    # current season and its minimum of rated games to be listed (NULL: the default); seasons: the closed ones.
    # results.season: the season a game was rated in (a rebuild replays each season from scratch); ratings of season
    # 0 are the all-time view (never reset: the same model over every rated game of the server), seeded from season 1,
    # the only season before this migration. results' moves, time_used and longest_wait: the seat's own moves and
    # the time they took (the end report, profiles); ended_games: each finished game's length (the statistics).
    # club_privacy: a player's profile private (seen by them only) and whether leaderboards list them.
    # ratings_by_ordinal: a leaderboard's page, its size and a player's place read the index in order.
    """
    ALTER TABLE results ADD COLUMN season INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE results ADD COLUMN moves INTEGER;
    ALTER TABLE results ADD COLUMN time_used REAL;
    ALTER TABLE results ADD COLUMN longest_wait REAL;
    CREATE TABLE club_servers(
        guild_id INTEGER PRIMARY KEY,
        season INTEGER NOT NULL DEFAULT 1,
        min_listed INTEGER,
        updated_at REAL NOT NULL
    ) STRICT;
    CREATE TABLE seasons(
        guild_id INTEGER NOT NULL,
        season INTEGER NOT NULL,
        closed_at REAL NOT NULL,
        closed_by INTEGER NOT NULL,
        PRIMARY KEY (guild_id, season)
    ) STRICT;
    CREATE TABLE ended_games(
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        season INTEGER NOT NULL,
        players INTEGER NOT NULL,
        moves INTEGER NOT NULL,
        started_at REAL NOT NULL,
        ended_at REAL NOT NULL
    ) STRICT;
    CREATE INDEX ended_games_by_server ON ended_games(guild_id, game);
    CREATE TABLE club_privacy(
        user_id INTEGER PRIMARY KEY,
        private INTEGER NOT NULL CHECK (private IN (0, 1)),
        listed INTEGER NOT NULL CHECK (listed IN (0, 1)),
        updated_at REAL NOT NULL
    ) STRICT;
    INSERT INTO ratings(guild_id, game, season, user_id, mu, sigma, games, updated_at)
        SELECT guild_id, game, 0, user_id, mu, sigma, games, updated_at FROM ratings WHERE season = 1;
    CREATE INDEX ratings_by_ordinal ON ratings(guild_id, game, season, (mu - 3 * sigma) DESC, user_id);
    """,
    # 21: tournaments' round deadlines, final table and organiser role (docs/tournaments.md). deadline_days: each
    # round's time (NULL: none); late_rule: what a table still running at the deadline gets ('playon': the caretaker
    # takes the seats it waits for, 'adjudicate': ended by its scores); round_deadline: the current round's deadline;
    # deadline_done: the last round whose deadline was handled (a restart handles a passed one once). final_size: the
    # top N of the standings play one more table after the last round (NULL: no final). tournament_servers: the role
    # a server lets create tournaments besides its managers.
    """
    ALTER TABLE tournaments ADD COLUMN deadline_days REAL;
    ALTER TABLE tournaments ADD COLUMN late_rule TEXT NOT NULL DEFAULT 'playon';
    ALTER TABLE tournaments ADD COLUMN round_deadline REAL;
    ALTER TABLE tournaments ADD COLUMN deadline_done INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tournaments ADD COLUMN final_size INTEGER;
    CREATE TABLE tournament_servers(
        guild_id INTEGER PRIMARY KEY,
        organiser_role INTEGER,
        updated_at REAL NOT NULL
    ) STRICT;
    """,
    # 22: the seek queue (docs/seeking.md) and the leagues (points per place). seek_servers: each server's seek
    # settings (the channel whose threads hold the tables, the role pinged and when it last was, how many days a seek
    # lasts, the rating band; NULL: the defaults). seek_tables: a table the queue formed, its thread (NULL until
    # made), its "I'm in" post and the game it opened (NULL until every seated player is in). seeks: one per player
    # per game and server, oldest first; table_id: the table it is seated at (NULL: waiting in the queue), with ready
    # (pressed "I'm in") and due_at (when an unready seat is dropped). club_servers.league_points: the server's points
    # per place of its league table (NULL: the defaults by table size).
    """
    CREATE TABLE seek_servers(
        guild_id INTEGER PRIMARY KEY,
        channel_id INTEGER,
        role_id INTEGER,
        expiry_days REAL,
        band INTEGER,
        pinged_at REAL,
        updated_at REAL NOT NULL
    ) STRICT;
    CREATE TABLE seek_tables(
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        size_min INTEGER NOT NULL,
        size_max INTEGER NOT NULL,
        settings TEXT NOT NULL DEFAULT '{}',
        home_id INTEGER NOT NULL,
        channel_id INTEGER,
        message_id INTEGER,
        game_id INTEGER REFERENCES games(id),
        status TEXT NOT NULL CHECK (status IN ('forming', 'started', 'dissolved')),
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    ) STRICT;
    CREATE INDEX seek_tables_forming ON seek_tables(status) WHERE status = 'forming';
    CREATE TABLE seeks(
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        size_min INTEGER NOT NULL,
        size_max INTEGER NOT NULL,
        pace TEXT NOT NULL,
        rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
        channel_id INTEGER NOT NULL,
        language TEXT NOT NULL,
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        table_id INTEGER REFERENCES seek_tables(id),
        ready INTEGER NOT NULL DEFAULT 0 CHECK (ready IN (0, 1)),
        due_at REAL,
        PRIMARY KEY (guild_id, user_id, game)
    ) STRICT;
    CREATE INDEX seeks_queue ON seeks(guild_id, game, created_at, user_id) WHERE table_id IS NULL;
    CREATE INDEX seeks_by_table ON seeks(table_id) WHERE table_id IS NOT NULL;
    ALTER TABLE club_servers ADD COLUMN league_points TEXT;
    """,
    # 23: the web pages (docs/web.md). club_servers.web: 1 while the server's pages are served, 0 once its admins
    # turned them off (`/game settings web: off`); games_by_guild: a server's page lists its open and recent games.
    """
    ALTER TABLE club_servers ADD COLUMN web INTEGER NOT NULL DEFAULT 1;
    CREATE INDEX games_by_guild ON games(guild_id, status, ended_at);
    """,
    # 24: the reliability record of the profiles (docs/ratings.md, "The reliability record"): per game and player, the
    # moves the caretaker played for them, the times their time bank ran out and the times the table's answer to it
    # took their seat away (the caretaker for good) or ended the game. Written as it happens (bot/table/moves.py,
    # timeouts.py); the caretaker's moves of earlier games are counted here from their log (kind 'caretaker'), given
    # to the seat's player (its starting player when a bot holds it now); spent banks were logged only as text then.
    """
    CREATE TABLE reliability(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        caretaker_moves INTEGER NOT NULL DEFAULT 0,
        clock_outs INTEGER NOT NULL DEFAULT 0,
        removed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, user_id)
    ) STRICT;
    CREATE INDEX reliability_by_user ON reliability(user_id, game_id);
    INSERT INTO reliability(game_id, user_id, caretaker_moves)
        SELECT a.game_id, COALESCE(s.user_id, st.user_id) AS who, COUNT(*) FROM actions a
        JOIN seats s ON s.game_id = a.game_id AND s.seat = a.seat
        LEFT JOIN starting_seats st ON st.game_id = a.game_id AND st.seat = a.seat
        WHERE a.kind = 'caretaker' AND a.undone = 0 AND COALESCE(s.user_id, st.user_id) IS NOT NULL
        GROUP BY a.game_id, COALESCE(s.user_id, st.user_id);
    """,
    # 25: a thread per table (docs/discord.md, "A thread per table"). club_servers.threads: 1 once the server's managers
    # chose that `/game new` in a channel opens the table in a new thread of it (`/game settings threads:on`).
    # table_threads: the threads Kontor opened that way (their parent channel), so it names them after the players at
    # the start and archives them at the end, and never touches a thread people made or a tournament's.
    """
    ALTER TABLE club_servers ADD COLUMN threads INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE table_threads(
        thread_id INTEGER PRIMARY KEY,
        parent_id INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        created_at REAL NOT NULL
    ) STRICT;
    CREATE INDEX table_threads_by_parent ON table_threads(parent_id);
    """,
    # 26: the turn card (docs/discord.md, "The turn card"). club_servers.card: how the server's boards are posted,
    # 'v2' (one Components V2 card) or 'embed' (the embed form, for clients that cannot show the card); NULL: the
    # bot's default (`KONTOR_CARD`, v2). Set by `/game settings card:` (Manage Server).
    """
    ALTER TABLE club_servers ADD COLUMN card TEXT;
    """,
    # 27: learning at the table (docs/learning.md). hint_marks: per game and seat, how many decisions its player asked
    # the strong bot for a hint on (the game's record and end report say so). reviews: per finished game and player,
    # the review of their decisions (items: JSON, the three that lost most against the strong bot's evaluation),
    # 'pending' while the background job works on it, computed once.
    """
    CREATE TABLE hint_marks(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        hints INTEGER NOT NULL DEFAULT 0,
        first_at REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    CREATE TABLE reviews(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
        items TEXT NOT NULL DEFAULT '[]',
        evaluated INTEGER NOT NULL DEFAULT 0,
        cpu_s REAL NOT NULL DEFAULT 0,
        started_at REAL NOT NULL,
        done_at REAL,
        PRIMARY KEY (game_id, user_id)
    ) STRICT;
    """,
]
