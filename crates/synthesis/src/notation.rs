//! Move notation: long algebraic with a dash (docs/rules/synthesis.md section 8).

use fairy_kernel::MoveError;

use crate::types::{parse_square, Role};
use crate::{Move, Position};
use fairy_kernel::Game as _;

const EXPECTED: &str =
    "from-to such as e2-e4, promotion e7-e8=Q, castling as the king's move e1-g1";

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
        let (Some(from), Some(to)) = (parse_square(from_s), parse_square(to_s)) else {
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
        let moves = self.legal_move_list();
        if moves.is_empty() {
            return Err(MoveError::GameOver(
                "the side to move has no legal move".to_string(),
            ));
        }
        if let Some(m) = moves
            .iter()
            .find(|m| m.from() == from && m.to() == to && m.promotion() == promo)
        {
            return Ok(*m);
        }
        let illegal = |reason: String| MoveError::Illegal {
            text: text.to_string(),
            reason,
        };
        let same_squares = moves.iter().any(|m| m.from() == from && m.to() == to);
        Err(if same_squares && promo.is_none() {
            illegal("a promotion needs its piece: =Q, =R, =B or =N".to_string())
        } else if same_squares {
            illegal("no such promotion".to_string())
        } else if self.piece_at(from).is_none_or(|p| p.color != self.side) {
            illegal(format!("no piece of the side to move on {from_s}"))
        } else {
            illegal("not a legal move here (see docs/rules/synthesis.md sections 3-4)".to_string())
        })
    }
}
