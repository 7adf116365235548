//! # fairy-dragonchess
//!
//! An exact rules engine for Gygax's *Dragonchess* (Dragon #100, 1985): three stacked
//! 12 x 8 boards (3 Sky, 2 Ground, 1 Underworld), 42 pieces a side, fifteen kinds of piece,
//! the Dragon's capture from afar and the Basilisk's freezing. The rules it implements are
//! in `docs/rules/dragonchess.md`, each tagged with its source (the Russian seed text or a
//! project ruling D1-D10, G1-G4).
//!
//! [`Position`] implements the kernel's [`fairy_kernel::Game`]: start position, position
//! notation (ruling D8), legal moves, copy-make play, outcome (checkmate, stalemate), move
//! notation (ruling D9), Zobrist hash, evaluation and a text diagram. Threefold repetition
//! (ruling G1) is decided by [`fairy_kernel::GameRecord`].
//!
//! ```
//! use fairy_dragonchess::Position;
//! use fairy_kernel::{Game, MoveBuf};
//! let mut p = Position::start(());
//! assert_eq!(p.to_notation(), fairy_dragonchess::START);
//! let m = p.parse_move("3g1-3a7").unwrap(); // the Dragon takes a Sylph on the Sky
//! p.play(m);
//! let mut moves = fairy_dragonchess::MoveList::new();
//! p.legal_moves(&mut moves);
//! assert!(moves.as_slice().iter().any(|&m| p.format_move(m) == "3g8-3a2"));
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
    file_of, rank_of, side_name, square, square_name, Kind, Level, Piece, BOARD, FILES, GOLD,
    LEVEL_SQUARES, RANKS, SCARLET, SQUARES,
};
