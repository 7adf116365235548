//! # fairy-dainy
//!
//! An exact rules engine for **Dainy** (Дайны), V. G. Sidorchuk's chess for the 80-cell
//! hexagonal board: lines `a`..`k` of 5..10..5 cells, three cell colours, three bishops a
//! side, a pawn that steps along the diagonal and captures on the touching cells ahead,
//! castling along the home line. The complete rules, with the seed's article numbers and
//! the project's rulings H1-H6 and G1-G4, are in `docs/rules/dainy.md`.
//!
//! ```
//! use fairy_kernel::{perft, Game};
//! use fairy_dainy::Position;
//!
//! let start = Position::start(());
//! assert_eq!(perft(&start, 1), 53);
//! let mv = start.parse_move("b2-j2").unwrap(); // a bishop captures on move 1 (ruling H3)
//! let mut p = start.clone();
//! p.play(mv);
//! assert_eq!(p.to_notation(), "r2kr/nBbbqn/ppppppp/8/9/10/9/8/PPPPPPP/N1BBQN/R2KR b KQkq 0 1");
//! ```
//!
//! Layout: [`tables`] computes the per-cell tables from the kernel's [`fairy_kernel::HexBoard`]
//! (written to `src/generated/` by `cargo xtask codegen`), [`hexmoves`] (the kernel's generic
//! hexagonal slider and leaper machinery, shared with Gliński) is used by the move
//! generator, which decides legality with check and pin masks, and [`Position`] implements
//! [`fairy_kernel::Game`].

mod diagram;
mod eval;
mod game;
pub mod generated;
pub use fairy_kernel::geometry::hexmoves;
mod movegen;
mod notation;
mod pawns;
mod position;
pub mod tables;
mod types;

#[cfg(test)]
mod tests;

pub use game::{piece_value, MAX_MOVES, START};
pub use movegen::{bishop_attacks, rook_attacks};
pub use notation::{cell_name, geometry};
pub use position::{
    Cells, Position, BLACK_LONG, BLACK_SHORT, KING_HOME, PAWN_START_LINE, PROMOTION_LINE,
    ROOK_LONG, ROOK_SHORT, WHITE_LONG, WHITE_SHORT,
};
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
    /// A cell of the 80-cell Dainy board, named as the move and position notation write it.
    pub struct Square;
    count: tables::CELLS,
    name: notation::name_of,
    parse: notation::parse_cell,
}

fairy_hexchess::hex_game! {
    start: START,
    outcome: {
        /// Checkmate (a win, seed §4.1(a)), stalemate (a draw, seed §4.2(a)) and the dead
        /// position of bare kings (a draw, seed §4.2(b)); repetition is decided by
        /// [`fairy_kernel::GameRecord`] (ruling G1). A dead position keeps its legal moves.
        Position::rules_outcome
    },
    is_capture: Position::takes,
    board_view: {
        /// The hexagon with line a at the bottom (White's side), cells of a line side by side,
        /// in the three cell colours `(line + w) mod 3` of ruling H1.
        Position::view
    },
    move_record: {
        /// Castling is recorded as the king's move (ruling H6); there is no en passant
        /// (ruling H4).
        Position::record
    },
    move_flags: fairy_kernel::presentation::MoveFlags::CASTLING,
}

fairy_hexchess::hex_move_text! {
    move: Move,
    list: MoveList,
    write: notation::write_move,
    read: notation::read_move_text,
    ambiguity: {
        /// The text does not always say what kind of move it is: whether the king's `a4-a1` is
        /// castling depends on the pieces on the board (ruling H6).
    },
    example: {
        /// ```
        /// use fairy_dainy::prelude::*;
        /// use fairy_dainy::Move;
        ///
        /// let pos = Position::new();
        /// let m: Move = "c3-e4".parse().unwrap();
        /// assert_eq!(m.to_string(), "c3-e4");
        /// assert_eq!(pos.resolve(m), Some(m));
        /// assert!(pos.is_legal(m));
        /// assert!("c3-z9".parse::<Move>().is_err());
        /// ```
    },
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
