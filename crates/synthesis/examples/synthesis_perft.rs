//! Counts the leaves of the move tree from the start position of Synthesis chess to a depth
//! (default 3), per root move and in all (perft). Uses this crate alone.
//!
//! `cargo run --release --example synthesis_perft -p fairy-synthesis -- [depth]`

use fairy_synthesis::kernel::perft_divide;
use fairy_synthesis::prelude::*;

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let pos = Position::new();
    let clock = std::time::Instant::now();
    let divide = perft_divide(&pos, depth);
    for (mv, nodes) in &divide {
        println!("{} {nodes}", pos.format_move(*mv));
    }
    let total: u64 = divide.iter().map(|(_, n)| n).sum();
    println!("perft({depth}) = {total} in {:.2?}", clock.elapsed());
}
