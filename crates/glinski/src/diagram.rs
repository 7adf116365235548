//! Drawings of a position: the text hexagon for terminals (`fairy show glinski`) and the
//! drawing model for pictures (`fairy svg glinski`).

use fairy_kernel::view::{BoardView, CellShape, LabelView, PieceView};
use fairy_kernel::{Color, Geometry};

use crate::generated::tables::SHADE;
use crate::notation::geometry;
use crate::position::Position;
use crate::tables::{FILE_LENGTHS, FILE_LETTERS};

/// Text columns per file.
const COL: usize = 4;
/// Text rows of the drawing: the doubled height `2w - x` of a cell runs from -5 (`f1`) to
/// 15 (`f11`).
const ROWS: usize = 21;

/// The text row of a cell (or of a point beside the board) at coordinates `(x, w)`:
/// neighbouring files are offset by one row, cells of a file two rows apart.
fn text_row(x: i32, w: i32) -> Option<usize> {
    usize::try_from(15 - (2 * w - x)).ok()
}

/// The text column of file `x` (`-1` and `11` are the margins).
fn text_col(x: i32) -> usize {
    (5 + COL as i32 * x) as usize
}

/// The lowest `w` of file `x`: cells are numbered from the bottom (§1).
fn w_of(x: usize, n: u8) -> i32 {
    (n as i32 - 1) + (x as i32 - 5).max(0)
}

fn put(grid: &mut [Vec<char>], row: usize, col_end: usize, text: &str) {
    if let Some(line) = grid.get_mut(row) {
        let start = col_end + 1 - text.len();
        for (i, c) in text.chars().enumerate() {
            if let Some(slot) = line.get_mut(start + i) {
                *slot = c;
            }
        }
    }
}

/// Draws the board as White sees it: files `a`..`l` left to right, each file's cells
/// stacked upward with neighbouring files offset by half a cell, so the drawing is the
/// hexagon itself. Pieces are letters (upper case White); an empty cell shows its shade:
/// `.` light, `:` medium, `*` dark. Rank numbers stand at the left end of each rank (and
/// at the right end of ranks 1-6), on the row of that cell; file letters below.
pub(crate) fn draw(p: &Position) -> String {
    let g = geometry();
    let width = text_col(11) + 2;
    let mut grid = vec![vec![' '; width]; ROWS];
    for sq in g.squares() {
        let (x, w) = g.coords(sq);
        let (x, w) = (x as i32, w as i32);
        let c = match p.piece_on(sq) {
            Some(piece) => piece.char(),
            None => ['.', ':', '*'][SHADE[sq as usize] as usize % 3],
        };
        if let Some(row) = text_row(x, w) {
            put(&mut grid, row, text_col(x), &c.to_string());
        }
    }
    for rank in 1..=11u8 {
        // Beside the first cell of the rank (the last too for ranks 1-6), on its row.
        let first = (0..11).find(|&f| FILE_LENGTHS[f] >= rank).unwrap_or(0);
        if let Some(row) = text_row(first as i32, w_of(first, rank)) {
            put(
                &mut grid,
                row,
                text_col(first as i32 - 1),
                &rank.to_string(),
            );
        }
        if rank <= 6 {
            if let Some(row) = text_row(10, w_of(10, rank)) {
                put(&mut grid, row, text_col(11) + 1, &rank.to_string());
            }
        }
    }
    let mut out = String::new();
    for line in grid {
        let s: String = line.into_iter().collect();
        out.push_str(s.trim_end());
        out.push('\n');
    }
    let mut letters = vec![' '; width];
    for (x, &l) in FILE_LETTERS.iter().enumerate() {
        letters[text_col(x as i32)] = l;
    }
    out.push_str(letters.into_iter().collect::<String>().trim_end());
    out.push('\n');
    out.push_str("upper case white, lower case black; empty cells: . light, : medium, * dark\n");
    out.push_str("cells are numbered from the bottom of each file (a1-a6, f1-f11, l1-l6)\n");
    let side = match p.core.side {
        Color::White => "white",
        Color::Black => "black",
    };
    out.push_str(&format!("{side} to move; {}\n", p.core.write_notation()));
    out
}

/// Cell fill colours: light, medium, dark (§1).
pub const PALETTE: [&str; 3] = ["#f2dcb3", "#d3a86f", "#a86f3d"];

/// `sqrt(3) / 2`: the horizontal distance of neighbouring files in cell units.
const FILE_STEP: f32 = 0.866_025_4;

/// The centre of the point `(x, w)` in cell units, `y` downward.
fn centre(x: i32, w: i32) -> (f32, f32) {
    (
        0.6 + FILE_STEP * x as f32,
        8.0 - (w as f32 - 0.5 * x as f32),
    )
}

/// The drawing model: flat-topped hexagons in vertical files, shaded in three colours,
/// file letters below and rank numbers left of the first cell of each rank (§1).
pub(crate) fn view(p: &Position) -> BoardView {
    let g = geometry();
    let mut v = BoardView::hex(
        g,
        CellShape::FlatHexagon,
        PALETTE.to_vec(),
        |sq| {
            let (x, w) = g.coords(sq);
            centre(x as i32, w as i32)
        },
        |sq| SHADE[sq as usize] as usize,
        |sq| {
            p.piece_on(sq).map(|piece| PieceView {
                letter: piece.role.upper_char(),
                color: piece.color,
            })
        },
    );
    for (x, &l) in FILE_LETTERS.iter().enumerate() {
        let (cx, cy) = centre(x as i32, w_of(x, 1) - 1);
        v.labels.push(LabelView {
            x: cx,
            y: cy,
            text: l.to_string(),
            size: 0.3,
        });
    }
    for rank in 1..=11u8 {
        let first = (0..11).find(|&f| FILE_LENGTHS[f] >= rank).unwrap_or(0);
        let (cx, cy) = centre(first as i32, w_of(first, rank));
        v.labels.push(LabelView {
            x: cx - FILE_STEP,
            y: cy,
            text: rank.to_string(),
            size: 0.3,
        });
    }
    v
}
