//! Generic movement machinery for hexagonal boards on the kernel's axial [`HexBoard`]
//! coordinates: the touching and gap directions, the hexagonal knight, empty-board ray
//! masks and slider attacks by "first blocker" lookup.
//!
//! Nothing here knows the rules of a game. The module assumes the axial scheme shared by the
//! 80-cell Dainy board and the 91-cell Gliński board, which [`axial_board`] builds: lines
//! of cells (the horizontals of Dainy, the files of Gliński) that grow by one cell up to the
//! longest line and then shrink, cell number `n` of line `i` at coordinates
//! `(i, (n - 1) + max(0, i - m))` where `m` is the longest line. On such a board the six
//! touching neighbours of a cell are the steps [`TOUCHING`]; the variant decides which of
//! them is "forward" for its pawns.
//!
//! Moved here from the Dainy crate (where it was written, ruling H1) so that every
//! hexagonal variant shares one implementation.
//!
//! Slider attacks use the board's square order: cells are numbered line by line, so a step
//! either always increases the square index or always decreases it
//! ([`direction_ascends`]). The nearest occupied cell of a ray is then the lowest or the
//! highest member of `ray & occupied`, and the attack set is
//! `ray(sq) ^ ray(blocker)`: the cells up to and including the blocker.

use crate::bitset::BitSet;
use crate::geometry::{ray, Delta, Geometry, HexBoard};

/// The six touching ("rook", orthogonal) directions in cyclic order: each one is 60 degrees
/// from the next. Along the line `(0,+1)`, to the next line `(+1,+1)`, `(+1,0)`, and their
/// opposites. On the Dainy board the lines are horizontals (ruling H1); on the Gliński board
/// they are files, so `(0,+1)` is straight up the file (12 o'clock) and `(+1,+1)`, `(+1,0)`
/// are 2 and 4 o'clock.
pub const TOUCHING: [Delta; 6] = [
    Delta::flat(0, 1),
    Delta::flat(1, 1),
    Delta::flat(1, 0),
    Delta::flat(0, -1),
    Delta::flat(-1, -1),
    Delta::flat(-1, 0),
];

/// The six gap ("bishop", diagonal) directions: the sum of two cyclically adjacent touching
/// directions, `GAP[i] = TOUCHING[i] + TOUCHING[i + 1]`. A gap step keeps the cell colour.
/// That is `(+1,+2)`, `(+2,+1)`, `(+1,-1)` and their opposites: on the Dainy board `(+2,+1)`
/// is straight ahead for White (ruling H1); on the Gliński board `(+1,+2)`, `(+2,+1)`,
/// `(+1,-1)` are 1, 3 and 5 o'clock.
pub const GAP: [Delta; 6] = {
    let mut out = [Delta::flat(0, 0); 6];
    let mut i = 0;
    while i < 6 {
        let a = TOUCHING[i];
        let b = TOUCHING[(i + 1) % 6];
        out[i] = Delta::flat(a.x + b.x, a.y + b.y);
        i += 1;
    }
    out
};

/// The twelve hexagonal knight leaps: two touching steps in one direction then one touching
/// step turned by 60 degrees either way, `2 * TOUCHING[i] + TOUCHING[i ± 1]` (Dainy ruling
/// H2; the Gliński knight). These are the nearest cells on no line through the start cell.
pub const KNIGHT: [Delta; 12] = {
    let mut out = [Delta::flat(0, 0); 12];
    let mut i = 0;
    while i < 6 {
        let a = TOUCHING[i];
        let prev = TOUCHING[(i + 5) % 6];
        let next = TOUCHING[(i + 1) % 6];
        out[2 * i] = Delta::flat(2 * a.x + prev.x, 2 * a.y + prev.y);
        out[2 * i + 1] = Delta::flat(2 * a.x + next.x, 2 * a.y + next.y);
        i += 1;
    }
    out
};

/// A hexagonal board of lines in the common axial scheme: line `i` is named `letters[i]`
/// and has `lengths[i]` cells; cell number `n` (from 1) of line `i` gets the coordinates
/// `(i, (n - 1) + max(0, i - m))`, `m` being the index of the first longest line.
///
/// With lines that grow by one cell up to line `m` and then shrink by one, the board is a
/// hexagon and the steps [`TOUCHING`] join exactly the cells that share an edge.
///
/// ```
/// use fairy_kernel::geometry::hexmoves::axial_board;
/// use fairy_kernel::Geometry;
/// // Gliński: files a..l without j, 6..11..6 cells.
/// let g = axial_board(&"abcdefghikl".chars().collect::<Vec<_>>(),
///                     &[6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]);
/// assert_eq!(g.cell_count(), 91);
/// assert_eq!(g.coords(g.parse_square("g1").unwrap()), (6, 1));
/// ```
///
/// # Panics
/// As [`HexBoard::from_lines`]: on mismatched `letters` and `lengths` or repeated letters.
pub fn axial_board(letters: &[char], lengths: &[u8]) -> HexBoard {
    let longest = lengths.iter().copied().max().unwrap_or(0);
    let m = lengths.iter().position(|&l| l == longest).unwrap_or(0) as i8;
    HexBoard::from_lines(letters, lengths, |line, n| {
        (line as i8, (n as i8 - 1) + (line as i8 - m).max(0))
    })
}

/// Whether a step `d` increases the square index on `board` (`Some(true)`), decreases it
/// (`Some(false)`), or neither consistently (`None`; never for the axial line-by-line
/// numbering of [`HexBoard`] with a non-zero step).
pub fn direction_ascends(board: &HexBoard, d: Delta) -> Option<bool> {
    let mut up = false;
    let mut down = false;
    for sq in board.squares() {
        if let Some(t) = board.step(sq, d) {
            if t > sq {
                up = true;
            } else {
                down = true;
            }
        }
    }
    match (up, down) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// For every cell, the empty-board ray mask in each of `dirs` (the cell itself excluded).
pub fn ray_masks<const W: usize>(board: &HexBoard, dirs: &[Delta]) -> Vec<Vec<BitSet<W>>> {
    board
        .squares()
        .map(|sq| {
            dirs.iter()
                .map(|&d| BitSet::from_squares(ray(board, sq, d, None)))
                .collect()
        })
        .collect()
}

/// For every cell, the set of cells one step away in any of `deltas` (a leaper's targets).
pub fn step_masks<const W: usize>(board: &HexBoard, deltas: &[Delta]) -> Vec<BitSet<W>> {
    board
        .squares()
        .map(|sq| deltas.iter().filter_map(|&d| board.step(sq, d)).collect())
        .collect()
}

/// The highest square of `set`, if any (the counterpart of [`BitSet::first`]).
#[inline]
pub fn highest<const W: usize>(set: &BitSet<W>) -> Option<u16> {
    let mut i = W;
    while i > 0 {
        i -= 1;
        let w = set.0[i];
        if w != 0 {
            return Some(i as u16 * 64 + 63 - w.leading_zeros() as u16);
        }
    }
    None
}

/// The nearest occupied cell of the ray `ray` (a mask from [`ray_masks`]) whose direction
/// ascends (`ascending`, see [`direction_ascends`]) or descends, if any.
#[inline]
pub fn nearest<const W: usize>(
    ray: BitSet<W>,
    occupied: BitSet<W>,
    ascending: bool,
) -> Option<u16> {
    let blockers = ray & occupied;
    if ascending {
        blockers.first()
    } else {
        highest(&blockers)
    }
}

/// The cells a slider on the ray's origin attacks along one ray: every cell up to and
/// including the nearest occupied one. `rays[sq]` must be the ray masks of one direction for
/// every cell (so `rays[blocker]` continues the same ray beyond the blocker).
#[inline]
pub fn slide<const W: usize>(
    rays: impl Fn(u16) -> BitSet<W>,
    from: u16,
    occupied: BitSet<W>,
    ascending: bool,
) -> BitSet<W> {
    let r = rays(from);
    match nearest(r, occupied, ascending) {
        Some(b) => r ^ rays(b),
        None => r,
    }
}

/// A two-word set as a `u128`: cell `s` is bit `s` (boards of at most 128 cells, such as
/// both hexagonal boards).
#[inline(always)]
pub const fn to_u128(set: BitSet<2>) -> u128 {
    set.0[0] as u128 | (set.0[1] as u128) << 64
}

/// The two-word set of a `u128` (the inverse of [`to_u128`]).
#[inline(always)]
pub const fn from_u128(bits: u128) -> BitSet<2> {
    BitSet([bits as u64, (bits >> 64) as u64])
}

/// The same attack set as [`slide`], for boards of at most 128 cells, without a second
/// table lookup and without branches: `ray` is the empty-board ray of the slider's cell in
/// a direction that ascends (`ascending`) or descends in cell order.
///
/// Ascending, the nearest blocker is the lowest bit `l` of `b = ray & occupied`, and
/// `b ^ (b - 1)` keeps exactly the bits up to `l` (all bits when `b` is empty).
/// Descending, it is the highest bit `h` of `b`, and the attacks are the ray's bits from
/// `h` up (`b | 1` makes `h = 0`, the whole ray, when `b` is empty).
///
/// ```
/// use fairy_kernel::geometry::hexmoves::{axial_board, ray_masks, slide_ray, TOUCHING};
/// use fairy_kernel::{BitSet, Geometry};
/// let g = axial_board(&"abcdefghikl".chars().collect::<Vec<_>>(),
///                     &[6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]);
/// let rays = ray_masks::<2>(&g, &TOUCHING);
/// let f1 = g.parse_square("f1").unwrap();
/// let f4 = g.parse_square("f4").unwrap();
/// let up = slide_ray(rays[f1 as usize][0], BitSet::single(f4), true);
/// assert_eq!(up.count(), 3); // f2, f3 and the blocker f4
/// ```
#[inline(always)]
pub fn slide_ray(ray: BitSet<2>, occupied: BitSet<2>, ascending: bool) -> BitSet<2> {
    let r = to_u128(ray);
    let b = r & to_u128(occupied);
    let keep = if ascending {
        b ^ b.wrapping_sub(1)
    } else {
        u128::MAX << (127 - (b | 1).leading_zeros())
    };
    from_u128(r & keep)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 80-cell Dainy board (lines a..k of 5..10..5 cells).
    fn dainy() -> HexBoard {
        let letters: Vec<char> = ('a'..='k').collect();
        axial_board(&letters, &[5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5])
    }

    /// The 91-cell Gliński board (files a..l without j of 6..11..6 cells).
    fn glinski() -> HexBoard {
        let letters: Vec<char> = "abcdefghikl".chars().collect();
        axial_board(&letters, &[6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6])
    }

    fn name(b: &HexBoard, sq: u16) -> String {
        b.square_name(sq)
    }

    fn cell(b: &HexBoard, n: &str) -> u16 {
        b.parse_square(n).unwrap()
    }

    #[test]
    fn axial_board_matches_the_dainy_scheme() {
        let letters: Vec<char> = ('a'..='k').collect();
        let lens = [5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5];
        let explicit = HexBoard::from_lines(&letters, &lens, |line, n| {
            (line as i8, (n as i8 - 1) + (line as i8 - 5).max(0))
        });
        assert_eq!(dainy(), explicit);
        assert_eq!(dainy().cell_count(), 80);
        assert_eq!(glinski().cell_count(), 91);
    }

    #[test]
    fn gap_directions_are_sums_of_adjacent_touching_steps() {
        let mut got: Vec<(i8, i8)> = GAP.iter().map(|d| (d.x, d.y)).collect();
        got.sort_unstable();
        let mut want = vec![(2, 1), (1, 2), (1, -1), (-2, -1), (-1, -2), (-1, 1)];
        want.sort_unstable();
        assert_eq!(got, want);
    }

    #[test]
    fn knight_offsets_are_twelve_distinct_and_symmetric() {
        let mut v: Vec<(i8, i8)> = KNIGHT.iter().map(|d| (d.x, d.y)).collect();
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), 12);
        assert!(v.iter().all(|&(x, y)| v.contains(&(-x, -y))));
        // None of them lies on a touching or gap line through the origin.
        for &(x, y) in &v {
            for d in TOUCHING.iter().chain(GAP.iter()) {
                assert!((1..6).all(|k| (d.x * k, d.y * k) != (x, y)));
            }
        }
    }

    #[test]
    fn every_direction_is_monotone_in_square_order_on_both_boards() {
        for b in [dainy(), glinski()] {
            for (i, d) in TOUCHING.iter().chain(GAP.iter()).enumerate() {
                assert_eq!(direction_ascends(&b, *d), Some(i % 6 < 3), "{d:?}");
            }
            for d in KNIGHT {
                assert!(direction_ascends(&b, d).is_some(), "{d:?}");
            }
        }
    }

    #[test]
    fn glinski_neighbours_and_lines() {
        let g = glinski();
        // f6, the centre: 6 touching neighbours, 6 gap neighbours, 12 knight targets.
        let f6 = cell(&g, "f6");
        let touch = step_masks::<2>(&g, &TOUCHING)[f6 as usize];
        let mut names: Vec<String> = touch.iter().map(|s| name(&g, s)).collect();
        names.sort();
        assert_eq!(names, ["e5", "e6", "f5", "f7", "g5", "g6"]);
        let gap = step_masks::<2>(&g, &GAP)[f6 as usize];
        let mut names: Vec<String> = gap.iter().map(|s| name(&g, s)).collect();
        names.sort();
        assert_eq!(names, ["d5", "e4", "e7", "g4", "g7", "h5"]);
        assert_eq!(step_masks::<2>(&g, &KNIGHT)[f6 as usize].count(), 12);
        // Rays from the centre reach the edge after 5 touching and 2 gap steps each.
        let rays = ray_masks::<2>(&g, &TOUCHING);
        assert!(rays[f6 as usize].iter().all(|r| r.count() == 5));
        let rays = ray_masks::<2>(&g, &GAP);
        assert!(rays[f6 as usize].iter().all(|r| r.count() == 2));
        // The rank bends at file f: g1 touches f1 (4 o'clock from f1 is g1).
        let f1 = cell(&g, "f1");
        assert_eq!(g.step(f1, TOUCHING[2]).map(|s| name(&g, s)), None);
        assert_eq!(
            g.step(f1, TOUCHING[1]).map(|s| name(&g, s)),
            Some("g1".into())
        );
        assert_eq!(
            g.step(f1, TOUCHING[5]).map(|s| name(&g, s)),
            Some("e1".into())
        );
    }

    #[test]
    fn dainy_neighbours_and_lines() {
        let b = dainy();
        // a1, a corner: touching a2, b1, b2; gap b3 (1,2), c2 (2,1).
        let a1 = cell(&b, "a1");
        let mut t: Vec<String> = step_masks::<2>(&b, &TOUCHING)[a1 as usize]
            .iter()
            .map(|s| name(&b, s))
            .collect();
        t.sort();
        assert_eq!(t, ["a2", "b1", "b2"]);
        let mut g: Vec<String> = step_masks::<2>(&b, &GAP)[a1 as usize]
            .iter()
            .map(|s| name(&b, s))
            .collect();
        g.sort();
        assert_eq!(g, ["b3", "c2"]);
        // Line f has 10 cells: a rook on f1 sees 9 of them along the line.
        let f1 = cell(&b, "f1");
        assert_eq!(ray_masks::<2>(&b, &TOUCHING)[f1 as usize][0].count(), 9);
    }

    #[test]
    fn slide_stops_at_the_first_blocker_both_ways() {
        for b in [dainy(), glinski()] {
            let rays = ray_masks::<2>(&b, &TOUCHING);
            for (d, &dir) in TOUCHING.iter().enumerate() {
                let asc = direction_ascends(&b, dir).unwrap();
                for sq in b.squares() {
                    let full = ray(&b, sq, dir, None);
                    if full.len() < 3 {
                        continue;
                    }
                    let occ = BitSet::<2>::from_squares([full[1], full[2]]);
                    let got = slide(|s| rays[s as usize][d], sq, occ, asc);
                    assert_eq!(got, BitSet::from_squares([full[0], full[1]]));
                    let none = slide(|s| rays[s as usize][d], sq, BitSet::EMPTY, asc);
                    assert_eq!(none, BitSet::from_squares(full.iter().copied()));
                }
            }
        }
    }

    #[test]
    fn slide_ray_equals_slide_on_random_occupancies() {
        let mut seed = 0x1234_5678_u64;
        for b in [dainy(), glinski()] {
            let dirs: Vec<Delta> = TOUCHING.iter().chain(GAP.iter()).copied().collect();
            let rays = ray_masks::<2>(&b, &dirs);
            for _ in 0..200 {
                seed = crate::zobrist::splitmix64(seed);
                let occ = BitSet::<2>([seed, crate::zobrist::splitmix64(seed ^ 7)])
                    & BitSet::first_n(b.cell_count());
                for sq in b.squares() {
                    for (d, &dir) in dirs.iter().enumerate() {
                        let asc = direction_ascends(&b, dir).unwrap();
                        let want = slide(|s| rays[s as usize][d], sq, occ, asc);
                        assert_eq!(slide_ray(rays[sq as usize][d], occ, asc), want);
                    }
                }
            }
            let x = BitSet::<2>::from_squares([0, 63, 64, 90]);
            assert_eq!(from_u128(to_u128(x)), x);
        }
    }

    #[test]
    fn highest_finds_top_bit_in_either_word() {
        let s = BitSet::<2>::from_squares([3, 70, 90]);
        assert_eq!(highest(&s), Some(90));
        assert_eq!(highest(&BitSet::<2>::from_squares([3, 9])), Some(9));
        assert_eq!(highest(&BitSet::<2>::EMPTY), None);
    }
}
