//! # fairy-cli
//!
//! The library behind the `fairy` binary: a registry of the variants ([`registry`]), an
//! object-safe view of any [`fairy_kernel::Game`] driven by text ([`adapter`]), and the
//! subcommands ([`commands`]). `xtask` uses the registry too (for codegen and speed), so a
//! variant is plugged in at one place.

pub mod adapter;
pub mod commands;
pub mod error;
pub mod registry;

pub use adapter::{Adapter, Session, Variant};
pub use error::CliError;
