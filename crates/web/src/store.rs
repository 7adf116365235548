//! The sessions of a server: games by id, with expiry and a bound on their number.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use fairy::{Match, Variant};

use crate::Config;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// A person at the page.
    Human,
    /// The engine, asked by the page.
    Engine,
}

/// The engine's limits of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EngineLimits {
    /// Deepest iteration, plies.
    pub depth: Option<u32>,
    /// Time to think, milliseconds.
    pub ms: Option<u64>,
}

/// One game.
pub struct Game {
    /// Its variant.
    pub variant: &'static dyn Variant,
    /// The game itself, through the game driver (its length cap is the server's
    /// `max_plies`).
    pub game: Match,
    /// Who plays white (first) and black (second).
    pub players: [Player; 2],
    /// The engine's default limits.
    pub limits: EngineLimits,
    /// Bumped by every change, so that an engine answer for an older position is dropped.
    pub version: u64,
    /// Last request that touched it.
    pub last_used: Instant,
}

/// The games of a server.
pub struct Store {
    /// The server's limits.
    pub config: Config,
    games: Mutex<HashMap<String, Arc<Mutex<Game>>>>,
    /// Permits for engine searches.
    pub engine: tokio::sync::Semaphore,
    ids: RandomState,
    counter: AtomicU64,
}

/// Locks a mutex, taking the data even if a thread panicked while holding it (the data is
/// a game that is consistent between calls).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Store {
    /// An empty store with limits `config`.
    pub fn new(config: Config) -> Store {
        Store {
            engine: tokio::sync::Semaphore::new(config.engine_threads.max(1)),
            config,
            games: Mutex::new(HashMap::new()),
            ids: RandomState::new(),
            counter: AtomicU64::new(0),
        }
    }

    /// Adds `game` and returns its id, first dropping expired sessions and, when full, the
    /// least recently used one.
    pub fn insert(&self, game: Game) -> String {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let id = format!("{:016x}{:04x}", self.ids.hash_one(n), n & 0xffff);
        let mut games = lock(&self.games);
        let now = Instant::now();
        games.retain(|_, g| now.duration_since(lock(g).last_used) < self.config.idle);
        while games.len() >= self.config.max_sessions.max(1) {
            let oldest = games
                .iter()
                .min_by_key(|(_, g)| lock(g).last_used)
                .map(|(k, _)| k.clone());
            match oldest {
                Some(k) => games.remove(&k),
                None => break,
            };
        }
        games.insert(id.clone(), Arc::new(Mutex::new(game)));
        id
    }

    /// The game `id`, marked as used now.
    pub fn get(&self, id: &str) -> Option<Arc<Mutex<Game>>> {
        let g = lock(&self.games).get(id).cloned()?;
        lock(&g).last_used = Instant::now();
        Some(g)
    }

    /// Drops game `id`; whether it existed.
    pub fn remove(&self, id: &str) -> bool {
        lock(&self.games).remove(id).is_some()
    }

    /// Drops the sessions unused for longer than the idle time.
    pub fn expire(&self) {
        let now = Instant::now();
        lock(&self.games).retain(|_, g| now.duration_since(lock(g).last_used) < self.config.idle);
    }

    /// The number of sessions kept.
    pub fn len(&self) -> usize {
        lock(&self.games).len()
    }

    /// Whether no session is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
