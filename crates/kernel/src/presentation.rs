//! The [`Presentation`] trait: what a variant tells interfaces about its positions and
//! moves beyond the rules: drawings, piece names, side names, square names, typed move
//! records and the extra state of a position (fronts, modes, origins).
//!
//! The rules ([`Game`]) say what is legal; this trait says how to show it and describes it
//! as typed values, so that no interface needs to read a variant's notation back or to
//! know a variant by its name.

use crate::color::Color;
use crate::game::Game;
use crate::view::BoardView;

/// One kind of piece of a rule set: its notation letter and its English name as the
/// variant's rules document gives it. Its *role index* is its place in
/// [`Presentation::pieces`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceKind {
    /// The upper-case letter of the notation (White's; Black's is the lower case).
    pub letter: char,
    /// The English name (`"Queen"`, `"Prince"`, `"Dragon"`).
    pub name: &'static str,
}

impl PieceKind {
    /// A piece kind with `letter` (upper case) and `name`.
    pub const fn new(letter: char, name: &'static str) -> PieceKind {
        PieceKind { letter, name }
    }
}

/// A small set of facts about a move besides its squares, capture and promotion.
///
/// ```
/// use fairy_kernel::presentation::MoveFlags;
/// let f = MoveFlags::CASTLING | MoveFlags::LEVEL_CHANGE;
/// assert!(f.contains(MoveFlags::CASTLING));
/// assert!(!f.contains(MoveFlags::EN_PASSANT));
/// assert_eq!(f.names(), ["castling", "level change"]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveFlags(u16);

impl MoveFlags {
    /// No flag.
    pub const NONE: MoveFlags = MoveFlags(0);
    /// Castling (the record's squares are the royal piece's).
    pub const CASTLING: MoveFlags = MoveFlags(1);
    /// An en-passant capture (the captured square is not the target).
    pub const EN_PASSANT: MoveFlags = MoveFlags(1 << 1);
    /// A pawn's double (or longer) first step.
    pub const DOUBLE_STEP: MoveFlags = MoveFlags(1 << 2);
    /// The piece changes level (Dragonchess).
    pub const LEVEL_CHANGE: MoveFlags = MoveFlags(1 << 3);
    /// A capture from afar: the capturing piece stays where it is (Dragonchess's Dragon
    /// and Mage).
    pub const CAPTURE_FROM_AFAR: MoveFlags = MoveFlags(1 << 4);
    /// An exchange: the capturing piece is removed with the piece it takes (Chess-T).
    pub const EXCHANGE: MoveFlags = MoveFlags(1 << 5);

    const NAMES: [(MoveFlags, &'static str); 6] = [
        (MoveFlags::CASTLING, "castling"),
        (MoveFlags::EN_PASSANT, "en passant"),
        (MoveFlags::DOUBLE_STEP, "double step"),
        (MoveFlags::LEVEL_CHANGE, "level change"),
        (MoveFlags::CAPTURE_FROM_AFAR, "capture from afar"),
        (MoveFlags::EXCHANGE, "exchange"),
    ];

    /// Whether every flag of `other` is set here.
    pub const fn contains(self, other: MoveFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether no flag is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set flags in words, in a fixed order (for JSON and Python).
    pub fn names(self) -> Vec<&'static str> {
        MoveFlags::NAMES
            .iter()
            .filter(|(f, _)| self.contains(*f))
            .map(|&(_, n)| n)
            .collect()
    }
}

impl core::ops::BitOr for MoveFlags {
    type Output = MoveFlags;
    fn bitor(self, rhs: MoveFlags) -> MoveFlags {
        MoveFlags(self.0 | rhs.0)
    }
}

impl core::ops::BitOrAssign for MoveFlags {
    fn bitor_assign(&mut self, rhs: MoveFlags) {
        self.0 |= rhs.0;
    }
}

/// A legal move described as typed values, built by the variant from its own move
/// ([`Presentation::move_record`]) in the position before the move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveRecord {
    /// The canonical text ([`Game::format_move`]).
    pub text: String,
    /// The cell index the moving piece leaves (the royal piece's, for castling).
    pub from: u16,
    /// The cell index the moving piece lands on; for a capture from afar, the square of
    /// the piece captured (the mover stays on `from`).
    pub to: u16,
    /// The cell index of the piece captured, `None` for a move that captures nothing.
    /// Equal to `to` except for en passant.
    pub captured: Option<u16>,
    /// The letter (upper case, see [`PieceKind::letter`]) of the piece a pawn promotes
    /// to, if the move promotes.
    pub promotion: Option<char>,
    /// Castling, en passant, level change and the like.
    pub flags: MoveFlags,
}

impl MoveRecord {
    /// A quiet move `text` from `from` to `to`.
    pub fn new(text: String, from: u16, to: u16) -> MoveRecord {
        MoveRecord {
            text,
            from,
            to,
            captured: None,
            promotion: None,
            flags: MoveFlags::NONE,
        }
    }

    /// The same move capturing the piece on `square`.
    #[must_use]
    pub fn capturing(mut self, square: u16) -> MoveRecord {
        self.captured = Some(square);
        self
    }

    /// The same move promoting to the piece lettered `letter` (upper case).
    #[must_use]
    pub fn promoting(mut self, letter: char) -> MoveRecord {
        self.promotion = Some(letter);
        self
    }

    /// The same move with `flags` added.
    #[must_use]
    pub fn with(mut self, flags: MoveFlags) -> MoveRecord {
        self.flags |= flags;
        self
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured.is_some()
    }
}

/// The value of one entry of a position's extra state ([`Presentation::extra_state`]).
#[derive(Clone, Debug, PartialEq)]
pub enum StateValue {
    /// A yes/no fact (Imperial Regicide: "front II is to move").
    Flag(bool),
    /// A number together with the largest value it can take, so that `value / max` lies
    /// in 0..=1 (Synthesis: king moves left in a bereft mode, out of 32).
    Number {
        /// The value.
        value: u32,
        /// Its largest possible value (at least 1).
        max: u32,
    },
    /// A set of cells (Imperial Regicide: the pieces moved this turn; Dragonchess: the
    /// Heroes' origins), as cell indices.
    Squares(Vec<u16>),
}

impl StateValue {
    /// The value scaled to 0..=1 for a whole-board observation plane: 1 or 0 for a flag,
    /// `value / max` for a number; `None` for a set of squares.
    pub fn scalar(&self) -> Option<f32> {
        match self {
            StateValue::Flag(b) => Some(if *b { 1.0 } else { 0.0 }),
            StateValue::Number { value, max } => Some(*value as f32 / (*max).max(1) as f32),
            StateValue::Squares(_) => None,
        }
    }
}

/// One named entry of a position's extra state.
#[derive(Clone, Debug, PartialEq)]
pub struct StateEntry {
    /// What it is, in words (`"front I to move"`, `"white bereft: king moves left"`).
    pub name: &'static str,
    /// Its value in this position.
    pub value: StateValue,
}

impl StateEntry {
    /// An entry `name` with `value`.
    pub const fn new(name: &'static str, value: StateValue) -> StateEntry {
        StateEntry { name, value }
    }
}

/// How a variant shows and describes its positions and moves; implemented by every
/// variant's position next to [`Game`].
///
/// The methods that draw and name ([`diagram`](Presentation::diagram),
/// [`board_view`](Presentation::board_view), [`legend`](Presentation::legend), ...) are for
/// people; [`move_record`](Presentation::move_record), [`pieces`](Presentation::pieces)
/// and [`extra_state`](Presentation::extra_state) describe the same things as typed values
/// for programs (web pages, the Python module, learning code), so that none of them reads
/// notation back or knows a variant by name.
pub trait Presentation: Game {
    /// A text drawing of the position with coordinates, for terminals: the one text board
    /// ([`text_board::draw`](crate::text_board::draw)) of [`board_view`](Presentation::board_view),
    /// turned so that the first side is at the bottom, the files divided by
    /// [`file_groups`](Presentation::file_groups), then the [`turn_text`](Presentation::turn_text)
    /// line. A game without a board view gets its notation instead of the board, and should
    /// draw its own.
    fn diagram(&self) -> String {
        let board = match self.board_view() {
            Some(view) => crate::text_board::draw(
                &view,
                crate::text_board::first_side_on_top(&view),
                &[],
                Self::file_groups(),
            ),
            None => format!("{}\n", self.to_notation()),
        };
        format!("{board}{}\n", self.turn_text())
    }

    /// The names of the two sides in this variant, first player first (`["gold",
    /// "scarlet"]` in Dragonchess); `["white", "black"]` unless a variant says otherwise.
    fn side_names() -> [&'static str; 2] {
        ["white", "black"]
    }

    /// Who is to move, in words, for prompts and status lines: `white to move` (with the
    /// variant's side names); a variant with more to say (Imperial Regicide's front) says it.
    fn turn_text(&self) -> String {
        format!(
            "{} to move",
            Self::side_names()[self.side_to_move().index()]
        )
    }

    /// Rule-specific information about the cell `sq` that players and interfaces want to
    /// see (Chess-T: the strength sums of both sides), as one line of text, or `None` when
    /// the variant has nothing to say about cells.
    fn cell_info(&self, _sq: u16) -> Option<String> {
        None
    }

    /// The drawing model of the position for pictures (SVG) and GUIs, or `None` if the
    /// variant does not provide one.
    fn board_view(&self) -> Option<BoardView> {
        None
    }

    /// The piece kinds of this position's rule set, in the order of the variant's rules
    /// document; a piece's place here is its role index (observation planes use it). Every
    /// letter [`Presentation::board_view`] draws is among them.
    fn pieces(&self) -> Vec<PieceKind>;

    /// The pieces for legends (`fairy play`'s `legend`): each upper-case letter with the
    /// piece's English name, in the rules document's order; by default from
    /// [`Presentation::pieces`].
    fn legend(&self) -> Vec<(char, &'static str)> {
        self.pieces().iter().map(|p| (p.letter, p.name)).collect()
    }

    /// Named groups of files for text drawings, left to right: each group's name and its
    /// first file (Imperial Regicide: the three fronts, `("front I", "a")` ...); empty when
    /// the board is not divided.
    fn file_groups() -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The place in [`file_groups`](Presentation::file_groups) of the group whose turn it
    /// is (Imperial Regicide: the front to move), `None` when the board is not divided.
    fn group_to_move(&self) -> Option<usize> {
        None
    }

    /// What the colours of a picture's cells mean beyond light and dark, for legends: each
    /// a CSS colour and its meaning (Imperial Regicide: its fronts and coloured fields);
    /// empty by default.
    fn field_legend() -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The name of cell `sq` in the variant's notation (`e4`, `3c1`, `k10`).
    fn square_name(&self, sq: u16) -> String;

    /// The number of cells of the board: cell indices are `0..cell_count()` (some indices
    /// may name no cell, as on hexagonal boards stored in a grid; [`Presentation::square_name`]
    /// is then empty).
    fn cell_count(&self) -> usize;

    /// `mv`, one of the legal moves here, described as typed values.
    fn move_record(&self, mv: Self::Move) -> MoveRecord;

    /// The letters (upper case) a move of this rule set may promote to, in the rules
    /// document's order; empty when nothing promotes. Every [`MoveRecord::promotion`] of a
    /// legal move is among them. Interfaces size move choices with it (the Python
    /// module's action coding).
    fn promotion_letters(&self) -> Vec<char> {
        Vec::new()
    }

    /// Every flag a legal move of this rule set may carry ([`MoveRecord::flags`]);
    /// [`MoveFlags::NONE`] by default.
    fn move_flags(&self) -> MoveFlags {
        MoveFlags::NONE
    }

    /// The position's state besides the placement and the side to move, as named values:
    /// the same names in the same order in every position of a rule set (so that
    /// observation planes keep their layout). Empty when the variant has none.
    fn extra_state(&self) -> Vec<StateEntry> {
        Vec::new()
    }

    /// Which side a piece drawn with `color` belongs to, by the variant's side names
    /// (a convenience for interfaces).
    fn side_name(color: Color) -> &'static str {
        Self::side_names()[color.index()]
    }
}
