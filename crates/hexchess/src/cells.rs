//! Whole-set operations on cells: counting them, moving them all by one index offset.

use fairy_kernel::geometry::hexmoves::{from_u128, to_u128};

use crate::Cells;

/// The number of cells of `set`: the bit count of both words at once (the two words'
/// 2-bit and 4-bit partial sums are added before the bytes are summed).
#[inline(always)]
pub fn count(set: Cells) -> usize {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const BYTES: u64 = 0x0101_0101_0101_0101;
    let [a, b] = set.0;
    let a = a - ((a >> 1) & M1);
    let b = b - ((b >> 1) & M1);
    // Each nibble: at most 4 + 4.
    let n = (a & M2) + ((a >> 2) & M2) + (b & M2) + ((b >> 2) & M2);
    // Each byte: at most 16.
    let n = (n & M4) + ((n >> 4) & M4);
    (n.wrapping_mul(BYTES) >> 56) as usize
}

/// The cells of `set` moved by `by` cell indices (up for a positive `by`, down for a
/// negative one; `|by| < 128`); cells moved past either end are dropped. On a board whose
/// rows are numbered in order, the cells of one row that take the same step all move by
/// the same offset.
#[inline(always)]
pub fn shift(set: Cells, by: i32) -> Cells {
    let v = to_u128(set);
    from_u128(if by >= 0 { v << by } else { v >> -by })
}
