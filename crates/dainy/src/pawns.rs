//! Bulk counting of pawn moves (perft's last ply, [`Sink::BULK`]): the cells of a line are
//! numbered in order (ruling H1), so every pawn of one line takes each of its steps by the
//! same cell-index offset, and the pawns of a line move as one shifted set.

use fairy_hexchess::{shift, Sink};

use crate::generated::tables::LINES;
use crate::position::{Cells, Position, PAWN_START_LINE};
use crate::tables::{CELLS, LINE_LENGTHS};
use crate::types::Move;

/// The first cell index of each line `a`..`k`, and the cell count after the last.
const LINE_START: [i32; 12] = {
    let mut s = [0; 12];
    let mut y = 0;
    while y < 11 {
        s[y + 1] = s[y] + LINE_LENGTHS[y] as i32;
        y += 1;
    }
    s
};

/// The line (`a` = 0) of each cell.
const LINE_OF: [u8; CELLS] = {
    let mut t = [0; CELLS];
    let mut y = 0;
    while y < 11 {
        let mut s = LINE_START[y];
        while s < LINE_START[y + 1] {
            t[s as usize] = y as u8;
            s += 1;
        }
        y += 1;
    }
    t
};

/// The index offset of the step `(dy, dw)` from a cell of line `y` to one of line `y + dy`
/// (0 when there is no such line): cell `(y, w)` is `LINE_START[y] + w - max(0, y - 5)`.
const fn offset(y: i32, dy: i32, dw: i32) -> i32 {
    let t = y + dy;
    if t < 0 || t > 10 {
        return 0;
    }
    LINE_START[t as usize] - LINE_START[y as usize] + dw - skew(t) + skew(y)
}

/// How far the cell numbers of line `y` are skewed: `max(0, y - 5)`.
const fn skew(y: i32) -> i32 {
    if y > 5 {
        y - 5
    } else {
        0
    }
}

/// Per colour, per line, the offsets of a pawn's two touching cells ahead and of its
/// straight step: `(1,0)`, `(1,1)`, `(2,1)` for White, the opposite for Black (ruling H4).
const STEPS: [[[i32; 3]; 11]; 2] = {
    let mut t = [[[0; 3]; 11]; 2];
    let mut y = 0;
    while y < 11 {
        let l = y as i32;
        t[0][y] = [offset(l, 1, 0), offset(l, 1, 1), offset(l, 2, 1)];
        t[1][y] = [offset(l, -1, 0), offset(l, -1, -1), offset(l, -2, -1)];
        y += 1;
    }
    t
};

/// The cells of line `y`, none off the board.
#[inline(always)]
fn line(y: i32) -> Cells {
    if (0..11).contains(&y) {
        LINES[y as usize]
    } else {
        Cells::EMPTY
    }
}

impl Position {
    /// Feeds the moves of the side to move's unpinned `pawns` landing in `mask` to a
    /// counting `sink`, as one set per kind of step (the steps of one kind from different
    /// cells land on different cells); those onto `last` are promotions.
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
        let dy = 1 - 2 * c as i32;
        let (mut left, mut right, mut step) = (Cells::EMPTY, Cells::EMPTY, Cells::EMPTY);
        let mut rest = pawns;
        while let Some(p) = rest.first() {
            let y = LINE_OF[p as usize] as usize;
            let on = rest & LINES[y];
            rest = rest.and_not(&on);
            let [l, r, s] = STEPS[c][y];
            let next = line(y as i32 + dy);
            left |= shift(on, l) & next;
            right |= shift(on, r) & next;
            step |= shift(on, s) & line(y as i32 + 2 * dy);
        }
        let empty = mask.and_not(&occ);
        let takes = mask & enemy;
        sink.pawn(0, left & takes, last);
        sink.pawn(0, right & takes, last);
        sink.pawn(0, step & empty, last);
        // From the starting line, the cells ahead are also reached without capturing.
        let y = PAWN_START_LINE[c];
        let on = pawns & LINES[y];
        if on.any() {
            let [l, r, _] = STEPS[c][y];
            let next = line(y as i32 + dy);
            sink.pawn(0, shift(on, l) & next & empty, last);
            sink.pawn(0, shift(on, r) & next & empty, last);
        }
    }
}
