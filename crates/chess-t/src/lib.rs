//! # fairy-chess-t
//!
//! Exact rules of Shamil Khasanov's Chess-T, Chess-T2 and chess-T1: three rule sets of one
//! family that differ only in data ([`RuleSet`], chosen by [`Variant`]): board size, castle
//! cells, impregnable fields, setup, ranges and the Scout. Pieces capture only with
//! **superiority in strength** on the target cell ([`strength`]). The complete rules, each
//! tagged with its source (seed section, chess-T1, ruling), are in the [`rules`] module.
//! Everything a user needs is in [`prelude`].
//!
//! ```
//! use fairy_chess_t::prelude::*;
//! use fairy_chess_t::strength;
//!
//! let p = Position::new(Variant::ChessT);
//! assert_eq!(p.to_string(), START);
//! assert_eq!(p.legal_move_list().len(), 38);
//! // Strength on e3 in half units: only White's Konnet on e2 (3 units) reaches it.
//! let e3 = p.parse_square("e3").unwrap();
//! assert_eq!(strength(&p, e3), (6, 0));
//! // The other rule sets are named in their text.
//! let t2 = Position::new(Variant::ChessT2);
//! assert_eq!(t2.to_string(), format!("chess-t2 {START_T2}"));
//! assert_eq!(t2.to_string().parse::<Position>().unwrap(), t2);
//! ```

mod game;
pub mod generated;
pub mod notation;
mod position;
pub mod ruleset;
pub mod tables;

#[cfg(test)]
mod tests;

pub use game::piece_value;
pub use position::{Move, MoveList, Position, MAX_MOVES};
pub use ruleset::{
    Piece, Role, RuleSet, UnknownVariant, Variant, CHESS_T, CHESS_T1, CHESS_T2, START, START_T1,
    START_T2,
};

pub mod prelude;

/// The kernel this crate is built on (geometry, the `Game` trait, records), re-exported so
/// that one dependency is enough.
pub use fairy_kernel as kernel;

/// The rules of the game as this crate implements them, with the source text quoted for
/// each rule and every ruling of the project marked (the crate's `RULES.md`: one document
/// for the three rule sets).
#[doc = include_str!("../RULES.md")]
pub mod rules {}

#[cfg(feature = "serde")]
fairy_kernel::impl_serde_via_str!(Position);

/// The strength sums of White and Black on `cell`, in **half units** (Knecht = 2, King 3,
/// Konnet 6), exactly as the capture rule compares them (docs/rules/chess-t.md, T6, T12): see
/// [`Position::strength`]. A cell off the board gives `(0, 0)`.
pub fn strength(position: &Position, cell: u16) -> (u16, u16) {
    position.strength(cell)
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
