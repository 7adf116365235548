//! Zobrist keys of the position hash.
//!
//! The hash covers the placement, the side to move, the castling rights, the en-passant
//! square, both latched states and the original queens' squares (the "rights" of G1); not
//! the clocks.

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn keys<const N: usize>(salt: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] =
            splitmix(salt.wrapping_mul(0x1000_0000_01b3) ^ (i as u64).wrapping_mul(0x9e37_79b9));
        i += 1;
    }
    out
}

/// Piece keys, indexed `(colour * 6 + role) * 64 + square`.
pub static PIECE: [u64; 768] = keys::<768>(1);
/// Key of Black to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0x5eed_5eed);
/// Castling-rights keys, indexed by the 4-bit rights mask.
pub static CASTLING: [u64; 16] = {
    let mut k = keys::<16>(2);
    k[0] = 0;
    k
};
/// En-passant keys per square (index 64: none, key 0).
pub static EN_PASSANT: [u64; 65] = {
    let mut k = keys::<65>(3);
    k[64] = 0;
    k
};
/// Latched-state keys per side: index 0 = `-`, 1 = `H`, 2 = `L`, 3 + n = `B<n>`.
pub static LATCH: [[u64; 36]; 2] = {
    let mut a = keys::<36>(4);
    let b = keys::<36>(5);
    a[0] = 0;
    [a, {
        let mut b = b;
        b[0] = 0;
        b
    }]
};
/// Original-queen square keys per side (only when the side's state is `-`).
pub static ORIGINAL_QUEEN: [[u64; 64]; 2] = [keys::<64>(6), keys::<64>(7)];
