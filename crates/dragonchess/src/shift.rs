//! One board as a 96-bit number, set-wise steps on it (every square of a set moved one flat
//! step at once: a shift, the edge squares masked out first) and sliding moves on it. Perft's
//! bulk count uses the steps to count the moves of all the Warriors, Sylphs, Dwarves or
//! Basilisks of a side with a few word operations instead of one table look-up per piece;
//! the slides work on two words instead of the five of a [`Bits`].

use crate::tables::{Bits, DIRS};
use crate::types::{FILES, LEVEL_SQUARES, RANKS};

/// The squares of one board, bit `rank * 12 + file`.
pub(crate) type Plane = u128;

/// All 96 squares of a board.
pub(crate) const FULL: Plane = (1 << LEVEL_SQUARES) - 1;

/// The squares of a board whose file (or rank, with `by_rank`) is not `line`.
const fn all_but(line: u16, by_rank: bool) -> Plane {
    let mut b = 0;
    let mut sq = 0;
    while sq < LEVEL_SQUARES {
        let v = if by_rank { sq / FILES } else { sq % FILES };
        if v != line {
            b |= 1 << sq;
        }
        sq += 1;
    }
    b
}

const NOT_FILE_A: Plane = all_but(0, false);
const NOT_FILE_L: Plane = all_but(FILES - 1, false);
const NOT_RANK_1: Plane = all_but(0, true);
const NOT_RANK_8: Plane = all_but(RANKS - 1, true);

/// Board `level` (0 Underworld, 1 Ground, 2 Sky) of `b`.
#[inline(always)]
pub(crate) fn plane(b: &Bits, level: usize) -> Plane {
    let w = &b.0;
    match level {
        0 => (w[0] as u128 | (w[1] as u128) << 64) & FULL,
        1 => ((w[1] >> 32) as u128 | (w[2] as u128) << 32) & FULL,
        _ => (w[3] as u128 | (w[4] as u128) << 64) & FULL,
    }
}

/// The square of `b` as a [`Bits`] on board `level` (0 Underworld, 1 Ground, 2 Sky).
#[inline(always)]
pub(crate) fn to_bits(b: Plane, level: usize) -> Bits {
    let (lo, hi) = (b as u64, (b >> 64) as u64);
    match level {
        0 => fairy_kernel::BitSet([lo, hi, 0, 0, 0]),
        1 => fairy_kernel::BitSet([0, lo << 32, (b >> 32) as u64, 0, 0]),
        _ => fairy_kernel::BitSet([0, 0, 0, lo, hi]),
    }
}

/// For each square of a board and each direction of [`DIRS`], the ray from the square to
/// the edge, the square itself excluded.
static RAYS: [[Plane; 8]; LEVEL_SQUARES as usize] = {
    let mut t = [[0; 8]; LEVEL_SQUARES as usize];
    let mut sq = 0;
    while sq < LEVEL_SQUARES as usize {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = (DIRS[d].0 as i32, DIRS[d].1 as i32);
            let (mut f, mut r) = ((sq % 12) as i32 + dx, (sq / 12) as i32 + dy);
            while f >= 0 && f < FILES as i32 && r >= 0 && r < RANKS as i32 {
                t[sq][d] |= 1 << (r * FILES as i32 + f);
                f += dx;
                r += dy;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// For each square of a board, the union of its orthogonal rays (index 0) and of its
/// diagonal rays (index 1) of [`RAYS`]: the squares from which a slider of that kind could
/// reach it on an empty board.
static LINES: [[Plane; 2]; LEVEL_SQUARES as usize] = {
    let mut t = [[0; 2]; LEVEL_SQUARES as usize];
    let mut sq = 0;
    while sq < LEVEL_SQUARES as usize {
        let mut d = 0;
        while d < 8 {
            t[sq][d % 2] |= RAYS[sq][d];
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Whether some slider of `rooks` (orthogonal) or `bishops` (diagonal) stands on a line
/// through board square `sq`, blockers ignored.
#[inline(always)]
pub(crate) fn aligned(sq: usize, rooks: Plane, bishops: Plane) -> bool {
    (LINES[sq][0] & rooks) | (LINES[sq][1] & bishops) != 0
}

/// The nearest square of `b` to board square `sq` in direction `dir` (index into [`DIRS`]).
#[inline(always)]
fn nearest(sq: usize, dir: usize, b: Plane) -> Option<usize> {
    let on_ray = RAYS[sq][dir] & b;
    if on_ray == 0 {
        None
    } else if dir <= 2 || dir == 7 {
        Some(on_ray.trailing_zeros() as usize)
    } else {
        Some(127 - on_ray.leading_zeros() as usize)
    }
}

/// The piece of `own` pinned against board square `sq` in direction `dir` by a slider of
/// `sliders`: the nearest occupied square of `occ` that way when it is in `own` and the next
/// one beyond it is in `sliders`.
#[inline(always)]
pub(crate) fn pinned(
    sq: usize,
    dir: usize,
    occ: Plane,
    own: Plane,
    sliders: Plane,
) -> Option<usize> {
    if RAYS[sq][dir] & sliders == 0 {
        return None;
    }
    let b = nearest(sq, dir, occ)?;
    if own >> b & 1 == 0 {
        return None;
    }
    let b2 = nearest(b, dir, occ)?;
    (sliders >> b2 & 1 != 0).then_some(b)
}

/// Whether a slider of `rooks` (orthogonal) or `bishops` (diagonal) reaches board square
/// `sq` over the occupancy `occ`: the nearest occupied square on some line from `sq` holds
/// one of them.
#[inline(always)]
pub(crate) fn slider_reaches(sq: usize, occ: Plane, rooks: Plane, bishops: Plane) -> bool {
    aligned(sq, rooks, bishops)
        && (0..8).any(|dir| {
            let sliders = if dir % 2 == 0 { rooks } else { bishops };
            RAYS[sq][dir] & sliders != 0
                && nearest(sq, dir, occ).is_some_and(|b| sliders >> b & 1 != 0)
        })
}

/// The squares reached by sliding from board square `sq` in direction `dir` (index into
/// [`DIRS`]) up to and including the first occupied square of `occ`.
#[inline(always)]
fn slide(sq: usize, dir: usize, occ: Plane) -> Plane {
    let ray = RAYS[sq][dir];
    let blockers = ray & occ;
    if blockers == 0 {
        return ray;
    }
    // Directions 0, 1, 2 and 7 increase the square index.
    let first = if dir <= 2 || dir == 7 {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    };
    ray ^ RAYS[first as usize][dir]
}

/// The Oliphant's slides from board square `sq` on a board occupied by `occ`.
#[inline(always)]
pub(crate) fn rook(sq: usize, occ: Plane) -> Plane {
    slide(sq, 0, occ) | slide(sq, 2, occ) | slide(sq, 4, occ) | slide(sq, 6, occ)
}

/// The Thief's slides from board square `sq` on a board occupied by `occ`.
#[inline(always)]
pub(crate) fn bishop(sq: usize, occ: Plane) -> Plane {
    slide(sq, 1, occ) | slide(sq, 3, occ) | slide(sq, 5, occ) | slide(sq, 7, occ)
}

/// Every square of `b` moved one flat step of `dx` files and `dy` ranks (each -1, 0 or 1);
/// squares whose step leaves the board are dropped.
#[inline(always)]
pub(crate) fn flat(b: Plane, dx: i8, dy: i8) -> Plane {
    let mut m = b;
    if dx > 0 {
        m &= NOT_FILE_L;
    } else if dx < 0 {
        m &= NOT_FILE_A;
    }
    if dy > 0 {
        m &= NOT_RANK_8;
    } else if dy < 0 {
        m &= NOT_RANK_1;
    }
    let d = i32::from(dy) * FILES as i32 + i32::from(dx);
    if d > 0 {
        m << d
    } else {
        m >> -d
    }
}

/// The number of squares of `b`.
#[inline(always)]
pub(crate) fn count(b: Plane) -> usize {
    if b == 0 {
        0
    } else {
        b.count_ones() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{cell_file, cell_rank, SQUARES};

    /// The square `dx` files and `dy` ranks from `sq` on its board, if any.
    fn step(sq: u16, dx: i32, dy: i32) -> Option<u16> {
        let (f, r) = (cell_file(sq) as i32 + dx, cell_rank(sq) as i32 + dy);
        ((0..FILES as i32).contains(&f) && (0..RANKS as i32).contains(&r))
            .then(|| (sq as i32 + dy * FILES as i32 + dx) as u16)
    }

    #[test]
    fn planes_and_flat_steps_match_single_squares() {
        for sq in 0..SQUARES as u16 {
            let (level, on) = ((sq / LEVEL_SQUARES) as usize, sq % LEVEL_SQUARES);
            let b = Bits::single(sq);
            for l in 0..3 {
                let want = if l == level { 1 << on } else { 0 };
                assert_eq!(plane(&b, l), want, "{sq} on board {l}");
            }
            for dx in -1..=1i8 {
                for dy in -1..=1i8 {
                    if dx == 0 && dy == 0 {
                        continue;
                    }
                    let want =
                        step(sq, dx.into(), dy.into()).map_or(0, |t| 1 << (t % LEVEL_SQUARES));
                    assert_eq!(flat(1 << on, dx, dy), want, "{sq} {dx} {dy}");
                }
            }
        }
        assert_eq!(count(FULL), LEVEL_SQUARES as usize);
        let all_rays = crate::tables::rays();
        for sq in 0..SQUARES as u16 {
            let (level, on) = ((sq / LEVEL_SQUARES) as usize, sq % LEVEL_SQUARES);
            assert_eq!(to_bits(1 << on, level), Bits::single(sq));
            for (d, ray) in all_rays[sq as usize].iter().enumerate() {
                assert_eq!(to_bits(RAYS[on as usize][d], level), *ray, "{sq} {d}");
            }
        }
        assert_eq!(count(NOT_FILE_A), (LEVEL_SQUARES - RANKS) as usize);
    }
}
