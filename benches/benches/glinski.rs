//! Gliński's hexagonal chess (fairy-glinski): perft, move generation, bulk counting and
//! copy-make from the start position and an opening position.

use fairy_glinski::{Glinski, MoveList};
use fairy_kernel::{perft, Game};

fn main() {
    divan::main();
}

/// After g4-g5 e7-e6 f5-f6 e6xf6 (`opening` of tests/perft/glinski.perft).
const OPENING: &str = "b/qbk/n1b1n/r5r/ppp1ppppp/5p5/6P4/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 3";

fn opening() -> Glinski {
    Glinski::from_notation((), OPENING).expect("valid position")
}

/// Perft 4 from the start.
#[divan::bench(sample_count = 10)]
fn perft_4_start() -> u64 {
    perft(divan::black_box(&Glinski::start(())), 4)
}

/// Perft 3 from the opening position.
#[divan::bench]
fn perft_3_opening() -> u64 {
    perft(divan::black_box(&opening()), 3)
}

/// Generating the 51 legal moves of the start position into a list.
#[divan::bench]
fn legal_moves_start(bencher: divan::Bencher) {
    let p = Glinski::start(());
    bencher.bench_local(|| {
        let mut l = MoveList::new();
        divan::black_box(&p).legal_moves(&mut l);
        l.len()
    });
}

/// Counting the legal moves of the start position without listing them (perft's last ply).
#[divan::bench]
fn count_legal_moves_start(bencher: divan::Bencher) {
    let p = Glinski::start(());
    bencher.bench_local(|| divan::black_box(&p).count_legal_moves());
}

/// Copy-make: cloning the start position and playing each of its legal moves.
#[divan::bench]
fn copy_make_all_start_moves(bencher: divan::Bencher) {
    let p = Glinski::start(());
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    bencher.bench_local(|| {
        let mut h = 0u64;
        for &m in l.iter() {
            let mut q = divan::black_box(&p).clone();
            q.play(m);
            h ^= q.hash();
        }
        h
    });
}
