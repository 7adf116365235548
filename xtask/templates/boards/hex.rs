//! The board of {{title}}: a regular hexagon of 61 cells on the kernel's axial
//! [`HexBoard`] (`hexmoves::axial_board`): nine files `a`-`i` of 5, 6, 7, 8, 9, 8, 7, 6
//! and 5 cells, each numbered from White's side (docs/rules/{{name}}.md, {{label}}1).

use std::sync::OnceLock;

use fairy_kernel::geometry::hexmoves::{axial_board, GAP, TOUCHING};
use fairy_kernel::view::{BoardView, CellShape, LabelView, PieceView};
use fairy_kernel::{Delta, HexBoard};

/// The kernel geometry of the board.
pub type Board = HexBoard;

/// Number of cells.
pub const CELLS: usize = 61;

/// The files' letters.
pub const FILE_LETTERS: [char; 9] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

/// The files' lengths.
pub const FILE_LENGTHS: [u8; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];

/// The board.
pub fn board() -> &'static Board {
    static BOARD: OnceLock<HexBoard> = OnceLock::new();
    BOARD.get_or_init(|| axial_board(&FILE_LETTERS, &FILE_LENGTHS))
}

/// One king step: to any of the six touching cells or the six cells across a corner
/// ({{label}}2).
pub const KING_STEPS: &[Delta] = &{
    let mut out = [Delta::flat(0, 0); 12];
    let mut i = 0;
    while i < 6 {
        out[i] = TOUCHING[i];
        out[6 + i] = GAP[i];
        i += 1;
    }
    out
};

/// The rook's lines: the six lines through the sides of its cell ({{label}}2).
pub const ROOK_DIRECTIONS: &[Delta] = &TOUCHING;

/// The start position: White on the first cells of files c, e and g, Black on their last
/// ({{label}}1, {{label}}7).
pub const START: &str = "5/6/R5r/8/K7k/8/R5r/6/5 w 0 1";

/// The rows of the board field in the order they are written: file `a` first, each from
/// its cell 1 upward ({{label}}7).
pub fn rows() -> Vec<Vec<u16>> {
    let b = board();
    (0..FILE_LETTERS.len())
        .map(|f| {
            (1..=FILE_LENGTHS[f])
                .map(|n| b.cell(f, n).expect("on the board"))
                .collect()
        })
        .collect()
}

/// `sqrt(3) / 2`: the horizontal distance of neighbouring files in cell units.
const FILE_STEP: f32 = 0.866_025_4;

/// The centre of the cell with axial coordinates `(x, w)`, `y` downward.
fn centre(x: i8, w: i8) -> (f32, f32) {
    (0.6 + FILE_STEP * x as f32, 7.0 - (w as f32 - 0.5 * x as f32))
}

/// The drawing model: flat-topped hexagons in vertical files, three shades, file letters
/// below.
pub fn view(piece: impl Fn(u16) -> Option<PieceView>) -> BoardView {
    let b = board();
    let mut v = BoardView::hex(
        b,
        CellShape::FlatHexagon,
        vec!["#f2dcb3", "#d3a86f", "#a86f3d"],
        |sq| {
            let (x, w) = b.coords(sq);
            centre(x, w)
        },
        |sq| {
            let (x, w) = b.coords(sq);
            (x as i32 + w as i32).rem_euclid(3) as usize
        },
        piece,
    );
    for (f, &letter) in FILE_LETTERS.iter().enumerate() {
        let (x, w) = b.coords(b.cell(f, 1).expect("every file has a cell 1"));
        let (cx, cy) = centre(x, w - 1);
        v.labels.push(LabelView {
            x: cx,
            y: cy,
            text: letter.to_string(),
            size: 0.3,
        });
    }
    v
}
