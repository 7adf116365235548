//! Squares, pieces and moves of {{title}} (docs/rules/{{name}}.md, {{label}}1 and {{label}}2).

use core::fmt;
use core::str::FromStr;

use fairy_kernel::{Color, Geometry, MoveError, SquareError};

use crate::board::{board, CELLS};

/// A cell of the board, named as in the rules document (`{{example_from}}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u16);

impl Square {
    /// The square with the kernel index `index`, if it is on the board.
    pub fn new(index: u16) -> Option<Square> {
        ((index as usize) < CELLS).then_some(Square(index))
    }

    /// The kernel index (`0..CELLS`).
    pub const fn index(self) -> u16 {
        self.0
    }

    /// Every square, in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..CELLS as u16).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&board().square_name(self.0))
    }
}

impl FromStr for Square {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Square, SquareError> {
        board().parse_square(s).map(Square)
    }
}

/// The kinds of piece ({{label}}2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// The royal piece: losing it loses the game ({{label}}4).
    King,
    /// A slider along the board's straight lines ({{label}}2).
    Rook,
}

impl Role {
    /// Every role, in notation order.
    pub const ALL: [Role; 2] = [Role::King, Role::Rook];

    /// The upper-case notation letter.
    pub const fn letter(self) -> char {
        match self {
            Role::King => 'K',
            Role::Rook => 'R',
        }
    }

    /// The role of an upper-case notation letter.
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.letter() == c)
    }

    /// The material value used by the evaluation ({{label}}6).
    pub const fn value(self) -> i32 {
        match self {
            Role::King => 0,
            Role::Rook => 500,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::King => "king",
            Role::Rook => "rook",
        })
    }
}

/// A piece: a side and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The notation letter: upper case for White, lower case for Black.
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.role.letter(),
            Color::Black => self.role.letter().to_ascii_lowercase(),
        }
    }

    /// The piece of a notation letter.
    pub fn from_letter(c: char) -> Option<Piece> {
        let role = Role::from_letter(c.to_ascii_uppercase())?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// A dense index `0..4` (for hash keys).
    pub const fn index(self) -> usize {
        self.color.index() * 2
            + match self.role {
                Role::King => 0,
                Role::Rook => 1,
            }
    }
}

/// A move: the piece on `from` goes to `to`, capturing what stands there ({{label}}3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl fmt::Display for Move {
    /// The move without its capture sign: `{{example_move}}` ({{label}}7).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// What a move looks like ({{label}}7).
pub(crate) const MOVE_SHAPE: &str = "two squares joined by - or x, such as {{example_move}}";

/// Splits a move text into its two square names: `from`, a separator (`-`, `x` or `:`)
/// right after a digit, `to`.
pub(crate) fn split_move(text: &str) -> Option<(&str, &str)> {
    let bytes = text.as_bytes();
    let at = (1..bytes.len()).find(|&i| {
        matches!(bytes[i], b'-' | b'x' | b':') && bytes[i - 1].is_ascii_digit()
    })?;
    Some((&text[..at], &text[at + 1..]))
}

impl FromStr for Move {
    type Err = MoveError;
    /// Reads `from-to` (or `fromxto`) without a position: the squares only.
    fn from_str(s: &str) -> Result<Move, MoveError> {
        let Some((from, to)) = split_move(s) else {
            return Err(MoveError::Malformed {
                text: s.to_owned(),
                expected: MOVE_SHAPE.to_owned(),
            });
        };
        let square = |t: &str| {
            t.parse::<Square>().map_err(|source| MoveError::Square {
                text: s.to_owned(),
                source,
            })
        };
        Ok(Move {
            from: square(from)?,
            to: square(to)?,
        })
    }
}
