//! Board geometry: how square indices, coordinates and names relate, and how to walk
//! from a square in a direction.
//!
//! Three kinds of board implement [`Geometry`]: [`RectBoard`] (files x ranks),
//! [`HexBoard`] (a set of cells on an axial hexagonal grid) and [`LayeredBoard`]
//! (stacked rectangular boards). Squares are dense `u16` indices `0..cell_count()`.
//! Movement is described as data: a [`Delta`] is one step; [`ray`] follows it repeatedly
//! (optionally up to a maximum range) and [`leaps`] collects the targets of a leaper.
//! [`hexmoves`] holds the movement machinery shared by the hexagonal variants.

mod hex;
pub mod hexmoves;
mod layered;
mod rect;

pub use hex::HexBoard;
pub use layered::LayeredBoard;
pub use rect::RectBoard;

use crate::error::SquareError;

/// One step on a board, in the board's own coordinates.
///
/// - [`RectBoard`]: `x` = files to the right, `y` = ranks up, `z` unused (0).
/// - [`HexBoard`]: `x`, `y` = the change of the board's two axial coordinates, `z` unused.
/// - [`LayeredBoard`]: `x` = files, `y` = ranks, `z` = levels up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Delta {
    /// Change of the first coordinate (file, or first axial coordinate).
    pub x: i8,
    /// Change of the second coordinate (rank, or second axial coordinate).
    pub y: i8,
    /// Change of level (layered boards only).
    pub z: i8,
}

impl Delta {
    /// A step on a flat (rectangular or hexagonal) board.
    pub const fn flat(x: i8, y: i8) -> Delta {
        Delta { x, y, z: 0 }
    }

    /// A step on a layered board: `dz` levels up, `dx` files, `dy` ranks.
    pub const fn layered(dz: i8, dx: i8, dy: i8) -> Delta {
        Delta {
            x: dx,
            y: dy,
            z: dz,
        }
    }

    /// The opposite step.
    pub const fn neg(self) -> Delta {
        Delta {
            x: -self.x,
            y: -self.y,
            z: -self.z,
        }
    }

    /// The same step with the rank (second coordinate) direction reversed: what a step
    /// "forward" for White is for Black on boards where Black faces the other way.
    pub const fn flip_y(self) -> Delta {
        Delta {
            x: self.x,
            y: -self.y,
            z: self.z,
        }
    }
}

/// A board: a finite set of squares with coordinates and names.
pub trait Geometry {
    /// How many squares the board has; square indices are `0..cell_count()`.
    fn cell_count(&self) -> usize;

    /// The square reached from `sq` by one step `d`, or `None` if it leaves the board.
    fn step(&self, sq: u16, d: Delta) -> Option<u16>;

    /// The algebraic name of `sq` (`a1`, `x12`, `3c4`, `f11`).
    fn square_name(&self, sq: u16) -> String;

    /// Reads a square name.
    ///
    /// # Errors
    /// [`SquareError::Malformed`] when the text is not shaped like a name on this board,
    /// [`SquareError::OffBoard`] when it names a square outside it (the reason says why).
    fn parse_square(&self, text: &str) -> Result<u16, SquareError>;

    /// All squares, ascending.
    fn squares(&self) -> core::ops::Range<u16> {
        0..self.cell_count() as u16
    }
}

/// The squares reached from `sq` by repeating step `d`, nearest first, stopping at the
/// board's edge or after `max` steps (`None`: no limit). Occupancy is not considered:
/// this is the empty-board ray used to build tables.
pub fn ray<G: Geometry + ?Sized>(g: &G, sq: u16, d: Delta, max: Option<u8>) -> Vec<u16> {
    let mut out = Vec::new();
    let mut cur = sq;
    while max.is_none_or(|m| out.len() < m as usize) {
        match g.step(cur, d) {
            Some(next) => {
                out.push(next);
                cur = next;
            }
            None => break,
        }
    }
    out
}

/// The on-board targets of a leaper on `sq` with the given offsets, in the order of
/// `deltas` (duplicates removed, first kept).
pub fn leaps<G: Geometry + ?Sized>(g: &G, sq: u16, deltas: &[Delta]) -> Vec<u16> {
    let mut out = Vec::new();
    for &d in deltas {
        if let Some(t) = g.step(sq, d) {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

/// For every square, the empty-board rays in each of `dirs`: `table[sq][dir]` is
/// [`ray`]`(g, sq, dirs[dir], max)`.
pub fn ray_table<G: Geometry + ?Sized>(
    g: &G,
    dirs: &[Delta],
    max: Option<u8>,
) -> Vec<Vec<Vec<u16>>> {
    g.squares()
        .map(|sq| dirs.iter().map(|&d| ray(g, sq, d, max)).collect())
        .collect()
}

/// For every square, the targets of a leaper with the given offsets.
pub fn leap_table<G: Geometry + ?Sized>(g: &G, deltas: &[Delta]) -> Vec<Vec<u16>> {
    g.squares().map(|sq| leaps(g, sq, deltas)).collect()
}

/// The eight king/queen directions on a rectangular grid: the four orthogonal ones
/// (up, right, down, left) then the four diagonal ones.
pub const ORTHOGONAL_AND_DIAGONAL: [Delta; 8] = [
    Delta::flat(0, 1),
    Delta::flat(1, 0),
    Delta::flat(0, -1),
    Delta::flat(-1, 0),
    Delta::flat(1, 1),
    Delta::flat(1, -1),
    Delta::flat(-1, -1),
    Delta::flat(-1, 1),
];

/// The four orthogonal directions on a rectangular grid.
pub const ORTHOGONAL: [Delta; 4] = [
    Delta::flat(0, 1),
    Delta::flat(1, 0),
    Delta::flat(0, -1),
    Delta::flat(-1, 0),
];

/// The four diagonal directions on a rectangular grid.
pub const DIAGONAL: [Delta; 4] = [
    Delta::flat(1, 1),
    Delta::flat(1, -1),
    Delta::flat(-1, -1),
    Delta::flat(-1, 1),
];

/// The eight knight leaps on a rectangular grid.
pub const KNIGHT: [Delta; 8] = [
    Delta::flat(1, 2),
    Delta::flat(2, 1),
    Delta::flat(2, -1),
    Delta::flat(1, -2),
    Delta::flat(-1, -2),
    Delta::flat(-2, -1),
    Delta::flat(-2, 1),
    Delta::flat(-1, 2),
];

/// Reads a non-empty run of ASCII digits as a number in `1..=max`; used by square parsers.
pub(crate) fn parse_number(digits: &str, max: u32) -> Option<u32> {
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits.starts_with('0') {
        return None;
    }
    let n: u32 = digits.parse().ok()?;
    (1..=max).contains(&n).then_some(n)
}
