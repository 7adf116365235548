//! A drawing model of a position, for pictures (the CLI's SVG output) and GUIs.
//!
//! A [`BoardView`] is a flat list of cells with their centres in *cell units* (one cell is
//! 1.0 wide; `y` grows downward, as on screen), a shade per cell (an index into
//! [`BoardView::palette`]), the piece on it, and edge labels. A variant builds it with the
//! helpers [`BoardView::rect`], [`BoardView::layered`] or [`BoardView::hex`].

use crate::color::Color;
use crate::geometry::{Geometry, HexBoard, LayeredBoard, RectBoard};

/// How a cell is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellShape {
    /// An axis-aligned square of side 1.
    Square,
    /// A hexagon with flat top and bottom, 1 wide between its left and right corners'
    /// centre line (cells of a file stacked vertically).
    FlatHexagon,
    /// A hexagon with pointed top and bottom, 1 wide between its vertical sides (cells of a
    /// line side by side horizontally).
    PointyHexagon,
}

/// A piece as drawn: its notation letter and its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// The piece letter of the variant's notation (upper case).
    pub letter: char,
    /// Whose piece it is.
    pub color: Color,
}

/// One cell of a [`BoardView`].
#[derive(Clone, Debug, PartialEq)]
pub struct CellView {
    /// The square index.
    pub square: u16,
    /// The square's name in the variant's notation (`e4`, `3c1`), for pictures and GUIs
    /// that let a player point at cells.
    pub name: String,
    /// Centre, in cell units, `x` to the right.
    pub x: f32,
    /// Centre, in cell units, `y` downward.
    pub y: f32,
    /// Index into [`BoardView::palette`].
    pub shade: usize,
    /// The piece on it, if any.
    pub piece: Option<PieceView>,
    /// A special marking (Chess-T castle cells, impregnable fields), drawn as an outline,
    /// with a short word for a legend.
    pub mark: Option<&'static str>,
}

/// A text placed on the picture (coordinates, board titles), centred at `x`, `y` in cell
/// units.
#[derive(Clone, Debug, PartialEq)]
pub struct LabelView {
    /// Centre `x`.
    pub x: f32,
    /// Centre `y`.
    pub y: f32,
    /// The text.
    pub text: String,
    /// Font size in cell units.
    pub size: f32,
}

/// The drawing model of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    /// How cells are drawn.
    pub shape: CellShape,
    /// Cell fill colours as `#rrggbb`.
    pub palette: Vec<&'static str>,
    /// Every cell of the board.
    pub cells: Vec<CellView>,
    /// Coordinates and titles.
    pub labels: Vec<LabelView>,
}

/// Light and dark squares of the classical board.
pub const CLASSIC_PALETTE: [&str; 2] = ["#f0d9b5", "#b58863"];

impl BoardView {
    /// A rectangular board, rank 1 at the bottom, with file letters below and rank numbers
    /// to the left. `shade(sq)` indexes `palette`; `piece(sq)` is the piece on `sq`.
    pub fn rect(
        board: &RectBoard,
        palette: Vec<&'static str>,
        shade: impl Fn(u16) -> usize,
        piece: impl Fn(u16) -> Option<PieceView>,
    ) -> BoardView {
        let mut v = BoardView {
            shape: CellShape::Square,
            palette,
            cells: Vec::new(),
            labels: Vec::new(),
        };
        v.add_rect_panel(
            0.0,
            board.files(),
            board.ranks(),
            |f, r| {
                board
                    .square(f as i32, r as i32)
                    .map(|sq| (sq, shade(sq), piece(sq)))
            },
            |sq| board.square_name(sq),
        );
        v
    }

    /// A layered board drawn as its levels side by side, the highest level on the left,
    /// each titled `titles[level - 1]` (or "Level n").
    pub fn layered(
        board: &LayeredBoard,
        palette: Vec<&'static str>,
        titles: &[&str],
        shade: impl Fn(u16) -> usize,
        piece: impl Fn(u16) -> Option<PieceView>,
    ) -> BoardView {
        let mut v = BoardView {
            shape: CellShape::Square,
            palette,
            cells: Vec::new(),
            labels: Vec::new(),
        };
        let width = board.files() as f32 + 2.0;
        for (panel, level) in (1..=board.levels()).rev().enumerate() {
            let x0 = panel as f32 * width;
            v.add_rect_panel(
                x0,
                board.files(),
                board.ranks(),
                |f, r| {
                    board
                        .square(level as i32, f as i32, r as i32)
                        .map(|sq| (sq, shade(sq), piece(sq)))
                },
                |sq| board.square_name(sq),
            );
            let title = titles
                .get(level as usize - 1)
                .map_or_else(|| format!("Level {level}"), |t| (*t).to_owned());
            v.labels.push(LabelView {
                x: x0 + board.files() as f32 / 2.0,
                y: -0.6,
                text: title,
                size: 0.4,
            });
        }
        v
    }

    fn add_rect_panel(
        &mut self,
        x0: f32,
        files: u8,
        ranks: u8,
        cell: impl Fn(u8, u8) -> Option<(u16, usize, Option<PieceView>)>,
        name: impl Fn(u16) -> String,
    ) {
        for r in 0..ranks {
            for f in 0..files {
                if let Some((square, shade, piece)) = cell(f, r) {
                    self.cells.push(CellView {
                        square,
                        name: name(square),
                        x: x0 + f as f32 + 0.5,
                        y: (ranks - 1 - r) as f32 + 0.5,
                        shade,
                        piece,
                        mark: None,
                    });
                }
            }
        }
        for f in 0..files {
            self.labels.push(LabelView {
                x: x0 + f as f32 + 0.5,
                y: ranks as f32 + 0.4,
                text: RectBoard::file_char(f).to_string(),
                size: 0.3,
            });
        }
        for r in 0..ranks {
            self.labels.push(LabelView {
                x: x0 - 0.4,
                y: (ranks - 1 - r) as f32 + 0.5,
                text: (r + 1).to_string(),
                size: 0.3,
            });
        }
    }

    /// A hexagonal board: `centre(sq)` gives each cell's centre in cell units (the variant
    /// knows its axes); every cell gets its name in small print near its lower edge (below the piece disc,
    /// which pictures draw a little above the centre).
    pub fn hex(
        board: &HexBoard,
        shape: CellShape,
        palette: Vec<&'static str>,
        centre: impl Fn(u16) -> (f32, f32),
        shade: impl Fn(u16) -> usize,
        piece: impl Fn(u16) -> Option<PieceView>,
    ) -> BoardView {
        let mut labels = Vec::new();
        let cells = board
            .squares()
            .map(|sq| {
                let (x, y) = centre(sq);
                labels.push(LabelView {
                    x,
                    y: y + 0.35,
                    text: board.square_name(sq),
                    size: 0.2,
                });
                CellView {
                    square: sq,
                    name: board.square_name(sq),
                    x,
                    y,
                    shade: shade(sq),
                    piece: piece(sq),
                    mark: None,
                }
            })
            .collect();
        BoardView {
            shape,
            palette,
            cells,
            labels,
        }
    }

    /// The bounding box of cells and labels, `(min_x, min_y, max_x, max_y)`, in cell units.
    pub fn bounds(&self) -> (f32, f32, f32, f32) {
        let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        let pts = self
            .cells
            .iter()
            .map(|c| (c.x, c.y))
            .chain(self.labels.iter().map(|l| (l.x, l.y)));
        for (x, y) in pts {
            b = (
                b.0.min(x - 0.6),
                b.1.min(y - 0.6),
                b.2.max(x + 0.6),
                b.3.max(y + 0.6),
            );
        }
        if self.cells.is_empty() && self.labels.is_empty() {
            (0.0, 0.0, 0.0, 0.0)
        } else {
            b
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rect_view_places_a1_bottom_left() {
        let b = RectBoard::new(8, 8);
        let v = BoardView::rect(
            &b,
            CLASSIC_PALETTE.to_vec(),
            |sq| (sq as usize) % 2,
            |_| None,
        );
        assert_eq!(v.cells.len(), 64);
        let a1 = &v.cells[0];
        assert_eq!((a1.x, a1.y), (0.5, 7.5));
        assert_eq!(v.labels.len(), 16);
    }

    #[test]
    fn layered_view_has_every_cell_and_titles() {
        let b = LayeredBoard::new(3, 12, 8);
        let v = BoardView::layered(
            &b,
            CLASSIC_PALETTE.to_vec(),
            &["U", "G", "S"],
            |_| 0,
            |_| None,
        );
        assert_eq!(v.cells.len(), 288);
        assert!(v.labels.iter().any(|l| l.text == "S"));
        // The top level is drawn leftmost.
        let top = v.cells.iter().find(|c| c.square == 2 * 96).unwrap();
        let bottom = v.cells.iter().find(|c| c.square == 0).unwrap();
        assert!(top.x < bottom.x);
    }
}
