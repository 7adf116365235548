//! Slider and leaper attacks, attackers of a cell, and the check and pin masks of a legal
//! move generator, over a variant's generated tables.
//!
//! Directions are numbered as in the kernel's `hexmoves`: 0..6 the touching (rook) lines,
//! 6..12 the gap (bishop) lines, the first three of each group ascending in cell index.

use fairy_kernel::geometry::hexmoves::{highest, nearest, slide, to_u128};
use fairy_kernel::Color;

use crate::{Cells, Placement, Role};

/// A variant's generated per-cell tables, as a type (implemented by a unit struct whose
/// methods index `static` arrays, so that every use is monomorphised and inlined).
pub trait Tables {
    /// Per direction (see [`ascends`]), the empty-board ray from `sq` (the cell excluded).
    fn rays(sq: u16) -> &'static [Cells; 12];
    /// The union of the 6 touching rays from `sq`: where a rook must stand to attack it.
    fn rook_lines(sq: u16) -> Cells;
    /// The union of the 6 gap rays from `sq`: where a bishop must stand to attack it.
    fn bishop_lines(sq: u16) -> Cells;
    /// The knight's targets from `sq`.
    fn knight(sq: u16) -> Cells;
    /// The king's targets from `sq`.
    fn king(sq: u16) -> Cells;
    /// The cells a pawn of `color` on `sq` attacks (captures on).
    fn pawn_attacks(color: Color, sq: u16) -> Cells;
}

/// Whether direction `d` (0..12) increases the cell index.
#[inline(always)]
pub const fn ascends(d: usize) -> bool {
    d % 6 < 3
}

/// The cells attacked along direction `D` from `sq` with occupancy `occ`.
#[inline(always)]
fn ray_attacks<T: Tables, const D: usize>(sq: u16, occ: Cells) -> Cells {
    slide(|s| T::rays(s)[D], sq, occ, ascends(D))
}

/// The cells a rook on `sq` attacks with occupancy `occ` (the 6 touching directions).
#[inline]
pub fn rook_attacks<T: Tables>(sq: u16, occ: Cells) -> Cells {
    rook_rays::<T>(sq, occ)
}

/// The cells a bishop on `sq` attacks with occupancy `occ` (the 6 gap directions).
#[inline]
pub fn bishop_attacks<T: Tables>(sq: u16, occ: Cells) -> Cells {
    bishop_rays::<T>(sq, occ)
}

/// [`rook_attacks`], always inlined (for the move generator's loops).
#[inline(always)]
fn rook_rays<T: Tables>(sq: u16, occ: Cells) -> Cells {
    ray_attacks::<T, 0>(sq, occ)
        | ray_attacks::<T, 1>(sq, occ)
        | ray_attacks::<T, 2>(sq, occ)
        | ray_attacks::<T, 3>(sq, occ)
        | ray_attacks::<T, 4>(sq, occ)
        | ray_attacks::<T, 5>(sq, occ)
}

/// [`bishop_attacks`], always inlined (for the move generator's loops).
#[inline(always)]
fn bishop_rays<T: Tables>(sq: u16, occ: Cells) -> Cells {
    ray_attacks::<T, 6>(sq, occ)
        | ray_attacks::<T, 7>(sq, occ)
        | ray_attacks::<T, 8>(sq, occ)
        | ray_attacks::<T, 9>(sq, occ)
        | ray_attacks::<T, 10>(sq, occ)
        | ray_attacks::<T, 11>(sq, occ)
}

/// The nearest occupied cell from `sq` in direction `d`, if any.
#[inline(always)]
fn nearest_in<T: Tables>(sq: u16, d: usize, occ: Cells) -> Option<u16> {
    let b = T::rays(sq)[d] & occ;
    if ascends(d) {
        b.first()
    } else {
        highest(&b)
    }
}

/// Up to this many king targets are tested one by one; more use the opponent's attack map.
const KING_TESTS_ONE_BY_ONE: u32 = 4;

/// Whether the nearest cell of `occ` along `ray` (a ray ascending in cell order when `ASC`)
/// holds one of `sliders`, without branches: ascending, `b ^ (b - 1)` keeps the cells up to
/// the nearest blocker; descending, the blockers that are sliders outnumber, as a number,
/// the others exactly when the highest (nearest) blocker is a slider.
#[inline(always)]
fn nearest_is<const ASC: bool>(ray: Cells, occ: Cells, sliders: Cells) -> bool {
    let b = to_u128(ray & occ);
    let s = b & to_u128(sliders);
    if ASC {
        (b ^ b.wrapping_sub(1)) & s != 0
    } else {
        s > b & !s
    }
}

/// Whether one of `sliders` attacks the origin of `rays` along the six rays `G..G + 6`
/// (`G` is 0 for the touching rays, 6 for the gap rays; the first three ascend).
#[inline(always)]
fn group_hit<const G: usize>(rays: &[Cells; 12], occ: Cells, sliders: Cells) -> bool {
    nearest_is::<true>(rays[G], occ, sliders)
        | nearest_is::<true>(rays[G + 1], occ, sliders)
        | nearest_is::<true>(rays[G + 2], occ, sliders)
        | nearest_is::<false>(rays[G + 3], occ, sliders)
        | nearest_is::<false>(rays[G + 4], occ, sliders)
        | nearest_is::<false>(rays[G + 5], occ, sliders)
}

/// The checking pieces and pinned pieces of one side, found from its king's lines.
#[derive(Clone, Copy, Debug)]
pub struct Checks {
    /// The enemy pieces giving check.
    pub checkers: Cells,
    /// The cells between a checking slider and the king.
    pub block: Cells,
    /// The own pieces pinned to the king.
    pub pinned: Cells,
    /// The king's cell.
    king: u16,
    /// Bit `d` set: the ray from the king in direction `d` holds a pinned piece.
    pin_dirs: u16,
}

impl Checks {
    /// Each pinned piece with its pin line (the ray from the king through it).
    #[inline]
    pub fn pins<T: Tables>(&self) -> impl Iterator<Item = (u16, Cells)> + '_ {
        let rays = T::rays(self.king);
        let mut dirs = self.pin_dirs;
        core::iter::from_fn(move || {
            if dirs == 0 {
                return None;
            }
            let ray = rays[dirs.trailing_zeros() as usize];
            dirs &= dirs - 1;
            (ray & self.pinned).first().map(|sq| (sq, ray))
        })
    }

    /// Where a non-king move of the side must land: `None` in double check; otherwise the
    /// cells not in `own` that are anywhere (no check) or on the checker or between it and
    /// the king (single check), within the board of `N` cells.
    #[inline]
    pub fn target_mask<const N: usize>(&self, own: Cells) -> Option<Cells> {
        let c = to_u128(self.checkers);
        let mask = if c == 0 {
            Placement::<N>::ALL
        } else if c & (c - 1) == 0 {
            self.checkers | self.block
        } else {
            return None;
        };
        Some(mask.and_not(&own))
    }

    /// Looks along the ray `D` from the king (`rays` are the king's) for a checking slider
    /// of `sliders` or a piece pinned by one.
    #[inline(always)]
    fn scan<T: Tables, const D: usize>(
        &mut self,
        rays: &[Cells; 12],
        occ: Cells,
        enemy: Cells,
        sliders: Cells,
    ) {
        let ray = rays[D];
        if !ray.intersects(&sliders) {
            return;
        }
        let Some(b1) = nearest(ray, occ, ascends(D)) else {
            return;
        };
        if enemy.contains(b1) {
            if sliders.contains(b1) {
                self.checkers.insert(b1);
                self.block |= ray ^ T::rays(b1)[D];
            }
        } else if let Some(b2) = nearest_in::<T>(b1, D, occ) {
            if sliders.contains(b2) {
                self.pinned.insert(b1);
                self.pin_dirs |= 1 << D;
            }
        }
    }
}

impl<const N: usize> Placement<N> {
    /// The pieces of `by` that attack cell `sq` with occupancy `occ` (a piece attacks the
    /// cells it could capture on, whether or not it may move).
    pub fn attackers<T: Tables>(&self, sq: u16, by: Color, occ: Cells) -> Cells {
        let them = self.by_color[by.index()];
        let rq = self.role(Role::Rook) | self.role(Role::Queen);
        let bq = self.role(Role::Bishop) | self.role(Role::Queen);
        // A pawn of `by` attacks `sq` from the cells a pawn of the other side on `sq`
        // would attack (the capture steps of the two sides are opposite).
        let mut a = (T::knight(sq) & self.role(Role::Knight))
            | (T::king(sq) & self.role(Role::King))
            | (T::pawn_attacks(!by, sq) & self.role(Role::Pawn));
        if (rq & them).any() {
            a |= rook_attacks::<T>(sq, occ) & rq;
        }
        if (bq & them).any() {
            a |= bishop_attacks::<T>(sq, occ) & bq;
        }
        a & them
    }

    /// Whether a knight, king or pawn of `by` attacks `sq`.
    #[inline(always)]
    pub fn leaper_attacks<T: Tables>(&self, sq: u16, by: Color) -> bool {
        let leapers = (T::knight(sq) & self.role(Role::Knight))
            | (T::king(sq) & self.role(Role::King))
            | (T::pawn_attacks(!by, sq) & self.role(Role::Pawn));
        leapers.intersects(&self.by_color[by.index()])
    }

    /// Whether any piece of `by` attacks `sq` with occupancy `occ`: [`Placement::attackers`]
    /// with an early exit, looking along the lines only when they hold a suitable slider.
    #[inline]
    pub fn is_attacked<T: Tables>(&self, sq: u16, by: Color, occ: Cells) -> bool {
        if self.leaper_attacks::<T>(sq, by) {
            return true;
        }
        let them = self.by_color[by.index()];
        let q = self.role(Role::Queen);
        let rq = them & (self.role(Role::Rook) | q);
        let bq = them & (self.role(Role::Bishop) | q);
        let rays = T::rays(sq);
        (T::rook_lines(sq).intersects(&rq) && group_hit::<0>(rays, occ, rq))
            || (T::bishop_lines(sq).intersects(&bq) && group_hit::<6>(rays, occ, bq))
    }

    /// Every cell attacked by `by` with occupancy `occ`.
    pub fn attack_map<T: Tables>(&self, by: Color, occ: Cells) -> Cells {
        let ours = self.by_color[by.index()];
        let mut a = T::king(self.king(by));
        for p in self.role(Role::Pawn) & ours {
            a |= T::pawn_attacks(by, p);
        }
        for n in self.role(Role::Knight) & ours {
            a |= T::knight(n);
        }
        let q = self.role(Role::Queen);
        for r in (self.role(Role::Rook) | q) & ours {
            a |= rook_attacks::<T>(r, occ);
        }
        for b in (self.role(Role::Bishop) | q) & ours {
            a |= bishop_attacks::<T>(b, occ);
        }
        a
    }

    /// The checkers of `us`'s king and the pieces of `us` pinned to it, found by scanning
    /// the 12 lines from the king.
    #[inline(always)]
    pub fn checks<T: Tables>(&self, us: Color) -> Checks {
        let own = self.by_color[us.index()];
        let enemy = self.by_color[(!us).index()];
        let occ = own | enemy;
        let k = self.king(us);
        let enemy_rq = enemy & (self.role(Role::Rook) | self.role(Role::Queen));
        let enemy_bq = enemy & (self.role(Role::Bishop) | self.role(Role::Queen));

        // Checkers by leapers and pawns.
        let checkers = (T::knight(k) & enemy & self.role(Role::Knight))
            | (T::pawn_attacks(us, k) & enemy & self.role(Role::Pawn));
        let mut c = Checks {
            checkers,
            block: Cells::EMPTY,
            pinned: Cells::EMPTY,
            king: k,
            pin_dirs: 0,
        };
        let rays = T::rays(k);
        if T::rook_lines(k).intersects(&enemy_rq) {
            c.scan::<T, 0>(rays, occ, enemy, enemy_rq);
            c.scan::<T, 1>(rays, occ, enemy, enemy_rq);
            c.scan::<T, 2>(rays, occ, enemy, enemy_rq);
            c.scan::<T, 3>(rays, occ, enemy, enemy_rq);
            c.scan::<T, 4>(rays, occ, enemy, enemy_rq);
            c.scan::<T, 5>(rays, occ, enemy, enemy_rq);
        }
        if T::bishop_lines(k).intersects(&enemy_bq) {
            c.scan::<T, 6>(rays, occ, enemy, enemy_bq);
            c.scan::<T, 7>(rays, occ, enemy, enemy_bq);
            c.scan::<T, 8>(rays, occ, enemy, enemy_bq);
            c.scan::<T, 9>(rays, occ, enemy, enemy_bq);
            c.scan::<T, 10>(rays, occ, enemy, enemy_bq);
            c.scan::<T, 11>(rays, occ, enemy, enemy_bq);
        }
        c
    }

    /// The cells `us`'s king may move to: not own, not attacked by the other side with the
    /// king taken off the board (so it cannot hide behind itself). `is_attacked(cell, occ)`
    /// tells whether the other side attacks `cell` with occupancy `occ`; a few targets are
    /// tested with it one by one, many against the whole attack map of the other side.
    #[inline(always)]
    pub fn king_targets<T: Tables>(
        &self,
        us: Color,
        is_attacked: impl Fn(u16, Cells) -> bool,
    ) -> Cells {
        let k = self.king(us);
        let targets = T::king(k).and_not(&self.by_color[us.index()]);
        let n = targets.count();
        if n == 0 {
            return targets;
        }
        let mut occ_nk = self.occupied();
        occ_nk.remove(k);
        if n <= KING_TESTS_ONE_BY_ONE {
            let mut safe = Cells::EMPTY;
            for t in targets {
                if !is_attacked(t, occ_nk) {
                    safe.insert(t);
                }
            }
            safe
        } else {
            targets.and_not(&self.attack_map::<T>(!us, occ_nk))
        }
    }

    /// The targets in `mask` of each unpinned knight, bishop, queen and rook of `free`, in
    /// that order (bishops and queens together), given to `f` per origin.
    #[inline(always)]
    pub fn piece_moves<T: Tables>(
        &self,
        free: Cells,
        occ: Cells,
        mask: Cells,
        mut f: impl FnMut(u16, Cells),
    ) {
        let q = self.role(Role::Queen);
        for sq in free & self.role(Role::Knight) {
            f(sq, T::knight(sq) & mask);
        }
        for sq in free & (self.role(Role::Bishop) | q) {
            let mut t = bishop_rays::<T>(sq, occ);
            if q.contains(sq) {
                t |= rook_rays::<T>(sq, occ);
            }
            f(sq, t & mask);
        }
        for sq in free & self.role(Role::Rook) {
            f(sq, rook_rays::<T>(sq, occ) & mask);
        }
    }

    /// The cells attacked by the knight, bishop, rook or queen of role index `role` (1..=4)
    /// on `sq` with occupancy `occ`.
    #[inline]
    pub fn piece_attacks<T: Tables>(role: u8, sq: u16, occ: Cells) -> Cells {
        match role {
            1 => T::knight(sq),
            2 => bishop_attacks::<T>(sq, occ),
            3 => rook_attacks::<T>(sq, occ),
            _ => bishop_attacks::<T>(sq, occ) | rook_attacks::<T>(sq, occ),
        }
    }
}
