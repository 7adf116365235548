//! A slow reference move generator written straight from the rules of
//! docs/rules/{{name}}.md, with no tables: every step is taken on the kernel geometry.

#![allow(dead_code)]

use {{crate}}::board::{board, KING_STEPS, ROOK_DIRECTIONS};
use {{crate}}::prelude::*;
use {{crate}}::MOVE_RULE_PLIES;

use {{crate}}::kernel::Geometry;

/// The moves of the side to move by the rules alone, sorted.
pub fn reference_moves(p: &Position) -> Vec<Move> {
    let side = p.side_to_move();
    // {{label}}4: the game is over once a king is gone; {{label}}5: after the move rule.
    if p.king(side).is_none() || p.halfmove_clock() >= MOVE_RULE_PLIES {
        return Vec::new();
    }
    let mut out = Vec::new();
    for from in Square::all() {
        let Some(piece) = p.piece_at(from).filter(|q| q.color == side) else {
            continue;
        };
        // {{label}}2: the king steps once, the rook repeats its step.
        let (steps, slides) = match piece.role {
            Role::King => (KING_STEPS, false),
            Role::Rook => (ROOK_DIRECTIONS, true),
        };
        for &d in steps {
            let mut at = from.index();
            while let Some(next) = board().step(at, d) {
                let to = Square::new(next).expect("a cell of the board");
                match p.piece_at(to) {
                    // {{label}}3: never onto an own piece; a capture ends the line.
                    Some(q) if q.color == side => break,
                    Some(_) => {
                        out.push(Move { from, to });
                        break;
                    }
                    None => out.push(Move { from, to }),
                }
                if !slides {
                    break;
                }
                at = next;
            }
        }
    }
    out.sort_by_key(|m| (m.from, m.to));
    out
}

/// The fast generator's moves, sorted.
pub fn fast_moves(p: &Position) -> Vec<Move> {
    let mut list = MoveList::default();
    p.legal_moves(&mut list);
    let mut v = list.as_slice().to_vec();
    v.sort_by_key(|m| (m.from, m.to));
    v
}

/// Perft by the reference generator, comparing the two generators' move sets at every node.
pub fn reference_perft(p: &Position, depth: u32) -> u64 {
    let moves = reference_moves(p);
    assert_eq!(moves, fast_moves(p), "generators differ in {p}");
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = p.clone();
            child.play(m);
            reference_perft(&child, depth - 1)
        })
        .sum()
}

/// A small deterministic random number generator for random games.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = {{crate}}::kernel::zobrist::splitmix64(self.0);
        (self.0 % n as u64) as usize
    }
}

/// The positions of `games` random games of at most `plies` moves from the start.
pub fn random_positions(games: u64, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut rng = Rng(g + 1);
        let mut p = Position::new();
        for _ in 0..plies {
            out.push(p.clone());
            let moves = fast_moves(&p);
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.below(moves.len())]);
        }
    }
    out
}

/// The notation of a position with only `pieces` (square name, letter) and `side` to move.
pub fn notation_with(pieces: &[(&str, char)], side: char) -> String {
    let rows = {{crate}}::board::rows();
    let mut letters: Vec<Vec<Option<char>>> = rows.iter().map(|r| vec![None; r.len()]).collect();
    for &(name, c) in pieces {
        let sq: Square = name.parse().expect("a square name");
        let (r, i) = rows
            .iter()
            .enumerate()
            .find_map(|(r, row)| row.iter().position(|&s| s == sq.index()).map(|i| (r, i)))
            .expect("every square is in a row");
        letters[r][i] = Some(c);
    }
    format!("{} {side} 0 1", {{crate}}::kernel::notation::write_rows(letters))
}

/// The position of [`notation_with`].
pub fn place(pieces: &[(&str, char)], side: char) -> Position {
    notation_with(pieces, side)
        .parse()
        .expect("the position reads")
}
