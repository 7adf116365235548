//! Where cells and labels go on the picture: turned half round for the second player, and
//! the panels of a layered board (Dragonchess's three levels) side by side or stacked.
//!
//! A *panel* is a group of square cells separated from the next by an empty gap wider than
//! a cell (the levels that [`BoardView::layered`] draws side by side). A board of one panel
//! (any square or hexagonal board) turns round as a whole; a board of several panels turns
//! each panel round in its place, so the order of the levels stays (highest first), and
//! its coordinates stay on the left and bottom edges, following their cells.

use fairy_kernel::view::{BoardView, CellShape};

/// Gap between two columns of cell centres that starts a new panel, in cell units.
const PANEL_GAP: f32 = 1.5;
/// Room between stacked panels (titles and file letters), in cell units.
const STACK_GAP: f32 = 2.0;

/// The extent of one panel's cell centres, in cell units.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Panel {
    x0: f32,
    x1: f32,
    y0: f32,
    y1: f32,
}

impl Panel {
    /// Distance of `x` from the panel's columns (0 inside).
    fn distance(&self, x: f32) -> f32 {
        (self.x0 - x).max(x - self.x1).max(0.0)
    }
}

/// The panels of `view`, left to right (one for boards without gaps, none without cells).
fn panels(view: &BoardView) -> Vec<Panel> {
    if view.shape != CellShape::Square {
        return Vec::new();
    }
    let mut xs: Vec<f32> = view.cells.iter().map(|c| c.x).collect();
    xs.sort_by(f32::total_cmp);
    xs.dedup();
    let mut out: Vec<Panel> = Vec::new();
    for x in xs {
        match out.last_mut() {
            Some(p) if x - p.x1 <= PANEL_GAP => p.x1 = x,
            _ => out.push(Panel {
                x0: x,
                x1: x,
                y0: f32::MAX,
                y1: f32::MIN,
            }),
        }
    }
    for c in &view.cells {
        if let Some(p) = out.iter_mut().find(|p| p.distance(c.x) == 0.0) {
            p.y0 = p.y0.min(c.y);
            p.y1 = p.y1.max(c.y);
        }
    }
    out
}

/// The index of the panel nearest to `x`.
fn nearest(panels: &[Panel], x: f32) -> usize {
    panels
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.distance(x).total_cmp(&b.1.distance(x)))
        .map_or(0, |(i, _)| i)
}

/// The number of panels of `view` (several for a layered board drawn side by side).
pub fn panel_count(view: &BoardView) -> usize {
    panels(view).len()
}

/// `view` turned half round when `flipped` and its panels stacked top to bottom (the
/// leftmost on top) when `stacked` (a board of one panel does not change for `stacked`).
pub fn arrange(view: &BoardView, flipped: bool, stacked: bool) -> BoardView {
    let mut v = view.clone();
    let ps = panels(view);
    if ps.len() < 2 {
        if flipped {
            for c in &mut v.cells {
                (c.x, c.y) = (-c.x, -c.y);
            }
            for l in &mut v.labels {
                (l.x, l.y) = (-l.x, -l.y);
            }
        }
        return v;
    }
    let inside = |lo: f32, hi: f32, z: f32| z >= lo - 0.01 && z <= hi + 0.01;
    let top = ps[0].y0;
    let height = ps.iter().map(|p| p.y1 - p.y0 + 1.0).fold(0.0, f32::max);
    // Moves a point of panel `i`: turned round within the panel, then stacked.
    let place = |i: usize, x: f32, y: f32| {
        let p = ps[i];
        let (mut x, mut y) = (x, y);
        if flipped {
            if inside(p.x0, p.x1, x) {
                x = p.x0 + p.x1 - x;
            }
            if inside(p.y0, p.y1, y) {
                y = p.y0 + p.y1 - y;
            }
        }
        if stacked {
            x += ps[0].x0 - p.x0;
            y += top - p.y0 + i as f32 * (height + STACK_GAP);
        }
        (x, y)
    };
    for c in &mut v.cells {
        (c.x, c.y) = place(nearest(&ps, c.x), c.x, c.y);
    }
    for l in &mut v.labels {
        (l.x, l.y) = place(nearest(&ps, l.x), l.x, l.y);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairy_kernel::view::{PieceView, CLASSIC_PALETTE};
    use fairy_kernel::{Color, LayeredBoard, RectBoard};

    fn three_levels() -> BoardView {
        let b = LayeredBoard::new(3, 4, 3);
        BoardView::layered(
            &b,
            CLASSIC_PALETTE.to_vec(),
            &["Low", "Middle", "High"],
            |_| 0,
            |_| None,
        )
    }

    fn cell(v: &BoardView, name: &str) -> (f32, f32) {
        let c = v.cells.iter().find(|c| c.name == name).expect("a cell");
        (c.x, c.y)
    }

    fn title_x(v: &BoardView, text: &str) -> f32 {
        v.labels.iter().find(|l| l.text == text).expect("a title").x
    }

    #[test]
    fn a_layered_board_has_a_panel_a_level() {
        assert_eq!(panel_count(&three_levels()), 3);
        let plain = BoardView::rect(
            &RectBoard::new(8, 8),
            CLASSIC_PALETTE.to_vec(),
            |_| 0,
            |_| {
                Some(PieceView {
                    letter: 'P',
                    color: Color::White,
                })
            },
        );
        assert_eq!(panel_count(&plain), 1);
    }

    #[test]
    fn flipping_keeps_the_order_of_the_levels() {
        let v = three_levels();
        let f = arrange(&v, true, false);
        // The highest level stays leftmost, the lowest rightmost.
        assert!(title_x(&f, "High") < title_x(&f, "Middle"));
        assert!(title_x(&f, "Middle") < title_x(&f, "Low"));
        // Each level turns round in its own place: its first cell goes from bottom left
        // to top right of the same panel.
        let names: Vec<String> = v.cells.iter().map(|c| c.name.clone()).collect();
        let first = &names[0];
        let (x, y) = cell(&v, first);
        let (fx, fy) = cell(&f, first);
        assert!(fx > x && fy < y, "{first}: ({x}, {y}) -> ({fx}, {fy})");
        assert!((fx - x).abs() < 4.0, "stays in its panel");
        // Titles stay above their boards.
        let t = f.labels.iter().find(|l| l.text == "High").expect("title");
        assert!(t.y < 0.0);
    }

    #[test]
    fn stacking_puts_the_levels_one_below_the_other() {
        let v = three_levels();
        for flipped in [false, true] {
            let s = arrange(&v, flipped, true);
            let (x0, _, x1, _) = s.bounds();
            assert!(x1 - x0 < 6.0, "one level wide: {x0}..{x1}");
            let y = |t: &str| s.labels.iter().find(|l| l.text == t).expect("title").y;
            assert!(y("High") < y("Middle") && y("Middle") < y("Low"));
            // No two cells share a place.
            let mut places: Vec<(i32, i32)> = s
                .cells
                .iter()
                .map(|c| ((c.x * 10.0) as i32, (c.y * 10.0) as i32))
                .collect();
            places.sort_unstable();
            places.dedup();
            assert_eq!(places.len(), s.cells.len());
        }
    }

    #[test]
    fn a_single_board_turns_round_as_a_whole() {
        let v = BoardView::rect(
            &RectBoard::new(4, 4),
            CLASSIC_PALETTE.to_vec(),
            |_| 0,
            |_| None,
        );
        let f = arrange(&v, true, true);
        assert_eq!(cell(&f, "a1"), (-0.5, -3.5));
    }
}
