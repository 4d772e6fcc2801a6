"""Schema migrations, applied in order on open; ``PRAGMA user_version`` records how far.

Append new migrations at the end; never edit a shipped one (existing databases have run it).
"""

from __future__ import annotations

MIGRATIONS: list[list[str]] = [
    # 1: tables and their action log.
    [
        """
        CREATE TABLE games (
            id               INTEGER PRIMARY KEY AUTOINCREMENT,
            game             TEXT    NOT NULL,
            guild_id         INTEGER,
            channel_id       INTEGER NOT NULL,
            host_id          INTEGER NOT NULL,
            status           TEXT    NOT NULL,
            options          TEXT    NOT NULL,
            seats            TEXT    NOT NULL,
            locale           TEXT    NOT NULL,
            seed             INTEGER NOT NULL,
            seed_hash        TEXT    NOT NULL,
            version          INTEGER NOT NULL DEFAULT 0,
            state            TEXT,
            message_id       INTEGER,
            created_at       REAL    NOT NULL,
            updated_at       REAL    NOT NULL,
            reminded_version INTEGER NOT NULL DEFAULT -1
        )
        """,
        # One open table per channel, enforced by the database itself (no check-then-insert race).
        """
        CREATE UNIQUE INDEX games_one_open_per_channel
            ON games(channel_id) WHERE status IN ('lobby', 'active')
        """,
        "CREATE INDEX games_by_guild ON games(guild_id, status)",
        """
        CREATE TABLE actions (
            game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq        INTEGER NOT NULL,
            seat       INTEGER NOT NULL,
            action     TEXT    NOT NULL,
            events     TEXT    NOT NULL,
            created_at REAL    NOT NULL,
            PRIMARY KEY (game_id, seq)
        )
        """,
    ],
    # 2: free-form per-table data (e.g. closed-DM notes) without further migrations.
    ["ALTER TABLE games ADD COLUMN extra TEXT NOT NULL DEFAULT '{}'"],
    # 3: "latest table in this channel" (history after the end) without a scan.
    ["CREATE INDEX games_by_channel ON games(channel_id, id)"],
    # 4: the outbox. What a committed change must show is written in the change's own
    # transaction: an announcement (the table as committed, its events and notes) and one
    # delivery per message (the table post, each hand DM, the lobby). A worker sends them.
    [
        """
        CREATE TABLE announcements (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            version    INTEGER NOT NULL,
            snapshot   TEXT    NOT NULL,
            events     TEXT    NOT NULL,
            notes      TEXT    NOT NULL,
            created_at REAL    NOT NULL
        )
        """,
        "CREATE INDEX announcements_by_game ON announcements(game_id, version)",
        """
        CREATE TABLE deliveries (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            announcement_id INTEGER NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
            game_id         INTEGER NOT NULL,
            version         INTEGER NOT NULL,
            kind            TEXT    NOT NULL,
            seat            INTEGER,
            status          TEXT    NOT NULL DEFAULT 'pending',
            attempts        INTEGER NOT NULL DEFAULT 0,
            due_at          REAL    NOT NULL,
            merged_into     INTEGER,
            message_id      INTEGER,
            error           TEXT,
            done_at         REAL
        )
        """,
        """
        CREATE INDEX deliveries_open ON deliveries(game_id, id)
            WHERE status IN ('pending', 'merged')
        """,
        "CREATE INDEX deliveries_due ON deliveries(due_at) WHERE status = 'pending'",
        # The lobby message apart from the latest table message (the outbox edits each), and
        # what the latest table message shows, to edit it rather than post while the turn
        # it announced goes on.
        "ALTER TABLE games ADD COLUMN lobby_message_id INTEGER",
        "ALTER TABLE games ADD COLUMN message_key TEXT",
        "ALTER TABLE games ADD COLUMN message_at REAL",
        "ALTER TABLE games ADD COLUMN message_from INTEGER",
    ],
    # 5: each player's notification choices (a row only once they chose; defaults: all on).
    [
        """
        CREATE TABLE user_prefs (
            user_id    INTEGER PRIMARY KEY,
            dm_on_turn INTEGER NOT NULL DEFAULT 1,
            reminders  INTEGER NOT NULL DEFAULT 1,
            updated_at REAL    NOT NULL
        )
        """,
    ],
    # 6: clocks. A table's time control and running deadlines (JSON), and when it next needs
    # the scheduler (a reminder or a deadline): one indexed column, so finding what is due
    # among thousands of tables reads only those. ``heartbeat`` says when the bot was last
    # alive, so time it was down can be given back to every running clock.
    [
        "ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE games ADD COLUMN wake_at REAL",
        "CREATE INDEX games_wake ON games(wake_at) WHERE wake_at IS NOT NULL",
        """
        CREATE TABLE heartbeat (
            id       INTEGER PRIMARY KEY CHECK (id = 1),
            alive_at REAL NOT NULL
        )
        """,
    ],
    # 7: results and ratings, derived from finished games. ``results`` has a row per seat of
    # every finished game (its primary key makes recording a game twice impossible, so the
    # ratings can be caught up at any time and never count a game twice); ``ratings`` is one
    # rating per player and game, across servers (a server's leaderboard lists the players who
    # played a rated game there); ``rating_history`` is each rated game's rating, for the chart.
    [
        """
        CREATE TABLE results (
            game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat        INTEGER NOT NULL,
            game        TEXT    NOT NULL,
            guild_id    INTEGER,
            user_id     INTEGER,
            name        TEXT    NOT NULL,
            score       REAL,
            rank        INTEGER NOT NULL,
            winner      INTEGER NOT NULL,
            taken_over  INTEGER NOT NULL,
            rated       INTEGER NOT NULL,
            finished_at REAL    NOT NULL,
            PRIMARY KEY (game_id, seat)
        )
        """,
        "CREATE INDEX results_by_user ON results(user_id, game) WHERE user_id IS NOT NULL",
        "CREATE INDEX results_by_guild ON results(guild_id, game, user_id) WHERE rated = 1",
        # The finished games, in finishing order: what the catch-up walks.
        "CREATE INDEX games_finished ON games(updated_at, id) WHERE status = 'finished'",
        """
        CREATE TABLE ratings (
            user_id    INTEGER NOT NULL,
            game       TEXT    NOT NULL,
            mu         REAL    NOT NULL,
            sigma      REAL    NOT NULL,
            games      INTEGER NOT NULL,
            wins       INTEGER NOT NULL,
            updated_at REAL    NOT NULL,
            PRIMARY KEY (user_id, game)
        )
        """,
        """
        CREATE TABLE rating_history (
            user_id INTEGER NOT NULL,
            game    TEXT    NOT NULL,
            game_id INTEGER NOT NULL,
            mu      REAL    NOT NULL,
            sigma   REAL    NOT NULL,
            at      REAL    NOT NULL,
            PRIMARY KEY (user_id, game, game_id)
        )
        """,
    ],
    # 8: solo high scores. A finished solo game's outcome names its "board" (the mode, and
    # for a game with difficulty levels the level: scores are compared only on one board);
    # the player's results on a board, in finishing order, are their high-score table.
    [
        "ALTER TABLE results ADD COLUMN board TEXT",
        "CREATE INDEX results_solo ON results(user_id, game, board, finished_at) "
        "WHERE board IS NOT NULL",
    ],
    # 9: leases on tables' scheduled work, for several processes on one database
    # (bot/leases.py): who holds the table and until when (NULL: nobody).
    [
        "ALTER TABLE games ADD COLUMN lease_holder TEXT",
        "ALTER TABLE games ADD COLUMN lease_until REAL",
    ],
    # 10: indexes for paths that read a whole table. The first two PostgreSQL's schema had
    # from the start: without them, every delivery sent scanned the outbox for the deliveries
    # merged into it (three times a move), and the purge looked for each announcement's open
    # deliveries the same way. The third finds a seat's newest hand DM (edited at every move
    # of the others), which read the outbox back from its newest row, and whether a table
    # told its channel that a player's DMs are closed (at each of that player's hands), which
    # read the whole outbox. The fourth finds the active tables (the minutely sweep for bot
    # seats, the idle reminders) without reading every stored game.
    [
        "CREATE INDEX deliveries_merged ON deliveries(merged_into) WHERE merged_into IS NOT NULL",
        "CREATE INDEX deliveries_by_announcement ON deliveries(announcement_id)",
        "CREATE INDEX deliveries_by_seat ON deliveries(game_id, seat, id)",
        "CREATE INDEX games_by_status ON games(status, updated_at)",
    ],
    # 11: the two statements left that read a whole table, both off a move's path but each
    # holding the write lock while it reads: the hourly purge of old announcements (by age:
    # without the index, every announcement kept was read, while moves waited to commit) and
    # the leases a stopping process gives back (every stored game was read; the index holds
    # only the tables some process holds).
    [
        "CREATE INDEX announcements_by_age ON announcements(created_at)",
        "CREATE INDEX games_by_lease ON games(lease_holder) WHERE lease_holder IS NOT NULL",
    ],
    # 12: the interactions acknowledged and not yet answered (bot/replies.py): written when
    # one is deferred, marked by the change it committed in that change's transaction, and
    # removed once its answer is sent, so a restarted bot answers each one a crash left at
    # "thinking..." (a token lives 15 minutes). ``shard``: the Discord shard it came through,
    # so a process answers only its own shards' (another live process owns the rest).
    [
        """
        CREATE TABLE replies (
            interaction_id INTEGER PRIMARY KEY,
            application_id INTEGER NOT NULL,
            token          TEXT    NOT NULL,
            locale         TEXT    NOT NULL,
            created_at     REAL    NOT NULL,
            shard          INTEGER NOT NULL DEFAULT 0,
            committed      INTEGER NOT NULL DEFAULT 0,
            game_id        INTEGER,
            version        INTEGER
        )
        """,
        "CREATE INDEX replies_by_age ON replies(created_at)",
    ],
    # 13: a server's own settings (``/game config``, bot/store/guild_settings.py): one JSON
    # record a server, read and written whole.
    [
        """
        CREATE TABLE guild_settings (
            guild_id   INTEGER PRIMARY KEY,
            settings   TEXT    NOT NULL,
            updated_at REAL    NOT NULL
        )
        """,
    ],
    # 14: the text mode (issue 29, ``/game notify images:off``): a player's hands and private
    # replies as text, no image; kept with their other notification choices.
    ["ALTER TABLE user_prefs ADD COLUMN images INTEGER NOT NULL DEFAULT 1"],
    # 15: tournaments (bot/tournaments/, bot/store/tournaments.py): one row each, its
    # entrants, rounds, tables and results in ``data`` (JSON); the games it opens are
    # ordinary tables naming it in their ``extra``.
    [
        """
        CREATE TABLE tournaments (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id   INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            status     TEXT    NOT NULL,
            deadline   REAL,
            version    INTEGER NOT NULL DEFAULT 0,
            data       TEXT    NOT NULL,
            created_at REAL    NOT NULL,
            updated_at REAL    NOT NULL
        )
        """,
        "CREATE INDEX tournaments_by_status ON tournaments(status, guild_id)",
    ],
    # 16: each player's DM channel with the bot (bot/dm_channels.py), so a restarted bot does
    # not ask Discord for every player's channel again (one request each, under the same rate
    # limits as the hands it sends there).
    ["CREATE TABLE dm_channels (user_id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL)"],
    # 17: the interaction whose followup was sent to post a delivery's message (the lobby, a
    # Start tap's first table): a followup carries no nonce, so when its answer is lost the
    # courier looks for it before posting again (bot/delivery/followup.py).
    ["ALTER TABLE deliveries ADD COLUMN followup_of INTEGER"],
    # 18: how a kept interaction was deferred (bot/replies.py): 1 for a deferred update of the
    # tapped message (a lobby's Start, a hand DM's move), whose original response is that
    # message, so a restarted bot answers it by a followup instead of editing it. Rows from
    # before: 0, answered as before (the "thinking..." they most likely were).
    ["ALTER TABLE replies ADD COLUMN is_update INTEGER NOT NULL DEFAULT 0"],
]
