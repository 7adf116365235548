//! # fairy-dragonchess
//!
//! An exact rules engine for Gygax's *Dragonchess* (Dragon #100, 1985): three stacked
//! 12 x 8 boards (3 Sky, 2 Ground, 1 Underworld), 42 pieces a side, fifteen roles of piece,
//! the Dragon's capture from afar and the Basilisk's freezing. The rules it implements are
//! in the [`rules`] module, each tagged with its source (the Russian seed text or a project
//! ruling D1-D10, G1-G4).
//!
//! [`Position`] implements the kernel's [`Game`](kernel::Game) trait: start position,
//! position notation (ruling D8, also as `Display` and `FromStr`), legal moves, copy-make
//! play, outcome (checkmate, stalemate), move notation (ruling D9), Zobrist hash, evaluation
//! and a text diagram. Threefold repetition (ruling G1) is decided by
//! [`GameRecord`](kernel::GameRecord). Everything a user needs is in [`prelude`].
//!
//! ```
//! use fairy_dragonchess::prelude::*;
//! let mut p = Position::new();
//! assert_eq!(p.to_string(), START);
//! p.play_text("3g1-3a7").unwrap(); // the Dragon takes a Sylph on the Sky
//! let moves = p.legal_move_list();
//! assert!(moves.iter().any(|&m| p.format_move(m) == "3g8-3a2"));
//! ```

mod game;
#[allow(missing_docs, clippy::all)]
mod generated;
mod notation;
mod position;
pub mod tables;
mod types;

pub use game::MOBILITY_WEIGHT;
pub use notation::START;
pub use position::{sylph_starts, Move, MoveList, Position, MAX_MOVES};
pub use types::{
    file_of, rank_of, side_name, square, square_name, Level, Piece, Role, BOARD, FILES, GOLD,
    LEVEL_SQUARES, RANKS, SCARLET, SQUARES,
};

pub mod prelude;

/// The kernel this crate is built on (geometry, the `Game` trait, records), re-exported so
/// that one dependency is enough.
pub use fairy_kernel as kernel;

/// The rules of the game as this crate implements them, with the source text quoted for
/// each rule and every ruling of the project marked (the crate's `RULES.md`).
#[doc = include_str!("../RULES.md")]
pub mod rules {}

fairy_kernel::impl_position_new!(Position);
fairy_kernel::impl_position_text!(Position);
#[cfg(feature = "serde")]
fairy_kernel::impl_serde_via_str!(Position);

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
