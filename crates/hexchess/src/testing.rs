//! Test helpers shared by the hexagonal variants' test suites (feature `testing`): a small
//! deterministic random generator, playing moves by their text, and property checks over
//! the positions of random games.

use fairy_kernel::{Game, MoveBuf};

/// A small deterministic random generator (SplitMix64).
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits (the name the variants' tests have always used).
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        fairy_kernel::zobrist::splitmix64(self.0)
    }

    /// A random number below `n` (non-zero).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A position of `G` (variant `()`) from its notation.
///
/// # Panics
/// With the error when `text` is not a valid position.
pub fn pos<G: Game<RuleSet = ()>>(text: &str) -> G {
    match G::from_notation((), text) {
        Ok(p) => p,
        Err(e) => panic!("{text}: {e}"),
    }
}

/// The texts of the legal moves of `p`, sorted.
pub fn moves<G: Game>(p: &G) -> Vec<String> {
    let mut l = G::MoveList::default();
    p.legal_moves(&mut l);
    let mut v: Vec<String> = l.as_slice().iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}

/// Plays `text` (must be legal) in `p` and returns the new position.
///
/// # Panics
/// When `text` is not a legal move of `p`.
pub fn after<G: Game>(p: &G, text: &str) -> G {
    let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut q = p.clone();
    q.play(m);
    q
}

/// Whether the incremental hash equals the hash from scratch in every position.
pub fn hashes_agree<G: Game>(positions: &[G]) -> bool {
    positions.iter().all(|p| p.hash() == p.hash_from_scratch())
}

/// Whether every position reads back from its notation as itself.
///
/// # Panics
/// When a position's notation does not read back at all.
pub fn notation_round_trips<G: Game + PartialEq>(positions: &[G]) -> bool {
    positions.iter().all(|p| {
        let text = p.to_notation();
        let q = G::from_notation(p.rule_set(), &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        q == *p
    })
}

/// Whether every legal move of every position reads back from its text as itself.
pub fn move_texts_round_trip<G: Game>(positions: &[G]) -> bool {
    positions.iter().all(|p| {
        let mut l = G::MoveList::default();
        p.legal_moves(&mut l);
        l.as_slice()
            .iter()
            .all(|&m| p.parse_move(&p.format_move(m)) == Ok(m))
    })
}
