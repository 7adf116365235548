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
