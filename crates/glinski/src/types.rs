//! Pieces and moves of Gliński's chess.

pub use fairy_hexchess::{Piece, Role};

/// What a pawn may promote to (§3.6(e)), in the order the generator lists them.
pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture (a pawn's single step included).
    Normal,
    /// A pawn's two-cell step from one of its side's start cells (§3.6(b)).
    DoubleStep,
    /// A pawn capturing en passant on the skipped cell (§3.6(d)).
    EnPassant,
    /// A pawn move to the last cell of its file, replaced by this role (§3.6(e)).
    Promotion(Role),
}

/// A move: origin, target (cell indices of [`crate::tables::board`]) and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    /// 0 normal, 1 double step, 2 en passant, 3 + role index for a promotion.
    kind: u8,
}

impl Move {
    #[inline]
    pub(crate) const fn new(from: u16, to: u16, kind: MoveKind) -> Move {
        let kind = match kind {
            MoveKind::Normal => 0,
            MoveKind::DoubleStep => 1,
            MoveKind::EnPassant => 2,
            MoveKind::Promotion(r) => 3 + r as u8,
        };
        Move {
            from: from as u8,
            to: to as u8,
            kind,
        }
    }

    /// The cell the piece leaves.
    #[inline]
    pub(crate) const fn origin(self) -> u16 {
        self.from as u16
    }

    /// The cell the piece lands on (for en passant: the skipped cell, not the captured
    /// pawn's cell).
    #[inline]
    pub(crate) const fn target(self) -> u16 {
        self.to as u16
    }

    /// The square the moving piece leaves (the king's, for castling).
    #[inline]
    pub const fn from(self) -> crate::Square {
        crate::Square::from_index(self.origin())
    }

    /// The square the moving piece lands on (the king's, for castling; for en passant the
    /// skipped cell, not the captured pawn's).
    #[inline]
    pub const fn to(self) -> crate::Square {
        crate::Square::from_index(self.target())
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.kind {
            0 => MoveKind::Normal,
            1 => MoveKind::DoubleStep,
            2 => MoveKind::EnPassant,
            k => match Role::from_index((k - 3) as usize) {
                Some(r) => MoveKind::Promotion(r),
                None => MoveKind::Normal,
            },
        }
    }

    /// The promotion role, if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }
}

impl fairy_hexchess::HexMove for Move {
    const PROMOTIONS: [Role; 4] = PROMOTIONS;
    #[inline(always)]
    fn normal(from: u16, to: u16) -> Move {
        Move::new(from, to, MoveKind::Normal)
    }
    #[inline(always)]
    fn promotion(from: u16, to: u16, role: Role) -> Move {
        Move::new(from, to, MoveKind::Promotion(role))
    }
    #[inline(always)]
    fn cells(self) -> (u16, u16, Option<Role>) {
        (self.origin(), self.target(), self.promotion())
    }
}
