//! The transposition table: a fixed-size, always-replace hash table of search results keyed
//! by the position's Zobrist hash.

use crate::search::{Value, MATE_BOUND};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub best: Option<M>,
    pub score: Value,
    pub depth: u32,
    pub bound: Bound,
}

/// A table of `2^k` slots.
#[derive(Clone, Debug)]
pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: u64,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MiB (at least one slot).
    pub fn new(megabytes: usize) -> Self {
        let entry = core::mem::size_of::<Option<Entry<M>>>().max(1);
        let want = (megabytes.saturating_mul(1 << 20) / entry).max(1);
        // The largest power of two not above `want`.
        let len = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table {
            slots: vec![None; len],
            mask: len as u64 - 1,
        }
    }

    /// The permille of used slots among the first thousand (all, when fewer).
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n].iter().filter(|s| s.is_some()).count();
        (used * 1000 / n.max(1)) as u32
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        match self.slots[(key & self.mask) as usize] {
            Some(e) if e.key == key => Some(e),
            _ => None,
        }
    }

    /// Stores an entry (always replacing what the slot held).
    pub fn store(&mut self, entry: Entry<M>) {
        self.slots[(entry.key & self.mask) as usize] = Some(entry);
    }
}

/// A score as stored: mate scores count their distance from the stored node, not the root.
pub(crate) fn to_table(score: Value, ply: usize) -> Value {
    if score >= MATE_BOUND {
        score + ply as Value
    } else if score <= -MATE_BOUND {
        score - ply as Value
    } else {
        score
    }
}

/// A stored score seen from a node `ply` plies below the root.
pub(crate) fn from_table(score: Value, ply: usize) -> Value {
    if score >= MATE_BOUND {
        score - ply as Value
    } else if score <= -MATE_BOUND {
        score + ply as Value
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_size_is_a_power_of_two_and_probe_checks_the_key() {
        let mut t = Table::<u16>::new(1);
        assert!(t.slots.len().is_power_of_two());
        let e = Entry {
            key: 12345,
            best: Some(7u16),
            score: 3,
            depth: 2,
            bound: Bound::Exact,
        };
        t.store(e);
        assert_eq!(t.probe(12345).and_then(|e| e.best), Some(7));
        assert!(t.probe(12345 + (t.mask + 1)).is_none());
        t.clear();
        assert!(t.probe(12345).is_none());
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let s = crate::search::mate_score(5);
        assert_eq!(from_table(to_table(s, 3), 3), s);
        assert_eq!(to_table(s, 3), crate::search::mate_score(2));
        assert_eq!(from_table(to_table(-s, 2), 2), -s);
        assert_eq!(to_table(17, 4), 17);
    }
}
