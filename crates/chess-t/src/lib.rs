//! # fairy-chess-t
//!
//! Exact rules of Shamil Khasanov's Chess-T, Chess-T2 and chess-T1: three rule sets of one
//! family that differ only in data ([`RuleSet`]): board size, castle cells, impregnable
//! fields, setup, ranges and the Scout. Pieces capture only with **superiority in
//! strength** on the target cell ([`strength`]). The complete rules, each tagged with its
//! source (seed section, chess-T1, ruling), are in `docs/rules/chess-t.md`.
//!
//! ```
//! use fairy_chess_t::{Position, Variant, strength};
//! use fairy_kernel::Game;
//!
//! let p = Position::start(Variant::ChessT);
//! assert_eq!(p.to_notation(), "r2pkp2r/nnnncnnnn/9/9/9/9/NNNNCNNNN/R2PKP2R w b4,b5 - 0 1");
//! assert_eq!(fairy_kernel::perft(&p, 1), 38);
//! // Strength on e3 in half units: only White's Konnet on e2 (3 units) reaches it.
//! let e3 = p.parse_square("e3").unwrap();
//! assert_eq!(strength(&p, e3), (6, 0));
//! ```

mod game;
pub mod generated;
pub mod notation;
mod position;
pub mod rules;
pub mod tables;

#[cfg(test)]
mod tests;

pub use game::piece_value;
pub use position::{Move, MoveList, Position, MAX_MOVES};
pub use rules::{Kind, Piece, RuleSet, Variant, CHESS_T, CHESS_T1, CHESS_T2};

/// The strength sums of White and Black on `cell`, in **half units** (Knecht = 2, King 3,
/// Konnet 6), exactly as the capture rule compares them (docs/rules/chess-t.md, T6, T12): see
/// [`Position::strength`]. A cell off the board gives `(0, 0)`.
pub fn strength(position: &Position, cell: u16) -> (u16, u16) {
    position.strength(cell)
}
