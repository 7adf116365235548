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
use fairy_hexchess::{Placement, Sink};

use crate::generated::tables::{
    BISHOP_LINES, KING, KNIGHT, PAWN_AHEAD, PAWN_STEP, RAYS, ROOK_LINES,
};
use crate::position::{
    Cells, Position, BLACK_LONG, BLACK_SHORT, KING_HOME, PAWN_START_LINE, PROMOTION_LINE,
    ROOK_LONG, ROOK_SHORT, WHITE_LONG, WHITE_SHORT,
};
use crate::tables::{CELLS, NO_CELL};
use crate::types::{Move, MoveKind, Role};

fairy_hexchess::hex_tables! {
    /// Dainy's generated tables as the shared hexagonal machinery sees them (seed §3.2-§3.5).
    pub(crate) struct Tables {
        rays: RAYS,
        rook_lines: ROOK_LINES,
        bishop_lines: BISHOP_LINES,
        knight: KNIGHT,
        king: KING,
        pawn_attacks: PAWN_AHEAD,
    }
}

impl Position {
    /// The pieces of `by` that attack cell `sq`, with occupancy `occ` (seed §3.1: a piece
    /// attacks the cells it could capture on, even when it cannot move, seed §3.8(a)).
    pub fn attackers(&self, sq: u16, by: Color, occ: Cells) -> Cells {
        self.core.pl.attackers::<Tables>(sq, by, occ)
    }

    /// Whether any piece of `by` attacks `sq` with occupancy `occ`: [`Position::attackers`]
    /// with an early exit, looking only along lines that hold a suitable slider.
    #[inline]
    pub(crate) fn is_attacked(&self, sq: u16, by: Color, occ: Cells) -> bool {
        self.core.pl.is_attacked::<Tables>(sq, by, occ)
    }

    /// Whether `color`'s king is attacked (in check; seed §3.9(2)(c)).
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

        // King moves: not onto an attacked cell (seed §3.8(a)); attacks computed with the
        // king off the board.
        let safe = self
            .core
            .pl
            .king_targets::<Tables>(us, |t, occ_nk| self.is_attacked(t, them, occ_nk));
        sink.targets(k, safe);
        if checks.checkers.is_empty() && self.core.state & rights_of(us) != 0 {
            self.castling_moves(sink, occ);
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
        let start_line = Position::line(PAWN_START_LINE[us.index()]);
        let last_line = Position::line(PROMOTION_LINE[us.index()]);
        let pawns = free & self.core.pl.role(Role::Pawn);
        if S::BULK {
            self.count_pawn_moves(sink, pawns, occ, enemy, target_mask, last_line);
            return;
        }
        for sq in pawns {
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
            let us = self.core.side;
            let start = Position::line(PAWN_START_LINE[us.index()]);
            let t = self.pawn_targets(sq, us, occ, enemy, start) & mask;
            sink.pawn(sq, t, Position::line(PROMOTION_LINE[us.index()]));
            return;
        }
        let t = Placement::<CELLS>::piece_attacks::<Tables>(role, sq, occ);
        sink.targets(sq, t & mask);
    }

    /// Castling moves (seed §3.8(b), §3.9; ruling H3). The king is not in check here.
    fn castling_moves<S: Sink<Move>>(&self, sink: &mut S, occ: Cells) {
        let us = self.core.side;
        let i = us.index();
        let k = KING_HOME[i];
        if self.core.pl.kings[i] as u16 != k {
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
        // Long: king k -> rook cell (three cells), rook -> the cell next to its corner. The
        // two cells between must be empty; the king may pass over attacked ones (only its
        // own cell and the one it lands on count, docs/rules/dainy.md, H3). The landing
        // cell is judged before castling, as the rules document says.
        let rl = ROOK_LONG[i];
        if self.core.state & long != 0
            && self.core.pl.board[rl as usize] == rook
            && !occ.contains(rl + 1)
            && !occ.contains(rl + 2)
            && !self.is_attacked(rl, !us, occ)
        {
            sink.special(Move::new(k, rl, MoveKind::Castle));
        }
        // Short: king and rook swap cells; the landing cell must not be attacked after.
        let rs = ROOK_SHORT[i];
        if self.core.state & short != 0
            && self.core.pl.board[rs as usize] == rook
            && !self.is_attacked(rs, !us, occ)
        {
            sink.special(Move::new(k, rs, MoveKind::Castle));
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
