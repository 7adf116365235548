//! Imperial Regicide benchmarks: perft(3) from the start (sub-moves, bulk counting), move
//! generation and `outcome()` on two middlegame positions, and copy-make of a sub-move.
//!
//! `outcome()` on an ordinary middlegame position must stay under a millisecond;
//! the `outcome_*` benches measure it.

use fairy_kernel::{perft, Game};
use fairy_regicide::{MoveList, Position};

fn main() {
    divan::main();
}

/// Black to move on front I; White has one prince, Black two; an en-passant target.
const MIDDLEGAME_1: &str = "9NBq2NRR1K3N1/6Rb6B9/23R/P4N1PP6Pb2P3P/9P11PP1/2pp1PP3P1p1P4N4/3P7B7pp3/6pp1p1Q2p1pp3pp1/4pp2p1n4p7p/3k4r7r2b4/pb10n11/rRn4B9n1k2nr b 1 x w9 - 0 22";

/// Black to move on front II in the middle of its turn, with its last prince.
const MIDDLEGAME_2: &str = "RNB2R8N5RK2/P2K1N18/1q6P10R4/7P3r11P/5P11P3BN1/2pPP5P9P1P1/13p4p5/6p2p1Q4n4p2/5p2p1p6p1p3p/n3b2nb5B3k5/7p8p5b1/4rr2r2B1b2rnb3nr b 2 - - b10 0 19";

/// White to move with both its princes attacked (ruling R8(b)): `outcome()` searches the
/// whole turn for a sequence that saves one (it finds none: simultaneous mate).
const SIMULTANEOUS_MATE: &str = "K22K/24/24/24/24/24/24/24/24/24/24/rr9k10rr w 1 - - - 0 1";

/// The benchmark positions by name.
fn position(name: &str) -> Position {
    let text = match name {
        "middlegame-1" => MIDDLEGAME_1,
        "middlegame-2" => MIDDLEGAME_2,
        _ => SIMULTANEOUS_MATE,
    };
    Position::from_notation((), text).expect("benchmark position reads")
}

/// perft(3) from the start: 127,264 leaves.
#[divan::bench]
fn perft_3_start() -> u64 {
    perft(divan::black_box(&Position::start(())), 3)
}

#[divan::bench(args = ["middlegame-1", "middlegame-2"])]
fn legal_moves(bencher: divan::Bencher, name: &str) {
    let p = position(name);
    bencher.bench_local(|| {
        let mut moves = MoveList::new();
        divan::black_box(&p).legal_moves(&mut moves);
        moves.len()
    });
}

#[divan::bench(args = ["middlegame-1", "middlegame-2", "simultaneous-mate"])]
fn outcome(bencher: divan::Bencher, name: &str) {
    let p = position(name);
    bencher.bench_local(|| divan::black_box(&p).outcome());
}

#[divan::bench(args = ["middlegame-1", "middlegame-2"])]
fn play_every_move(bencher: divan::Bencher, name: &str) {
    let p = position(name);
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    bencher.bench_local(|| {
        let mut h = 0u64;
        for &m in moves.iter() {
            let mut child = divan::black_box(&p).clone();
            child.play(m);
            h ^= child.hash();
        }
        h
    });
}
