//! The board of {{title}}: the kernel's 8x8 [`RectBoard`], files `a`-`h` left to right,
//! ranks `1`-`8` from White's side (docs/rules/{{name}}.md, {{label}}1).

use fairy_kernel::geometry::{ORTHOGONAL, ORTHOGONAL_AND_DIAGONAL};
use fairy_kernel::view::{BoardView, PieceView, CLASSIC_PALETTE};
use fairy_kernel::{Delta, RectBoard};

/// The kernel geometry of the board.
pub type Board = RectBoard;

/// Number of cells.
pub const CELLS: usize = 64;

static BOARD: RectBoard = RectBoard::new(8, 8);

/// The board.
pub fn board() -> &'static Board {
    &BOARD
}

/// One king step: to any of the eight neighbouring squares ({{label}}2).
pub const KING_STEPS: &[Delta] = &ORTHOGONAL_AND_DIAGONAL;

/// The rook's lines: along ranks and files ({{label}}2).
pub const ROOK_DIRECTIONS: &[Delta] = &ORTHOGONAL;

/// The start position ({{label}}1, {{label}}7).
pub const START: &str = "r3k2r/8/8/8/8/8/8/R3K2R w 0 1";

/// The rows of the board field in the order they are written: rank 8 first, each from
/// file `a` to file `h` ({{label}}7).
pub fn rows() -> Vec<Vec<u16>> {
    (0..8)
        .rev()
        .map(|r| (0..8).map(|f| r * 8 + f).collect())
        .collect()
}

/// The drawing model: light and dark squares, rank 1 at the bottom.
pub fn view(piece: impl Fn(u16) -> Option<PieceView>) -> BoardView {
    BoardView::rect(
        &BOARD,
        CLASSIC_PALETTE.to_vec(),
        |sq| ((BOARD.file_of(sq) + BOARD.rank_of(sq) + 1) % 2) as usize,
        piece,
    )
}
