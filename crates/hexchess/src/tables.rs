//! The per-cell tables every hexagonal variant generates, as pure functions of the
//! kernel's hexagonal geometry (called by the variants' `generated_files`, so by
//! `cargo xtask codegen`, and by their tests).
//!
//! Directions: `0..6` the touching (rook) directions `TOUCHING`, `6..12` the gap (bishop)
//! directions `GAP` of the kernel's `hexmoves`.

use fairy_kernel::codegen::TableWriter;
use fairy_kernel::geometry::hexmoves::{
    direction_ascends, ray_masks, step_masks, GAP, KNIGHT, TOUCHING,
};
use fairy_kernel::{BitSet, Delta, HexBoard};

/// The twelve slider directions: touching (rook) `0..6`, then gap (bishop) `6..12`.
pub fn directions() -> [Delta; 12] {
    let mut d = [Delta::flat(0, 0); 12];
    d[..6].copy_from_slice(&TOUCHING);
    d[6..].copy_from_slice(&GAP);
    d
}

/// Per cell, per direction (see [`directions`]), the empty-board ray mask.
pub fn rays(b: &HexBoard) -> Vec<Vec<BitSet<2>>> {
    ray_masks(b, &directions())
}

/// Per direction, whether a step increases the cell index.
///
/// # Panics
/// If a direction is not monotone in cell order (impossible on the axial boards; the
/// variants' tests check).
pub fn ascending(b: &HexBoard) -> Vec<bool> {
    directions()
        .iter()
        .map(|&d| direction_ascends(b, d).expect("monotone direction"))
        .collect()
}

/// Per cell, the 12 knight targets on the board.
pub fn knight(b: &HexBoard) -> Vec<BitSet<2>> {
    step_masks(b, &KNIGHT)
}

/// Per cell, the king's targets: 6 touching and 6 gap neighbours.
pub fn king(b: &HexBoard) -> Vec<BitSet<2>> {
    step_masks(b, &directions())
}

/// Per cell, the union of the 6 empty-board rays in the touching directions (`rook`) or in
/// the gap directions (`!rook`): where a rook (bishop) must stand to attack the cell.
pub fn slider_lines(b: &HexBoard, rook: bool) -> Vec<BitSet<2>> {
    let dirs = if rook { TOUCHING } else { GAP };
    ray_masks::<2>(b, &dirs)
        .into_iter()
        .map(|rays| rays.into_iter().fold(BitSet::EMPTY, |a, r| a | r))
        .collect()
}

/// A `u8` array literal of `v`, for a generated table.
pub fn u8_array(v: &[u8]) -> String {
    let items: Vec<String> = v.iter().map(u8::to_string).collect();
    format!("[{}]", items.join(","))
}

/// Writes the `RAYS` and `ASCENDING` tables of board `b`, the first two of every
/// hexagonal variant's generated file.
pub fn write_rays(w: &mut TableWriter, b: &HexBoard) {
    w.nested_bitsets(
        "RAYS",
        "Per cell, per direction (touching 0..6, gap 6..12), the empty-board ray mask.",
        &rays(b),
    );
    w.array(
        "ASCENDING",
        "Per direction, whether a step increases the cell index.",
        "bool",
        &ascending(b),
    );
}

/// Writes the `ROOK_LINES` and `BISHOP_LINES` tables of board `b` ([`slider_lines`]), the
/// quick filters of the attack tests.
pub fn write_slider_lines(w: &mut TableWriter, b: &HexBoard) {
    w.bitsets(
        "ROOK_LINES",
        "Per cell, the union of its 6 touching rays.",
        &slider_lines(b, true),
    );
    w.bitsets(
        "BISHOP_LINES",
        "Per cell, the union of its 6 gap rays.",
        &slider_lines(b, false),
    );
}
