//! Pieces and the three rule sets (Chess-T, Chess-T2, chess-T1) as data.
//!
//! The rule sets differ only in the values of [`RuleSet`]: board size, castle cells,
//! impregnable fields, setup, the orthogonal ranges of the Ritter and the Konnet and whether
//! the Scout exists (docs/rules/chess-t.md, T1, T2, T3, T5, T6a, T9, T10). A corrected source
//! changes this data only; `cargo xtask codegen` then regenerates the tables.

use core::fmt;
use core::str::FromStr;

use fairy_kernel::Color;

use crate::tables::Tables;

/// The role of a piece, what kind of piece it is (docs/rules/chess-t.md, T4; the source's
/// chapter "Общие принципы ходов фигур на доске").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// King (Король), royal, one step in each of the 8 directions, strength 1½.
    King = 0,
    /// Konnet (Коннет), royal, orthogonal 1-3 jumping (chess-T1: 1-2), diagonal 1-3 not
    /// jumping, strength 3.
    Konnet = 1,
    /// Prince (Принц), royal, orthogonal 1, diagonal 1-3 not jumping, strength 1½.
    Prince = 2,
    /// Ritter (Риттер), orthogonal 1-3 jumping (chess-T1: 1-2), strength 2.
    Ritter = 3,
    /// Ver Knecht (Вер Кнехт), moves as the Knecht, strength 1½.
    VerKnecht = 4,
    /// Knecht (Кнехт), one step orthogonally, two forward inside its own territory,
    /// strength 1.
    Knecht = 5,
    /// Scout (Разведчик; Chess-T2 and chess-T1 only), the knight's leap, strength 0.
    Scout = 6,
}

impl Role {
    /// All kinds, in index order.
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Konnet,
        Role::Prince,
        Role::Ritter,
        Role::VerKnecht,
        Role::Knecht,
        Role::Scout,
    ];

    /// 0..7, for per-kind arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind of index `i` (0..7).
    #[inline]
    pub const fn from_index(i: usize) -> Role {
        Role::ALL[i]
    }

    /// The upper-case notation letter (docs/rules/chess-t.md, T11): K C P R V N S.
    pub const fn letter(self) -> char {
        match self {
            Role::King => 'K',
            Role::Konnet => 'C',
            Role::Prince => 'P',
            Role::Ritter => 'R',
            Role::VerKnecht => 'V',
            Role::Knecht => 'N',
            Role::Scout => 'S',
        }
    }

    /// The kind of an upper-case notation letter (docs/rules/chess-t.md, T11).
    pub const fn from_letter(c: char) -> Option<Role> {
        Some(match c {
            'K' => Role::King,
            'C' => Role::Konnet,
            'P' => Role::Prince,
            'R' => Role::Ritter,
            'V' => Role::VerKnecht,
            'N' => Role::Knecht,
            'S' => Role::Scout,
            _ => return None,
        })
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "King",
            Role::Konnet => "Konnet",
            Role::Prince => "Prince",
            Role::Ritter => "Ritter",
            Role::VerKnecht => "Ver Knecht",
            Role::Knecht => "Knecht",
            Role::Scout => "Scout",
        }
    }

    /// The strength in **half units** (Knecht = 2): King 3, Konnet 6, Prince 3, Ritter 4,
    /// Ver Knecht 3, Knecht 2, Scout 0 (docs/rules/chess-t.md, T4, T9).
    #[inline]
    pub const fn strength(self) -> u16 {
        match self {
            Role::King | Role::Prince | Role::VerKnecht => 3,
            Role::Konnet => 6,
            Role::Ritter => 4,
            Role::Knecht => 2,
            Role::Scout => 0,
        }
    }

    /// Whether the piece is royal (King, Konnet, Prince): only royal pieces may stand on
    /// castle cells (docs/rules/chess-t.md, T4).
    #[inline]
    pub const fn is_royal(self) -> bool {
        matches!(self, Role::King | Role::Konnet | Role::Prince)
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// The notation letter: upper case White, lower case Black (docs/rules/chess-t.md, T11).
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.role.letter(),
            Color::Black => self.role.letter().to_ascii_lowercase(),
        }
    }

    /// The piece of a notation letter.
    pub fn from_letter(c: char) -> Option<Piece> {
        let kind = Role::from_letter(c.to_ascii_uppercase())?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { role: kind, color })
    }
}

/// The Chess-T start position in the position notation (docs/rules/chess-t.md, T5, T11):
/// what [`Position::new(Variant::ChessT)`](crate::Position::new), `Position::default()` and
/// `Display` give. [`START_T2`] and [`START_T1`] are the starts of the other rule sets.
pub const START: &str = "r2pkp2r/nnnncnnnn/9/9/9/9/NNNNCNNNN/R2PKP2R w b4,b5 - 0 1";

/// The Chess-T2 start position in the position notation (docs/rules/chess-t.md, T9, T11).
pub const START_T2: &str = "rs1pkp1sr/nnnncnnnn/9/9/9/9/NNNNCNNNN/RS1PKP1SR w b4,b5 - 0 1";

/// The chess-T1 start position in the position notation (docs/rules/chess-t.md, T10, T11).
pub const START_T1: &str = "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w - - 0 1";

/// The data that makes one rule set of the family.
#[derive(Debug)]
pub struct RuleSet {
    /// The CLI name: `chess-t`, `chess-t2` or `chess-t1`.
    pub name: &'static str,
    /// A human title.
    pub title: &'static str,
    /// Number of files (9 for Chess-T/T2, docs/rules/chess-t.md, T1; 8 for chess-T1, T10).
    pub files: u8,
    /// Number of ranks (8). Ranks `1..=ranks/2` are White's territory, the rest Black's.
    pub ranks: u8,
    /// The castle cells of White and Black by name (docs/rules/chess-t.md, T2, T10).
    pub castles: [&'static [&'static str]; 2],
    /// Whether the rule set has impregnable fields (Chess-T/T2 yes, chess-T1 no):
    /// docs/rules/chess-t.md, T3.
    pub has_impregnable: bool,
    /// Orthogonal range of the Ritter (3; chess-T1 2).
    pub ritter_range: u8,
    /// Orthogonal range of the Konnet (3; chess-T1 2).
    pub konnet_orth_range: u8,
    /// Diagonal range of the Prince and the Konnet (3).
    pub diagonal_range: u8,
    /// Whether exactly equal strength sums on an enemy-occupied cell allow an exchange
    /// (Chess-T and Chess-T2 yes; chess-T1 no): docs/rules/chess-t.md, T6a.
    pub exchange_on_equal: bool,
    /// Whether the Scout exists (Chess-T2 and chess-T1; docs/rules/chess-t.md, T9, T10): as a
    /// piece and as a promotion choice.
    pub scouts: bool,
    /// The start position in the position notation (docs/rules/chess-t.md, T11).
    pub start: &'static str,
    /// The generated move and strength tables of this geometry.
    pub tables: &'static Tables,
}

/// Chess-T: 9 x 8, T-shaped castles, one impregnable field a side (docs/rules/chess-t.md, T1-T8).
pub static CHESS_T: RuleSet = RuleSet {
    name: "chess-t",
    title: "Chess-T (Sh. Khasanov, 2020)",
    files: 9,
    ranks: 8,
    castles: [&["d1", "e1", "f1", "e2"], &["d8", "e8", "f8", "e7"]],
    has_impregnable: true,
    ritter_range: 3,
    konnet_orth_range: 3,
    diagonal_range: 3,
    exchange_on_equal: true,
    scouts: false,
    start: START,
    tables: &crate::tables::CHESS_T_TABLES,
};

/// Chess-T2: Chess-T plus one additional kind of piece, the Scout, two a side on b1/h1 and
/// b8/h8 (docs/rules/chess-t.md, T9).
pub static CHESS_T2: RuleSet = RuleSet {
    name: "chess-t2",
    title: "Chess-T2 (Sh. Khasanov, 2020)",
    files: 9,
    ranks: 8,
    castles: [&["d1", "e1", "f1", "e2"], &["d8", "e8", "f8", "e7"]],
    has_impregnable: true,
    ritter_range: 3,
    konnet_orth_range: 3,
    diagonal_range: 3,
    exchange_on_equal: true,
    scouts: true,
    start: START_T2,
    tables: &crate::tables::CHESS_T2_TABLES,
};

/// chess-T1: 8 x 8, castles c1-f1 / c8-f8, no impregnable fields, Ritter and Konnet
/// orthogonal range 2 (docs/rules/chess-t.md, T10).
pub static CHESS_T1: RuleSet = RuleSet {
    name: "chess-t1",
    title: "chess-T1 (Sh. Khasanov, 2021/2024)",
    files: 8,
    ranks: 8,
    castles: [&["c1", "d1", "e1", "f1"], &["c8", "d8", "e8", "f8"]],
    has_impregnable: false,
    ritter_range: 2,
    konnet_orth_range: 2,
    diagonal_range: 3,
    exchange_on_equal: false,
    scouts: true,
    start: START_T1,
    tables: &crate::tables::CHESS_T1_TABLES,
};

/// Which rule set: the [`fairy_kernel::Game::RuleSet`] of [`crate::Position`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Chess-T ([`CHESS_T`]).
    ChessT,
    /// Chess-T2 ([`CHESS_T2`]).
    ChessT2,
    /// chess-T1 ([`CHESS_T1`]).
    ChessT1,
}

impl Variant {
    /// All three, in the order chess-t, chess-t2, chess-t1.
    pub const ALL: [Variant; 3] = [Variant::ChessT, Variant::ChessT2, Variant::ChessT1];

    /// The rule set's data.
    #[inline]
    pub fn rules(self) -> &'static RuleSet {
        match self {
            Variant::ChessT => &CHESS_T,
            Variant::ChessT2 => &CHESS_T2,
            Variant::ChessT1 => &CHESS_T1,
        }
    }

    /// The CLI name (`chess-t`, `chess-t2`, `chess-t1`).
    pub fn name(self) -> &'static str {
        self.rules().name
    }

    /// The start position's notation: [`START`], [`START_T2`] or [`START_T1`].
    pub fn start(self) -> &'static str {
        self.rules().start
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Variant::from_str`]: the text names no rule set of this crate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set {0:?}: expected chess-t, chess-t2 or chess-t1")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}

/// The squares' geometry: the widest board of the family, 9 files x 8 ranks.
fn wide_board() -> fairy_kernel::RectBoard {
    fairy_kernel::RectBoard::new(9, 8)
}

fn wide_name(index: u16) -> String {
    use fairy_kernel::Geometry;
    wide_board().square_name(index)
}

fn wide_parse(text: &str) -> Result<u16, fairy_kernel::SquareError> {
    use fairy_kernel::Geometry;
    wide_board().parse_square(text)
}

fairy_kernel::define_square! {
    /// A square named as the notation writes it, `a1`..`i8` (docs/rules/chess-t.md, T11):
    /// file `a`..`i`, rank `1`..`8`, the same name meaning the same square in every rule
    /// set. Its index is `rank * 9 + file` on the 9-file board of Chess-T and Chess-T2;
    /// chess-T1's board has no file `i` (its positions answer `None` or nothing there).
    pub struct Square;
    count: 72,
    name: wide_name,
    parse: wide_parse,
}

impl Square {
    /// The 0-based file (`a` = 0).
    #[inline]
    pub const fn file(self) -> u16 {
        self.index() % 9
    }

    /// The 0-based rank (`1` = 0).
    #[inline]
    pub const fn rank(self) -> u16 {
        self.index() / 9
    }

    /// The square of cell index `cell` of a board with `files` files.
    #[inline]
    pub(crate) const fn of_cell(cell: u16, files: u16) -> Square {
        Square::from_index(cell / files * 9 + cell % files)
    }
}
