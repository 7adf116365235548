//! Dainy hexagonal chess (fairy-dainy): perft, move generation, bulk counting and
//! copy-make from the start position and a middlegame.

use fairy_dainy::{Dainy, MoveList};
use fairy_kernel::{perft, Game};

fn main() {
    divan::main();
}

/// A middlegame with castling rights, queens face to face and a promotion available
/// (`castling-promotion` of tests/perft/dainy.perft).
const MIDDLE: &str = "r2kr/1P4/7/8/9/4Qq4/9/8/7/2p3/R2KR w KQkq 0 1";

fn middle() -> Dainy {
    Dainy::from_notation((), MIDDLE).expect("valid position")
}

/// Perft 4 from the start: 7,213,326 leaves.
#[divan::bench(sample_count = 10)]
fn perft_4_start() -> u64 {
    perft(divan::black_box(&Dainy::start(())), 4)
}

/// Perft 3 from the middlegame: 135,976 leaves.
#[divan::bench]
fn perft_3_middle() -> u64 {
    perft(divan::black_box(&middle()), 3)
}

/// Generating the 53 legal moves of the start position into a list.
#[divan::bench]
fn legal_moves_start(bencher: divan::Bencher) {
    let p = Dainy::start(());
    bencher.bench_local(|| {
        let mut l = MoveList::new();
        divan::black_box(&p).legal_moves(&mut l);
        l.len()
    });
}

/// Counting the legal moves of the start position without listing them (perft's last ply).
#[divan::bench]
fn count_legal_moves_start(bencher: divan::Bencher) {
    let p = Dainy::start(());
    bencher.bench_local(|| divan::black_box(&p).count_legal_moves());
}

/// Copy-make: cloning the start position and playing each of its legal moves.
#[divan::bench]
fn copy_make_all_start_moves(bencher: divan::Bencher) {
    let p = Dainy::start(());
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
