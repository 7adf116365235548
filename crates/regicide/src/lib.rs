//! # fairy-regicide
//!
//! An exact rules engine for **Imperial Regicide** (Имперский регицид, A. Kozar): a 24x12
//! board cut into three fronts of eight files, three armies a side each led by a prince,
//! and turns of up to three *sub-moves*, one per front. The complete rules, with the seed
//! sections and rulings they come from, are in `docs/rules/regicide.md`.
//!
//! The unit of play of the [`Game`](fairy_kernel::Game) trait is one sub-move ([`Move`]).
//! [`Game::side_to_move`](fairy_kernel::Game::side_to_move) changes only when the turn passes; [`Position::front`] says which
//! front is to move and [`Position::turn_passed`] whether the last sub-move ended the turn.
//!
//! ```
//! use fairy_kernel::{Color, Game};
//! use fairy_regicide::Position;
//!
//! let mut pos = Position::start(());
//! assert_eq!(pos.front(), 1);
//! let mv = pos.parse_move("d9-d7").unwrap(); // White's sub-move on front I
//! pos.play(mv);
//! assert_eq!((pos.side_to_move(), pos.front(), pos.turn_passed()), (Color::White, 2, false));
//! for text in ["l9-l7", "t9-t7"] {
//!     let mv = pos.parse_move(text).unwrap();
//!     pos.play(mv);
//! }
//! assert_eq!((pos.side_to_move(), pos.front(), pos.turn_passed()), (Color::Black, 1, true));
//! ```

mod attacks;
mod eval;
#[allow(missing_docs, clippy::all)]
#[rustfmt::skip]
mod generated;
mod movegen;
mod notation;
mod outcome;
mod position;
mod presentation;
pub mod tables;
mod zobrist;

use fairy_kernel::{ArrayMoveList, Color};

pub use position::Position;
pub use tables::FieldColor;

/// The capacity of [`MoveList`]. A front can hold at most 45 non-prince pieces of one side
/// (16 per army, pawns promoted) and three princes; a queen has at most 56 targets on the
/// 24x12 board, a pawn at most 12 (three squares, four promotions), a prince 8 plus two
/// castlings, so no position has more than 45 x 56 + 3 x 10 = 2550 legal sub-moves.
pub const MAX_MOVES: usize = 2560;

/// The start position in the position notation (docs/rules/regicide.md, "Notation").
pub const START: &str =
    "RNBKQBNRRNBKQBNRRNBKQBNR/P6PP6PP6P/1P4P2P4P2P4P1/2PPPP4PPPP4PPPP2/24/24/24/24/\
    2pppp4pppp4pppp2/1p4p2p4p2p4p1/p6pp6pp6p/rnbkqbnrrnbkqbnrrnbkqbnr w 1 AHIPQXahipqx - - 0 1";

/// The legal sub-moves of a position ([`fairy_kernel::Game::MoveList`]).
pub type MoveList = ArrayMoveList<Move, MAX_MOVES>;

/// A kind of piece (seed §3; ruling R11 gives the letters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Prince `K`: one step in any direction; may not capture a queen or a prince (R6).
    Prince = 0,
    /// Queen `Q`.
    Queen = 1,
    /// Rook `R`.
    Rook = 2,
    /// Bishop `B`.
    Bishop = 3,
    /// Knight `N`.
    Knight = 4,
    /// Pawn `P`.
    Pawn = 5,
}

impl Role {
    /// All roles, prince first.
    pub const ALL: [Role; 6] = [
        Role::Prince,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];

    /// The upper-case letter of the role: `K Q R B N P` (ruling R11).
    pub const fn upper_char(self) -> char {
        match self {
            Role::Prince => 'K',
            Role::Queen => 'Q',
            Role::Rook => 'R',
            Role::Bishop => 'B',
            Role::Knight => 'N',
            Role::Pawn => 'P',
        }
    }

    /// The role of a letter of either case, if any.
    pub fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'K' => Some(Role::Prince),
            'Q' => Some(Role::Queen),
            'R' => Some(Role::Rook),
            'B' => Some(Role::Bishop),
            'N' => Some(Role::Knight),
            'P' => Some(Role::Pawn),
            _ => None,
        }
    }

    /// The role from its index `0..6` (`Role::ALL[i]`).
    pub(crate) const fn from_index(i: u8) -> Role {
        match i {
            0 => Role::Prince,
            1 => Role::Queen,
            2 => Role::Rook,
            3 => Role::Bishop,
            4 => Role::Knight,
            _ => Role::Pawn,
        }
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// The kind.
    pub role: Role,
}

impl Piece {
    /// The notation letter: upper case White, lower case Black (ruling R11).
    pub fn char(self) -> char {
        let c = self.role.upper_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// What a sub-move does besides moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture of one piece (promotion included).
    Normal,
    /// A pawn's double step from a wedge square (R10, R14).
    DoubleStep,
    /// A pawn's en-passant capture (R10).
    EnPassant,
    /// Castling, written as the prince's move (R9, R11).
    Castle,
}

/// One sub-move: a piece of the side to move goes from one square to another (ruling R4).
///
/// Packed into 32 bits: origin and destination squares (0..288, `a1` = 0, index
/// `rank * 24 + file`), the promotion role and the [`MoveKind`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

impl Move {
    #[inline]
    pub(crate) const fn new(from: u16, to: u16, kind: MoveKind) -> Move {
        Move(from as u32 | (to as u32) << 9 | (kind as u32) << 21)
    }

    #[inline]
    pub(crate) const fn promotion_to(from: u16, to: u16, role: Role) -> Move {
        Move(from as u32 | (to as u32) << 9 | (role as u32 + 1) << 18)
    }

    /// The cell index the moving piece leaves (for the move generator).
    #[inline]
    pub(crate) const fn origin(self) -> u16 {
        (self.0 & 0x1ff) as u16
    }

    /// The cell index the moving piece lands on (for the move generator).
    #[inline]
    pub(crate) const fn target(self) -> u16 {
        ((self.0 >> 9) & 0x1ff) as u16
    }

    /// The square the moving piece (the prince, for castling) leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index(self.origin())
    }

    /// The square the moving piece (the prince, for castling) lands on.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index(self.target())
    }

    /// The role a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match (self.0 >> 18) & 7 {
            0 => None,
            r => Some(Role::from_index(r as u8 - 1)),
        }
    }

    /// What kind of sub-move this is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match (self.0 >> 21) & 3 {
            0 => MoveKind::Normal,
            1 => MoveKind::DoubleStep,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castle,
        }
    }
}

impl core::fmt::Debug for Move {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", notation::move_text(*self))?;
        match self.kind() {
            MoveKind::Normal => Ok(()),
            k => write!(f, " ({k:?})"),
        }
    }
}

impl core::fmt::Display for Move {
    /// The coordinate notation of the sub-move, as [`fairy_kernel::Game::format_move`]
    /// writes it: `d11-d9`, `a2-a1=Q`, castling as the prince's move (ruling R11).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&notation::move_text(*self))
    }
}

impl core::str::FromStr for Move {
    type Err = fairy_kernel::MoveError;

    /// Reads a sub-move in the coordinate notation without a position (`d11-d9`,
    /// `a2-a1=Q`; `:` may replace `-`), as [`Display`](core::fmt::Display) writes it.
    ///
    /// The text does not say what kind of sub-move it is: whether `d9-d7` is a pawn's
    /// double step, `i1-k1` a castling or `c5-d6` an en-passant capture depends on the
    /// pieces on the board. The move read here is therefore of kind [`MoveKind::Normal`]
    /// (with its promotion, if any); [`Position::resolve`] gives the legal sub-move of a
    /// position with the same squares and promotion, kind included (check it with
    /// [`Position::resolve`] or `Position::is_legal` before playing it).
    /// [`Position::parse_move`](fairy_kernel::Game::parse_move) does both at once.
    ///
    /// ```
    /// use fairy_regicide::prelude::*;
    /// use fairy_regicide::{Move, MoveKind};
    ///
    /// let pos = Position::new();
    /// let m: Move = "d9-d7".parse().unwrap();
    /// assert_eq!((m.from().to_string(), m.to().to_string()), ("d9".into(), "d7".into()));
    /// let legal = pos.resolve(m).unwrap();
    /// assert_eq!(legal.kind(), MoveKind::DoubleStep);
    /// assert!(pos.is_legal(legal));
    /// assert!("d9-d13".parse::<Move>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Move, Self::Err> {
        notation::read_move_text(text)
    }
}

fairy_kernel::define_square! {
    /// A square of the 24x12 board, `a1`..`x12` (ruling R11): cell index
    /// `rank * 24 + file`, `a1` = 0. Reading accepts `z` for the last file `x` (ruling R1).
    pub struct Square;
    count: tables::SQUARES,
    name: notation::square_name,
    parse: notation::parse_square,
}

#[cfg(feature = "serde")]
fairy_kernel::impl_serde_via_str!(Move);

/// The name of a square, `a1`..`x12` (ruling R11); the same as `sq.to_string()`.
pub fn square_name(sq: Square) -> String {
    sq.to_string()
}

/// Reads a square name `a1`..`x12`; `z` is accepted for the last file `x` (ruling R1).
/// The same as `text.parse::<Square>()`.
///
/// # Errors
/// [`fairy_kernel::SquareError`] when the text is not a square of the board.
pub fn parse_square(text: &str) -> Result<Square, fairy_kernel::SquareError> {
    text.parse()
}

/// The front (1, 2 or 3) of a square: files a-h, i-p, q-x (ruling R1).
pub fn front_of_square(sq: Square) -> u8 {
    generated::tables::FRONT_OF[sq.index() as usize] + 1
}

/// The colour of the field a square belongs to (seed §2, for display).
pub fn field_color(sq: Square) -> FieldColor {
    FieldColor::ALL[generated::tables::FIELD_COLORS[sq.index() as usize] as usize]
}

/// Whether a square is light (x1 is light, ruling R1); light squares are white in every
/// field, dark squares carry the field's colour.
pub fn is_light(sq: Square) -> bool {
    generated::tables::LIGHT_SQUARES[0].contains(sq.index())
}

pub mod prelude;

/// The kernel this crate is built on (geometry, the `Game` trait, records), re-exported so
/// that one dependency is enough.
pub use fairy_kernel as kernel;

/// The rules of the game as this crate implements them, with the source text quoted for
/// each rule and every ruling of the project marked (the crate's `RULES.md`).
#[doc = include_str!("../RULES.md")]
pub mod rules {}

fairy_kernel::impl_position_new!(Position);
fairy_kernel::impl_position_text!(Position);

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
