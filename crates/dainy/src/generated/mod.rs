//! Tables written by `cargo xtask codegen` from [`crate::tables`]; do not edit the generated
//! files by hand.

#[allow(clippy::all, missing_docs)]
pub mod tables;
