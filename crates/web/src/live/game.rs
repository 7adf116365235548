//! One live game: its stored row, the session, clocks, offers and the rules of who may do
//! what. Every change is written to the [`Storage`] before it is kept in memory, so that a
//! change a player is told about is on disk; a failed write leaves the game as it was.

use std::time::{SystemTime, UNIX_EPOCH};

use fairy::{registry, Color, Session};

use super::db::{DbError, Storage};
use crate::store::{EngineLimits, Game, Player};

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

fn refused(s: impl Into<String>) -> LiveError {
    LiveError::Refused(s.into())
}

/// A live game in memory.
pub struct LiveGame {
    /// The stored fields.
    pub row: GameRow,
    /// The session, with the players (human or engine) for the board's description.
    pub game: Game,
    /// The side that made each move.
    pub movers: Vec<u8>,
    /// When the running clock started (ms since the epoch).
    pub turn_started: i64,
    /// The side offering a draw.
    pub draw_offer: Option<u8>,
    /// The side asking to take back its last turn.
    pub takeback_offer: Option<u8>,
    /// The side asking for a rematch.
    pub rematch_offer: Option<u8>,
    /// The rematch, once agreed: its id and the new seat token of each side of this game.
    pub rematch: Option<(String, [Option<String>; 2])>,
    /// The most moves the game may have.
    pub max_plies: usize,
}

/// The other side.
pub fn other(side: u8) -> u8 {
    1 - side.min(1)
}

impl LiveGame {
    /// The game of `row` with `moves` replayed.
    ///
    /// # Errors
    /// The variant is unknown or a stored move cannot be played.
    pub fn restore(row: GameRow, moves: &[MoveRow], max_plies: usize) -> Result<LiveGame, String> {
        let variant = registry::find(&row.variant).map_err(|e| e.to_string())?;
        let mut session = variant
            .session(Some(&row.start_position))
            .map_err(|e| e.to_string())?;
        let mut movers = Vec::with_capacity(moves.len());
        for m in moves {
            movers.push(session.side_to_move().index() as u8);
            session
                .apply(&m.text)
                .map_err(|e| format!("game {}: move {}: {e}", row.id, m.ply + 1))?;
        }
        let engine = |side: usize| row.opponent == Opponent::Engine && row.tokens[side].is_none();
        let players = [0, 1].map(|s| {
            if engine(s) {
                Player::Engine
            } else {
                Player::Human
            }
        });
        let level = row.engine_level.clamp(1, 8) as u32;
        Ok(LiveGame {
            game: Game {
                variant,
                session,
                players,
                limits: EngineLimits {
                    depth: Some(level),
                    ms: Some(250 * u64::from(level)),
                },
                version: 0,
                last_used: std::time::Instant::now(),
            },
            movers,
            // Time while the server was down is not charged.
            turn_started: now_ms(),
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch: None,
            max_plies,
            row,
        })
    }

    fn session(&self) -> &dyn Session {
        self.game.session.as_ref()
    }

    /// The side to move, 0 or 1.
    pub fn to_move(&self) -> u8 {
        self.session().side_to_move().index() as u8
    }

    /// Whether `side` is played by the engine.
    pub fn is_engine(&self, side: u8) -> bool {
        self.game.players[usize::from(side.min(1))] == Player::Engine
    }

    /// The side whose clock runs: the side to move of a game being played with clocks,
    /// once its first move is made.
    pub fn running(&self) -> Option<u8> {
        (self.row.status == Status::Playing
            && self.row.time.kind != TimeKind::None
            && !self.movers.is_empty())
        .then(|| self.to_move())
    }

    /// Time left of each side at `now`, ms (never below 0).
    pub fn clocks(&self, now: i64) -> [i64; 2] {
        let mut c = self.row.clocks;
        if let Some(s) = self.running() {
            let s = usize::from(s);
            c[s] = (c[s] - (now - self.turn_started).max(0)).max(0);
        }
        c
    }

    /// When the running clock falls, ms since the epoch.
    pub fn deadline(&self) -> Option<i64> {
        self.running()
            .map(|s| self.turn_started + self.row.clocks[usize::from(s)].max(0))
    }

    /// Whether both sides have made a move.
    pub fn both_moved(&self) -> bool {
        self.movers.contains(&0) && self.movers.contains(&1)
    }

    fn side_name(&self, side: u8) -> &'static str {
        self.session().side_name(if side == 0 {
            Color::White
        } else {
            Color::Black
        })
    }

    /// Ends the game (in `row`, not yet written).
    fn end(row: &mut GameRow, result: &str, termination: String, now: i64) {
        row.status = Status::Over;
        row.result = result.to_owned();
        row.termination = Some(termination);
        row.finished_at = Some(now);
    }

    fn win_for(side: u8) -> &'static str {
        if side == 0 {
            "1-0"
        } else {
            "0-1"
        }
    }

    /// Ends the game on time if the running clock has fallen by `now`; whether it did.
    ///
    /// # Errors
    /// The database failed (the game is left running).
    pub fn check_flag(&mut self, db: &dyn Storage, now: i64) -> Result<bool, LiveError> {
        let Some(side) = self.running() else {
            return Ok(false);
        };
        if self.clocks(now)[usize::from(side)] > 0 {
            return Ok(false);
        }
        let mut row = self.row.clone();
        row.clocks = self.clocks(now);
        let text = format!(
            "{} wins on time ({} ran out of time)",
            self.side_name(other(side)),
            self.side_name(side)
        );
        Self::end(&mut row, Self::win_for(other(side)), text, now);
        db.update(&row)?;
        self.row = row;
        self.clear_offers();
        Ok(true)
    }

    fn clear_offers(&mut self) {
        self.draw_offer = None;
        self.takeback_offer = None;
    }

    fn must_be_playing(&self) -> Result<(), LiveError> {
        match self.row.status {
            Status::Playing => Ok(()),
            Status::Waiting => Err(refused("the game has not started: a seat is free")),
            Status::Over => Err(refused("the game is over")),
        }
    }

    /// Plays `text` for `side` at `now`; returns the move as played.
    ///
    /// # Errors
    /// Not playing, not `side`'s turn, the move is illegal, the length cap is reached, the
    /// clock has fallen (the game then ends on time), or the database failed.
    pub fn play(
        &mut self,
        db: &dyn Storage,
        side: u8,
        text: &str,
        now: i64,
    ) -> Result<String, LiveError> {
        self.must_be_playing()?;
        if self.check_flag(db, now)? {
            return Err(refused("your time ran out"));
        }
        if self.to_move() != side {
            return Err(refused(format!(
                "it is {}'s turn, not {}'s",
                self.side_name(self.to_move()),
                self.side_name(side)
            )));
        }
        let ply = self.movers.len();
        if ply >= self.max_plies {
            return Err(refused(format!(
                "the game has reached {} moves",
                self.max_plies
            )));
        }
        let played = self
            .game
            .session
            .apply(text)
            .map_err(|e| LiveError::Illegal(e.to_string()))?;
        let mut row = self.row.clone();
        let s = usize::from(side);
        let turn_over = self.to_move() != side;
        if self.running().is_some() || ply == 0 {
            if !self.movers.is_empty() {
                row.clocks[s] = (row.clocks[s] - (now - self.turn_started).max(0)).max(0);
            }
            if turn_over {
                match row.time.kind {
                    TimeKind::Clock if !self.movers.is_empty() => {
                        row.clocks[s] += row.time.increment_ms
                    }
                    TimeKind::Correspondence => {
                        row.clocks[usize::from(other(side))] = row.time.base_ms
                    }
                    _ => {}
                }
            }
        }
        if let Some(o) = self.session().outcome() {
            let text = self.session().describe(&o);
            Self::end(&mut row, o.result_str(), text, now);
        }
        let mv = MoveRow {
            ply,
            text: played.clone(),
            mover: side,
            clocks: row.clocks,
            played_at: now,
        };
        if let Err(e) = db.add_move(&row, &mv) {
            self.game.session.undo();
            return Err(e.into());
        }
        self.row = row;
        self.movers.push(side);
        self.turn_started = now;
        self.takeback_offer = None;
        if self.draw_offer == Some(other(side)) {
            // Moving declines the opponent's offer.
            self.draw_offer = None;
        }
        if self.row.status == Status::Over {
            self.clear_offers();
        }
        self.game.version += 1;
        Ok(played)
    }

    /// `side` resigns.
    ///
    /// # Errors
    /// Not playing, or the database failed.
    pub fn resign(&mut self, db: &dyn Storage, side: u8, now: i64) -> Result<(), LiveError> {
        self.must_be_playing()?;
        if self.check_flag(db, now)? {
            return Err(refused("the game is over"));
        }
        let mut row = self.row.clone();
        row.clocks = self.clocks(now);
        let text = format!(
            "{} resigns; {} wins",
            self.side_name(side),
            self.side_name(other(side))
        );
        Self::end(&mut row, Self::win_for(other(side)), text, now);
        db.update(&row)?;
        self.row = row;
        self.clear_offers();
        Ok(())
    }

    /// `side` offers a draw, or accepts the opponent's offer.
    ///
    /// # Errors
    /// Not playing, an offer of `side` is already pending, or the database failed.
    pub fn draw(&mut self, db: &dyn Storage, side: u8, now: i64) -> Result<(), LiveError> {
        self.must_be_playing()?;
        if self.check_flag(db, now)? {
            return Err(refused("the game is over"));
        }
        if self.draw_offer == Some(other(side)) {
            let mut row = self.row.clone();
            row.clocks = self.clocks(now);
            Self::end(&mut row, "1/2-1/2", "Draw by agreement".into(), now);
            db.update(&row)?;
            self.row = row;
            self.clear_offers();
            return Ok(());
        }
        if self.is_engine(other(side)) {
            return Err(refused("the engine does not accept draws"));
        }
        if self.draw_offer == Some(side) {
            return Err(refused("your draw offer is already pending"));
        }
        self.draw_offer = Some(side);
        Ok(())
    }

    /// `side` declines the opponent's draw offer or takeback request (or withdraws its own).
    ///
    /// # Errors
    /// There is nothing to decline.
    pub fn decline(&mut self, side: u8) -> Result<(), LiveError> {
        let before = (self.draw_offer, self.takeback_offer);
        let _ = side;
        self.clear_offers();
        if before == (None, None) {
            Err(refused("there is no offer to decline"))
        } else {
            Ok(())
        }
    }

    /// `side` aborts the game: allowed until both sides have moved (and while waiting for
    /// an opponent).
    ///
    /// # Errors
    /// Both sides have moved, the game is over, or the database failed.
    pub fn abort(&mut self, db: &dyn Storage, side: u8, now: i64) -> Result<(), LiveError> {
        if self.row.status == Status::Over {
            return Err(refused("the game is over"));
        }
        if self.both_moved() {
            return Err(refused(
                "both sides have moved: the game can no longer be aborted (resign instead)",
            ));
        }
        let mut row = self.row.clone();
        Self::end(
            &mut row,
            "*",
            format!("Game aborted by {}", self.side_name(side)),
            now,
        );
        db.update(&row)?;
        self.row = row;
        self.clear_offers();
        Ok(())
    }

    /// `side` asks to take back its last turn, or accepts the opponent's request (the
    /// engine accepts at once). Returns whether moves were taken back.
    ///
    /// # Errors
    /// Not playing, `side` has no move to take back, or the database failed.
    pub fn takeback(&mut self, db: &dyn Storage, side: u8, now: i64) -> Result<bool, LiveError> {
        self.must_be_playing()?;
        if self.check_flag(db, now)? {
            return Err(refused("the game is over"));
        }
        let asker = if self.takeback_offer == Some(other(side)) {
            other(side)
        } else {
            if !self.movers.contains(&side) {
                return Err(refused("you have no move to take back"));
            }
            if !self.is_engine(other(side)) {
                self.takeback_offer = Some(side);
                return Ok(false);
            }
            side
        };
        // Back to the start of the asker's last turn.
        let Some(last) = self.movers.iter().rposition(|&m| m == asker) else {
            return Err(refused("no move to take back"));
        };
        let mut keep = last;
        while keep > 0 && self.movers[keep - 1] == asker {
            keep -= 1;
        }
        let mut row = self.row.clone();
        row.clocks = self.clocks(now);
        db.truncate(&row, keep)?;
        while self.movers.len() > keep {
            self.game.session.undo();
            self.movers.pop();
        }
        self.row = row;
        self.turn_started = now;
        self.clear_offers();
        self.game.version += 1;
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
}
