//! One board as a 96-bit number, and set-wise steps on it: every square of a set moved one
//! flat step at once (a shift, the edge squares masked out first). Perft's bulk count uses
//! them to count the moves of all the Warriors, Sylphs, Dwarves or Basilisks of a side with
//! a few word operations instead of one table look-up per piece.

use crate::tables::Bits;
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
        assert_eq!(count(NOT_FILE_A), (LEVEL_SQUARES - RANKS) as usize);
    }
}
