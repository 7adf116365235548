//! # fairy-cli
//!
//! The library behind the `fairy` binary: the subcommands ([`commands`]; [`play`] and
//! [`matchplay`] for games against the engine) as a thin layer over the `fairy` facade
//! crate, whose registry, sessions, records and pictures it re-exports under the names the
//! binary has always used.
//!
//! Every subcommand writes to any `Write`, so a program (or a test) can call it directly:
//!
//! ```
//! let mut out = Vec::new();
//! fairy_cli::commands::start(&mut out, "synthesis")?;
//! let text = String::from_utf8(out)?;
//! assert!(text.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
//!
//! // Errors are typed, with the one-line messages the binary prints.
//! let err = fairy_cli::commands::start(&mut Vec::new(), "checkers").unwrap_err();
//! assert!(err.to_string().contains("checkers"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod app;
pub mod arbiter;
pub mod bot;
pub mod commands;
pub mod input;
pub mod load;
pub mod matchplay;
pub mod play;
pub mod serve;
pub mod uci;

pub use fairy::{adapter, picture, record, registry};
pub use fairy::{Adapter, EngineMove, SearchInfo, Session, Variant};

/// The error of every subcommand: the facade's [`fairy::Error`].
pub mod error {
    pub use fairy::Error as CliError;
}
pub use error::CliError;
