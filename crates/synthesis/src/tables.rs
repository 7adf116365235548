//! The per-square tables of the 8x8 board, computed from the kernel's rectangular geometry.
//!
//! These are pure functions. `cargo xtask codegen` calls [`generated_files`] and writes
//! `src/generated/tables.rs` (step and ray tables) and `src/generated/magics.rs` (magic
//! multipliers), which the move generator uses as plain statics; a unit test recomputes the
//! tables and compares them with the checked-in statics.
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

/// Squares a slider on `sq` attacks with occupancy `occ`, walking the rays of `dirs`
/// (indices into [`DIRECTIONS`]) on the kernel geometry; the slow definition the magic
/// tables are filled from.
pub fn slider_attacks_slow(sq: u16, occ: u64, dirs: &[usize]) -> u64 {
    let b = board();
    let mut out = 0;
    for &d in dirs {
        let (df, dr) = DIRECTIONS[d];
        for t in ray(&b, sq, Delta::flat(df, dr), None) {
            out |= bit(t);
            if occ & bit(t) != 0 {
                break;
            }
        }
    }
    out
}

/// Rook directions (indices into [`DIRECTIONS`]).
pub const ROOK_DIRS: [usize; 4] = [0, 1, 4, 5];
/// Bishop directions (indices into [`DIRECTIONS`]).
pub const BISHOP_DIRS: [usize; 4] = [2, 3, 6, 7];

/// The relevant-occupancy mask of a slider on `sq`: its empty-board rays without the last
/// square of each (an edge square never changes the attack set).
pub fn slider_mask(sq: u16, dirs: &[usize]) -> u64 {
    let b = board();
    let mut out = 0;
    for &d in dirs {
        let (df, dr) = DIRECTIONS[d];
        let r = ray(&b, sq, Delta::flat(df, dr), None);
        for &t in r.iter().take(r.len().saturating_sub(1)) {
            out |= bit(t);
        }
    }
    out
}

/// Magic-bitboard parameters of one square: `index = ((occ & mask) * magic) >> shift`,
/// into the shared attack table at `offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    /// Relevant-occupancy mask.
    pub mask: u64,
    /// The multiplier.
    pub magic: u64,
    /// `64 - popcount(mask)`.
    pub shift: u8,
    /// Start of this square's entries in the attack table.
    pub offset: u32,
}

/// Every subset of `mask` (Carry-Rippler enumeration), the empty set first.
pub fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    out
}

/// Finds magics for all squares of one slider kind by a deterministic pseudo-random search
/// (fixed seed), laying the squares' tables out one after another from `base`.
fn find_magics(dirs: &[usize], base: u32, seed: u64) -> Vec<Magic> {
    let mut state = seed;
    let mut rand = move || {
        // xorshift64*
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let mut offset = base;
    let mut out = Vec::with_capacity(64);
    for sq in 0..64u16 {
        let mask = slider_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let occs = subsets(mask);
        let atts: Vec<u64> = occs
            .iter()
            .map(|&o| slider_attacks_slow(sq, o, dirs))
            .collect();
        let mut used = vec![0u64; 1 << bits];
        let mut epoch = vec![0u32; 1 << bits];
        let mut tries = 0u32;
        let magic = loop {
            tries += 1;
            let m = rand() & rand() & rand();
            if (mask.wrapping_mul(m) >> 56).count_ones() < 6 {
                continue;
            }
            let ok = occs.iter().zip(&atts).all(|(&o, &a)| {
                let i = (o.wrapping_mul(m) >> shift) as usize;
                if epoch[i] != tries {
                    epoch[i] = tries;
                    used[i] = a;
                    true
                } else {
                    used[i] == a
                }
            });
            if ok {
                break m;
            }
        };
        out.push(Magic {
            mask,
            magic,
            shift: shift as u8,
            offset,
        });
        offset += 1 << bits;
    }
    out
}

/// Rook magics (table entries 0..102400).
pub fn rook_magics() -> Vec<Magic> {
    find_magics(&ROOK_DIRS, 0, 0x5eed_0001_2345_6789)
}

/// Bishop magics (table entries after the rooks').
pub fn bishop_magics() -> Vec<Magic> {
    find_magics(&BISHOP_DIRS, ROOK_TABLE_LEN, 0x5eed_0002_3456_789a)
}

/// Entries of the rook part of the attack table: the sum of `2^popcount(mask)`.
pub const ROOK_TABLE_LEN: u32 = 102_400;
/// Entries of the whole attack table (rooks then bishops).
pub const SLIDER_TABLE_LEN: u32 = ROOK_TABLE_LEN + 5_248;

impl fmt::Display for Magic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Magic {{ mask: {:#018x}, magic: {:#018x}, shift: {}, offset: {} }}",
            self.mask, self.magic, self.shift, self.offset
        )
    }
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
    let mut m = TableWriter::new();
    m.raw("use crate::tables::Magic;\n");
    m.array(
        "ROOK_MAGICS",
        "Rook magic-bitboard parameters per square.",
        "Magic",
        &rook_magics(),
    );
    m.array(
        "BISHOP_MAGICS",
        "Bishop magic-bitboard parameters per square.",
        "Magic",
        &bishop_magics(),
    );
    vec![
        m.finish(
            "magics.rs",
            "Magic-bitboard multipliers found by a fixed-seed search (bit s = square s).",
        ),
        w.finish(
            "tables.rs",
            "Attack and step tables of the 8x8 board (bit s = square s, a1 = 0, h8 = 63).",
        ),
    ]
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
        assert_eq!(
            crate::generated::magics::ROOK_MAGICS.to_vec(),
            rook_magics()
        );
        assert_eq!(
            crate::generated::magics::BISHOP_MAGICS.to_vec(),
            bishop_magics()
        );
    }

    #[test]
    fn magic_table_sizes() {
        let r = rook_magics();
        let b = bishop_magics();
        let last = r[63];
        assert_eq!(last.offset + (1 << (64 - last.shift)), ROOK_TABLE_LEN);
        let last = b[63];
        assert_eq!(last.offset + (1 << (64 - last.shift)), SLIDER_TABLE_LEN);
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
