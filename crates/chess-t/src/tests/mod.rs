//! Unit tests: one per rule, the seed's worked examples, the reference generator, notation.

use fairy_kernel::Geometry;

use crate::notation::geometry;
use crate::{MoveList, Position, Variant};

mod eval;
mod notation;
mod perft;
mod random;
mod reference;
mod rules;
mod seed_examples;

/// Builds a position of `v` from `(cell, letter)` pairs, the impregnable fields (`"b4,b5"`
/// or `"-"`), the side to move (`'w'`/`'b'`) and the Konnet flags; panics if the reader
/// rejects it (the tests build legal positions only).
pub fn build(v: Variant, pieces: &[(&str, char)], fields: &str, side: char) -> Position {
    build_full(v, pieces, fields, side, "-", 0)
}

/// [`build`] with flags and half-move clock.
pub fn build_full(
    v: Variant,
    pieces: &[(&str, char)],
    fields: &str,
    side: char,
    flags: &str,
    halfmove: u32,
) -> Position {
    let text = notation_of(v, pieces, fields, side, flags, halfmove);
    Position::from_notation(v, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The notation text of such a position (for tests of the reader).
pub fn notation_of(
    v: Variant,
    pieces: &[(&str, char)],
    fields: &str,
    side: char,
    flags: &str,
    halfmove: u32,
) -> String {
    let g = geometry(v);
    let r = v.rules();
    let mut cells = vec![None; g.cell_count()];
    for &(s, c) in pieces {
        cells[g.parse_square(s).unwrap() as usize] = Some(c);
    }
    let mut board = String::new();
    for rank in (0..r.ranks as usize).rev() {
        let mut run = 0;
        for f in 0..r.files as usize {
            match cells[rank * r.files as usize + f] {
                Some(c) => {
                    if run > 0 {
                        board.push_str(&run.to_string());
                        run = 0;
                    }
                    board.push(c);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            board.push_str(&run.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    format!("{board} {side} {fields} {flags} {halfmove} 1")
}

/// The legal moves of the piece on `from`, as texts without the origin (`h4`, `g6=V`),
/// sorted.
pub fn targets(p: &Position, from: &str) -> Vec<String> {
    let mut ml = MoveList::new();
    p.legal_moves(&mut ml);
    let mut v: Vec<String> = ml
        .iter()
        .map(|&m| p.format_move(m))
        .filter_map(|t| t.strip_prefix(&format!("{from}-")).map(str::to_owned))
        .collect();
    v.sort();
    v
}

/// Sorted owned strings.
pub fn set(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}

/// The cell index of a name.
pub fn sq(p: &Position, name: &str) -> u16 {
    geometry(p.variant()).parse_square(name).unwrap()
}

/// The typed square of a name (`e4`).
pub fn at(name: &str) -> crate::Square {
    name.parse().unwrap_or_else(|e| panic!("{name}: {e}"))
}
