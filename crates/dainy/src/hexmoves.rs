//! Generic movement machinery for hexagonal boards on the kernel's axial [`HexBoard`]
//! coordinates: the touching and gap directions, the hexagonal knight, empty-board ray
//! masks and slider attacks by "first blocker" lookup.
//!
//! Nothing here knows Dainy's rules. The module only assumes the axial scheme shared by the
//! 80-cell Dainy board and the 91-cell Gliński board (coordinates `(line, w)` with
//! `w = (n - 1) + max(0, line - 5)`, ruling H1 and the Gliński ruling): the six touching
//! neighbours of a cell are the steps [`TOUCHING`]. It is kept separable so that a second
//! hexagonal crate can share it, and so that it can move into the kernel unchanged.
//!
//! Slider attacks use the board's square order: cells are numbered line by line, so a step
//! either always increases the square index or always decreases it
//! ([`direction_ascends`]). The nearest occupied cell of a ray is then the lowest or the
//! highest member of `ray & occupied`, and the attack set is
//! `ray(sq) ^ ray(blocker)`: the cells up to and including the blocker.

use fairy_kernel::geometry::ray;
use fairy_kernel::{BitSet, Delta, Geometry, HexBoard};

/// The six touching ("rook", orthogonal) directions in cyclic order: each one is 60 degrees
/// from the next. On the Dainy board: along the line `(0,+1)`, the two slanted verticals
/// `(+1,+1)`, `(+1,0)`, and their opposites (ruling H1).
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
/// On the Dainy board: `(+1,+2)`, `(+2,+1)` (straight ahead for White), `(+1,-1)` and the
/// opposites (ruling H1).
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
/// step turned by 60 degrees either way, `2 * TOUCHING[i] + TOUCHING[i ± 1]` (ruling H2; the
/// Gliński knight). These are the nearest cells on no line through the start cell.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::board;

    #[test]
    fn gap_directions_match_ruling_h1() {
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
    }

    #[test]
    fn every_direction_is_monotone_in_square_order() {
        let b = board();
        for d in TOUCHING.iter().chain(GAP.iter()).chain(KNIGHT.iter()) {
            assert!(direction_ascends(&b, *d).is_some(), "{d:?}");
        }
    }

    #[test]
    fn highest_finds_top_bit_in_either_word() {
        let s = BitSet::<2>::from_squares([3, 70, 79]);
        assert_eq!(highest(&s), Some(79));
        assert_eq!(highest(&BitSet::<2>::from_squares([3, 9])), Some(9));
        assert_eq!(highest(&BitSet::<2>::EMPTY), None);
    }
}
