//! The per-square tables of the 8x8 board, computed from the kernel's rectangular geometry.
//!
//! These are pure functions. `cargo xtask codegen` calls [`render`] and writes the result to
//! `src/generated/tables.rs`, which the move generator uses as plain statics; a unit test
//! recomputes the tables and compares them with the checked-in statics.
//!
//! Bitboards: bit `s` is square `s` (`a1` = 0, `h8` = 63).

use core::fmt;

use fairy_kernel::codegen::{GeneratedFile, TableWriter};
use fairy_kernel::geometry::ray;
use fairy_kernel::{Delta, RectBoard};

/// The eight ray directions as (file, rank) steps, in table order. Directions 0..4 increase
/// the square index (north, east, north-east, north-west), 4..8 decrease it (south, west,
/// south-west, south-east); the classical-ray slider code relies on this order.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];

/// The knight's eight leaps.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn board() -> RectBoard {
    RectBoard::new(8, 8)
}

fn bit(sq: u16) -> u64 {
    1u64 << sq
}

/// The squares reached from `sq` by each of `steps`, one step each (leaper targets).
fn leaps(b: &RectBoard, sq: u16, steps: &[(i8, i8)]) -> u64 {
    steps
        .iter()
        .flat_map(|&(df, dr)| ray(b, sq, Delta::flat(df, dr), Some(1)))
        .fold(0, |acc, s| acc | bit(s))
}

/// Knight targets per square.
pub fn knight() -> [u64; 64] {
    let b = board();
    core::array::from_fn(|s| leaps(&b, s as u16, &KNIGHT_LEAPS))
}

/// King targets (the eight neighbours) per square.
pub fn king() -> [u64; 64] {
    let b = board();
    core::array::from_fn(|s| leaps(&b, s as u16, &DIRECTIONS))
}

/// Diagonal one-step neighbours per square (a BEREFT rook's night move, seed §3.1).
pub fn diagonal_step() -> [u64; 64] {
    let b = board();
    core::array::from_fn(|s| leaps(&b, s as u16, &[(1, 1), (-1, 1), (-1, -1), (1, -1)]))
}

/// Orthogonal one-step neighbours per square (a BEREFT bishop's night move, seed §3.2).
pub fn orthogonal_step() -> [u64; 64] {
    let b = board();
    core::array::from_fn(|s| leaps(&b, s as u16, &[(0, 1), (1, 0), (0, -1), (-1, 0)]))
}

/// Pawn capture targets per colour (0 White, moving up; 1 Black, moving down) and square.
pub fn pawn_attacks() -> [[u64; 64]; 2] {
    let b = board();
    [
        core::array::from_fn(|s| leaps(&b, s as u16, &[(-1, 1), (1, 1)])),
        core::array::from_fn(|s| leaps(&b, s as u16, &[(-1, -1), (1, -1)])),
    ]
}

/// The full ray (all squares to the edge, on an empty board) per direction of
/// [`DIRECTIONS`] and square.
pub fn rays() -> [[u64; 64]; 8] {
    let b = board();
    core::array::from_fn(|d| {
        let (df, dr) = DIRECTIONS[d];
        core::array::from_fn(|s| {
            ray(&b, s as u16, Delta::flat(df, dr), None)
                .into_iter()
                .fold(0, |acc, t| acc | bit(t))
        })
    })
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal, else
/// empty; indexed `[a][b]`.
pub fn between() -> Vec<[u64; 64]> {
    let b = board();
    (0..64u16)
        .map(|a| {
            let mut row = [0u64; 64];
            for &(df, dr) in &DIRECTIONS {
                let line = ray(&b, a, Delta::flat(df, dr), None);
                let mut acc = 0u64;
                for t in line {
                    row[t as usize] = acc;
                    acc |= bit(t);
                }
            }
            row
        })
        .collect()
}

/// A row of 64 bitboards, written as a Rust array literal in hexadecimal.
struct Row<'a>(&'a [u64; 64]);

impl fmt::Display for Row<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for v in self.0 {
            write!(f, "{v:#018x},")?;
        }
        f.write_str("]")
    }
}

/// A bitboard written in hexadecimal.
struct Hex(u64);

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#018x}", self.0)
    }
}

fn table1(w: &mut TableWriter, name: &str, doc: &str, t: &[u64; 64]) {
    let values: Vec<Hex> = t.iter().map(|&v| Hex(v)).collect();
    w.array(name, doc, "u64", &values);
}

fn table2(w: &mut TableWriter, name: &str, doc: &str, t: &[[u64; 64]]) {
    let rows: Vec<Row<'_>> = t.iter().map(Row).collect();
    w.array(name, doc, "[u64; 64]", &rows);
}

/// The generated files of this crate (`src/generated/tables.rs`), as `cargo xtask codegen`
/// writes them.
pub fn generated_files() -> Vec<GeneratedFile> {
    let mut w = TableWriter::new();
    table1(&mut w, "KNIGHT", "Knight targets per square.", &knight());
    table1(&mut w, "KING", "King targets per square.", &king());
    table1(
        &mut w,
        "DIAGONAL_STEP",
        "One diagonal step per square (BEREFT rook night move).",
        &diagonal_step(),
    );
    table1(
        &mut w,
        "ORTHOGONAL_STEP",
        "One orthogonal step per square (BEREFT bishop night move).",
        &orthogonal_step(),
    );
    table2(
        &mut w,
        "PAWN_ATTACKS",
        "Pawn capture targets, `[colour][square]` (0 White, 1 Black).",
        &pawn_attacks(),
    );
    table2(
        &mut w,
        "RAYS",
        "Full rays, `[direction][square]`; directions N, E, NE, NW (index up), S, W, SW, SE.",
        &rays(),
    );
    table2(
        &mut w,
        "BETWEEN",
        "Squares strictly between two aligned squares, `[a][b]`, else empty.",
        &between(),
    );
    vec![w.finish(
        "tables.rs",
        "Attack and step tables of the 8x8 board (bit s = square s, a1 = 0, h8 = 63).",
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generated::tables as g;

    #[test]
    fn generated_tables_match_the_geometry() {
        assert_eq!(g::KNIGHT, knight());
        assert_eq!(g::KING, king());
        assert_eq!(g::DIAGONAL_STEP, diagonal_step());
        assert_eq!(g::ORTHOGONAL_STEP, orthogonal_step());
        assert_eq!(g::PAWN_ATTACKS, pawn_attacks());
        assert_eq!(g::RAYS, rays());
        assert_eq!(g::BETWEEN.to_vec(), between());
    }

    #[test]
    fn tables_spot_checks() {
        // a1 = 0, h8 = 63; knight on b1 reaches a3, c3, d2.
        assert_eq!(knight()[1], 1 << 16 | 1 << 18 | 1 << 11);
        assert_eq!(king()[0], 1 << 1 | 1 << 8 | 1 << 9);
        assert_eq!(between()[0][63].count_ones(), 6);
        assert_eq!(between()[0][10], 0);
        assert_eq!(pawn_attacks()[0][12], 1 << 19 | 1 << 21);
    }
}
