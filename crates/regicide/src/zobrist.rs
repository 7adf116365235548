//! Zobrist keys of Imperial Regicide positions, built at compile time from the kernel's
//! key function.

use fairy_kernel::zobrist::key;

/// Keys of a piece code (`0..16`, see `position::code`) on a square.
pub(crate) static PIECE: [[u64; 288]; 16] = {
    let mut t = [[0u64; 288]; 16];
    let mut c = 0;
    while c < 16 {
        let mut sq = 0;
        while sq < 288 {
            t[c][sq] = key(1, (c * 288 + sq) as u64);
            sq += 1;
        }
        c += 1;
    }
    t
};

const fn squares(domain: u64) -> [u64; 288] {
    let mut t = [0u64; 288];
    let mut sq = 0;
    while sq < 288 {
        t[sq] = key(domain, sq as u64);
        sq += 1;
    }
    t
}

/// Keys of the en-passant targets.
pub(crate) static EN_PASSANT: [u64; 288] = squares(2);
/// Keys of the squares of pieces that moved in the current turn.
pub(crate) static MOVED: [u64; 288] = squares(3);
/// Keys of the wedge starting squares holding a pawn that already moved (R14).
pub(crate) static MOVED_PAWN: [u64; 288] = squares(7);
/// Keys of the twelve castling rights (bit order of `tables::castle_bit`; right `r` has
/// key `key(4, r)`), XORed over every set of rights six bits at a time: entry `[h][bits]`
/// covers the rights `6 * h + i` for each bit `i` of `bits`.
pub(crate) static CASTLING_SETS: [[u64; 64]; 2] = {
    let mut t = [[0u64; 64]; 2];
    let mut h = 0;
    while h < 2 {
        let mut bits = 0;
        while bits < 64 {
            let mut i = 0;
            while i < 6 {
                if bits & (1 << i) != 0 {
                    t[h][bits] ^= key(4, (6 * h + i) as u64);
                }
                i += 1;
            }
            bits += 1;
        }
        h += 1;
    }
    t
};
/// Keys of the front to move (0..3).
pub(crate) static FRONT: [u64; 3] = [key(5, 0), key(5, 1), key(5, 2)];
/// Key XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = key(6, 0);
