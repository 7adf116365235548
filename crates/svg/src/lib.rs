//! # fairy-svg
//!
//! SVG pictures of positions of any fairy variant, drawn with the `svg` crate from the
//! variant's [`BoardView`] (the drawing model every variant crate provides through
//! `Game::board_view`): square boards, hexagonal boards and layered boards.
//!
//! ```
//! use fairy_kernel::view::{BoardView, PieceView, CLASSIC_PALETTE};
//! use fairy_kernel::{Color, RectBoard};
//! let board = RectBoard::new(8, 8);
//! let view = BoardView::rect(&board, CLASSIC_PALETTE.to_vec(), |sq| (sq as usize) % 2, |sq| {
//!     (sq == 4).then_some(PieceView { letter: 'K', color: Color::White })
//! });
//! let svg = fairy_svg::render(&view, &[]).to_string();
//! assert!(svg.starts_with("<svg"));
//! ```

use fairy_kernel::view::{BoardView, CellShape};
use fairy_kernel::Color;
use svg::node::element::{Circle, Group, Polygon, Rectangle, Text};
/// The SVG document type [`render`] returns (from the `svg` crate); `to_string()` gives the text.
pub use svg::Document;

/// Pixels per cell unit.
const UNIT: f32 = 48.0;
/// Outline colour of the last move's cells.
const LAST_MOVE: &str = "#2e7dd7";
/// Outline colour of marked cells: castles red, anything else (impregnable fields) purple.
fn mark_colour(mark: &str) -> &'static str {
    match mark {
        "castle" => "#c0392b",
        _ => "#8e44ad",
    }
}

fn hexagon_points(shape: CellShape, cx: f32, cy: f32) -> String {
    // Corner radius so that neighbouring centres one unit apart share an edge.
    let r = 1.0 / 3f32.sqrt();
    let start = match shape {
        CellShape::PointyHexagon => 30f32,
        _ => 0f32,
    };
    (0..6)
        .map(|i| {
            let a = (start + 60.0 * i as f32).to_radians();
            format!(
                "{:.2},{:.2}",
                (cx + r * a.cos()) * UNIT,
                (cy + r * a.sin()) * UNIT
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Renders `view` as an SVG document; cells in `highlight` get a blue outline.
pub fn render(view: &BoardView, highlight: &[u16]) -> Document {
    let (x0, y0, x1, y1) = view.bounds();
    let mut cells = Group::new().set("id", "cells");
    let mut pieces = Group::new().set("id", "pieces");
    for c in &view.cells {
        let fill = view.palette.get(c.shade).copied().unwrap_or("#cccccc");
        let (stroke, width) = if highlight.contains(&c.square) {
            (LAST_MOVE, 3.0)
        } else if let Some(m) = c.mark {
            (mark_colour(m), 3.0)
        } else {
            ("#555555", 0.5)
        };
        match view.shape {
            CellShape::Square => {
                cells = cells.add(
                    Rectangle::new()
                        .set("x", (c.x - 0.5) * UNIT)
                        .set("y", (c.y - 0.5) * UNIT)
                        .set("width", UNIT)
                        .set("height", UNIT)
                        .set("fill", fill)
                        .set("stroke", stroke)
                        .set("stroke-width", width),
                );
            }
            shape => {
                cells = cells.add(
                    Polygon::new()
                        .set("points", hexagon_points(shape, c.x, c.y))
                        .set("fill", fill)
                        .set("stroke", stroke)
                        .set("stroke-width", width),
                );
            }
        }
        if let Some(p) = c.piece {
            let (disc, ink) = match p.color {
                Color::White => ("#ffffff", "#000000"),
                Color::Black => ("#222222", "#ffffff"),
            };
            let letter = match p.color {
                Color::White => p.letter.to_ascii_uppercase(),
                Color::Black => p.letter.to_ascii_lowercase(),
            };
            pieces = pieces.add(
                Group::new()
                    .set("class", "piece")
                    .set("data-square", c.square)
                    .add(
                        Circle::new()
                            .set("cx", c.x * UNIT)
                            .set("cy", c.y * UNIT)
                            .set("r", UNIT * 0.36)
                            .set("fill", disc)
                            .set("stroke", "#000000"),
                    )
                    .add(
                        Text::new(letter.to_string())
                            .set("x", c.x * UNIT)
                            .set("y", c.y * UNIT)
                            .set("text-anchor", "middle")
                            .set("dominant-baseline", "central")
                            .set("font-family", "sans-serif")
                            .set("font-weight", "bold")
                            .set("font-size", UNIT * 0.45)
                            .set("fill", ink),
                    ),
            );
        }
    }
    // Labels are drawn last so that cell names stay readable beside the pieces.
    let mut labels = Group::new()
        .set("id", "labels")
        .set("font-family", "sans-serif")
        .set("text-anchor", "middle")
        .set("dominant-baseline", "central");
    for l in &view.labels {
        labels = labels.add(
            Text::new(l.text.clone())
                .set("x", l.x * UNIT)
                .set("y", l.y * UNIT)
                .set("font-size", l.size * UNIT),
        );
    }
    let (w, h) = ((x1 - x0) * UNIT, (y1 - y0) * UNIT);
    Document::new()
        .set("viewBox", (x0 * UNIT, y0 * UNIT, w, h))
        .set("width", w)
        .set("height", h)
        .add(
            Rectangle::new()
                .set("x", x0 * UNIT)
                .set("y", y0 * UNIT)
                .set("width", w)
                .set("height", h)
                .set("fill", "#ffffff"),
        )
        .add(cells)
        .add(pieces)
        .add(labels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairy_kernel::view::{PieceView, CLASSIC_PALETTE};
    use fairy_kernel::RectBoard;

    #[test]
    fn renders_every_piece_and_cell() {
        let b = RectBoard::new(8, 8);
        let view = BoardView::rect(
            &b,
            CLASSIC_PALETTE.to_vec(),
            |sq| (sq as usize + sq as usize / 8) % 2,
            |sq| {
                (sq < 3).then_some(PieceView {
                    letter: 'Q',
                    color: if sq == 0 { Color::White } else { Color::Black },
                })
            },
        );
        let text = render(&view, &[0]).to_string();
        assert_eq!(text.matches("class=\"piece\"").count(), 3);
        assert_eq!(text.matches("<rect").count(), 65);
        assert!(text.contains(LAST_MOVE));
    }
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
