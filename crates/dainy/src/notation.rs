//! Position notation and move notation (ruling H6).

use std::sync::OnceLock;

use fairy_kernel::notation::{field_error, impossible};
use fairy_kernel::{Color, Geometry, HexBoard, MoveError, PositionError};

use fairy_hexchess::notation::{
    move_from_cells, parse_legal, split_move as split_move_text, MoveContext,
};
use fairy_hexchess::HexPosition;

use crate::position::{
    Dainy, Position, BLACK_LONG, BLACK_SHORT, KING_HOME, ROOK_LONG, ROOK_SHORT, WHITE_LONG,
    WHITE_SHORT,
};
use crate::tables::{board, LINE_LENGTHS};
use crate::types::{Move, Piece, Role, PROMOTIONS};

/// The board geometry, built once.
pub fn geometry() -> &'static HexBoard {
    static BOARD: OnceLock<HexBoard> = OnceLock::new();
    BOARD.get_or_init(board)
}

/// The name of cell `sq` (`a1` .. `k5`).
pub(crate) fn name_of(sq: u16) -> String {
    geometry().square_name(sq)
}

const LETTERS: [char; 11] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];

/// The castling letters in notation order with their bits (ruling H6).
const CASTLING_LETTERS: [(char, u8); 4] = [
    ('K', WHITE_SHORT),
    ('Q', WHITE_LONG),
    ('k', BLACK_SHORT),
    ('q', BLACK_LONG),
];

/// The cells of the lines `k` down to `a` as the board field lists them, each line's cells
/// `1` upwards (ruling H6).
pub(crate) fn lines_top_down() -> &'static [Vec<u16>] {
    static LINES: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
    LINES.get_or_init(|| {
        let g = geometry();
        (0..11)
            .rev()
            .map(|line| {
                (1..=LINE_LENGTHS[line])
                    .filter_map(|n| g.cell(line, n))
                    .collect()
            })
            .collect()
    })
}

/// Writes the castling rights field of ruling H6: `-` or the letters of the rights in the
/// order `KQkq`.
pub(crate) fn write_castling(rights: u8) -> String {
    if rights == 0 {
        return "-".to_owned();
    }
    CASTLING_LETTERS
        .iter()
        .filter(|&&(_, bit)| rights & bit != 0)
        .map(|&(c, _)| c)
        .collect()
}

/// Reads the castling rights field of ruling H6 (whether the king and rooks are at home is
/// checked with the whole position).
pub(crate) fn read_castling(text: &str) -> Result<u8, PositionError> {
    let mut rights = 0u8;
    if text == "-" {
        return Ok(rights);
    }
    for c in text.chars() {
        let Some(&(_, bit)) = CASTLING_LETTERS.iter().find(|(l, _)| *l == c) else {
            return Err(field_error(
                "castling rights",
                text,
                "'-' or some of K, Q, k, q",
            ));
        };
        if rights & bit != 0 {
            return Err(field_error(
                "castling rights",
                text,
                format!("each letter at most once ({c} repeats)"),
            ));
        }
        rights |= bit;
    }
    Ok(rights)
}

/// Reads the board field of ruling H6 (11 lines `k`..`a` separated by `/`) into the empty
/// placement of `p`.
pub(crate) fn read_board(p: &mut HexPosition<80, Dainy>, field: &str) -> Result<(), PositionError> {
    let lines: Vec<&str> = field.split('/').collect();
    if lines.len() != 11 {
        return Err(field_error(
            "board",
            field,
            format!("11 lines k..a separated by '/', found {}", lines.len()),
        ));
    }
    for (i, part) in lines.iter().enumerate() {
        parse_line(p, 10 - i, part)?;
    }
    Ok(())
}

/// Reads one line of the board field into `p`.
fn parse_line(
    p: &mut HexPosition<80, Dainy>,
    line: usize,
    part: &str,
) -> Result<(), PositionError> {
    let g = geometry();
    let len = LINE_LENGTHS[line] as u32;
    let letter = LETTERS[line];
    let mut n: u32 = 0;
    let mut chars = part.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_ascii_digit() {
            let mut end = i + 1;
            while let Some(&(j, d)) = chars.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                end = j + 1;
                chars.next();
            }
            let digits = &part[i..end];
            let run: u32 = match digits.parse() {
                Ok(v) if v >= 1 && !digits.starts_with('0') => v,
                _ => {
                    return Err(field_error(
                        "board",
                        part,
                        format!("a run of empty cells is a number 1..{len} without leading zeros, found {digits:?}"),
                    ))
                }
            };
            n = n.saturating_add(run);
        } else if let Some(piece) = Piece::from_char(c) {
            n += 1;
            if n <= len {
                if let Some(sq) = g.cell(line, n as u8) {
                    p.put(sq, piece);
                }
            }
        } else {
            return Err(field_error(
                "board",
                part,
                format!(
                    "unexpected {c:?} in line {letter}: expected a piece letter (KQRBNP white, kqrbnp black) or a number of empty cells"
                ),
            ));
        }
        if n > len {
            return Err(field_error(
                "board",
                part,
                format!("line {letter} has {len} cells, this describes more"),
            ));
        }
    }
    if n != len {
        return Err(field_error(
            "board",
            part,
            format!("line {letter} has {len} cells, this describes {n}"),
        ));
    }
    Ok(())
}

/// Reads the position notation of ruling H6 (fairy-hexchess's
/// [`HexPosition::read_notation`] with Dainy's lines and castling rights) and checks that
/// the position can occur.
pub(crate) fn parse_position(text: &str) -> Result<Position, PositionError> {
    let p = Position {
        core: HexPosition::read_notation(text)?,
    };
    validate(&p)?;
    Ok(p)
}

/// The rejections of an impossible position (docs/rules/dainy.md §6.1).
fn validate(p: &Position) -> Result<(), PositionError> {
    let g = geometry();
    let rights = p.core.state;
    for color in Color::ALL {
        let kings = p.pieces(color, Role::King).count();
        if kings != 1 {
            return Err(impossible(format!(
                "{color} has {kings} kings, expected exactly 1"
            )));
        }
        let all = p.occupied_by(color).count();
        if all > 16 {
            return Err(impossible(format!(
                "{color} has {all} pieces, at most 16 exist"
            )));
        }
        let pawns = p.pieces(color, Role::Pawn).count();
        if pawns > 7 {
            return Err(impossible(format!(
                "{color} has {pawns} pawns, at most 7 exist"
            )));
        }
        let extra = |role: Role, start: u32| p.pieces(color, role).count().saturating_sub(start);
        let promoted = extra(Role::Queen, 1)
            + extra(Role::Rook, 2)
            + extra(Role::Bishop, 3)
            + extra(Role::Knight, 2);
        if promoted + pawns > 7 {
            return Err(impossible(format!(
                "{color} has {promoted} promoted pieces and {pawns} pawns, more than its 7 pawns"
            )));
        }
        let bad_lines: &[usize] = match color {
            Color::White => &[0, 1, 10],
            Color::Black => &[0, 9, 10],
        };
        for sq in p.pieces(color, Role::Pawn) {
            if bad_lines.contains(&g.line_of(sq)) {
                return Err(impossible(format!(
                    "{color} pawn on {}: pawns never stand behind their starting line or on their last line",
                    g.square_name(sq)
                )));
            }
        }
    }
    for (c, bit) in CASTLING_LETTERS {
        if rights & bit == 0 {
            continue;
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let i = color.index();
        let rook = if c.eq_ignore_ascii_case(&'K') {
            ROOK_SHORT[i]
        } else {
            ROOK_LONG[i]
        };
        let king_ok = p.piece_on(KING_HOME[i])
            == Some(Piece {
                color,
                role: Role::King,
            });
        let rook_ok = p.piece_on(rook)
            == Some(Piece {
                color,
                role: Role::Rook,
            });
        if !king_ok || !rook_ok {
            return Err(impossible(format!(
                "castling right {c} needs the {color} king on {} and a {color} rook on {}",
                g.square_name(KING_HOME[i]),
                g.square_name(rook)
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

/// Writes a move in the notation of ruling H6: `c3-e4`, `j2-k2=Q`, castling `a4-a1`.
pub(crate) fn write_move(mv: Move) -> String {
    fairy_hexchess::notation::write_move(geometry(), mv.origin(), mv.target(), mv.promotion())
}

const MOVE_SHAPE: &str = "from-to such as c3-e4, with =Q, =R, =B or =N for a promotion";

/// The parts of a move text: origin, target, promotion.
pub(crate) fn split_move(text: &str) -> Result<(u16, u16, Option<Role>), MoveError> {
    split_move_text(geometry(), text, MOVE_SHAPE, &PROMOTIONS, |body| {
        let pos = body
            .char_indices()
            .skip(1)
            .find(|&(_, c)| matches!(c, '-' | 'x' | 'X' | ':'))
            .map(|(i, _)| i)?;
        Some((&body[..pos], &body[pos + 1..]))
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
            "a pawn reaching the last line must promote: add =Q, =R, =B or =N",
            "not a promotion: a pawn promotes only on the last line",
        ],
    };
    parse_legal(p, text, cells, &cx)
}
