//! # fairy-cli
//!
//! The library behind the `fairy` binary: the subcommands ([`commands`]; [`play`] and
//! [`matchplay`] for games against the engine) as a thin layer over the `fairy` facade
//! crate, whose registry, sessions, records and pictures it re-exports under the names the
//! binary has always used.

pub mod app;
pub mod arbiter;
pub mod commands;
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
