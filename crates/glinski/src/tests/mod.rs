//! Unit tests: one per rule (named after it, citing docs/rules/glinski.md and the rulings),
//! the reference generator against the fast one, notation, hashing, drawings and tables.

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

/// Sorted texts of the legal moves from `from`, without the origin (`f6`, `f11=Q`).
pub(crate) fn targets(p: &Position, from: &str) -> Vec<String> {
    let prefix = format!("{from}-");
    moves(p)
        .into_iter()
        .filter_map(|m| m.strip_prefix(&prefix).map(str::to_owned))
        .collect()
}

/// Names, sorted (for comparisons).
pub(crate) fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays `text` (must be legal) and returns the new position.
pub(crate) fn after(p: &Position, text: &str) -> Position {
    fairy_hexchess::testing::after(p, text)
}

/// Plays a sequence of moves from `p`.
pub(crate) fn after_all(p: &Position, texts: &[&str]) -> Position {
    texts.iter().fold(p.clone(), |q, t| after(&q, t))
}

pub(crate) use fairy_hexchess::testing::Rng;

/// The positions of one random legal game from the start (at most `plies` moves). Captures
/// are preferred half of the time and pawn moves a quarter of the time, so that games
/// reach double steps, en passant, promotions and endgames.
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
        let pawn_moves: Vec<Move> = l
            .iter()
            .copied()
            .filter(|&m| p.piece_on(m.origin()).map(|x| x.role) == Some(crate::Role::Pawn))
            .collect();
        let m = match rng.below(4) {
            0 | 1 if !captures.is_empty() => captures[rng.below(captures.len())],
            2 if !pawn_moves.is_empty() => pawn_moves[rng.below(pawn_moves.len())],
            _ => l[rng.below(l.len())],
        };
        p.play(m);
        out.push(p.clone());
    }
    out
}

/// The notation of a position with `pieces` (cell name, piece letter), `side` to move
/// (`'w'`/`'b'`) and en-passant field `ep` (test helper).
pub(crate) fn fen(pieces: &[(&str, char)], side: char, ep: &str) -> String {
    let rows = (1..=11u8).rev().map(|rank| {
        crate::rank_cells(rank)
            .into_iter()
            .map(|c| pieces.iter().find(|(n, _)| sq(n) == c).map(|&(_, l)| l))
            .collect::<Vec<_>>()
    });
    format!(
        "{} {side} {ep} 0 1",
        fairy_kernel::notation::write_rows(rows)
    )
}

/// The position with `pieces`, `side` to move and no en-passant cell.
pub(crate) fn setup(pieces: &[(&str, char)], side: char) -> Position {
    pos(&fen(pieces, side, "-"))
}
