//! Attack sets on 64-bit bitboards (bit `s` = square `s`).
//!
//! Sliding attacks use classical rays: the full ray of a direction, cut at the first
//! blocker (lowest set bit for directions that increase the square index, highest for the
//! others). Measured against the alternatives in `benches/benches/synthesis.rs`.

use crate::generated::tables::{
    BETWEEN, DIAGONAL_STEP, KING, KNIGHT, ORTHOGONAL_STEP, PAWN_ATTACKS, RAYS,
};
use crate::types::Square;
use crate::Color;

/// The bitboard of one square.
#[inline(always)]
pub const fn bb(sq: Square) -> u64 {
    1u64 << sq
}

#[inline(always)]
fn ray_up(dir: usize, sq: Square, occ: u64) -> u64 {
    let r = RAYS[dir][sq as usize];
    let blockers = r & occ;
    if blockers == 0 {
        r
    } else {
        r ^ RAYS[dir][blockers.trailing_zeros() as usize]
    }
}

#[inline(always)]
fn ray_down(dir: usize, sq: Square, occ: u64) -> u64 {
    let r = RAYS[dir][sq as usize];
    let blockers = r & occ;
    if blockers == 0 {
        r
    } else {
        r ^ RAYS[dir][63 - blockers.leading_zeros() as usize]
    }
}

/// Squares a rook on `sq` attacks with occupancy `occ` (the first blocker included).
#[inline]
pub fn rook_attacks(sq: Square, occ: u64) -> u64 {
    ray_up(0, sq, occ) | ray_up(1, sq, occ) | ray_down(4, sq, occ) | ray_down(5, sq, occ)
}

/// Squares a bishop on `sq` attacks with occupancy `occ` (the first blocker included).
#[inline]
pub fn bishop_attacks(sq: Square, occ: u64) -> u64 {
    ray_up(2, sq, occ) | ray_up(3, sq, occ) | ray_down(6, sq, occ) | ray_down(7, sq, occ)
}

/// Squares a queen on `sq` attacks with occupancy `occ`.
#[inline]
pub fn queen_attacks(sq: Square, occ: u64) -> u64 {
    rook_attacks(sq, occ) | bishop_attacks(sq, occ)
}

/// Knight targets of `sq`.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> u64 {
    KNIGHT[sq as usize]
}

/// King targets (neighbours) of `sq`.
#[inline(always)]
pub fn king_attacks(sq: Square) -> u64 {
    KING[sq as usize]
}

/// Squares a pawn of `color` on `sq` captures on.
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> u64 {
    PAWN_ATTACKS[color.index()][sq as usize]
}

/// One diagonal step from `sq`.
#[inline(always)]
pub fn diagonal_step(sq: Square) -> u64 {
    DIAGONAL_STEP[sq as usize]
}

/// One orthogonal step from `sq`.
#[inline(always)]
pub fn orthogonal_step(sq: Square) -> u64 {
    ORTHOGONAL_STEP[sq as usize]
}

/// Squares strictly between `a` and `b` if aligned, else empty.
#[inline(always)]
pub fn between(a: Square, b: Square) -> u64 {
    BETWEEN[a as usize][b as usize]
}
