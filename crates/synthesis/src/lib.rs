//! # fairy-synthesis
//!
//! Synthesis chess (Синтез-шахматы, O. G. Shishkina, 2022) on an 8x8 board: orthodox
//! pieces whose day (capturing) and night (non-capturing) moves change with the position of
//! their side's original queen. The complete rules, with the seed's sections and the
//! project's rulings S1-S14, are in `docs/rules/synthesis.md`.
//!
//! - [`Position`]: placement, rights and latched states; FEN with the seventh field of S9;
//!   copy-make [`Game::after`](fairy_kernel::Game::after).
//! - [`Game::legal_move_list`](fairy_kernel::Game::legal_move_list): legal moves under every mode and the legality rules of S6,
//!   S7, S11, S12 (check in answer to check, king capture and reply, both kings attacked,
//!   kings never adjacent, compulsory pawn captures).
//! - [`Position`] implements the kernel's [`Game`](fairy_kernel::Game) trait (`RuleSet = ()`),
//!   so the perft driver, the engine and the `fairy` CLI use it as it is.
//!
//! ```
//! use fairy_synthesis::prelude::*;
//! let p = Position::new();
//! assert_eq!(p.legal_move_list().len(), 20);
//! let p = p.after(p.parse_move("e2-e4").unwrap());
//! assert_eq!(p.to_notation(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! ```

pub mod attacks;
pub mod eval;
mod game;
pub mod generated;
pub mod movegen;
mod notation;
pub mod position;
mod safety;
pub mod tables;
pub mod types;
pub mod zobrist;

pub use fairy_kernel::Color;
pub use game::MOBILITY_WEIGHT;
pub use movegen::{MoveList, MAX_MOVES};
pub use position::{Position, START};
pub use types::{Latch, Mode, Move, MoveKind, Piece, Role, Square};

pub mod prelude;

/// The kernel this crate is built on (geometry, the `Game` trait, records), re-exported so
/// that one dependency is enough.
pub use fairy_kernel as kernel;

/// The rules of the game as this crate implements them, with the source text quoted for
/// each rule and every ruling of the project marked (the crate's `RULES.md`).
#[doc = include_str!("../RULES.md")]
pub mod rules {}

fairy_kernel::impl_position_new!(Position);
#[cfg(feature = "serde")]
fairy_kernel::impl_serde_via_str!(Position);

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
