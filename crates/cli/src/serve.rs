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
}

/// Runs the server until Ctrl-C, printing `listening on http://HOST:PORT/` first.
///
/// # Errors
/// [`CliError::Argument`] when the address cannot be read or bound.
pub fn run(args: ServeArgs) -> Result<(), CliError> {
    fairy_web::serve(fairy_web::ServeOptions {
        host: args.host.clone(),
        port: args.port,
        open: args.open,
        config: fairy_web::Config::default(),
        database: Some(args.database.clone()),
    })
    .map_err(|e| CliError::Argument(format!("serve on {}:{}: {e}", args.host, args.port)))
}
