//! Shared pieces of the benchmarks (the benchmarks themselves live in `benches/`).

use cozy_chess::Board;

/// cozy-chess perft with bulk counting at the last ply: the speed anchor that
/// `cargo xtask speed` and the `anchor` benchmark measure every variant against.
/// `depth` is in plies; depth 0 counts 1.
pub fn cozy_perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            n += moves.len() as u64;
            false
        });
        return n;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            n += cozy_perft(&child, depth - 1);
        }
        false
    });
    n
}
