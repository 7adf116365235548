//! The hashes of the positions from the game's start to the node being searched, for
//! repetition detection, with a filter that answers most "not on the path" questions
//! without a scan.

/// The number of filter slots (a power of two).
const SLOTS: usize = 1 << 12;

/// A stack of position hashes with a counting filter by the hash's low bits: `contains`
/// scans the stack only when the filter says the hash may be on it.
#[derive(Clone, Debug)]
pub(crate) struct Path {
    keys: Vec<u64>,
    counts: Vec<u16>,
}

impl Path {
    /// An empty path.
    pub(crate) fn new() -> Path {
        Path {
            keys: Vec::new(),
            counts: vec![0; SLOTS],
        }
    }

    fn slot(key: u64) -> usize {
        (key as usize) & (SLOTS - 1)
    }

    /// Forgets every hash.
    pub(crate) fn clear(&mut self) {
        for &k in &self.keys {
            self.counts[Self::slot(k)] = 0;
        }
        self.keys.clear();
    }

    /// Adds `key` on top.
    pub(crate) fn push(&mut self, key: u64) {
        let c = &mut self.counts[Self::slot(key)];
        *c = c.saturating_add(1);
        self.keys.push(key);
    }

    /// Removes the top hash.
    pub(crate) fn pop(&mut self) {
        if let Some(k) = self.keys.pop() {
            let c = &mut self.counts[Self::slot(k)];
            *c = c.saturating_sub(1);
        }
    }

    /// Whether `key` is on the path.
    pub(crate) fn contains(&self, key: u64) -> bool {
        self.counts[Self::slot(key)] > 0 && self.keys.contains(&key)
    }
}

#[cfg(test)]
mod tests {
    use super::Path;

    #[test]
    fn the_filter_agrees_with_a_scan() {
        let mut p = Path::new();
        let keys: Vec<u64> = (0..5000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys[..3000] {
            p.push(k);
        }
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(p.contains(k), i < 3000, "key {i}");
        }
        for _ in 0..1000 {
            p.pop();
        }
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(p.contains(k), i < 2000, "key {i} after pops");
        }
        // Slots shared by many keys: counts go up and down with them.
        let mut q = Path::new();
        for i in 0..10u64 {
            q.push(i << 12);
        }
        q.pop();
        assert!(q.contains(8 << 12) && !q.contains(9 << 12));
        q.clear();
        assert!(!q.contains(0));
    }
}
