//! The text drawing of any position from its drawing model ([`BoardView`]), the one board
//! `fairy show` and `fairy play` print. Square boards: each cell on a grid of files and
//! ranks read from the cell's name (`e4`, `f11`, level-prefixed `3c4`), levels side by side.
//! Hexagonal boards: each cell where the picture has it, so the drawing is the hexagon
//! itself, empty cells in their shade. Either board may be turned half round, the cells of
//! the last move are bracketed (`[K]`), Chess-T's castle cells put in parentheses (`(K)`)
//! and its empty impregnable fields drawn `*`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::view::{BoardView, CellShape, CellView};
use crate::Color;

/// The characters of an empty cell by shade on hexagonal boards (light, medium, dark).
const SHADE_CHARS: [char; 3] = ['.', ':', '*'];

/// The brackets around a cell: the last move's `[ ]` first, then a castle cell's `( )`.
fn decoration(cell: &CellView, marked: &[u16]) -> Option<(char, char)> {
    if marked.contains(&cell.square) {
        Some(('[', ']'))
    } else if cell.mark == Some("castle") {
        Some(('(', ')'))
    } else {
        None
    }
}

/// The character of a cell: the piece letter (upper case for the first side), else `*` on
/// an impregnable field, else the shade on hexagonal boards (`.` on square ones).
fn glyph(cell: &CellView, shaded: bool) -> char {
    match cell.piece {
        Some(p) if p.color == Color::White => p.letter.to_ascii_uppercase(),
        Some(p) => p.letter.to_ascii_lowercase(),
        None if cell.mark == Some("impregnable") => '*',
        None if shaded => SHADE_CHARS[cell.shade % SHADE_CHARS.len()],
        None => '.',
    }
}

/// Draws `view` as text, the one drawing of every front: [`render_grouped`] for square
/// boards, [`render_hex`] for hexagonal ones. With `flip` the board is turned half round;
/// the cells in `marked` (the last move) are bracketed; `groups` divide the files of a
/// square board (Imperial Regicide's fronts).
pub fn draw(view: &BoardView, flip: bool, marked: &[u16], groups: &[(&str, &str)]) -> String {
    match view.shape {
        CellShape::Square => render_grouped(view, flip, marked, groups),
        CellShape::FlatHexagon | CellShape::PointyHexagon => render_hex(view, flip, marked),
    }
}

/// The lines explaining a drawing of `view`: the letter case of the sides (`side_names`,
/// first side first), the shades of empty hexagonal cells, and the marked cells by name
/// (`( ) castle cell (d1 e1 ...)`, `* impregnable field (b4 b5)`).
pub fn legend(view: &BoardView, side_names: [&str; 2]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut case = format!("upper case {}, lower case {}", side_names[0], side_names[1]);
    if view.shape != CellShape::Square {
        let names: &[&str] = match view.palette.len() {
            0 | 1 => &["empty"],
            2 => &["light", "dark"],
            _ => &["light", "medium", "dark"],
        };
        let shades: Vec<String> = names
            .iter()
            .zip(SHADE_CHARS)
            .map(|(n, c)| format!("{c} {n}"))
            .collect();
        case.push_str(&format!("; empty cells: {}", shades.join(", ")));
    }
    lines.push(case);
    let mut marks: Vec<(&str, Vec<String>)> = Vec::new();
    for c in &view.cells {
        if let Some(m) = c.mark {
            match marks.iter_mut().find(|(k, _)| *k == m) {
                Some((_, cells)) => cells.push(c.name.clone()),
                None => marks.push((m, vec![c.name.clone()])),
            }
        }
    }
    if !marks.is_empty() {
        let parts: Vec<String> = marks
            .iter()
            .map(|(m, cells)| {
                let sign = match *m {
                    "castle" => "( ) castle cell",
                    "impregnable" => "* impregnable field",
                    other => other,
                };
                format!("{sign} ({})", cells.join(" "))
            })
            .collect();
        lines.push(parts.join(", "));
    }
    lines
}

/// The cell's name split into its letters and number (`k1` -> `("k", 1)`), levels aside.
fn letters_and_number(name: &str) -> Option<(String, u32)> {
    split_name(name).map(|(_, f, r)| (f, r))
}

/// Draws a hexagonal board: every cell at its place in the picture (a cell is three
/// characters: bracket, piece or shade, bracket) and its coordinates: when every text
/// column holds one file (Gliński), the file letters on a line below and the picture's
/// rank numbers where it puts them; when every text line holds one line of the board
/// (Dainy), the line's cells on its right (`k1-k5`). Single letters are always pieces.
pub fn render_hex(view: &BoardView, flip: bool, marked: &[u16]) -> String {
    // Text columns and rows per cell unit: neighbours four columns apart.
    let (sx, sy) = match view.shape {
        CellShape::FlatHexagon => (4.0 / 0.866_025_4, 2.0),
        _ => (4.0, 1.0 / 0.866_025_4),
    };
    let turn = if flip { -1.0 } else { 1.0 };
    let place = |x: f32, y: f32| {
        (
            (x * turn * sx).round() as i64,
            (y * turn * sy).round() as i64,
        )
    };
    // (row, first column, text)
    let mut items: Vec<(i64, i64, String)> = Vec::new();
    let mut rows: BTreeMap<i64, Vec<(i64, &CellView)>> = BTreeMap::new();
    for c in &view.cells {
        let (col, row) = place(c.x, c.y);
        let (open, close) = decoration(c, marked).unwrap_or((' ', ' '));
        items.push((row, col - 1, format!("{open}{}{close}", glyph(c, true))));
        rows.entry(row).or_default().push((col, c));
    }
    // Files drawn as text columns (Gliński): their letters on one line below the board, in
    // place of the picture's letters along the lower edge.
    let mut columns: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    for c in &view.cells {
        if let Some((letters, _)) = letters_and_number(&c.name) {
            columns.entry(place(c.x, c.y).0).or_default().push(letters);
        }
    }
    let by_file = columns.len() > 1 && columns.values().all(|ls| ls.iter().all(|l| *l == ls[0]));
    if by_file {
        let below = rows.keys().max().copied().unwrap_or(0) + 2;
        for (col, letters) in &columns {
            items.push((below, *col, letters[0].clone()));
        }
    }
    let coordinate_labels: Vec<_> = view
        .labels
        .iter()
        .filter(|l| l.size >= 0.25)
        .filter(|l| !(by_file && l.text.chars().all(|c| c.is_ascii_alphabetic())))
        .collect();
    for l in &coordinate_labels {
        let (col, row) = place(l.x, l.y);
        let len = l.text.chars().count() as i64;
        items.push((row, col - (len - 1) / 2, l.text.clone()));
    }
    if coordinate_labels.is_empty() && !by_file {
        for cells in rows.values() {
            let named: Vec<(String, u32)> = cells
                .iter()
                .filter_map(|(_, c)| letters_and_number(&c.name))
                .collect();
            let Some((letters, _)) = named.first() else {
                continue;
            };
            if named.len() != cells.len() || named.iter().any(|(l, _)| l != letters) {
                continue;
            }
            let lo = named.iter().map(|n| n.1).min().unwrap_or(0);
            let hi = named.iter().map(|n| n.1).max().unwrap_or(0);
            let Some(last) = cells.iter().map(|c| c.0).max() else {
                continue;
            };
            let row = place(cells[0].1.x, cells[0].1.y).1;
            items.push((row, last + 3, format!("{letters}{lo}-{letters}{hi}")));
        }
    }
    let min_col = items.iter().map(|i| i.1).min().unwrap_or(0);
    let min_row = items.iter().map(|i| i.0).min().unwrap_or(0);
    let max_row = items.iter().map(|i| i.0).max().unwrap_or(0);
    let mut grid: Vec<Vec<char>> = vec![Vec::new(); (max_row - min_row + 1) as usize];
    for (row, col, text) in items {
        let line = &mut grid[(row - min_row) as usize];
        let start = (col - min_col) as usize;
        for (i, ch) in text.chars().enumerate() {
            if line.len() <= start + i {
                line.resize(start + i + 1, ' ');
            }
            // A cell's blank bracket never hides a label or a neighbour's bracket.
            if ch != ' ' || line[start + i] == ' ' {
                line[start + i] = ch;
            }
        }
    }
    let mut out = String::new();
    for line in grid {
        let text: String = line.into_iter().collect();
        let text = text.trim_end();
        if !text.is_empty() {
            out.push_str(text);
            out.push('\n');
        }
    }
    out
}

/// A cell name split into its level (0 without levels), file letters and rank number.
fn split_name(name: &str) -> Option<(u32, String, u32)> {
    let level_len = name.len() - name.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let level = if level_len > 0 {
        name[..level_len].parse().ok()?
    } else {
        0
    };
    let rest = &name[level_len..];
    let file_len = rest.len()
        - rest
            .trim_start_matches(|c: char| c.is_ascii_alphabetic())
            .len();
    if file_len == 0 || file_len == rest.len() {
        return None;
    }
    let rank = rest[file_len..].parse().ok()?;
    Some((level, rest[..file_len].to_owned(), rank))
}

/// Files in board order: by length, then alphabetically (`a` .. `z`, `aa` ..).
fn file_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// One level's cells: rank -> file -> (the character drawn, its brackets if any).
type Ranks = BTreeMap<u32, BTreeMap<String, (char, Option<(char, char)>)>>;

/// Whether the first side's pieces stand on the upper half of the drawing (Imperial
/// Regicide's White does), so that turning the board puts them at the bottom.
pub fn first_side_on_top(view: &BoardView) -> bool {
    let mut sum = [0f32; 2];
    let mut n = [0f32; 2];
    for c in &view.cells {
        if let Some(p) = c.piece {
            sum[p.color.index()] += c.y;
            n[p.color.index()] += 1.0;
        }
    }
    n[0] > 0.0 && n[1] > 0.0 && sum[0] / n[0] < sum[1] / n[1]
}

/// Draws `view` as text. With `flip` the board is turned half round (the last rank at the
/// bottom, files right to left). Cells whose square is in `marked` are put in brackets.
pub fn render(view: &BoardView, flip: bool, marked: &[u16]) -> String {
    render_grouped(view, flip, marked, &[])
}

/// [`render`] with the files divided into named groups (`(name, first file)`, left to right,
/// as [`Presentation::file_groups`](crate::Presentation::file_groups) gives them): a `|` between groups and the names above the board.
pub fn render_grouped(
    view: &BoardView,
    flip: bool,
    marked: &[u16],
    groups: &[(&str, &str)],
) -> String {
    // The group of a file: the last group starting at or before it.
    let group_of = |file: &str| {
        groups
            .iter()
            .rposition(|(_, first)| file_order(first, file) != std::cmp::Ordering::Greater)
            .unwrap_or(0)
    };
    let mut levels: BTreeMap<u32, Ranks> = BTreeMap::new();
    let mut level_x: BTreeMap<u32, f32> = BTreeMap::new();
    let mut files: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for c in &view.cells {
        let Some((level, file, rank)) = split_name(&c.name) else {
            continue;
        };
        let ch = glyph(c, false);
        let x = level_x.entry(level).or_insert(c.x);
        *x = x.min(c.x);
        let fs = files.entry(level).or_default();
        if !fs.contains(&file) {
            fs.push(file.clone());
        }
        levels
            .entry(level)
            .or_default()
            .entry(rank)
            .or_default()
            .insert(file, (ch, decoration(c, marked)));
    }
    for fs in files.values_mut() {
        fs.sort_by(|a, b| file_order(a, b));
        if flip {
            fs.reverse();
        }
    }
    // Panels left to right as the picture has them (turning the board keeps the levels).
    let mut order: Vec<u32> = levels.keys().copied().collect();
    order.sort_by(|a, b| level_x[a].total_cmp(&level_x[b]));
    let max_rank = levels
        .values()
        .flat_map(|r| r.keys().copied())
        .max()
        .unwrap_or(0);
    let ranks: Vec<u32> = if flip {
        (1..=max_rank).collect()
    } else {
        (1..=max_rank).rev().collect()
    };
    let width = max_rank.to_string().len();
    let mut out = String::new();
    let panel_row = |level: u32, rank: Option<u32>| -> String {
        let fs = &files[&level];
        let row = rank.and_then(|r| levels[&level].get(&r));
        let mut line = String::new();
        // The brackets of the previous cell: one character stands between two cells, so
        // a run of cells with the same brackets shares them (`[p k]`), and where two kinds
        // meet the last move's bracket is the one drawn.
        let mut previous: Option<(char, char)> = None;
        let mut previous_group = None;
        for f in fs {
            let (ch, deco) = match rank {
                None => (f.chars().last().unwrap_or(' '), None),
                Some(_) => row.and_then(|r| r.get(f)).copied().unwrap_or((' ', None)),
            };
            let group = group_of(f);
            if previous_group.is_some_and(|g| g != group) {
                line.push(previous.map_or(' ', |d| d.1));
                line.push('|');
                previous = None;
            }
            previous_group = Some(group);
            line.push(match (previous, deco) {
                (Some(a), Some(b)) if a == b => ' ',
                (Some(a), Some(b)) if a.0 == '[' && b.0 != '[' => a.1,
                (_, Some(b)) => b.0,
                (Some(a), None) => a.1,
                (None, None) => ' ',
            });
            line.push(ch);
            previous = deco;
        }
        line.push(previous.map_or(' ', |d| d.1));
        line
    };
    if levels.len() > 1 || levels.keys().any(|&l| l > 0) {
        let _ = write!(out, "{:width$} ", "");
        for &l in &order {
            // The picture's title of the level (`Sky (3)`) when it has one.
            let suffix = format!("({l})");
            let label = view
                .labels
                .iter()
                .find(|t| t.text.ends_with(&suffix))
                .map_or_else(|| format!("level {l}"), |t| t.text.clone());
            let w = files[&l].len() * 2 + 1;
            let _ = write!(out, "{label:<w$}   ");
        }
        out = out.trim_end().to_owned();
        out.push('\n');
    }
    if !groups.is_empty() && levels.len() == 1 {
        // The group names over their files, in the order drawn.
        let fs = files.values().next().map(Vec::as_slice).unwrap_or_default();
        let mut spans: Vec<(usize, usize)> = Vec::new();
        for f in fs {
            match spans.last_mut() {
                Some((g, n)) if *g == group_of(f) => *n += 1,
                _ => spans.push((group_of(f), 1)),
            }
        }
        let _ = write!(out, "{:width$} ", "");
        for (g, n) in spans {
            let w = n * 2 + 1;
            let _ = write!(out, " {:<w$}", groups[g].0);
        }
        out = out.trim_end().to_owned();
        out.push('\n');
    }
    for &r in &ranks {
        let _ = write!(out, "{r:>width$} ");
        for (i, &l) in order.iter().enumerate() {
            if i > 0 {
                out.push_str("   ");
            }
            out.push_str(&panel_row(l, Some(r)));
        }
        let _ = writeln!(out, " {r}");
    }
    let _ = write!(out, "{:width$} ", "");
    for (i, &l) in order.iter().enumerate() {
        if i > 0 {
            out.push_str("   ");
        }
        out.push_str(&panel_row(l, None));
    }
    let mut out = out.trim_end().to_owned();
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_level_file_and_rank() {
        assert_eq!(split_name("e4"), Some((0, "e".into(), 4)));
        assert_eq!(split_name("f11"), Some((0, "f".into(), 11)));
        assert_eq!(split_name("3c4"), Some((3, "c".into(), 4)));
        assert_eq!(split_name("x12"), Some((0, "x".into(), 12)));
        assert_eq!(split_name("e"), None);
        assert_eq!(split_name("4"), None);
    }
}
