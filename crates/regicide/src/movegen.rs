//! Fast generation of the legal sub-moves of one front (docs/rules/regicide.md, R4-R10,
//! R16).
//!
//! One generator serves three consumers through [`Sink`]: listing, counting (perft's bulk
//! count) and "is there any" (skipping fronts, R4). Legality is a [`Filter`]: while the side
//! has two or three princes every pseudo-legal sub-move is legal (R7) and the filter is
//! compiled away; with one prince a sub-move is tested only when it can matter (the prince
//! moves, the prince is in check, the mover stands on a line through the prince, or en
//! passant). A sub-move that leaves the last prince attacked is legal only if the turn can
//! still be completed with the prince unattacked at its end (R7): only then is the rest of
//! the turn searched, on a copy of the position.

use arrayvec::ArrayVec;
use fairy_kernel::{BitSet, Color, MoveBuf};

use crate::attacks::attacked;
use crate::generated::tables::{
    BLACK_PAWN_CAPTURES, KNIGHT, PAWN_STARTS, PRINCE, QUEEN_LINES, RAYS, WHITE_PAWN_CAPTURES,
};
use crate::position::{code, pawn_push, Position, EMPTY};
use crate::tables::{back_rank, castle_bit, square, CASTLE_FILES, FILES, NO_SQUARE, SQUARES};
use crate::{Move, MoveKind, MoveList, Role};

/// Receives generated sub-moves; `push` returns `true` to stop the generation.
pub(crate) trait Sink {
    /// Whether the sink stops at the first sub-move (the generation order may then put
    /// the likeliest sub-moves first).
    const FIRST_ONLY: bool = false;
    fn push(&mut self, m: Move) -> bool;
}

/// Appends to a move list.
pub(crate) struct ListSink<'a>(pub &'a mut MoveList);
impl Sink for ListSink<'_> {
    #[inline]
    fn push(&mut self, m: Move) -> bool {
        MoveBuf::push(self.0, m);
        false
    }
}

/// Counts.
pub(crate) struct CountSink(pub usize);
impl Sink for CountSink {
    #[inline]
    fn push(&mut self, _: Move) -> bool {
        self.0 += 1;
        false
    }
}

/// Stops at the first sub-move.
pub(crate) struct AnySink(pub bool);
impl Sink for AnySink {
    const FIRST_ONLY: bool = true;
    #[inline]
    fn push(&mut self, _: Move) -> bool {
        self.0 = true;
        true
    }
}

/// Decides whether a pseudo-legal sub-move (not castling) is legal.
trait Filter {
    fn legal(&mut self, m: Move) -> bool;
}

/// Two or three princes: everything is legal (R7).
struct AllLegal;
impl Filter for AllLegal {
    #[inline(always)]
    fn legal(&mut self, _: Move) -> bool {
        true
    }
}

/// One prince: the turn may not end with it attacked (R7). A sub-move that leaves it
/// unattacked is legal; one that captures the opponent's last prince is legal, as it wins
/// at once (R16); one that leaves it attacked is legal only if the rest of the turn can
/// still end with it unattacked (or capture the opponent's last prince).
struct LastPrince<'a> {
    pos: &'a Position,
    front: usize,
    scratch: [u8; SQUARES],
    prince: u16,
    /// The opponent's prince when it is their last one, else `NO_SQUARE`.
    their_last: u16,
    in_check: bool,
    lines: BitSet<5>,
    them: Color,
    /// The side's pieces on the fronts after `front` that have not moved this turn.
    later_movers: BitSet<5>,
    /// In check: for each piece attacking the prince now (up to eight of them), the
    /// squares that neutralise it.
    checkers: ArrayVec<BitSet<5>, 8>,
}

impl Filter for LastPrince<'_> {
    #[inline]
    fn legal(&mut self, m: Move) -> bool {
        let from = m.origin();
        if m.target() == self.their_last {
            return true;
        }
        if !self.in_check
            && from != self.prince
            && m.kind() != MoveKind::EnPassant
            && !self.lines.contains(from)
        {
            return true;
        }
        let to = m.target();
        let b = &mut self.scratch;
        let mover = b[from as usize];
        let old_to = b[to as usize];
        b[to as usize] = mover;
        b[from as usize] = EMPTY;
        let mut victim = NO_SQUARE;
        let mut old_victim = EMPTY;
        if m.kind() == MoveKind::EnPassant {
            victim = pawn_push(self.them, to);
            old_victim = b[victim as usize];
            b[victim as usize] = EMPTY;
        }
        let k = if from == self.prince { to } else { self.prince };
        let safe = !attacked(b, k, self.them);
        // Attacked after `m`: first the cheap necessary condition on the scratch board,
        // then, rarely, the look-ahead on a copy of the position.
        let mut their_princes = self.pos.princes(self.them);
        their_princes.remove(to);
        // A checker that `m` neither captures nor blocks still attacks the prince.
        let mut known = None;
        if from != self.prince && self.in_check {
            let mut t = BitSet::EMPTY;
            for n in &self.checkers {
                if !n.contains(to) {
                    t |= *n;
                }
            }
            if t.any() {
                known = Some(t);
            }
        }
        let may = !safe
            && self
                .pos
                .may_complete(b, k, self.later_movers, their_princes, self.front, known);
        if victim != NO_SQUARE {
            b[victim as usize] = old_victim;
        }
        b[from as usize] = mover;
        b[to as usize] = old_to;
        safe || (may && self.pos.completes_after(m, self.front))
    }
}

impl Position {
    /// Generates the legal sub-moves of the side to move on front `front` (0..3) into
    /// `sink`; returns `true` if the sink stopped the generation. Nothing when either side
    /// has no prince (R16).
    pub(crate) fn generate<S: Sink>(&self, front: usize, sink: &mut S) -> bool {
        let us = self.side;
        let ours = self.prince_count(us);
        if ours == 0 || self.prince_count(!us) == 0 {
            return false;
        }
        let movers = (self.by_color[us.index()] & self.front_mask(front)).and_not(&self.moved);
        if ours >= 2 {
            self.gen_pieces(movers, sink, &mut AllLegal)
        } else {
            let prince = self.princes(us).first().unwrap_or(0);
            let their_last = if self.prince_count(!us) == 1 {
                self.princes(!us).first().unwrap_or(NO_SQUARE)
            } else {
                NO_SQUARE
            };
            let in_check = attacked(&self.board, prince, !us);
            let mut later = BitSet::EMPTY;
            for f in front + 1..3 {
                later |= self.front_mask(f);
            }
            let mut checkers = ArrayVec::new();
            if in_check {
                self.attacker_sets(&self.board, prince, |n| {
                    let _ = checkers.try_push(n);
                });
            }
            let mut f = LastPrince {
                checkers,
                later_movers: (self.by_color[us.index()] & later).and_not(&self.moved),
                pos: self,
                front,
                scratch: self.board,
                prince,
                their_last,
                in_check,
                lines: QUEEN_LINES[prince as usize],
                them: !us,
            };
            if S::FIRST_ONLY && in_check && movers.contains(prince) {
                // Searching for any legal sub-move in check: the prince's own steps are
                // the likeliest escapes.
                let mut alone = BitSet::EMPTY;
                alone.insert(prince);
                let mut rest = movers;
                rest.remove(prince);
                return self.gen_pieces(alone, sink, &mut f) || self.gen_pieces(rest, sink, &mut f);
            }
            self.gen_pieces(movers, sink, &mut f)
        }
    }

    /// Whether the turn can still be completed after the pseudo-legal sub-move `m` on
    /// front `front`, which leaves the side's last prince attacked (R7): some front after
    /// `front` has a legal sub-move in the position after `m` (a legal sub-move being one
    /// after which the turn can be completed, recursively; fronts without one are
    /// skipped, and a turn that ends with the prince attacked is no completion). Pieces
    /// that moved this turn, `m`'s included, stay unable to move.
    fn completes_after(&self, m: Move, front: usize) -> bool {
        if front >= 2 {
            return false;
        }
        let mut child = self.clone();
        child.apply_for_look_ahead(m);
        (front + 1..3).any(|f| child.has_legal_move_on(f))
    }

    /// Calls `f` with the squares that neutralise each piece of the opponent attacking
    /// `prince` on `board` (R13: princes do not count): the attacker's square, for a slider
    /// also the squares between, for a pawn that can be taken en passant also its target.
    fn attacker_sets(&self, board: &[u8; SQUARES], prince: u16, mut f: impl FnMut(BitSet<5>)) {
        let us = self.side;
        let them = !us;
        let p = prince as usize;
        for &t in KNIGHT[p] {
            if board[t as usize] == code(them, Role::Knight) {
                f(BitSet::from_squares([t]));
            }
        }
        let pawn_from = match us {
            Color::White => WHITE_PAWN_CAPTURES[p],
            Color::Black => BLACK_PAWN_CAPTURES[p],
        };
        for &v in pawn_from {
            if board[v as usize] == code(them, Role::Pawn) {
                let mut n = BitSet::from_squares([v]);
                let t = pawn_push(us, v);
                if t != NO_SQUARE && self.ep.contains(t) {
                    n.insert(t);
                }
                f(n);
            }
        }
        let (queen, rook, bishop) = (
            code(them, Role::Queen),
            code(them, Role::Rook),
            code(them, Role::Bishop),
        );
        for (d, ray) in RAYS[p].iter().enumerate() {
            let line = if d < 4 { rook } else { bishop };
            for (i, &t) in ray.iter().enumerate() {
                let c = board[t as usize];
                if c != EMPTY {
                    if c == queen || c == line {
                        f(BitSet::from_squares(ray[..=i].iter().copied()));
                    }
                    break;
                }
            }
        }
    }

    /// A quick necessary condition for completing the turn after front `front` when the
    /// last prince is attacked (it keeps the look-ahead of R7 cheap). Unless the prince
    /// itself can still move on a later front, it stays where it is, so every piece now
    /// attacking it must be captured (on its square, or en passant from the target behind
    /// a pawn) or, if it is a slider, blocked on a square between it and the prince; or the
    /// opponent's princes are all captured (the last one ends the game, R16), one per
    /// later front. Each of those is the landing square of one
    /// sub-move by a piece that has not moved this turn and stands on a later front, so if
    /// no such piece could reach any of those squares even on an empty board, the turn
    /// cannot be completed.
    ///
    /// `board` is the placement after the sub-move, `prince` the side's prince there,
    /// `movers` the side's unmoved pieces on the fronts after `front`, `their_princes` the
    /// opponent's princes left; `known`, if given, the squares that neutralise one or more
    /// pieces known to attack the prince (otherwise all attackers are found on `board`).
    fn may_complete(
        &self,
        board: &[u8; SQUARES],
        prince: u16,
        movers: BitSet<5>,
        their_princes: BitSet<5>,
        front: usize,
        known: Option<BitSet<5>>,
    ) -> bool {
        let us = self.side;
        if movers.is_empty() {
            return false;
        }
        if movers.contains(prince) {
            return true;
        }
        let mut targets = match known {
            Some(t) => t,
            None => {
                let mut t = BitSet::EMPTY;
                self.attacker_sets(board, prince, |n| t |= n);
                t
            }
        };
        // Capturing all the opponent's princes, one per later front, also completes it.
        if their_princes.count() as usize <= 2 - front {
            targets |= their_princes;
        }
        if targets.is_empty() {
            return false;
        }
        let next = self.front_mask(front + 1);
        movers.iter().any(|s| {
            let c = board[s as usize] & 7;
            let (sf, sr) = ((s % FILES) as i32, (s / FILES) as i32);
            // A slider of the next front sees the board as it is now, so its path must be
            // clear; one of the front after it may find its path opened by the next
            // front's sub-move, so only the line counts.
            let exact = next.contains(s);
            let aligned = |t: u16, rook_like: bool, bishop_like: bool| {
                let (df, dr) = ((t % FILES) as i32 - sf, (t / FILES) as i32 - sr);
                let on_line =
                    (rook_like && (df == 0 || dr == 0)) || (bishop_like && df.abs() == dr.abs());
                if !on_line || !exact {
                    return on_line;
                }
                let (step_f, step_r) = (df.signum(), dr.signum());
                let (mut f, mut r) = (sf + step_f, sr + step_r);
                while (f, r) != (sf + df, sr + dr) {
                    if board[(r * FILES as i32 + f) as usize] != EMPTY {
                        return false;
                    }
                    f += step_f;
                    r += step_r;
                }
                true
            };
            if c == Role::Knight as u8 + 1 {
                KNIGHT[s as usize].iter().any(|&t| targets.contains(t))
            } else if c == Role::Pawn as u8 + 1 {
                let one = pawn_push(us, s);
                let two = if one == NO_SQUARE {
                    NO_SQUARE
                } else {
                    pawn_push(us, one)
                };
                let caps = match us {
                    Color::White => WHITE_PAWN_CAPTURES[s as usize],
                    Color::Black => BLACK_PAWN_CAPTURES[s as usize],
                };
                [one, two]
                    .iter()
                    .any(|&t| t != NO_SQUARE && targets.contains(t))
                    || caps.iter().any(|&t| targets.contains(t))
            } else {
                let rook_like = c == Role::Rook as u8 + 1 || c == Role::Queen as u8 + 1;
                let bishop_like = c == Role::Bishop as u8 + 1 || c == Role::Queen as u8 + 1;
                (QUEEN_LINES[s as usize] & targets)
                    .iter()
                    .any(|t| t != s && aligned(t, rook_like, bishop_like))
            }
        })
    }

    /// Whether the side to move has a legal sub-move on front `front` (0..3).
    #[inline]
    pub(crate) fn has_legal_move_on(&self, front: usize) -> bool {
        let mut s = AnySink(false);
        self.generate(front, &mut s);
        s.0
    }

    /// The legal sub-moves of the front to move.
    pub(crate) fn list_moves(&self, moves: &mut MoveList) {
        self.generate(self.front as usize, &mut ListSink(moves));
    }

    /// The number of legal sub-moves of the front to move.
    pub(crate) fn count_moves(&self) -> usize {
        let mut s = CountSink(0);
        self.generate(self.front as usize, &mut s);
        s.0
    }

    fn gen_pieces<S: Sink, F: Filter>(&self, movers: BitSet<5>, sink: &mut S, f: &mut F) -> bool {
        let us = self.side;
        let them_bit: u8 = (!us as u8) << 3;
        let enemy = |c: u8| c != EMPTY && (c & 8) == them_bit;
        macro_rules! emit {
            ($m:expr) => {{
                let m = $m;
                if f.legal(m) && sink.push(m) {
                    return true;
                }
            }};
        }
        // Word by word: cheaper than the bit set's iterator in this hot loop.
        for (wi, &word) in movers.0.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                let sq = (wi * 64) as u16 + w.trailing_zeros() as u16;
                w &= w - 1;
                let s = sq as usize;
                let c = self.board[s];
                let role = c & 7;
                if role == Role::Pawn as u8 + 1 {
                    if self.gen_pawn(sq, sink, f) {
                        return true;
                    }
                } else if role == Role::Knight as u8 + 1 {
                    for &t in KNIGHT[s] {
                        let tc = self.board[t as usize];
                        if tc == EMPTY || enemy(tc) {
                            emit!(Move::new(sq, t, MoveKind::Normal));
                        }
                    }
                } else if role == Role::Prince as u8 + 1 {
                    for &t in PRINCE[s] {
                        let tc = self.board[t as usize];
                        // R6: a prince captures neither a queen nor a prince.
                        if tc == EMPTY || (enemy(tc) && (tc & 7) > Role::Queen as u8 + 1) {
                            emit!(Move::new(sq, t, MoveKind::Normal));
                        }
                    }
                    if self.castling != 0 && self.gen_castling(sq, sink) {
                        return true;
                    }
                } else {
                    let dirs = if role == Role::Rook as u8 + 1 {
                        0..4
                    } else if role == Role::Bishop as u8 + 1 {
                        4..8
                    } else {
                        0..8
                    };
                    for d in dirs {
                        for &t in RAYS[s][d] {
                            let tc = self.board[t as usize];
                            if tc == EMPTY {
                                emit!(Move::new(sq, t, MoveKind::Normal));
                            } else {
                                if enemy(tc) {
                                    emit!(Move::new(sq, t, MoveKind::Normal));
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
        false
    }

    fn gen_pawn<S: Sink, F: Filter>(&self, sq: u16, sink: &mut S, f: &mut F) -> bool {
        let us = self.side;
        let them = !us;
        let promo_rank = back_rank(them);
        let them_bit: u8 = (them as u8) << 3;
        macro_rules! emit {
            ($m:expr) => {{
                let m = $m;
                if f.legal(m) && sink.push(m) {
                    return true;
                }
            }};
        }
        macro_rules! emit_to {
            ($t:expr) => {{
                let t = $t;
                if t / FILES == promo_rank {
                    for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                        emit!(Move::promotion_to(sq, t, r));
                    }
                } else {
                    emit!(Move::new(sq, t, MoveKind::Normal));
                }
            }};
        }
        let push = pawn_push(us, sq);
        if push != NO_SQUARE && self.board[push as usize] == EMPTY {
            emit_to!(push);
            // R14: only a pawn that has not moved double-steps.
            if PAWN_STARTS[us.index()].contains(sq) && !self.moved_pawns.contains(sq) {
                let double = pawn_push(us, push);
                if double != NO_SQUARE && self.board[double as usize] == EMPTY {
                    emit!(Move::new(sq, double, MoveKind::DoubleStep));
                }
            }
        }
        let caps = match us {
            Color::White => WHITE_PAWN_CAPTURES[sq as usize],
            Color::Black => BLACK_PAWN_CAPTURES[sq as usize],
        };
        for &t in caps {
            let tc = self.board[t as usize];
            if tc != EMPTY {
                if tc & 8 == them_bit {
                    emit_to!(t);
                }
            } else if self.ep.contains(t) {
                let victim = pawn_push(them, t);
                if victim != NO_SQUARE && self.board[victim as usize] == code(them, Role::Pawn) {
                    emit!(Move::new(sq, t, MoveKind::EnPassant));
                }
            }
        }
        false
    }

    /// Castling of the prince on `sq` (R9, R13): only from its front's home square with a
    /// right left; path empty; the prince's square and the crossed square not attacked
    /// before, the landing square not attacked after prince and rook moved.
    fn gen_castling<S: Sink>(&self, sq: u16, sink: &mut S) -> bool {
        let us = self.side;
        let them = !us;
        let rank = back_rank(us);
        if sq / FILES != rank {
            return false;
        }
        let file = sq % FILES;
        let front = (file / 8) as usize;
        let (a, k, h) = CASTLE_FILES[front];
        if file != k || self.castling & (castle_bit(us, front, 0) | castle_bit(us, front, 1)) == 0 {
            return false;
        }
        for side in 0..2 {
            if self.castling & castle_bit(us, front, side) == 0 {
                continue;
            }
            let (rook_file, dest, crossed) = if side == 0 {
                (a, k - 2, k - 1)
            } else {
                (h, k + 2, k + 1)
            };
            let rook_sq = square(rook_file, rank);
            // A rook listed as moved this turn (a set-up position) may not castle (R7, R9).
            if self.board[rook_sq as usize] != code(us, Role::Rook) || self.moved.contains(rook_sq)
            {
                continue;
            }
            let (lo, hi) = if side == 0 { (a + 1, k) } else { (k + 1, h) };
            if (lo..hi).any(|fl| self.board[square(fl, rank) as usize] != EMPTY) {
                continue;
            }
            let dest_sq = square(dest, rank);
            let crossed_sq = square(crossed, rank);
            if attacked(&self.board, sq, them) || attacked(&self.board, crossed_sq, them) {
                continue;
            }
            let mut after = self.board;
            after[sq as usize] = EMPTY;
            after[rook_sq as usize] = EMPTY;
            after[dest_sq as usize] = code(us, Role::Prince);
            after[crossed_sq as usize] = code(us, Role::Rook);
            if attacked(&after, dest_sq, them) {
                continue;
            }
            if sink.push(Move::new(sq, dest_sq, MoveKind::Castle)) {
                return true;
            }
        }
        false
    }
}
