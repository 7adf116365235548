//! SVG pictures of a session's position, with the last move outlined.

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
    let parts: Vec<&str> = body.split(['-', 'x', ':']).collect();
    if parts.len() != 2 || parts.iter().any(|p| p.is_empty()) {
        return Err(Error::Argument(format!(
            "--last-move {text:?}: expected two squares joined by '-' or 'x', such as e2-e4"
        )));
    }
    parts.iter().map(|p| session.square(p)).collect()
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
    let view = s
        .board_view()
        .ok_or_else(|| Error::Argument(format!("variant {variant:?} has no picture yet")))?;
    Ok(fairy_svg::render(&view, &highlight).to_string())
}
