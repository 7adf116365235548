//! The comparison anchor: cozy-chess perft (bulk counting) on the orthodox start position.

use cozy_chess::Board;

fn main() {
    divan::main();
}

fn perft(board: &Board, depth: u32) -> u64 {
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
            n += perft(&child, depth - 1);
        }
        false
    });
    n
}

/// cozy-chess perft(4) from the orthodox start: 197,281 leaves.
#[divan::bench]
fn cozy_chess_perft_4() -> u64 {
    perft(divan::black_box(&Board::default()), 4)
}
