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
    let mut rng = seed.max(1);
    let mut game = GameRecord::new(Position::new());
    while game.moves().len() < 40 && game.outcome().is_none() {
        let moves = game.position().legal_move_list();
        if moves.is_empty() {
            break;
        }
        // xorshift64: a small deterministic generator, so that a seed replays its game.
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        game.play(moves[(rng % moves.len() as u64) as usize]);
    }
    println!("{}", game.position().diagram());
    println!("{}\n", game.position());
    let outcome = game.outcome();
    let result = outcome.map_or("*", |o| o.result_str());
    let termination = outcome.map(|o| o.to_string());
    let record = RecordText::of_game(
        &game,
        "synthesis",
        START,
        ["random", "random"],
        result,
        termination.as_deref(),
    );
    println!("{record}");
}
