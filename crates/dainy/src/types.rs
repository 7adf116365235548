//! Pieces and moves.

use core::fmt;

use fairy_kernel::Color;

/// A kind of piece (seed §2.2). The discriminant is the index used by per-role tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (seed §3.7; ruling H4).
    Pawn = 0,
    /// Knight (seed §3.6; ruling H2).
    Knight = 1,
    /// Bishop (seed §3.2; ruling H2).
    Bishop = 2,
    /// Rook (seed §3.3; ruling H2).
    Rook = 3,
    /// Queen (seed §3.4; ruling H2).
    Queen = 4,
    /// King (seed §3.8; ruling H2).
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

    /// The roles a pawn may promote to (seed §3.7(d)), in the order the generator lists them.
    pub const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

    /// The index `0..6`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role from its index `0..6`.
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

    /// The upper-case letter of the role: `P N B R Q K` (ruling H6).
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

    /// The role of a letter, either case.
    pub fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }
}

/// A piece: a role and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// The notation letter: upper case White, lower case Black (ruling H6).
    pub fn char(self) -> char {
        let c = self.role.upper_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
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

    /// Dense code `1..=12` used in the board array (0 means an empty cell).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        (self.color as u8) * 6 + self.role as u8 + 1
    }

    /// The piece of a non-zero board code.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code > 12 {
            return None;
        }
        let c = code - 1;
        let color = if c >= 6 { Color::Black } else { Color::White };
        match Role::from_index((c % 6) as usize) {
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
    pub const fn from(self) -> u16 {
        self.from as u16
    }

    /// The cell the moving piece (the king, for castling) lands on.
    #[inline]
    pub const fn to(self) -> u16 {
        self.to as u16
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
