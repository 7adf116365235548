//! Per-cell tables of each rule set: lines of movement per piece kind with their jump rules,
//! strength reach, castle, territory and promotion masks.
//!
//! [`compute`] derives them from a [`RuleSet`]'s data with the kernel's geometry (pure
//! functions, no tables used); [`generated_files`] renders them with the kernel's
//! [`TableWriter`] for `cargo xtask codegen`, which writes
//! `src/generated/{chess_t,chess_t2,chess_t1}.rs`. The compiled statics are wrapped in
//! [`Tables`] values; a unit test recomputes every table and compares.
//!
//! Cell sets are `u128` bit masks (bit `i` = cell `i`, index `rank * files + file` as in
//! [`RectBoard`]); a cell index that does not exist is [`NO_CELL`] (255). Arrays always
//! have [`MAX_CELLS`] rows; rows past the board's last cell are empty.

use core::fmt;

use fairy_kernel::codegen::{GeneratedFile, TableWriter};
use fairy_kernel::geometry::{leaps, ray, DIAGONAL, KNIGHT, ORTHOGONAL, ORTHOGONAL_AND_DIAGONAL};
use fairy_kernel::{Delta, Geometry, RectBoard};

use crate::generated;
use crate::ruleset::{RuleSet, CHESS_T, CHESS_T1, CHESS_T2};

/// The largest board of the family (9 x 8).
pub const MAX_CELLS: usize = 72;

/// "No such cell" in the `u8` cell tables.
pub const NO_CELL: u8 = 255;

/// The tables of one rule set, as used by move generation and strength summation.
#[derive(Debug)]
pub struct Tables {
    /// All cells of the board.
    pub board: &'static [u128; 1],
    /// The four orthogonal neighbours: the Knecht's and Ver Knecht's single steps, the
    /// Prince's orthogonal steps (seed §Knecht, §Prince).
    pub orth1: &'static [u128; MAX_CELLS],
    /// The eight neighbours: the King's steps (ruling T4).
    pub king: &'static [u128; MAX_CELLS],
    /// The knight leaps: the Scout (ruling T9).
    pub knight: &'static [u128; MAX_CELLS],
    /// The cells within the Ritter's orthogonal range (it jumps, seed §Ritter).
    pub ritter: &'static [u128; MAX_CELLS],
    /// The cells within the Konnet's orthogonal range (it jumps, seed §Konnet).
    pub konnet_orth: &'static [u128; MAX_CELLS],
    /// Per cell, per diagonal direction (NE, SE, SW, NW), the cells of the diagonal line of
    /// the Prince and Konnet, nearest first, padded with [`NO_CELL`] (seed §Prince).
    pub diagonal: &'static [[[u8; 3]; 4]; MAX_CELLS],
    /// The cells of each line of `diagonal` as a bit mask (same order: NE and NW go to
    /// higher cell indices, SE and SW to lower ones).
    pub diagonal_ray: &'static [[u128; 4]; MAX_CELLS],
    /// Cells with a neighbour to the east (not on the last file) and to the west (not on
    /// the first file): the sources of set-wise sideways steps.
    pub sideways: &'static [u128; 2],
    /// Per cell, per colour (White, Black), the cell one step forward.
    pub forward: &'static [[u8; 2]; MAX_CELLS],
    /// Per cell, per colour, the landing cell of the Knecht's two-step, if it is inside the
    /// mover's own territory (seed §Knecht; ruling T12).
    pub double: &'static [[u8; 2]; MAX_CELLS],
    /// Per cell, per colour, the cell a two-step landing here starts from (the inverse of
    /// `double`), for strength summation.
    pub double_from: &'static [[u8; 2]; MAX_CELLS],
    /// Castle cells of White and Black (ruling T2, T10).
    pub castle: &'static [u128; 2],
    /// Territory of White and Black (ruling T1).
    pub territory: &'static [u128; 2],
    /// Where a Knecht of each colour becomes a Ver Knecht: rank 6 and beyond, Black rank 3
    /// and below (ruling T8, T12).
    pub knecht_promotion: &'static [u128; 2],
    /// Where a Ver Knecht of each colour must promote: the enemy back rank outside the
    /// enemy castle (ruling T8).
    pub ver_knecht_promotion: &'static [u128; 2],
}

macro_rules! tables_of {
    ($m:ident) => {
        Tables {
            board: &generated::$m::BOARD,
            orth1: &generated::$m::ORTH1,
            king: &generated::$m::KING,
            knight: &generated::$m::KNIGHT,
            ritter: &generated::$m::RITTER,
            konnet_orth: &generated::$m::KONNET_ORTH,
            diagonal: &generated::$m::DIAGONAL,
            diagonal_ray: &generated::$m::DIAGONAL_RAY,
            sideways: &generated::$m::SIDEWAYS,
            forward: &generated::$m::FORWARD,
            double: &generated::$m::DOUBLE,
            double_from: &generated::$m::DOUBLE_FROM,
            castle: &generated::$m::CASTLE,
            territory: &generated::$m::TERRITORY,
            knecht_promotion: &generated::$m::KNECHT_PROMOTION,
            ver_knecht_promotion: &generated::$m::VER_KNECHT_PROMOTION,
        }
    };
}

/// The tables of Chess-T.
pub static CHESS_T_TABLES: Tables = tables_of!(chess_t);
/// The tables of Chess-T2.
pub static CHESS_T2_TABLES: Tables = tables_of!(chess_t2);
/// The tables of chess-T1.
pub static CHESS_T1_TABLES: Tables = tables_of!(chess_t1);

/// The tables of a rule set computed from its data (growable vectors, same layout as
/// [`Tables`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Computed {
    /// See [`Tables::board`].
    pub board: [u128; 1],
    /// See [`Tables::orth1`].
    pub orth1: Vec<u128>,
    /// See [`Tables::king`].
    pub king: Vec<u128>,
    /// See [`Tables::knight`].
    pub knight: Vec<u128>,
    /// See [`Tables::ritter`].
    pub ritter: Vec<u128>,
    /// See [`Tables::konnet_orth`].
    pub konnet_orth: Vec<u128>,
    /// See [`Tables::diagonal`].
    pub diagonal: Vec<[[u8; 3]; 4]>,
    /// See [`Tables::diagonal_ray`].
    pub diagonal_ray: Vec<[u128; 4]>,
    /// See [`Tables::sideways`].
    pub sideways: [u128; 2],
    /// See [`Tables::forward`].
    pub forward: Vec<[u8; 2]>,
    /// See [`Tables::double`].
    pub double: Vec<[u8; 2]>,
    /// See [`Tables::double_from`].
    pub double_from: Vec<[u8; 2]>,
    /// See [`Tables::castle`].
    pub castle: [u128; 2],
    /// See [`Tables::territory`].
    pub territory: [u128; 2],
    /// See [`Tables::knecht_promotion`].
    pub knecht_promotion: [u128; 2],
    /// See [`Tables::ver_knecht_promotion`].
    pub ver_knecht_promotion: [u128; 2],
}

fn mask(cells: impl IntoIterator<Item = u16>) -> u128 {
    cells.into_iter().fold(0, |m, c| m | 1u128 << c)
}

fn cell(c: Option<u16>) -> u8 {
    c.map_or(NO_CELL, |c| c as u8)
}

/// Whether `rank` (0-based) is in the territory of `white`/black on a board of `ranks`.
fn in_territory(white: bool, rank: u8, ranks: u8) -> bool {
    if white {
        rank < ranks / 2
    } else {
        rank >= ranks / 2
    }
}

/// Computes every table of `rules` from its data and the kernel's rectangular geometry.
///
/// # Panics
/// When the rule set's castle cell names do not parse (a bug in the static data, checked by
/// the tests).
pub fn compute(rules: &RuleSet) -> Computed {
    let g = RectBoard::new(rules.files, rules.ranks);
    let n = g.cell_count();
    let pad = |v: &mut Vec<u128>| v.resize(MAX_CELLS, 0);
    let per_cell = |f: &dyn Fn(u16) -> u128| {
        let mut v: Vec<u128> = g.squares().map(f).collect();
        pad(&mut v);
        v
    };
    let within = |sq: u16, dirs: &[Delta], range: u8| {
        mask(dirs.iter().flat_map(|&d| ray(&g, sq, d, Some(range))))
    };
    let orth1 = per_cell(&|sq| within(sq, &ORTHOGONAL, 1));
    let king = per_cell(&|sq| within(sq, &ORTHOGONAL_AND_DIAGONAL, 1));
    let knight = per_cell(&|sq| mask(leaps(&g, sq, &KNIGHT)));
    let ritter = per_cell(&|sq| within(sq, &ORTHOGONAL, rules.ritter_range));
    let konnet_orth = per_cell(&|sq| within(sq, &ORTHOGONAL, rules.konnet_orth_range));
    let mut diagonal: Vec<[[u8; 3]; 4]> = g
        .squares()
        .map(|sq| {
            let mut rows = [[NO_CELL; 3]; 4];
            for (row, &d) in rows.iter_mut().zip(DIAGONAL.iter()) {
                for (slot, c) in row
                    .iter_mut()
                    .zip(ray(&g, sq, d, Some(rules.diagonal_range)))
                {
                    *slot = c as u8;
                }
            }
            rows
        })
        .collect();
    diagonal.resize(MAX_CELLS, [[NO_CELL; 3]; 4]);
    let diagonal_ray: Vec<[u128; 4]> = diagonal
        .iter()
        .map(|rows| {
            rows.map(|row| mask(row.iter().filter(|&&c| c != NO_CELL).map(|&c| u16::from(c))))
        })
        .collect();
    let sideways = [
        mask(g.squares().filter(|&s| g.file_of(s) + 1 < rules.files)),
        mask(g.squares().filter(|&s| g.file_of(s) > 0)),
    ];
    let fwd = |white: bool| Delta::flat(0, if white { 1 } else { -1 });
    let mut forward: Vec<[u8; 2]> = g
        .squares()
        .map(|sq| [cell(g.step(sq, fwd(true))), cell(g.step(sq, fwd(false)))])
        .collect();
    forward.resize(MAX_CELLS, [NO_CELL; 2]);
    let two = |sq: u16, white: bool| {
        g.step(sq, fwd(white))
            .and_then(|m| g.step(m, fwd(white)))
            .filter(|&t| in_territory(white, g.rank_of(t), rules.ranks))
    };
    let mut double: Vec<[u8; 2]> = g
        .squares()
        .map(|sq| [cell(two(sq, true)), cell(two(sq, false))])
        .collect();
    double.resize(MAX_CELLS, [NO_CELL; 2]);
    let mut double_from = vec![[NO_CELL; 2]; MAX_CELLS];
    for sq in g.squares() {
        for c in 0..2 {
            let t = double[sq as usize][c];
            if t != NO_CELL {
                double_from[t as usize][c] = sq as u8;
            }
        }
    }
    let castle = [0, 1].map(|c| {
        mask(rules.castles[c].iter().map(|name| {
            g.parse_square(name)
                .expect("castle cell names of a rule set are valid")
        }))
    });
    let rank_mask = |keep: &dyn Fn(u8) -> bool| mask(g.squares().filter(|&s| keep(g.rank_of(s))));
    let half = rules.ranks / 2;
    let last = rules.ranks - 1;
    let territory = [
        rank_mask(&|r| in_territory(true, r, rules.ranks)),
        rank_mask(&|r| in_territory(false, r, rules.ranks)),
    ];
    let knecht_promotion = [
        rank_mask(&|r| r > half),
        rank_mask(&|r| r + half + 1 < rules.ranks),
    ];
    let ver_knecht_promotion = [
        rank_mask(&|r| r == last) & !castle[1],
        rank_mask(&|r| r == 0) & !castle[0],
    ];
    Computed {
        board: [mask(0..n as u16)],
        orth1,
        king,
        knight,
        ritter,
        konnet_orth,
        diagonal,
        diagonal_ray,
        sideways,
        forward,
        double,
        double_from,
        castle,
        territory,
        knecht_promotion,
        ver_knecht_promotion,
    }
}

/// Displays a value as a Rust literal for the table writer.
struct Lit<T>(T);

impl fmt::Display for Lit<u128> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#x}", self.0)
    }
}

impl fmt::Display for Lit<[[u8; 3]; 4]> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl fmt::Display for Lit<[u128; 4]> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.0;
        write!(f, "[{:#x}, {:#x}, {:#x}, {:#x}]", a, b, c, d)
    }
}

impl fmt::Display for Lit<[u8; 2]> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

/// Renders the tables of `rules` as the source of `src/generated/<file>.rs`.
pub fn render(rules: &RuleSet, file: &str) -> GeneratedFile {
    let t = compute(rules);
    let hex = |v: &[u128]| v.iter().map(|&m| Lit(m)).collect::<Vec<_>>();
    let mut w = TableWriter::new();
    w.array("BOARD", "All cells of the board.", "u128", &hex(&t.board))
        .array("ORTH1", "Orthogonal neighbours per cell.", "u128", &hex(&t.orth1))
        .array("KING", "The King's steps per cell.", "u128", &hex(&t.king))
        .array("KNIGHT", "The Scout's leaps per cell.", "u128", &hex(&t.knight))
        .array("RITTER", "The Ritter's orthogonal reach (jumping) per cell.", "u128", &hex(&t.ritter))
        .array(
            "KONNET_ORTH",
            "The Konnet's orthogonal reach (jumping) per cell.",
            "u128",
            &hex(&t.konnet_orth),
        )
        .array(
            "DIAGONAL",
            "Diagonal lines (NE, SE, SW, NW) per cell, nearest first, 255-padded.",
            "[[u8; 3]; 4]",
            &t.diagonal.iter().map(|&d| Lit(d)).collect::<Vec<_>>(),
        )
        .array(
            "DIAGONAL_RAY",
            "The cells of each diagonal line (NE, SE, SW, NW) per cell, as masks.",
            "[u128; 4]",
            &t.diagonal_ray.iter().map(|&d| Lit(d)).collect::<Vec<_>>(),
        )
        .array(
            "SIDEWAYS",
            "Cells with an east neighbour, cells with a west neighbour.",
            "u128",
            &hex(&t.sideways),
        )
        .array(
            "FORWARD",
            "One step forward per cell for White and Black (255: off the board).",
            "[u8; 2]",
            &t.forward.iter().map(|&d| Lit(d)).collect::<Vec<_>>(),
        )
        .array(
            "DOUBLE",
            "The Knecht's two-step landing cell per cell for White and Black, inside the own territory (255: none).",
            "[u8; 2]",
            &t.double.iter().map(|&d| Lit(d)).collect::<Vec<_>>(),
        )
        .array(
            "DOUBLE_FROM",
            "The start cell of a two-step landing on this cell for White and Black (255: none).",
            "[u8; 2]",
            &t.double_from.iter().map(|&d| Lit(d)).collect::<Vec<_>>(),
        )
        .array("CASTLE", "Castle cells of White and Black.", "u128", &hex(&t.castle))
        .array("TERRITORY", "Territory of White and Black.", "u128", &hex(&t.territory))
        .array(
            "KNECHT_PROMOTION",
            "Cells where a Knecht of White / Black becomes a Ver Knecht.",
            "u128",
            &hex(&t.knecht_promotion),
        )
        .array(
            "VER_KNECHT_PROMOTION",
            "Cells where a Ver Knecht of White / Black must promote (enemy back rank outside the castle).",
            "u128",
            &hex(&t.ver_knecht_promotion),
        );
    w.finish(
        file,
        &format!(
            "Tables of {} ({}x{}), computed by `fairy_chess_t::tables::compute`.",
            rules.name, rules.files, rules.ranks
        ),
    )
}

/// The generated files of all three rule sets, for `cargo xtask codegen`.
pub fn generated_files() -> Vec<GeneratedFile> {
    vec![
        render(&CHESS_T, "chess_t.rs"),
        render(&CHESS_T2, "chess_t2.rs"),
        render(&CHESS_T1, "chess_t1.rs"),
    ]
}

impl Tables {
    /// Whether these statics equal `c` (the codegen round-trip test).
    pub fn matches(&self, c: &Computed) -> bool {
        self.board == &c.board
            && self.orth1[..] == c.orth1[..]
            && self.king[..] == c.king[..]
            && self.knight[..] == c.knight[..]
            && self.ritter[..] == c.ritter[..]
            && self.konnet_orth[..] == c.konnet_orth[..]
            && self.diagonal[..] == c.diagonal[..]
            && self.diagonal_ray[..] == c.diagonal_ray[..]
            && self.sideways == &c.sideways
            && self.forward[..] == c.forward[..]
            && self.double[..] == c.double[..]
            && self.double_from[..] == c.double_from[..]
            && self.castle == &c.castle
            && self.territory == &c.territory
            && self.knecht_promotion == &c.knecht_promotion
            && self.ver_knecht_promotion == &c.ver_knecht_promotion
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tables_equal_recomputed_tables() {
        for rules in [&CHESS_T, &CHESS_T2, &CHESS_T1] {
            assert!(rules.tables.matches(&compute(rules)), "{}", rules.name);
        }
    }

    #[test]
    fn promotion_ranks_are_rank_6_and_rank_3() {
        // Ruling T8/T12: White's Knecht promotes on rank 6 or beyond, Black's on 3 or below.
        let c = compute(&CHESS_T);
        let g = RectBoard::new(9, 8);
        let ranks = |m: u128| {
            let mut r: Vec<u8> = g
                .squares()
                .filter(|&s| m >> s & 1 == 1)
                .map(|s| g.rank_of(s) + 1)
                .collect();
            r.dedup();
            r
        };
        assert_eq!(ranks(c.knecht_promotion[0]), [6, 7, 8]);
        assert_eq!(ranks(c.knecht_promotion[1]), [1, 2, 3]);
    }
}
