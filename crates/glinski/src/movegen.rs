//! The fast legal move generator: generated tables, bitsets, check and pin masks.
//!
//! Legality is decided without playing moves: checking pieces and pinned pieces are found
//! by scanning the 12 lines from the king; king targets are tested against the opponent's
//! attacks computed with the king taken off the board (so it cannot hide behind itself).
//! En passant, the one move that empties two cells of the same line, is tested on its own
//! by recomputing the attackers of the king after it (§3.6(d), §4.1).

use fairy_kernel::Color;

#[cfg(test)]
pub(crate) use fairy_hexchess::ascends;
use fairy_hexchess::Placement;

use crate::generated::tables::{
    BISHOP_LINES, KING, KNIGHT, PAWN_ATTACKS, PAWN_PUSH, PAWN_START, PROMOTION, RAYS, ROOK_LINES,
};
use crate::position::{Cells, Glinski};
use crate::tables::{CELLS, NO_CELL};
use crate::types::{Move, MoveKind, Role};

/// Gliński's generated tables as the shared hexagonal machinery sees them.
pub(crate) struct Tables;

impl fairy_hexchess::Tables for Tables {
    #[inline(always)]
    fn rays(sq: u16) -> &'static [Cells; 12] {
        &RAYS[sq as usize]
    }
    #[inline(always)]
    fn knight(sq: u16) -> Cells {
        KNIGHT[sq as usize]
    }
    #[inline(always)]
    fn king(sq: u16) -> Cells {
        KING[sq as usize]
    }
    #[inline(always)]
    fn pawn_attacks(color: Color, sq: u16) -> Cells {
        PAWN_ATTACKS[color.index()][sq as usize]
    }
}

/// The cells a rook on `sq` attacks with occupancy `occ` (6 touching directions; §3.2).
#[inline]
pub fn rook_attacks(sq: u16, occ: Cells) -> Cells {
    fairy_hexchess::rook_attacks::<Tables>(sq, occ)
}

/// The cells a bishop on `sq` attacks with occupancy `occ` (6 gap directions; §3.3).
#[inline]
pub fn bishop_attacks(sq: u16, occ: Cells) -> Cells {
    fairy_hexchess::bishop_attacks::<Tables>(sq, occ)
}

impl Glinski {
    /// The pieces of `by` that attack cell `sq` with occupancy `occ` (a piece attacks the
    /// cells it could capture on; §4.1).
    pub fn attackers(&self, sq: u16, by: Color, occ: Cells) -> Cells {
        self.pl.attackers::<Tables>(sq, by, occ)
    }

    /// Whether a piece of `by` attacks `sq` with occupancy `occ` (the boolean form of
    /// [`Glinski::attackers`], with early exits).
    #[inline]
    pub(crate) fn is_attacked(&self, sq: u16, by: Color, occ: Cells) -> bool {
        if self.pl.leaper_attacks::<Tables>(sq, by) {
            return true;
        }
        let them = self.pl.by_color[by.index()];
        let s = sq as usize;
        let q = self.pl.role(Role::Queen);
        let rq = (self.pl.role(Role::Rook) | q) & them;
        if ROOK_LINES[s].intersects(&rq) && rook_attacks(sq, occ).intersects(&rq) {
            return true;
        }
        let bq = (self.pl.role(Role::Bishop) | q) & them;
        BISHOP_LINES[s].intersects(&bq) && bishop_attacks(sq, occ).intersects(&bq)
    }

    /// Whether `color`'s king is attacked (in check; §4.1).
    pub fn in_check(&self, color: Color) -> bool {
        self.attackers(self.king(color), !color, self.occupied())
            .any()
    }

    /// Feeds every legal move of the side to move to `sink`.
    #[inline]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        let us = self.side;
        let them = !us;
        let own = self.pl.occupied_by(us);
        let enemy = self.pl.occupied_by(them);
        let occ = own | enemy;
        let k = self.king(us);
        let checks = self.pl.checks::<Tables>(us);

        // King moves: not onto an attacked cell; attacks computed with the king off the
        // board (§3.1, §4.1).
        let safe = self
            .pl
            .king_targets::<Tables>(us, |t, occ_nk| self.is_attacked(t, them, occ_nk));
        sink.targets(k, safe);

        if self.ep != NO_CELL {
            self.en_passant_moves(sink, k, occ);
        }

        // Where a non-king move must land; nothing but the king moves in double check.
        let Some(target_mask) = checks.target_mask::<CELLS>(own) else {
            return;
        };
        for &(sq, ray) in checks.pins() {
            self.piece_moves(sink, sq, target_mask & ray, occ, enemy);
        }
        let free = own.and_not(&checks.pinned);
        self.pl
            .piece_moves::<Tables>(free, occ, target_mask, |sq, t| sink.targets(sq, t));
        let last = PROMOTION[us.index()];
        for sq in free & self.pl.role(Role::Pawn) {
            self.pawn_moves(sink, sq, target_mask, occ, enemy, last);
        }
    }

    /// The moves of a pawn of the side to move on `sq` landing in `mask` (§3.6(a)-(c),
    /// (e)); en passant is generated separately.
    #[inline(always)]
    fn pawn_moves<S: Sink>(
        &self,
        sink: &mut S,
        sq: u16,
        mask: Cells,
        occ: Cells,
        enemy: Cells,
        last: Cells,
    ) {
        let us = self.side.index();
        let s = sq as usize;
        let mut t = PAWN_ATTACKS[us][s] & enemy;
        let p1 = PAWN_PUSH[us][s];
        if p1 != NO_CELL && !occ.contains(p1 as u16) {
            t.insert(p1 as u16);
            if PAWN_START[us].contains(sq) {
                let p2 = PAWN_PUSH[us][p1 as usize];
                if p2 != NO_CELL && !occ.contains(p2 as u16) && mask.contains(p2 as u16) {
                    sink.double_step(sq, p2 as u16);
                }
            }
        }
        sink.pawn(sq, t & mask, last);
    }

    /// En passant captures onto `self.ep` (§3.6(d)): each is legal when no enemy piece
    /// attacks the king once the capturing pawn has moved and the captured pawn is gone.
    #[inline(never)]
    fn en_passant_moves<S: Sink>(&self, sink: &mut S, k: u16, occ: Cells) {
        let us = self.side;
        let them = !us;
        let ep = self.ep as u16;
        let victim = PAWN_PUSH[them.index()][ep as usize] as u16;
        let capturers = PAWN_ATTACKS[them.index()][ep as usize] & self.pieces(us, Role::Pawn);
        for from in capturers {
            let mut after = occ;
            after.remove(from);
            after.remove(victim);
            after.insert(ep);
            let mut checks = self.attackers(k, them, after);
            checks.remove(victim);
            if checks.is_empty() {
                sink.en_passant(from, ep);
            }
        }
    }

    /// Moves of one pinned non-king piece on `sq` restricted to `mask` (its pin line).
    #[inline]
    fn piece_moves<S: Sink>(&self, sink: &mut S, sq: u16, mask: Cells, occ: Cells, enemy: Cells) {
        let role = (self.pl.board[sq as usize] - 1) % 6;
        if role == 0 {
            let last = PROMOTION[self.side.index()];
            self.pawn_moves(sink, sq, mask, occ, enemy, last);
            return;
        }
        let t = Placement::<CELLS>::piece_attacks::<Tables>(role, sq, occ);
        sink.targets(sq, t & mask);
    }
}

/// Receives the legal moves of a position as sets of targets per origin.
pub(crate) trait Sink {
    /// Ordinary moves from `from` to each cell of `to`.
    fn targets(&mut self, from: u16, to: Cells);
    /// Pawn single steps and captures from `from` to each cell of `to`; those onto `last`
    /// are promotions (four moves each, §3.6(e)).
    fn pawn(&mut self, from: u16, to: Cells, last: Cells);
    /// A pawn's double step.
    fn double_step(&mut self, from: u16, to: u16);
    /// An en passant capture landing on `to`.
    fn en_passant(&mut self, from: u16, to: u16);
}

/// Counts moves without listing them (perft bulk counting).
#[derive(Default)]
pub(crate) struct Counter(pub usize);

impl Sink for Counter {
    #[inline(always)]
    fn targets(&mut self, _from: u16, to: Cells) {
        self.0 += to.count() as usize;
    }
    #[inline(always)]
    fn pawn(&mut self, _from: u16, to: Cells, last: Cells) {
        self.0 += to.count() as usize + 3 * (to & last).count() as usize;
    }
    #[inline(always)]
    fn double_step(&mut self, _from: u16, _to: u16) {
        self.0 += 1;
    }
    #[inline(always)]
    fn en_passant(&mut self, _from: u16, _to: u16) {
        self.0 += 1;
    }
}

/// Appends moves to a move list.
pub(crate) struct Lister<'a, L: fairy_kernel::MoveBuf<Move>>(pub &'a mut L);

impl<L: fairy_kernel::MoveBuf<Move>> Sink for Lister<'_, L> {
    #[inline(always)]
    fn targets(&mut self, from: u16, to: Cells) {
        for t in to {
            self.0.push(Move::new(from, t, MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn pawn(&mut self, from: u16, to: Cells, last: Cells) {
        for t in to {
            if last.contains(t) {
                for r in crate::types::PROMOTIONS {
                    self.0.push(Move::new(from, t, MoveKind::Promotion(r)));
                }
            } else {
                self.0.push(Move::new(from, t, MoveKind::Normal));
            }
        }
    }
    #[inline(always)]
    fn double_step(&mut self, from: u16, to: u16) {
        self.0.push(Move::new(from, to, MoveKind::DoubleStep));
    }
    #[inline(always)]
    fn en_passant(&mut self, from: u16, to: u16) {
        self.0.push(Move::new(from, to, MoveKind::EnPassant));
    }
}
