//! What the engine asks of a placement besides the evaluation (not rules): the material a
//! capture wins, for move ordering, and whether a side has pieces besides king and pawns,
//! for the null move.

use fairy_kernel::Color;

use crate::{piece_value, Placement, Role};

impl<const N: usize> Placement<N> {
    /// The [`piece_value`] of `them`'s piece on `to` (a pawn when `en_passant`: that victim
    /// stands beside `to`), plus what promoting to `promotion` adds over the pawn: the
    /// `Heuristics::capture_gain` of Dainy and Gliński.
    ///
    /// ```
    /// use fairy_hexchess::{Color, Piece, Placement, Role};
    /// let mut pl = Placement::<80>::EMPTY;
    /// pl.put(5, Piece { color: Color::Black, role: Role::Rook });
    /// assert_eq!(pl.capture_gain(5, Color::Black, false, None), 700);
    /// assert_eq!(pl.capture_gain(5, Color::White, false, None), 0);
    /// assert_eq!(pl.capture_gain(6, Color::Black, false, Some(Role::Queen)), 900);
    /// ```
    pub fn capture_gain(
        &self,
        to: u16,
        them: Color,
        en_passant: bool,
        promotion: Option<Role>,
    ) -> i32 {
        let victim = if en_passant {
            piece_value(Role::Pawn)
        } else {
            match self.piece_at(to) {
                Some(p) if p.color == them => piece_value(p.role),
                _ => 0,
            }
        };
        victim + promotion.map_or(0, |r| piece_value(r) - piece_value(Role::Pawn))
    }

    /// Whether `color` has a knight, bishop, rook or queen: without one, zugzwang is common
    /// and the engine does not try a null move.
    pub fn has_officers(&self, color: Color) -> bool {
        [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .any(|r| self.pieces(color, r).any())
    }
}
