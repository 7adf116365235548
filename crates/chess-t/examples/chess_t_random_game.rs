//! Plays a short random game of Chess-T (or Chess-T2, chess-T1) from the start (at most 40
//! moves) and prints the final position and the game record. Uses this crate alone.
//!
//! `cargo run --example chess_t_random_game -p fairy-chess-t -- [seed] [chess-t|chess-t2|chess-t1]`

use fairy_chess_t::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let seed = args.next().and_then(|s| s.parse().ok()).unwrap_or(1u64);
    let variant: Variant = args.next().as_deref().unwrap_or("chess-t").parse()?;
    let mut rng = seed.max(1);
    let mut game = GameRecord::new(Position::new(variant));
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
        variant.name(),
        variant.start(),
        ["random", "random"],
        result,
        termination.as_deref(),
    );
    println!("{record}");
    Ok(())
}
