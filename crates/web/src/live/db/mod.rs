//! The database of live games: the [`Storage`] trait, its errors, and the migrations
//! shared by its two implementations, [`Sqlite`] (one file, one server) and [`Postgres`]
//! (one database, several servers).
//!
//! The schema is kept as plain, portable SQL files under `crates/web/migrations/`, applied
//! in order and recorded in a `schema_migrations` table. Every write is one transaction,
//! made only when the game's row still has the revision the writer read
//! ([`GameRow::revision`]): a write based on an older row gets [`DbError::Conflict`] and
//! changes nothing. When a write returns `Ok`, its transaction has committed.

mod postgres;
mod sqlite;

pub use self::postgres::Postgres;
pub use self::sqlite::Sqlite;

use super::game::{GameRow, MoveRow, TimeKind};

/// The migrations, in order: a name and its SQL text.
pub const MIGRATIONS: &[(&str, &str)] = &[
    (
        "0001_live_games",
        include_str!("../../../migrations/0001_live_games.sql"),
    ),
    (
        "0002_revision",
        include_str!("../../../migrations/0002_revision.sql"),
    ),
];

/// A failure of the database. Whatever the variant, the write it answers changed nothing
/// (except [`DbError::Unavailable`] on a commit whose answer was lost: the game is then
/// read back before it is used again).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbError {
    /// The game's row was changed by someone else (another server) since it was read: its
    /// revision is not the one the write expected. Nothing was written.
    Conflict(String),
    /// The database cannot be reached (connection lost, being restored). Nothing was
    /// acknowledged; try again later.
    Unavailable(String),
    /// Any other failure (a query refused, a row that cannot be read), as one line.
    Failed(String),
}

impl DbError {
    /// Whether this is a [`DbError::Conflict`].
    pub fn is_conflict(&self) -> bool {
        matches!(self, DbError::Conflict(_))
    }
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbError::Conflict(s) => write!(f, "database: conflict: {s}"),
            DbError::Unavailable(s) => write!(f, "database unavailable: {s}"),
            DbError::Failed(s) => write!(f, "database: {s}"),
        }
    }
}

impl std::error::Error for DbError {}

/// A change made by some server, announced to every server on the same database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Game `id` now has revision `revision` (it was created or written).
    Game {
        /// The game's id.
        id: String,
        /// Its revision after the write.
        revision: i64,
    },
    /// The connection to the database came back after a loss: changes may have been
    /// missed, so every game held in memory should be read again.
    Reconnected,
}

/// Where live games are kept. Every method returns only once the change is durable.
///
/// Writes take the row as it will be stored, whose [`GameRow::revision`] is one more than
/// the stored one; they fail with [`DbError::Conflict`] when the stored revision is not
/// `revision - 1`.
pub trait Storage: Send + Sync {
    /// Adds a new game (no moves).
    fn create(&self, game: &GameRow) -> Result<(), DbError>;
    /// Writes the changeable fields of `game` (names, seats, status, result, clocks).
    fn update(&self, game: &GameRow) -> Result<(), DbError>;
    /// Adds `mv` to `game` and writes `game`'s fields, in one transaction.
    fn add_move(&self, game: &GameRow, mv: &MoveRow) -> Result<(), DbError>;
    /// Drops the moves of `game` from ply `keep` on (a takeback) and writes its fields.
    fn truncate(&self, game: &GameRow, keep: usize) -> Result<(), DbError>;
    /// The game `id` with its moves, if it exists.
    fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, DbError>;
    /// The games not over, with their moves (to take up again after a restart).
    fn unfinished(&self) -> Result<Vec<(GameRow, Vec<MoveRow>)>, DbError>;
    /// The `limit` most recently finished games (aborted ones left out), newest first,
    /// with their number of moves.
    fn recent(&self, limit: usize) -> Result<Vec<(GameRow, usize)>, DbError>;
    /// The changes other servers make, when the database is shared: a stream that lasts
    /// as long as the receiver is kept. `None` (the default) when this server is the
    /// database's only one.
    fn changes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Change>> {
        None
    }
    /// Whether other servers may use the same database at once (then a game read from it
    /// may have gone on elsewhere: its running clock is not stopped while it was away).
    fn shared(&self) -> bool {
        false
    }
}

/// The stored text of a time control's kind.
fn time_kind_str(k: TimeKind) -> &'static str {
    match k {
        TimeKind::None => "none",
        TimeKind::Clock => "clock",
        TimeKind::Correspondence => "correspondence",
    }
}

/// The time control's kind stored as `s`.
fn time_kind_parse(s: &str) -> Option<TimeKind> {
    match s {
        "none" => Some(TimeKind::None),
        "clock" => Some(TimeKind::Clock),
        "correspondence" => Some(TimeKind::Correspondence),
        _ => None,
    }
}

/// The columns of `live_games`, in the order both backends read and write them.
const COLUMNS: &str = "id, variant, start_position, time_kind, base_ms, increment_ms, \
    opponent, engine_level, white_name, black_name, white_token, black_token, status, \
    result, termination, white_ms, black_ms, created_at, finished_at, rematch_of, revision";

/// The conflict of a write to game `id` expecting `revision - 1`.
fn conflict(id: &str, revision: i64) -> DbError {
    DbError::Conflict(format!(
        "game {id:?} was changed elsewhere (expected revision {}); it has been read again, try again",
        revision - 1
    ))
}
