//! The per-square tables of the 8x8 board, computed from the kernel's rectangular geometry.
//!
//! These are pure functions. `cargo xtask codegen` calls [`render`] and writes the result to
//! `src/generated/tables.rs`, which the move generator uses as plain statics; a unit test
//! recomputes the tables and compares them with the checked-in statics.
//!
//! Bitboards: bit `s` is square `s` (`a1` = 0, `h8` = 63).

use fairy_kernel::geometry::ray;
use fairy_kernel::{Delta, Geometry, RectBoard};

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
        .flat_map(|&(df, dr)| ray(b, sq, Delta::flat(df.into(), dr.into()), Some(1)))
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
            ray(&b, s as u16, Delta::flat(df.into(), dr.into()), None)
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
                let line = ray(&b, a, Delta::flat(df.into(), dr.into()), None);
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

fn table1(out: &mut String, name: &str, doc: &str, t: &[u64; 64]) {
    out.push_str(&format!("/// {doc}\npub static {name}: [u64; 64] = [\n"));
    for v in t {
        out.push_str(&format!("    0x{v:016x},\n"));
    }
    out.push_str("];\n\n");
}

fn table2(out: &mut String, name: &str, doc: &str, t: &[[u64; 64]]) {
    out.push_str(&format!(
        "/// {doc}\npub static {name}: [[u64; 64]; {}] = [\n",
        t.len()
    ));
    for row in t {
        out.push_str("    [\n");
        for v in row {
            out.push_str(&format!("        0x{v:016x},\n"));
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n\n");
}

/// The Rust source of `src/generated/tables.rs` (without the `@generated` header line, which
/// the kernel's codegen writer adds).
pub fn render_body() -> String {
    let mut out = String::new();
    out.push_str(
        "//! Attack and step tables of the 8x8 board (bit s = square s, a1 = 0, h8 = 63).\n\n",
    );
    table1(&mut out, "KNIGHT", "Knight targets per square.", &knight());
    table1(&mut out, "KING", "King targets per square.", &king());
    table1(
        &mut out,
        "DIAGONAL_STEP",
        "One diagonal step per square (BEREFT rook night move).",
        &diagonal_step(),
    );
    table1(
        &mut out,
        "ORTHOGONAL_STEP",
        "One orthogonal step per square (BEREFT bishop night move).",
        &orthogonal_step(),
    );
    table2(
        &mut out,
        "PAWN_ATTACKS",
        "Pawn capture targets, `[colour][square]` (0 White, 1 Black).",
        &pawn_attacks(),
    );
    table2(
        &mut out,
        "RAYS",
        "Full rays, `[direction][square]`; directions N, E, NE, NW (index up), S, W, SW, SE.",
        &rays(),
    );
    table2(
        &mut out,
        "BETWEEN",
        "Squares strictly between two aligned squares, `[a][b]`, else empty.",
        &between(),
    );
    out
}
