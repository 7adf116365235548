//! # fairy-hexchess
//!
//! Orthodox chess pieces on hexagonal boards, shared by `fairy-dainy` and `fairy-glinski`:
//! the six roles and their letters ([`Role`], [`Piece`]), a placement of pieces kept as
//! bitsets ([`Placement`]), and the slider and leaper attacks with the check and pin masks
//! of a legal move generator, parameterised by each variant's generated tables
//! ([`Tables`]), and the position they share ([`HexPosition`], described by each variant's
//! [`HexRules`]): placement, side to move, clocks, Zobrist hashing, the shared part of
//! playing a move and the position notation. What differs between the games (pawns,
//! castling, en passant, promotion, outcomes) stays in the variant crates.
//!
//! A game developer uses `fairy-dainy` or `fairy-glinski` and never this crate directly;
//! a contributor adding a hexagonal variant builds on it. A placement, for example:
//!
//! ```
//! use fairy_hexchess::{Color, Piece, Placement, Role};
//!
//! let mut board: Placement<91> = Placement::EMPTY; // Gliński's 91 cells
//! let queen = Piece::from_char('Q').unwrap();
//! assert_eq!(queen, Piece { color: Color::White, role: Role::Queen });
//! board.put(45, queen);
//! assert_eq!(board.piece_at(45), Some(queen));
//! assert!(board.occupied_by(Color::White).contains(45));
//! assert_eq!(board.occupied().count(), 1);
//! ```

mod attacks;
mod cells;
mod eval;
mod gain;
mod macros;
pub mod notation;
mod placement;
mod position;
mod role;
mod sink;
pub mod tables;
#[cfg(feature = "testing")]
pub mod testing;

pub use attacks::{ascends, bishop_attacks, rook_attacks, Checks, Tables};
pub use cells::{count, shift};
pub use eval::{
    piece_value, EvalTables, CENTRE_WEIGHTS, FULL_PHASE_MATERIAL, KING_ATTACK, KING_SHIELD,
    MOBILITY_WEIGHT, PAWN_ADVANCE,
};
/// The colour of a side (the kernel's), re-exported for the macros.
pub use fairy_kernel::Color;
pub use placement::Placement;
pub use position::{HexPosition, HexRules, ZobristKeys};
pub use role::{Piece, Role, PIECE_KINDS};
pub use sink::{Counter, HexMove, Lister, Sink};

/// A set of cells of a hexagonal board of at most 128 cells.
pub type Cells = fairy_kernel::BitSet<2>;
