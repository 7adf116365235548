//! Perft on several threads: the tree is split below the root, so that a root with few
//! moves (a Regicide sub-move, a Chess-T position with its castles closed) still keeps
//! every thread busy, and rayon's work stealing balances subtrees of unequal size.

use fairy_kernel::game::MoveBuf;
use fairy_kernel::{perft, Game};
use rayon::prelude::*;

/// Nodes with more than this many plies still to go hand their children to rayon as
/// separate jobs; below it a subtree is counted on one thread. At 3 a job is a perft of
/// depth 3 or more (thousands of leaves at least), large beside the cost of a job.
pub const SPLIT_ABOVE_PLIES: u32 = 3;

/// [`perft()`] of `pos` to `depth` plies on the current rayon pool (the caller chooses the
/// number of threads with `ThreadPool::install`). Same figure as [`perft()`].
pub fn perft_split<G: Game + Send + Sync>(pos: &G, depth: u32) -> u64 {
    split_above(pos, depth, SPLIT_ABOVE_PLIES)
}

fn split_above<G: Game + Send + Sync>(pos: &G, depth: u32, plies: u32) -> u64 {
    if depth <= plies {
        return perft(pos, depth);
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .as_slice()
        .par_iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m);
            split_above(&child, depth - 1, plies)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_perft_equals_perft_on_one_and_several_threads() {
        let pos = fairy_chess_t::Position::start(fairy_chess_t::Variant::ChessT1);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .expect("a pool of 3 threads");
        for depth in 0..=4 {
            let want = perft(&pos, depth);
            for plies in [0, 1, 2, SPLIT_ABOVE_PLIES] {
                let got = pool.install(|| split_above(&pos, depth, plies));
                assert_eq!(got, want, "depth {depth}, split above {plies}");
            }
            assert_eq!(perft_split(&pos, depth), want, "depth {depth}, one thread");
        }
    }
}
