//! The fast legal move generator: generated tables, bitsets, check and pin masks.
//!
//! Legality is decided without playing moves: the checking pieces and the pinned pieces are
//! found by scanning the 12 lines from the king; the king's targets are tested against the
//! opponent's attacks computed with the king taken off the board (so it cannot hide behind
//! itself); castling tests its cells explicitly. Without en passant (ruling H4) these are all
//! the ways a move can expose its own king (seed §3.10).

use fairy_kernel::Color;

#[cfg(test)]
pub(crate) use fairy_hexchess::ascends;
use fairy_hexchess::Placement;

use crate::generated::tables::{KING, KNIGHT, PAWN_AHEAD, PAWN_STEP, RAYS};
use crate::position::{
    Cells, Dainy, BLACK_LONG, BLACK_SHORT, KING_HOME, PAWN_START_LINE, PROMOTION_LINE, ROOK_LONG,
    ROOK_SHORT, WHITE_LONG, WHITE_SHORT,
};
use crate::tables::{CELLS, NO_CELL};
use crate::types::{Move, MoveKind, Role};

/// Dainy's generated tables as the shared hexagonal machinery sees them.
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
    /// A pawn captures on the touching cells ahead (seed §3.7).
    #[inline(always)]
    fn pawn_attacks(color: Color, sq: u16) -> Cells {
        PAWN_AHEAD[color.index()][sq as usize]
    }
}

/// The cells a rook on `sq` attacks (6 touching directions; seed §3.3, §3.5).
#[inline]
pub fn rook_attacks(sq: u16, occ: Cells) -> Cells {
    fairy_hexchess::rook_attacks::<Tables>(sq, occ)
}

/// The cells a bishop on `sq` attacks (6 gap directions; seed §3.2, §3.5).
#[inline]
pub fn bishop_attacks(sq: u16, occ: Cells) -> Cells {
    fairy_hexchess::bishop_attacks::<Tables>(sq, occ)
}

impl Dainy {
    /// The pieces of `by` that attack cell `sq`, with occupancy `occ` (seed §3.1: a piece
    /// attacks the cells it could capture on, even when it cannot move, seed §3.8(a)).
    pub fn attackers(&self, sq: u16, by: Color, occ: Cells) -> Cells {
        self.pl.attackers::<Tables>(sq, by, occ)
    }

    /// Whether any piece of `by` attacks `sq` with occupancy `occ`: [`Dainy::attackers`]
    /// with an early exit, looking only along lines that hold a suitable slider.
    #[inline]
    pub(crate) fn is_attacked(&self, sq: u16, by: Color, occ: Cells) -> bool {
        self.pl.is_attacked::<Tables>(sq, by, occ)
    }

    /// Whether `color`'s king is attacked (in check; seed §3.9(2)(c)).
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

        // King moves: not onto an attacked cell (seed §3.8(a)); attacks computed with the
        // king off the board.
        let safe = self
            .pl
            .king_targets::<Tables>(us, |t, occ_nk| self.is_attacked(t, them, occ_nk));
        sink.targets(k, safe);
        if checks.checkers.is_empty() && self.castling & rights_of(us) != 0 {
            self.castling_moves(sink, occ);
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
        let start_line = Dainy::line(PAWN_START_LINE[us.index()]);
        let last_line = Dainy::line(PROMOTION_LINE[us.index()]);
        for sq in free & self.pl.role(Role::Pawn) {
            let t = self.pawn_targets(sq, us, occ, enemy, start_line) & target_mask;
            sink.pawn(sq, t, last_line);
        }
    }

    /// The cells a pawn of `us` on `sq` may move to, before legality masks (ruling H4).
    #[inline(always)]
    fn pawn_targets(&self, sq: u16, us: Color, occ: Cells, enemy: Cells, start: Cells) -> Cells {
        let s = sq as usize;
        let ahead = PAWN_AHEAD[us.index()][s];
        let mut t = ahead & enemy;
        if start.contains(sq) {
            t |= ahead.and_not(&occ);
        }
        let step = PAWN_STEP[us.index()][s];
        if step != NO_CELL && !occ.contains(step as u16) {
            t.insert(step as u16);
        }
        t
    }

    /// Moves of one (pinned) non-king piece on `sq` restricted to `mask`.
    #[inline]
    fn piece_moves<S: Sink>(&self, sink: &mut S, sq: u16, mask: Cells, occ: Cells, enemy: Cells) {
        let role = (self.pl.board[sq as usize] - 1) % 6;
        if role == 0 {
            let us = self.side;
            let start = Dainy::line(PAWN_START_LINE[us.index()]);
            let t = self.pawn_targets(sq, us, occ, enemy, start) & mask;
            sink.pawn(sq, t, Dainy::line(PROMOTION_LINE[us.index()]));
            return;
        }
        let t = Placement::<CELLS>::piece_attacks::<Tables>(role, sq, occ);
        sink.targets(sq, t & mask);
    }

    /// Castling moves (seed §3.8(b), §3.9; ruling H3). The king is not in check here.
    fn castling_moves<S: Sink>(&self, sink: &mut S, occ: Cells) {
        let us = self.side;
        let i = us.index();
        let k = KING_HOME[i];
        if self.pl.kings[i] as u16 != k {
            return;
        }
        let (short, long) = match us {
            Color::White => (WHITE_SHORT, WHITE_LONG),
            Color::Black => (BLACK_SHORT, BLACK_LONG),
        };
        let rook = crate::types::Piece {
            color: us,
            role: Role::Rook,
        }
        .code();
        // Long: king k -> rook cell (three cells), rook -> the cell next to its corner; the
        // two cells between must be empty and not attacked, the landing cell not attacked
        // after castling.
        let rl = ROOK_LONG[i];
        if self.castling & long != 0 && self.pl.board[rl as usize] == rook {
            let (c1, c2) = (rl + 1, rl + 2);
            if !occ.contains(c1)
                && !occ.contains(c2)
                && !self.is_attacked(c1, !us, occ)
                && !self.is_attacked(c2, !us, occ)
            {
                let mut after = occ;
                after.remove(k);
                after.insert(c1);
                if !self.is_attacked(rl, !us, after) {
                    sink.castle(k, rl);
                }
            }
        }
        // Short: king and rook swap cells; the landing cell must not be attacked after.
        let rs = ROOK_SHORT[i];
        if self.castling & short != 0
            && self.pl.board[rs as usize] == rook
            && !self.is_attacked(rs, !us, occ)
        {
            sink.castle(k, rs);
        }
    }
}

/// The castling-rights bits of `c`.
#[inline]
const fn rights_of(c: Color) -> u8 {
    match c {
        Color::White => WHITE_SHORT | WHITE_LONG,
        Color::Black => BLACK_SHORT | BLACK_LONG,
    }
}

/// Receives the legal moves of a position as sets of targets per origin.
pub(crate) trait Sink {
    /// Ordinary moves from `from` to each cell of `to`.
    fn targets(&mut self, from: u16, to: Cells);
    /// Pawn moves from `from` to each cell of `to`; those into `last` are promotions (four
    /// moves each, seed §3.7(d)).
    fn pawn(&mut self, from: u16, to: Cells, last: Cells);
    /// Castling, written as the king's move `from`-`to` (ruling H6).
    fn castle(&mut self, from: u16, to: u16);
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
    fn castle(&mut self, _from: u16, _to: u16) {
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
    fn castle(&mut self, from: u16, to: u16) {
        self.0.push(Move::new(from, to, MoveKind::Castle));
    }
}
