//! The engine's static evaluation on the Dainy board (not a rule; docs/rules/dainy.md §7):
//! the shared hexagonal evaluation with this board's piece-square tables.

use std::sync::OnceLock;

use fairy_hexchess::EvalTables;

use crate::generated::tables::LINES;
use crate::movegen::Tables;
use crate::position::{PAWN_START_LINE, PROMOTION_LINE};
use crate::tables::CELLS;

/// The line (`a` = 0) of cell `sq`.
fn line_of(sq: u16) -> usize {
    LINES.iter().position(|l| l.contains(sq)).unwrap_or(0)
}

/// The board's evaluation tables, built on first use: a pawn's progress is the number of
/// lines it has advanced from its starting line toward its promotion line.
pub(crate) fn tables() -> &'static EvalTables {
    static TABLES: OnceLock<EvalTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        EvalTables::new::<Tables>(CELLS, |color, sq| {
            let c = color.index();
            let start = PAWN_START_LINE[c] as i32;
            let end = PROMOTION_LINE[c] as i32;
            let line = line_of(sq) as i32;
            ((line - start) * (end - start).signum(), (end - start).abs())
        })
    })
}

#[cfg(test)]
mod tests {
    fairy_hexchess::hex_eval_tests! {
        placement: core.pl,
        mirror_cell: mirror_cell,
        pawn_step: crate::generated::tables::PAWN_STEP,
        pawn_steps: 2,
    }

    /// The cell of the colour-swapped board: the reflection that maps White's start onto
    /// Black's.
    fn mirror_cell(sq: u16) -> u16 {
        let b = board();
        let l = b.line_of(sq);
        let n = (1..=b.line_len(l))
            .find(|&n| b.cell(l, n) == Some(sq))
            .unwrap();
        let (ml, mn) = (b.line_count() - 1 - l, n);
        b.cell(ml, mn).unwrap()
    }
}
