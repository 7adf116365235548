//! Small value types: squares, piece roles, moves, latched states and modes.

use core::fmt;

use crate::Color;

/// A square of the 8x8 board as a dense cell index `0..64` (the move generator's and the
/// bitboard functions' form): `a1` = 0, `b1` = 1, ..., `h1` = 7, `a2` = 8, ..., `h8` = 63
/// (file + 8 * rank, both counted from 0). This is the index the kernel's
/// `RectBoard::new(8, 8)` uses and [`Square::index`] gives.
pub(crate) type Sq = u8;

fairy_kernel::define_square! {
    /// A square of the 8x8 board, `a1`..`h8`; its [`index`](Square::index) is
    /// file + 8 * rank (`a1` = 0, `h8` = 63), the bit of the position's bitboards.
    pub struct Square;
    count: 64,
    name: |i: u16| name_of(i as Sq),
    parse: |text: &str| parse_sq(text).map(u16::from).ok_or_else(|| {
        fairy_kernel::SquareError::Malformed {
            text: text.to_owned(),
            expected: "a file a..h and a rank 1..8, such as e4".to_owned(),
        }
    }),
}

impl Square {
    /// The square's index as the bitboards' bit number.
    #[inline]
    pub(crate) const fn sq(self) -> Sq {
        self.index() as Sq
    }

    /// The square of a bitboard bit number known to be a square.
    #[inline]
    pub(crate) const fn of(sq: Sq) -> Square {
        Square::from_index(sq as u16)
    }

    /// The file (0 = a .. 7 = h).
    #[inline]
    pub const fn file(self) -> u8 {
        file_of(self.index() as Sq)
    }

    /// The rank (0 = rank 1 .. 7 = rank 8).
    #[inline]
    pub const fn rank(self) -> u8 {
        rank_of(self.index() as Sq)
    }

    /// The square on `file` (0..8) and `rank` (0..8), if both are on the board.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square::of(square(file, rank)))
        } else {
            None
        }
    }

    /// The bitboard with only this square.
    #[inline]
    pub const fn bitboard(self) -> u64 {
        1u64 << self.index()
    }
}

/// The name of a square, e.g. `e4` (as `sq.to_string()`).
pub fn square_name(sq: Square) -> String {
    name_of(sq.sq())
}

/// Reads a square name `a1`..`h8` (lower case file letter, rank digit). Returns `None` for
/// anything else; `text.parse::<Square>()` gives the error instead.
pub fn parse_square(text: &str) -> Option<Square> {
    parse_sq(text).map(Square::of)
}

/// The file (0 = a .. 7 = h) of a square.
#[inline]
pub(crate) const fn file_of(sq: Sq) -> u8 {
    sq & 7
}

/// The rank (0 = rank 1 .. 7 = rank 8) of a square.
#[inline]
pub(crate) const fn rank_of(sq: Sq) -> u8 {
    sq >> 3
}

/// The square on `file` (0..8) and `rank` (0..8).
#[inline]
pub(crate) const fn square(file: u8, rank: u8) -> Sq {
    rank * 8 + file
}

/// The name of a square index, e.g. `e4`.
pub(crate) fn name_of(sq: Sq) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'a' + file_of(sq)) as char);
    s.push((b'1' + rank_of(sq)) as char);
    s
}

/// Reads a square name `a1`..`h8` (lower case file letter, rank digit). Returns `None` for
/// anything else.
pub(crate) fn parse_sq(text: &str) -> Option<Sq> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let (f, r) = (b[0], b[1]);
    if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
        return None;
    }
    Some(square(f - b'a', r - b'1'))
}

/// The kind of a piece, independent of its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn, `P`.
    Pawn = 0,
    /// Knight, `N`.
    Knight = 1,
    /// Bishop, `B`.
    Bishop = 2,
    /// Rook, `R`.
    Rook = 3,
    /// Queen, `Q`.
    Queen = 4,
    /// King, `K`.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The role's index `0..6` (pawn 0 .. king 5).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of the role: `P N B R Q K`.
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

    /// The role of a letter, either case (`p`/`P` .. `k`/`K`); `None` for other characters.
    pub const fn from_char(c: char) -> Option<Role> {
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

    /// Material value in centipawns used by `evaluate`: pawn 100, knight 300, bishop 320,
    /// rook 500, queen 900, king 0 (kings are never traded for material).
    pub const fn value(self) -> i32 {
        match self {
            Role::Pawn => 100,
            Role::Knight => 300,
            Role::Bishop => 320,
            Role::Rook => 500,
            Role::Queen => 900,
            Role::King => 0,
        }
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    pub fn fen_char(self) -> char {
        let c = self.role.upper_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// What kind of move a [`Move`] is; decided by the generator, needed by `play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move that is not one of the others (captures included).
    Normal,
    /// A pawn's double step from its start rank.
    DoubleStep,
    /// An en-passant capture (seed Note 2; S8).
    EnPassant,
    /// Castling, written as the king's move (seed Note 1).
    Castle,
    /// A promotion (capture or not) to the given role.
    Promotion(Role),
}

/// A move, packed in 16 bits: origin (6 bits), destination (6 bits), kind (4 bits).
///
/// Moves are only meaningful for the position they were generated in; obtain them from
/// `legal_moves` or `parse_move`. Notation: `e2-e4`, `e7-e8=Q`, castling as the king's move
/// `e1-g1` (docs/rules/synthesis.md section 8).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    /// Packs a move.
    #[inline]
    pub(crate) const fn new(from: Sq, to: Sq, kind: MoveKind) -> Move {
        let k: u16 = match kind {
            MoveKind::Normal => 0,
            MoveKind::DoubleStep => 1,
            MoveKind::EnPassant => 2,
            MoveKind::Castle => 3,
            MoveKind::Promotion(Role::Knight) => 4,
            MoveKind::Promotion(Role::Bishop) => 5,
            MoveKind::Promotion(Role::Rook) => 6,
            MoveKind::Promotion(_) => 7,
        };
        Move(from as u16 | (to as u16) << 6 | k << 12)
    }

    /// The origin square.
    #[inline]
    pub const fn from(self) -> Square {
        Square::of(self.origin())
    }

    /// The destination square (for castling: the king's destination).
    #[inline]
    pub const fn to(self) -> Square {
        Square::of(self.target())
    }

    /// The origin square index.
    #[inline]
    pub(crate) const fn origin(self) -> Sq {
        (self.0 & 63) as Sq
    }

    /// The destination square index.
    #[inline]
    pub(crate) const fn target(self) -> Sq {
        ((self.0 >> 6) & 63) as Sq
    }

    /// The kind of the move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            0 => MoveKind::Normal,
            1 => MoveKind::DoubleStep,
            2 => MoveKind::EnPassant,
            3 => MoveKind::Castle,
            4 => MoveKind::Promotion(Role::Knight),
            5 => MoveKind::Promotion(Role::Bishop),
            6 => MoveKind::Promotion(Role::Rook),
            _ => MoveKind::Promotion(Role::Queen),
        }
    }

    /// The promotion role, if the move is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    /// Long algebraic with a dash: `e2-e4`, `e7-e8=Q`, `e1-g1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", name_of(self.origin()), name_of(self.target()))?;
        if let Some(r) = self.promotion() {
            write!(f, "={}", r.upper_char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({:?})", self.kind())
    }
}

/// The latched (permanent) part of a side's state: the seventh field of the position
/// notation (S9; docs/rules/synthesis.md 7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Latch {
    /// `-`: nothing latched; the mode is CLASSIC-HOME or SWAPPED by the original queen's
    /// square (S1, S2).
    None,
    /// `H`: the original queen was captured on its home square; CLASSIC-HOME for good (S1).
    Home,
    /// `B<n>`: BEREFT with `n` king moves left, `0..=32` (S3, S13).
    Bereft(u8),
    /// `L`: CLASSIC-LATE for good (S4, S13).
    Late,
}

/// How many king moves a side has when it becomes BEREFT (seed §3.3; S3).
pub const BEREFT_KING_MOVES: u8 = 32;

/// The mode a side plays in (S1-S4; docs/rules/synthesis.md section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Orthodox moves, pawn captures compulsory (seed §1; S1).
    ClassicHome,
    /// Day/night moves swapped while the original queen is away from home (seed §2; S2).
    Swapped,
    /// Original queen captured away from home: short night moves, king moves only in check,
    /// `n` king moves left (seed §3; S3).
    Bereft(u8),
    /// Orthodox moves, goal checkmate (seed §5, §6; S4).
    ClassicLate,
}

/// The mode's name as docs/rules/synthesis.md section 3 spells it: `CLASSIC-HOME`,
/// `SWAPPED`, `BEREFT (n king moves left)`, `CLASSIC-LATE`.
impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mode::ClassicHome => f.write_str("CLASSIC-HOME"),
            Mode::Swapped => f.write_str("SWAPPED"),
            Mode::Bereft(n) => write!(
                f,
                "BEREFT ({n} king move{} left)",
                if *n == 1 { "" } else { "s" }
            ),
            Mode::ClassicLate => f.write_str("CLASSIC-LATE"),
        }
    }
}
