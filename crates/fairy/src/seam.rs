//! The typed seam: what a [`Session`](crate::Session) says about a position as values
//! rather than text (typed move records, squares, pieces, extra state, observation
//! planes), so that no front reads notation back or matches on a variant id.
//!
//! ```
//! let game = fairy::registry::find("glinski")?.session(None)?;
//! let records = game.legal_move_records();
//! assert_eq!(records.len(), game.legal_moves(None)?.len());
//! assert!(records.iter().all(|r| !r.is_capture()));
//! let layout = game.plane_layout();
//! assert_eq!(layout.pieces.len(), 6);
//! assert_eq!(game.observation()?.len(), layout.plane_count() * layout.cells);
//! # Ok::<(), fairy::Error>(())
//! ```

pub use fairy_kernel::presentation::{MoveFlags, MoveRecord, PieceKind, StateEntry, StateValue};

use fairy_kernel::view::BoardView;
use fairy_kernel::Color;

use crate::error::Error;

/// A piece on the board as typed values: its role index (its place in the variant's
/// [`PieceKind`] list, [`Session::pieces`](crate::Session::pieces)) and its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacedPiece {
    /// The cell index it stands on.
    pub square: u16,
    /// Its role index into the variant's piece kinds.
    pub role: usize,
    /// Its side.
    pub color: Color,
}

/// The layout of a variant's observation planes ([`Session::observation`](crate::Session::observation)):
/// each plane is one float per cell index (`cells` of them), in this order:
///
/// 1. one plane per side and piece kind, the first side's kinds first, in the order of
///    `pieces`: 1.0 where such a piece stands;
/// 2. one plane, all 1.0 when the second side is to move;
/// 3. one plane per entry of the variant's extra state (`state`, in order): a flag or a
///    number scaled to 0..=1 fills the plane; a set of squares marks them with 1.0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaneLayout {
    /// The number of cell indices (some may name no cell); the length of each plane.
    pub cells: usize,
    /// The piece kinds, in role-index order.
    pub pieces: Vec<PieceKind>,
    /// The names of the extra-state entries, in order.
    pub state: Vec<&'static str>,
    /// The variant's names of the two sides, first player first.
    pub sides: [&'static str; 2],
}

impl PlaneLayout {
    /// The number of planes: two per piece kind, one for the side to move, one per
    /// extra-state entry.
    pub fn plane_count(&self) -> usize {
        2 * self.pieces.len() + 1 + self.state.len()
    }

    /// Each plane's name, in order (`"white Queen"`, `"black to move"`, `"front II to
    /// move"`).
    pub fn plane_names(&self) -> Vec<String> {
        let mut names = Vec::with_capacity(self.plane_count());
        for side in self.sides {
            names.extend(self.pieces.iter().map(|p| format!("{side} {}", p.name)));
        }
        names.push(format!("{} to move", self.sides[1]));
        names.extend(self.state.iter().map(|s| (*s).to_owned()));
        names
    }
}

/// The pieces a [`BoardView`] draws, as typed values with role indices into `pieces`.
///
/// # Errors
/// [`Error::UnknownPiece`] when the drawing shows a letter that is not among `pieces` (a
/// variant whose [`PieceKind`] list misses one of its pieces).
pub fn placement(view: &BoardView, pieces: &[PieceKind]) -> Result<Vec<PlacedPiece>, Error> {
    let mut out = Vec::new();
    for cell in &view.cells {
        if let Some(p) = cell.piece {
            let role = pieces
                .iter()
                .position(|k| k.letter == p.letter)
                .ok_or_else(|| Error::UnknownPiece {
                    letter: p.letter,
                    square: cell.name.clone(),
                })?;
            out.push(PlacedPiece {
                square: cell.square,
                role,
                color: p.color,
            });
        }
    }
    Ok(out)
}

/// The observation planes of a position laid out as `layout` says, `plane_count() x
/// cells` floats, plane after plane.
///
/// # Errors
/// [`Error::Argument`] when a piece, a square of the extra state or the number of
/// extra-state entries does not fit the layout (a variant whose state changes shape between
/// positions).
pub fn observation(
    layout: &PlaneLayout,
    placed: &[PlacedPiece],
    side_to_move: Color,
    state: &[StateEntry],
) -> Result<Vec<f32>, Error> {
    let n = layout.cells;
    let kinds = layout.pieces.len();
    let mut out = vec![0f32; layout.plane_count() * n];
    let outside = |what: String| Error::Argument(format!("{what} does not fit the planes"));
    for p in placed {
        if p.role >= kinds || usize::from(p.square) >= n {
            return Err(outside(format!("piece {p:?}")));
        }
        let plane = p.color.index() * kinds + p.role;
        out[plane * n + usize::from(p.square)] = 1.0;
    }
    let base = 2 * kinds;
    if side_to_move == Color::Black {
        out[base * n..(base + 1) * n].fill(1.0);
    }
    if state.len() != layout.state.len() {
        return Err(outside(format!("{} extra-state entries", state.len())));
    }
    for (i, entry) in state.iter().enumerate() {
        let plane = &mut out[(base + 1 + i) * n..(base + 2 + i) * n];
        match &entry.value {
            StateValue::Squares(squares) => {
                for &sq in squares {
                    let cell = plane
                        .get_mut(usize::from(sq))
                        .ok_or_else(|| outside(format!("square {sq} of {:?}", entry.name)))?;
                    *cell = 1.0;
                }
            }
            value => plane.fill(value.scalar().unwrap_or(0.0)),
        }
    }
    Ok(out)
}
