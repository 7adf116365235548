//! The engine's static evaluation on Gliński's board (not a rule; docs/rules/glinski.md §7):
//! the shared hexagonal evaluation with this board's piece-square tables.

use std::sync::OnceLock;

use fairy_hexchess::EvalTables;
use fairy_kernel::Color;

use crate::generated::tables::{PAWN_PUSH, PROMOTION};
use crate::movegen::Tables;
use crate::tables::{CELLS, NO_CELL};

/// Forward steps from a pawn's start cell to promotion (every start cell is 6 from the end
/// of its file, §2, §3.6).
const PAWN_SPAN: i32 = 6;

/// The forward steps a pawn of `color` on `sq` still needs to reach a promotion cell.
fn steps_to_promotion(color: Color, sq: u16) -> i32 {
    let c = color.index();
    let mut cell = sq;
    let mut steps = 0;
    while !PROMOTION[c].contains(cell) && steps < 16 {
        let next = PAWN_PUSH[c][cell as usize];
        if next == NO_CELL {
            break;
        }
        cell = next as u16;
        steps += 1;
    }
    steps
}

/// The board's evaluation tables, built on first use.
pub(crate) fn tables() -> &'static EvalTables {
    static TABLES: OnceLock<EvalTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        EvalTables::new::<Tables>(CELLS, |color, sq| {
            (PAWN_SPAN - steps_to_promotion(color, sq), PAWN_SPAN)
        })
    })
}

#[cfg(test)]
mod tests {
    fairy_hexchess::hex_eval_tests! {
        placement: core.pl,
        mirror_cell: mirror_cell,
        pawn_step: crate::generated::tables::PAWN_PUSH,
        pawn_steps: 4,
    }

    /// The cell of the colour-swapped board: the reflection that maps White's start onto
    /// Black's.
    fn mirror_cell(sq: u16) -> u16 {
        let b = board();
        let l = b.line_of(sq);
        let n = (1..=b.line_len(l))
            .find(|&n| b.cell(l, n) == Some(sq))
            .unwrap();
        let (ml, mn) = (l, b.line_len(l) + 1 - n);
        b.cell(ml, mn).unwrap()
    }
}
