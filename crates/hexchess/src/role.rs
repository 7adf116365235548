//! Pieces: the six orthodox roles and their notation letters.

use core::fmt;

use fairy_kernel::Color;

/// A kind of piece. The discriminant is the index used by per-role tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
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

    /// The upper-case notation letter of the role: `P N B R Q K`.
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

    /// The role of a notation letter, either case.
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
    /// The notation letter: upper case White, lower case Black.
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

    /// The dense code `1..=12` used in a board array (0 means an empty cell):
    /// `color * 6 + role + 1`.
    #[inline]
    pub const fn code(self) -> u8 {
        (self.color as u8) * 6 + self.role as u8 + 1
    }

    /// The piece of a board code; `None` for 0 or anything above 12.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
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

/// The six orthodox pieces with their English names, in the order of the rules documents of
/// Dainy and Gliński (for their `Presentation::pieces`).
pub const PIECE_KINDS: [fairy_kernel::presentation::PieceKind; 6] = [
    fairy_kernel::presentation::PieceKind::new('K', "King"),
    fairy_kernel::presentation::PieceKind::new('Q', "Queen"),
    fairy_kernel::presentation::PieceKind::new('R', "Rook"),
    fairy_kernel::presentation::PieceKind::new('B', "Bishop"),
    fairy_kernel::presentation::PieceKind::new('N', "Knight"),
    fairy_kernel::presentation::PieceKind::new('P', "Pawn"),
];
