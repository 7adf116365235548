//! SVG pictures of a session's position, with the last move outlined.

use std::collections::HashMap;

use fairy_kernel::view::BoardView;
use fairy_kernel::Color;
use fairy_svg::{LegendEntry, Style, Swatch};

use crate::adapter::Session;
use crate::error::Error;
use crate::registry;

/// The squares named in a move text (`e2-e4`, `3c4x2c4`, `e7-e8=Q`), read by the
/// variant's square parser.
///
/// # Errors
/// [`Error::Argument`] when the text is not two squares joined by `-`, `x` or `:`;
/// [`Error::Square`] when a square is not on the board.
pub fn move_squares(session: &dyn Session, text: &str) -> Result<Vec<u16>, Error> {
    let body = text.split('=').next().unwrap_or("");
    // The first separator whose both sides are squares: `x` is also a file letter
    // (Regicide's `x10-x12`), so a split is accepted only when both halves parse.
    let mut last_error = None;
    for (i, ch) in body.char_indices() {
        if !matches!(ch, '-' | 'x' | ':') || i == 0 || i + 1 == body.len() {
            continue;
        }
        match (session.square(&body[..i]), session.square(&body[i + 1..])) {
            (Ok(a), Ok(b)) => return Ok(vec![a, b]),
            (Err(e), _) | (_, Err(e)) => last_error = Some(e),
        }
    }
    Err(last_error.unwrap_or_else(|| {
        Error::Argument(format!(
            "--last-move {text:?}: expected two squares joined by '-' or 'x', such as e2-e4"
        ))
    }))
}

/// `fairy svg <variant> [--fen F] [--last-move M]`: the SVG text of the position.
///
/// # Errors
/// Unknown variant, unreadable position or last move, a variant without a drawing model.
pub fn svg_text(
    variant: &str,
    fen: Option<&str>,
    last_move: Option<&str>,
) -> Result<String, Error> {
    let s = registry::find(variant)?.session(fen)?;
    let highlight = match last_move {
        Some(m) => move_squares(s.as_ref(), m)?,
        None => Vec::new(),
    };
    styled_svg(s.as_ref(), &highlight, false)
        .ok_or_else(|| Error::Argument(format!("variant {variant:?} has no picture yet")))
}

/// The legend of a picture of `session`'s position: the names of the pieces on the board
/// (the variant's [`Session::legend`]), the outlined cells (Chess-T castles and impregnable
/// fields, docs/rules/chess-t.md T2, T3) and what the cell colours mean
/// ([`Session::field_legend`]: Regicide's fronts and coloured fields).
pub fn legend(session: &dyn Session, view: &BoardView) -> Vec<LegendEntry> {
    let mut out = Vec::new();
    for (letter, name) in session.legend() {
        if view.cells.iter().any(|c| {
            c.piece
                .is_some_and(|p| p.letter.eq_ignore_ascii_case(&letter))
        }) {
            out.push(LegendEntry {
                swatch: Swatch::Letter(letter),
                text: name.to_owned(),
            });
        }
    }
    let mut marks: Vec<&str> = view.cells.iter().filter_map(|c| c.mark).collect();
    marks.sort_unstable();
    marks.dedup();
    for m in marks {
        let (colour, text) = match m {
            "castle" => ("#c0392b", "castle cell"),
            "impregnable" => ("#8e44ad", "impregnable field"),
            other => ("#8e44ad", other),
        };
        out.push(LegendEntry {
            swatch: Swatch::Outline(colour.to_owned()),
            text: text.to_owned(),
        });
    }
    for (colour, text) in session.field_legend() {
        out.push(LegendEntry {
            swatch: Swatch::Fill((*colour).to_owned()),
            text: (*text).to_owned(),
        });
    }
    out
}

/// The group of files whose turn it is, counted from 1 (Imperial Regicide's front to move:
/// 1, 2 or 3, docs/rules/regicide.md section 5), `None` for a board not divided.
pub fn front_to_move(session: &dyn Session) -> Option<u8> {
    session
        .group_to_move()
        .and_then(|i| u8::try_from(i + 1).ok())
}

/// The moves the side to move has already made in its current turn (Regicide's sub-moves;
/// empty in games of one move a turn).
pub fn turn_moves(session: &dyn Session) -> Vec<String> {
    let side = session.side_to_move();
    let history = session.history();
    let movers = session.movers();
    let n = movers.iter().rev().take_while(|&&c| c == side).count();
    history[history.len() - n..].to_vec()
}

/// One line saying whose move it is (the variant's turn text, with the sub-moves made this
/// turn where a turn has several), or how the game ended in the variant's words.
pub fn status(session: &dyn Session) -> String {
    if let Some(o) = session.outcome() {
        return session.describe(&o);
    }
    let side = session.side_name(session.side_to_move());
    if session.is_over() {
        return format!("{side} has no legal move");
    }
    let mut line = session.turn_text();
    let made = turn_moves(session);
    if !made.is_empty() {
        line.push_str(&format!(" (this turn: {})", made.join(" ")));
    }
    if session.is_check() {
        line.push_str(", in check");
    }
    line
}

/// The SVG text of `session`'s position with the squares of `highlight`
/// outlined, the status line and the legend; turned half round when `flipped`.
pub fn styled_svg(session: &dyn Session, highlight: &[u16], flipped: bool) -> Option<String> {
    styled_svg_in(
        session,
        highlight,
        Layout {
            flipped,
            stacked: false,
        },
    )
}

/// The squares of the kings in check: the side to move's when it is in check, the mated
/// side's after checkmate (empty otherwise, and for variants without a picture).
pub fn kings_in_check(session: &dyn Session) -> Vec<u16> {
    let side = match session.outcome() {
        Some(o) if o.reason() == fairy_kernel::Reason::Checkmate => o.winner().map(|w| !w),
        None if session.is_check() => Some(session.side_to_move()),
        _ => None,
    };
    let (Some(side), Some(view)) = (side, session.board_view()) else {
        return Vec::new();
    };
    view.cells
        .iter()
        .filter(|c| {
            c.piece
                .is_some_and(|p| p.color == side && p.letter.eq_ignore_ascii_case(&'K'))
        })
        .map(|c| c.square)
        .collect()
}

/// How a picture is laid out for its viewer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    /// Turned half round (the second player at the bottom); levels keep their order.
    pub flipped: bool,
    /// The levels of a layered board (Dragonchess) one below the other, for a narrow
    /// screen, instead of side by side.
    pub stacked: bool,
}

/// As [`styled_svg`], laid out as `layout` says.
pub fn styled_svg_in(session: &dyn Session, highlight: &[u16], layout: Layout) -> Option<String> {
    let view = session.board_view()?;
    let legend = legend(session, &view);
    // A king in check (or mated) is outlined in red.
    let mated = kings_in_check(session);
    let status = status(session);
    let sides = [
        session.side_name(Color::White),
        session.side_name(Color::Black),
    ];
    Some(
        fairy_svg::render_styled(
            &view,
            &Style {
                highlight,
                check: &mated,
                status: Some(&status),
                legend: &legend,
                sides,
                flipped: layout.flipped,
                stacked: layout.stacked,
            },
        )
        .to_string(),
    )
}

/// Whether white stands at the top of `variant`'s unflipped picture.
pub fn white_on_top(variant: &str) -> bool {
    let Ok(v) = registry::find(variant) else {
        return false;
    };
    let Some(view) = v.session(None).ok().and_then(|s| s.board_view()) else {
        return false;
    };
    let mean = |c: Color| {
        let ys: Vec<f32> = view
            .cells
            .iter()
            .filter(|x| x.piece.is_some_and(|p| p.color == c))
            .map(|x| x.y)
            .collect();
        ys.iter().sum::<f32>() / ys.len().max(1) as f32
    };
    mean(Color::White) < mean(Color::Black)
}

/// The squares of every move of the last turn (the whole of a Regicide turn of sub-moves),
/// as indices, in the order played.
pub fn last_turn(s: &dyn Session) -> Vec<u16> {
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
        .flat_map(|m| move_squares(s, m).unwrap_or_default())
        .collect()
}

/// The name of each square of `squares` (skipping squares the picture does not show).
pub fn names(s: &dyn Session, squares: &[u16]) -> Vec<String> {
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
pub fn captured(s: &dyn Session, start: Option<Box<dyn Session>>) -> [Vec<char>; 2] {
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
