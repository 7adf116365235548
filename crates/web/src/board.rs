//! What a board shows a player beyond the position, shared by the analysis page and the live
//! games: the squares of the last turn (every sub-move of a Regicide turn), the pieces each side has lost, and the layout asked for in a query.

use std::collections::HashMap;

use fairy::picture::{self, Layout};
use fairy::{registry, Session};

/// The layout a query asks for of a picture of `variant`: `bottom=0` or `bottom=1` puts
/// that side at the bottom (whichever way the variant draws it), else `flip=1` turns the
/// board round; `stack=1` stacks the levels of a layered board (for a narrow screen).
pub(crate) fn layout(q: &HashMap<String, String>, variant: &str) -> Layout {
    let flipped = match q.get("bottom").map(String::as_str) {
        Some("0") => white_on_top(variant),
        Some("1") => !white_on_top(variant),
        _ => flag(q, "flip"),
    };
    Layout {
        flipped,
        stacked: stacked(q),
    }
}

/// Whether the query `q` asks for the levels of a layered board stacked (`stack=1`).
pub(crate) fn stacked(q: &HashMap<String, String>) -> bool {
    flag(q, "stack")
}

fn flag(q: &HashMap<String, String>, name: &str) -> bool {
    q.get(name).is_some_and(|v| v == "1" || v == "true")
}

/// Whether white stands at the top of `variant`'s unflipped picture.
pub(crate) fn white_on_top(variant: &str) -> bool {
    let Ok(v) = registry::find(variant) else {
        return false;
    };
    let Some(view) = v.session(None).ok().and_then(|s| s.board_view()) else {
        return false;
    };
    let mean = |c: fairy::Color| {
        let ys: Vec<f32> = view
            .cells
            .iter()
            .filter(|x| x.piece.is_some_and(|p| p.color == c))
            .map(|x| x.y)
            .collect();
        ys.iter().sum::<f32>() / ys.len().max(1) as f32
    };
    mean(fairy::Color::White) < mean(fairy::Color::Black)
}

/// The squares of every move of the last turn (the whole of a Regicide turn of sub-moves),
/// as indices, in the order played.
pub(crate) fn last_turn(s: &dyn Session) -> Vec<u16> {
    let history = s.history();
    let movers = s.movers();
    let Some(&last) = movers.last() else {
        return Vec::new();
    };
    let first = movers.iter().rposition(|&m| m != last).map_or(0, |i| i + 1);
    history
        .get(first..)
        .unwrap_or_default()
        .iter()
        .flat_map(|m| picture::move_squares(s, m).unwrap_or_default())
        .collect()
}

/// The name of each square of `squares` (skipping squares the picture does not show).
pub(crate) fn names(s: &dyn Session, squares: &[u16]) -> Vec<String> {
    let Some(view) = s.board_view() else {
        return Vec::new();
    };
    squares
        .iter()
        .filter_map(|&sq| view.cells.iter().find(|c| c.square == sq))
        .map(|c| c.name.clone())
        .collect()
}

/// The pieces each side has lost (white's first), as piece letters: those of the start
/// position `start` missing now (a promoted pawn counts as lost, its new piece as not).
/// Empty lists when the start cannot be read or the variant has no picture.
pub(crate) fn captured(s: &dyn Session, start: Option<Box<dyn Session>>) -> [Vec<char>; 2] {
    let count = |s: &dyn Session| {
        let mut n: HashMap<(usize, char), usize> = HashMap::new();
        for c in s.board_view().map(|v| v.cells).unwrap_or_default() {
            if let Some(p) = c.piece {
                *n.entry((p.color.index(), p.letter)).or_default() += 1;
            }
        }
        n
    };
    let Some(start) = start else {
        return [Vec::new(), Vec::new()];
    };
    let before = count(start.as_ref());
    let now = count(s);
    let mut lost = [Vec::new(), Vec::new()];
    let mut keys: Vec<_> = before.keys().copied().collect();
    keys.sort_unstable();
    for (side, letter) in keys {
        let gone =
            before[&(side, letter)].saturating_sub(now.get(&(side, letter)).copied().unwrap_or(0));
        lost[side].extend(std::iter::repeat_n(letter, gone));
    }
    lost
}
