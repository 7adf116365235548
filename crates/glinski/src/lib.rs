//! # fairy-glinski
//!
//! An exact rules engine for **Gliński's hexagonal chess** (Władysław Gliński, 1949), the
//! most widely played hexagonal chess: 91 cells in files `a`..`l` without `j` of 6..11..6
//! cells, three cell shades and three bishops a side, pawns that step along the file (two
//! cells from any of their start cells) and capture on the two touching cells obliquely
//! ahead, en passant, promotion at the end of the file, no castling, and stalemate scored
//! as a win (3/4) for the stalemating side. The complete rules, with the project's rulings,
//! are in `docs/rules/glinski.md`.
//!
//! ```
//! use fairy_kernel::{perft, Game};
//! use fairy_glinski::Position;
//!
//! let start = Position::start(());
//! assert_eq!(perft(&start, 1), 51);
//! let mut p = start.clone();
//! p.play(start.parse_move("g4-g6").unwrap()); // a double step: g5 is the en-passant cell
//! assert_eq!(
//!     p.to_notation(),
//!     "b/qbk/n1b1n/r5r/ppppppppp/6P4/5P5/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b g5 0 1"
//! );
//! ```
//!
//! Layout: [`tables`] computes the per-cell tables from the kernel's hexagonal geometry
//! and its shared movement module [`fairy_kernel::geometry::hexmoves`] (written to
//! `src/generated/` by `cargo xtask codegen`); the move generator decides legality with
//! check and pin masks; [`Position`] implements [`fairy_kernel::Game`], including the text
//! diagram and the drawing model for `fairy svg`.

mod diagram;
mod eval;
mod game;
pub mod generated;
mod movegen;
mod notation;
mod pawns;
mod position;
pub mod tables;
mod types;

#[cfg(test)]
mod tests;

pub use diagram::PALETTE;
pub use game::{piece_value, MAX_MOVES, START};
pub use movegen::{bishop_attacks, rook_attacks};
pub use notation::{cell_name, geometry, rank_cells};
pub use position::{Cells, Position};
pub use types::{Move, MoveKind, Piece, Role, PROMOTIONS};

/// The move list of [`Position`]: capacity [`MAX_MOVES`].
pub type MoveList = fairy_kernel::ArrayMoveList<Move, MAX_MOVES>;

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

fairy_kernel::define_square! {
    /// A cell of Gliński's 91-cell board, `a1`..`l6` (files `a`..`l` without `j`), named as the move and position notation write it.
    pub struct Square;
    count: tables::CELLS,
    name: notation::name_of,
    parse: notation::parse_cell,
}

fairy_hexchess::hex_game! {
    start: START,
    outcome: {
        /// Checkmate wins (§4.2); stalemate wins for the side that delivered it
        /// ([`fairy_kernel::Reason::StalemateWin`], scored 3/4 : 1/4 by Gliński's rules, §4.3);
        /// repetition is decided by [`fairy_kernel::GameRecord`] (ruling G1). No material is
        /// declared dead (§4.4).
        Position::rules_outcome
    },
    is_capture: Position::takes,
    board_view: {
        /// The hexagonal board as drawn by `fairy svg` (docs/rules/glinski.md).
        crate::diagram::view
    },
    move_record: {
        /// En passant names the captured pawn's cell, one step behind the skipped cell the
        /// pawn lands on (§3.6(d)).
        Position::record
    },
    move_flags: fairy_kernel::presentation::MoveFlags::EN_PASSANT
        | fairy_kernel::presentation::MoveFlags::DOUBLE_STEP,
}

fairy_hexchess::hex_move_text! {
    move: Move,
    list: MoveList,
    write: notation::write_move,
    read: notation::read_move_text,
    ambiguity: {
        /// The text does not always say what kind of move it is: whether `f5-f7` is a pawn's
        /// double step and `e6-d6` an en-passant capture depends on the pieces on the board (§3.6).
    },
    example: {
        /// ```
        /// use fairy_glinski::prelude::*;
        /// use fairy_glinski::{Move, MoveKind};
        ///
        /// let pos = Position::new();
        /// let m: Move = "g4-g6".parse().unwrap();
        /// assert_eq!(m.to_string(), "g4-g6");
        /// let legal = pos.resolve(m).unwrap();
        /// assert_eq!(legal.kind(), MoveKind::DoubleStep);
        /// assert!(pos.is_legal(legal));
        /// assert!("g4-g12".parse::<Move>().is_err());
        /// ```
    },
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
