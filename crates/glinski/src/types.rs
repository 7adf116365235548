//! Pieces and moves of Gliński's chess.

use core::fmt;

use fairy_kernel::Color;

/// A kind of piece (docs/rules/glinski.md §3). The discriminant indexes per-role tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (§3.6).
    Pawn = 0,
    /// Knight (§3.5).
    Knight = 1,
    /// Bishop (§3.3).
    Bishop = 2,
    /// Rook (§3.2).
    Rook = 3,
    /// Queen (§3.4).
    Queen = 4,
    /// King (§3.1).
    King = 5,
}

impl Role {
    /// All roles in index order.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// What a pawn may promote to (§3.6(e)), in the order the generator lists them.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The index `0..6`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role of an index `0..6`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Role> {
        match i {
            0 => Some(Role::Pawn),
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            5 => Some(Role::King),
            _ => None,
        }
    }

    /// The upper-case notation letter `P N B R Q K` (§5).
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role of a notation letter in either case.
    pub fn from_char(c: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.upper_char() == c.to_ascii_uppercase())
    }
}

/// A piece: side and role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// The notation letter: upper case White, lower case Black (§5).
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.upper_char().to_ascii_lowercase(),
        }
    }

    /// The piece of a notation letter, if it is one.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The board code `1..=12` (0 is an empty cell): `color * 6 + role + 1`.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        self.color as u8 * 6 + self.role as u8 + 1
    }

    /// The piece of a board code; `None` for 0 or anything above 12.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code > 12 {
            return None;
        }
        let color = if code > 6 { Color::Black } else { Color::White };
        match Role::from_index(((code - 1) % 6) as usize) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

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
    pub const fn from(self) -> u16 {
        self.from as u16
    }

    /// The cell the piece lands on (for en passant: the skipped cell, not the captured
    /// pawn's cell).
    #[inline]
    pub const fn to(self) -> u16 {
        self.to as u16
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
