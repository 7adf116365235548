//! Position notation (ruling R12) and move notation (rulings R11, R17).

use fairy_kernel::{BitSet, Color, Geometry, MoveError, PositionError, SquareError};

use crate::generated::tables::PAWN_STARTS;
use crate::position::{code, decode, pawn_push, target_owner, Position, EMPTY};
use crate::tables::{back_rank, castle_bit, square, BOARD, CASTLE_FILES, FILES, NO_SQUARE, RANKS};
use crate::{Move, MoveList, Role};

/// `a1`..`x12`.
pub(crate) fn square_name(sq: u16) -> String {
    BOARD.square_name(sq)
}

/// Reads a square; `z` is accepted for `x` (ruling R1).
pub(crate) fn parse_square(text: &str) -> Result<u16, SquareError> {
    match text.strip_prefix('z') {
        Some(rest) => BOARD
            .parse_square(&format!("x{rest}"))
            .map_err(|e| match e {
                SquareError::Malformed { expected, .. } => SquareError::Malformed {
                    text: text.to_owned(),
                    expected,
                },
                SquareError::OffBoard { reason, .. } => SquareError::OffBoard {
                    text: text.to_owned(),
                    reason,
                },
            }),
        None => BOARD.parse_square(text),
    }
}

/// The canonical text of a sub-move: `d11-d9`, `a2-a1=Q` (ruling R11, R17).
pub(crate) fn move_text(m: Move) -> String {
    let mut s = format!("{}-{}", square_name(m.origin()), square_name(m.target()));
    if let Some(r) = m.promotion() {
        s.push('=');
        s.push(r.upper_char());
    }
    s
}

const MOVE_SHAPE: &str =
    "from-to such as d11-d9, a promotion such as a2-a1=Q, squares a1..x12 (`:` may replace `-`)";

/// Reads the text of a sub-move without a position: squares and promotion, kind
/// [`MoveKind::Normal`](crate::MoveKind::Normal) (see `Move: FromStr`).
pub(crate) fn read_move_text(text: &str) -> Result<Move, MoveError> {
    let malformed = || MoveError::Malformed {
        text: text.to_owned(),
        expected: MOVE_SHAPE.to_owned(),
    };
    let (body, promo) = match text.split_once('=') {
        Some((b, p)) => {
            let mut chars = p.chars();
            let role = match (chars.next(), chars.next()) {
                (Some(c), None) => Role::from_char(c).ok_or_else(malformed)?,
                _ => return Err(malformed()),
            };
            if matches!(role, Role::Prince | Role::Pawn) {
                return Err(MoveError::Illegal {
                    text: text.to_owned(),
                    reason:
                        "a pawn promotes to a queen, rook, bishop or knight, never a prince (R10)"
                            .to_owned(),
                });
            }
            (b, Some(role))
        }
        None => (text, None),
    };
    let (from, to) = body
        .split_once('-')
        .or_else(|| body.split_once(':'))
        .ok_or_else(malformed)?;
    let square = |s: &str| {
        parse_square(s).map_err(|source| MoveError::Square {
            text: text.to_owned(),
            source,
        })
    };
    let (from, to) = (square(from)?, square(to)?);
    Ok(match promo {
        Some(role) => Move::promotion_to(from, to, role),
        None => Move::new(from, to, crate::MoveKind::Normal),
    })
}

/// Reads a sub-move and checks it against the legal sub-moves of `pos`.
pub(crate) fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let read = read_move_text(text)?;
    let (from, to, promo) = (read.origin(), read.target(), read.promotion());

    let mut moves = MoveList::new();
    pos.list_moves(&mut moves);
    if moves.is_empty() {
        if let Some(o) = fairy_kernel::Game::outcome(pos) {
            return Err(MoveError::GameOver(o.to_string()));
        }
    }
    let illegal = |reason: String| MoveError::Illegal {
        text: text.to_owned(),
        reason,
    };
    if let Some(&m) = moves
        .iter()
        .find(|m| m.origin() == from && m.target() == to && m.promotion() == promo)
    {
        return Ok(m);
    }
    let us = pos.side;
    match pos.piece_on(from) {
        None => Err(illegal(format!("no piece on {}", square_name(from)))),
        Some(p) if p.color != us => Err(illegal(format!(
            "the piece on {} is not {us}'s",
            square_name(from)
        ))),
        Some(_) if (from % FILES) / 8 != pos.front as u16 => Err(illegal(format!(
            "{} is not on front {}, the front to move (R4)",
            square_name(from),
            pos.front_name()
        ))),
        Some(_) if pos.moved.contains(from) => Err(illegal(format!(
            "the piece on {} already moved this turn (R4)",
            square_name(from)
        ))),
        Some(_) => {
            if moves.iter().any(|m| m.origin() == from && m.target() == to) {
                Err(illegal(if promo.is_some() {
                    "choose the promotion piece: =Q, =R, =B or =N".to_owned()
                } else {
                    "a promotion needs =Q, =R, =B or =N".to_owned()
                }))
            } else {
                Err(illegal(format!(
                    "not among the {} legal sub-moves of front {}",
                    moves.len(),
                    pos.front_name()
                )))
            }
        }
    }
}

/// Writes a comma-separated square list in ascending order, or `-` (ruling R15).
fn square_list(set: BitSet<5>) -> String {
    if set.is_empty() {
        return "-".to_owned();
    }
    set.iter().map(square_name).collect::<Vec<_>>().join(",")
}

impl Position {
    /// The position notation of ruling R12 (the ninth field only when not empty).
    pub(crate) fn notation(&self) -> String {
        let mut s = String::with_capacity(160);
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let c = self.board[square(file, rank) as usize];
                if c == EMPTY {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(decode(c).char());
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.side.fen_char());
        s.push(' ');
        s.push(char::from(b'1' + self.front));
        s.push(' ');
        if self.castling == 0 {
            s.push('-');
        } else {
            for color in Color::ALL {
                for (front, &(a, _, h)) in CASTLE_FILES.iter().enumerate() {
                    for (side, file) in [(0, a), (1, h)] {
                        if self.castling & castle_bit(color, front, side) != 0 {
                            let ch = char::from(b'a' + file as u8);
                            s.push(match color {
                                Color::White => ch.to_ascii_uppercase(),
                                Color::Black => ch,
                            });
                        }
                    }
                }
            }
        }
        s.push(' ');
        s.push_str(&square_list(self.ep));
        s.push(' ');
        s.push_str(&square_list(self.moved));
        s.push(' ');
        s.push_str(&self.halfmove.to_string());
        s.push(' ');
        s.push_str(&self.turn.to_string());
        if self.moved_pawns.any() {
            s.push(' ');
            s.push_str(&square_list(self.moved_pawns));
        }
        s
    }

    /// Reads the position notation of ruling R12 (see `docs/rules/regicide.md` for what
    /// is rejected and how the front is normalised).
    pub(crate) fn parse_notation(text: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 8 && fields.len() != 9 {
            return Err(PositionError::FieldCount {
                text: text.to_owned(),
                found: fields.len(),
                expected: "8 or 9 (board, side, front, castling, en passant, moved, half-move \
                           clock, turn, optionally the moved pawns on wedge starting squares)"
                    .to_owned(),
            });
        }
        let mut p = Position::empty();
        parse_board(&mut p, fields[0])?;
        p.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(field("side to move", other, "`w` or `b`")),
        };
        p.front = match fields[2] {
            "1" => 0,
            "2" => 1,
            "3" => 2,
            other => return Err(field("front to move", other, "`1`, `2` or `3`")),
        };
        p.castling = parse_castling(fields[3])?;
        p.ep = parse_squares(fields[4], "en passant")?;
        p.moved = parse_squares(fields[5], "moved pieces")?;
        p.halfmove = fields[6].parse().map_err(|_| {
            field(
                "half-move clock",
                fields[6],
                "a number of sub-moves 0..4294967295",
            )
        })?;
        p.turn = match fields[7].parse::<u32>() {
            Ok(n) if n >= 1 => n,
            Ok(_) => return Err(field("turn number", fields[7], "a number from 1")),
            Err(_) if !fields[7].is_empty() && fields[7].bytes().all(|b| b.is_ascii_digit()) => {
                return Err(field(
                    "turn number",
                    fields[7],
                    "a number 1..4294967295: this one is too large",
                ))
            }
            Err(_) => return Err(field("turn number", fields[7], "a number from 1")),
        };
        if let Some(&text) = fields.get(8) {
            p.moved_pawns = parse_moved_pawns(&p, text)?;
        }
        check_possible(&p)?;
        // Normalise the front (R4): skip fronts without a legal sub-move. Mid-turn, a last
        // prince that is attacked with no legal sub-move left to complete the turn is
        // checkmated (R8(a)): the turn is not passed, and `outcome()` reports the mate.
        let stuck = p.moved.any()
            && p.prince_count(p.side) == 1
            && p.prince_count(!p.side) > 0
            && p.princes(p.side)
                .first()
                .is_some_and(|k| p.attacked_cell(k, !p.side))
            && (p.front as usize..3).all(|f| !p.has_legal_move_on(f));
        if !stuck {
            p.settle(p.front as usize);
        }
        p.passed = false;
        p.hash = p.compute_hash();
        Ok(p)
    }
}

fn field(name: &'static str, text: &str, expected: &str) -> PositionError {
    PositionError::Field {
        field: name,
        text: text.to_owned(),
        expected: expected.to_owned(),
    }
}

fn impossible(reason: String) -> PositionError {
    PositionError::Impossible { reason }
}

fn parse_board(p: &mut Position, text: &str) -> Result<(), PositionError> {
    const EXPECTED: &str = "12 ranks separated by `/`, rank 12 first, each 24 squares wide of \
                            pieces KQRBNP/kqrbnp and digit runs 1..24";
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(field(
            "board",
            text,
            &format!("{EXPECTED}; found {} ranks", ranks.len()),
        ));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = RANKS - 1 - i as u16;
        let bad = |why: String| field("board", rank_text, &format!("rank {}: {why}", rank + 1));
        let mut file: u16 = 0;
        let bytes = rank_text.as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            let b = bytes[j];
            if b.is_ascii_digit() {
                let start = j;
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    j += 1;
                }
                let run = &rank_text[start..j];
                let n: u16 = match run.parse() {
                    Ok(n) if (1..=24).contains(&n) && !run.starts_with('0') => n,
                    _ => return Err(bad(format!("bad run of empty squares {run:?}"))),
                };
                file += n;
                if file > FILES {
                    return Err(bad("more than 24 squares".to_owned()));
                }
                continue;
            }
            let c = char::from(b);
            let role = Role::from_char(c).ok_or_else(|| {
                bad(format!(
                    "unknown piece letter {:?}",
                    rank_text[j..].chars().next().unwrap_or(c)
                ))
            })?;
            if file >= FILES {
                return Err(bad("more than 24 squares".to_owned()));
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            p.put(square(file, rank), code(color, role));
            file += 1;
            j += 1;
        }
        if file != FILES {
            return Err(bad(format!("{file} squares instead of 24")));
        }
    }
    Ok(())
}

fn parse_castling(text: &str) -> Result<u16, PositionError> {
    const EXPECTED: &str =
        "`-` or the files of the rooks that may castle, from AHIPQX (White) and ahipqx (Black)";
    if text == "-" {
        return Ok(0);
    }
    if text.is_empty() {
        return Err(field("castling rights", text, EXPECTED));
    }
    let mut rights = 0u16;
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let file = c.to_ascii_lowercase() as u32;
        let mut bit = None;
        for (front, &(a, _, h)) in CASTLE_FILES.iter().enumerate() {
            if file == u32::from(b'a') + a as u32 {
                bit = Some(castle_bit(color, front, 0));
            } else if file == u32::from(b'a') + h as u32 {
                bit = Some(castle_bit(color, front, 1));
            }
        }
        let bit = bit.ok_or_else(|| field("castling rights", text, EXPECTED))?;
        if rights & bit != 0 {
            return Err(field(
                "castling rights",
                text,
                "each rook file at most once",
            ));
        }
        rights |= bit;
    }
    Ok(rights)
}

fn parse_squares(text: &str, name: &'static str) -> Result<BitSet<5>, PositionError> {
    let mut set = BitSet::EMPTY;
    if text == "-" {
        return Ok(set);
    }
    for part in text.split(',') {
        let sq = parse_square(part).map_err(|e| {
            field(
                name,
                text,
                &format!("`-` or comma-separated squares a1..x12: {e}"),
            )
        })?;
        if set.contains(sq) {
            return Err(field(name, text, "each square at most once"));
        }
        set.insert(sq);
    }
    Ok(set)
}

/// Reads the optional ninth field (ruling R12, R14): the wedge starting squares holding a
/// pawn of that wedge's colour that already moved, comma-separated in ascending order.
fn parse_moved_pawns(p: &Position, text: &str) -> Result<BitSet<5>, PositionError> {
    const NAME: &str = "moved pawns";
    const EXPECTED: &str = "comma-separated starting squares of a pawn wedge, in ascending \
                            order a1, b1, ..., x1, a2, ..., each holding a pawn of that \
                            wedge's colour that has moved (leave the field out when none)";
    if text.is_empty() || text == "-" {
        return Err(field(NAME, text, EXPECTED));
    }
    let mut set = BitSet::EMPTY;
    let mut last = None;
    for part in text.split(',') {
        let sq = parse_square(part).map_err(|e| field(NAME, text, &format!("{EXPECTED}: {e}")))?;
        if last.is_some_and(|l| sq <= l) {
            return Err(field(
                NAME,
                text,
                &format!("{EXPECTED}: {part} is out of order or repeated"),
            ));
        }
        last = Some(sq);
        let owner = Color::ALL
            .into_iter()
            .find(|c| PAWN_STARTS[c.index()].contains(sq));
        let Some(owner) = owner else {
            return Err(field(
                NAME,
                text,
                &format!("{EXPECTED}: {part} is not a starting square of a wedge"),
            ));
        };
        if p.board[sq as usize] != code(owner, Role::Pawn) {
            return Err(field(
                NAME,
                text,
                &format!("{EXPECTED}: no {owner} pawn stands on {part}"),
            ));
        }
        set.insert(sq);
    }
    Ok(set)
}

/// The rejections of impossible positions listed in `docs/rules/regicide.md`.
fn check_possible(p: &Position) -> Result<(), PositionError> {
    for color in Color::ALL {
        let n = p.prince_count(color);
        if n > 3 {
            return Err(impossible(format!(
                "{color} has {n} princes; a side has at most three (seed §3.6)"
            )));
        }
        let pawns = p.by_color[color.index()] & p.by_role[Role::Pawn as usize];
        for sq in pawns.iter() {
            let rank = sq / FILES;
            if rank == back_rank(color) || rank == back_rank(!color) {
                return Err(impossible(format!(
                    "{color} pawn on {}: pawns never stand on their own back rank or their promotion rank (R10)",
                    square_name(sq)
                )));
            }
        }
    }
    let us = p.side;
    if p.prince_count(!us) == 0 {
        return Err(impossible(format!(
            "{} has no prince: a game ends when a side loses its last prince, and the turn passes to that side (R16)",
            !us
        )));
    }
    if p.prince_count(us) == 0 && (p.front != 0 || p.moved.any()) {
        return Err(impossible(format!(
            "{us} has no prince: that side lost and has no sub-move in progress (R16)"
        )));
    }
    for color in Color::ALL {
        let rank = back_rank(color);
        for (front, &(a, k, h)) in CASTLE_FILES.iter().enumerate() {
            for (side, rook_file) in [(0, a), (1, h)] {
                if p.castling & castle_bit(color, front, side) == 0 {
                    continue;
                }
                let rook = square(rook_file, rank);
                let prince = square(k, rank);
                if p.board[rook as usize] != code(color, Role::Rook)
                    || p.board[prince as usize] != code(color, Role::Prince)
                {
                    return Err(impossible(format!(
                        "castling right {}: {color} needs its rook on {} and its prince on {} (R9)",
                        square_name(rook),
                        square_name(rook),
                        square_name(prince)
                    )));
                }
            }
        }
    }
    for t in p.ep.iter() {
        let owner = target_owner(t);
        let rank = t / FILES + 1;
        let on_target_rank = match owner {
            Color::White => (8..=10).contains(&rank),
            Color::Black => (3..=5).contains(&rank),
        };
        let origin = pawn_push(!owner, t);
        let victim = pawn_push(owner, t);
        let ok = on_target_rank
            && p.board[t as usize] == EMPTY
            && origin != NO_SQUARE
            && PAWN_STARTS[owner.index()].contains(origin)
            && victim != NO_SQUARE
            && p.board[victim as usize] == code(owner, Role::Pawn)
            && (owner != us || p.moved.contains(victim));
        if !ok {
            return Err(impossible(format!(
                "en-passant target {}: it must be the empty square a pawn skipped by a double step from its wedge, with that pawn beyond it (R10, R15)",
                square_name(t)
            )));
        }
    }
    for sq in p.moved.iter() {
        match p.piece_on(sq) {
            Some(pc) if pc.color == us => {}
            _ => {
                return Err(impossible(format!(
                    "moved piece {}: no piece of {us} stands there (R12)",
                    square_name(sq)
                )))
            }
        }
    }
    if p.front == 0 && p.moved.any() {
        return Err(impossible(
            "front I (field 3: 1) is the first sub-move of a turn, yet pieces are listed as moved (R4, R12)"
                .to_owned(),
        ));
    }
    if p.moved.is_empty() {
        for f in 0..p.front as usize {
            if p.has_legal_move_on(f) {
                return Err(impossible(format!(
                    "front {} is to move and no piece moved this turn, but front {} has a legal sub-move and would have been played (R4)",
                    crate::front_name(p.front),
                    crate::front_name(f as u8)
                )));
            }
        }
    }
    Ok(())
}

impl Position {
    /// Plays a whole turn: the sub-moves of the side to move, front by front, given as text
    /// (`["d9-d7", "l9-l7", "t9-t7"]`). Fronts without a legal sub-move are skipped as
    /// usual (ruling R4), so a turn may have fewer than three sub-moves. The position is
    /// changed only if the whole turn is legal.
    ///
    /// # Errors
    /// What [`fairy_kernel::Game::parse_move`] returns for a malformed or illegal sub-move;
    /// [`MoveError::Illegal`] when the turn passes before the last text, or when the last
    /// text leaves sub-moves of this turn still to play.
    ///
    /// ```
    /// use fairy_kernel::{Color, Game};
    /// use fairy_regicide::Position;
    ///
    /// let mut pos = Position::start(());
    /// pos.play_turn(&["d9-d7", "l9-l7", "t9-t7"]).unwrap();
    /// assert_eq!((pos.side_to_move(), pos.front()), (Color::Black, 1));
    /// assert!(pos.play_turn(&["d4-d5"]).is_err()); // fronts II and III still to move
    /// ```
    pub fn play_turn(&mut self, texts: &[&str]) -> Result<(), MoveError> {
        let mut p = self.clone();
        for (i, &text) in texts.iter().enumerate() {
            if i > 0 && p.passed {
                return Err(MoveError::Illegal {
                    text: text.to_owned(),
                    reason: "the turn has already passed to the opponent".to_owned(),
                });
            }
            let m = parse_move(&p, text)?;
            p.play_move(m);
        }
        if !p.passed {
            return Err(MoveError::Illegal {
                text: texts.join(" "),
                reason: format!(
                    "the turn goes on: front {} is still to move",
                    p.front_name()
                ),
            });
        }
        *self = p;
        Ok(())
    }
}
