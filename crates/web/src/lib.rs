//! # fairy-web
//!
//! Play every variant of the [`fairy`] facade in the browser: an [axum] router serving one
//! embedded page (plain HTML, CSS and JavaScript, no build step, nothing fetched from
//! elsewhere) and a JSON API over [`fairy::registry`] sessions. `fairy serve` runs it;
//! docs/web-api.md documents every call.
//!
//! Serving many games:
//! - each game is a session with an unguessable id, kept in memory;
//! - the engine runs on tokio's blocking pool (at most [`Config::engine_threads`] searches
//!   at once, each on a copy of the game), never on the threads that answer requests, and
//!   its depth and time are capped by [`Config::max_depth`] and [`Config::max_ms`];
//! - a session unused for [`Config::idle`] is dropped; when [`Config::max_sessions`] are
//!   open, a new game drops the least recently used one; a game holds at most
//!   [`Config::max_plies`] moves. Memory is therefore bounded by `max_sessions` times the
//!   largest session of `max_plies` moves (the HTTP tests measure it), plus the engines'
//!   transposition tables ([`fairy::adapter::ENGINE_TT_MEGABYTES`] per variant and engine
//!   thread);
//! - every bad request gets a 4xx status and a one-line JSON body `{"error": "..."}`.
//!
//! Live games between people ([`live`], served by [`app`]) are kept in a database: see
//! [`live::db::Storage`] and docs/server.md.
//!
//! ```
//! let app = fairy_web::router(fairy_web::Config::default());
//! # let _ = app;
//! ```

mod api;
mod board;
pub mod client;
pub mod live;
pub mod load;
mod store;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use api::router_with;

/// Limits of a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// The most sessions kept at once; a new game beyond it drops the least recently used.
    pub max_sessions: usize,
    /// A session unused this long is dropped.
    pub idle: Duration,
    /// The most moves (plies, Regicide sub-moves) a game may have.
    pub max_plies: usize,
    /// The deepest engine search a request may ask for.
    pub max_depth: u32,
    /// The longest engine search a request may ask for, in milliseconds; also the time cap
    /// of every search, whatever depth it asks for.
    pub max_ms: u64,
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// How many engine searches run at once.
    pub engine_threads: usize,
    /// Limits of live games.
    pub live: live::LiveConfig,
    /// The WebAssembly module offered to the page (`fairy serve --wasm DIR`), with which
    /// it computes legal moves and runs the engine itself; `None`: the page asks the API.
    pub wasm: Option<WasmModule>,
}

/// The WebAssembly module of crates/wasm as `crates/wasm/build` writes it (the files
/// `fairy_wasm.js` and `fairy_wasm_bg.wasm` of `target/wasm/pkg`), held in memory and
/// served at `/wasm/` to the board page.
#[derive(Clone)]
pub struct WasmModule {
    /// `fairy_wasm.js`: the module's JavaScript glue (an ES module).
    pub glue: Arc<str>,
    /// `fairy_wasm_bg.wasm`: the compiled module.
    pub binary: Arc<[u8]>,
}

impl std::fmt::Debug for WasmModule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WasmModule")
            .field("glue_bytes", &self.glue.len())
            .field("binary_bytes", &self.binary.len())
            .finish()
    }
}

impl WasmModule {
    /// The files that matter of a module, in the order `read` reads them.
    pub const FILES: [&'static str; 2] = ["fairy_wasm.js", "fairy_wasm_bg.wasm"];

    /// Reads the module from `dir` (what `crates/wasm/build` writes: `target/wasm/pkg`).
    ///
    /// # Errors
    /// A file of [`WasmModule::FILES`] missing or unreadable, or a `.wasm` file without
    /// the WebAssembly magic number; the message names the file.
    pub fn read(dir: &std::path::Path) -> std::io::Result<WasmModule> {
        let path = |name: &str| dir.join(name);
        let named = |name: &str, e: std::io::Error| {
            std::io::Error::new(e.kind(), format!("{}: {e}", path(name).display()))
        };
        let glue =
            std::fs::read_to_string(path(Self::FILES[0])).map_err(|e| named(Self::FILES[0], e))?;
        let binary = std::fs::read(path(Self::FILES[1])).map_err(|e| named(Self::FILES[1], e))?;
        if !binary.starts_with(b"\0asm") {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "{}: not a WebAssembly module",
                    path(Self::FILES[1]).display()
                ),
            ));
        }
        Ok(WasmModule {
            glue: glue.into(),
            binary: binary.into(),
        })
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_sessions: 200,
            idle: Duration::from_secs(2 * 60 * 60),
            max_plies: 1000,
            max_depth: 12,
            max_ms: 10_000,
            max_body: 256 * 1024,
            engine_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            live: live::LiveConfig::default(),
            wasm: None,
        }
    }
}

/// The router of the page and the API with limits `config`.
pub fn router(config: Config) -> axum::Router {
    router_with(Arc::new(store::Store::new(config)))
}

/// The router of the page, the API and live games kept in `database` (a SQLite file,
/// created when missing; `None` keeps them in memory only), with the flag-fall ticker
/// started on the current tokio runtime.
///
/// # Errors
/// The database cannot be opened, migrated or read.
pub async fn app(
    config: Config,
    database: Option<&std::path::Path>,
) -> Result<axum::Router, live::db::DbError> {
    let db = open_database(database)?;
    app_on(config, db).await
}

/// Whether `database` names a PostgreSQL database (`postgres://` or `postgresql://`)
/// rather than a SQLite file.
pub fn is_postgres_url(database: &std::path::Path) -> bool {
    database
        .to_str()
        .is_some_and(|s| s.starts_with("postgres://") || s.starts_with("postgresql://"))
}

/// The storage of live games named by `database`: a PostgreSQL database for a
/// `postgres://` URL (shared with other servers), else a SQLite file (created when
/// missing); `None` keeps them in memory.
///
/// # Errors
/// The database cannot be reached, opened or migrated.
pub fn open_database(
    database: Option<&std::path::Path>,
) -> Result<Arc<dyn live::db::Storage>, live::db::DbError> {
    Ok(match database {
        Some(p) if is_postgres_url(p) => {
            Arc::new(live::db::Postgres::connect(&p.to_string_lossy())?)
        }
        Some(path) => Arc::new(live::db::Sqlite::open(path)?),
        None => Arc::new(live::db::Sqlite::in_memory()?),
    })
}

/// The router of [`app`] over the storage `db`, with the flag-fall ticker and, when the
/// database is shared, the follower of other servers' changes started on the current
/// tokio runtime.
///
/// # Errors
/// The database cannot be read.
pub async fn app_on(
    config: Config,
    db: Arc<dyn live::db::Storage>,
) -> Result<axum::Router, live::db::DbError> {
    let changes = db.changes();
    let live = Arc::new(live::Live::new(
        db,
        config.live.clone(),
        config.engine_threads,
        config.max_ms,
    )?);
    if let Some(mut changes) = changes {
        let follower = live.clone();
        tokio::spawn(async move {
            // Each change is read on a blocking thread of its own: reading a game waits
            // for the database, and the changes of many games are read side by side (those
            // of one game in any order: a read older than the copy in memory is skipped).
            while let Some(change) = changes.recv().await {
                let follower = follower.clone();
                tokio::task::spawn_blocking(move || follower.apply_change(change));
            }
        });
    }
    let ticker = live.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(100));
        loop {
            tick.tick().await;
            ticker.tick();
        }
    });
    let store = Arc::new(store::Store::new(config.clone()));
    let sweeper = store.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(30));
        loop {
            tick.tick().await;
            sweeper.expire();
        }
    });
    Ok(router_with(store).merge(live::routes(live, config.max_body)))
}

/// Options of `fairy serve`.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to bind (127.0.0.1 unless told otherwise).
    pub host: String,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// Open the page in the system's browser.
    pub open: bool,
    /// The server's limits.
    pub config: Config,
    /// Where live games are kept: a `postgres://` URL, or a SQLite file (created when
    /// missing); `None` keeps them in memory.
    pub database: Option<std::path::PathBuf>,
}

/// Runs the server until it is interrupted (Ctrl-C), printing `listening on http://...`
/// on stdout once the socket is bound.
///
/// # Errors
/// The address cannot be read or bound, or the runtime cannot start.
pub fn serve(options: ServeOptions) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // The engine's searches are the only blocking work; each blocking thread keeps
        // one engine per variant, so their number bounds the engines' memory.
        .max_blocking_threads(options.config.engine_threads.max(1))
        .build()?;
    runtime.block_on(async move {
        let host: std::net::IpAddr = options.host.parse().map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("--host {:?}: {e}", options.host),
            )
        })?;
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(host, options.port)).await?;
        let addr = listener.local_addr()?;
        let url = match addr {
            SocketAddr::V6(a) => format!("http://[{}]:{}/", a.ip(), a.port()),
            SocketAddr::V4(a) => format!("http://{a}/"),
        };
        let app = app(options.config, options.database.as_deref())
            .await
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        println!("listening on {url}");
        match &options.database {
            Some(path) if is_postgres_url(path) => {
                println!("live games are kept in PostgreSQL (shared with other servers)")
            }
            Some(path) => println!("live games are kept in {}", path.display()),
            None => println!("live games are kept in memory only"),
        }
        if options.open {
            open_browser(&url);
        }
        // Small messages (a move's `ok`, a state without picture) go out at once instead
        // of waiting for the acknowledgement of the previous one (Nagle's algorithm meets
        // the peer's delayed acknowledgement: up to 40 ms each).
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
    })
}

/// Asks the desktop to open `url` (xdg-open, open, or start); failure is only reported.
fn open_browser(url: &str) {
    let mut cmd = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    if let Err(e) = cmd.arg(url).spawn() {
        eprintln!("could not open a browser ({e}); open {url} yourself");
    }
}
