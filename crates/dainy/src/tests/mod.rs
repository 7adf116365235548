//! Unit tests: one per rule (named after it, citing the seed article and ruling), the
//! reference generator against the fast one, notation, hashing and tables.

mod notation_tests;
mod properties;
mod reference;
mod rules;

use fairy_kernel::{Game, Geometry};

use crate::notation::geometry;
use crate::{Move, MoveList, Position};

/// A position from its notation; panics with the error (test helper).
pub(crate) fn pos(text: &str) -> Position {
    fairy_hexchess::testing::pos(text)
}

/// The cell named `name`.
pub(crate) fn sq(name: &str) -> u16 {
    geometry().parse_square(name).expect("cell name")
}

/// Sorted texts of the legal moves.
pub(crate) fn moves(p: &Position) -> Vec<String> {
    fairy_hexchess::testing::moves(p)
}

/// Sorted target names of the legal moves from `from`.
pub(crate) fn targets(p: &Position, from: &str) -> Vec<String> {
    let f = sq(from);
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    let mut v: Vec<String> = l
        .iter()
        .filter(|m| m.origin() == f)
        .map(|m| {
            let mut s = geometry().square_name(m.target());
            if let Some(r) = m.promotion() {
                s.push('=');
                s.push(r.upper_char());
            }
            s
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Names of cells, sorted (for comparisons).
pub(crate) fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays `text` (must be legal) and returns the new position.
pub(crate) fn after(p: &Position, text: &str) -> Position {
    fairy_hexchess::testing::after(p, text)
}

pub(crate) use fairy_hexchess::testing::Rng;

/// The positions of one random legal game from the start (at most `plies` moves), captures
/// preferred half of the time so that games reach endgames and promotions.
pub(crate) fn random_game(seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut p = Position::start(());
    let mut out = vec![p.clone()];
    for _ in 0..plies {
        let mut l = MoveList::new();
        p.legal_moves(&mut l);
        if l.is_empty() {
            break;
        }
        let captures: Vec<Move> = l.iter().copied().filter(|&m| p.is_capture(m)).collect();
        let m = if !captures.is_empty() && rng.below(2) == 0 {
            captures[rng.below(captures.len())]
        } else {
            l[rng.below(l.len())]
        };
        p.play(m);
        out.push(p.clone());
    }
    out
}
