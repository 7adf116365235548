//! Shared test helpers.
#![allow(dead_code)]

pub mod reference;

use fairy_kernel::Game as _;
use fairy_synthesis::Position;

/// A small deterministic random generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Perft by the fast generator.
pub fn perft(p: &Position, depth: u32) -> u64 {
    let moves = p.legal_move_list();
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    moves.iter().map(|&m| perft(&p.after(m), depth - 1)).sum()
}

/// Positions to start random play from: the start and a few with every mode.
pub const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // White BEREFT, Black CLASSIC-HOME.
    "rnbqkbnr/pppp1p1p/8/4p2p/4P3/2N5/PPPP1PPP/R1B1KBNR w KQkq - 0 4 B32/-",
    // Both SWAPPED.
    "r1b1kbnr/pppp1ppp/2n5/4p1q1/4P2Q/8/PPPP1PPP/RNB1KBNR w KQkq - 4 4",
    // White H, Black BEREFT with few king moves, few pieces.
    "4k3/1p3p2/2b5/8/3P4/2N5/5PPP/R3K2R w KQ - 0 30 H/B3",
    // CLASSIC-LATE against SWAPPED.
    "r2k4/2p5/8/8/1q6/8/3P2PP/3K4 w - - 0 40 L/-",
    // Promotions near, both sides SWAPPED with several queens.
    "3k4/1P3P2/8/3q4/8/4Q3/1p4p1/2B1K2r w - - 0 50 -/-@d5",
];

/// A short random game from `fen`, `plies` moves at most, calling `visit` on each position.
pub fn random_walk(fen: &str, seed: u64, plies: usize, mut visit: impl FnMut(&Position)) {
    let mut rng = Rng::new(seed);
    let mut p = Position::from_notation((), fen).expect("valid start");
    for _ in 0..plies {
        visit(&p);
        let moves = p.legal_move_list();
        if moves.is_empty() {
            break;
        }
        p = p.after(moves[rng.below(moves.len())]);
    }
    visit(&p);
}
