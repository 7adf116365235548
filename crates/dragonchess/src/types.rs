//! Sides, piece roles, pieces and square arithmetic on the three boards.
//!
//! Squares are the kernel's [`LayeredBoard`] indices on a 3 x 12 x 8 board:
//! `index = (level - 1) * 96 + rank * 12 + file`, levels 1 Underworld, 2 Ground, 3 Sky
//! (ruling D1), names such as `3c4`.

use fairy_kernel::{Color, LayeredBoard};

/// The Dragonchess board: 3 levels of 12 files x 8 ranks (seed §0, ruling D1).
pub const BOARD: LayeredBoard = LayeredBoard::new(3, 12, 8);

/// Number of files on each board (`a`..`l`).
pub const FILES: u16 = 12;
/// Number of ranks on each board (`1`..`8`).
pub const RANKS: u16 = 8;
/// Squares on one board (12 x 8 = 96).
pub const LEVEL_SQUARES: u16 = FILES * RANKS;
/// Squares in all (3 boards x 96 = 288).
pub const SQUARES: usize = 3 * LEVEL_SQUARES as usize;

/// Gold, the side that moves first (seed §0); the kernel's [`Color::White`].
pub const GOLD: Color = Color::White;
/// Scarlet, the second side; the kernel's [`Color::Black`].
pub const SCARLET: Color = Color::Black;

/// The name of a side in the rules: `Gold` or `Scarlet`.
pub const fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "Gold",
        Color::Black => "Scarlet",
    }
}

/// One of the three boards (ruling D1: 3 = Sky, 2 = Ground, 1 = Underworld).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Level {
    /// Level 1, the lower board.
    Underworld = 0,
    /// Level 2, the middle board.
    Ground = 1,
    /// Level 3, the upper board.
    Sky = 2,
}

impl Level {
    /// The level of a square.
    ///
    /// ```
    /// use fairy_dragonchess::{Level, square};
    /// assert_eq!(Level::of(square(3, 2, 3)), Level::Sky);
    /// ```
    #[inline]
    pub const fn of(sq: Square) -> Level {
        Level::of_cell(sq.index())
    }

    /// The level of a cell index (`0..288`).
    #[inline]
    pub(crate) const fn of_cell(sq: u16) -> Level {
        match sq / LEVEL_SQUARES {
            0 => Level::Underworld,
            1 => Level::Ground,
            _ => Level::Sky,
        }
    }

    /// The level's number as written in square names: 1, 2 or 3.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }
}

/// The role of a piece (what kind of piece it is), in the order of ruling D7's letter table;
/// the names are those of the seed in English.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Role {
    /// Sylph, `S` (seed §3.1).
    Sylph = 0,
    /// Griffon, `G` (seed §3.2).
    Griffon,
    /// Dragon, `R` (seed §3.3).
    Dragon,
    /// Warrior, `W` (seed §4.1).
    Warrior,
    /// Oliphant, `O` (seed §4.2).
    Oliphant,
    /// Unicorn, `U` (seed §4.3).
    Unicorn,
    /// Hero, `H` (seed §4.4).
    Hero,
    /// Thief, `T` (seed §4.5).
    Thief,
    /// Cleric, `C` (seed §4.6).
    Cleric,
    /// Mage, `M` (seed §4.7).
    Mage,
    /// King, `K` (seed §4.8).
    King,
    /// Paladin, `P` (seed §4.9).
    Paladin,
    /// Dwarf, `D` (seed §5.1).
    Dwarf,
    /// Basilisk, `B` (seed §5.2).
    Basilisk,
    /// Elemental, `E` (seed §5.3).
    Elemental,
}

impl Role {
    /// All fifteen kinds in letter-table order (ruling D7).
    pub const ALL: [Role; 15] = [
        Role::Sylph,
        Role::Griffon,
        Role::Dragon,
        Role::Warrior,
        Role::Oliphant,
        Role::Unicorn,
        Role::Hero,
        Role::Thief,
        Role::Cleric,
        Role::Mage,
        Role::King,
        Role::Paladin,
        Role::Dwarf,
        Role::Basilisk,
        Role::Elemental,
    ];

    /// The upper-case letter of the kind (ruling D7).
    ///
    /// ```
    /// use fairy_dragonchess::Role;
    /// assert_eq!(Role::Dragon.letter(), 'R');
    /// ```
    pub const fn letter(self) -> char {
        [
            'S', 'G', 'R', 'W', 'O', 'U', 'H', 'T', 'C', 'M', 'K', 'P', 'D', 'B', 'E',
        ][self as usize]
    }

    /// The kind written by an upper-case letter, if any (ruling D7).
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL.iter().copied().find(|k| k.letter() == c)
    }

    /// The English name of the kind.
    pub const fn name(self) -> &'static str {
        [
            "Sylph",
            "Griffon",
            "Dragon",
            "Warrior",
            "Oliphant",
            "Unicorn",
            "Hero",
            "Thief",
            "Cleric",
            "Mage",
            "King",
            "Paladin",
            "Dwarf",
            "Basilisk",
            "Elemental",
        ][self as usize]
    }

    /// Index `0..15` for per-kind arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether a piece of this kind can ever stand on `level` (rules doc 3.4 and 8.3):
    /// Dragon only the Sky; Warrior, Oliphant, Unicorn, Thief only the Ground; Basilisk only
    /// the Underworld; Sylph and Griffon not the Underworld; Dwarf and Elemental not the Sky.
    pub const fn can_stand_on(self, level: Level) -> bool {
        let mask: u8 = match self {
            Role::Dragon => 0b100,
            Role::Warrior | Role::Oliphant | Role::Unicorn | Role::Thief => 0b010,
            Role::Basilisk => 0b001,
            Role::Sylph | Role::Griffon => 0b110,
            Role::Dwarf | Role::Elemental => 0b011,
            Role::Hero | Role::Cleric | Role::Mage | Role::King | Role::Paladin => 0b111,
        };
        mask & (1 << level as u8) != 0
    }

    /// Material value in hundredths of a Warrior, for [`fairy_kernel::Heuristics::evaluate`]
    /// (docs/rules/dragonchess.md §10; the seed's §8 is missing, the table two published
    /// programs carry is used). The King
    /// is 0: it is never captured.
    pub const fn value(self) -> i32 {
        match self {
            Role::Sylph => 100,
            Role::Griffon => 500,
            Role::Dragon => 800,
            Role::Warrior => 100,
            Role::Oliphant => 500,
            Role::Unicorn => 250,
            Role::Hero => 450,
            Role::Thief => 400,
            Role::Cleric => 900,
            Role::Mage => 1100,
            Role::King => 0,
            Role::Paladin => 1000,
            Role::Dwarf => 200,
            Role::Basilisk => 300,
            Role::Elemental => 400,
        }
    }
}

/// A piece: a side and a role.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its role.
    pub role: Role,
}

impl Piece {
    /// The letter in position notation: upper case Gold, lower case Scarlet (ruling D7).
    ///
    /// ```
    /// use fairy_dragonchess::{Role, Piece, SCARLET};
    /// assert_eq!(Piece { color: SCARLET, role: Role::Sylph }.letter(), 's');
    /// ```
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.role.letter(),
            Color::Black => self.role.letter().to_ascii_lowercase(),
        }
    }

    /// The piece written by a letter, if any (ruling D7).
    pub fn from_letter(c: char) -> Option<Piece> {
        if c.is_ascii_uppercase() {
            Role::from_letter(c).map(|role| Piece { color: GOLD, role })
        } else if c.is_ascii_lowercase() {
            Role::from_letter(c.to_ascii_uppercase()).map(|role| Piece {
                color: SCARLET,
                role,
            })
        } else {
            None
        }
    }

    /// Compact code `1..=30` used in the mailbox (0 is an empty square).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        1 + self.role as u8 + 15 * self.color.index() as u8
    }

    /// The piece of a mailbox code, `None` for 0 (and for codes that are never stored).
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code > 30 {
            return None;
        }
        let c = code - 1;
        let color = if c >= 15 { SCARLET } else { GOLD };
        Some(Piece {
            color,
            role: Role::ALL[(c % 15) as usize],
        })
    }
}

fairy_kernel::define_square! {
    /// A square of the three boards, `1a1`..`3l8`: level (1 Underworld, 2 Ground, 3 Sky),
    /// file `a`..`l`, rank `1`..`8` (ruling D1), as the move and position notation write it.
    /// Its index is `(level - 1) * 96 + rank * 12 + file`.
    pub struct Square;
    count: SQUARES,
    name: cell_name,
    parse: parse_cell,
}

/// The 0-based file (`a` = 0) of a square.
#[inline]
pub const fn file_of(sq: Square) -> u16 {
    cell_file(sq.index())
}

/// The 0-based rank (`1` = 0) of a square.
#[inline]
pub const fn rank_of(sq: Square) -> u16 {
    cell_rank(sq.index())
}

/// The square at `level` (1..=3, as in names), 0-based `file` and `rank`.
///
/// # Panics
/// When a coordinate is out of range (a programming error).
///
/// ```
/// use fairy_dragonchess::{square, square_name};
/// assert_eq!(square_name(square(3, 2, 3)), "3c4");
/// assert_eq!(square(3, 2, 3).to_string(), "3c4");
/// ```
#[inline]
pub const fn square(level: u16, file: u16, rank: u16) -> Square {
    assert!(level >= 1 && level <= 3 && file < FILES && rank < RANKS);
    Square::from_index(cell(level, file, rank))
}

/// The name of a square, such as `3c4` (ruling D1); the same as `sq.to_string()`.
pub fn square_name(sq: Square) -> String {
    sq.to_string()
}

/// The 0-based file of a cell index.
#[inline]
pub(crate) const fn cell_file(sq: u16) -> u16 {
    sq % FILES
}

/// The 0-based rank of a cell index.
#[inline]
pub(crate) const fn cell_rank(sq: u16) -> u16 {
    (sq % LEVEL_SQUARES) / FILES
}

/// The cell index at `level` (1..=3), 0-based `file` and `rank`.
#[inline]
pub(crate) const fn cell(level: u16, file: u16, rank: u16) -> u16 {
    debug_assert!(level >= 1 && level <= 3 && file < FILES && rank < RANKS);
    (level - 1) * LEVEL_SQUARES + rank * FILES + file
}

/// The name of a cell index, such as `3c4` (ruling D1).
pub(crate) fn cell_name(sq: u16) -> String {
    use fairy_kernel::Geometry;
    BOARD.square_name(sq)
}

/// Reads a square name to its cell index.
pub(crate) fn parse_cell(text: &str) -> Result<u16, fairy_kernel::SquareError> {
    use fairy_kernel::Geometry;
    BOARD.parse_square(text)
}
