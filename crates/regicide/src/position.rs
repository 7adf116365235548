//! The position and the sub-move: placement, turn state, and how a sub-move changes them.

use fairy_kernel::{BitSet, Color};

use crate::generated::tables::{
    BLACK_PAWN_PUSH, CASTLE_CLEAR, FRONT_MASKS, PAWN_STARTS, WHITE_PAWN_PUSH,
};
use crate::tables::{back_rank, square, CASTLE_FILES, FILES, NO_SQUARE, SQUARES};
use crate::{zobrist, Move, MoveKind, Piece, Role};

/// The empty square in the mailbox.
pub(crate) const EMPTY: u8 = 0;

/// The mailbox code of a piece: `color << 3 | (role + 1)`; 0 is empty.
#[inline]
pub(crate) const fn code(color: Color, role: Role) -> u8 {
    ((color as u8) << 3) | (role as u8 + 1)
}

/// The piece of a non-empty mailbox code.
#[inline]
pub(crate) const fn decode(c: u8) -> Piece {
    Piece {
        color: if c & 8 == 0 {
            Color::White
        } else {
            Color::Black
        },
        role: Role::from_index((c & 7) - 1),
    }
}

/// The square one step forward for a pawn of `color`, or `NO_SQUARE`.
#[inline]
pub(crate) fn pawn_push(color: Color, sq: u16) -> u16 {
    match color {
        Color::White => WHITE_PAWN_PUSH[sq as usize],
        Color::Black => BLACK_PAWN_PUSH[sq as usize],
    }
}

/// The side whose double step created the en-passant target `t`: White's targets lie on
/// ranks 8-10, Black's on ranks 3-5 (ruling R15).
#[inline]
pub(crate) const fn target_owner(t: u16) -> Color {
    if t / FILES >= 6 {
        Color::White
    } else {
        Color::Black
    }
}

/// The XOR of `keys[sq]` over the squares `sq` of `set`, word by word (empty words, the
/// usual case, cost one test each).
#[inline(always)]
fn keys_of(set: &BitSet<5>, keys: &[u64]) -> u64 {
    let mut h = 0;
    for (i, &word) in set.0.iter().enumerate() {
        let mut w = word;
        while w != 0 {
            h ^= keys[i * 64 + w.trailing_zeros() as usize];
            w &= w - 1;
        }
    }
    h
}

/// A position of Imperial Regicide, in the middle of a turn or at its start.
///
/// It holds the placement, the side to move and the front to move (ruling R4), the
/// castling rights (R9), the en-passant targets (R15), the pieces that already moved in
/// this turn (R4), the half-move clock and the turn number (R17). Create one with
/// [`fairy_kernel::Game::start`] or [`fairy_kernel::Game::from_notation`]; change it with
/// [`fairy_kernel::Game::play`].
#[derive(Clone)]
pub struct Position {
    pub(crate) board: [u8; SQUARES],
    pub(crate) by_color: [BitSet<5>; 2],
    pub(crate) by_role: [BitSet<5>; 6],
    pub(crate) moved: BitSet<5>,
    pub(crate) ep: BitSet<5>,
    /// Starting squares of a wedge holding a pawn of that wedge's colour that has already
    /// moved, so may not double-step (docs/rules/regicide.md, R14).
    pub(crate) moved_pawns: BitSet<5>,
    pub(crate) castling: u16,
    pub(crate) side: Color,
    /// Front to move, 0..3.
    pub(crate) front: u8,
    pub(crate) passed: bool,
    pub(crate) halfmove: u32,
    pub(crate) turn: u32,
    pub(crate) hash: u64,
}

impl PartialEq for Position {
    /// Positions are equal when their notation is: the "turn passed" flag of the last
    /// sub-move is history, not position.
    fn eq(&self, o: &Self) -> bool {
        self.board == o.board
            && self.moved == o.moved
            && self.ep == o.ep
            && self.moved_pawns == o.moved_pawns
            && self.castling == o.castling
            && self.side == o.side
            && self.front == o.front
            && self.halfmove == o.halfmove
            && self.turn == o.turn
    }
}

impl Eq for Position {}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Regicide({})", self.notation())
    }
}

impl Position {
    /// An empty board, White to move on front I, no rights, clocks 0 and 1.
    pub(crate) fn empty() -> Position {
        Position {
            board: [EMPTY; SQUARES],
            by_color: [BitSet::EMPTY; 2],
            by_role: [BitSet::EMPTY; 6],
            moved: BitSet::EMPTY,
            ep: BitSet::EMPTY,
            moved_pawns: BitSet::EMPTY,
            castling: 0,
            side: Color::White,
            front: 0,
            passed: false,
            halfmove: 0,
            turn: 1,
            hash: 0,
        }
    }

    /// The start position (seed §4; ruling R2).
    pub(crate) fn start_position() -> Position {
        let mut p = Position::empty();
        const BACK: [Role; 8] = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Prince,
            Role::Queen,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for color in Color::ALL {
            let rank = back_rank(color);
            for front in 0..3u16 {
                for (i, &role) in BACK.iter().enumerate() {
                    p.put(square(front * 8 + i as u16, rank), code(color, role));
                }
            }
            for sq in PAWN_STARTS[color.index()].iter() {
                p.put(sq, code(color, Role::Pawn));
            }
        }
        p.castling = (1 << 12) - 1;
        p.hash = p.compute_hash();
        p
    }

    /// Puts a piece code on an empty square (placement hash not updated).
    #[inline]
    pub(crate) fn put(&mut self, sq: u16, c: u8) {
        self.board[sq as usize] = c;
        let pc = decode(c);
        self.by_color[pc.color.index()].insert(sq);
        self.by_role[pc.role as usize].insert(sq);
    }

    /// Removes the piece code `c` standing on `sq` (placement hash not updated).
    #[inline]
    fn take(&mut self, sq: u16, c: u8) {
        self.board[sq as usize] = EMPTY;
        let pc = decode(c);
        self.by_color[pc.color.index()].remove(sq);
        self.by_role[pc.role as usize].remove(sq);
    }

    /// The hash of everything but the placement.
    pub(crate) fn state_hash(&self) -> u64 {
        let mut h = zobrist::FRONT[self.front as usize];
        if self.side == Color::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        let c = self.castling as usize;
        h ^= zobrist::CASTLING_SETS[0][c & 63] ^ zobrist::CASTLING_SETS[1][(c >> 6) & 63];
        h ^= keys_of(&self.ep, &zobrist::EN_PASSANT);
        h ^= keys_of(&self.moved, &zobrist::MOVED);
        h ^= keys_of(&self.moved_pawns, &zobrist::MOVED_PAWN);
        h
    }

    /// The full hash computed from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = self.state_hash();
        for (sq, &c) in self.board.iter().enumerate() {
            if c != EMPTY {
                h ^= zobrist::PIECE[c as usize][sq];
            }
        }
        h
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: crate::Square) -> Option<Piece> {
        self.piece_on(sq.index())
    }

    /// The piece on cell index `sq`, if any; indices off the board are empty.
    pub(crate) fn piece_on(&self, sq: u16) -> Option<Piece> {
        match self.board.get(sq as usize) {
            Some(&c) if c != EMPTY => Some(decode(c)),
            _ => None,
        }
    }

    /// The front to move: 1, 2 or 3 (ruling R4). At the end of a game with no legal
    /// sub-move it is 1.
    pub fn front(&self) -> u8 {
        self.front + 1
    }

    /// The name of the front to move as the boards and status lines write it: `I`, `II`
    /// or `III` (the notation's field 3 writes it `1`, `2` or `3`).
    pub fn front_name(&self) -> &'static str {
        crate::front_name(self.front)
    }

    /// Whether the sub-move that produced this position ended the turn, so that the
    /// opponent is now to move (`false` for a position read from notation).
    pub fn turn_passed(&self) -> bool {
        self.passed
    }

    /// The squares of the pieces that already moved in the current turn (ruling R4).
    pub fn moved_squares(&self) -> BitSet<5> {
        self.moved
    }

    /// The en-passant targets still capturable (ruling R15).
    pub fn en_passant_targets(&self) -> BitSet<5> {
        self.ep
    }

    /// The starting squares of either colour's wedge on which a pawn of that colour stands
    /// that has already moved, so may not double-step (ruling R14; the ninth notation
    /// field of R12).
    pub fn moved_pawn_squares(&self) -> BitSet<5> {
        self.moved_pawns
    }

    /// Whether `color` may still castle with the rook on the a-side (`h_side = false`) or
    /// h-side of `front` (1..=3), ruling R9. `false` for a front outside 1..=3.
    pub fn can_castle(&self, color: Color, front: u8, h_side: bool) -> bool {
        if !(1..=3).contains(&front) {
            return false;
        }
        self.castling & crate::tables::castle_bit(color, front as usize - 1, h_side as usize) != 0
    }

    /// The half-move clock: sub-moves since the last pawn sub-move or capture (R17).
    pub fn half_move_clock(&self) -> u32 {
        self.halfmove
    }

    /// The turn number: 1 at the start, up by one when Black's turn ends (R17).
    pub fn turn_number(&self) -> u32 {
        self.turn
    }

    /// The squares of `color`'s pieces.
    pub fn pieces(&self, color: Color) -> BitSet<5> {
        self.by_color[color.index()]
    }

    /// The squares of `color`'s princes.
    pub fn princes(&self, color: Color) -> BitSet<5> {
        self.by_color[color.index()] & self.by_role[Role::Prince as usize]
    }

    /// The number of `color`'s princes (0..=3).
    #[inline]
    pub fn prince_count(&self, color: Color) -> u32 {
        self.princes(color).count()
    }

    /// Whether `sq` is attacked by a piece of `by` other than a prince (ruling R13).
    pub fn is_attacked(&self, sq: crate::Square, by: Color) -> bool {
        self.attacked_cell(sq.index(), by)
    }

    /// [`Position::is_attacked`] on a cell index.
    pub(crate) fn attacked_cell(&self, sq: u16, by: Color) -> bool {
        (sq as usize) < SQUARES && crate::attacks::attacked(&self.board, sq, by)
    }

    /// The legal sub-move of this position with the squares and promotion of `m`, kind
    /// included, or `None` if there is none: what a [`Move`] read without a position (its
    /// `FromStr`) means here.
    pub fn resolve(&self, m: Move) -> Option<Move> {
        let mut moves = crate::MoveList::new();
        self.list_moves(&mut moves);
        moves.into_iter().find(|l| {
            l.origin() == m.origin() && l.target() == m.target() && l.promotion() == m.promotion()
        })
    }

    /// Plays a legal sub-move: moves the piece, updates rights, en-passant targets and
    /// moved pieces, then finds the next front with a legal sub-move or passes the turn
    /// (ruling R4). Capturing the last prince passes the turn to the loser, who has no
    /// legal move (R16).
    pub(crate) fn play_move(&mut self, m: Move) {
        let us = self.side;
        let them = !us;
        let from = m.origin();
        let to = m.target();
        let mover = self.board[from as usize];
        self.hash ^= self.state_hash();
        self.passed = false;

        let mut capture_sq = to;
        if m.kind() == MoveKind::EnPassant {
            capture_sq = pawn_push(them, to);
        }
        let captured = self.board[capture_sq as usize];
        if captured != EMPTY {
            self.take(capture_sq, captured);
            self.hash ^= zobrist::PIECE[captured as usize][capture_sq as usize];
        }
        self.take(from, mover);
        self.hash ^= zobrist::PIECE[mover as usize][from as usize];
        let placed = match m.promotion() {
            Some(r) => code(us, r),
            None => mover,
        };
        self.put(to, placed);
        self.hash ^= zobrist::PIECE[placed as usize][to as usize];
        self.moved.insert(to);

        if m.kind() == MoveKind::Castle {
            let rank = back_rank(us);
            let front = (from % FILES) / 8;
            let (a, _, h) = CASTLE_FILES[front as usize];
            let (rook_from, rook_to) = if to < from {
                (square(a, rank), to + 1)
            } else {
                (square(h, rank), to - 1)
            };
            let rook = self.board[rook_from as usize];
            self.take(rook_from, rook);
            self.put(rook_to, rook);
            self.hash ^= zobrist::PIECE[rook as usize][rook_from as usize]
                ^ zobrist::PIECE[rook as usize][rook_to as usize];
            self.moved.insert(rook_to);
        }

        self.castling &= !(CASTLE_CLEAR[from as usize] | CASTLE_CLEAR[capture_sq as usize]);

        // R14: a pawn that moved onto a starting square of its own wedge may not
        // double-step from there; the entry goes when the pawn leaves or is captured.
        if self.moved_pawns.any() {
            self.moved_pawns.remove(from);
            self.moved_pawns.remove(capture_sq);
        }
        if placed == code(us, Role::Pawn) && PAWN_STARTS[us.index()].contains(to) {
            self.moved_pawns.insert(to);
        }

        if self.ep.any() {
            // A square once occupied stays occupied until its target expires, so the
            // target is dropped; so is the target of a captured double-stepped pawn.
            self.ep.remove(to);
            if captured != EMPTY && decode(captured).role == Role::Pawn {
                let owner = decode(captured).color;
                let t = pawn_push(!owner, capture_sq);
                if t != NO_SQUARE && target_owner(t) == owner {
                    self.ep.remove(t);
                }
            }
        }
        if m.kind() == MoveKind::DoubleStep {
            self.ep.insert(pawn_push(us, from));
        }

        if captured != EMPTY || decode(mover).role == Role::Pawn {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }

        if self.prince_count(them) == 0 {
            self.pass_turn(false);
        } else {
            self.settle(self.front as usize + 1);
        }
        self.hash ^= self.state_hash();
    }

    /// The position after the pseudo-legal sub-move `m` (not castling) for the look-ahead
    /// of R7: the pieces move and `m`'s piece is marked as moved; side, front, rights,
    /// en-passant targets, clocks and hash stay. The en-passant targets need no update:
    /// a target whose pawn was captured has no victim left, and a target a piece landed on
    /// is occupied, so neither yields a capture.
    pub(crate) fn apply_for_look_ahead(&mut self, m: Move) {
        let us = self.side;
        let (from, to) = (m.origin(), m.target());
        let mover = self.board[from as usize];
        let capture_sq = if m.kind() == MoveKind::EnPassant {
            pawn_push(!us, to)
        } else {
            to
        };
        let captured = self.board[capture_sq as usize];
        if captured != EMPTY {
            self.take(capture_sq, captured);
        }
        self.take(from, mover);
        let placed = match m.promotion() {
            Some(r) => code(us, r),
            None => mover,
        };
        self.put(to, placed);
        self.moved.insert(to);
    }

    /// Moves the front to the first front from `from_front` on with a legal sub-move; when
    /// none is left, passes the turn, or (at the start of a turn) stays on front I: the
    /// side has no legal sub-move this turn (ruling R4). The state hash is not updated.
    pub(crate) fn settle(&mut self, from_front: usize) {
        for f in from_front..3 {
            if self.has_legal_move_on(f) {
                self.front = f as u8;
                return;
            }
        }
        if self.moved.is_empty() {
            self.front = 0;
        } else {
            self.pass_turn(true);
        }
    }

    /// Ends the turn: the opponent moves next, from its first front with a legal
    /// sub-move (when `search`); en-passant targets of the new side's own earlier double
    /// steps expire (ruling R10, R15).
    fn pass_turn(&mut self, search: bool) {
        if self.side == Color::Black {
            self.turn += 1;
        }
        self.side = !self.side;
        self.moved = BitSet::EMPTY;
        self.passed = true;
        self.front = 0;
        if self.ep.any() {
            for t in self.ep.iter() {
                if target_owner(t) == self.side {
                    self.ep.remove(t);
                }
            }
        }
        if search {
            for f in 0..3 {
                if self.has_legal_move_on(f) {
                    self.front = f as u8;
                    return;
                }
            }
        }
    }

    /// Gives the whole turn to the opponent before its first sub-move (the engine's null
    /// move); `false`, changing nothing, once a sub-move of the turn has been played.
    pub(crate) fn pass_whole_turn(&mut self) -> bool {
        if self.moved.any() {
            return false;
        }
        self.hash ^= self.state_hash();
        self.pass_turn(true);
        self.hash ^= self.state_hash();
        true
    }

    /// The material a sub-move wins: the captured piece's value (a pawn for en passant;
    /// the opponent's last prince `fairy_kernel::heuristics::ROYAL_GAIN`, its capture wins)
    /// plus a promotion's gain over the pawn, in [`crate::eval::PIECE_VALUES`] units.
    pub(crate) fn gain(&self, m: Move) -> i32 {
        let value = |r: Role| crate::eval::PIECE_VALUES[r as usize];
        let victim = match m.kind() {
            MoveKind::EnPassant => value(Role::Pawn),
            MoveKind::Castle => 0,
            _ => match self.board[m.target() as usize] {
                EMPTY => 0,
                c => match decode(c).role {
                    // The last prince: its capture wins (R16).
                    Role::Prince
                        if (self.by_role[Role::Prince as usize]
                            & self.by_color[(!self.side).index()])
                        .count()
                            == 1 =>
                    {
                        fairy_kernel::heuristics::ROYAL_GAIN
                    }
                    r => value(r),
                },
            },
        };
        victim + m.promotion().map_or(0, |r| value(r) - value(Role::Pawn))
    }

    /// The mask of the current front's squares.
    #[inline]
    pub(crate) fn front_mask(&self, f: usize) -> BitSet<5> {
        FRONT_MASKS[f]
    }
}
