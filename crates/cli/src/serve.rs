//! `fairy serve`: play in the browser (the `fairy-web` crate; docs/web-api.md).

use crate::CliError;

/// The options of `fairy serve`.
#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to bind; only this machine can connect to the default.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the system's browser.
    #[arg(long)]
    pub open: bool,
    /// Where live games are kept: a SQLite file (created when missing), or a PostgreSQL
    /// URL `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, which several servers can
    /// share (a move made through one reaches the players of all).
    #[arg(long, default_value = "fairy-games.sqlite3", value_name = "FILE|URL")]
    pub database: std::path::PathBuf,
    /// The most unfinished live games one client address may have created (all clients
    /// behind one reverse proxy share it).
    #[arg(long, default_value_t = 10)]
    pub max_games_per_client: usize,
    /// The most live games kept in memory at once.
    #[arg(long, default_value_t = 1000)]
    pub max_games: usize,
    /// Offer the board page the WebAssembly module in DIR (what `crates/wasm/build`
    /// writes: target/wasm/pkg), so that the browser computes legal moves and runs the
    /// engine itself; without it the page asks the server.
    #[arg(long, value_name = "DIR")]
    pub wasm: Option<std::path::PathBuf>,
}

/// Runs the server until Ctrl-C, printing `listening on http://HOST:PORT/` first.
///
/// # Errors
/// [`CliError::Argument`] when the address cannot be read or bound, or a limit is 0.
pub fn run(args: ServeArgs) -> Result<(), CliError> {
    if args.max_games_per_client == 0 || args.max_games == 0 {
        return Err(CliError::Argument(
            "--max-games and --max-games-per-client must be at least 1".into(),
        ));
    }
    let mut config = fairy_web::Config::default();
    config.live.max_games_per_client = args.max_games_per_client;
    config.live.max_games = args.max_games;
    if let Some(dir) = &args.wasm {
        config.wasm = Some(
            fairy_web::WasmModule::read(dir)
                .map_err(|e| CliError::Argument(format!("--wasm {}: {e}", dir.display())))?,
        );
    }
    fairy_web::serve(fairy_web::ServeOptions {
        host: args.host.clone(),
        port: args.port,
        open: args.open,
        config,
        database: Some(args.database.clone()),
    })
    .map_err(|e| CliError::Argument(format!("serve on {}:{}: {e}", args.host, args.port)))
}
