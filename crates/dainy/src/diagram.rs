//! The text drawing of a position for terminals (`fairy show dainy`).

use fairy_kernel::Color;

use crate::generated::tables::COLOUR;
use crate::notation::geometry;
use crate::position::Position;
use crate::tables::LINE_LENGTHS;

/// Width of one cell in the drawing; neighbouring lines are offset by half of it, so the
/// drawing shows the hexagon as White sees it (line `a` at the bottom, ruling H1).
const CELL: usize = 4;

/// Draws the board as a hexagon: line `k` at the top, `a` at the bottom, each line centred,
/// with its letter on the left and its cell range on the right. Pieces are letters (upper
/// case White); an empty cell shows its colour: `.` light, `:` grey, `*` dark (ruling H1).
pub(crate) fn draw(p: &Position) -> String {
    let g = geometry();
    let width = CELL * 10;
    let mut out = String::new();
    for line in (0..11).rev() {
        let len = LINE_LENGTHS[line] as usize;
        let letter = (b'a' + line as u8) as char;
        let mut row = " ".repeat((10 - len) * CELL / 2);
        for n in 1..=len {
            let sq = g.cell(line, n as u8).unwrap_or(0);
            let c = match p.piece_on(sq) {
                Some(piece) => piece.char(),
                None => match COLOUR[sq as usize] {
                    0 => '.',
                    1 => ':',
                    _ => '*',
                },
            };
            row.push_str("  ");
            row.push(c);
            row.push(' ');
        }
        out.push_str(&format!(
            " {letter} {row:<width$}  {letter}1-{letter}{len}\n"
        ));
    }
    let side = match p.core.side {
        Color::White => "white",
        Color::Black => "black",
    };
    out.push_str("   upper case white, lower case black; empty cells: . light, : grey, * dark\n");
    out.push_str(&format!("   {side} to move; {}\n", p.core.write_notation()));
    out
}
