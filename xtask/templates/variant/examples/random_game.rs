//! Plays one game of {{title}} by a greedy one-ply player (the evaluation after each
//! move, first best wins) and prints the moves, the final diagram and the outcome.
//!
//! `cargo run -p {{package}} --example {{snake}}_random_game`

use {{crate}}::prelude::*;

fn main() {
    let mut p = Position::new();
    let mut record = Vec::new();
    for _ in 0..200 {
        if p.outcome().is_some() {
            break;
        }
        let mut moves = MoveList::default();
        p.legal_moves(&mut moves);
        // The best move for the side to move is the worst position for the opponent.
        let best = *moves
            .iter()
            .min_by_key(|&&m| {
                let mut child = p.clone();
                child.play(m);
                child.evaluate()
            })
            .expect("a legal move while the game goes on");
        record.push(p.format_move(best));
        p.play(best);
    }
    println!("{}", record.join(" "));
    print!("{}", p.diagram());
    match p.outcome() {
        Some(o) => println!("{}", o.describe(Position::side_names())),
        None => println!("unfinished after {} plies", record.len()),
    }
}
