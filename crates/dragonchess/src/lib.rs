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

pub mod eval;
mod game;
#[allow(missing_docs, clippy::all)]
mod generated;
mod notation;
mod position;
mod shift;
pub mod tables;
mod types;

pub use game::MOBILITY_WEIGHT;
pub use notation::START;
pub use position::{sylph_starts, Move, MoveList, Position, MAX_MOVES};
pub use types::{
    file_of, rank_of, side_name, square, square_name, Level, Piece, Role, Square, BOARD, FILES,
    GOLD, LEVEL_SQUARES, RANKS, SCARLET, SQUARES,
};

pub mod prelude;

use fairy_kernel::Color;

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

impl Position {
    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.piece_on(sq.index())
    }

    /// The square of `c`'s King (a valid position has exactly one per side).
    pub fn king_square(&self, c: Color) -> Square {
        Square::from_index(self.king_cell(c))
    }

    /// Whether a piece of `by` that is not frozen could capture on `sq` (rules doc 5.1):
    /// every capture pattern counts, across levels and from afar.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_cell(sq.index(), by)
    }

    /// The Ground square the Hero on `sq` came from, when `sq` is off the Ground, holds a
    /// Hero and the position records its origin (docs/rules/dragonchess.md, D3, D8).
    pub fn hero_origin(&self, sq: Square) -> Option<Square> {
        self.origin_of_hero(sq.index()).map(Square::from_index)
    }

    /// The legal move of this position with the squares of `m`, written the same way (from
    /// afar or not), or `None` if there is none: what a [`Move`] read without a position
    /// (its `FromStr`) means here. A Warrior's promotion is found whether `m` says `=H` or
    /// not (the suffix may be omitted, ruling D9); a move that says `=H` must promote.
    pub fn resolve(&self, m: Move) -> Option<Move> {
        use kernel::Game;
        self.legal_move_list().into_iter().find(|l| {
            l.origin() == m.origin()
                && l.target() == m.target()
                && l.is_afar() == m.is_afar()
                && (l.is_promotion() || !m.is_promotion())
        })
    }
}

impl core::str::FromStr for Move {
    type Err = kernel::MoveError;

    /// Reads a move in the notation of ruling D9 without a position, as
    /// [`Display`](core::fmt::Display) writes it: `2c2-2c3`, `3c4x2c4`, `2c7-2c8=H`.
    /// Whether a Warrior's move promotes depends on the board when `=H` is left out;
    /// [`Position::resolve`] gives the legal move of a position with the same squares
    /// (check it with [`Position::resolve`] or `Position::is_legal` before playing it).
    /// [`Position::parse_move`](kernel::Game::parse_move) does both at once.
    ///
    /// ```
    /// use fairy_dragonchess::prelude::*;
    ///
    /// let pos = Position::new();
    /// let m: Move = "3g1-3a7".parse().unwrap();
    /// assert_eq!((m.from().to_string(), m.to().to_string()), ("3g1".into(), "3a7".into()));
    /// assert_eq!(m.to_string(), "3g1-3a7");
    /// let legal = pos.resolve(m).unwrap();
    /// assert!(pos.is_legal(legal));
    /// assert!("3g1-3a9".parse::<Move>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Move, Self::Err> {
        notation::read_move_text(text)
    }
}

#[cfg(feature = "serde")]
fairy_kernel::impl_serde_via_str!(Move);

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
