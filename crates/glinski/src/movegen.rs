//! The fast legal move generator: generated tables, bitsets, check and pin masks.
//!
//! Legality is decided without playing moves: checking pieces and pinned pieces are found
//! by scanning the 12 lines from the king; king targets are tested against the opponent's
//! attacks computed with the king taken off the board (so it cannot hide behind itself).
//! En passant, the one move that empties two cells of the same line, is tested on its own
//! by recomputing the attackers of the king after it (§3.6(d), §4.1).

use fairy_kernel::geometry::hexmoves::{highest, nearest, slide_ray};
use fairy_kernel::Color;

use crate::generated::tables::{
    BISHOP_LINES, KING, KNIGHT, PAWN_ATTACKS, PAWN_PUSH, PAWN_START, PROMOTION, RAYS, ROOK_LINES,
};
use crate::position::{Cells, Glinski};
use crate::tables::NO_CELL;
use crate::types::{Move, MoveKind, Role};

/// Every cell of the board.
pub(crate) const ALL_CELLS: Cells = Cells::first_n(crate::tables::CELLS);

/// Whether direction `d` (0..12, see [`crate::tables::directions`]) increases the cell
/// index. A unit test checks this against the generated `ASCENDING` table.
#[inline(always)]
pub(crate) const fn ascends(d: usize) -> bool {
    d % 6 < 3
}

/// The cells attacked along direction `D` from `sq` with occupancy `occ`.
#[inline(always)]
fn ray_attacks<const D: usize>(sq: u16, occ: Cells) -> Cells {
    slide_ray(RAYS[sq as usize][D], occ, ascends(D))
}

/// The cells a rook on `sq` attacks with occupancy `occ` (6 touching directions; §3.2).
#[inline]
pub fn rook_attacks(sq: u16, occ: Cells) -> Cells {
    ray_attacks::<0>(sq, occ)
        | ray_attacks::<1>(sq, occ)
        | ray_attacks::<2>(sq, occ)
        | ray_attacks::<3>(sq, occ)
        | ray_attacks::<4>(sq, occ)
        | ray_attacks::<5>(sq, occ)
}

/// The cells a bishop on `sq` attacks with occupancy `occ` (6 gap directions; §3.3).
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

impl Glinski {
    /// The pieces of `by` that attack cell `sq` with occupancy `occ` (a piece attacks the
    /// cells it could capture on; §4.1).
    pub fn attackers(&self, sq: u16, by: Color, occ: Cells) -> Cells {
        let them = self.by_color[by.index()];
        let s = sq as usize;
        let rq = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        let bq = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        // A pawn of `by` attacks `sq` from the cells a pawn of the other side on `sq`
        // would attack (the capture steps of the two sides are opposite).
        let mut a = (KNIGHT[s] & self.by_role[Role::Knight.index()])
            | (KING[s] & self.by_role[Role::King.index()])
            | (PAWN_ATTACKS[(!by).index()][s] & self.by_role[Role::Pawn.index()]);
        if (rq & them).any() {
            a |= rook_attacks(sq, occ) & rq;
        }
        if (bq & them).any() {
            a |= bishop_attacks(sq, occ) & bq;
        }
        a & them
    }

    /// Whether a piece of `by` attacks `sq` with occupancy `occ` (the boolean form of
    /// [`Glinski::attackers`], with early exits).
    #[inline]
    pub(crate) fn is_attacked(&self, sq: u16, by: Color, occ: Cells) -> bool {
        let them = self.by_color[by.index()];
        let s = sq as usize;
        let leapers = (KNIGHT[s] & self.by_role[Role::Knight.index()])
            | (KING[s] & self.by_role[Role::King.index()])
            | (PAWN_ATTACKS[(!by).index()][s] & self.by_role[Role::Pawn.index()]);
        if leapers.intersects(&them) {
            return true;
        }
        let q = self.by_role[Role::Queen.index()];
        let rq = (self.by_role[Role::Rook.index()] | q) & them;
        if ROOK_LINES[s].intersects(&rq) && rook_attacks(sq, occ).intersects(&rq) {
            return true;
        }
        let bq = (self.by_role[Role::Bishop.index()] | q) & them;
        BISHOP_LINES[s].intersects(&bq) && bishop_attacks(sq, occ).intersects(&bq)
    }

    /// Whether `color`'s king is attacked (in check; §4.1).
    pub fn in_check(&self, color: Color) -> bool {
        self.attackers(self.king(color), !color, self.occupied())
            .any()
    }

    /// Every cell attacked by `by` with occupancy `occ`.
    pub(crate) fn attack_map(&self, by: Color, occ: Cells) -> Cells {
        let ours = self.by_color[by.index()];
        let mut a = KING[self.kings[by.index()] as usize];
        for p in self.by_role[Role::Pawn.index()] & ours {
            a |= PAWN_ATTACKS[by.index()][p as usize];
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
            | (PAWN_ATTACKS[us.index()][ks] & enemy & self.by_role[Role::Pawn.index()]);
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

        // King moves: not onto an attacked cell; attacks computed with the king off the
        // board (§3.1, §4.1).
        // With few targets, testing each is cheaper than the whole attack map.
        let king_targets = KING[ks].and_not(&own);
        if king_targets.any() {
            let mut occ_nk = occ;
            occ_nk.remove(k);
            let safe = if king_targets.count() <= 4 {
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

        if self.ep != NO_CELL {
            self.en_passant_moves(sink, k, occ);
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
        let last = PROMOTION[us.index()];
        for sq in free & self.by_role[Role::Pawn.index()] {
            self.pawn_moves(sink, sq, target_mask, occ, enemy, last);
        }
    }

    /// The moves of a pawn of the side to move on `sq` landing in `mask` (§3.6(a)-(c),
    /// (e)); en passant is generated separately.
    #[inline(always)]
    fn pawn_moves<S: Sink>(
        &self,
        sink: &mut S,
        sq: u16,
        mask: Cells,
        occ: Cells,
        enemy: Cells,
        last: Cells,
    ) {
        let us = self.side.index();
        let s = sq as usize;
        let mut t = PAWN_ATTACKS[us][s] & enemy;
        let p1 = PAWN_PUSH[us][s];
        if p1 != NO_CELL && !occ.contains(p1 as u16) {
            t.insert(p1 as u16);
            if PAWN_START[us].contains(sq) {
                let p2 = PAWN_PUSH[us][p1 as usize];
                if p2 != NO_CELL && !occ.contains(p2 as u16) && mask.contains(p2 as u16) {
                    sink.double_step(sq, p2 as u16);
                }
            }
        }
        sink.pawn(sq, t & mask, last);
    }

    /// En passant captures onto `self.ep` (§3.6(d)): each is legal when no enemy piece
    /// attacks the king once the capturing pawn has moved and the captured pawn is gone.
    #[inline(never)]
    fn en_passant_moves<S: Sink>(&self, sink: &mut S, k: u16, occ: Cells) {
        let us = self.side;
        let them = !us;
        let ep = self.ep as u16;
        let victim = PAWN_PUSH[them.index()][ep as usize] as u16;
        let capturers = PAWN_ATTACKS[them.index()][ep as usize] & self.pieces(us, Role::Pawn);
        for from in capturers {
            let mut after = occ;
            after.remove(from);
            after.remove(victim);
            after.insert(ep);
            let mut checks = self.attackers(k, them, after);
            checks.remove(victim);
            if checks.is_empty() {
                sink.en_passant(from, ep);
            }
        }
    }

    /// Moves of one pinned non-king piece on `sq` restricted to `mask` (its pin line).
    #[inline]
    fn piece_moves<S: Sink>(&self, sink: &mut S, sq: u16, mask: Cells, occ: Cells, enemy: Cells) {
        let code = self.board[sq as usize];
        let t = match (code - 1) % 6 {
            0 => {
                let last = PROMOTION[self.side.index()];
                self.pawn_moves(sink, sq, mask, occ, enemy, last);
                return;
            }
            1 => KNIGHT[sq as usize],
            2 => bishop_attacks(sq, occ),
            3 => rook_attacks(sq, occ),
            _ => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
        };
        sink.targets(sq, t & mask);
    }
}

/// Receives the legal moves of a position as sets of targets per origin.
pub(crate) trait Sink {
    /// Ordinary moves from `from` to each cell of `to`.
    fn targets(&mut self, from: u16, to: Cells);
    /// Pawn single steps and captures from `from` to each cell of `to`; those onto `last`
    /// are promotions (four moves each, §3.6(e)).
    fn pawn(&mut self, from: u16, to: Cells, last: Cells);
    /// A pawn's double step.
    fn double_step(&mut self, from: u16, to: u16);
    /// An en passant capture landing on `to`.
    fn en_passant(&mut self, from: u16, to: u16);
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
    fn double_step(&mut self, _from: u16, _to: u16) {
        self.0 += 1;
    }
    #[inline(always)]
    fn en_passant(&mut self, _from: u16, _to: u16) {
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
    fn double_step(&mut self, from: u16, to: u16) {
        self.0.push(Move::new(from, to, MoveKind::DoubleStep));
    }
    #[inline(always)]
    fn en_passant(&mut self, from: u16, to: u16) {
        self.0.push(Move::new(from, to, MoveKind::EnPassant));
    }
}
