//! A small deterministic random number generator and the random mover.

use fairy_kernel::game::MoveBuf;
use fairy_kernel::Game;

/// A SplitMix64 generator: fast, deterministic from its seed, good enough to pick moves.
///
/// ```
/// use fairy_engine::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        fairy_kernel::zobrist::splitmix64(self.state.wrapping_sub(0x9E37_79B9_7F4A_7C15))
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        // Multiply-shift: unbiased enough for move choice.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// A legal move of `pos` chosen uniformly by `rng`, or `None` when there is none.
///
/// ```
/// use fairy_engine::{random_move, Rng};
/// use fairy_testkit::toy::{Toy, ToyRules};
/// use fairy_kernel::Game;
/// let pos = Toy::start(ToyRules::Single);
/// assert!(random_move(&pos, &mut Rng::new(1)).is_some());
/// ```
pub fn random_move<G: Game>(pos: &G, rng: &mut Rng) -> Option<G::Move> {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let all = moves.as_slice();
    if all.is_empty() {
        None
    } else {
        Some(all[rng.below(all.len())])
    }
}
