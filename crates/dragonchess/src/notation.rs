//! Position notation and move notation (docs/rules/dragonchess.md, D8 and D9): reading and
//! writing.

use fairy_kernel::{Geometry, MoveError, PositionError};

use crate::position::{Move, MoveList, Position};
use crate::types::{
    cell, cell_rank, side_name, Level, Piece, Role, BOARD, FILES, GOLD, RANKS, SCARLET, SQUARES,
};

/// The start position (docs/rules/dragonchess.md, D2) in position notation (D8).
pub const START: &str = "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1 | \
ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO | \
2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1";

/// What the whole notation looks like, for error messages.
const SHAPE: &str = "6 or 7: <sky> | <ground> | <underworld> <side g|s> <half-move clock> \
<move number>, then optionally the Hero origins <square>:<origin>,...";

/// What the Hero origins field looks like, for error messages.
const ORIGINS: &str = "comma-separated <square>:<origin> entries such as 3d4:2c3, one per Hero \
off the Ground, each origin one of the four Ground squares diagonally next to the square \
directly below/above that Hero, no square twice";

/// Reads the optional last field (D8): the origin of each Hero off the Ground it names.
fn read_origins(pos: &mut Position, text: &str) -> Result<(), PositionError> {
    let bad = |part: &str, why: &str| PositionError::Field {
        field: "Hero origins",
        text: part.to_owned(),
        expected: format!("{ORIGINS} ({why})"),
    };
    for entry in text.split(',') {
        let Some((hero_text, origin_text)) = entry.split_once(':') else {
            return Err(bad(entry, "an entry is <square>:<origin>"));
        };
        let (Ok(hero), Ok(origin)) = (
            BOARD.parse_square(hero_text),
            BOARD.parse_square(origin_text),
        ) else {
            return Err(bad(entry, "both sides of ':' must be square names"));
        };
        if Level::of_cell(hero) == Level::Ground {
            return Err(bad(entry, "a Hero on the Ground has no recorded origin"));
        }
        if pos.piece_on(hero).map(|p| p.role) != Some(Role::Hero) {
            return Err(bad(entry, "no Hero stands on that square"));
        }
        if pos.origin_of_hero(hero).is_some() {
            return Err(bad(entry, "the square is named twice"));
        }
        if !pos.set_origin(hero, origin) {
            return Err(bad(
                entry,
                "the origin is not diagonally next to the Ground square below/above the Hero",
            ));
        }
    }
    Ok(())
}

/// A decimal number without sign or leading zeros (at most 9 digits).
fn number(text: &str) -> Option<u32> {
    let ok = !text.is_empty()
        && text.len() <= 9
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text.len() == 1 || !text.starts_with('0'));
    if ok {
        text.parse().ok()
    } else {
        None
    }
}

/// Reads one board (rank 8 first) onto `level` (1..=3) of `pos`.
fn read_board(
    pos: &mut Position,
    level: u16,
    field: &'static str,
    text: &str,
) -> Result<(), PositionError> {
    let bad = |part: &str, expected: String| PositionError::Field {
        field,
        text: part.to_owned(),
        expected,
    };
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(bad(
            text,
            format!("8 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = RANKS - 1 - i as u16;
        let mut file: u16 = 0;
        let mut chars = rank_text.char_indices().peekable();
        let mut after_run = false;
        while let Some((at, c)) = chars.next() {
            if c.is_ascii_digit() {
                if after_run {
                    return Err(bad(
                        rank_text,
                        format!("rank {}: one number per run of empty squares", rank + 1),
                    ));
                }
                let mut end = at + 1;
                while let Some(&(j, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = j + 1;
                    chars.next();
                }
                let run = &rank_text[at..end];
                match number(run) {
                    Some(n) if (1..=12).contains(&n) && file + n as u16 <= FILES => file += n as u16,
                    _ => {
                        return Err(bad(
                            rank_text,
                            format!("rank {}: run of empty squares {run:?} must be 1..12 and fit in 12 files", rank + 1),
                        ))
                    }
                }
                after_run = true;
            } else {
                let Some(p) = Piece::from_letter(c) else {
                    return Err(bad(
                        rank_text,
                        format!("rank {}: {c:?} is not a piece letter (SGRWOUHTCMKPDBE, upper case Gold, lower case Scarlet)", rank + 1),
                    ));
                };
                if file >= FILES {
                    return Err(bad(
                        rank_text,
                        format!("rank {}: more than 12 squares", rank + 1),
                    ));
                }
                pos.put(cell(level, file, rank), p);
                file += 1;
                after_run = false;
            }
        }
        if file != FILES {
            return Err(bad(
                rank_text,
                format!("rank {}: 12 squares, found {file}", rank + 1),
            ));
        }
    }
    Ok(())
}

/// Rejects positions that cannot occur (rules doc 8.3).
fn check_possible(pos: &Position) -> Result<(), PositionError> {
    let impossible = |reason: String| Err(PositionError::Impossible { reason });
    let mut kings = [0u32; 2];
    for sq in 0..SQUARES as u16 {
        let Some(p) = pos.piece_on(sq) else { continue };
        let name = BOARD.square_name(sq);
        let who = side_name(p.color);
        if !p.role.can_stand_on(Level::of_cell(sq)) {
            return impossible(format!(
                "{who} {} on {name}: a {} can never stand on that level",
                p.role.name(),
                p.role.name()
            ));
        }
        let rank = cell_rank(sq);
        let (own_back, last) = if p.color == GOLD { (0, 7) } else { (7, 0) };
        match p.role {
            Role::King => kings[p.color.index()] += 1,
            Role::Warrior if rank == own_back => {
                return impossible(format!(
                    "{who} Warrior on {name} stands on its own back rank"
                ))
            }
            Role::Warrior if rank == last => {
                return impossible(format!(
                    "{who} Warrior on {name} stands on its last rank (it would have become a Hero)"
                ))
            }
            Role::Sylph | Role::Dwarf if rank == own_back => {
                return impossible(format!(
                    "{who} {} on {name} stands on its own back rank, which it can never reach",
                    p.role.name()
                ))
            }
            _ => {}
        }
    }
    for c in [GOLD, SCARLET] {
        match kings[c.index()] {
            1 => {}
            0 => return impossible(format!("{} has no King", side_name(c))),
            n => return impossible(format!("{} has {n} Kings", side_name(c))),
        }
    }
    let waiting = !pos.side();
    if pos.attacked_cell(pos.king_cell(waiting), pos.side()) {
        return impossible(format!(
            "{} is not to move but its King is in check",
            side_name(waiting)
        ));
    }
    Ok(())
}

/// The parts of a move's text (ruling D9): the two square names, whether it is written with
/// `x` (a capture from afar) and whether it ends in `=H`.
fn split_move_text(text: &str) -> Result<(&str, &str, bool, bool), MoveError> {
    let malformed = || MoveError::Malformed {
        text: text.to_owned(),
        expected: "<from>-<to> such as 2c2-2c3, 2c7-2c8=H, or a Dragon's capture from afar \
                   such as 3c4x2c4"
            .to_owned(),
    };
    let (body, promo) = match text.strip_suffix("=H") {
        Some(b) => (b, true),
        None => (text, false),
    };
    let sep_at = body
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c == '-' || c == 'x')
        .map(|(i, _)| i)
        .ok_or_else(malformed)?;
    let (from_text, rest) = body.split_at(sep_at);
    Ok((from_text, &rest[1..], rest.starts_with('x'), promo))
}

/// The cell index of the square name `name` inside the move text `text`.
fn square_of(text: &str, name: &str) -> Result<u16, MoveError> {
    BOARD
        .parse_square(name)
        .map_err(|source| MoveError::Square {
            text: text.to_owned(),
            source,
        })
}

/// Reads a move's text without a position (see `Move: FromStr`).
pub(crate) fn read_move_text(text: &str) -> Result<Move, MoveError> {
    let (from_text, to_text, afar, promo) = split_move_text(text)?;
    let (from, to) = (square_of(text, from_text)?, square_of(text, to_text)?);
    if afar && promo {
        return Err(MoveError::Malformed {
            text: text.to_owned(),
            expected: "a capture from afar without =H".to_owned(),
        });
    }
    Ok(if afar {
        Move::afar(from, to)
    } else if promo {
        Move::promotion(from, to)
    } else {
        Move::new(from, to)
    })
}

impl Position {
    /// Reads position notation (docs/rules/dragonchess.md, D8; rules doc 8.2, 8.3).
    ///
    /// # Errors
    /// [`PositionError::FieldCount`] when the text is not 6 or 7 space-separated fields
    /// (with ` | ` between the boards); [`PositionError::Field`] naming the field and its text when one
    /// cannot be read; [`PositionError::Impossible`] for impossible content.
    pub(crate) fn read(text: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        // Rule 8.2 counts six fields (seven with the Hero origins); the ` | ` between the
        // boards separates fields and is not one.
        let found = fields.iter().filter(|f| **f != "|").count();
        if found != 6 && found != 7 {
            return Err(PositionError::FieldCount {
                text: text.to_owned(),
                found,
                expected: SHAPE.to_owned(),
            });
        }
        if fields.len() != found + 2 {
            return Err(PositionError::Field {
                field: "board separator",
                text: text.to_owned(),
                expected: "' | ' between the boards, exactly twice".to_owned(),
            });
        }
        for i in [1, 3] {
            if fields[i] != "|" {
                return Err(PositionError::Field {
                    field: "board separator",
                    text: fields[i].to_owned(),
                    expected: "'|' between the boards".to_owned(),
                });
            }
        }
        let mut pos = Position::empty();
        read_board(&mut pos, 3, "sky board", fields[0])?;
        read_board(&mut pos, 2, "ground board", fields[2])?;
        read_board(&mut pos, 1, "underworld board", fields[4])?;
        let side = match fields[5] {
            "g" => GOLD,
            "s" => SCARLET,
            other => {
                return Err(PositionError::Field {
                    field: "side to move",
                    text: other.to_owned(),
                    expected: "g (Gold) or s (Scarlet)".to_owned(),
                })
            }
        };
        let half = number(fields[6]).ok_or_else(|| PositionError::Field {
            field: "half-move clock",
            text: fields[6].to_owned(),
            expected: "a decimal number without sign or leading zeros".to_owned(),
        })?;
        let full = number(fields[7])
            .filter(|&n| n >= 1)
            .ok_or_else(|| PositionError::Field {
                field: "move number",
                text: fields[7].to_owned(),
                expected: "a decimal number from 1, without sign or leading zeros".to_owned(),
            })?;
        pos.set_side(side);
        pos.set_clocks(half, full);
        if let Some(origins) = fields.get(8) {
            read_origins(&mut pos, origins)?;
        }
        check_possible(&pos)?;
        Ok(pos)
    }

    /// Writes position notation (D8), with the Hero origins field when a Hero off the Ground
    /// has a recorded origin, entries ordered by the Hero's square; `read` reads
    /// it back equal.
    pub(crate) fn write(&self) -> String {
        let mut s = String::with_capacity(200);
        for level in [3u16, 2, 1] {
            if level != 3 {
                s.push_str(" | ");
            }
            for rank in (0..RANKS).rev() {
                let mut run = 0;
                for file in 0..FILES {
                    match self.piece_on(cell(level, file, rank)) {
                        Some(p) => {
                            if run > 0 {
                                s.push_str(&run.to_string());
                                run = 0;
                            }
                            s.push(p.letter());
                        }
                        None => run += 1,
                    }
                }
                if run > 0 {
                    s.push_str(&run.to_string());
                }
                if rank > 0 {
                    s.push('/');
                }
            }
        }
        s.push_str(if self.side() == GOLD { " g " } else { " s " });
        s.push_str(&format!(
            "{} {}",
            self.halfmove_clock(),
            self.fullmove_number()
        ));
        let mut sep = ' ';
        for hero in self.hero_origins().iter() {
            if let Some(origin) = self.origin_of_hero(hero) {
                s.push(sep);
                s.push_str(&BOARD.square_name(hero));
                s.push(':');
                s.push_str(&BOARD.square_name(origin));
                sep = ',';
            }
        }
        s
    }

    /// Reads a move (ruling D9; rules doc 8.4): `<from>-<to>`, `<from>-<to>=H` for a
    /// promotion (the suffix may be omitted), `<from>x<to>` for a capture from afar. Only a
    /// legal move of this position is accepted.
    ///
    /// # Errors
    /// [`MoveError::Malformed`] for text not shaped like a move, [`MoveError::Square`] for a
    /// bad square name, [`MoveError::GameOver`] when the side to move has no legal move,
    /// [`MoveError::Illegal`] otherwise, with the reason.
    pub(crate) fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        let (from_text, to_text, afar, promo) = split_move_text(text)?;
        let (from, to) = (square_of(text, from_text)?, square_of(text, to_text)?);
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        if list.is_empty() {
            let why = if self.in_check() {
                "checkmate"
            } else {
                "stalemate"
            };
            return Err(MoveError::GameOver(format!(
                "{} to move has no legal move ({why})",
                side_name(self.side())
            )));
        }
        if let Some(&m) = list
            .iter()
            .find(|m| m.origin() == from && m.target() == to && m.is_afar() == afar)
        {
            if promo && !m.is_promotion() {
                return Err(MoveError::Illegal {
                    text: text.to_owned(),
                    reason: "=H is written only when a Warrior reaches its last rank".to_owned(),
                });
            }
            return Ok(m);
        }
        if !afar
            && list
                .iter()
                .any(|m| m.origin() == from && m.target() == to && m.is_afar())
        {
            return Err(MoveError::Illegal {
                text: text.to_owned(),
                reason: format!("a capture from afar is written with x: {from_text}x{to_text}"),
            });
        }
        let reason = match self.piece_on(from) {
            None => format!("no piece on {from_text}"),
            Some(p) if p.color != self.side() => {
                format!(
                    "the piece on {from_text} is not {}'s",
                    side_name(self.side())
                )
            }
            Some(p) if self.frozen(p.color).contains(from) => {
                format!(
                    "the {} on {from_text} is frozen by a Basilisk",
                    p.role.name()
                )
            }
            Some(p) if afar && p.role != Role::Dragon => {
                "only a Dragon captures from afar (written with x)".to_owned()
            }
            Some(p) => format!(
                "the {} on {from_text} has no legal move to {to_text}{}",
                p.role.name(),
                if afar { " from afar" } else { "" }
            ),
        };
        Err(MoveError::Illegal {
            text: text.to_owned(),
            reason,
        })
    }

    /// `; frozen: 2d4, 2h5`, the cells of the pieces frozen by a Basilisk (ruling D4), or
    /// nothing when none is.
    pub(crate) fn frozen_text(&self) -> String {
        let frozen: Vec<String> = [GOLD, SCARLET]
            .iter()
            .flat_map(|&c| self.frozen(c).iter())
            .map(|sq| BOARD.square_name(sq))
            .collect();
        if frozen.is_empty() {
            String::new()
        } else {
            format!("; frozen: {}", frozen.join(", "))
        }
    }
}
