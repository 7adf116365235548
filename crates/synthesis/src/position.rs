//! The position: placement, side to move, rights, latched states; notation and play.

use core::fmt;

use fairy_kernel::PositionError;

use crate::attacks::{
    bb, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::types::{
    file_of, name_of, parse_sq, rank_of, square, Latch, Mode, Move, MoveKind, Piece, Role, Sq,
    Square, BEREFT_KING_MOVES,
};
use crate::zobrist;
use crate::Color;

/// "No square" in the `u8` square fields.
pub(crate) const NO_SQUARE: u8 = 64;

/// Castling-right bits: White king side (rook h1), White queen side (a1), Black king side
/// (h8), Black queen side (a8).
pub(crate) const WK: u8 = 1;
pub(crate) const WQ: u8 = 2;
pub(crate) const BK: u8 = 4;
pub(crate) const BQ: u8 = 8;

/// The castling rights kept when a move touches a square: a king or rook leaving its start
/// square or a rook being captured there removes the matching rights.
const fn castle_keep(sq: Sq) -> u8 {
    match sq {
        4 => !(WK | WQ),
        7 => !WK,
        0 => !WQ,
        60 => !(BK | BQ),
        63 => !BK,
        56 => !BQ,
        _ => 0xff,
    }
}

/// [`castle_keep`] of every square, looked up by `play_in_place`.
static CASTLE_KEEP: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = castle_keep(sq as Sq);
        sq += 1;
    }
    t
};

/// The home square of the original queen: d1 for White, d8 for Black (seed §1).
#[inline]
pub const fn queen_home(c: Color) -> Square {
    Square::of(queen_home_sq(c))
}

/// [`queen_home`] as a square index.
#[inline]
pub(crate) const fn queen_home_sq(c: Color) -> Sq {
    match c {
        Color::White => 3,
        Color::Black => 59,
    }
}

/// A Synthesis chess position (`Copy`; [`Game::after`](fairy_kernel::Game::after) returns the next position).
///
/// It holds the placement, the side to move, castling rights, the en-passant square, the
/// clocks, and per side the latched state and the original queen's square (S9).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_color: [u64; 2],
    pub(crate) by_role: [u64; 6],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    pub(crate) ep: u8,
    pub(crate) latch: [Latch; 2],
    pub(crate) orig_queen: [u8; 2],
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

/// The position notation of the start (docs/rules/synthesis.md, S9).
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn field_err(field: &'static str, text: &str, expected: &str) -> PositionError {
    PositionError::Field {
        field,
        text: text.to_string(),
        expected: expected.to_string(),
    }
}

fn impossible(reason: impl Into<String>) -> PositionError {
    PositionError::Impossible {
        reason: reason.into(),
    }
}

fn latch_index(l: Latch) -> usize {
    match l {
        Latch::None => 0,
        Latch::Home => 1,
        Latch::Late => 2,
        Latch::Bereft(n) => 3 + n.min(BEREFT_KING_MOVES) as usize,
    }
}

impl Position {
    /// The start position (S9): the orthodox chess start, both sides in CLASSIC-HOME.
    pub(crate) fn start_position() -> Position {
        match Position::read_notation(START) {
            Ok(p) => p,
            Err(_) => unreachable!("the start position notation is valid"),
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.piece_on(sq.sq())
    }

    /// The piece on square index `sq`, if any.
    pub(crate) fn piece_on(&self, sq: Sq) -> Option<Piece> {
        let b = bb(sq);
        let color = if self.by_color[0] & b != 0 {
            Color::White
        } else if self.by_color[1] & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = self.role_at(sq)?;
        Some(Piece { color, role })
    }

    #[inline]
    pub(crate) fn role_at(&self, sq: Sq) -> Option<Role> {
        let b = bb(sq);
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()] & b != 0)
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn color_bb(&self, color: Color) -> u64 {
        self.by_color[color.index()]
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> u64 {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The square of `color`'s king; `None` after it was captured (S7).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.king_sq(color).map(Square::of)
    }

    /// [`Position::king`] as a square index.
    #[inline]
    pub(crate) fn king_sq(&self, color: Color) -> Option<Sq> {
        let k = self.pieces(color, Role::King);
        (k != 0).then(|| k.trailing_zeros() as Sq)
    }

    /// Castling rights as a 4-bit mask (1 White king side, 2 White queen side, 4 Black king
    /// side, 8 Black queen side).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The en-passant target square written after a double step (S14), if any.
    pub fn en_passant(&self) -> Option<Square> {
        (self.ep != NO_SQUARE).then(|| Square::of(self.ep))
    }

    /// The half-move clock (plies since the last pawn move or capture; informational, 5.6).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number (starts at 1, goes up after Black's move).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The latched state of `color` (S9).
    pub fn latch(&self, color: Color) -> Latch {
        self.latch[color.index()]
    }

    /// The square of `color`'s original queen while its state is unlatched (`-`), else
    /// `None` (S5, S9).
    pub fn original_queen(&self, color: Color) -> Option<Square> {
        let q = self.orig_queen[color.index()];
        (self.latch[color.index()] == Latch::None && q != NO_SQUARE).then(|| Square::of(q))
    }

    /// The mode `color` plays in now (S1-S4).
    #[inline]
    pub fn mode(&self, color: Color) -> Mode {
        match self.latch[color.index()] {
            Latch::None => {
                if self.orig_queen[color.index()] == queen_home_sq(color) {
                    Mode::ClassicHome
                } else {
                    Mode::Swapped
                }
            }
            Latch::Home => Mode::ClassicHome,
            Latch::Bereft(n) => Mode::Bereft(n),
            Latch::Late => Mode::ClassicLate,
        }
    }

    /// The pieces of `by` that attack `sq` with occupancy `occ`, by orthodox capture geometry
    /// in every mode (S5, S10).
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color, occ: u64) -> u64 {
        self.attackers_sq(sq.sq(), by, occ)
    }

    /// [`Position::attackers`] of a square index.
    #[inline]
    pub(crate) fn attackers_sq(&self, sq: Sq, by: Color, occ: u64) -> u64 {
        let them = self.by_color[by.index()];
        let diag = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        let orth = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        them & ((pawn_attacks(!by, sq) & self.by_role[Role::Pawn.index()])
            | (knight_attacks(sq) & self.by_role[Role::Knight.index()])
            | (king_attacks(sq) & self.by_role[Role::King.index()])
            | (bishop_attacks(sq, occ) & diag)
            | (rook_attacks(sq, occ) & orth))
    }

    /// Whether `sq` is attacked by `by` in this position (S10).
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attackers_sq(sq.sq(), by, self.occupied()) != 0
    }

    /// Whether `color`'s king is attacked (in check). `false` when it has no king.
    #[inline]
    pub fn in_check(&self, color: Color) -> bool {
        self.king_sq(color)
            .is_some_and(|k| self.attackers_sq(k, !color, self.occupied()) != 0)
    }

    /// The squares a piece of `role` and `color` on `sq` attacks (its orthodox capture
    /// geometry, S10) with occupancy `occ`.
    #[inline]
    pub fn attacks_of(role: Role, color: Color, sq: Square, occ: u64) -> u64 {
        Self::attacks_of_sq(role, color, sq.sq(), occ)
    }

    /// [`Position::attacks_of`] on a square index.
    #[inline]
    pub(crate) fn attacks_of_sq(role: Role, color: Color, sq: Sq, occ: u64) -> u64 {
        match role {
            Role::Pawn => pawn_attacks(color, sq),
            Role::Knight => knight_attacks(sq),
            Role::Bishop => bishop_attacks(sq, occ),
            Role::Rook => rook_attacks(sq, occ),
            Role::Queen => queen_attacks(sq, occ),
            Role::King => king_attacks(sq),
        }
    }

    /// Whether `m` is a capture (a day move; en passant included, S11).
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        m.kind() == MoveKind::EnPassant || self.by_color[(!self.side).index()] & bb(m.target()) != 0
    }

    /// The Zobrist hash (incrementally maintained), covering placement, side, castling,
    /// en passant, latched states and original queens (docs/rules/synthesis.md 5.5).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn state_key(&self, c: Color) -> u64 {
        let i = c.index();
        let mut k = zobrist::LATCH[i][latch_index(self.latch[i])];
        if self.latch[i] == Latch::None && self.orig_queen[i] != NO_SQUARE {
            k ^= zobrist::ORIGINAL_QUEEN[i][self.orig_queen[i] as usize];
        }
        k
    }

    #[inline]
    fn piece_key(c: Color, r: Role, sq: Sq) -> u64 {
        zobrist::PIECE[(c.index() * 6 + r.index()) * 64 + sq as usize]
    }

    /// The hash recomputed from scratch; always equal to [`Position::hash`].
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for r in Role::ALL {
                let mut b = self.pieces(c, r);
                while b != 0 {
                    h ^= Self::piece_key(c, r, b.trailing_zeros() as Sq);
                    b &= b - 1;
                }
            }
            h ^= self.state_key(c);
        }
        if self.side == Color::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        h ^= zobrist::CASTLING[self.castling as usize];
        h ^= zobrist::EN_PASSANT[self.ep as usize];
        h
    }

    #[inline]
    fn toggle(&mut self, c: Color, r: Role, sq: Sq) {
        let b = bb(sq);
        self.by_color[c.index()] ^= b;
        self.by_role[r.index()] ^= b;
        self.hash ^= Self::piece_key(c, r, sq);
    }

    /// Replaces `color`'s latched state and original-queen square, keeping the hash.
    #[inline]
    fn set_state(&mut self, color: Color, latch: Latch, orig_queen: u8) {
        self.hash ^= self.state_key(color);
        self.latch[color.index()] = latch;
        self.orig_queen[color.index()] = orig_queen;
        self.hash ^= self.state_key(color);
    }

    /// Latches `color` to CLASSIC-LATE if it is SWAPPED or BEREFT without rook and bishop
    /// (S13).
    #[inline]
    fn check_late(&mut self, color: Color) {
        if matches!(self.mode(color), Mode::Swapped | Mode::Bereft(_))
            && self.pieces(color, Role::Rook) | self.pieces(color, Role::Bishop) == 0
        {
            self.set_state(color, Latch::Late, NO_SQUARE);
        }
    }

    /// Gives the move to the other side without moving (the engine's null move): the
    /// en-passant square lapses; castling rights and latched states stay.
    pub(crate) fn pass(&mut self) {
        self.hash ^= zobrist::BLACK_TO_MOVE
            ^ zobrist::EN_PASSANT[self.ep as usize]
            ^ zobrist::EN_PASSANT[NO_SQUARE as usize];
        self.ep = NO_SQUARE;
        self.side = !self.side;
    }

    /// Plays `m` (a move of [`Game::legal_moves`](fairy_kernel::Game::legal_moves), or one
    /// passed through [`Position::resolve`]) on `self`, with every mode transition of
    /// docs/rules/synthesis.md 3.5 applied: what [`Game::play`](fairy_kernel::Game::play) does.
    pub(crate) fn play_in_place(&mut self, m: Move) {
        let us = self.side;
        let them = !us;
        let (from, to, kind) = (m.origin(), m.target(), m.kind());
        let Some(moving) = self.role_at(from) else {
            return;
        };
        self.hash ^= zobrist::BLACK_TO_MOVE
            ^ zobrist::CASTLING[self.castling as usize]
            ^ zobrist::EN_PASSANT[self.ep as usize];

        // Capture.
        let mut captured = None;
        let cap_sq = if kind == MoveKind::EnPassant {
            match us {
                Color::White => to.wrapping_sub(8) & 63,
                Color::Black => (to + 8) & 63,
            }
        } else {
            to
        };
        if self.by_color[them.index()] & bb(cap_sq) != 0 {
            if let Some(r) = self.role_at(cap_sq) {
                self.toggle(them, r, cap_sq);
                captured = Some(r);
            }
        }

        // Move the piece.
        self.toggle(us, moving, from);
        let placed = m.promotion().unwrap_or(moving);
        self.toggle(us, placed, to);
        if kind == MoveKind::Castle && matches!(to, 2 | 6 | 58 | 62) {
            let (rf, rt) = if file_of(to) == 6 {
                (to + 1, to - 1)
            } else {
                (to - 2, to + 1)
            };
            self.toggle(us, Role::Rook, rf);
            self.toggle(us, Role::Rook, rt);
        }

        self.castling &= CASTLE_KEEP[from as usize & 63] & CASTLE_KEEP[to as usize & 63];
        self.ep = if kind == MoveKind::DoubleStep {
            (from + to) / 2
        } else {
            NO_SQUARE
        };
        if moving == Role::Pawn || captured.is_some() {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = them;
        self.hash ^=
            zobrist::CASTLING[self.castling as usize] ^ zobrist::EN_PASSANT[self.ep as usize];

        // Mode transitions (docs/rules/synthesis.md 3.5).
        let (ui, ti) = (us.index(), them.index());
        match captured {
            Some(Role::Queen) if self.latch[ti] == Latch::None && self.orig_queen[ti] == cap_sq => {
                let latch = if cap_sq == queen_home_sq(them) {
                    Latch::Home
                } else {
                    Latch::Bereft(BEREFT_KING_MOVES)
                };
                self.set_state(them, latch, NO_SQUARE);
                self.check_late(them);
            }
            Some(Role::Rook | Role::Bishop) => self.check_late(them),
            _ => {}
        }
        match moving {
            Role::Queen if self.latch[ui] == Latch::None && self.orig_queen[ui] == from => {
                self.set_state(us, Latch::None, to);
                self.check_late(us);
            }
            Role::King if kind != MoveKind::Castle => {
                if let Latch::Bereft(n) = self.latch[ui] {
                    self.set_state(us, Latch::Bereft(n.saturating_sub(1)), NO_SQUARE);
                }
            }
            _ => {}
        }
    }

    /// Reads a position in the notation of S9 (FEN plus the optional seventh field of
    /// latched states), for [`Game::from_notation`](fairy_kernel::Game::from_notation).
    /// Never panics.
    ///
    /// # Errors
    /// [`PositionError::FieldCount`] unless there are 6 or 7 fields;
    /// [`PositionError::Field`] for a malformed field; [`PositionError::Impossible`] for a
    /// position that cannot occur (docs/rules/synthesis.md 7.5).
    pub(crate) fn read_notation(text: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(6..=7).contains(&fields.len()) {
            return Err(PositionError::FieldCount {
                text: text.to_string(),
                found: fields.len(),
                expected: "6 or 7".to_string(),
            });
        }
        let mut p = Position {
            by_color: [0; 2],
            by_role: [0; 6],
            side: Color::White,
            castling: 0,
            ep: NO_SQUARE,
            latch: [Latch::None; 2],
            orig_queen: [NO_SQUARE; 2],
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        };

        // Board.
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(field_err(
                "board",
                fields[0],
                "8 ranks separated by '/', rank 8 first",
            ));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file: u32 = 0;
            for ch in rank_text.chars() {
                if let Some(d) = ch.to_digit(10) {
                    if d == 0 {
                        return Err(field_err(
                            "board",
                            rank_text,
                            "digits 1..8 for runs of empty squares",
                        ));
                    }
                    file += d;
                } else if let Some(role) = Role::from_char(ch) {
                    if file >= 8 {
                        return Err(field_err("board", rank_text, "8 squares per rank"));
                    }
                    let color = if ch.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let b = bb(square(file as u8, rank));
                    p.by_color[color.index()] |= b;
                    p.by_role[role.index()] |= b;
                    file += 1;
                } else {
                    return Err(field_err(
                        "board",
                        rank_text,
                        "piece letters PNBRQK (White) / pnbrqk (Black) and digits 1..8",
                    ));
                }
                if file > 8 {
                    return Err(field_err("board", rank_text, "8 squares per rank"));
                }
            }
            if file != 8 {
                return Err(field_err("board", rank_text, "8 squares per rank"));
            }
        }

        // Side to move.
        p.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(field_err("side to move", other, "'w' or 'b'")),
        };

        // Castling rights.
        if fields[2] != "-" {
            for ch in fields[2].chars() {
                let bit = match ch {
                    'K' => WK,
                    'Q' => WQ,
                    'k' => BK,
                    'q' => BQ,
                    _ => {
                        return Err(field_err(
                            "castling rights",
                            fields[2],
                            "'-' or letters from KQkq",
                        ))
                    }
                };
                if p.castling & bit != 0 {
                    return Err(field_err(
                        "castling rights",
                        fields[2],
                        "each of KQkq at most once",
                    ));
                }
                p.castling |= bit;
            }
        }

        // En passant.
        if fields[3] != "-" {
            let Some(sq) = parse_sq(fields[3]) else {
                return Err(field_err("en passant", fields[3], "'-' or a square a1..h8"));
            };
            p.ep = sq;
        }

        // A run of digits that does not fit is said to be too large.
        let range = |t: &str, min: u32| {
            if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) && t.parse::<u32>().is_err() {
                format!("a number {min} to {}: this one is too large", u32::MAX)
            } else {
                format!("a number {min} or more")
            }
        };
        p.halfmove = fields[4]
            .parse()
            .map_err(|_| field_err("half-move clock", fields[4], &range(fields[4], 0)))?;
        p.fullmove = fields[5]
            .parse()
            .ok()
            .filter(|&n: &u32| n >= 1)
            .ok_or_else(|| field_err("move number", fields[5], &range(fields[5], 1)))?;

        // Seventh field.
        let mut explicit_orig = [None::<Sq>; 2];
        if let Some(&f7) = fields.get(6) {
            let parts: Vec<&str> = f7.split('/').collect();
            if parts.len() != 2 {
                return Err(field_err(
                    "latched states",
                    f7,
                    "<white>/<black>, each '-', '-@<square>', 'H', 'B<n>' (n 0..32) or 'L'",
                ));
            }
            for (i, part) in parts.iter().enumerate() {
                let (l, o) = parse_latch(part)?;
                p.latch[i] = l;
                explicit_orig[i] = o;
            }
        }

        p.validate_and_finish(explicit_orig)?;
        Ok(p)
    }

    fn validate_and_finish(&mut self, explicit_orig: [Option<Sq>; 2]) -> Result<(), PositionError> {
        const RANK_1_8: u64 = 0xff00_0000_0000_00ff;
        if self.by_role[Role::Pawn.index()] & RANK_1_8 != 0 {
            return Err(impossible("a pawn stands on rank 1 or rank 8"));
        }
        for c in Color::ALL {
            if self.pieces(c, Role::King).count_ones() > 1 {
                return Err(impossible(format!("{c} has more than one king")));
            }
        }
        let (us, them) = (self.side, !self.side);
        if self.king_sq(us).is_some() && self.king_sq(them).is_none() {
            return Err(impossible(format!(
                "{them} (not to move) has no king while {us} has one: after a king capture the \
                 captured king's side is to move (S7)"
            )));
        }
        if self.king_sq(us).is_none() && self.king_sq(them).is_none() && self.color_bb(them) == 0 {
            return Err(impossible(format!(
                "no king and no {them} piece on the board: after both kings are captured, the \
                 side not to move keeps the piece that captured last (5.2, 7.2)"
            )));
        }
        if let (Some(a), Some(b)) = (self.king_sq(Color::White), self.king_sq(Color::Black)) {
            if king_attacks(a) & bb(b) != 0 {
                return Err(impossible(
                    "the kings stand on adjacent squares (seed Note 4)",
                ));
            }
        }
        let rights = [
            (WK, Color::White, 4, 7, "K"),
            (WQ, Color::White, 4, 0, "Q"),
            (BK, Color::Black, 60, 63, "k"),
            (BQ, Color::Black, 60, 56, "q"),
        ];
        for (bit, c, k, r, name) in rights {
            if self.castling & bit != 0
                && (self.pieces(c, Role::King) & bb(k) == 0
                    || self.pieces(c, Role::Rook) & bb(r) == 0)
            {
                return Err(impossible(format!(
                    "castling right {name} without the {c} king on {} and rook on {}",
                    name_of(k),
                    name_of(r)
                )));
            }
        }
        if self.ep != NO_SQUARE {
            let ep = self.ep;
            let ok = match us {
                Color::White => {
                    rank_of(ep) == 5
                        && self.pieces(them, Role::Pawn) & bb(ep - 8) != 0
                        && self.occupied() & (bb(ep) | bb(ep + 8)) == 0
                }
                Color::Black => {
                    rank_of(ep) == 2
                        && self.pieces(them, Role::Pawn) & bb(ep + 8) != 0
                        && self.occupied() & (bb(ep) | bb(ep - 8)) == 0
                }
            };
            if !ok {
                return Err(impossible(format!(
                    "en-passant square {} does not lie behind a {them} pawn that just made a \
                     double step",
                    name_of(ep)
                )));
            }
        }
        for c in Color::ALL {
            let i = c.index();
            let queens = self.pieces(c, Role::Queen);
            if self.latch[i] == Latch::None {
                if let Some(sq) = explicit_orig[i] {
                    if queens & bb(sq) == 0 {
                        return Err(impossible(format!(
                            "{c}'s original queen is said to stand on {}, but no {c} queen is there",
                            name_of(sq)
                        )));
                    }
                    self.orig_queen[i] = sq;
                } else if queens & bb(queen_home_sq(c)) != 0 {
                    self.orig_queen[i] = queen_home_sq(c);
                } else if queens != 0 {
                    self.orig_queen[i] = queens.trailing_zeros() as Sq;
                } else {
                    self.latch[i] = Latch::Home;
                }
            }
            if matches!(self.mode(c), Mode::Swapped | Mode::Bereft(_))
                && self.pieces(c, Role::Rook) | self.pieces(c, Role::Bishop) == 0
            {
                return Err(impossible(format!(
                    "{c} is in mode SWAPPED or BEREFT with no rook and no bishop; it would be \
                     CLASSIC-LATE (state 'L', S13)"
                )));
            }
        }
        self.hash = self.hash_from_scratch();
        Ok(())
    }

    /// Writes the position in the notation of S9: six FEN fields, plus the seventh when a
    /// side is latched or an unlatched side has more than one queen.
    pub(crate) fn write_notation(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.piece_on(square(file, rank)) {
                    Some(pc) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(pc.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.side.fen_char());
        s.push(' ');
        if self.castling == 0 {
            s.push('-');
        } else {
            for (bit, ch) in [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')] {
                if self.castling & bit != 0 {
                    s.push(ch);
                }
            }
        }
        s.push(' ');
        if self.ep == NO_SQUARE {
            s.push('-');
        } else {
            s.push_str(&name_of(self.ep));
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        let entries: Vec<String> = Color::ALL
            .into_iter()
            .map(|c| match self.latch[c.index()] {
                Latch::None => {
                    if self.pieces(c, Role::Queen).count_ones() > 1 {
                        format!("-@{}", name_of(self.orig_queen[c.index()]))
                    } else {
                        "-".to_string()
                    }
                }
                Latch::Home => "H".to_string(),
                Latch::Late => "L".to_string(),
                Latch::Bereft(n) => format!("B{n}"),
            })
            .collect();
        if entries.iter().any(|e| e != "-") {
            s.push(' ');
            s.push_str(&entries[0]);
            s.push('/');
            s.push_str(&entries[1]);
        }
        s
    }
}

fn parse_latch(part: &str) -> Result<(Latch, Option<Sq>), PositionError> {
    let expected = "'-', '-@<square>', 'H', 'B<n>' with n 0..32, or 'L'";
    match part {
        "-" => Ok((Latch::None, None)),
        "H" => Ok((Latch::Home, None)),
        "L" => Ok((Latch::Late, None)),
        _ => {
            if let Some(sq) = part.strip_prefix("-@") {
                let sq = parse_sq(sq).ok_or_else(|| field_err("latched states", part, expected))?;
                Ok((Latch::None, Some(sq)))
            } else if let Some(n) = part.strip_prefix('B') {
                if n.is_empty() || n.len() > 3 || !n.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(field_err("latched states", part, expected));
                }
                let n: u32 = n
                    .parse()
                    .map_err(|_| field_err("latched states", part, expected))?;
                if n > u32::from(BEREFT_KING_MOVES) {
                    return Err(impossible(format!(
                        "latched state {part}: a BEREFT king has at most {BEREFT_KING_MOVES} moves (seed §3.3)"
                    )));
                }
                Ok((Latch::Bereft(n as u8), None))
            } else {
                Err(field_err("latched states", part, expected))
            }
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.write_notation())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write_notation())
    }
}

impl core::str::FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::read_notation(s)
    }
}
