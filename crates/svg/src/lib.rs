//! # fairy-svg
//!
//! SVG pictures of positions of any fairy variant, drawn from the
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

mod element;
mod layout;
pub use element::{Element, Value};
pub use layout::{arrange, panel_count};
/// The SVG document [`render`] returns (its root `svg` element); `to_string()` gives the
/// text.
pub type Document = Element;

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

/// One line of a picture's legend: a swatch and what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendEntry {
    /// How the swatch is drawn.
    pub swatch: Swatch,
    /// What it means, in words.
    pub text: String,
}

/// The swatch of a [`LegendEntry`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swatch {
    /// A filled square of this `#rrggbb` colour.
    Fill(String),
    /// A square outlined in this colour.
    Outline(String),
    /// A piece letter on a disc.
    Letter(char),
}

/// Everything about a picture beyond the board view: marked cells, a status line, a legend
/// and the sides' names (which choose the pieces' colours: `gold`/`scarlet` discs in
/// Dragonchess, white/black elsewhere).
#[derive(Clone, Debug, Default)]
pub struct Style<'a> {
    /// Cells outlined in blue (the last move).
    pub highlight: &'a [u16],
    /// Cells outlined in red (a king in check).
    pub check: &'a [u16],
    /// A line under the board, such as `white to move`.
    pub status: Option<&'a str>,
    /// Lines under the board explaining letters, colours and outlines.
    pub legend: &'a [LegendEntry],
    /// The names of the sides, first player first; white/black when empty.
    pub sides: [&'a str; 2],
    /// Turn the board half round (the second player's view); the levels of a layered
    /// board keep their order, each turned round in its place.
    pub flipped: bool,
    /// Draw the levels of a layered board one below the other (for a narrow screen)
    /// instead of side by side.
    pub stacked: bool,
}

/// Outline colour of a king in check.
const CHECK: &str = "#e02020";
/// Fill of the cell of a king in check (a red that no palette uses).
const CHECK_FILL: &str = "#ff5a4f";

/// Disc fill, outline and letter ink of a piece of side `side` named `name`.
fn piece_colours(name: &str, side: Color) -> (&'static str, &'static str, &'static str) {
    match (name, side) {
        // A dark outline keeps gold discs apart from amber and orange cells.
        ("gold", _) => ("#f5c518", "#2a1c00", "#2a1c00"),
        ("scarlet", _) => ("#b3122e", "#ffffff", "#ffffff"),
        (_, Color::White) => ("#ffffff", "#000000", "#000000"),
        (_, Color::Black) => ("#222222", "#000000", "#ffffff"),
    }
}

/// The `y` of a text's baseline that puts the middle of its capitals (or digits) at `cy`:
/// capitals of common sans-serif fonts are about 0.72 of the font size high.
fn baseline(cy: f32, size: f32) -> f32 {
    cy + 0.36 * size
}

/// Renders `view` as an SVG document; cells in `highlight` get a blue outline.
pub fn render(view: &BoardView, highlight: &[u16]) -> Document {
    render_styled(
        view,
        &Style {
            highlight,
            ..Style::default()
        },
    )
}

/// Renders `view` with `style`. Every cell (`class="cell"`) and piece (`class="piece"`)
/// carries `data-square` with the square's name, so a page can tell which was clicked.
pub fn render_styled(view: &BoardView, style: &Style<'_>) -> Document {
    let v = arrange(view, style.flipped, style.stacked);
    let view = &v;
    let hex = view.shape != CellShape::Square;
    let (x0, y0, x1, mut y1) = view.bounds();
    let mut cells = Element::new("g").set("id", "cells");
    let mut pieces = Element::new("g").set("id", "pieces");
    for c in &view.cells {
        let mut fill = view.palette.get(c.shade).copied().unwrap_or("#cccccc");
        let (stroke, width) = if style.check.contains(&c.square) {
            fill = CHECK_FILL;
            (CHECK, 4.0)
        } else if style.highlight.contains(&c.square) {
            (LAST_MOVE, 3.0)
        } else if let Some(m) = c.mark {
            (mark_colour(m), 3.0)
        } else {
            ("#555555", 0.5)
        };
        cells = cells.child(
            shape_node(view.shape, c.x, c.y, fill, stroke, width)
                .set("class", "cell")
                .set("data-square", c.name.clone()),
        );
        if let Some(p) = c.piece {
            let name = style.sides[p.color.index()];
            let (disc, edge, ink) = piece_colours(name, p.color);
            let size = UNIT * if hex { 0.38 } else { 0.45 };
            let (cy, r) = if hex {
                (c.y - 0.1, UNIT * 0.3)
            } else {
                (c.y, UNIT * 0.36)
            };
            pieces = pieces.child(
                Element::new("g")
                    .set("class", "piece")
                    .set("data-square", c.name.clone())
                    .child(
                        Element::new("circle")
                            .set("cx", c.x * UNIT)
                            .set("cy", cy * UNIT)
                            .set("r", r)
                            .set("fill", disc)
                            .set("stroke", edge)
                            .set("stroke-width", if name == "gold" { 3.0 } else { 1.5 }),
                    )
                    .child(
                        Element::text("text", p.letter.to_ascii_uppercase().to_string())
                            .set("x", c.x * UNIT)
                            .set("y", baseline(cy * UNIT, size))
                            .set("text-anchor", "middle")
                            .set("font-family", "DejaVu Sans, Arial, sans-serif")
                            .set("font-weight", "bold")
                            .set("font-size", size)
                            .set("fill", ink),
                    ),
            );
        }
    }
    // Labels are drawn last so that cell names stay readable beside the pieces.
    let mut labels = Element::new("g")
        .set("id", "labels")
        .set("font-family", "DejaVu Sans, Arial, sans-serif")
        .set("text-anchor", "middle")
        .set("fill", "#222222");
    for l in &view.labels {
        labels = labels.child(
            Element::text("text", l.text.clone())
                .set("x", l.x * UNIT)
                .set("y", baseline(l.y * UNIT, l.size * UNIT))
                .set("font-size", l.size * UNIT),
        );
    }
    // Status and legend lines under the board.
    let mut notes = Element::new("g")
        .set("id", "notes")
        .set("font-family", "DejaVu Sans, Arial, sans-serif")
        .set("font-size", UNIT * 0.32);
    let line = 0.5;
    let mut y = y1 + 0.1;
    if let Some(status) = style.status {
        y += line;
        notes = notes.child(
            Element::text("text", status.to_owned())
                .set("id", "status")
                .set("x", (x0 + 0.2) * UNIT)
                .set("y", baseline(y * UNIT, UNIT * 0.32))
                .set("font-weight", "bold"),
        );
    }
    // The legend in columns of equal width.
    // Text of 0.26 units is about 0.16 units a character wide.
    let longest = style
        .legend
        .iter()
        .map(|e| e.text.chars().count())
        .max()
        .unwrap_or(0);
    let needed = (longest as f32 * 0.16 + 0.7).max(2.5);
    let columns = (((x1 - x0 - 0.4) / needed).floor() as usize).max(1);
    let col_w = (x1 - x0 - 0.4) / columns as f32;
    for (i, e) in style.legend.iter().enumerate() {
        if i % columns == 0 {
            y += line;
        }
        let sx = x0 + 0.2 + (i % columns) as f32 * col_w;
        let sw = 0.34;
        let swatch = match &e.swatch {
            Swatch::Fill(c) => Element::new("g").child(
                Element::new("rect")
                    .set("x", sx * UNIT)
                    .set("y", (y - sw / 2.0) * UNIT)
                    .set("width", sw * UNIT)
                    .set("height", sw * UNIT)
                    .set("fill", c.clone())
                    .set("stroke", "#555555"),
            ),
            Swatch::Outline(c) => Element::new("g").child(
                Element::new("rect")
                    .set("x", sx * UNIT)
                    .set("y", (y - sw / 2.0) * UNIT)
                    .set("width", sw * UNIT)
                    .set("height", sw * UNIT)
                    .set("fill", "#ffffff")
                    .set("stroke", c.clone())
                    .set("stroke-width", 3),
            ),
            Swatch::Letter(ch) => Element::new("g")
                .child(
                    Element::new("circle")
                        .set("cx", (sx + sw / 2.0) * UNIT)
                        .set("cy", y * UNIT)
                        .set("r", sw / 2.0 * UNIT)
                        .set("fill", "#ffffff")
                        .set("stroke", "#000000"),
                )
                .child(
                    Element::text("text", ch.to_string())
                        .set("x", (sx + sw / 2.0) * UNIT)
                        .set("y", baseline(y * UNIT, UNIT * 0.24))
                        .set("text-anchor", "middle")
                        .set("font-weight", "bold")
                        .set("font-size", UNIT * 0.24),
                ),
        };
        notes = notes.child(swatch).child(
            Element::text("text", e.text.clone())
                .set("x", (sx + sw + 0.12) * UNIT)
                .set("y", baseline(y * UNIT, UNIT * 0.26))
                .set("font-size", UNIT * 0.26),
        );
    }
    if style.status.is_some() || !style.legend.is_empty() {
        y1 = y + 0.4;
    }
    let (w, h) = ((x1 - x0) * UNIT, (y1 - y0) * UNIT);
    Element::new("svg")
        .set("xmlns", "http://www.w3.org/2000/svg")
        .set("viewBox", (x0 * UNIT, y0 * UNIT, w, h))
        .set("width", w)
        .set("height", h)
        .child(
            Element::new("rect")
                .set("x", x0 * UNIT)
                .set("y", y0 * UNIT)
                .set("width", w)
                .set("height", h)
                .set("fill", "#ffffff"),
        )
        .child(cells)
        .child(pieces)
        .child(labels)
        .child(notes)
}

/// A cell's outline: a square or a hexagon around `(x, y)`.
fn shape_node(
    shape: CellShape,
    x: f32,
    y: f32,
    fill: &'static str,
    stroke: &'static str,
    width: f32,
) -> Element {
    let g = Element::new("g");
    match shape {
        CellShape::Square => g.child(
            Element::new("rect")
                .set("x", (x - 0.5) * UNIT)
                .set("y", (y - 0.5) * UNIT)
                .set("width", UNIT)
                .set("height", UNIT)
                .set("fill", fill)
                .set("stroke", stroke)
                .set("stroke-width", width),
        ),
        shape => g.child(
            Element::new("polygon")
                .set("points", hexagon_points(shape, x, y))
                .set("fill", fill)
                .set("stroke", stroke)
                .set("stroke-width", width),
        ),
    }
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
        assert!(text.contains("data-square=\"a1\""));
        assert!(text.contains(LAST_MOVE));
    }

    fn one_piece_view(color: Color) -> BoardView {
        let b = RectBoard::new(4, 4);
        BoardView::rect(
            &b,
            CLASSIC_PALETTE.to_vec(),
            |_| 0,
            |sq| (sq == 5).then_some(PieceView { letter: 'K', color }),
        )
    }

    #[test]
    fn letters_are_centred_by_geometry() {
        let text = render(&one_piece_view(Color::White), &[]).to_string();
        assert!(!text.contains("dominant-baseline"));
        // b2 is the cell at x 1.5, y 2.5 (rank 1 at the bottom of four).
        let cy = 2.5 * UNIT;
        let size = UNIT * 0.45;
        let want = format!("y=\"{}\"", cy + 0.36 * size);
        assert!(text.contains(&want), "{want} in {text}");
        assert!(text.contains("data-square=\"b2\""));
    }

    #[test]
    fn side_names_choose_the_disc_colours() {
        let view = one_piece_view(Color::Black);
        let plain = render(&view, &[]).to_string();
        let style = Style {
            sides: ["gold", "scarlet"],
            ..Style::default()
        };
        let dragon = render_styled(&view, &style).to_string();
        let dark = |t: &str| t.matches("fill=\"#222222\"").count();
        // The black disc is dark; the scarlet one replaces it.
        assert_eq!(dark(&plain), dark(&dragon) + 1);
        assert!(dragon.contains("fill=\"#b3122e\"") && !plain.contains("#b3122e"));
    }

    #[test]
    fn status_legend_and_flip() {
        let view = one_piece_view(Color::White);
        let legend = [LegendEntry {
            swatch: Swatch::Outline("#c0392b".into()),
            text: "castle cell".into(),
        }];
        let style = Style {
            status: Some("white to move"),
            legend: &legend,
            flipped: true,
            ..Style::default()
        };
        let text = render_styled(&view, &style).to_string();
        assert!(text.contains("white to move") && text.contains("castle cell"));
        // Turned round, b2 is centred at (-1.5, -2.5) cell units.
        assert!(text.contains(&format!("cx=\"{}\"", -1.5 * UNIT)));
    }

    /// The WCAG contrast ratio of two `#rrggbb` colours.
    fn contrast(a: &str, b: &str) -> f64 {
        let lum = |c: &str| {
            let ch = |i: usize| {
                let v = f64::from(u8::from_str_radix(&c[i..i + 2], 16).expect("hex")) / 255.0;
                if v <= 0.03928 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * ch(1) + 0.7152 * ch(3) + 0.0722 * ch(5)
        };
        let (x, y) = (lum(a), lum(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    #[test]
    fn gold_pieces_stand_out_on_amber_and_orange_cells() {
        let (disc, edge, ink) = piece_colours("gold", Color::White);
        // On amber and orange cells the gold disc itself hardly shows: its outline must.
        for cell in ["#e0a526", "#f0a030"] {
            let c = contrast(edge, cell);
            assert!(c >= 4.5, "gold outline on {cell}: {c}");
        }
        // On every Dragonchess cell the disc or its outline stands out (WCAG's 3:1 for
        // graphics).
        for cell in [
            "#8b4513", "#c0392b", "#e0a526", "#c8e6a0", "#6fa8dc", "#f4f8ff",
        ] {
            let best = contrast(edge, cell).max(contrast(disc, cell));
            assert!(best >= 3.0, "gold on {cell}: {best}");
        }
        assert!(contrast(ink, disc) >= 7.0);
    }

    #[test]
    fn a_king_in_check_has_its_cell_filled_red() {
        let view = one_piece_view(Color::White);
        let square = view
            .cells
            .iter()
            .find(|c| c.piece.is_some())
            .expect("king")
            .square;
        let style = Style {
            check: &[square],
            ..Style::default()
        };
        let text = render_styled(&view, &style).to_string();
        assert_eq!(text.matches(CHECK_FILL).count(), 1);
        assert!(!render(&view, &[]).to_string().contains(CHECK_FILL));
    }
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
