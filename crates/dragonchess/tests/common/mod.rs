//! Test support: the reference generator and helpers shared by the test files.

#![allow(dead_code)]

pub mod reference;

use fairy_dragonchess::{square, Position};
use fairy_kernel::Game;
use reference::{Board, P};

/// The reference board of a position, read square by square through the public API.
pub fn to_board(p: &Position) -> Board {
    let mut cells = vec![None; 288];
    for l in 0..3u16 {
        for r in 0..8u16 {
            for f in 0..12u16 {
                if let Some(pc) = p.piece_at(square(l + 1, f, r)) {
                    cells[(l * 96 + r * 12 + f) as usize] = Some(P {
                        side: pc.color.index(),
                        kind: pc.role.letter() as u8,
                    });
                }
            }
        }
    }
    let mut origin = vec![None; 288];
    for sq in p.hero_origins().iter() {
        let hero = fairy_dragonchess::Square::new(sq).expect("a square");
        if let Some(o) = p.hero_origin(hero).map(u16::from) {
            let o = (o as i32 / 96, (o % 12) as i32, ((o % 96) / 12) as i32);
            origin[sq as usize] = Some(o);
        }
    }
    Board {
        cells,
        side: p.side_to_move().index(),
        origin,
    }
}

/// A small deterministic generator (xorshift64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0 | 1;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The positions of one random game from the start: up to `plies` moves, preferring a
/// capture one time in three (so that games open up), stopping when the game ends.
pub fn random_game(seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1));
    let mut p = Position::new();
    let mut out = vec![p.clone()];
    for _ in 0..plies {
        let mut l = fairy_dragonchess::MoveList::new();
        p.legal_moves(&mut l);
        if l.is_empty() {
            break;
        }
        let caps: Vec<_> = l
            .as_slice()
            .iter()
            .copied()
            .filter(|&m| p.is_capture(m))
            .collect();
        let m = if !caps.is_empty() && rng.below(3) == 0 {
            caps[rng.below(caps.len())]
        } else {
            l[rng.below(l.len())]
        };
        p.play(m);
        out.push(p.clone());
    }
    out
}

/// The legal moves of `p` as sorted strings.
pub fn move_strings(p: &Position) -> Vec<String> {
    let mut l = fairy_dragonchess::MoveList::new();
    p.legal_moves(&mut l);
    let mut v: Vec<String> = l.as_slice().iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}
