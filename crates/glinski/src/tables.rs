//! The per-cell tables of Gliński's board, as pure functions of the kernel geometry.
//!
//! `cargo xtask codegen` calls [`generated_files`] and writes the result to
//! `src/generated/tables.rs`; the move generator uses those compiled statics. A unit test
//! recomputes every table here and compares it with the statics, so the two cannot drift.
//!
//! Coordinates (docs/rules/glinski.md §1): cell number `n` of file `x` (`a` = 0, no `j`) is
//! `(x, (n - 1) + max(0, x - 5))`, the scheme of [`fairy_kernel::geometry::hexmoves`].
//! Direction numbering of every table: `0..6` are the touching (rook) directions
//! [`TOUCHING`](fairy_kernel::geometry::hexmoves::TOUCHING), `6..12` the gap (bishop)
//! directions [`GAP`](fairy_kernel::geometry::hexmoves::GAP).

pub use fairy_hexchess::tables::slider_lines as lines;
pub use fairy_hexchess::tables::{ascending, directions, king, knight, rays};
use fairy_hexchess::tables::{u8_array, write_rays, write_slider_lines};
use fairy_kernel::codegen::{GeneratedFile, TableWriter};
use fairy_kernel::geometry::hexmoves::{axial_board, step_masks};
use fairy_kernel::{BitSet, Delta, Geometry, HexBoard};

/// The file letters `a`..`l` without `j` (§1).
pub const FILE_LETTERS: [char; 11] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k', 'l'];

/// The number of cells of each file (§1): 6, 7, ..., 11 (file `f`), ..., 6.
pub const FILE_LENGTHS: [u8; 11] = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6];

/// Number of cells of the board (§1).
pub const CELLS: usize = 91;

/// The 91-cell board with the axial coordinates of §1.
///
/// ```
/// use fairy_kernel::Geometry;
/// let b = fairy_glinski::tables::board();
/// assert_eq!(b.cell_count(), 91);
/// assert_eq!(b.square_name(0), "a1");
/// assert_eq!(b.square_name(90), "l6");
/// ```
pub fn board() -> HexBoard {
    axial_board(&FILE_LETTERS, &FILE_LENGTHS)
}

/// A pawn's forward step along its file per side (White up, Black down; §3.6(a)).
pub const PAWN_FORWARD: [Delta; 2] = [Delta::flat(0, 1), Delta::flat(0, -1)];

/// A pawn's two capture steps per side: the touching cells at 60 degrees either side of
/// forward (White 10 and 2 o'clock, Black 8 and 4 o'clock; §3.6(c)).
pub const PAWN_CAPTURE: [[Delta; 2]; 2] = [
    [Delta::flat(-1, 0), Delta::flat(1, 1)],
    [Delta::flat(1, 0), Delta::flat(-1, -1)],
];

/// The pawns' start cells per side (§2): White b1 c2 d3 e4 f5 g4 h3 i2 k1, Black b7..k7.
pub const PAWN_START_CELLS: [[&str; 9]; 2] = [
    ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"],
    ["b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "k7"],
];

/// Marker for "no cell" in [`pawn_push`].
pub const NO_CELL: u8 = u8::MAX;

/// Per side (White 0, Black 1), per cell, the cells a pawn there attacks (§3.6(c)).
pub fn pawn_attacks(b: &HexBoard) -> Vec<Vec<BitSet<2>>> {
    PAWN_CAPTURE.iter().map(|d| step_masks(b, d)).collect()
}

/// Per side, per cell, the cell one step forward along the file, or [`NO_CELL`].
pub fn pawn_push(b: &HexBoard) -> Vec<Vec<u8>> {
    PAWN_FORWARD
        .iter()
        .map(|&d| {
            b.squares()
                .map(|sq| b.step(sq, d).map_or(NO_CELL, |t| t as u8))
                .collect()
        })
        .collect()
}

/// Per side, the pawns' start cells (§2, §3.6(b)).
///
/// # Panics
/// Never: the names of [`PAWN_START_CELLS`] are cells of the board (a test reads them).
pub fn pawn_start(b: &HexBoard) -> Vec<BitSet<2>> {
    PAWN_START_CELLS
        .iter()
        .map(|names| {
            names
                .iter()
                .map(|n| b.parse_square(n).expect("start cell"))
                .collect()
        })
        .collect()
}

/// Per side, the promotion cells (§3.6(e)): the last cell of every file for White
/// (a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6), the first for Black (rank 1).
pub fn promotion(b: &HexBoard) -> Vec<BitSet<2>> {
    let last = |n: fn(&HexBoard, usize) -> u8| -> BitSet<2> {
        (0..b.line_count())
            .filter_map(|f| b.cell(f, n(b, f)))
            .collect()
    };
    vec![last(|b, f| b.line_len(f)), last(|_, _| 1)]
}

/// Per side, every cell a pawn of that side can ever stand on: the start cells and all
/// cells reached from them by forward steps and captures (§6: other cells are impossible).
pub fn pawn_reach(b: &HexBoard) -> Vec<BitSet<2>> {
    let start = pawn_start(b);
    (0..2)
        .map(|side| {
            let mut reach = start[side];
            let mut frontier: Vec<u16> = reach.iter().collect();
            while let Some(sq) = frontier.pop() {
                let steps = [
                    PAWN_FORWARD[side],
                    PAWN_CAPTURE[side][0],
                    PAWN_CAPTURE[side][1],
                ];
                for d in steps {
                    if let Some(t) = b.step(sq, d) {
                        if !reach.contains(t) {
                            reach.insert(t);
                            frontier.push(t);
                        }
                    }
                }
            }
            reach
        })
        .collect()
}

/// The shade of each cell: 0 light, 1 medium, 2 dark (§1; `f1` light, `f6` medium, `f11`
/// dark). A gap step keeps the shade.
pub fn shade(b: &HexBoard) -> Vec<u8> {
    b.squares()
        .map(|sq| {
            let (x, w) = b.coords(sq);
            (2 - (x as i32 + w as i32).rem_euclid(3)) as u8
        })
        .collect()
}

/// The generated source files of this crate, for `cargo xtask codegen`.
pub fn generated_files() -> Vec<GeneratedFile> {
    let b = board();
    let mut w = TableWriter::new();
    write_rays(&mut w, &b);
    write_slider_lines(&mut w, &b);
    w.bitsets("KNIGHT", "Per cell, the knight's targets.", &knight(&b));
    w.bitsets("KING", "Per cell, the king's 12 neighbours.", &king(&b));
    w.nested_bitsets(
        "PAWN_ATTACKS",
        "Per side (White 0, Black 1), per cell, the two cells a pawn there attacks.",
        &pawn_attacks(&b),
    );
    let pushes: Vec<String> = pawn_push(&b).iter().map(|v| u8_array(v)).collect();
    w.array(
        "PAWN_PUSH",
        "Per side, per cell, the cell one step forward along the file; 255 = none.",
        "[u8; 91]",
        &pushes,
    );
    w.bitsets(
        "PAWN_START",
        "Per side, the pawns' start cells.",
        &pawn_start(&b),
    );
    w.bitsets(
        "PROMOTION",
        "Per side, the promotion cells.",
        &promotion(&b),
    );
    w.bitsets(
        "PAWN_REACH",
        "Per side, every cell a pawn of that side can stand on.",
        &pawn_reach(&b),
    );
    w.array(
        "SHADE",
        "Per cell, its shade: 0 light, 1 medium, 2 dark.",
        "u8",
        &shade(&b),
    );
    vec![w.finish(
        "tables.rs",
        "Move tables of Gliński's 91-cell board (see `crate::tables`).",
    )]
}
