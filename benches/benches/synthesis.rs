//! Synthesis chess: perft from the start (bulk counting, through the kernel's `perft`),
//! legal move generation in positions of every mode, copy-make, and the sliding-attack
//! methods: magic bitboards (used by the crate), classical rays, a naive loop.

use divan::black_box;
use fairy_kernel::{perft, Game};
use fairy_synthesis::attacks::{
    bishop_attacks, bishop_attacks_classical, rook_attacks, rook_attacks_classical,
};
use fairy_synthesis::{MoveList, Position};

fn main() {
    divan::main();
}

/// Positions with each mode: start (CLASSIC-HOME), SWAPPED, BEREFT, CLASSIC-LATE and a
/// both-kings-attacked position (general path).
const POSITIONS: &[(&str, &str)] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "swapped",
        "r1b1kbnr/pppp1ppp/2n5/4p1q1/4P2Q/8/PPPP1PPP/RNB1KBNR w KQkq - 4 4",
    ),
    (
        "bereft",
        "rnbqkbnr/pppp1p1p/8/4p2p/4P3/2N5/PPPP1PPP/R1B1KBNR w KQkq - 0 4 B32/-",
    ),
    ("late", "r2k4/2p5/8/8/1q6/8/3P2PP/3K4 w - - 0 40 L/-"),
    ("both-checked", "R6k/8/8/4r3/8/8/8/4K3 b - - 0 1"),
];

/// Perft 4 from the start: 181,100 leaves.
#[divan::bench]
fn perft_4_start() -> u64 {
    perft(black_box(&Position::new()), 4)
}

/// Legal move generation.
#[divan::bench(args = ["start", "swapped", "bereft", "late", "both-checked"])]
fn legal_moves(bencher: divan::Bencher, name: &str) {
    let fen = POSITIONS
        .iter()
        .find(|p| p.0 == name)
        .map(|p| p.1)
        .unwrap_or_default();
    let p = Position::from_notation((), fen).expect("bench position");
    bencher.bench_local(|| {
        let mut list = MoveList::new();
        Game::legal_moves(black_box(&p), &mut list);
        list.len()
    });
}

/// Copy-make of every legal move of the SWAPPED position.
#[divan::bench]
fn play_all_moves(bencher: divan::Bencher) {
    let p = Position::from_notation((), POSITIONS[1].1).expect("bench position");
    let moves = p.legal_move_list();
    bencher.bench_local(|| {
        let mut h = 0u64;
        for &m in &moves {
            h ^= black_box(&p).after(m).hash();
        }
        h
    });
}

fn naive_rook(sq: u8, occ: u64) -> u64 {
    let mut out = 0;
    for (df, dr) in [(0i8, 1i8), (1, 0), (0, -1), (-1, 0)] {
        let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let s = (r * 8 + f) as u8;
            out |= 1u64 << s;
            if occ >> s & 1 != 0 {
                break;
            }
        }
    }
    out
}

const OCC: [u64; 4] = [
    0xffff_0000_0000_ffff,
    0x0042_1800_2400_8100,
    0x00ff_0010_0800_ff00,
    0x8100_0000_0000_0081,
];

/// Rook and bishop attacks of all 64 squares under 4 occupancies, magic bitboards.
#[divan::bench]
fn sliders_magic() -> u64 {
    let mut acc = 0;
    for occ in OCC {
        for sq in 0..64u8 {
            acc ^= rook_attacks(sq, black_box(occ)) ^ bishop_attacks(sq, black_box(occ));
        }
    }
    acc
}

/// The same by classical rays.
#[divan::bench]
fn sliders_classical_rays() -> u64 {
    let mut acc = 0;
    for occ in OCC {
        for sq in 0..64u8 {
            acc ^= rook_attacks_classical(sq, black_box(occ))
                ^ bishop_attacks_classical(sq, black_box(occ));
        }
    }
    acc
}

/// The same rook attacks by a naive coordinate loop (the reference the tables replace).
#[divan::bench]
fn sliders_naive_loop() -> u64 {
    let mut acc = 0;
    for occ in OCC {
        for sq in 0..64u8 {
            acc ^= naive_rook(sq, black_box(occ));
        }
    }
    acc
}
