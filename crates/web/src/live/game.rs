//! One live game: its stored row and the game itself, a [`fairy::driver::Match`] (moves,
//! clocks, draw offers, resignation, abort, takeback, the one termination), with what the
//! server adds: seats, takeback and rematch requests, the engine's side, and the database.
//! Every change is written to the [`Storage`] before anyone is told about it; when a write
//! fails, the game is read back from the database, so that memory never runs ahead of it.

use std::time::{SystemTime, UNIX_EPOCH};

use fairy::driver::{self, DriverError, Match, MatchOptions};
use fairy::{registry, Color, Session};

use super::db::{DbError, Storage};
use crate::store::Player;

/// Milliseconds since the Unix epoch, the server's clock.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// How time is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeKind {
    /// No clocks.
    None,
    /// A base time and an increment added after each of a side's turns.
    Clock,
    /// A fixed time for every turn (days).
    Correspondence,
}

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Its kind.
    pub kind: TimeKind,
    /// Each side's time at the start (clock), or the time of each turn (correspondence), ms.
    pub base_ms: i64,
    /// Added to a side's clock at the end of each of its turns, ms (clock only).
    pub increment_ms: i64,
}

/// Who the creator plays against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Whoever opens the game's link (not listed in the lobby until it starts).
    Invite,
    /// Anyone in the lobby.
    Open,
    /// The engine.
    Engine,
}

impl Opponent {
    /// Its name in the database and the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Opponent::Invite => "invite",
            Opponent::Open => "open",
            Opponent::Engine => "engine",
        }
    }
    /// Reads [`Opponent::as_str`].
    pub fn parse(s: &str) -> Option<Opponent> {
        match s {
            "invite" => Some(Opponent::Invite),
            "open" => Some(Opponent::Open),
            "engine" => Some(Opponent::Engine),
            _ => None,
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A seat is free.
    Waiting,
    /// Both seats are taken and the game goes on.
    Playing,
    /// Ended (result and termination set).
    Over,
}

impl Status {
    /// Its name in the database and the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }
    /// Reads [`Status::as_str`].
    pub fn parse(s: &str) -> Option<Status> {
        match s {
            "waiting" => Some(Status::Waiting),
            "playing" => Some(Status::Playing),
            "over" => Some(Status::Over),
            _ => None,
        }
    }
}

/// The stored fields of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Unguessable id.
    pub id: String,
    /// Variant id.
    pub variant: String,
    /// The start position's notation.
    pub start_position: String,
    /// Time control.
    pub time: TimeControl,
    /// Who the creator plays against.
    pub opponent: Opponent,
    /// The engine's strength, 1 to 8 (engine games only).
    pub engine_level: i64,
    /// Nicknames of white (first) and black (second).
    pub names: [Option<String>; 2],
    /// Seat tokens (secret).
    pub tokens: [Option<String>; 2],
    /// Where it stands.
    pub status: Status,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// How it ended.
    pub termination: Option<String>,
    /// Time left of each side at the last move, ms.
    pub clocks: [i64; 2],
    /// When it was created, ms since the epoch.
    pub created_at: i64,
    /// When it ended.
    pub finished_at: Option<i64>,
    /// The game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// Bumped by every write; a write is made only on top of the revision it read.
    pub revision: i64,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// Its index, from 0.
    pub ply: usize,
    /// Its text in the variant's notation.
    pub text: String,
    /// 0 white, 1 black.
    pub mover: u8,
    /// Time left of each side after it, ms.
    pub clocks: [i64; 2],
    /// When it was played, ms since the epoch.
    pub played_at: i64,
    /// When it was played on the game's clock, ms (see [`LiveGame::offset`]).
    pub game_ms: i64,
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LiveError {
    /// The action is not allowed now (a one-line reason).
    Refused(String),
    /// The move is not legal.
    Illegal(String),
    /// The database failed; nothing changed.
    Db(DbError),
}

impl std::fmt::Display for LiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LiveError::Refused(s) | LiveError::Illegal(s) => f.write_str(s),
            LiveError::Db(e) => write!(f, "{e}"),
        }
    }
}

impl From<DbError> for LiveError {
    fn from(e: DbError) -> LiveError {
        LiveError::Db(e)
    }
}

impl From<DriverError> for LiveError {
    fn from(e: DriverError) -> LiveError {
        match e {
            DriverError::Move(m) => LiveError::Illegal(m.to_string()),
            other => LiveError::Refused(other.to_string()),
        }
    }
}

fn refused(s: impl Into<String>) -> LiveError {
    LiveError::Refused(s.into())
}

/// The colour of side index `side` (0 white, 1 black).
pub fn color(side: u8) -> Color {
    if side == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The other side.
pub fn other(side: u8) -> u8 {
    1 - side.min(1)
}

/// A live game in memory.
pub struct LiveGame {
    /// The stored fields (status, result and clocks follow the match after every change).
    pub row: GameRow,
    /// The game.
    pub game: Match,
    /// Who plays each side: a person or the engine.
    pub players: [Player; 2],
    /// The game's clock is the server's (ms since the epoch) minus this: the time the
    /// server was down during the game, which is charged to no one, and in correspondence
    /// games the time of the finished turns (each turn starts from the full days).
    pub offset: i64,
    /// The side asking to take back its last turn.
    pub takeback_offer: Option<u8>,
    /// The side asking for a rematch.
    pub rematch_offer: Option<u8>,
    /// The rematch, once agreed: its id and the new seat token of each side of this game.
    pub rematch: Option<(String, [Option<String>; 2])>,
    /// Bumped by every move or takeback, so that an engine answer for an older position
    /// is dropped.
    pub version: u64,
    /// The moves as stored: what the game is rebuilt from when a write fails and the
    /// database cannot be read, so that nothing unacknowledged stays in memory.
    stored: Vec<MoveRow>,
    max_plies: usize,
}

/// The driver's options of a game stored as `row`.
fn options(row: &GameRow, max_plies: usize) -> MatchOptions {
    let clock = match row.time.kind {
        TimeKind::None => None,
        TimeKind::Clock => Some(driver::TimeControl {
            base_ms: row.time.base_ms.max(0) as u64,
            increment_ms: row.time.increment_ms.max(0) as u64,
            grace_ms: 0,
        }),
        // Days a move: the clock is set back to the days after every turn (see
        // `LiveGame::turn_time`), nothing added.
        TimeKind::Correspondence => Some(driver::TimeControl {
            base_ms: row.time.base_ms.max(0) as u64,
            increment_ms: 0,
            grace_ms: 0,
        }),
    };
    MatchOptions {
        max_plies: Some(max_plies),
        clock,
        ..MatchOptions::default()
    }
}

impl LiveGame {
    /// The game of `row` with `moves` replayed at their instants on the game's clock.
    ///
    /// # Errors
    /// The variant is unknown or a stored move cannot be played.
    pub fn restore(row: GameRow, moves: &[MoveRow], max_plies: usize) -> Result<LiveGame, String> {
        let variant = registry::find(&row.variant).map_err(|e| e.to_string())?;
        let names = [0, 1].map(|s| row.names[s].clone().unwrap_or_else(|| "?".into()));
        let mut game = Match::new(
            variant,
            Some(&row.start_position),
            names,
            options(&row, max_plies),
        )
        .map_err(|e| e.to_string())?;
        for m in moves {
            game.play(color(m.mover), &m.text, m.game_ms.max(0) as u64)
                .map_err(|e| format!("game {}: move {}: {e}", row.id, m.ply + 1))?;
        }
        // The running clock goes on from where it was at the last move.
        let offset = moves.last().map_or(0, |m| now_ms() - m.game_ms);
        let engine = |side: usize| row.opponent == Opponent::Engine && row.tokens[side].is_none();
        let players = [0, 1].map(|s| {
            if engine(s) {
                Player::Engine
            } else {
                Player::Human
            }
        });
        Ok(LiveGame {
            game,
            players,
            offset,
            takeback_offer: None,
            rematch_offer: None,
            rematch: None,
            version: 0,
            stored: moves.to_vec(),
            max_plies,
            row,
        })
    }

    /// The game of `row` with `moves`, as [`LiveGame::restore`], but with the time since
    /// the last move charged to the side to move: the game was going on meanwhile (on
    /// another server, or in the database only), not stopped with its server.
    ///
    /// # Errors
    /// As [`LiveGame::restore`].
    pub fn restore_running(
        row: GameRow,
        moves: &[MoveRow],
        max_plies: usize,
    ) -> Result<LiveGame, String> {
        let mut g = LiveGame::restore(row, moves, max_plies)?;
        g.offset = moves.last().map_or(0, |m| m.played_at - m.game_ms);
        Ok(g)
    }

    /// Reads the game back from `db` (after a failed write, or a change made by another
    /// server); whether it was read. The time since the last move is charged to the side
    /// to move, as on the server that made it.
    /// When the database cannot be read, the game goes back to its last stored state as
    /// this server knows it (the row and moves of its last acknowledged write).
    pub fn reload(&mut self, db: &dyn Storage) -> bool {
        if let Ok(Some((row, moves))) = db.load(&self.row.id) {
            if let Ok(mut g) = LiveGame::restore_running(row, &moves, self.max_plies) {
                g.version = self.version + 1;
                *self = g;
                return true;
            }
        }
        if let Ok(mut g) = LiveGame::restore(self.row.clone(), &self.stored, self.max_plies) {
            g.offset = self.offset;
            g.version = self.version + 1;
            *self = g;
        }
        false
    }

    /// `now` (ms since the epoch) on the game's clock.
    fn clock(&self, now: i64) -> u64 {
        (now - self.offset).max(0) as u64
    }

    /// How long `side`'s turn has lasted at `t` on the game's clock, ms, in a correspondence
    /// game (0 in the others). A correspondence clock starts every turn from the full days,
    /// so the driver is told that a turn took no time: the move is played that much earlier
    /// on the game's clock and the clock is then moved on by as much.
    fn turn_time(&self, side: u8, t: u64) -> u64 {
        if self.row.time.kind != TimeKind::Correspondence {
            return 0;
        }
        let full = self.row.time.base_ms.max(0) as u64;
        self.game
            .clock_ms(color(side), t)
            .map_or(0, |left| full.saturating_sub(left))
    }

    /// The session (position, moves, legal moves).
    pub fn session(&self) -> &dyn Session {
        self.game.session()
    }

    /// The side to move, 0 or 1.
    pub fn to_move(&self) -> u8 {
        self.game.side_to_move().index() as u8
    }

    /// The side of each move.
    pub fn movers(&self) -> Vec<u8> {
        self.session()
            .movers()
            .iter()
            .map(|c| c.index() as u8)
            .collect()
    }

    /// Whether `side` is played by the engine.
    pub fn is_engine(&self, side: u8) -> bool {
        self.players[usize::from(side.min(1))] == Player::Engine
    }

    /// The side whose clock runs: the side to move of a timed game being played, once the
    /// first move is made.
    pub fn running(&self) -> Option<u8> {
        (self.row.status == Status::Playing
            && self.row.time.kind != TimeKind::None
            && !self.session().history().is_empty())
        .then(|| self.to_move())
    }

    /// Time left of each side at `now`, ms (0 in an untimed game).
    pub fn clocks(&self, now: i64) -> [i64; 2] {
        if self.row.status == Status::Over {
            // As they stood at the end.
            return self.row.clocks;
        }
        let t = self.clock(now);
        [Color::White, Color::Black].map(|c| {
            self.game
                .clock_ms(c, t)
                .map_or(0, |ms| i64::try_from(ms).unwrap_or(i64::MAX))
        })
    }

    /// Whether `side` may still abort (it has made no move).
    pub fn can_abort(&self, side: u8) -> bool {
        self.row.status != Status::Over && !self.movers().contains(&side)
    }

    /// The pending draw offer's side.
    pub fn draw_offer(&self) -> Option<u8> {
        self.game.draw_offer().map(|c| c.index() as u8)
    }

    /// The row as the match stands at `now` (status, result, termination, clocks).
    fn synced_row(&self, now: i64) -> GameRow {
        let mut row = self.row.clone();
        row.revision += 1;
        row.clocks = self.clocks(now);
        if let Some(t) = self.game.termination() {
            if row.status != Status::Over {
                row.status = Status::Over;
                row.finished_at = Some(now);
            }
            row.result = t.result.token().to_owned();
            row.termination = self.game.describe();
            // The driver keeps a fallen flag's clock at its last switch; it shows 0.
            if let driver::Ending::Time { loser } = t.ending {
                row.clocks[loser.index()] = 0;
            }
        }
        row
    }

    /// Writes the match's state when the game has just ended; whether it did.
    fn save_if_ended(&mut self, db: &dyn Storage, now: i64) -> Result<bool, LiveError> {
        if self.row.status == Status::Over || !self.game.is_over() {
            return Ok(false);
        }
        let row = self.synced_row(now);
        if let Err(e) = db.update(&row) {
            self.reload(db);
            return Err(e.into());
        }
        self.row = row;
        self.takeback_offer = None;
        Ok(true)
    }

    /// Ends the game on time if the running clock has fallen by `now`; whether it did.
    ///
    /// # Errors
    /// The database failed (the game is read back and goes on).
    pub fn check_flag(&mut self, db: &dyn Storage, now: i64) -> Result<bool, LiveError> {
        if self.row.status != Status::Playing {
            return Ok(false);
        }
        let t = self.clock(now);
        self.game.check_flag(t);
        self.save_if_ended(db, now)
    }

    fn must_be_playing(&self) -> Result<(), LiveError> {
        match self.row.status {
            Status::Playing => Ok(()),
            Status::Waiting => Err(refused("the game has not started: a seat is free")),
            Status::Over => Err(refused(format!(
                "the game is over: {}",
                self.row.termination.as_deref().unwrap_or("")
            ))),
        }
    }

    /// Runs `f` on the match at `now` and writes the result when the game ended.
    fn act(
        &mut self,
        db: &dyn Storage,
        now: i64,
        f: impl FnOnce(&mut Match, u64) -> Result<(), DriverError>,
    ) -> Result<(), LiveError> {
        self.must_be_playing()?;
        let t = self.clock(now);
        let r = f(&mut self.game, t);
        // A flag that fell on the way ends the game even when the action is refused.
        self.save_if_ended(db, now)?;
        r.map_err(LiveError::from)
    }

    /// Plays `text` for `side` at `now`; returns the move as played. The move is on disk
    /// when this returns `Ok`.
    ///
    /// # Errors
    /// Not playing, not `side`'s turn, the move is illegal, the clock has fallen (the game
    /// then ends on time), or the database failed (nothing changed).
    pub fn play(
        &mut self,
        db: &dyn Storage,
        side: u8,
        text: &str,
        now: i64,
    ) -> Result<String, LiveError> {
        self.must_be_playing()?;
        let now_t = self.clock(now);
        // A flag that fell before the move ends the game (the driver is told an earlier
        // instant in correspondence games).
        self.game.check_flag(now_t);
        let used = self.turn_time(side, now_t);
        let t = now_t.saturating_sub(used);
        let ply = self.session().history().len();
        let played = match self.game.play(color(side), text, t) {
            Ok(p) => p,
            Err(e) => {
                self.save_if_ended(db, now)?;
                return Err(e.into());
            }
        };
        if self.to_move() != side {
            // The turn is over; the game's clock goes on from the instant the driver was
            // told, so the next turn starts from the full days.
            self.offset = self.offset.saturating_add(i64::try_from(used).unwrap_or(0));
        }
        let row = self.synced_row(now);
        let mv = MoveRow {
            ply,
            text: played.clone(),
            mover: side,
            clocks: row.clocks,
            played_at: now,
            game_ms: i64::try_from(t).unwrap_or(i64::MAX),
        };
        if let Err(e) = db.add_move(&row, &mv) {
            self.reload(db);
            return Err(e.into());
        }
        self.row = row;
        self.stored.push(mv);
        self.takeback_offer = None;
        self.version += 1;
        Ok(played)
    }

    /// `side` resigns.
    ///
    /// # Errors
    /// Not playing, or the database failed.
    pub fn resign(&mut self, db: &dyn Storage, side: u8, now: i64) -> Result<(), LiveError> {
        self.act(db, now, |g, t| g.resign(color(side), t))
    }

    /// `side` offers a draw, or accepts the opponent's offer.
    ///
    /// # Errors
    /// Not playing, the opponent is the engine, an offer of `side` is pending, or the
    /// database failed.
    pub fn draw(&mut self, db: &dyn Storage, side: u8, now: i64) -> Result<(), LiveError> {
        if self.draw_offer() != Some(other(side)) {
            if self.is_engine(other(side)) {
                return Err(refused("the engine does not accept draws"));
            }
            if self.draw_offer() == Some(side) {
                return Err(refused("your draw offer is already pending"));
            }
        }
        self.act(db, now, |g, t| g.offer_draw(color(side), t))
    }

    /// `side` declines the opponent's takeback request or draw offer.
    ///
    /// # Errors
    /// There is nothing to decline.
    pub fn decline(&mut self, side: u8) -> Result<(), LiveError> {
        self.must_be_playing()?;
        if self.takeback_offer == Some(other(side)) {
            self.takeback_offer = None;
            return Ok(());
        }
        self.game.decline_draw(color(side)).map_err(LiveError::from)
    }

    /// `side` aborts the game: allowed until it has made a move (and while waiting for an
    /// opponent).
    ///
    /// # Errors
    /// `side` has moved, the game is over, or the database failed.
    pub fn abort(&mut self, db: &dyn Storage, side: u8, now: i64) -> Result<(), LiveError> {
        if self.row.status == Status::Over {
            return Err(refused("the game is over"));
        }
        self.game.abort(color(side))?;
        let mut row = self.synced_row(now);
        // A game without an opponent yet ends too.
        row.status = Status::Over;
        row.finished_at = Some(now);
        if let Err(e) = db.update(&row) {
            self.reload(db);
            return Err(e.into());
        }
        self.row = row;
        Ok(())
    }

    /// `side` asks to take back its last turn, or accepts the opponent's request (the
    /// engine accepts at once). Returns whether moves were taken back.
    ///
    /// # Errors
    /// Not playing, `side` has no move to take back, or the database failed.
    pub fn takeback(&mut self, db: &dyn Storage, side: u8, now: i64) -> Result<bool, LiveError> {
        self.must_be_playing()?;
        let asker = if self.takeback_offer == Some(other(side)) {
            other(side)
        } else {
            if !self.movers().contains(&side) {
                return Err(refused("you have no move to take back"));
            }
            if self.takeback_offer == Some(side) {
                return Err(refused("your takeback request is pending"));
            }
            if !self.is_engine(other(side)) {
                self.takeback_offer = Some(side);
                return Ok(false);
            }
            side
        };
        let t = self.clock(now);
        if let Err(e) = self.game.takeback(color(asker), t) {
            self.save_if_ended(db, now)?;
            return Err(e.into());
        }
        let keep = self.session().history().len();
        let row = self.synced_row(now);
        if let Err(e) = db.truncate(&row, keep) {
            self.reload(db);
            return Err(e.into());
        }
        self.row = row;
        self.stored.truncate(keep);
        self.takeback_offer = None;
        self.version += 1;
        Ok(true)
    }

    /// `side` asks for a rematch; when the opponent asked already (or is the engine),
    /// returns the new game's row (colours swapped) for the caller to create.
    ///
    /// # Errors
    /// The game is not over, was aborted, or a request of `side` is pending.
    pub fn rematch(
        &mut self,
        side: u8,
        id: String,
        tokens: [String; 2],
    ) -> Result<Option<GameRow>, LiveError> {
        if self.row.status != Status::Over || self.row.result == "*" {
            return Err(refused("a rematch follows a finished game"));
        }
        if let Some((id, _)) = &self.rematch {
            return Err(refused(format!("the rematch is game {id}")));
        }
        let agreed = self.rematch_offer == Some(other(side)) || self.is_engine(other(side));
        if !agreed {
            if self.rematch_offer == Some(side) {
                return Err(refused("your rematch request is pending"));
            }
            self.rematch_offer = Some(side);
            return Ok(None);
        }
        let [t0, t1] = tokens;
        // This game's white plays black in the rematch.
        let new_tokens = [
            self.row.tokens[1].as_ref().map(|_| t1.clone()),
            self.row.tokens[0].as_ref().map(|_| t0.clone()),
        ];
        let row = GameRow {
            id: id.clone(),
            variant: self.row.variant.clone(),
            start_position: self.row.start_position.clone(),
            time: self.row.time,
            opponent: self.row.opponent,
            engine_level: self.row.engine_level,
            names: [self.row.names[1].clone(), self.row.names[0].clone()],
            tokens: new_tokens,
            status: Status::Playing,
            result: "*".into(),
            termination: None,
            clocks: [self.row.time.base_ms; 2],
            created_at: now_ms(),
            finished_at: None,
            rematch_of: Some(self.row.id.clone()),
            revision: 0,
        };
        // Seat tokens for this game's sides: white's new seat is black's in the rematch.
        self.rematch = Some((
            id,
            [
                self.row.tokens[0].as_ref().map(|_| t0),
                self.row.tokens[1].as_ref().map(|_| t1),
            ],
        ));
        self.rematch_offer = None;
        Ok(Some(row))
    }

    /// The game record: the players' nicknames, the moves, the result and termination,
    /// the time control.
    pub fn record(&self) -> String {
        let mut rec = self.game.record();
        // Nicknames of players who joined after the match was made.
        for (tag, name) in ["White", "Black"].iter().zip(&self.row.names) {
            if let Some(n) = name {
                rec.set_tag(tag, n.clone());
            }
        }
        rec.to_string()
    }
}
