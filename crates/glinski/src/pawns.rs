//! Bulk counting of pawn moves (perft's last ply, [`Sink::BULK`]): the cells of a file are
//! numbered in order (§1), so every pawn steps forward by the same cell-index offset (+1
//! for White, -1 for Black) and the pawns' forward steps move as one shifted set.

use fairy_hexchess::{shift, Sink};

use crate::generated::tables::{PAWN_ATTACKS, PAWN_START, PROMOTION};
use crate::position::{Cells, Position};
use crate::types::Move;

impl Position {
    /// Feeds the moves of the side to move's unpinned `pawns` landing in `mask` to a
    /// counting `sink` (en passant aside): the single and double steps as one set each, the
    /// captures pawn by pawn; moves onto `last` are promotions.
    #[inline(always)]
    pub(crate) fn count_pawn_moves<S: Sink<Move>>(
        &self,
        sink: &mut S,
        pawns: Cells,
        occ: Cells,
        enemy: Cells,
        mask: Cells,
        last: Cells,
    ) {
        let c = self.core.side.index();
        let forward = 1 - 2 * c as i32;
        // A cell of `last` ends its file: nothing lies forward of it.
        let step = |from: Cells| shift(from.and_not(&PROMOTION[c]), forward).and_not(&occ);
        let single = step(pawns);
        let double = step(step(pawns & PAWN_START[c]));
        sink.pawn(0, single & mask, last);
        sink.targets(0, double & mask);
        let takes = enemy & mask;
        for sq in pawns {
            let t = PAWN_ATTACKS[c][sq as usize] & takes;
            if t.any() {
                sink.pawn(sq, t, last);
            }
        }
    }
}
