//! The hexagonal variants, Dainy (fairy-dainy) and Gliński's chess (fairy-glinski): perft,
//! move generation, bulk counting and copy-make from the start position and a second
//! position, one generic benchmark per measurement instantiated for both games.

use fairy_dainy::Position as Dainy;
use fairy_glinski::Position as Glinski;
use fairy_kernel::{perft, Game, MoveBuf};

fn main() {
    divan::main();
}

/// A hexagonal game with its benchmark positions.
trait Hex: Game<RuleSet = ()> {
    /// The second position, perft 3 (notation).
    const SECOND: &'static str;
}

impl Hex for Dainy {
    /// A middlegame with castling rights, queens face to face and a promotion available
    /// (`castling-promotion` of tests/perft/dainy.perft; perft 3: 135,976 leaves).
    const SECOND: &'static str = "r2kr/1P4/7/8/9/4Qq4/9/8/7/2p3/R2KR w KQkq 0 1";
}

impl Hex for Glinski {
    /// After g4-g5 e7-e6 f5-f6 e6xf6 (`opening` of tests/perft/glinski.perft).
    const SECOND: &'static str =
        "b/qbk/n1b1n/r5r/ppp1ppppp/5p5/6P4/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 3";
}

/// Perft 4 from the start (Dainy: 7,213,326 leaves; Gliński: 7,282,418).
#[divan::bench(types = [Dainy, Glinski], sample_count = 10)]
fn perft_4_start<G: Hex>() -> u64 {
    perft(divan::black_box(&G::start(())), 4)
}

/// Perft 3 from the second position.
#[divan::bench(types = [Dainy, Glinski])]
fn perft_3_second<G: Hex>() -> u64 {
    let p = G::from_notation((), G::SECOND).expect("valid position");
    perft(divan::black_box(&p), 3)
}

/// Generating the legal moves of the start position into a list (Dainy 53, Gliński 51).
#[divan::bench(types = [Dainy, Glinski])]
fn legal_moves_start<G: Hex>(bencher: divan::Bencher) {
    let p = G::start(());
    bencher.bench_local(|| {
        let mut l = G::MoveList::default();
        divan::black_box(&p).legal_moves(&mut l);
        l.len()
    });
}

/// Counting the legal moves of the start position without listing them (perft's last ply).
#[divan::bench(types = [Dainy, Glinski])]
fn count_legal_moves_start<G: Hex>(bencher: divan::Bencher) {
    let p = G::start(());
    bencher.bench_local(|| divan::black_box(&p).count_legal_moves());
}

/// Copy-make: cloning the start position and playing each of its legal moves.
#[divan::bench(types = [Dainy, Glinski])]
fn copy_make_all_start_moves<G: Hex>(bencher: divan::Bencher) {
    let p = G::start(());
    let mut l = G::MoveList::default();
    p.legal_moves(&mut l);
    bencher.bench_local(|| {
        let mut h = 0u64;
        for &m in l.as_slice() {
            let mut q = divan::black_box(&p).clone();
            q.play(m);
            h ^= q.hash();
        }
        h
    });
}
