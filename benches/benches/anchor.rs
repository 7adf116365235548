//! The comparison anchor: cozy-chess perft (bulk counting) on the orthodox start position.

use cozy_chess::Board;
use fairy_benches::cozy_perft;

fn main() {
    divan::main();
}

/// cozy-chess perft(4) from the orthodox start: 197,281 leaves.
#[divan::bench]
fn cozy_chess_perft_4() -> u64 {
    cozy_perft(divan::black_box(&Board::default()), 4)
}
