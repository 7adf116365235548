//! # fairy-cli
//!
//! The library behind the `fairy` binary: a registry of the variants ([`registry`]), an
//! object-safe view of any [`fairy_kernel::Game`] driven by text ([`adapter`]), and the
//! subcommands ([`commands`]; [`play`] and [`matchplay`] for games against the engine,
//! [`record_format`] for their game records). `xtask` uses the registry too (for codegen and speed), so a
//! variant is plugged in at one place.

pub mod adapter;
pub mod arbiter;
pub mod commands;
pub mod error;
pub mod matchplay;
pub mod picture;
pub mod play;
pub mod record_format;
pub mod registry;
pub mod uci;

pub use adapter::{Adapter, EngineMove, SearchInfo, Session, Variant};
pub use error::CliError;
