//! Live games in a PostgreSQL database shared by several servers.
//!
//! Writes are compare-and-set on the game's revision (see [`super::Storage`]) and announce
//! themselves with `NOTIFY fairy_live, 'ID REVISION'` in the same transaction, so the
//! announcement is sent only if the write commits. [`Storage::changes`] starts a listening
//! connection that turns those announcements into [`Change`]s.
//!
//! Calls are made on a few connections ([`CONNECTIONS`]), each used by one call at a time:
//! the transactions of different games go on side by side, and the database flushes the
//! commits that arrive together with one write of its log, instead of every game waiting
//! for the one before it.
//!
//! The `postgres` client is synchronous and runs its own small runtime, which cannot be
//! entered from a tokio worker thread; each call therefore runs on a short-lived thread of
//! its own (outside tokio, so that it never takes one of the engine's blocking threads).
//! When the connection is lost, calls fail at once with [`DbError::Unavailable`] and the
//! connection is opened again by itself (at most every half second on demand, and with
//! backoff by the listener), logging "database connection lost" and "database connection
//! restored" on stderr.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use postgres::error::SqlState;
use postgres::{Client, NoTls, Row, Transaction};
use tokio::sync::mpsc;

use super::{
    conflict, time_kind_parse, time_kind_str, Change, DbError, Storage, COLUMNS, MIGRATIONS,
};
use crate::live::game::{now_ms, GameRow, MoveRow, Opponent, Status, TimeControl};
use crate::store::lock;

/// The channel of `LISTEN`/`NOTIFY` announcements; the payload is `ID REVISION`.
pub const CHANNEL: &str = "fairy_live";

/// The key of the advisory lock held while migrations run.
const MIGRATION_LOCK: i64 = 0x6661_6972_795f_6d67; // "fairy_mg"

/// The connections of calls: the most transactions in flight at once.
pub const CONNECTIONS: usize = 8;

/// The shortest wait between two attempts to connect on demand.
const RETRY: Duration = Duration::from_millis(500);

/// The longest wait of the listener between two attempts to connect.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// Whether the database is reachable, shared by the connections of one [`Postgres`], so
/// that a loss and a restoration are each logged once.
struct Health {
    lost: AtomicBool,
}

impl Health {
    fn lost(&self, why: &dyn std::fmt::Display) {
        if !self.lost.swap(true, Ordering::SeqCst) {
            eprintln!("database connection lost: {why}");
        }
    }

    fn restored(&self) {
        if self.lost.swap(false, Ordering::SeqCst) {
            eprintln!("database connection restored");
        }
    }
}

/// The connection of calls, when open, and when it may next be tried.
struct Conn {
    client: Option<Client>,
    next_try: Instant,
}

/// Live games in a PostgreSQL database (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`).
pub struct Postgres {
    config: postgres::Config,
    /// The connections of calls ([`CONNECTIONS`]; the first one opened at start, the
    /// others when first needed).
    conns: Vec<Mutex<Conn>>,
    /// Where the next call starts looking for a free connection.
    next: std::sync::atomic::AtomicUsize,
    health: Arc<Health>,
    stop: Arc<AtomicBool>,
}

impl Drop for Postgres {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Closing the client blocks on its own runtime: not on a tokio thread.
        for conn in &self.conns {
            if let Some(client) = lock(conn).client.take() {
                let _ = off_runtime(move || drop(client));
            }
        }
    }
}

impl From<postgres::Error> for DbError {
    fn from(e: postgres::Error) -> DbError {
        let text = describe(&e);
        match e.code() {
            Some(c)
                if *c == SqlState::UNIQUE_VIOLATION
                    || *c == SqlState::T_R_SERIALIZATION_FAILURE =>
            {
                DbError::Conflict(text)
            }
            _ if e.is_closed() => DbError::Unavailable(text),
            // Connection exceptions, and the server shutting down.
            Some(c) if c.code().starts_with("08") || c.code().starts_with("57") => {
                DbError::Unavailable(text)
            }
            None if std::error::Error::source(&e).is_some_and(|s| s.is::<std::io::Error>()) => {
                DbError::Unavailable(text)
            }
            _ => DbError::Failed(text),
        }
    }
}

/// Runs `f` where the synchronous client may block: on a thread of its own when called
/// from inside a tokio runtime, else right here.
fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> Result<T, DbError> {
    if tokio::runtime::Handle::try_current().is_err() {
        return Ok(f());
    }
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("fairy-postgres".into())
            .spawn_scoped(s, f)
            .map_err(|e| DbError::Unavailable(format!("no thread for the database call: {e}")))?
            .join()
            .map_err(|_| DbError::Failed("the database call failed unexpectedly".into()))
    })
}

impl Postgres {
    /// Connects to the database at `url` (a `postgres://` or `postgresql://` URL, or a
    /// `key=value` connection string) and brings its schema up to date, under an advisory
    /// lock so that servers starting together migrate it once.
    ///
    /// # Errors
    /// The URL cannot be read, the database cannot be reached, or a migration fails.
    pub fn connect(url: &str) -> Result<Postgres, DbError> {
        let mut config: postgres::Config = url
            .parse()
            .map_err(|e| DbError::Failed(format!("database URL: {e}")))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(5));
        }
        config.keepalives(true);
        config.keepalives_idle(Duration::from_secs(30));
        config.application_name("fairy serve");
        let health = Arc::new(Health {
            lost: AtomicBool::new(false),
        });
        let client = off_runtime(|| -> Result<Client, DbError> {
            let mut client = config.connect(NoTls)?;
            migrate(&mut client)?;
            Ok(client)
        })??;
        Ok(Postgres {
            config,
            conns: std::iter::once(Some(client))
                .chain(std::iter::repeat_with(|| None))
                .take(CONNECTIONS)
                .map(|client| {
                    Mutex::new(Conn {
                        client,
                        next_try: Instant::now(),
                    })
                })
                .collect(),
            next: std::sync::atomic::AtomicUsize::new(0),
            health,
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// Runs `f` on the connection, opening it again first when it was lost. A failure that
    /// shows the connection is gone drops it and is reported as [`DbError::Unavailable`].
    ///
    /// A connection opened before this call may have been closed by a restart of the
    /// server without knowing it yet: its failure is tried once more on a new connection.
    /// That is safe because every write is revision-checked: a write that did commit before
    /// its answer was lost comes back as a [`DbError::Conflict`], never applied twice.
    fn with<T: Send>(
        &self,
        f: impl Fn(&mut Client) -> Result<T, DbError> + Send,
    ) -> Result<T, DbError> {
        let mut conn = self.free_conn();
        let conn = &mut *conn;
        off_runtime(move || {
            for _ in 0..2 {
                let fresh = self.open(conn)?;
                let Some(client) = conn.client.as_mut() else {
                    break;
                };
                match f(client) {
                    Err(e) if client.is_closed() || matches!(e, DbError::Unavailable(_)) => {
                        let text = match e {
                            DbError::Conflict(s) | DbError::Unavailable(s) | DbError::Failed(s) => {
                                s
                            }
                        };
                        self.health.lost(&text);
                        conn.client = None;
                        if fresh {
                            return Err(DbError::Unavailable(format!(
                                "database connection lost; reconnecting ({text})"
                            )));
                        }
                        conn.next_try = Instant::now();
                    }
                    r => return r,
                }
            }
            Err(DbError::Unavailable(
                "database connection lost; reconnecting".into(),
            ))
        })?
    }

    /// A connection no other call is using, when there is one (else the next in turn,
    /// once its call is done).
    fn free_conn(&self) -> std::sync::MutexGuard<'_, Conn> {
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        for i in 0..self.conns.len() {
            if let Ok(c) = self.conns[(start + i) % self.conns.len()].try_lock() {
                return c;
            }
        }
        lock(&self.conns[start % self.conns.len()])
    }

    /// Opens the connection of calls when it is not open (at most every [`RETRY`]);
    /// whether it was opened now.
    fn open(&self, conn: &mut Conn) -> Result<bool, DbError> {
        if conn.client.as_ref().is_some_and(|c| !c.is_closed()) {
            return Ok(false);
        }
        conn.client = None;
        if Instant::now() < conn.next_try {
            return Err(DbError::Unavailable(
                "database connection lost; reconnecting".into(),
            ));
        }
        conn.next_try = Instant::now() + RETRY;
        match self.config.connect(NoTls) {
            Ok(c) => {
                self.health.restored();
                conn.client = Some(c);
                Ok(true)
            }
            Err(e) => {
                let text = describe(&e);
                self.health.lost(&text);
                Err(DbError::Unavailable(format!(
                    "database connection lost; reconnecting ({text})"
                )))
            }
        }
    }
}

/// One line telling what went wrong, with the server's message when there is one.
fn describe(e: &postgres::Error) -> String {
    let text = match e.as_db_error() {
        Some(d) => format!("{}: {}", d.severity(), d.message()),
        None => e.to_string(),
    };
    text.replace(['\n', '\r'], " ")
}

/// Applies the migrations not yet recorded in `schema_migrations`, each in a transaction,
/// holding the migration lock.
fn migrate(client: &mut Client) -> Result<(), DbError> {
    client.execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])?;
    let r = apply_migrations(client);
    let unlocked = client.execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK]);
    r?;
    unlocked?;
    Ok(())
}

fn apply_migrations(client: &mut Client) -> Result<(), DbError> {
    client.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)",
    )?;
    for (name, sql) in MIGRATIONS {
        let done = client.query_opt(
            "SELECT version FROM schema_migrations WHERE version = $1",
            &[name],
        )?;
        if done.is_some() {
            continue;
        }
        let mut tx = client.transaction()?;
        tx.batch_execute(sql)
            .map_err(|e| DbError::Failed(format!("migration {name}: {e}")))?;
        tx.execute(
            "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
            &[name, &now_ms()],
        )?;
        tx.commit()?;
    }
    Ok(())
}

/// An `INTEGER` column's value.
fn int4(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX })
}

fn bad(what: &str) -> DbError {
    DbError::Failed(format!("unknown {what} in a stored game"))
}

fn read_game(r: &Row) -> Result<GameRow, DbError> {
    let kind: String = r.try_get(3)?;
    let opponent: String = r.try_get(6)?;
    let status: String = r.try_get(12)?;
    Ok(GameRow {
        id: r.try_get(0)?,
        variant: r.try_get(1)?,
        start_position: r.try_get(2)?,
        time: TimeControl {
            kind: time_kind_parse(&kind).ok_or_else(|| bad("time kind"))?,
            base_ms: r.try_get(4)?,
            increment_ms: r.try_get(5)?,
        },
        opponent: Opponent::parse(&opponent).ok_or_else(|| bad("opponent"))?,
        engine_level: i64::from(r.try_get::<_, i32>(7)?),
        names: [r.try_get(8)?, r.try_get(9)?],
        tokens: [r.try_get(10)?, r.try_get(11)?],
        status: Status::parse(&status).ok_or_else(|| bad("status"))?,
        result: r.try_get(13)?,
        termination: r.try_get(14)?,
        clocks: [r.try_get(15)?, r.try_get(16)?],
        created_at: r.try_get(17)?,
        finished_at: r.try_get(18)?,
        rematch_of: r.try_get(19)?,
        revision: r.try_get(20)?,
    })
}

fn read_move(r: &Row) -> Result<MoveRow, DbError> {
    Ok(MoveRow {
        ply: r.try_get::<_, i32>(0)?.max(0) as usize,
        text: r.try_get(1)?,
        mover: r.try_get::<_, i32>(2)?.clamp(0, 1) as u8,
        clocks: [r.try_get(3)?, r.try_get(4)?],
        played_at: r.try_get(5)?,
        game_ms: r.try_get(6)?,
    })
}

fn moves_of(client: &mut Client, id: &str) -> Result<Vec<MoveRow>, DbError> {
    client
        .query(
            "SELECT ply, text, mover, white_ms, black_ms, played_at, game_ms FROM live_moves \
             WHERE game_id = $1 ORDER BY ply",
            &[&id],
        )?
        .iter()
        .map(read_move)
        .collect()
}

/// Announces revision `revision` of game `id` to every listening server (sent when the
/// transaction commits).
fn announce(tx: &mut Transaction<'_>, id: &str, revision: i64) -> Result<(), DbError> {
    tx.execute(
        "SELECT pg_notify($1, $2)",
        &[&CHANNEL, &format!("{id} {revision}")],
    )?;
    Ok(())
}

/// Writes `g`'s changeable fields when the stored revision is `g.revision - 1`.
fn write_fields(tx: &mut Transaction<'_>, g: &GameRow) -> Result<(), DbError> {
    let n = tx.execute(
        "UPDATE live_games SET white_name = $2, black_name = $3, white_token = $4, \
         black_token = $5, status = $6, result = $7, termination = $8, white_ms = $9, \
         black_ms = $10, finished_at = $11, revision = $12::BIGINT WHERE id = $1 \
         AND revision = $12::BIGINT - 1",
        &[
            &g.id,
            &g.names[0],
            &g.names[1],
            &g.tokens[0],
            &g.tokens[1],
            &g.status.as_str(),
            &g.result,
            &g.termination,
            &g.clocks[0],
            &g.clocks[1],
            &g.finished_at,
            &g.revision,
        ],
    )?;
    if n == 1 {
        return Ok(());
    }
    match tx.query_opt("SELECT revision FROM live_games WHERE id = $1", &[&g.id])? {
        Some(_) => Err(conflict(&g.id, g.revision)),
        None => Err(DbError::Failed(format!("no game {:?} to update", g.id))),
    }
}

/// One write of `g`: its fields, then `more`, then the announcement, in one transaction.
fn write(
    client: &mut Client,
    g: &GameRow,
    more: impl FnOnce(&mut Transaction<'_>) -> Result<(), DbError>,
) -> Result<(), DbError> {
    let mut tx = client.transaction()?;
    write_fields(&mut tx, g)?;
    more(&mut tx)?;
    announce(&mut tx, &g.id, g.revision)?;
    tx.commit()?;
    Ok(())
}

impl Storage for Postgres {
    fn create(&self, g: &GameRow) -> Result<(), DbError> {
        self.with(|client| {
            let mut tx = client.transaction()?;
            tx.execute(
                &format!(
                    "INSERT INTO live_games ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, \
                     $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)"
                ),
                &[
                    &g.id,
                    &g.variant,
                    &g.start_position,
                    &time_kind_str(g.time.kind),
                    &g.time.base_ms,
                    &g.time.increment_ms,
                    &g.opponent.as_str(),
                    &int4(g.engine_level),
                    &g.names[0],
                    &g.names[1],
                    &g.tokens[0],
                    &g.tokens[1],
                    &g.status.as_str(),
                    &g.result,
                    &g.termination,
                    &g.clocks[0],
                    &g.clocks[1],
                    &g.created_at,
                    &g.finished_at,
                    &g.rematch_of,
                    &g.revision,
                ],
            )?;
            announce(&mut tx, &g.id, g.revision)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn update(&self, g: &GameRow) -> Result<(), DbError> {
        self.with(|client| write(client, g, |_| Ok(())))
    }

    fn add_move(&self, g: &GameRow, mv: &MoveRow) -> Result<(), DbError> {
        self.with(|client| {
            write(client, g, |tx| {
                tx.execute(
                    "INSERT INTO live_moves (game_id, ply, text, mover, white_ms, black_ms, \
                     played_at, game_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                    &[
                        &g.id,
                        &int4(mv.ply as i64),
                        &mv.text,
                        &i32::from(mv.mover),
                        &mv.clocks[0],
                        &mv.clocks[1],
                        &mv.played_at,
                        &mv.game_ms,
                    ],
                )?;
                Ok(())
            })
        })
    }

    fn truncate(&self, g: &GameRow, keep: usize) -> Result<(), DbError> {
        self.with(|client| {
            write(client, g, |tx| {
                tx.execute(
                    "DELETE FROM live_moves WHERE game_id = $1 AND ply >= $2",
                    &[&g.id, &int4(keep as i64)],
                )?;
                Ok(())
            })
        })
    }

    fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, DbError> {
        self.with(|client| {
            // One snapshot for the row and its moves.
            let mut tx = client
                .build_transaction()
                .isolation_level(postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()?;
            let Some(row) = tx.query_opt(
                &format!("SELECT {COLUMNS} FROM live_games WHERE id = $1"),
                &[&id],
            )?
            else {
                return Ok(None);
            };
            let game = read_game(&row)?;
            let moves = tx
                .query(
                    "SELECT ply, text, mover, white_ms, black_ms, played_at, game_ms FROM \
                     live_moves WHERE game_id = $1 ORDER BY ply",
                    &[&id],
                )?
                .iter()
                .map(read_move)
                .collect::<Result<Vec<_>, _>>()?;
            tx.commit()?;
            Ok(Some((game, moves)))
        })
    }

    fn unfinished(&self) -> Result<Vec<(GameRow, Vec<MoveRow>)>, DbError> {
        self.with(|client| {
            let games = client
                .query(
                    &format!(
                        "SELECT {COLUMNS} FROM live_games WHERE status <> 'over' ORDER BY created_at"
                    ),
                    &[],
                )?
                .iter()
                .map(read_game)
                .collect::<Result<Vec<_>, _>>()?;
            games
                .into_iter()
                .map(|g| {
                    let moves = moves_of(client, &g.id)?;
                    Ok((g, moves))
                })
                .collect()
        })
    }

    fn recent(&self, limit: usize) -> Result<Vec<(GameRow, usize)>, DbError> {
        self.with(|client| {
            client
                .query(
                    &format!(
                        "SELECT {COLUMNS}, (SELECT COUNT(*) FROM live_moves m WHERE m.game_id = g.id) \
                         FROM live_games g WHERE status = 'over' AND result <> '*' \
                         ORDER BY finished_at DESC LIMIT $1"
                    ),
                    &[&(limit.min(10_000) as i64)],
                )?
                .iter()
                .map(|r| Ok((read_game(r)?, r.try_get::<_, i64>(21)?.max(0) as usize)))
                .collect()
        })
    }

    fn shared(&self) -> bool {
        true
    }

    fn changes(&self) -> Option<mpsc::UnboundedReceiver<Change>> {
        let (tx, rx) = mpsc::unbounded_channel();
        let config = self.config.clone();
        let health = self.health.clone();
        let stop = self.stop.clone();
        let (ready_tx, ready) = std::sync::mpsc::channel();
        let started = std::thread::Builder::new()
            .name("fairy-postgres-listen".into())
            .spawn(move || listen(&config, &health, &tx, &stop, &ready_tx));
        match started {
            Ok(_) => {
                // Listening before the caller reads the games, so that no change made
                // meanwhile is missed (unless the database does not answer in time).
                let _ = ready.recv_timeout(Duration::from_secs(5));
                Some(rx)
            }
            Err(e) => {
                eprintln!(
                    "database: no listener thread ({e}): changes by other servers are not seen"
                );
                None
            }
        }
    }
}

/// Sleeps `d` in small steps; whether to go on (not stopped).
fn pause(d: Duration, stop: &AtomicBool, tx: &mpsc::UnboundedSender<Change>) -> bool {
    let until = Instant::now() + d;
    while Instant::now() < until {
        if stop.load(Ordering::SeqCst) || tx.is_closed() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

/// The listener: `LISTEN fairy_live` on a connection of its own, each announcement sent
/// on `tx`, the connection opened again with backoff when lost (then
/// [`Change::Reconnected`]); `ready` is told each time it listens. Returns when `stop` is set or the receiver is dropped.
fn listen(
    config: &postgres::Config,
    health: &Health,
    tx: &mpsc::UnboundedSender<Change>,
    stop: &AtomicBool,
    ready: &std::sync::mpsc::Sender<()>,
) {
    let mut backoff = Duration::from_millis(100);
    let mut first = true;
    loop {
        if stop.load(Ordering::SeqCst) || tx.is_closed() {
            return;
        }
        let connected = config.connect(NoTls).and_then(|mut c| {
            c.batch_execute(&format!("LISTEN {CHANNEL}"))?;
            Ok(c)
        });
        let mut client = match connected {
            Ok(c) => c,
            Err(e) => {
                health.lost(&describe(&e));
                if !pause(backoff, stop, tx) {
                    return;
                }
                backoff = (backoff * 2).min(MAX_BACKOFF);
                continue;
            }
        };
        backoff = Duration::from_millis(100);
        let _ = ready.send(());
        health.restored();
        if !first && tx.send(Change::Reconnected).is_err() {
            return;
        }
        first = false;
        loop {
            if stop.load(Ordering::SeqCst) || tx.is_closed() {
                return;
            }
            let next = {
                use postgres::fallible_iterator::FallibleIterator;
                let mut notes = client.notifications();
                let mut it = notes.timeout_iter(Duration::from_millis(250));
                it.next()
            };
            match next {
                Ok(Some(n)) => {
                    if let Some(change) = parse(n.payload()) {
                        if tx.send(change).is_err() {
                            return;
                        }
                    }
                }
                Ok(None) if !client.is_closed() => {}
                Ok(None) => {
                    health.lost(&"the listening connection closed");
                    break;
                }
                Err(e) => {
                    health.lost(&describe(&e));
                    break;
                }
            }
        }
    }
}

/// The change announced by `payload` (`ID REVISION`).
fn parse(payload: &str) -> Option<Change> {
    let (id, revision) = payload.split_once(' ')?;
    Some(Change::Game {
        id: id.to_owned(),
        revision: revision.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_are_read() {
        assert_eq!(
            parse("abc 7"),
            Some(Change::Game {
                id: "abc".into(),
                revision: 7
            })
        );
        assert_eq!(parse("abc"), None);
        assert_eq!(parse("abc x"), None);
    }

    #[test]
    fn a_bad_url_is_an_error_not_a_panic() {
        assert!(matches!(
            Postgres::connect("postgres://[::1"),
            Err(DbError::Failed(_))
        ));
    }
}
