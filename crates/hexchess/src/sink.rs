//! Where a move generator puts the legal moves: counted (perft bulk counting) or listed.

use fairy_kernel::MoveBuf;

use crate::cells::count;
use crate::{Cells, Role};

/// A variant's move type, as far as the shared sinks build moves.
pub trait HexMove: Copy {
    /// The roles a pawn may promote to, in the order the generator lists them.
    const PROMOTIONS: [Role; 4];
    /// An ordinary move or capture from `from` to `to`.
    fn normal(from: u16, to: u16) -> Self;
    /// A pawn move from `from` to `to` replaced by `role`.
    fn promotion(from: u16, to: u16, role: Role) -> Self;
    /// The origin, the target and the promotion role of the move.
    fn cells(self) -> (u16, u16, Option<Role>);
}

/// Receives the legal moves of a position as sets of targets per origin, plus single moves
/// of the kinds only one variant has (castling, a pawn's double step, en passant).
pub trait Sink<M: HexMove> {
    /// Whether the sink only counts moves (perft's bulk counting): a generator may then pass
    /// the targets of several origins at once, as long as each move is in exactly one set,
    /// with any `from`.
    const BULK: bool = false;
    /// Ordinary moves from `from` to each cell of `to`.
    fn targets(&mut self, from: u16, to: Cells);
    /// Pawn moves from `from` to each cell of `to`; those onto `last` are promotions (one
    /// move per role of [`HexMove::PROMOTIONS`]).
    fn pawn(&mut self, from: u16, to: Cells, last: Cells);
    /// One move of a variant's special kind.
    fn special(&mut self, mv: M);
}

/// Counts moves without listing them (perft bulk counting): ordinary moves by the size of
/// their target sets; pawn moves by adding each pawn's targets into a three-bit counter per
/// cell (a cell is the target of at most 7 pawn moves of one side: it is at most 4 on the
/// hexagonal boards), counted once at the end with the promotions.
#[derive(Default)]
pub struct Counter {
    moves: usize,
    /// Bit `i` of the number of pawn moves onto each cell.
    pawn: [Cells; 3],
    /// The promotion cells of the pawns counted.
    last: Cells,
}

impl Counter {
    /// The number of moves counted.
    #[inline(always)]
    pub fn total(&self) -> usize {
        let [p0, p1, p2] = self.pawn;
        let mut n = self.moves + count(p0) + 2 * count(p1) + 4 * count(p2);
        if (p0 | p1 | p2).intersects(&self.last) {
            let l = self.last;
            n += 3 * (count(p0 & l) + 2 * count(p1 & l) + 4 * count(p2 & l));
        }
        n
    }
}

impl<M: HexMove> Sink<M> for Counter {
    const BULK: bool = true;
    #[inline(always)]
    fn targets(&mut self, _from: u16, to: Cells) {
        self.moves += count(to);
    }
    #[inline(always)]
    fn pawn(&mut self, _from: u16, to: Cells, last: Cells) {
        let [p0, p1, p2] = &mut self.pawn;
        let c0 = *p0 & to;
        *p0 ^= to;
        let c1 = *p1 & c0;
        *p1 ^= c0;
        *p2 ^= c1;
        self.last = last;
    }
    #[inline(always)]
    fn special(&mut self, _mv: M) {
        self.moves += 1;
    }
}

/// Appends moves to a move list.
pub struct Lister<'a, L>(pub &'a mut L);

impl<M: HexMove, L: MoveBuf<M>> Sink<M> for Lister<'_, L> {
    #[inline(always)]
    fn targets(&mut self, from: u16, to: Cells) {
        for t in to {
            self.0.push(M::normal(from, t));
        }
    }
    #[inline(always)]
    fn pawn(&mut self, from: u16, to: Cells, last: Cells) {
        for t in to {
            if last.contains(t) {
                for r in M::PROMOTIONS {
                    self.0.push(M::promotion(from, t, r));
                }
            } else {
                self.0.push(M::normal(from, t));
            }
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: M) {
        self.0.push(mv);
    }
}
