//! Position notation and move notation (ruling H6).

use std::fmt::Write;
use std::sync::OnceLock;

use fairy_kernel::{Color, Geometry, HexBoard, MoveError, PositionError};

use fairy_hexchess::notation::{pick_move, split_move as split_move_text, MoveContext};

use crate::position::{
    Position, BLACK_LONG, BLACK_SHORT, KING_HOME, ROOK_LONG, ROOK_SHORT, WHITE_LONG, WHITE_SHORT,
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

/// Writes the position notation of ruling H6.
pub(crate) fn write_position(p: &Position) -> String {
    let g = geometry();
    let mut out = String::with_capacity(64);
    for line in (0..11).rev() {
        let mut empty = 0;
        for n in 1..=LINE_LENGTHS[line] {
            let sq = g.cell(line, n).unwrap_or(0);
            match p.piece_on(sq) {
                Some(piece) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if line > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(p.side.fen_char());
    out.push(' ');
    if p.castling == 0 {
        out.push('-');
    } else {
        for (c, bit) in CASTLING_LETTERS {
            if p.castling & bit != 0 {
                out.push(c);
            }
        }
    }
    let _ = write!(out, " {} {}", p.halfmove, p.fullmove);
    out
}

fn field_err(field: &'static str, text: &str, expected: impl Into<String>) -> PositionError {
    PositionError::Field {
        field,
        text: text.to_owned(),
        expected: expected.into(),
    }
}

fn impossible(reason: impl Into<String>) -> PositionError {
    PositionError::Impossible {
        reason: reason.into(),
    }
}

/// Reads one line of the board field into `p`.
fn parse_line(p: &mut Position, line: usize, part: &str) -> Result<(), PositionError> {
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
                    return Err(field_err(
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
            return Err(field_err(
                "board",
                part,
                format!(
                    "unexpected {c:?} in line {letter}: expected a piece letter (KQRBNP white, kqrbnp black) or a number of empty cells"
                ),
            ));
        }
        if n > len {
            return Err(field_err(
                "board",
                part,
                format!("line {letter} has {len} cells, this describes more"),
            ));
        }
    }
    if n != len {
        return Err(field_err(
            "board",
            part,
            format!("line {letter} has {len} cells, this describes {n}"),
        ));
    }
    Ok(())
}

/// Reads the position notation of ruling H6 and checks that the position can occur.
pub(crate) fn parse_position(text: &str) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(PositionError::FieldCount {
            text: text.to_owned(),
            found: fields.len(),
            expected: "5 (board, side to move, castling rights, half-move clock, move number)"
                .to_owned(),
        });
    }
    let mut p = Position::empty();
    let lines: Vec<&str> = fields[0].split('/').collect();
    if lines.len() != 11 {
        return Err(field_err(
            "board",
            fields[0],
            format!("11 lines k..a separated by '/', found {}", lines.len()),
        ));
    }
    for (i, part) in lines.iter().enumerate() {
        parse_line(&mut p, 10 - i, part)?;
    }
    p.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(field_err("side to move", other, "w or b")),
    };
    let mut rights = 0u8;
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let Some(&(_, bit)) = CASTLING_LETTERS.iter().find(|(l, _)| *l == c) else {
                return Err(field_err(
                    "castling rights",
                    fields[2],
                    "'-' or some of K, Q, k, q",
                ));
            };
            if rights & bit != 0 {
                return Err(field_err(
                    "castling rights",
                    fields[2],
                    format!("each letter at most once ({c} repeats)"),
                ));
            }
            rights |= bit;
        }
    }
    // A run of digits that does not fit is said to be too large.
    let range = |t: &str, min: u32| {
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) && t.parse::<u32>().is_err() {
            format!("a number {min} to {}: this one is too large", u32::MAX)
        } else {
            format!("a number {min} or more")
        }
    };
    p.halfmove = fields[3]
        .parse()
        .map_err(|_| field_err("half-move clock", fields[3], range(fields[3], 0)))?;
    p.fullmove = match fields[4].parse::<u32>() {
        Ok(v) if v >= 1 => v,
        _ => return Err(field_err("move number", fields[4], range(fields[4], 1))),
    };
    validate(&p, rights)?;
    p.castling = rights;
    p.hash = p.compute_hash();
    Ok(p)
}

/// The rejections of an impossible position (docs/rules/dainy.md §6.1).
fn validate(p: &Position, rights: u8) -> Result<(), PositionError> {
    let g = geometry();
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
    let waiting = !p.side;
    if p.in_check(waiting) {
        return Err(impossible(format!(
            "{waiting} is in check but it is {}'s move",
            p.side
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
    let (from, to, promo) = split_move(text)?;
    Ok(match promo {
        Some(r) => Move::new(from, to, crate::MoveKind::Promotion(r)),
        None => Move::new(from, to, crate::MoveKind::Normal),
    })
}

/// Reads a move and checks it is legal in `p`.
pub(crate) fn parse_move(p: &Position, text: &str) -> Result<Move, MoveError> {
    let cells = split_move(text)?;
    let mut moves = crate::MoveList::new();
    p.generate(&mut crate::movegen::Lister(&mut moves));
    let cx = MoveContext {
        geometry: geometry(),
        side: p.side,
        mover: p.piece_on(cells.0),
        promotion_errors: [
            "a pawn reaching the last line must promote: add =Q, =R, =B or =N",
            "not a promotion: a pawn promotes only on the last line",
        ],
    };
    pick_move(moves.as_slice(), text, cells, &cx, || {
        fairy_kernel::Game::outcome(p)
    })
}
