//! Live games in one SQLite file: the [`Storage`] of a server that is its database's only
//! one. Every commit is synced to disk (`synchronous = FULL`).
//!
//! The connection belongs to one writer thread. Callers hand it their work and wait for
//! the answer; the writes waiting when the thread is free are made together, in one
//! transaction (group commit): each in a savepoint of its own, so that one refused write
//! (a conflict) leaves the others in place, and each answered only once the transaction
//! has committed (and so is on disk). Many games' moves thus share the two `fsync`s of one
//! commit instead of paying two each, and no caller holds a lock while the disk works.

use std::path::Path;
use std::sync::{mpsc, Mutex};
use std::thread::JoinHandle;

use rusqlite::{params, Connection, OptionalExtension};

use super::{conflict, time_kind_parse, time_kind_str, DbError, Storage, COLUMNS, MIGRATIONS};
use crate::live::game::{GameRow, MoveRow, Opponent, Status, TimeControl};
use crate::store::lock;

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> DbError {
        DbError::Failed(e.to_string())
    }
}

/// The most writes made in one transaction.
pub const MAX_BATCH: usize = 256;

/// A write: runs inside the batch's transaction (in a savepoint of its own).
type Write = Box<dyn FnOnce(&Connection) -> Result<(), DbError> + Send>;

/// What the writer thread is asked to do.
enum Job {
    /// A write, answered on the channel once its batch has committed (or failed).
    Write(Write, mpsc::SyncSender<Result<(), DbError>>),
    /// A read, made outside any transaction; it answers by itself.
    Read(Box<dyn FnOnce(&Connection) + Send>),
}

/// Live games in one SQLite file (or in memory).
pub struct Sqlite {
    /// The way to the writer thread (`None` once dropped).
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    /// The writer thread, joined on drop so that the file is closed afterwards.
    thread: Option<JoinHandle<()>>,
}

impl Drop for Sqlite {
    fn drop(&mut self) {
        lock(&self.jobs).take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Sqlite {
    /// Opens (creating when missing) the database file `path` and brings its schema up to
    /// date.
    ///
    /// # Errors
    /// The file cannot be opened or created, or a migration fails.
    pub fn open(path: &Path) -> Result<Sqlite, DbError> {
        Sqlite::setup(Connection::open(path)?)
    }

    /// A database in memory (lost when dropped), for tests and servers without a file.
    ///
    /// # Errors
    /// A migration fails.
    pub fn in_memory() -> Result<Sqlite, DbError> {
        Sqlite::setup(Connection::open_in_memory()?)
    }

    fn setup(conn: Connection) -> Result<Sqlite, DbError> {
        // WAL keeps readers and the writer apart; FULL syncs every commit to disk.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let mut conn = conn;
        migrate(&mut conn)?;
        let (tx, rx) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("fairy-sqlite".into())
            .spawn(move || writer(&conn, &rx))
            .map_err(|e| DbError::Failed(format!("no thread for the database: {e}")))?;
        Ok(Sqlite {
            jobs: Mutex::new(Some(tx)),
            thread: Some(thread),
        })
    }

    fn send(&self, job: Job) -> Result<(), DbError> {
        let gone = || DbError::Unavailable("the database thread has stopped".into());
        lock(&self.jobs)
            .as_ref()
            .ok_or_else(gone)?
            .send(job)
            .map_err(|_| gone())
    }

    /// Runs the write `f` in the next batch and waits until that batch has committed.
    fn write(
        &self,
        f: impl FnOnce(&Connection) -> Result<(), DbError> + Send + 'static,
    ) -> Result<(), DbError> {
        let (tx, rx) = mpsc::sync_channel(1);
        self.send(Job::Write(Box::new(f), tx))?;
        rx.recv()
            .map_err(|_| DbError::Failed("the database thread stopped during a write".into()))?
    }

    /// Runs the read `f` on the writer thread, between two batches.
    fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, DbError> + Send + 'static,
    ) -> Result<T, DbError> {
        let (tx, rx) = mpsc::sync_channel(1);
        self.send(Job::Read(Box::new(move |c: &Connection| {
            let _ = tx.send(f(c));
        })))?;
        rx.recv()
            .map_err(|_| DbError::Failed("the database thread stopped during a read".into()))?
    }
}

/// The writer thread: takes the jobs waiting, makes the writes among them in one
/// transaction and answers them after its commit, then makes the read that ended the batch
/// (if one did); until every sender is gone.
fn writer(conn: &Connection, jobs: &mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = Vec::new();
        let mut read = None;
        match first {
            Job::Write(w, tx) => batch.push((w, tx)),
            Job::Read(r) => read = Some(r),
        }
        while read.is_none() && batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(Job::Write(w, tx)) => batch.push((w, tx)),
                Ok(Job::Read(r)) => read = Some(r),
                Err(_) => break,
            }
        }
        if !batch.is_empty() {
            commit_batch(conn, batch);
        }
        if let Some(r) = read {
            r(conn);
        }
    }
}

/// Makes `batch`'s writes in one transaction, each in a savepoint, and answers each once
/// the transaction has committed: a write refused is rolled back alone and gets its
/// error; when the commit fails, every write gets that failure (none was applied).
fn commit_batch(conn: &Connection, batch: Vec<(Write, mpsc::SyncSender<Result<(), DbError>>)>) {
    if let Err(e) = conn.execute_batch("BEGIN IMMEDIATE") {
        let e = DbError::from(e);
        for (_, tx) in batch {
            let _ = tx.send(Err(e.clone()));
        }
        return;
    }
    let mut answers = Vec::with_capacity(batch.len());
    let mut rest = batch.into_iter();
    while let Some((w, tx)) = rest.next() {
        let r = conn
            .execute_batch("SAVEPOINT one")
            .map_err(DbError::from)
            .and_then(|()| w(conn));
        let undone = if r.is_err() {
            conn.execute_batch("ROLLBACK TO one; RELEASE one")
        } else {
            conn.execute_batch("RELEASE one")
        };
        // A savepoint that cannot be closed leaves the transaction in doubt: give up on it.
        if let Err(e) = undone {
            let e = DbError::from(e);
            let _ = conn.execute_batch("ROLLBACK");
            let waiting = answers
                .into_iter()
                .map(|(_, t)| t)
                .chain(std::iter::once(tx))
                .chain(rest.map(|(_, t)| t));
            for t in waiting {
                let _ = t.send(Err(e.clone()));
            }
            return;
        }
        answers.push((r, tx));
    }
    match conn.execute_batch("COMMIT") {
        Ok(()) => {
            for (r, tx) in answers {
                let _ = tx.send(r);
            }
        }
        Err(e) => {
            let e = DbError::from(e);
            let _ = conn.execute_batch("ROLLBACK");
            for (_, tx) in answers {
                let _ = tx.send(Err(e.clone()));
            }
        }
    }
}

/// Applies the migrations not yet recorded in `schema_migrations`, each in a transaction.
fn migrate(conn: &mut Connection) -> Result<(), DbError> {
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)",
        [],
    )?;
    for (name, sql) in MIGRATIONS {
        let done: Option<String> = conn
            .query_row(
                "SELECT version FROM schema_migrations WHERE version = ?1",
                [name],
                |r| r.get(0),
            )
            .optional()?;
        if done.is_some() {
            continue;
        }
        let tx = conn.transaction()?;
        tx.execute_batch(sql)
            .map_err(|e| DbError::Failed(format!("migration {name}: {e}")))?;
        tx.execute(
            "INSERT INTO schema_migrations (version, applied_at) VALUES (?1, ?2)",
            params![name, crate::live::game::now_ms()],
        )?;
        tx.commit()?;
    }
    Ok(())
}

fn read_game(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    let bad = |i: usize, what: &str| {
        rusqlite::Error::FromSqlConversionFailure(
            i,
            rusqlite::types::Type::Text,
            format!("unknown {what}").into(),
        )
    };
    let kind: String = r.get(3)?;
    let kind = time_kind_parse(&kind).ok_or_else(|| bad(3, "time kind"))?;
    let opponent: String = r.get(6)?;
    let opponent = Opponent::parse(&opponent).ok_or_else(|| bad(6, "opponent"))?;
    let status: String = r.get(12)?;
    let status = Status::parse(&status).ok_or_else(|| bad(12, "status"))?;
    Ok(GameRow {
        id: r.get(0)?,
        variant: r.get(1)?,
        start_position: r.get(2)?,
        time: TimeControl {
            kind,
            base_ms: r.get(4)?,
            increment_ms: r.get(5)?,
        },
        opponent,
        engine_level: r.get(7)?,
        names: [r.get(8)?, r.get(9)?],
        tokens: [r.get(10)?, r.get(11)?],
        status,
        result: r.get(13)?,
        termination: r.get(14)?,
        clocks: [r.get(15)?, r.get(16)?],
        created_at: r.get(17)?,
        finished_at: r.get(18)?,
        rematch_of: r.get(19)?,
        revision: r.get(20)?,
    })
}

fn read_move(r: &rusqlite::Row<'_>) -> rusqlite::Result<MoveRow> {
    Ok(MoveRow {
        ply: r.get::<_, i64>(0)?.max(0) as usize,
        text: r.get(1)?,
        mover: r.get::<_, i64>(2)?.clamp(0, 1) as u8,
        clocks: [r.get(3)?, r.get(4)?],
        played_at: r.get(5)?,
        game_ms: r.get(6)?,
    })
}

fn write_fields(tx: &Connection, g: &GameRow) -> Result<(), DbError> {
    let n = tx
        .prepare_cached(
            "UPDATE live_games SET white_name = ?2, black_name = ?3, white_token = ?4, \
         black_token = ?5, status = ?6, result = ?7, termination = ?8, white_ms = ?9, \
         black_ms = ?10, finished_at = ?11, revision = ?12 WHERE id = ?1 AND revision = ?12 - 1",
        )?
        .execute(params![
            g.id,
            g.names[0],
            g.names[1],
            g.tokens[0],
            g.tokens[1],
            g.status.as_str(),
            g.result,
            g.termination,
            g.clocks[0],
            g.clocks[1],
            g.finished_at,
            g.revision,
        ])?;
    if n == 1 {
        return Ok(());
    }
    let exists: Option<i64> = tx
        .query_row(
            "SELECT revision FROM live_games WHERE id = ?1",
            [&g.id],
            |r| r.get(0),
        )
        .optional()?;
    match exists {
        Some(_) => Err(conflict(&g.id, g.revision)),
        None => Err(DbError::Failed(format!("no game {:?} to update", g.id))),
    }
}

fn moves_of(conn: &Connection, id: &str) -> Result<Vec<MoveRow>, DbError> {
    let mut st = conn.prepare(
        "SELECT ply, text, mover, white_ms, black_ms, played_at, game_ms FROM live_moves \
         WHERE game_id = ?1 ORDER BY ply",
    )?;
    let rows = st.query_map([id], read_move)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Inserts the new game `g`.
fn insert_game(conn: &Connection, g: &GameRow) -> Result<(), DbError> {
    conn.execute(
            &format!(
                "INSERT INTO live_games ({COLUMNS}) VALUES \
                 (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)"
            ),
            params![
                g.id,
                g.variant,
                g.start_position,
                time_kind_str(g.time.kind),
                g.time.base_ms,
                g.time.increment_ms,
                g.opponent.as_str(),
                g.engine_level,
                g.names[0],
                g.names[1],
                g.tokens[0],
                g.tokens[1],
                g.status.as_str(),
                g.result,
                g.termination,
                g.clocks[0],
                g.clocks[1],
                g.created_at,
                g.finished_at,
                g.rematch_of,
                g.revision,
            ],
        )?;
    Ok(())
}

/// Inserts the move `mv` of game `g`.
fn insert_move(conn: &Connection, g: &GameRow, mv: &MoveRow) -> Result<(), DbError> {
    conn.prepare_cached(
        "INSERT INTO live_moves (game_id, ply, text, mover, white_ms, black_ms, played_at, \
         game_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        g.id,
        mv.ply as i64,
        mv.text,
        i64::from(mv.mover),
        mv.clocks[0],
        mv.clocks[1],
        mv.played_at,
        mv.game_ms,
    ])?;
    Ok(())
}

impl Storage for Sqlite {
    fn create(&self, g: &GameRow) -> Result<(), DbError> {
        let g = g.clone();
        self.write(move |conn| {
            insert_game(conn, &g)?;
            Ok(())
        })
    }

    fn update(&self, g: &GameRow) -> Result<(), DbError> {
        let g = g.clone();
        self.write(move |conn| write_fields(conn, &g))
    }

    fn add_move(&self, g: &GameRow, mv: &MoveRow) -> Result<(), DbError> {
        let (g, mv) = (g.clone(), mv.clone());
        self.write(move |conn| {
            write_fields(conn, &g)?;
            insert_move(conn, &g, &mv)
        })
    }

    fn truncate(&self, g: &GameRow, keep: usize) -> Result<(), DbError> {
        let g = g.clone();
        self.write(move |conn| {
            write_fields(conn, &g)?;
            conn.execute(
                "DELETE FROM live_moves WHERE game_id = ?1 AND ply >= ?2",
                params![g.id, keep as i64],
            )?;
            Ok(())
        })
    }

    fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, DbError> {
        let id = id.to_owned();
        self.read(move |conn| load_game(conn, &id))
    }

    fn unfinished(&self) -> Result<Vec<(GameRow, Vec<MoveRow>)>, DbError> {
        self.read(|conn| {
            let mut st = conn.prepare(&format!(
                "SELECT {COLUMNS} FROM live_games WHERE status <> 'over' ORDER BY created_at"
            ))?;
            let games: Vec<GameRow> = st.query_map([], read_game)?.collect::<Result<_, _>>()?;
            games
                .into_iter()
                .map(|g| {
                    let moves = moves_of(conn, &g.id)?;
                    Ok((g, moves))
                })
                .collect()
        })
    }

    fn recent(&self, limit: usize) -> Result<Vec<(GameRow, usize)>, DbError> {
        self.read(move |conn| {
            let mut st = conn.prepare(&format!(
                "SELECT {COLUMNS}, (SELECT COUNT(*) FROM live_moves m WHERE m.game_id = g.id) \
                 FROM live_games g WHERE status = 'over' AND result <> '*' \
                 ORDER BY finished_at DESC LIMIT ?1"
            ))?;
            let rows = st.query_map([limit as i64], |r| {
                Ok((read_game(r)?, r.get::<_, i64>(21)?.max(0) as usize))
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }
}

/// The game `id` with its moves, if it exists.
fn load_game(conn: &Connection, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, DbError> {
    let row = conn
        .query_row(
            &format!("SELECT {COLUMNS} FROM live_games WHERE id = ?1"),
            [id],
            read_game,
        )
        .optional()?;
    match row {
        None => Ok(None),
        Some(g) => {
            let moves = moves_of(conn, id)?;
            Ok(Some((g, moves)))
        }
    }
}
