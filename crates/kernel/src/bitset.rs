//! A fixed-width set of square indices, stored as `W` 64-bit words.
//!
//! `BitSet<1>` covers 64 squares (8x8), `BitSet<2>` 128 (the 80-cell and 91-cell hexagonal
//! boards), `BitSet<5>` 320 (the 288 squares of Dragonchess and Imperial Regicide). Square
//! `s` is bit `s % 64` of word `s / 64`. Iteration yields squares in ascending order.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign};

/// A set of square indices `0..64 * W`.
///
/// ```
/// use fairy_kernel::BitSet;
/// let mut s = BitSet::<5>::EMPTY;
/// s.insert(3);
/// s.insert(287);
/// assert_eq!(s.count(), 2);
/// assert_eq!(s.iter().collect::<Vec<_>>(), [3, 287]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BitSet<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for BitSet<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> BitSet<W> {
    /// The empty set.
    pub const EMPTY: Self = BitSet([0; W]);

    /// How many squares the set can hold: `64 * W`.
    pub const CAPACITY: usize = 64 * W;

    /// The set of the first `n` squares `0..n` (all of them when `n >= 64 * W`).
    pub const fn first_n(n: usize) -> Self {
        let mut words = [0u64; W];
        let mut i = 0;
        while i < W {
            let lo = i * 64;
            words[i] = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
            i += 1;
        }
        BitSet(words)
    }

    /// The set holding the single square `sq`. `sq` must be below [`Self::CAPACITY`].
    #[inline]
    pub const fn single(sq: u16) -> Self {
        let mut words = [0u64; W];
        words[(sq / 64) as usize] = 1u64 << (sq % 64);
        BitSet(words)
    }

    /// Builds a set from square indices.
    pub fn from_squares<I: IntoIterator<Item = u16>>(squares: I) -> Self {
        let mut s = Self::EMPTY;
        for sq in squares {
            s.insert(sq);
        }
        s
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(&self, sq: u16) -> bool {
        (self.0[(sq / 64) as usize] >> (sq % 64)) & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: u16) {
        self.0[(sq / 64) as usize] |= 1u64 << (sq % 64);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: u16) {
        self.0[(sq / 64) as usize] &= !(1u64 << (sq % 64));
    }

    /// Flips the membership of `sq`.
    #[inline]
    pub fn toggle(&mut self, sq: u16) {
        self.0[(sq / 64) as usize] ^= 1u64 << (sq % 64);
    }

    /// The number of squares in the set.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the set has at least one square.
    #[inline]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The squares of `self` that are not in `other`.
    #[inline]
    pub fn and_not(&self, other: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= !other.0[i];
        }
        r
    }

    /// The lowest square in the set, if any.
    #[inline]
    pub fn first(&self) -> Option<u16> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some((i as u16) * 64 + w.trailing_zeros() as u16);
            }
        }
        None
    }

    /// Removes and returns the lowest square in the set, if any.
    #[inline]
    pub fn pop_first(&mut self) -> Option<u16> {
        for (i, w) in self.0.iter_mut().enumerate() {
            if *w != 0 {
                let sq = (i as u16) * 64 + w.trailing_zeros() as u16;
                *w &= *w - 1;
                return Some(sq);
            }
        }
        None
    }

    /// The squares in ascending order.
    #[inline]
    pub fn iter(&self) -> Iter<W> {
        Iter {
            words: self.0,
            word: 0,
        }
    }
}

/// Iterator over the squares of a [`BitSet`], lowest first.
#[derive(Clone, Debug)]
pub struct Iter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for Iter<W> {
    type Item = u16;
    #[inline]
    fn next(&mut self) -> Option<u16> {
        while self.word < W {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some((self.word as u16) * 64 + w.trailing_zeros() as u16);
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n: usize = self.words[self.word.min(W)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl<const W: usize> ExactSizeIterator for Iter<W> {}

impl<const W: usize> IntoIterator for BitSet<W> {
    type Item = u16;
    type IntoIter = Iter<W>;
    fn into_iter(self) -> Iter<W> {
        self.iter()
    }
}

impl<const W: usize> FromIterator<u16> for BitSet<W> {
    fn from_iter<I: IntoIterator<Item = u16>>(iter: I) -> Self {
        Self::from_squares(iter)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl<const W: usize> $tr for BitSet<W> {
            type Output = Self;
            #[inline]
            fn $f(mut self, rhs: Self) -> Self {
                for i in 0..W {
                    self.0[i] $op rhs.0[i];
                }
                self
            }
        }
        impl<const W: usize> $tra for BitSet<W> {
            #[inline]
            fn $fa(&mut self, rhs: Self) {
                for i in 0..W {
                    self.0[i] $op rhs.0[i];
                }
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> fmt::Debug for BitSet<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::quickcheck;

    #[test]
    fn iteration_is_ascending_across_words() {
        let s = BitSet::<5>::from_squares([287, 0, 64, 63, 128, 200]);
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 63, 64, 128, 200, 287]);
        assert_eq!(s.iter().len(), 6);
    }

    #[test]
    fn first_n_masks_exactly() {
        assert_eq!(BitSet::<2>::first_n(80).count(), 80);
        assert_eq!(BitSet::<2>::first_n(91).count(), 91);
        assert_eq!(BitSet::<5>::first_n(288).count(), 288);
        assert_eq!(BitSet::<1>::first_n(64).count(), 64);
        assert!(!BitSet::<2>::first_n(80).contains(80));
        assert!(BitSet::<2>::first_n(80).contains(79));
    }

    #[test]
    fn pop_first_and_set_operations() {
        let a = BitSet::<2>::from_squares([1, 70, 90]);
        let b = BitSet::<2>::from_squares([70, 5]);
        assert_eq!((a & b).iter().collect::<Vec<_>>(), [70]);
        assert_eq!((a | b).count(), 4);
        assert_eq!((a ^ b).iter().collect::<Vec<_>>(), [1, 5, 90]);
        assert_eq!(a.and_not(&b).iter().collect::<Vec<_>>(), [1, 90]);
        assert!(a.intersects(&b));
        let mut c = a;
        assert_eq!(c.pop_first(), Some(1));
        assert_eq!(c.first(), Some(70));
        c.toggle(70);
        c.remove(90);
        assert!(c.is_empty());
    }

    quickcheck! {
        fn iter_matches_sorted_dedup(v: Vec<u16>) -> bool {
            let v: Vec<u16> = v.into_iter().map(|x| x % 320).collect();
            let s = BitSet::<5>::from_squares(v.iter().copied());
            let mut w = v.clone();
            w.sort_unstable();
            w.dedup();
            s.iter().collect::<Vec<_>>() == w && s.count() as usize == w.len()
                && w.iter().all(|&x| s.contains(x))
        }
    }
}
