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
//! use fairy_dainy::Dainy;
//!
//! let start = Dainy::start(());
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
//! generator, which decides legality with check and pin masks, and [`Dainy`] implements
//! [`fairy_kernel::Game`].

mod diagram;
mod game;
pub mod generated;
pub use fairy_kernel::geometry::hexmoves;
mod movegen;
mod notation;
mod position;
pub mod tables;
mod types;

#[cfg(test)]
mod tests;

pub use game::{piece_value, MOVE_LIST_CAPACITY};
pub use movegen::{bishop_attacks, rook_attacks};
pub use notation::{cell_name, geometry};
pub use position::{
    Cells, Dainy, BLACK_LONG, BLACK_SHORT, KING_HOME, PAWN_START_LINE, PROMOTION_LINE, ROOK_LONG,
    ROOK_SHORT, WHITE_LONG, WHITE_SHORT,
};
pub use types::{Move, MoveKind, Piece, Role, PROMOTIONS};

/// The move list of [`Dainy`]: capacity [`MOVE_LIST_CAPACITY`].
pub type MoveList = fairy_kernel::ArrayMoveList<Move, MOVE_LIST_CAPACITY>;
