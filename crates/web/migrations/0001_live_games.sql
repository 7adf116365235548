-- Live games of `fairy serve`: one row a game, one row a move. Portable SQL (SQLite and
-- PostgreSQL): times are milliseconds since the Unix epoch in BIGINT columns.
CREATE TABLE live_games (
    id              TEXT PRIMARY KEY,
    variant         TEXT NOT NULL,
    start_position  TEXT NOT NULL,
    -- "none", "clock" or "correspondence"
    time_kind       TEXT NOT NULL,
    base_ms         BIGINT NOT NULL,
    increment_ms    BIGINT NOT NULL,
    -- "invite", "open" or "engine"
    opponent        TEXT NOT NULL,
    engine_level    INTEGER NOT NULL,
    white_name      TEXT,
    black_name      TEXT,
    -- Seat tokens: the secret of each player's browser (NULL: seat free or the engine's).
    white_token     TEXT,
    black_token     TEXT,
    -- "waiting", "playing" or "over"
    status          TEXT NOT NULL,
    result          TEXT NOT NULL,
    termination     TEXT,
    white_ms        BIGINT NOT NULL,
    black_ms        BIGINT NOT NULL,
    created_at      BIGINT NOT NULL,
    finished_at     BIGINT,
    -- The game this one is a rematch of.
    rematch_of      TEXT
);

CREATE INDEX live_games_status ON live_games (status, finished_at);

CREATE TABLE live_moves (
    game_id    TEXT NOT NULL REFERENCES live_games (id),
    ply        INTEGER NOT NULL,
    text       TEXT NOT NULL,
    -- 0 white, 1 black: the side that made the move.
    mover      INTEGER NOT NULL,
    white_ms   BIGINT NOT NULL,
    black_ms   BIGINT NOT NULL,
    played_at  BIGINT NOT NULL,
    -- The instant of the move on the game's clock, ms (the clock the driver's clocks run
    -- on: wall-clock time, shifted by the time the server was down during the game).
    game_ms    BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
