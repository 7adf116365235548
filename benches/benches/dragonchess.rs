//! Dragonchess: perft(3) from the start, move generation on three middlegame positions,
//! and copy-make.

use fairy_dragonchess::{MoveList, Position};
use fairy_kernel::{perft, Game};

fn main() {
    divan::main();
}

/// Middlegame positions reached by random play from the start (20 moves each side; a
/// Gold King on the Sky, Mages and Paladins off the Ground, Dragons raiding).
const MIDDLEGAMES: [&str; 3] = [
    "5m4g1/2s1s1s1h3/5g5s/12/10S1/12/1HS1S1S3S1/2G3K3G1 | 3t2kpt2o/1hwwwwwww1ww/11u/4u7/12/10W1/WWWWWWWWWW1W/1U1TC2MTHUO | 2b2c6/d1d2dd1db1d/12/7e4/12/12/1DD2DD2D1D/2B3E3B1 g 6 21",
    "2g9/4s1s1s1s1/3s3g4/7p4/12/7S4/4S3S1S1/2r2R6 | ouhtc1k1t1uo/wwww3wwwww/4w1w5/12/6G5/2W6U2/3WWWWWWWW1/1U1TC1K1TH2 | 2b1e5b1/1d1d1d1d1d1d/12/12/12/5P6/1D1D1D1D2Dm/2B2M1E2B1 g 0 21",
    "2g2m4g1/1RG3s5/3s3s4/8s3/12/7G1S1S/2S1S1S5/12 | 2htc1kp1huo/4www1w1ww/3w3w1w2/11t/2U9/10WH/2WWWWWWWW1W/2HTCMK1T1UO | 2b3e3b1/3d2d1d1d1/1d3d6/12/12/5D6/1D1D1E1D1D1D/2B6PB1 g 2 21",
];

/// perft(3) from the start: 735,480 leaves.
#[divan::bench]
fn perft_3_start() -> u64 {
    perft(divan::black_box(&Position::new()), 3)
}

/// Legal move generation on each middlegame position.
#[divan::bench(args = [0, 1, 2])]
fn movegen_middlegame(bencher: divan::Bencher, i: usize) {
    let p = Position::from_notation((), MIDDLEGAMES[i]).expect("valid benchmark position");
    bencher.bench_local(|| {
        let mut l = MoveList::new();
        divan::black_box(&p).legal_moves(&mut l);
        l.len()
    });
}

/// Copy-make of every legal move of the start position.
#[divan::bench]
fn copy_make_start(bencher: divan::Bencher) {
    let p = Position::new();
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    bencher.bench_local(|| {
        let mut n = 0u64;
        for &m in &l {
            let mut c = divan::black_box(&p).clone();
            c.play(m);
            n ^= c.hash();
        }
        n
    });
}
