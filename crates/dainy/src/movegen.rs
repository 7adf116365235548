//! The fast legal move generator: generated tables, bitsets, check and pin masks.
//!
//! Legality is decided without playing moves: the checking pieces and the pinned pieces are
//! found by scanning the 12 lines from the king; the king's targets are tested against the
//! opponent's attacks computed with the king taken off the board (so it cannot hide behind
//! itself); castling tests its cells explicitly. Without en passant (ruling H4) these are all
//! the ways a move can expose its own king (seed §3.10).

use fairy_kernel::Color;

use crate::generated::tables::{KING, KNIGHT, PAWN_AHEAD, PAWN_STEP, RAYS};
use crate::hexmoves::{highest, nearest, slide};
use crate::position::{
    Cells, Dainy, BLACK_LONG, BLACK_SHORT, KING_HOME, PAWN_START_LINE, PROMOTION_LINE, ROOK_LONG,
    ROOK_SHORT, WHITE_LONG, WHITE_SHORT,
};
use crate::tables::NO_CELL;
use crate::types::{Move, MoveKind, Role};

/// Every cell of the board.
pub(crate) const ALL_CELLS: Cells = Cells::first_n(crate::tables::CELLS);

/// Up to this many king targets are tested one by one; more use the opponent's attack map.
const KING_TESTS_ONE_BY_ONE: u32 = 4;

/// Whether direction `d` (0..12, see [`crate::tables::directions`]) increases the cell
/// index. A unit test checks this against the generated `ASCENDING` table.
#[inline(always)]
pub(crate) const fn ascends(d: usize) -> bool {
    d % 6 < 3
}

/// The cells attacked along direction `D` from `sq` with occupancy `occ`.
#[inline(always)]
fn ray_attacks<const D: usize>(sq: u16, occ: Cells) -> Cells {
    slide(|s| RAYS[s as usize][D], sq, occ, ascends(D))
}

/// The cells a rook on `sq` attacks (6 touching directions; seed §3.3, §3.5).
#[inline]
pub fn rook_attacks(sq: u16, occ: Cells) -> Cells {
    ray_attacks::<0>(sq, occ)
        | ray_attacks::<1>(sq, occ)
        | ray_attacks::<2>(sq, occ)
        | ray_attacks::<3>(sq, occ)
        | ray_attacks::<4>(sq, occ)
        | ray_attacks::<5>(sq, occ)
}

/// The cells a bishop on `sq` attacks (6 gap directions; seed §3.2, §3.5).
#[inline]
pub fn bishop_attacks(sq: u16, occ: Cells) -> Cells {
    ray_attacks::<6>(sq, occ)
        | ray_attacks::<7>(sq, occ)
        | ray_attacks::<8>(sq, occ)
        | ray_attacks::<9>(sq, occ)
        | ray_attacks::<10>(sq, occ)
        | ray_attacks::<11>(sq, occ)
}

/// The nearest occupied cell from `sq` in direction `d`, if any.
#[inline(always)]
fn nearest_in(sq: u16, d: usize, occ: Cells) -> Option<u16> {
    let b = RAYS[sq as usize][d] & occ;
    if ascends(d) {
        b.first()
    } else {
        highest(&b)
    }
}

impl Dainy {
    /// The pieces of `by` that attack cell `sq`, with occupancy `occ` (seed §3.1: a piece
    /// attacks the cells it could capture on, even when it cannot move, seed §3.8(a)).
    pub fn attackers(&self, sq: u16, by: Color, occ: Cells) -> Cells {
        let them = self.by_color[by.index()];
        let s = sq as usize;
        let rq = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        let bq = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        // A pawn of `by` attacks `sq` from the touching cells ahead of `sq` as the other side
        // sees it.
        let pawn_from = PAWN_AHEAD[(!by).index()][s];
        let mut a = (KNIGHT[s] & self.by_role[Role::Knight.index()])
            | (KING[s] & self.by_role[Role::King.index()])
            | (pawn_from & self.by_role[Role::Pawn.index()]);
        if (rq & them).any() {
            a |= rook_attacks(sq, occ) & rq;
        }
        if (bq & them).any() {
            a |= bishop_attacks(sq, occ) & bq;
        }
        a & them
    }

    /// Whether any piece of `by` attacks `sq` with occupancy `occ`: [`Dainy::attackers`]
    /// with an early exit, looking only along lines that hold a suitable slider.
    #[inline]
    pub(crate) fn is_attacked(&self, sq: u16, by: Color, occ: Cells) -> bool {
        let them = self.by_color[by.index()];
        let s = sq as usize;
        let leapers = (KNIGHT[s] & self.by_role[Role::Knight.index()])
            | (KING[s] & self.by_role[Role::King.index()])
            | (PAWN_AHEAD[(!by).index()][s] & self.by_role[Role::Pawn.index()]);
        if leapers.intersects(&them) {
            return true;
        }
        let q = self.by_role[Role::Queen.index()];
        let rq = them & (self.by_role[Role::Rook.index()] | q);
        let bq = them & (self.by_role[Role::Bishop.index()] | q);
        for (d, &ray) in RAYS[s].iter().enumerate() {
            let sliders = if d < 6 { rq } else { bq };
            if ray.intersects(&sliders) {
                if let Some(b) = nearest(ray, occ, ascends(d)) {
                    if sliders.contains(b) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether `color`'s king is attacked (in check; seed §3.9(2)(c)).
    pub fn in_check(&self, color: Color) -> bool {
        self.attackers(self.king(color), !color, self.occupied())
            .any()
    }

    /// Every cell attacked by `by`, with occupancy `occ`.
    pub(crate) fn attack_map(&self, by: Color, occ: Cells) -> Cells {
        let ours = self.by_color[by.index()];
        let mut a = KING[self.kings[by.index()] as usize];
        for p in self.by_role[Role::Pawn.index()] & ours {
            a |= PAWN_AHEAD[by.index()][p as usize];
        }
        for n in self.by_role[Role::Knight.index()] & ours {
            a |= KNIGHT[n as usize];
        }
        let q = self.by_role[Role::Queen.index()];
        for r in (self.by_role[Role::Rook.index()] | q) & ours {
            a |= rook_attacks(r, occ);
        }
        for b in (self.by_role[Role::Bishop.index()] | q) & ours {
            a |= bishop_attacks(b, occ);
        }
        a
    }

    /// Feeds every legal move of the side to move to `sink`.
    #[inline]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        let us = self.side;
        let them = !us;
        let own = self.by_color[us.index()];
        let enemy = self.by_color[them.index()];
        let occ = own | enemy;
        let k = self.kings[us.index()] as u16;
        let ks = k as usize;

        let enemy_rq =
            enemy & (self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]);
        let enemy_bq =
            enemy & (self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()]);

        // Checkers by leapers and pawns.
        let mut checkers = (KNIGHT[ks] & enemy & self.by_role[Role::Knight.index()])
            | (PAWN_AHEAD[us.index()][ks] & enemy & self.by_role[Role::Pawn.index()]);
        let mut block = Cells::EMPTY;
        let mut pinned = Cells::EMPTY;
        let mut pins: [(u16, Cells); 12] = [(0, Cells::EMPTY); 12];
        let mut npins = 0;
        for (d, &ray) in RAYS[ks].iter().enumerate() {
            let sliders = if d < 6 { enemy_rq } else { enemy_bq };
            if !ray.intersects(&sliders) {
                continue;
            }
            let Some(b1) = nearest(ray, occ, ascends(d)) else {
                continue;
            };
            if enemy.contains(b1) {
                if sliders.contains(b1) {
                    checkers.insert(b1);
                    block |= ray ^ RAYS[b1 as usize][d];
                }
            } else if let Some(b2) = nearest_in(b1, d, occ) {
                if sliders.contains(b2) {
                    pinned.insert(b1);
                    pins[npins] = (b1, ray);
                    npins += 1;
                }
            }
        }

        // King moves: not onto an attacked cell (seed §3.8(a)); attacks computed with the
        // king off the board. A few targets are tested one by one, many against the whole
        // attack map of the opponent.
        let king_targets = KING[ks].and_not(&own);
        let n_targets = king_targets.count();
        if n_targets > 0 {
            let mut occ_nk = occ;
            occ_nk.remove(k);
            let safe = if n_targets <= KING_TESTS_ONE_BY_ONE {
                let mut safe = Cells::EMPTY;
                for t in king_targets {
                    if !self.is_attacked(t, them, occ_nk) {
                        safe.insert(t);
                    }
                }
                safe
            } else {
                king_targets.and_not(&self.attack_map(them, occ_nk))
            };
            sink.targets(k, safe);
        }
        if checkers.is_empty() && self.castling & rights_of(us) != 0 {
            self.castling_moves(sink, occ);
        }

        let n_checks = checkers.count();
        if n_checks >= 2 {
            return;
        }
        // Where a non-king move must land: anywhere not own, or on the checker or a cell
        // between it and the king.
        let target_mask = if n_checks == 1 {
            checkers | block
        } else {
            ALL_CELLS
        };
        let target_mask = target_mask.and_not(&own);

        for &(sq, ray) in &pins[..npins] {
            self.piece_moves(sink, sq, target_mask & ray, occ, enemy);
        }
        let free = own.and_not(&pinned);
        let q = self.by_role[Role::Queen.index()];
        for sq in free & self.by_role[Role::Knight.index()] {
            sink.targets(sq, KNIGHT[sq as usize] & target_mask);
        }
        for sq in free & (self.by_role[Role::Bishop.index()] | q) {
            let mut t = bishop_attacks(sq, occ);
            if q.contains(sq) {
                t |= rook_attacks(sq, occ);
            }
            sink.targets(sq, t & target_mask);
        }
        for sq in free & self.by_role[Role::Rook.index()] {
            sink.targets(sq, rook_attacks(sq, occ) & target_mask);
        }
        let start_line = Dainy::line(PAWN_START_LINE[us.index()]);
        let last_line = Dainy::line(PROMOTION_LINE[us.index()]);
        for sq in free & self.by_role[Role::Pawn.index()] {
            let t = self.pawn_targets(sq, us, occ, enemy, start_line) & target_mask;
            sink.pawn(sq, t, last_line);
        }
    }

    /// The cells a pawn of `us` on `sq` may move to, before legality masks (ruling H4).
    #[inline(always)]
    fn pawn_targets(&self, sq: u16, us: Color, occ: Cells, enemy: Cells, start: Cells) -> Cells {
        let s = sq as usize;
        let ahead = PAWN_AHEAD[us.index()][s];
        let mut t = ahead & enemy;
        if start.contains(sq) {
            t |= ahead.and_not(&occ);
        }
        let step = PAWN_STEP[us.index()][s];
        if step != NO_CELL && !occ.contains(step as u16) {
            t.insert(step as u16);
        }
        t
    }

    /// Moves of one (pinned) non-king piece on `sq` restricted to `mask`.
    #[inline]
    fn piece_moves<S: Sink>(&self, sink: &mut S, sq: u16, mask: Cells, occ: Cells, enemy: Cells) {
        let code = self.board[sq as usize];
        let role = (code - 1) % 6;
        let us = self.side;
        let t = match role {
            0 => {
                let start = Dainy::line(PAWN_START_LINE[us.index()]);
                let t = self.pawn_targets(sq, us, occ, enemy, start) & mask;
                sink.pawn(sq, t, Dainy::line(PROMOTION_LINE[us.index()]));
                return;
            }
            1 => KNIGHT[sq as usize],
            2 => bishop_attacks(sq, occ),
            3 => rook_attacks(sq, occ),
            _ => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
        };
        sink.targets(sq, t & mask);
    }

    /// Castling moves (seed §3.8(b), §3.9; ruling H3). The king is not in check here.
    fn castling_moves<S: Sink>(&self, sink: &mut S, occ: Cells) {
        let us = self.side;
        let i = us.index();
        let k = KING_HOME[i];
        if self.kings[i] as u16 != k {
            return;
        }
        let (short, long) = match us {
            Color::White => (WHITE_SHORT, WHITE_LONG),
            Color::Black => (BLACK_SHORT, BLACK_LONG),
        };
        let rook = crate::types::Piece {
            color: us,
            role: Role::Rook,
        }
        .code();
        // Long: king k -> rook cell (three cells), rook -> the cell next to its corner; the
        // two cells between must be empty and not attacked, the landing cell not attacked
        // after castling.
        let rl = ROOK_LONG[i];
        if self.castling & long != 0 && self.board[rl as usize] == rook {
            let (c1, c2) = (rl + 1, rl + 2);
            if !occ.contains(c1)
                && !occ.contains(c2)
                && !self.is_attacked(c1, !us, occ)
                && !self.is_attacked(c2, !us, occ)
            {
                let mut after = occ;
                after.remove(k);
                after.insert(c1);
                if !self.is_attacked(rl, !us, after) {
                    sink.castle(k, rl);
                }
            }
        }
        // Short: king and rook swap cells; the landing cell must not be attacked after.
        let rs = ROOK_SHORT[i];
        if self.castling & short != 0
            && self.board[rs as usize] == rook
            && !self.is_attacked(rs, !us, occ)
        {
            sink.castle(k, rs);
        }
    }
}

/// The castling-rights bits of `c`.
#[inline]
const fn rights_of(c: Color) -> u8 {
    match c {
        Color::White => WHITE_SHORT | WHITE_LONG,
        Color::Black => BLACK_SHORT | BLACK_LONG,
    }
}

/// Receives the legal moves of a position as sets of targets per origin.
pub(crate) trait Sink {
    /// Ordinary moves from `from` to each cell of `to`.
    fn targets(&mut self, from: u16, to: Cells);
    /// Pawn moves from `from` to each cell of `to`; those into `last` are promotions (four
    /// moves each, seed §3.7(d)).
    fn pawn(&mut self, from: u16, to: Cells, last: Cells);
    /// Castling, written as the king's move `from`-`to` (ruling H6).
    fn castle(&mut self, from: u16, to: u16);
}

/// Counts moves without listing them (perft bulk counting).
#[derive(Default)]
pub(crate) struct Counter(pub usize);

impl Sink for Counter {
    #[inline(always)]
    fn targets(&mut self, _from: u16, to: Cells) {
        self.0 += to.count() as usize;
    }
    #[inline(always)]
    fn pawn(&mut self, _from: u16, to: Cells, last: Cells) {
        self.0 += to.count() as usize + 3 * (to & last).count() as usize;
    }
    #[inline(always)]
    fn castle(&mut self, _from: u16, _to: u16) {
        self.0 += 1;
    }
}

/// Appends moves to a move list.
pub(crate) struct Lister<'a, L: fairy_kernel::MoveBuf<Move>>(pub &'a mut L);

impl<L: fairy_kernel::MoveBuf<Move>> Sink for Lister<'_, L> {
    #[inline(always)]
    fn targets(&mut self, from: u16, to: Cells) {
        for t in to {
            self.0.push(Move::new(from, t, MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn pawn(&mut self, from: u16, to: Cells, last: Cells) {
        for t in to {
            if last.contains(t) {
                for r in Role::PROMOTIONS {
                    self.0.push(Move::new(from, t, MoveKind::Promotion(r)));
                }
            } else {
                self.0.push(Move::new(from, t, MoveKind::Normal));
            }
        }
    }
    #[inline(always)]
    fn castle(&mut self, from: u16, to: u16) {
        self.0.push(Move::new(from, to, MoveKind::Castle));
    }
}
