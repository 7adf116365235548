//! Move notation shared by the hexagonal variants: `from-to` with `=Q` for a promotion,
//! and the typed errors of reading one against the legal moves.

use fairy_kernel::{Color, Geometry, HexBoard, MoveError, Outcome};

use crate::{HexMove, Piece, Role};

/// Writes a move as `from-to`, with `=` and the role letter for a promotion.
pub fn write_move(g: &HexBoard, from: u16, to: u16, promotion: Option<Role>) -> String {
    let mut s = format!("{}-{}", g.square_name(from), g.square_name(to));
    if let Some(r) = promotion {
        s.push('=');
        s.push(r.upper_char());
    }
    s
}

/// Reads the parts of a move text: origin, target, promotion. `shape` describes the
/// expected form in the error; `split_body` cuts the text before `=` into the origin and
/// target cell names (`None` when it cannot); a promotion must be one of `promotions`.
pub fn split_move(
    g: &HexBoard,
    text: &str,
    shape: &str,
    promotions: &[Role],
    split_body: impl FnOnce(&str) -> Option<(&str, &str)>,
) -> Result<(u16, u16, Option<Role>), MoveError> {
    let malformed = || MoveError::Malformed {
        text: text.to_owned(),
        expected: shape.to_owned(),
    };
    let t = text.trim();
    let (body, promo) = match t.split_once('=') {
        Some((b, r)) => {
            let mut cs = r.chars();
            let role = match (cs.next(), cs.next()) {
                (Some(c), None) => Role::from_char(c)
                    .filter(|r| promotions.contains(r))
                    .ok_or_else(malformed)?,
                _ => return Err(malformed()),
            };
            (b, Some(role))
        }
        None => (t, None),
    };
    let Some((from_text, to_text)) = split_body(body) else {
        return Err(malformed());
    };
    let square = |s: &str| {
        g.parse_square(&s.to_ascii_lowercase())
            .map_err(|source| MoveError::Square {
                text: text.to_owned(),
                source,
            })
    };
    Ok((square(from_text)?, square(to_text)?, promo))
}

/// What [`pick_move`] needs to know of the position besides its legal moves.
pub struct MoveContext<'a> {
    /// The board geometry (for cell names in errors).
    pub geometry: &'a HexBoard,
    /// The side to move.
    pub side: Color,
    /// The piece on the origin cell, if any.
    pub mover: Option<Piece>,
    /// The messages when only the promotion part is wrong: a promotion is missing, or one
    /// is given where none is possible.
    pub promotion_errors: [&'a str; 2],
}

/// Finds the legal move with the parsed cells and promotion among `moves`, or says why
/// there is none: the game is over (`outcome`, asked only when there are no moves), no
/// piece of the side to move on the origin, a wrong promotion part, or not legal.
pub fn pick_move<M: HexMove>(
    moves: &[M],
    text: &str,
    (from, to, promo): (u16, u16, Option<Role>),
    cx: &MoveContext<'_>,
    outcome: impl FnOnce() -> Option<Outcome>,
) -> Result<M, MoveError> {
    if moves.is_empty() {
        if let Some(o) = outcome() {
            return Err(MoveError::GameOver(o.to_string()));
        }
    }
    if let Some(&m) = moves.iter().find(|m| m.cells() == (from, to, promo)) {
        return Ok(m);
    }
    let illegal = |reason: String| MoveError::Illegal {
        text: text.to_owned(),
        reason,
    };
    match cx.mover {
        Some(piece) if piece.color == cx.side => {}
        _ => {
            return Err(illegal(format!(
                "no {} piece on {}",
                cx.side,
                cx.geometry.square_name(from)
            )))
        }
    }
    if moves.iter().any(|m| {
        let (f, t, _) = m.cells();
        f == from && t == to
    }) {
        let [missing, needless] = cx.promotion_errors;
        return Err(illegal(match promo {
            None => missing.to_owned(),
            Some(_) => needless.to_owned(),
        }));
    }
    Err(illegal(format!(
        "not among the {} legal moves",
        moves.len()
    )))
}

/// The move that the parsed cells and promotion of a text mean without a position: a
/// normal move, or a promotion to the role given (a move's other kinds, such as castling,
/// a double step or en passant, depend on the position).
pub fn move_from_cells<M: HexMove>((from, to, promo): (u16, u16, Option<Role>)) -> M {
    match promo {
        Some(r) => M::promotion(from, to, r),
        None => M::normal(from, to),
    }
}

/// Finds the legal move of `position` with the parsed cells and promotion of `text`, with
/// the errors of [`pick_move`].
///
/// # Errors
/// [`MoveError::GameOver`] when the game is over, [`MoveError::Illegal`] when no legal move
/// has these cells and promotion (the reason as [`pick_move`] gives it).
pub fn parse_legal<G>(
    position: &G,
    text: &str,
    cells: (u16, u16, Option<Role>),
    cx: &MoveContext<'_>,
) -> Result<G::Move, MoveError>
where
    G: fairy_kernel::Game,
    G::Move: HexMove,
{
    let mut moves = G::MoveList::default();
    position.legal_moves(&mut moves);
    pick_move(
        fairy_kernel::MoveBuf::as_slice(&moves),
        text,
        cells,
        cx,
        || position.outcome(),
    )
}
