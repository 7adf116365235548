//! The board of {{title}}: the kernel's [`LayeredBoard`] of three 8x8 levels stacked,
//! squares named level, file, rank such as `2e4` (docs/rules/{{name}}.md, {{label}}1).

use fairy_kernel::view::{BoardView, PieceView};
use fairy_kernel::{Delta, LayeredBoard};

/// The kernel geometry of the board.
pub type Board = LayeredBoard;

/// Number of cells.
pub const CELLS: usize = 3 * 64;

static BOARD: LayeredBoard = LayeredBoard::new(3, 8, 8);

/// The board.
pub fn board() -> &'static Board {
    &BOARD
}

/// One king step: to any of the 26 cells around, on the same level or the one above or
/// below ({{label}}2).
pub const KING_STEPS: &[Delta] = &{
    let mut out = [Delta::layered(0, 0, 0); 26];
    let mut i = 0;
    let mut n = 0;
    while i < 27 {
        let (dz, dx, dy) = ((i / 9) as i8 - 1, ((i / 3) % 3) as i8 - 1, (i % 3) as i8 - 1);
        if dz != 0 || dx != 0 || dy != 0 {
            out[n] = Delta::layered(dz, dx, dy);
            n += 1;
        }
        i += 1;
    }
    out
};

/// The rook's lines: along ranks and files of its level, and straight up and down through
/// the levels ({{label}}2).
pub const ROOK_DIRECTIONS: &[Delta] = &[
    Delta::layered(0, 0, 1),
    Delta::layered(0, 1, 0),
    Delta::layered(0, 0, -1),
    Delta::layered(0, -1, 0),
    Delta::layered(1, 0, 0),
    Delta::layered(-1, 0, 0),
];

/// The start position: White on level 1, Black on level 3 ({{label}}1, {{label}}7).
pub const START: &str = "r3k2r/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/R3K2R w 0 1";

/// The rows of the board field in the order they are written: level 3 first, and within
/// a level rank 8 first, each from file `a` to file `h` ({{label}}7).
pub fn rows() -> Vec<Vec<u16>> {
    let mut out = Vec::new();
    for level in (1..=3).rev() {
        for rank in (0..8).rev() {
            out.push(
                (0..8)
                    .map(|file| BOARD.square(level, file, rank).expect("on the board"))
                    .collect(),
            );
        }
    }
    out
}

/// The drawing model: the three levels side by side, the highest on the left.
pub fn view(piece: impl Fn(u16) -> Option<PieceView>) -> BoardView {
    BoardView::layered(
        &BOARD,
        vec!["#f0d9b5", "#b58863"],
        &["Level 1", "Level 2", "Level 3"],
        |sq| ((BOARD.file_of(sq) + BOARD.rank_of(sq) + 1) % 2) as usize,
        piece,
    )
}
