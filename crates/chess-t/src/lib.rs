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
//! let e3: Square = "e3".parse().unwrap();
//! assert_eq!(strength(&p, e3), (6, 0));
//! // The other rule sets are named in their text.
//! let t2 = Position::new(Variant::ChessT2);
//! assert_eq!(t2.to_string(), format!("chess-t2 {START_T2}"));
//! assert_eq!(t2.to_string().parse::<Position>().unwrap(), t2);
//! ```

mod count;
mod eval;
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
    Piece, Role, RuleSet, Square, UnknownVariant, Variant, CHESS_T, CHESS_T1, CHESS_T2, START,
    START_T1, START_T2,
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

/// The strength sums of White and Black on `sq`, in **half units** (Knecht = 2, King 3,
/// Konnet 6), exactly as the capture rule compares them (docs/rules/chess-t.md, T6, T12): see
/// [`Position::strength`]. A square off the board gives `(0, 0)`.
pub fn strength(position: &Position, sq: Square) -> (u16, u16) {
    position.strength(sq)
}

impl core::fmt::Display for Move {
    /// The move notation (docs/rules/chess-t.md, T11), as
    /// [`Game::format_move`](kernel::Game::format_move) writes it: `h2-h4`, `g5-g6=V`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}-{}", self.from(), self.to())?;
        if let Some(r) = self.promotion() {
            write!(f, "={}", r.letter())?;
        }
        Ok(())
    }
}

impl core::str::FromStr for Move {
    type Err = kernel::MoveError;

    /// Reads a move in the notation without a position, as [`Display`](core::fmt::Display)
    /// writes it (`:` accepted for `-`): its squares and promotion. Whether it captures or
    /// exchanges, and an automatic promotion left out, depend on the board:
    /// [`Position::resolve`] gives the legal move of a position with the same squares
    /// (check it with [`Position::resolve`] or `Position::is_legal` before playing it).
    /// [`Position::parse_move`](kernel::Game::parse_move) does both at once.
    ///
    /// ```
    /// use fairy_chess_t::prelude::*;
    ///
    /// let pos = Position::new(Variant::ChessT1);
    /// let m: Move = "e2-e4".parse().unwrap();
    /// assert_eq!((m.from().to_string(), m.to().to_string()), ("e2".into(), "e4".into()));
    /// let legal = pos.resolve(m).unwrap();
    /// assert!(pos.is_legal(legal));
    /// assert_eq!(legal.to_string(), "e2-e4");
    /// assert!("e2-e9".parse::<Move>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Move, Self::Err> {
        use kernel::MoveError;
        let malformed = || MoveError::Malformed {
            text: text.to_owned(),
            expected: "from-to such as h2-h4, with =X for a promotion (X one of V R P C S)".into(),
        };
        let (body, promo) = match text.trim().split_once('=') {
            Some((b, p)) => {
                let mut chars = p.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return Err(malformed());
                };
                (b, Some(Role::from_letter(c).ok_or_else(malformed)?))
            }
            None => (text.trim(), None),
        };
        let (a, b) = body.split_once(['-', ':']).ok_or_else(malformed)?;
        let sq = |s: &str| {
            s.parse::<Square>().map_err(|source| MoveError::Square {
                text: text.to_owned(),
                source,
            })
        };
        Ok(Move::unresolved(sq(a)?, sq(b)?, promo))
    }
}

#[cfg(feature = "serde")]
fairy_kernel::impl_serde_via_str!(Move);

impl Position {
    /// The legal move of this position with the squares of `m` and its promotion, or `None`
    /// if there is none: what a [`Move`] read without a position (its `FromStr`) means
    /// here. Without a promotion in `m`, an automatic promotion (the only legal move between
    /// the two squares) is found too.
    pub fn resolve(&self, m: Move) -> Option<Move> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let same = |l: &&Move| l.from() == m.from() && l.to() == m.to();
        if let Some(&l) = moves
            .iter()
            .filter(same)
            .find(|l| l.promotion() == m.promotion())
        {
            return Some(l);
        }
        let mut between = moves.iter().filter(same);
        match (m.promotion(), between.next(), between.next()) {
            (None, Some(&only), None) => Some(only),
            _ => None,
        }
    }
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
