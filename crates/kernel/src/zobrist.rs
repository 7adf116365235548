//! Deterministic pseudo-random keys for Zobrist hashing.
//!
//! Keys are computed by `const fn`, so a variant can build its key tables at compile time:
//!
//! ```
//! use fairy_kernel::zobrist::key;
//! const PIECE_KEYS: [u64; 4] = {
//!     let mut k = [0u64; 4];
//!     let mut i = 0;
//!     while i < 4 {
//!         k[i] = key(1, i as u64);
//!         i += 1;
//!     }
//!     k
//! };
//! assert_ne!(PIECE_KEYS[0], PIECE_KEYS[1]);
//! ```

/// The SplitMix64 finaliser: a bijective mixing of 64 bits.
pub const fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The key number `index` of the key family `domain` (use one domain per kind of feature:
/// pieces on squares, side to move, rights, ...). Distinct `(domain, index)` pairs give
/// independent-looking keys.
pub const fn key(domain: u64, index: u64) -> u64 {
    splitmix64(splitmix64(domain.wrapping_mul(0xD1B5_4A32_D192_ED03)) ^ index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_over_a_large_table() {
        let mut v: Vec<u64> = (0..4)
            .flat_map(|d| (0..10_000).map(move |i| key(d, i)))
            .collect();
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), 40_000);
    }
}
