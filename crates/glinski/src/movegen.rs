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
use fairy_hexchess::{Placement, Sink};

use crate::generated::tables::{
    BISHOP_LINES, KING, KNIGHT, PAWN_ATTACKS, PAWN_PUSH, PAWN_START, PROMOTION, RAYS, ROOK_LINES,
};
use crate::position::{Cells, Position};
use crate::tables::{CELLS, NO_CELL};
use crate::types::{Move, MoveKind, Role};

fairy_hexchess::hex_tables! {
    /// Gliński's generated tables as the shared hexagonal machinery sees them (§3.2, §3.3).
    pub(crate) struct Tables {
        rays: RAYS,
        rook_lines: ROOK_LINES,
        bishop_lines: BISHOP_LINES,
        knight: KNIGHT,
        king: KING,
        pawn_attacks: PAWN_ATTACKS,
    }
}

impl Position {
    /// The pieces of `by` that attack cell `sq` with occupancy `occ` (a piece attacks the
    /// cells it could capture on; §4.1).
    pub fn attackers(&self, sq: u16, by: Color, occ: Cells) -> Cells {
        self.core.pl.attackers::<Tables>(sq, by, occ)
    }

    /// Whether a piece of `by` attacks `sq` with occupancy `occ` (the boolean form of
    /// [`Position::attackers`], with early exits).
    #[inline]
    pub(crate) fn is_attacked(&self, sq: u16, by: Color, occ: Cells) -> bool {
        self.core.pl.is_attacked::<Tables>(sq, by, occ)
    }

    /// Whether `color`'s king is attacked (in check; §4.1).
    pub fn in_check(&self, color: Color) -> bool {
        self.attackers(self.king_cell(color), !color, self.occupied())
            .any()
    }

    /// Feeds every legal move of the side to move to `sink`.
    #[inline]
    pub(crate) fn generate<S: Sink<Move>>(&self, sink: &mut S) {
        let us = self.core.side;
        let them = !us;
        let own = self.core.pl.occupied_by(us);
        let enemy = self.core.pl.occupied_by(them);
        let occ = own | enemy;
        let k = self.king_cell(us);
        let checks = self.core.pl.checks::<Tables>(us);

        // King moves: not onto an attacked cell; attacks computed with the king off the
        // board (§3.1, §4.1).
        let safe = self
            .core
            .pl
            .king_targets::<Tables>(us, |t, occ_nk| self.is_attacked(t, them, occ_nk));
        sink.targets(k, safe);

        if self.core.state != NO_CELL {
            self.en_passant_moves(sink, k, occ);
        }

        // Where a non-king move must land; nothing but the king moves in double check.
        let Some(target_mask) = checks.target_mask::<CELLS>(own) else {
            return;
        };
        if checks.pinned.any() {
            for (sq, ray) in checks.pins::<Tables>() {
                self.piece_moves(sink, sq, target_mask & ray, occ, enemy);
            }
        }
        let free = own.and_not(&checks.pinned);
        self.core
            .pl
            .piece_moves::<Tables>(free, occ, target_mask, |sq, t| sink.targets(sq, t));
        let last = PROMOTION[us.index()];
        let pawns = free & self.core.pl.role(Role::Pawn);
        if S::BULK {
            self.count_pawn_moves(sink, pawns, occ, enemy, target_mask, last);
            return;
        }
        for sq in pawns {
            self.pawn_moves(sink, sq, target_mask, occ, enemy, last);
        }
    }

    /// The moves of a pawn of the side to move on `sq` landing in `mask` (§3.6(a)-(c),
    /// (e)); en passant is generated separately.
    #[inline(always)]
    fn pawn_moves<S: Sink<Move>>(
        &self,
        sink: &mut S,
        sq: u16,
        mask: Cells,
        occ: Cells,
        enemy: Cells,
        last: Cells,
    ) {
        let us = self.core.side.index();
        let s = sq as usize;
        let mut t = PAWN_ATTACKS[us][s] & enemy;
        let p1 = PAWN_PUSH[us][s];
        if p1 != NO_CELL && !occ.contains(p1 as u16) {
            t.insert(p1 as u16);
            if PAWN_START[us].contains(sq) {
                let p2 = PAWN_PUSH[us][p1 as usize];
                if p2 != NO_CELL && !occ.contains(p2 as u16) && mask.contains(p2 as u16) {
                    sink.special(Move::new(sq, p2 as u16, MoveKind::DoubleStep));
                }
            }
        }
        sink.pawn(sq, t & mask, last);
    }

    /// En passant captures onto `self.core.state` (§3.6(d)): each is legal when no enemy piece
    /// attacks the king once the capturing pawn has moved and the captured pawn is gone.
    #[inline(never)]
    fn en_passant_moves<S: Sink<Move>>(&self, sink: &mut S, k: u16, occ: Cells) {
        let us = self.core.side;
        let them = !us;
        let ep = self.core.state as u16;
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
                sink.special(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
    }

    /// Moves of one pinned non-king piece on `sq` restricted to `mask` (its pin line).
    #[inline]
    fn piece_moves<S: Sink<Move>>(
        &self,
        sink: &mut S,
        sq: u16,
        mask: Cells,
        occ: Cells,
        enemy: Cells,
    ) {
        let role = (self.core.pl.board[sq as usize] - 1) % 6;
        if role == 0 {
            let last = PROMOTION[self.core.side.index()];
            self.pawn_moves(sink, sq, mask, occ, enemy, last);
            return;
        }
        let t = Placement::<CELLS>::piece_attacks::<Tables>(role, sq, occ);
        sink.targets(sq, t & mask);
    }
}
