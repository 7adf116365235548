//! Perft: counting the leaves of the legal-move tree, the standard test of a move generator.

use crate::game::{Game, MoveBuf};

/// The number of leaf nodes of the legal-move tree of depth `depth` (plies; one ply is one
/// [`Game::Move`], a sub-move in Imperial Regicide) below `pos`.
///
/// `perft(pos, 0)` is 1. At the last ply the moves are not played but counted
/// ("bulk counting", through [`Game::count_legal_moves`]), so `perft(pos, 1)` is the number
/// of legal moves. Positions decided by their own rules have no legal moves and count as
/// dead ends; repetition is not considered.
///
/// The count grows exponentially with `depth`; use `perft_divide` on the CLI with
/// `--threads` for deep counts.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut moves = G::MoveList::default();
            pos.legal_moves(&mut moves);
            let mut total = 0;
            for &m in moves.as_slice() {
                let mut child = pos.clone();
                child.play(m);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}

/// Perft split by root move: for each legal move of `pos`, in generation order, the move
/// and the perft of depth `depth - 1` below it. Their sum is `perft(pos, depth)`.
/// With `depth == 0` the list is empty.
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .as_slice()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}
