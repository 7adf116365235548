//! Plays a short random game of Chess-T (or Chess-T2, chess-T1) from the start (at most 40
//! moves) and prints the final position and the game record. Uses this crate alone.
//!
//! `cargo run --example chess_t_random_game -p fairy-chess-t -- [seed] [chess-t|chess-t2|chess-t1]`

use fairy_chess_t::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let seed = args.next().and_then(|s| s.parse().ok()).unwrap_or(1u64);
    let variant: Variant = args.next().as_deref().unwrap_or("chess-t").parse()?;
    let mut game = GameRecord::new(Position::new(variant));
    // Random legal moves, replayed by the seed (the kernel's xorshift64 walk).
    game.random_walk(40, seed);
    println!("{}", game.position().diagram());
    println!("{}\n", game.position());
    let record =
        RecordText::of_game_scored(&game, variant.name(), variant.start(), ["random", "random"]);
    println!("{record}");
    Ok(())
}
