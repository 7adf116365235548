//! A compact text drawing of any position from its drawing model ([`BoardView`]): each
//! cell on a grid of files and ranks read from the cell's name (`e4`, `f11`, level-prefixed
//! `3c4`), levels side by side, the board turned for either side, and the cells of the
//! last move bracketed. Used by `fairy play`, where the person's side is drawn at the
//! bottom; hexagonal boards take one line per rank (the geometry is in `fairy svg`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use fairy_kernel::view::BoardView;
use fairy_kernel::Color;

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

/// One level's cells: rank -> file -> (the character drawn, whether it is marked).
type Ranks = BTreeMap<u32, BTreeMap<String, (char, bool)>>;

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
/// as `Game::file_groups` gives them): a `|` between groups and the names above the board.
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
        let ch = match c.piece {
            Some(p) if p.color == Color::White => p.letter.to_ascii_uppercase(),
            Some(p) => p.letter.to_ascii_lowercase(),
            None => '.',
        };
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
            .insert(file, (ch, marked.contains(&c.square)));
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
        let mut previous_marked = false;
        let mut previous_group = None;
        for f in fs {
            let (ch, m) = match rank {
                None => (f.chars().last().unwrap_or(' '), false),
                Some(_) => row.and_then(|r| r.get(f)).copied().unwrap_or((' ', false)),
            };
            let group = group_of(f);
            if previous_group.is_some_and(|g| g != group) {
                line.push(if previous_marked { ']' } else { ' ' });
                line.push('|');
                previous_marked = false;
            }
            previous_group = Some(group);
            line.push(match (m, previous_marked) {
                (true, false) => '[',
                (false, true) => ']',
                _ => ' ',
            });
            line.push(ch);
            previous_marked = m;
        }
        line.push(if previous_marked { ']' } else { ' ' });
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
