//! Tables written by `cargo xtask codegen` from [`crate::tables`]; do not edit.

#[rustfmt::skip]
pub mod tables;
