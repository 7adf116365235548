//! Position notation and move notation (docs/rules/chess-t.md, T11, T12).
//!
//! Position: `board side fields flags halfmove fullmove`, e.g. the Chess-T start
//! `r2pkp2r/nnnncnnnn/9/9/9/9/NNNNCNNNN/R2PKP2R w b4,b5 - 0 1`; chess-T1 writes `-` for the
//! impregnable fields. Moves: `h2-h4`, `g5-g6=V`; `:` is accepted for `-` on input and an
//! automatic promotion suffix (`=V`, and `=C` for the Prince entering the enemy castle) may
//! be omitted.

use fairy_kernel::{Color, Geometry, MoveError, PositionError, RectBoard, SquareError};

use crate::position::{Move, MoveList, Position};
use crate::ruleset::{Piece, Role, Variant};
use crate::tables::NO_CELL;

/// The board geometry of a rule set.
pub fn geometry(variant: Variant) -> RectBoard {
    let r = variant.rules();
    RectBoard::new(r.files, r.ranks)
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

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl Position {
    /// Reads a position in the notation of docs/rules/chess-t.md, T11.
    ///
    /// # Errors
    /// [`PositionError::FieldCount`] unless there are exactly 6 fields;
    /// [`PositionError::Field`] for a field that cannot be read (board shape, unknown piece
    /// letter, side, impregnable fields, flags, clocks); [`PositionError::Impossible`] for
    /// the positions docs/rules/chess-t.md (T12 and §8) rejects: a non-royal piece on a castle
    /// cell, a piece on the enemy impregnable field, an impregnable field outside its side's
    /// territory or on a castle cell, two Kings of a side, no King at all, more than 3
    /// Princes or 3 Konnets of a side, a Scout in Chess-T, a Knecht on its promotion ranks,
    /// a Ver Knecht on the enemy back rank.
    pub(crate) fn from_notation(variant: Variant, text: &str) -> Result<Position, PositionError> {
        let rules = variant.rules();
        let g = geometry(variant);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(PositionError::FieldCount {
                text: text.to_owned(),
                found: fields.len(),
                expected: "6 (board, side, impregnable fields, Konnet flags, half-move clock, move number)".into(),
            });
        }
        let mut p = Position::empty(variant);
        // Board.
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != rules.ranks as usize {
            return Err(field_err(
                "board",
                fields[0],
                format!("{} ranks separated by '/'", rules.ranks),
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = rules.ranks as usize - 1 - i;
            let mut file = 0usize;
            let mut run = 0usize;
            let flush = |file: &mut usize, run: &mut usize| {
                *file += *run;
                *run = 0;
            };
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    if run == 0 && d == 0 {
                        return Err(field_err(
                            "board",
                            row,
                            "no run of empty cells starts with 0",
                        ));
                    }
                    run = run * 10 + d as usize;
                    if run > rules.files as usize {
                        return Err(field_err(
                            "board",
                            row,
                            format!("{} cells a rank", rules.files),
                        ));
                    }
                    continue;
                }
                flush(&mut file, &mut run);
                let Some(piece) = Piece::from_letter(ch) else {
                    return Err(field_err(
                        "board",
                        row,
                        format!("piece letters KCPRVNS / kcprvns or digits, not {ch:?}"),
                    ));
                };
                if file >= rules.files as usize {
                    return Err(field_err(
                        "board",
                        row,
                        format!("{} cells a rank", rules.files),
                    ));
                }
                p.put(
                    (rank * rules.files as usize + file) as u8,
                    piece.role,
                    piece.color,
                );
                file += 1;
            }
            flush(&mut file, &mut run);
            if file != rules.files as usize {
                return Err(field_err(
                    "board",
                    row,
                    format!("{} cells a rank", rules.files),
                ));
            }
        }
        // Side to move.
        p.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(field_err("side to move", other, "w or b")),
        };
        // Impregnable fields.
        p.imp = if rules.has_impregnable {
            let Some((w, b)) = fields[2].split_once(',') else {
                return Err(field_err(
                    "impregnable fields",
                    fields[2],
                    "<white>,<black>, e.g. b4,b5",
                ));
            };
            let sq = |s: &str| {
                g.parse_square(s).map_err(|e: SquareError| {
                    field_err("impregnable fields", fields[2], e.to_string())
                })
            };
            [sq(w)? as u8, sq(b)? as u8]
        } else {
            if fields[2] != "-" {
                return Err(field_err(
                    "impregnable fields",
                    fields[2],
                    "- (chess-T1 has no impregnable fields)",
                ));
            }
            [NO_CELL; 2]
        };
        p.konnet_flags = match fields[3] {
            "-" => 0,
            "W" => 1,
            "B" => 2,
            "WB" => 3,
            other => return Err(field_err("Konnet flags", other, "W, B, WB or -")),
        };
        p.halfmove = fields[4]
            .parse::<u16>()
            .ok()
            .filter(|_| fields[4].bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| field_err("half-move clock", fields[4], "a number 0..65535"))?;
        p.fullmove = fields[5]
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1 && fields[5].bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| field_err("move number", fields[5], "a number from 1"))?;
        p.hash = p.compute_hash();
        p.validate()?;
        Ok(p)
    }

    /// Checks the rejections of docs/rules/chess-t.md, T12 and §8.
    fn validate(&self) -> Result<(), PositionError> {
        let rules = self.rules();
        let g = geometry(self.variant);
        let name = |s: u16| g.square_name(s);
        let castles = self.t.castle[0] | self.t.castle[1];
        for c in Color::ALL {
            let ci = c.index();
            let side = side_name(c);
            let count = |k: Role| self.pieces(c, k).count_ones();
            if count(Role::King) > 1 {
                return Err(impossible(format!("{side} has two Kings")));
            }
            if count(Role::Prince) > 3 {
                return Err(impossible(format!("{side} has more than 3 Princes")));
            }
            if count(Role::Konnet) > 3 {
                return Err(impossible(format!("{side} has more than 3 Konnets")));
            }
            if !rules.scouts && count(Role::Scout) > 0 {
                return Err(impossible(format!("{} has no Scouts", rules.name)));
            }
            let on_castle =
                self.colors[ci] & castles & !(self.kinds[0] | self.kinds[1] | self.kinds[2]);
            if on_castle != 0 {
                let s = on_castle.trailing_zeros() as u16;
                return Err(impossible(format!(
                    "a non-royal piece stands on the castle cell {}",
                    name(s)
                )));
            }
            let kn = self.pieces(c, Role::Knecht) & self.t.knecht_promotion[ci];
            if kn != 0 {
                return Err(impossible(format!(
                    "a {side} Knecht on {} would have become a Ver Knecht",
                    name(kn.trailing_zeros() as u16)
                )));
            }
            let vk = self.pieces(c, Role::VerKnecht) & self.t.ver_knecht_promotion[ci];
            if vk != 0 {
                return Err(impossible(format!(
                    "a {side} Ver Knecht on {} would have promoted",
                    name(vk.trailing_zeros() as u16)
                )));
            }
            let f = self.imp[ci];
            if f != NO_CELL {
                if self.t.territory[ci] >> f & 1 == 0 {
                    return Err(impossible(format!(
                        "{side}'s impregnable field {} is outside its territory",
                        name(f as u16)
                    )));
                }
                if castles >> f & 1 != 0 {
                    return Err(impossible(format!(
                        "{side}'s impregnable field {} is a castle cell",
                        name(f as u16)
                    )));
                }
                if self.colors[1 - ci] >> f & 1 != 0 {
                    return Err(impossible(format!(
                        "a {} piece stands on {side}'s impregnable field {}",
                        side_name(!c),
                        name(f as u16)
                    )));
                }
            }
        }
        if self.kinds[Role::King.index()] == 0 {
            return Err(impossible("there is no King at all"));
        }
        Ok(())
    }

    /// Writes the position in the notation of docs/rules/chess-t.md, T11.
    pub(crate) fn notation(&self) -> String {
        let rules = self.rules();
        let g = geometry(self.variant);
        let mut s = String::new();
        for rank in (0..rules.ranks as usize).rev() {
            let mut run = 0;
            for file in 0..rules.files as usize {
                match self.piece_on((rank * rules.files as usize + file) as u16) {
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
        s.push(' ');
        s.push(self.side.fen_char());
        s.push(' ');
        if self.imp[0] == NO_CELL {
            s.push('-');
        } else {
            s.push_str(&g.square_name(self.imp[0] as u16));
            s.push(',');
            s.push_str(&g.square_name(self.imp[1] as u16));
        }
        s.push(' ');
        s.push_str(match self.konnet_flags {
            0 => "-",
            1 => "W",
            2 => "B",
            _ => "WB",
        });
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }

    /// The canonical text of `m` (docs/rules/chess-t.md, T11): `from-to`, `=X` for a promotion.
    pub(crate) fn format_move(&self, m: Move) -> String {
        let g = geometry(self.variant);
        let mut s = format!(
            "{}-{}",
            g.square_name(m.origin()),
            g.square_name(m.target())
        );
        if let Some(k) = m.promotion() {
            s.push('=');
            s.push(k.letter());
        }
        s
    }

    /// Reads a move and checks that it is legal here (docs/rules/chess-t.md, T11, T12).
    ///
    /// # Errors
    /// [`MoveError::Malformed`] when the text is not `from-to` / `from:to` with an optional
    /// `=X`; [`MoveError::Square`] for a bad square; [`MoveError::GameOver`] when the game is
    /// decided; [`MoveError::Illegal`] when no legal move matches, or a choice promotion is
    /// needed and missing.
    pub(crate) fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let g = geometry(self.variant);
        let malformed = || {
            MoveError::Malformed {
            text: text.to_owned(),
            expected: "from-to such as h2-h4 (':' for a capture accepted), with =X for a promotion (X one of V R P C S)".into(),
        }
        };
        let (body, promo) = match text.split_once('=') {
            Some((b, p)) => {
                let mut chars = p.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return Err(malformed());
                };
                (b, Some(Role::from_letter(c).ok_or_else(malformed)?))
            }
            None => (text, None),
        };
        let Some((a, b)) = body.split_once(['-', ':']) else {
            return Err(malformed());
        };
        let sq = |s: &str| {
            g.parse_square(s).map_err(|e| MoveError::Square {
                text: text.to_owned(),
                source: e,
            })
        };
        let (from, to) = (sq(a)?, sq(b)?);
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            if let Some(o) = self.outcome() {
                return Err(MoveError::GameOver(o.to_string()));
            }
        }
        let candidates: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.origin() == from && m.target() == to)
            .collect();
        let illegal = |reason: String| MoveError::Illegal {
            text: text.to_owned(),
            reason,
        };
        if candidates.is_empty() {
            let reason = match self.piece_on(from) {
                None => format!("no piece on {a}"),
                Some(p) if p.color != self.side => {
                    format!("the piece on {a} is not the side to move's")
                }
                Some(p) => format!("the {} on {a} cannot go to {b}", p.role.name()),
            };
            return Err(illegal(reason));
        }
        match promo {
            Some(k) => candidates
                .iter()
                .copied()
                .find(|m| m.promotion() == Some(k))
                .ok_or_else(|| illegal(format!("no promotion to {} on this move", k.name()))),
            None => {
                if candidates.len() == 1 {
                    let m = candidates[0];
                    // Only automatic promotions may be left out.
                    let kind = self.piece_on(from).map(|p| p.role);
                    match (kind, m.promotion()) {
                        (_, None)
                        | (Some(Role::Knecht), Some(Role::VerKnecht))
                        | (Some(Role::Prince), Some(Role::Konnet)) => Ok(m),
                        _ => Err(illegal("the promotion piece must be given (=X)".into())),
                    }
                } else {
                    Err(illegal("the promotion piece must be given (=X)".into()))
                }
            }
        }
    }
}

impl Position {
    /// The start position of `variant` (docs/rules/chess-t.md, T5, T9, T10).
    ///
    /// ```
    /// use fairy_chess_t::prelude::*;
    /// assert_eq!(Position::new(Variant::ChessT1).to_notation(), START_T1);
    /// ```
    pub fn new(variant: Variant) -> Position {
        Position::start(variant)
    }
}

impl Default for Position {
    /// The Chess-T start position ([`START`](crate::START)).
    fn default() -> Position {
        Position::new(Variant::ChessT)
    }
}

impl core::fmt::Display for Position {
    /// The position notation (docs/rules/chess-t.md, T11), preceded by the rule set's name
    /// and a space for Chess-T2 and chess-T1 (`chess-t2 rs1pkp1sr/... w b4,b5 - 0 1`), so
    /// that [`FromStr`](core::str::FromStr) reads it back under the same rules. A Chess-T
    /// position is written without a name: Chess-T is the rule set read when none is named.
    /// [`Game::to_notation`](fairy_kernel::Game::to_notation) never writes the name (the rule
    /// set is given separately there).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.variant != Variant::ChessT {
            write!(f, "{} ", self.variant.name())?;
        }
        f.write_str(&self.notation())
    }
}

impl core::str::FromStr for Position {
    type Err = PositionError;

    /// Reads what `Display` writes: the position notation (docs/rules/chess-t.md, T11),
    /// optionally preceded by the name of the rule set (`chess-t`, `chess-t2` or `chess-t1`)
    /// as a seventh field. Without a name the position is read as Chess-T (the notation's
    /// six fields do not tell the rule sets apart: a Chess-T2 position without Scouts reads
    /// as a Chess-T one). Surrounding whitespace is ignored.
    ///
    /// # Errors
    /// [`PositionError::Field`] when seven fields are given and the first names no rule
    /// set; otherwise what [`Game::from_notation`](fairy_kernel::Game::from_notation) gives.
    fn from_str(text: &str) -> Result<Position, PositionError> {
        let text = text.trim();
        let fields = text.split_whitespace().count();
        match text.split_once(char::is_whitespace) {
            Some((first, rest)) if fields == 7 => {
                let variant: Variant = first
                    .parse()
                    .map_err(|_| field_err("rule set", first, "chess-t, chess-t2 or chess-t1"))?;
                Position::from_notation(variant, rest.trim_start())
            }
            _ => Position::from_notation(Variant::ChessT, text),
        }
    }
}
