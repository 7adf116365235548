//! Legal move generation (docs/rules/synthesis.md sections 3, 4, 5.2).
//!
//! Three paths:
//! - the *quiet* path, when both kings are on the board and neither is attacked: then the
//!   rules of section 4 reduce to "do not leave your own king attacked" (4.1), and moves are
//!   generated legal directly with pin rays and attacked-square tests;
//! - the *general* path, when a king is attacked (counter-check 4.2, king capture 4.3, both
//!   kings attacked 4.4): every pseudo-legal move of the mode is played and judged;
//! - the *reply* path, when the side to move has no king (5.2): captures of the enemy king.
//!
//! In all paths the compulsory pawn capture of CLASSIC-HOME (4.6) is applied last.

use arrayvec::ArrayVec;

use crate::attacks::{
    bb, bishop_attacks, diagonal_step, king_attacks, knight_attacks, orthogonal_step, pawn_attacks,
    queen_attacks, rook_attacks,
};
use crate::position::{Position, BK, BQ, NO_SQUARE, WK, WQ};
use crate::safety::{attacked, pins_unless_checked, sliders_attack, Pins};
use crate::types::{Mode, Move, MoveKind, Role, Sq};
use crate::Color;

/// Capacity of [`MoveList`], above a bound counted piece by piece (also for the pseudo-legal
/// lists of the general path). In the orthodox modes: 9 queens x 27 + 2 rooks x 14 +
/// 2 bishops x 13 + 2 knights x 8 + king 8 + 2 castlings = 323 (a promoted piece gains most
/// as a queen; a pawn has at most 12). In SWAPPED a rook has at most 4 + 13, a bishop 4 + 14,
/// a queen 8 + 8: at most 16 + 10 x 18 + 2 x 17 + 16 + 8 = 254. BEREFT is smaller still. The
/// largest known orthodox count is 218.
pub const MAX_MOVES: usize = 336;

/// A list of moves without heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

#[inline(always)]
fn push_targets(list: &mut MoveList, from: Sq, mut targets: u64) {
    while targets != 0 {
        let to = targets.trailing_zeros() as Sq;
        targets &= targets - 1;
        list.push(Move::new(from, to, MoveKind::Normal));
    }
}

#[inline(always)]
fn push_pawn(list: &mut MoveList, from: Sq, to: Sq, promo_rank: u64) {
    if bb(to) & promo_rank != 0 {
        for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            list.push(Move::new(from, to, MoveKind::Promotion(r)));
        }
    } else {
        list.push(Move::new(from, to, MoveKind::Normal));
    }
}

/// What a side's piece may do on a night (non-capturing) move, per mode (S1-S4, S13).
#[inline(always)]
fn night_targets(mode: Mode, role: Role, sq: Sq, occ: u64) -> u64 {
    match (mode, role) {
        (Mode::ClassicHome | Mode::ClassicLate, r) => match r {
            Role::Knight => knight_attacks(sq),
            Role::Bishop => bishop_attacks(sq, occ),
            Role::Rook => rook_attacks(sq, occ),
            Role::Queen => queen_attacks(sq, occ),
            _ => 0,
        },
        (Mode::Swapped, Role::Rook) => bishop_attacks(sq, occ),
        (Mode::Swapped, Role::Bishop) => rook_attacks(sq, occ),
        (Mode::Bereft(_), Role::Rook) => diagonal_step(sq),
        (Mode::Bereft(_), Role::Bishop) => orthogonal_step(sq),
        (_, Role::Queen) | (_, Role::Knight) => knight_attacks(sq),
        _ => 0,
    }
}

/// Day (capturing) targets of a non-pawn, non-king piece: orthodox in every mode (S2, S3).
#[inline(always)]
fn day_targets(role: Role, sq: Sq, occ: u64) -> u64 {
    match role {
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occ),
        Role::Rook => rook_attacks(sq, occ),
        Role::Queen => queen_attacks(sq, occ),
        _ => 0,
    }
}

/// Fills `list` with the legal moves of `pos` (cleared first).
pub fn legal_moves(pos: &Position, list: &mut MoveList) {
    list.clear();
    let us = pos.side;
    let them = !us;
    match (pos.king_sq(us), pos.king_sq(them)) {
        (Some(k), Some(tk)) => {
            if !quiet_path(pos, k, tk, list) {
                general_path(pos, list);
            }
        }
        (None, Some(tk)) => reply_path(pos, tk, list),
        (None, None) => {}
        (Some(_), None) => general_path(pos, list),
    }
}

fn compulsory_filter(pos: &Position, list: &mut MoveList) {
    if pos.mode(pos.side) != Mode::ClassicHome {
        return;
    }
    let pawns = pos.pieces(pos.side, Role::Pawn);
    let is_pawn_capture = |m: &Move| pawns & bb(m.origin()) != 0 && pos.is_capture(*m);
    if list.iter().any(is_pawn_capture) {
        list.retain(|m| is_pawn_capture(m));
    }
}

/// The reply after a king capture (S7): captures of the enemy king only.
fn reply_path(pos: &Position, tk: Sq, list: &mut MoveList) {
    let us = pos.side;
    let occ = pos.occupied();
    let mut attackers = pos.attackers_sq(tk, us, occ);
    let promo_rank = if us == Color::White { RANK_8 } else { RANK_1 };
    while attackers != 0 {
        let from = attackers.trailing_zeros() as Sq;
        attackers &= attackers - 1;
        if pos.pieces(us, Role::Pawn) & bb(from) != 0 {
            push_pawn(list, from, tk, promo_rank);
        } else {
            list.push(Move::new(from, tk, MoveKind::Normal));
        }
    }
    compulsory_filter(pos, list);
}

/// All pseudo-legal moves of the side to move in its mode (castling included when allowed).
pub(crate) fn pseudo_moves(pos: &Position, list: &mut MoveList) {
    let us = pos.side;
    let them = !us;
    let mode = pos.mode(us);
    let occ = pos.occupied();
    let ours = pos.color_bb(us);
    let theirs = pos.color_bb(them);
    let empty = !occ;
    let in_check = pos.in_check(us);

    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let mut pcs = pos.pieces(us, role);
        while pcs != 0 {
            let from = pcs.trailing_zeros() as Sq;
            pcs &= pcs - 1;
            let t = (day_targets(role, from, occ) & theirs)
                | (night_targets(mode, role, from, occ) & empty);
            push_targets(list, from, t);
        }
    }
    gen_pawns(pos, list, u64::MAX, true, true, |_| u64::MAX);
    if let Some(k) = pos.king_sq(us) {
        let t = match mode {
            Mode::ClassicHome | Mode::ClassicLate => king_attacks(k) & !ours,
            Mode::Swapped => {
                if in_check {
                    king_attacks(k) & !ours
                } else {
                    king_attacks(k) & theirs
                }
            }
            Mode::Bereft(n) => {
                if in_check && n > 0 {
                    king_attacks(k) & !ours
                } else {
                    0
                }
            }
        };
        push_targets(list, k, t);
        if !in_check && matches!(mode, Mode::ClassicHome | Mode::ClassicLate) {
            gen_castling(pos, k, list);
        }
    }
}

/// Orthodox castling (seed Note 1; docs/rules/synthesis.md 6.1): rights, empty squares
/// between, king not passing or landing on an attacked square. The caller checks that the
/// king is not in check and the mode allows castling.
fn gen_castling(pos: &Position, k: Sq, list: &mut MoveList) {
    let us = pos.side;
    let them = !us;
    let occ = pos.occupied();
    let (kbit, qbit, home) = match us {
        Color::White => (WK, WQ, 4u8),
        Color::Black => (BK, BQ, 60u8),
    };
    if k != home {
        return;
    }
    let rooks = pos.pieces(us, Role::Rook);
    if pos.castling & kbit != 0
        && rooks & bb(home + 3) != 0
        && occ & (bb(home + 1) | bb(home + 2)) == 0
        && pos.attackers_sq(home + 1, them, occ) == 0
        && pos.attackers_sq(home + 2, them, occ) == 0
    {
        list.push(Move::new(home, home + 2, MoveKind::Castle));
    }
    if pos.castling & qbit != 0
        && rooks & bb(home - 4) != 0
        && occ & (bb(home - 1) | bb(home - 2) | bb(home - 3)) == 0
        && pos.attackers_sq(home - 1, them, occ) == 0
        && pos.attackers_sq(home - 2, them, occ) == 0
    {
        list.push(Move::new(home, home - 2, MoveKind::Castle));
    }
}

/// Pawn moves of the side to move. `captures`/`quiets` select which; `allowed(from)` is the
/// destination mask for the pawn on `from` (pin rays); `target_mask` restricts all targets.
#[inline(always)]
fn gen_pawns(
    pos: &Position,
    list: &mut MoveList,
    target_mask: u64,
    captures: bool,
    quiets: bool,
    allowed: impl Fn(Sq) -> u64,
) {
    let us = pos.side;
    let theirs = pos.color_bb(!us);
    let occ = pos.occupied();
    let (up, start_rank, promo_rank): (i8, u8, u64) = match us {
        Color::White => (8, 1, RANK_8),
        Color::Black => (-8, 6, RANK_1),
    };
    let mut pawns = pos.pieces(us, Role::Pawn);
    while pawns != 0 {
        let from = pawns.trailing_zeros() as Sq;
        pawns &= pawns - 1;
        let mask = allowed(from) & target_mask;
        if captures {
            let mut t = pawn_attacks(us, from) & theirs & mask;
            while t != 0 {
                let to = t.trailing_zeros() as Sq;
                t &= t - 1;
                push_pawn(list, from, to, promo_rank);
            }
            if pos.ep != NO_SQUARE && pawn_attacks(us, from) & bb(pos.ep) != 0 {
                list.push(Move::new(from, pos.ep, MoveKind::EnPassant));
            }
        }
        if quiets {
            let one = (from as i8 + up) as Sq;
            if occ & bb(one) == 0 {
                if mask & bb(one) != 0 {
                    push_pawn(list, from, one, promo_rank);
                }
                if from >> 3 == start_rank {
                    let two = (one as i8 + up) as Sq;
                    if occ & bb(two) == 0 && mask & bb(two) != 0 {
                        list.push(Move::new(from, two, MoveKind::DoubleStep));
                    }
                }
            }
        }
    }
}

/// Legality of one move by sections 4.1-4.5 (not the compulsory capture of 4.6).
pub(crate) fn judge(pos: &Position, m: Move, in_check: bool, both_attacked: bool) -> bool {
    let us = pos.side;
    let them = !us;
    let their_king = pos.king_sq(them);
    if their_king == Some(m.target()) {
        return true; // capturing the enemy king is always legal (S12)
    }
    let mut child = *pos;
    child.play_in_place(m);
    let nk = child.king_sq(us);
    let ntk = child.king_sq(them);
    if let (Some(a), Some(b)) = (nk, ntk) {
        if king_attacks(a) & bb(b) != 0 {
            return false; // kings never adjacent (seed Note 4)
        }
    }
    let occ = child.occupied();
    if let Some(a) = nk {
        if child.attackers_sq(a, them, occ) != 0 {
            // Check in answer to check (seed §4; S6, S11).
            let counter = in_check && ntk.is_some_and(|b| child.attackers_sq(b, us, occ) != 0);
            if !counter {
                return false;
            }
        }
    }
    if both_attacked && !pos.is_capture(m) {
        // The moved piece must attack an enemy piece from its destination (S11).
        let role = m.promotion().or_else(|| child.role_at(m.target()));
        let Some(role) = role else { return false };
        let att = Position::attacks_of_sq(role, us, m.target(), occ);
        if att & child.color_bb(them) == 0 {
            return false;
        }
    }
    true
}

/// The general path: generate pseudo-legal moves and judge each (4.1-4.5), then 4.6.
fn general_path(pos: &Position, list: &mut MoveList) {
    let us = pos.side;
    let in_check = pos.in_check(us);
    let both = in_check && pos.in_check(!us);
    let mut pseudo = MoveList::new();
    pseudo_moves(pos, &mut pseudo);
    for m in pseudo {
        if judge(pos, m, in_check, both) {
            list.push(m);
        }
    }
    compulsory_filter(pos, list);
    if in_check && pos.mode(!us) == Mode::ClassicLate && pos.king_sq(!us).is_some() {
        classic_late_mate(pos, list);
    }
}

/// docs/rules/synthesis.md, S7: the side to move is in check from a CLASSIC-LATE side. If
/// none of its legal moves leaves its king unattacked, it is checkmated and the game is over
/// at once (the mate came first), so counter-checks and captures of the mating king are
/// not played: the list is emptied.
fn classic_late_mate(pos: &Position, list: &mut MoveList) {
    let us = pos.side;
    let escapes = list.iter().any(|&m| {
        let mut child = *pos;
        child.play_in_place(m);
        child
            .king_sq(us)
            .is_some_and(|k| child.attackers_sq(k, !us, child.occupied()) == 0)
    });
    if !escapes {
        list.clear();
    }
}

/// Where the quiet path puts its moves: a list, or just a count (perft's bulk counting).
trait Sink {
    /// Normal moves from `from` to each square of `targets`.
    fn targets(&mut self, from: Sq, targets: u64);
    /// Pawn moves to each square of `targets`, each from `to - shift` (`shift` signed),
    /// promotions (four each) on `promo_rank`, double steps when `double`.
    fn pawn_shift(&mut self, targets: u64, shift: i8, promo_rank: u64, double: bool);
    /// One move.
    fn one(&mut self, m: Move);
    /// How many moves so far.
    fn count(&self) -> usize;
}

impl Sink for MoveList {
    #[inline(always)]
    fn targets(&mut self, from: Sq, targets: u64) {
        push_targets(self, from, targets);
    }
    #[inline(always)]
    fn pawn_shift(&mut self, mut targets: u64, shift: i8, promo_rank: u64, double: bool) {
        while targets != 0 {
            let to = targets.trailing_zeros() as Sq;
            targets &= targets - 1;
            let from = (to as i8 - shift) as Sq;
            if double {
                self.push(Move::new(from, to, MoveKind::DoubleStep));
            } else {
                push_pawn(self, from, to, promo_rank);
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        self.push(m);
    }
    #[inline(always)]
    fn count(&self) -> usize {
        self.len()
    }
}

/// Counts moves without storing them.
struct Counter(usize);

impl Sink for Counter {
    #[inline(always)]
    fn targets(&mut self, _: Sq, targets: u64) {
        self.0 += targets.count_ones() as usize;
    }
    #[inline(always)]
    fn pawn_shift(&mut self, targets: u64, _: i8, promo_rank: u64, _: bool) {
        self.0 += targets.count_ones() as usize;
        if targets & promo_rank != 0 {
            self.0 += 3 * (targets & promo_rank).count_ones() as usize;
        }
    }
    #[inline(always)]
    fn one(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn count(&self) -> usize {
        self.0
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

#[inline(always)]
fn shift(b: u64, by: i8) -> u64 {
    if by >= 0 {
        b << by
    } else {
        b >> -by
    }
}

/// Moves of the pieces on `pcs` to `targets(from)`, in square order, a pinned piece's kept
/// on its pin ray.
#[inline(always)]
fn piece_moves<S: Sink>(sink: &mut S, mut pcs: u64, pins: &Pins, targets: impl Fn(Sq) -> u64) {
    if pcs & pins.pinned == 0 {
        while pcs != 0 {
            let from = pcs.trailing_zeros() as Sq;
            pcs &= pcs - 1;
            sink.targets(from, targets(from));
        }
    } else {
        while pcs != 0 {
            let from = pcs.trailing_zeros() as Sq;
            pcs &= pcs - 1;
            let mut t = targets(from);
            if pins.pinned & bb(from) != 0 {
                t &= pins.ray(from);
            }
            sink.targets(from, t);
        }
    }
}

/// The quiet path: both kings present (`k` ours, `tk` theirs), neither attacked. Legal =
/// does not expose the own king (pins, safe king squares, en passant tested by playing it).
/// Returns `false`, with nothing put in `sink`, when a king is attacked.
#[inline(always)]
fn quiet_path<S: Sink>(pos: &Position, k: Sq, tk: Sq, sink: &mut S) -> bool {
    let us = pos.side;
    let them = !us;
    let occ = pos.occupied();
    let Some(pins) = pins_unless_checked(pos, k, us, occ) else {
        return false;
    };
    if attacked(pos, tk, us, occ) {
        return false;
    }
    let mode = pos.mode(us);
    let ours = pos.color_bb(us);
    let theirs = pos.color_bb(them);
    let empty = !occ;
    let pinned = pins.pinned;

    let (up, rank3, promo_rank): (i8, u64, u64) = match us {
        Color::White => (8, 0xff << 16, RANK_8),
        Color::Black => (-8, 0xff << 40, RANK_1),
    };
    let pawns = pos.pieces(us, Role::Pawn);
    let free_pawns = pawns & !pinned;
    let pinned_pawns = pawns & pinned;

    // Pawn captures (compulsory first in CLASSIC-HOME, 4.6).
    let before = sink.count();
    let (left, right) = (up - 1, up + 1);
    sink.pawn_shift(
        shift(free_pawns & !FILE_A, left) & theirs,
        left,
        promo_rank,
        false,
    );
    sink.pawn_shift(
        shift(free_pawns & !FILE_H, right) & theirs,
        right,
        promo_rank,
        false,
    );
    let mut pp = pinned_pawns;
    while pp != 0 {
        let from = pp.trailing_zeros() as Sq;
        pp &= pp - 1;
        let mut t = pawn_attacks(us, from) & theirs & pins.ray(from);
        while t != 0 {
            let to = t.trailing_zeros() as Sq;
            t &= t - 1;
            sink.pawn_shift(bb(to), to as i8 - from as i8, promo_rank, false);
        }
    }
    if pos.ep != NO_SQUARE {
        let mut cands = pawn_attacks(them, pos.ep) & pawns;
        while cands != 0 {
            let from = cands.trailing_zeros() as Sq;
            cands &= cands - 1;
            // The king is not in check, so only a slider can attack it once the capturing
            // pawn and the captured one have left their squares.
            let victim = (pos.ep as i8 - up) as Sq;
            let after = occ ^ bb(from) ^ bb(victim) ^ bb(pos.ep);
            if !sliders_attack(pos, k, them, after) {
                sink.one(Move::new(from, pos.ep, MoveKind::EnPassant));
            }
        }
    }
    if mode == Mode::ClassicHome && sink.count() > before {
        return true;
    }

    // Pawn pushes.
    let single = shift(free_pawns, up) & empty;
    sink.pawn_shift(single, up, promo_rank, false);
    let double = shift(single & rank3, up) & empty;
    sink.pawn_shift(double, 2 * up, 0, true);
    let mut pp = pinned_pawns;
    while pp != 0 {
        let from = pp.trailing_zeros() as Sq;
        pp &= pp - 1;
        let ray = pins.ray(from);
        let one = shift(bb(from), up) & empty;
        sink.pawn_shift(one & ray, up, promo_rank, false);
        let two = shift(one & rank3, up) & empty & ray;
        sink.pawn_shift(two, 2 * up, 0, true);
    }

    // Knights leap alike by day and by night in every mode; a pinned knight cannot move.
    let mut pcs = pos.pieces(us, Role::Knight) & !pinned;
    while pcs != 0 {
        let from = pcs.trailing_zeros() as Sq;
        pcs &= pcs - 1;
        sink.targets(from, knight_attacks(from) & !ours);
    }
    let (b, r, q) = (
        pos.pieces(us, Role::Bishop),
        pos.pieces(us, Role::Rook),
        pos.pieces(us, Role::Queen),
    );
    match mode {
        Mode::ClassicHome | Mode::ClassicLate => {
            let not_ours = !ours;
            piece_moves(sink, b, &pins, |f| bishop_attacks(f, occ) & not_ours);
            piece_moves(sink, r, &pins, |f| rook_attacks(f, occ) & not_ours);
            piece_moves(sink, q, &pins, |f| queen_attacks(f, occ) & not_ours);
        }
        Mode::Swapped => {
            piece_moves(sink, b, &pins, |f| {
                (bishop_attacks(f, occ) & theirs) | (rook_attacks(f, occ) & empty)
            });
            piece_moves(sink, r, &pins, |f| {
                (rook_attacks(f, occ) & theirs) | (bishop_attacks(f, occ) & empty)
            });
            piece_moves(sink, q, &pins, |f| {
                (queen_attacks(f, occ) & theirs) | (knight_attacks(f) & empty)
            });
        }
        Mode::Bereft(_) => {
            piece_moves(sink, b, &pins, |f| {
                (bishop_attacks(f, occ) & theirs) | (orthogonal_step(f) & empty)
            });
            piece_moves(sink, r, &pins, |f| {
                (rook_attacks(f, occ) & theirs) | (diagonal_step(f) & empty)
            });
            piece_moves(sink, q, &pins, |f| {
                (queen_attacks(f, occ) & theirs) | (knight_attacks(f) & empty)
            });
        }
    }

    // King.
    let mut kt = match mode {
        Mode::ClassicHome | Mode::ClassicLate => king_attacks(k) & !ours,
        Mode::Swapped => king_attacks(k) & theirs,
        Mode::Bereft(_) => 0,
    };
    let occ_wo_king = occ ^ bb(k);
    let mut safe = 0;
    while kt != 0 {
        let to = kt.trailing_zeros() as Sq;
        kt &= kt - 1;
        if !attacked(pos, to, them, occ_wo_king) {
            safe |= bb(to);
        }
    }
    sink.targets(k, safe);
    if matches!(mode, Mode::ClassicHome | Mode::ClassicLate) && pos.castling != 0 {
        castling(pos, k, sink);
    }
    true
}

/// Orthodox castling in the quiet path (seed Note 1; docs/rules/synthesis.md 6.1), the same
/// moves as [`gen_castling`]: the king is not in check and the mode allows castling.
#[inline(always)]
fn castling<S: Sink>(pos: &Position, k: Sq, sink: &mut S) {
    let us = pos.side;
    let them = !us;
    let occ = pos.occupied();
    let (kbit, qbit, home) = match us {
        Color::White => (WK, WQ, 4u8),
        Color::Black => (BK, BQ, 60u8),
    };
    if k != home {
        return;
    }
    let rooks = pos.pieces(us, Role::Rook);
    if pos.castling & kbit != 0
        && rooks & bb(home + 3) != 0
        && occ & (bb(home + 1) | bb(home + 2)) == 0
        && !attacked(pos, home + 1, them, occ)
        && !attacked(pos, home + 2, them, occ)
    {
        sink.one(Move::new(home, home + 2, MoveKind::Castle));
    }
    if pos.castling & qbit != 0
        && rooks & bb(home - 4) != 0
        && occ & (bb(home - 1) | bb(home - 2) | bb(home - 3)) == 0
        && !attacked(pos, home - 1, them, occ)
        && !attacked(pos, home - 2, them, occ)
    {
        sink.one(Move::new(home, home - 2, MoveKind::Castle));
    }
}

/// The number of legal moves (perft's bulk count), without storing them in the quiet path.
pub fn count_legal_moves(pos: &Position) -> usize {
    let us = pos.side;
    if let (Some(k), Some(tk)) = (pos.king_sq(us), pos.king_sq(!us)) {
        let mut c = Counter(0);
        if quiet_path(pos, k, tk, &mut c) {
            return c.0;
        }
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list.len()
}

impl Position {
    /// Fills `list` (cleared first) with the legal moves of the side to move.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        legal_moves(self, list);
    }
}
