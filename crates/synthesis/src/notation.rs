//! Move notation: long algebraic with a dash (docs/rules/synthesis.md section 8).

use fairy_kernel::MoveError;

use crate::types::{parse_sq, MoveKind, Role};
use crate::{Move, Position};
use fairy_kernel::Game as _;

const EXPECTED: &str =
    "from-to such as e2-e4, promotion e7-e8=Q, castling as the king's move e1-g1";

/// Reads the text of a move without a position: squares and promotion, kind normal or
/// promotion (`Move: FromStr`).
pub(crate) fn read_move_text(text: &str) -> Result<Move, MoveError> {
    let malformed = || MoveError::Malformed {
        text: text.to_string(),
        expected: EXPECTED.to_string(),
    };
    let t = text.trim();
    if !t.is_ascii() || t.len() < 5 {
        return Err(malformed());
    }
    let (from_s, sep, rest) = (&t[0..2], &t[2..3], &t[3..]);
    if !matches!(sep, "-" | "x" | ":") || rest.len() < 2 {
        return Err(malformed());
    }
    let (to_s, promo_s) = rest.split_at(2);
    let (Some(from), Some(to)) = (parse_sq(from_s), parse_sq(to_s)) else {
        return Err(malformed());
    };
    let promo = match promo_s {
        "" => None,
        p => {
            let p = p.strip_prefix('=').unwrap_or(p);
            let mut chars = p.chars();
            match (chars.next().and_then(Role::from_char), chars.next()) {
                (Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)), None) => {
                    Some(r)
                }
                _ => return Err(malformed()),
            }
        }
    };
    Ok(match promo {
        Some(r) => Move::new(from, to, MoveKind::Promotion(r)),
        None => Move::new(from, to, MoveKind::Normal),
    })
}

impl Position {
    /// Reads a move in long algebraic notation (`e2-e4`, `e7-e8=Q`, castling `e1-g1`; `x` or
    /// `:` accepted in place of `-`, the promotion letter in either case) and returns the
    /// matching legal move. Never panics.
    ///
    /// # Errors
    /// [`MoveError::Malformed`] when the text is not a move,
    /// [`MoveError::Illegal`] when no legal move matches (with the reason),
    /// [`MoveError::GameOver`] when the side to move has no legal move at all.
    ///
    /// ```
    /// use fairy_synthesis::Position;
    /// let p = Position::new();
    /// assert_eq!(p.parse_move("g1-f3").unwrap().to_string(), "g1-f3");
    /// assert!(p.parse_move("e2-e5").is_err());
    /// assert!(p.parse_move("zz").is_err());
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let read = read_move_text(text)?;
        let (from, to, promo) = (read.origin(), read.target(), read.promotion());
        let from_s = &text.trim()[0..2];
        let moves = self.legal_move_list();
        if moves.is_empty() {
            return Err(MoveError::GameOver(
                "the side to move has no legal move".to_string(),
            ));
        }
        if let Some(m) = moves
            .iter()
            .find(|m| m.origin() == from && m.target() == to && m.promotion() == promo)
        {
            return Ok(*m);
        }
        let illegal = |reason: String| MoveError::Illegal {
            text: text.to_string(),
            reason,
        };
        let same_squares = moves.iter().any(|m| m.origin() == from && m.target() == to);
        Err(if same_squares && promo.is_none() {
            illegal("a promotion needs its piece: =Q, =R, =B or =N".to_string())
        } else if same_squares {
            illegal("no such promotion".to_string())
        } else if self.piece_on(from).is_none_or(|p| p.color != self.side) {
            illegal(format!("no piece of the side to move on {from_s}"))
        } else {
            illegal("not a legal move here (see docs/rules/synthesis.md sections 3-4)".to_string())
        })
    }
}

impl Position {
    /// The legal move of this position with the squares and promotion of `m`, kind
    /// included, or `None` if there is none: what a [`Move`] read without a position (its
    /// `FromStr`) means here.
    pub fn resolve(&self, m: Move) -> Option<Move> {
        self.legal_move_list().into_iter().find(|l| {
            l.origin() == m.origin() && l.target() == m.target() && l.promotion() == m.promotion()
        })
    }
}

impl core::str::FromStr for Move {
    type Err = MoveError;

    /// Reads a move in long algebraic notation without a position (`e2-e4`, `e7-e8=Q`,
    /// castling as the king's move `e1-g1`; `x` or `:` accepted in place of `-`), as
    /// [`Display`](core::fmt::Display) writes it.
    ///
    /// The text does not say what kind of move it is: whether `e1-g1` is castling, `e2-e4`
    /// a pawn's double step or `e5-d6` an en-passant capture depends on the pieces on the
    /// board. A move read here is therefore a normal move or a promotion;
    /// [`Position::resolve`] gives the legal move of a position with the same squares and
    /// promotion, kind included (check it with [`Position::resolve`] or
    /// `Position::is_legal` before playing it). [`Position::parse_move`] does both at once.
    ///
    /// ```
    /// use fairy_synthesis::prelude::*;
    /// use fairy_synthesis::{Move, MoveKind};
    ///
    /// let pos = Position::new();
    /// let m: Move = "e2-e4".parse().unwrap();
    /// assert_eq!((m.from().to_string(), m.to().to_string()), ("e2".into(), "e4".into()));
    /// let legal = pos.resolve(m).unwrap();
    /// assert_eq!(legal.kind(), MoveKind::DoubleStep);
    /// assert!(pos.is_legal(legal));
    /// assert!("e2-e9".parse::<Move>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Move, MoveError> {
        read_move_text(text)
    }
}

#[cfg(feature = "serde")]
fairy_kernel::impl_serde_via_str!(Move);
