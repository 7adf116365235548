//! The per-cell tables of the Dainy board, as pure functions of the kernel geometry.
//!
//! `cargo xtask codegen` calls [`generated_files`] and writes the result to
//! `src/generated/tables.rs`; the move generator uses those compiled statics. A unit test
//! recomputes every table here and compares it with the statics, so the two cannot drift.
//!
//! Direction numbering used by every table (ruling H1, see [`crate::hexmoves`]):
//! `0..6` are the touching (rook) directions [`TOUCHING`](crate::hexmoves::TOUCHING), `6..12` the gap (bishop)
//! directions [`GAP`](crate::hexmoves::GAP).

pub use fairy_hexchess::tables::{ascending, directions, king, knight, rays, slider_lines};
use fairy_hexchess::tables::{u8_array, write_rays, write_slider_lines};
use fairy_kernel::codegen::{GeneratedFile, TableWriter};
use fairy_kernel::{BitSet, Delta, Geometry, HexBoard};

use crate::hexmoves::step_masks;

/// Number of cells of each line `a`..`k` (seed §5.1; ruling H1).
pub const LINE_LENGTHS: [u8; 11] = [5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5];

/// Number of cells of the board (seed §2.1).
pub const CELLS: usize = 80;

/// The 80-cell board with the axial coordinates of ruling H1: cell number `n` of line `y`
/// (`a` = 0) has coordinates `(y, (n - 1) + max(0, y - 5))`.
///
/// ```
/// use fairy_kernel::Geometry;
/// let b = fairy_dainy::tables::board();
/// assert_eq!(b.cell_count(), 80);
/// assert_eq!(b.square_name(0), "a1");
/// ```
pub fn board() -> HexBoard {
    let letters: Vec<char> = ('a'..='k').collect();
    HexBoard::from_lines(&letters, &LINE_LENGTHS, |line, n| {
        (line as i8, (n as i8 - 1) + (line as i8 - 5).max(0))
    })
}

/// The two touching cells ahead of a pawn of each colour (White index 0, Black 1): where it
/// captures and, from its starting line, where its first-move alternative goes (ruling H4).
pub fn pawn_ahead(b: &HexBoard) -> Vec<Vec<BitSet<2>>> {
    let white = [Delta::flat(1, 0), Delta::flat(1, 1)];
    let black = [Delta::flat(-1, 0), Delta::flat(-1, -1)];
    vec![step_masks(b, &white), step_masks(b, &black)]
}

/// Marker for "no cell" in [`pawn_step`].
pub const NO_CELL: u8 = u8::MAX;

/// The straight-ahead pawn step of each colour per cell, two lines ahead along the diagonal
/// (`(+2,+1)` White, `(-2,-1)` Black; ruling H4), or [`NO_CELL`].
pub fn pawn_step(b: &HexBoard) -> Vec<Vec<u8>> {
    [Delta::flat(2, 1), Delta::flat(-2, -1)]
        .iter()
        .map(|&d| {
            b.squares()
                .map(|sq| b.step(sq, d).map_or(NO_CELL, |t| t as u8))
                .collect()
        })
        .collect()
}

/// The colour of each cell: `(y + w) mod 3`, 0 light, 1 grey, 2 dark (ruling H1).
pub fn colour(b: &HexBoard) -> Vec<u8> {
    b.squares()
        .map(|sq| {
            let (y, w) = b.coords(sq);
            ((y as i32 + w as i32).rem_euclid(3)) as u8
        })
        .collect()
}

/// The cells of each line `a`..`k`.
pub fn lines(b: &HexBoard) -> Vec<BitSet<2>> {
    (0..b.line_count())
        .map(|l| b.squares().filter(|&s| b.line_of(s) == l).collect())
        .collect()
}

/// The generated source files of this crate, for `cargo xtask codegen`.
pub fn generated_files() -> Vec<GeneratedFile> {
    let b = board();
    let mut w = TableWriter::new();
    write_rays(&mut w, &b);
    write_slider_lines(&mut w, &b);
    w.bitsets(
        "KNIGHT",
        "Per cell, the knight's targets (ruling H2).",
        &knight(&b),
    );
    w.bitsets(
        "KING",
        "Per cell, the king's 12 neighbours (ruling H2).",
        &king(&b),
    );
    w.nested_bitsets(
        "PAWN_AHEAD",
        "Per colour (White 0, Black 1), per cell, the two touching cells ahead: pawn\n\
         captures and first-move alternatives (ruling H4).",
        &pawn_ahead(&b),
    );
    let steps: Vec<String> = pawn_step(&b).iter().map(|v| u8_array(v)).collect();
    w.array(
        "PAWN_STEP",
        "Per colour, per cell, the pawn's straight-ahead step (ruling H4); 255 = none.",
        "[u8; 80]",
        &steps,
    );
    w.array(
        "COLOUR",
        "Per cell, its colour: 0 light, 1 grey, 2 dark (ruling H1).",
        "u8",
        &colour(&b),
    );
    w.bitsets("LINES", "The cells of each line a..k.", &lines(&b));
    vec![w.finish(
        "tables.rs",
        "Move tables of the 80-cell Dainy board (see `crate::tables`).",
    )]
}
