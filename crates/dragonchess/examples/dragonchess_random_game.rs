//! Plays a short random game of Dragonchess from the start (at most 40 moves) and prints the
//! final position and the game record. Uses this crate alone.
//!
//! `cargo run --example dragonchess_random_game -p fairy-dragonchess -- [seed]`

use fairy_dragonchess::prelude::*;

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
    let record = RecordText::of_game_scored(&game, "dragonchess", START, ["random", "random"]);
    println!("{record}");
}
