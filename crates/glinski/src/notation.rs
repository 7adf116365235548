//! Position notation (the FEN of public Gliński programs, ranks 11 to 1) and move notation
//! (`f5-f6`, `e10-e11=Q`); docs/rules/glinski.md §5.

use std::sync::OnceLock;

use fairy_kernel::notation::impossible;
use fairy_kernel::{Color, Geometry, HexBoard, MoveError, PositionError};

use crate::generated::tables::{PAWN_PUSH, PAWN_REACH, PAWN_START, PROMOTION};
use fairy_hexchess::notation::{
    move_from_cells, parse_legal, split_move as split_move_text, MoveContext,
};

use crate::position::Position;
use crate::tables::{board, FILE_LENGTHS, NO_CELL};
use crate::types::{Move, Piece, Role, PROMOTIONS};

/// The board geometry, built once.
pub fn geometry() -> &'static HexBoard {
    static BOARD: OnceLock<HexBoard> = OnceLock::new();
    BOARD.get_or_init(board)
}

/// The name of cell `sq` (`a1` .. `l6`).
pub(crate) fn name_of(sq: u16) -> String {
    geometry().square_name(sq)
}

/// The cells of rank `rank` (1..=11) left to right: cell number `rank` of every file that
/// is that long (§5.1; ranks bend at file `f`).
pub fn rank_cells(rank: u8) -> Vec<u16> {
    let g = geometry();
    (0..FILE_LENGTHS.len())
        .filter_map(|f| g.cell(f, rank))
        .collect()
}

/// The ranks 11 down to 1 as written in the board field, each as its cells.
pub(crate) fn ranks_top_down() -> &'static [Vec<u16>] {
    static RANKS: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
    RANKS.get_or_init(|| (1..=11).rev().map(rank_cells).collect())
}

/// Reads the position notation of §5.1 (fairy-hexchess's
/// [`fairy_hexchess::HexPosition::read_notation`] with Gliński's ranks and en-passant cell)
/// and checks that the position can occur (§5.2).
pub(crate) fn parse_position(text: &str) -> Result<Position, PositionError> {
    let p = Position {
        core: fairy_hexchess::HexPosition::read_notation(text)?,
    };
    validate(&p)?;
    Ok(p)
}

/// The rejections of an impossible position (docs/rules/glinski.md §5.2).
fn validate(p: &Position) -> Result<(), PositionError> {
    let g = geometry();
    for color in Color::ALL {
        let kings = p.pieces(color, Role::King).count();
        if kings != 1 {
            return Err(impossible(format!(
                "{color} has {kings} kings, expected exactly 1"
            )));
        }
        let pawns = p.pieces(color, Role::Pawn).count();
        if pawns > 9 {
            return Err(impossible(format!(
                "{color} has {pawns} pawns, at most 9 exist"
            )));
        }
        let extra = |role: Role, start: u32| p.pieces(color, role).count().saturating_sub(start);
        let promoted = extra(Role::Queen, 1)
            + extra(Role::Rook, 2)
            + extra(Role::Bishop, 3)
            + extra(Role::Knight, 2);
        if promoted + pawns > 9 {
            return Err(impossible(format!(
                "{color} has {promoted} promoted pieces and {pawns} pawns, more than its 9 pawns"
            )));
        }
        let i = color.index();
        for sq in p.pieces(color, Role::Pawn) {
            if PROMOTION[i].contains(sq) || !PAWN_REACH[i].contains(sq) {
                return Err(impossible(format!(
                    "{color} pawn on {}: no {color} pawn can stand there",
                    g.square_name(sq)
                )));
            }
        }
    }
    if let Some(ep) = p.ep_cell() {
        // The side that just moved made a double step over `ep`.
        let mover = !p.core.side;
        let m = mover.index();
        let dest = PAWN_PUSH[m][ep as usize];
        let origin = PAWN_PUSH[(!mover).index()][ep as usize];
        let pawn = Piece {
            color: mover,
            role: Role::Pawn,
        };
        let ok = dest != NO_CELL
            && origin != NO_CELL
            && PAWN_START[m].contains(origin as u16)
            && p.piece_on(ep).is_none()
            && p.piece_on(origin as u16).is_none()
            && p.piece_on(dest as u16) == Some(pawn);
        if !ok {
            return Err(impossible(format!(
                "en-passant cell {}: no {mover} pawn has just stepped over it from a start cell",
                g.square_name(ep)
            )));
        }
    }
    let waiting = !p.core.side;
    if p.in_check(waiting) {
        return Err(impossible(format!(
            "{waiting} is in check but it is {}'s move",
            p.core.side
        )));
    }
    Ok(())
}

/// Writes a move (§5.3): `f5-f6`, `e10-e11=Q`; captures and en passant also with `-`.
pub(crate) fn write_move(mv: Move) -> String {
    fairy_hexchess::notation::write_move(geometry(), mv.origin(), mv.target(), mv.promotion())
}

const MOVE_SHAPE: &str =
    "from-to such as f5-f6 (or f5f6, f5xf6), with =Q, =R, =B or =N for a promotion";

/// The parts of a move text: origin, target, promotion.
pub(crate) fn split_move(text: &str) -> Result<(u16, u16, Option<Role>), MoveError> {
    split_move_text(geometry(), text, MOVE_SHAPE, &PROMOTIONS, |body| {
        if !body.is_ascii() || body.len() < 4 {
            return None;
        }
        // The origin is a letter and digits; the target starts at the next letter, after an
        // optional separator.
        let bytes = body.as_bytes();
        let mut i = 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == 1 || i >= bytes.len() {
            return None;
        }
        let rest = match bytes[i] {
            b'-' | b':' => &body[i + 1..],
            b'x' | b'X' if bytes.len() > i + 1 && bytes[i + 1].is_ascii_alphabetic() => {
                &body[i + 1..]
            }
            _ => &body[i..],
        };
        Some((&body[..i], rest))
    })
}

/// The name of a cell (as [`crate::Square`]'s `Display`).
pub fn cell_name(sq: crate::Square) -> String {
    name_of(sq.index())
}

/// Reads a cell name (as [`crate::Square`]'s `FromStr`).
pub(crate) fn parse_cell(text: &str) -> Result<u16, fairy_kernel::SquareError> {
    geometry().parse_square(text)
}

/// Reads a move without a position: squares and promotion, kind normal or promotion
/// (`Move: FromStr`).
pub(crate) fn read_move_text(text: &str) -> Result<Move, MoveError> {
    Ok(move_from_cells(split_move(text)?))
}

/// Reads a move and checks it is legal in `p`.
pub(crate) fn parse_move(p: &Position, text: &str) -> Result<Move, MoveError> {
    let cells = split_move(text)?;
    let cx = MoveContext {
        geometry: geometry(),
        side: p.core.side,
        mover: p.piece_on(cells.0),
        promotion_errors: [
            "a pawn reaching the end of its file must promote: add =Q, =R, =B or =N",
            "not a promotion: a pawn promotes only at the end of its file",
        ],
    };
    parse_legal(p, text, cells, &cx)
}
