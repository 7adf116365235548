//! Chess-T family: perft (bulk counting) from each start position, move generation and
//! copy-make on a middle-game position.

use fairy_chess_t::kernel::perft;
use fairy_chess_t::prelude::*;

fn main() {
    divan::main();
}

/// Perft 4 from the start of each rule set (chess-t 2,642,327 leaves; chess-t2 2,644,592;
/// chess-t1 431,531).
#[divan::bench(args = ["chess-t", "chess-t2", "chess-t1"])]
fn perft_4(name: &str) -> u64 {
    let v: Variant = name.parse().expect("a rule set name");
    perft(divan::black_box(&Position::new(v)), 4)
}

/// A position after 12 plies of play from the Chess-T2 start.
fn middle_game() -> Position {
    let mut p = Position::new(Variant::ChessT2);
    for m in [
        "e2-e4", "e7-e5", "b1-c3", "b8-c6", "d2-d4", "f7-f5", "c3-d5", "h8-g6", "g2-g4", "d7-d6",
        "h1-g3", "c6-d4",
    ] {
        let mv = p.parse_move(m).expect("a legal move");
        p.play(mv);
    }
    p
}

/// Generating all legal moves (with the strength checks of the captures).
#[divan::bench]
fn legal_moves_middle_game(bencher: divan::Bencher) {
    let p = middle_game();
    bencher.bench(|| {
        let mut ml = MoveList::new();
        divan::black_box(&p).legal_moves(&mut ml);
        ml.len()
    });
}

/// Copy-make of every legal move.
#[divan::bench]
fn play_all_middle_game(bencher: divan::Bencher) {
    let p = middle_game();
    let mut ml = MoveList::new();
    p.legal_moves(&mut ml);
    bencher.bench(|| {
        let mut h = 0u64;
        for &m in &ml {
            let mut c = *divan::black_box(&p);
            c.play(m);
            h ^= c.hash();
        }
        h
    });
}
