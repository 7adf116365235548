//! Plays a short random game of Synthesis chess from the start (at most 40 moves) and prints the
//! final position and the game record. Uses this crate alone.
//!
//! `cargo run --example synthesis_random_game -p fairy-synthesis -- [seed]`

use fairy_synthesis::prelude::*;

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1u64);
    let mut game = GameRecord::new(Position::new());
    // Random legal moves, replayed by the seed (the kernel's xorshift64 walk).
    game.random_walk(40, seed);
    println!("{}", game.position().diagram());
    println!("{}\n", game.position());
    let record = RecordText::of_game_scored(&game, "synthesis", START, ["random", "random"]);
    println!("{record}");
}
