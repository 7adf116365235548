//! # fairy-testkit
//!
//! The test fixtures of the fairy workspace, shared by the test suites of its crates and
//! published by none of them (this crate is not published; crates use it as a
//! dev-dependency only):
//!
//! - [`toy`]: a tiny chess-like game on a 5x5 board for the engine's and the CLI's tests,
//! - [`ring`]: two tokens on a ring, small enough to count by hand, for the kernel's
//!   generic machinery,
//! - [`perft_file`]: reading perft files and checking their figures against a variant's
//!   fast and reference generators,
//! - [`text_checks`]: round trips of squares and moves written as text,
//! - [`properties`]: properties every variant must have, along random games.

pub mod perft_file;
pub mod properties;
pub mod ring;
pub mod text_checks;
pub mod toy;
