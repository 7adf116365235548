//! Counts the leaves of the move tree from the start position of Chess-T (or Chess-T2,
//! chess-T1) to a depth (default 3), per root move and in all (perft). Uses this crate
//! alone.
//!
//! `cargo run --release --example chess_t_perft -p fairy-chess-t -- [depth] [chess-t|chess-t2|chess-t1]`

use fairy_chess_t::kernel::perft_divide;
use fairy_chess_t::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth = args.next().and_then(|s| s.parse().ok()).unwrap_or(3);
    let variant: Variant = args.next().as_deref().unwrap_or("chess-t").parse()?;
    let pos = Position::new(variant);
    let clock = std::time::Instant::now();
    let divide = perft_divide(&pos, depth);
    for (mv, nodes) in &divide {
        println!("{} {nodes}", pos.format_move(*mv));
    }
    let total: u64 = divide.iter().map(|(_, n)| n).sum();
    println!("perft({depth}) = {total} in {:.2?}", clock.elapsed());
    Ok(())
}
