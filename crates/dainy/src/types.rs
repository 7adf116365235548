//! Pieces and moves.

pub use fairy_hexchess::{Piece, Role};

/// The roles a pawn may promote to (seed §3.7(d)), in the order the generator lists them.
pub const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture.
    Normal,
    /// Castling (seed §3.8(b); ruling H3); `from`/`to` are the king's cells.
    Castle,
    /// A pawn move to the last line, replaced by this role (seed §3.7(d)).
    Promotion(Role),
}

/// A move: origin and target cell (square indices of [`crate::tables::board`]) and its kind.
///
/// Castling is stored as the king's move (`a4-a1` long, `a4-a5` short; ruling H6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    /// 0 normal, 1 castling, 2 + role index for a promotion.
    kind: u8,
}

impl Move {
    #[inline]
    pub(crate) const fn new(from: u16, to: u16, kind: MoveKind) -> Move {
        let k = match kind {
            MoveKind::Normal => 0,
            MoveKind::Castle => 1,
            MoveKind::Promotion(r) => 2 + r as u8,
        };
        Move {
            from: from as u8,
            to: to as u8,
            kind: k,
        }
    }

    /// The cell the moving piece (the king, for castling) leaves.
    #[inline]
    pub(crate) const fn origin(self) -> u16 {
        self.from as u16
    }

    /// The cell the moving piece (the king, for castling) lands on.
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
            1 => MoveKind::Castle,
            k => match Role::from_index((k - 2) as usize) {
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

    /// Whether this is castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.kind == 1
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
