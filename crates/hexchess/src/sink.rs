//! Where a move generator puts the legal moves: counted (perft bulk counting) or listed.

use fairy_kernel::MoveBuf;

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
    /// Ordinary moves from `from` to each cell of `to`.
    fn targets(&mut self, from: u16, to: Cells);
    /// Pawn moves from `from` to each cell of `to`; those onto `last` are promotions (one
    /// move per role of [`HexMove::PROMOTIONS`]).
    fn pawn(&mut self, from: u16, to: Cells, last: Cells);
    /// One move of a variant's special kind.
    fn special(&mut self, mv: M);
}

/// Counts moves without listing them (perft bulk counting).
#[derive(Default)]
pub struct Counter(pub usize);

impl<M: HexMove> Sink<M> for Counter {
    #[inline(always)]
    fn targets(&mut self, _from: u16, to: Cells) {
        self.0 += to.count() as usize;
    }
    #[inline(always)]
    fn pawn(&mut self, _from: u16, to: Cells, last: Cells) {
        self.0 += to.count() as usize + 3 * (to & last).count() as usize;
    }
    #[inline(always)]
    fn special(&mut self, _mv: M) {
        self.0 += 1;
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
