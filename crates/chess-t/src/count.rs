//! Counting the legal moves without building them (bulk counting at the last ply of
//! perft): the same moves as `Position::legal_moves`, counted as population counts of
//! target sets. Knechts are counted set-wise, by shifting all of them at once. The count
//! runs on `u64` masks on chess-T1's 8 x 8 board and on `u128` masks on the 9 x 8 board.

use core::ops::{BitAnd, BitOr, Not, Shl, Shr};

use crate::position::{pop, Contests, MoveList, Position};
use crate::ruleset::Role;
use crate::tables::{Tables, NO_CELL};

/// A cell mask wide enough for the board: `u64` (8 x 8) or `u128` (9 x 8).
trait Bits:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty mask.
    const ZERO: Self;
    /// The mask of a table (the cells above the width are off this board).
    fn of(m: u128) -> Self;
    /// The mask as a `u128`.
    fn wide(self) -> u128;
    /// The number of cells.
    fn pop(self) -> u32;
    /// The lowest cell; the mask must not be empty.
    fn lowest(self) -> u8;
    /// The mask without its lowest cell.
    fn without_lowest(self) -> Self;
    /// The mask of cell `c`, which is on the board.
    fn bit(c: u8) -> Self;
}

impl Bits for u64 {
    const ZERO: Self = 0;
    #[inline]
    fn of(m: u128) -> Self {
        m as u64
    }
    #[inline]
    fn wide(self) -> u128 {
        u128::from(self)
    }
    #[inline]
    fn pop(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lowest(self) -> u8 {
        self.trailing_zeros() as u8
    }
    #[inline]
    fn without_lowest(self) -> Self {
        self & (self - 1)
    }
    #[inline]
    fn bit(c: u8) -> Self {
        1 << c
    }
}

impl Bits for u128 {
    const ZERO: Self = 0;
    #[inline]
    fn of(m: u128) -> Self {
        m
    }
    #[inline]
    fn wide(self) -> u128 {
        self
    }
    #[inline]
    fn pop(self) -> u32 {
        pop(self)
    }
    #[inline]
    fn lowest(self) -> u8 {
        self.trailing_zeros() as u8
    }
    #[inline]
    fn without_lowest(self) -> Self {
        self & (self - 1)
    }
    #[inline]
    fn bit(c: u8) -> Self {
        1 << c
    }
}

/// Iterates the cells of a mask.
#[inline]
fn cells<B: Bits>(mut m: B) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        if m == B::ZERO {
            None
        } else {
            let s = m.lowest();
            m = m.without_lowest();
            Some(s)
        }
    })
}

impl Position {
    /// The number of legal moves (what [`Game::legal_moves`](fairy_kernel::Game::legal_moves)
    /// would produce).
    pub(crate) fn count_moves(&self) -> usize {
        if self.rules().files == 9 {
            self.count_on::<9, u128>()
        } else {
            self.count_on::<8, u64>()
        }
    }

    /// The cells a Prince or Konnet on `from` reaches on its diagonal lines: up to the
    /// first cell of `stop` (pieces and the enemy impregnable field), that cell included.
    #[inline]
    pub(crate) fn diagonal_reach(&self, from: u8, stop: u128) -> u128 {
        if self.rules().files == 9 {
            diagonal::<9, u128>(self.t, from, stop)
        } else {
            diagonal::<8, u64>(self.t, from, u64::of(stop)).wide()
        }
    }

    /// [`Position::count_moves`] on a board of `FILES` files with masks `B` (the shifts of
    /// set-wise steps are constants).
    fn count_on<const FILES: u32, B: Bits>(&self) -> usize {
        // `diagonal` walks lines of three cells; `B` holds every cell.
        debug_assert_eq!(self.rules().diagonal_range, 3);
        debug_assert_eq!(B::of(self.t.board[0]).wide(), self.t.board[0]);
        if self.decided().is_some() {
            return 0;
        }
        let tb = self.t;
        let us = self.side.index();
        let them = 1 - us;
        let own = B::of(self.colors[us]);
        let enemy = B::of(self.colors[them]);
        let occ = own | enemy;
        let eimp = B::of(self.field_mask(them));
        let castles = B::of(tb.castle[0] | tb.castle[1]);
        let base = B::of(tb.board[0]) & !own & !eimp;
        let nonroyal_base = base & !castles;
        let contests = Contests::new(self);
        let allowed = |caps: B, exchanges: bool| -> B {
            if caps == B::ZERO {
                B::ZERO
            } else {
                B::of(contests.allowed(caps.wide(), exchanges))
            }
        };
        // The moves onto `targets` (within `base`): every free cell, and the enemy pieces
        // that may be captured or exchanged (docs/rules/chess-t.md, T6, T6a).
        let count = |targets: B, exchanges: bool| -> u32 {
            ((targets & !enemy) | allowed(targets & enemy, exchanges)).pop()
        };
        let kinds = |k: Role| B::of(self.kinds[k.index()]);
        let mut n = 0;

        // Lone defender (docs/rules/chess-t.md, T7, T12): its moves are restricted, a rare
        // case counted on the move list.
        let royal = self.royal();
        let own_castle = tb.castle[us];
        let defenders = royal & self.colors[us] & own_castle;
        if royal & self.colors[them] & own_castle != 0
            && defenders != 0
            && defenders & (defenders - 1) == 0
        {
            let mut list = MoveList::new();
            self.legal_moves(&mut list);
            return list.len();
        }

        for from in cells(kinds(Role::Ritter) & own) {
            n += count(B::of(tb.ritter[from as usize]) & nonroyal_base, true);
        }
        for from in cells(kinds(Role::King) & own) {
            n += count(B::of(tb.king[from as usize]) & base, false);
        }
        // Scouts (T9): every enemy piece reached is taken (a capture or an exchange).
        for from in cells(kinds(Role::Scout) & own) {
            n += (B::of(tb.knight[from as usize]) & base & (enemy | !castles)).pop();
        }
        // Konnets and Princes: orthogonal table, diagonal lines up to the first piece or
        // the enemy impregnable field.
        let stop = occ | eimp;
        for from in cells(kinds(Role::Konnet) & own) {
            let orth = B::of(tb.konnet_orth[from as usize]);
            n += count((orth | diagonal::<FILES, B>(tb, from, stop)) & base, true);
        }
        for from in cells(kinds(Role::Prince) & own) {
            let orth = B::of(tb.orth1[from as usize]);
            n += count((orth | diagonal::<FILES, B>(tb, from, stop)) & base, true);
        }

        // Knechts, all at once: one move per target (a promotion to Ver Knecht is forced).
        let kn = kinds(Role::Knecht) & own;
        if kn != B::ZERO {
            let fwd = |m: B| if us == 0 { m << FILES } else { m >> FILES };
            let first = fwd(kn) & B::of(tb.board[0]) & !occ & !castles & !eimp;
            let steps = [
                kn << FILES,
                kn >> FILES,
                (kn & B::of(tb.sideways[0])) << 1,
                (kn & B::of(tb.sideways[1])) >> 1,
                fwd(first) & B::of(tb.territory[us]),
            ]
            .map(|m| m & nonroyal_base);
            let reached = steps.iter().fold(B::ZERO, |a, &m| a | m);
            let ok = !enemy | allowed(reached & enemy, true);
            n += steps.iter().map(|&m| (m & ok).pop()).sum::<u32>();
        }

        // Ver Knechts, one by one (promotion choices).
        let vk = kinds(Role::VerKnecht) & own;
        if vk != B::ZERO {
            let n_princes = (kinds(Role::Prince) & own).pop();
            let n_konnets = (kinds(Role::Konnet) & own).pop();
            let castle_promotions = u32::from(n_princes < 3) + u32::from(n_konnets < 3);
            let choices = 1 + castle_promotions + u32::from(self.rules().scouts);
            let enemy_castle = B::of(tb.castle[them]);
            let promo_zone = B::of(tb.ver_knecht_promotion[us]);
            for from in cells(vk) {
                let fi = from as usize;
                let mut targets = B::of(tb.orth1[fi]) & base;
                let f1 = tb.forward[fi][us];
                let f2 = tb.double[fi][us];
                if f2 != NO_CELL && (occ | castles | eimp) & B::bit(f1) == B::ZERO {
                    targets = targets | (B::bit(f2) & nonroyal_base);
                }
                // The forward step onto a free enemy castle cell (T8, T12).
                if f1 != NO_CELL && enemy_castle & !occ & B::bit(f1) != B::ZERO {
                    n += castle_promotions;
                }
                targets = targets & !castles;
                n += count(targets & !promo_zone, true);
                let promo = targets & promo_zone;
                let capture = allowed(promo & enemy, false);
                let exchange = allowed(promo & enemy, true) & !capture;
                n += choices * ((promo & !enemy) | capture).pop() + exchange.pop();
            }
        }
        n as usize
    }
}

/// The cells a Prince or Konnet on `from` reaches on its diagonal lines of three cells on a
/// board of `FILES` files: up to the first cell of `stop` (pieces and the enemy
/// impregnable field), that cell included.
#[inline]
fn diagonal<const FILES: u32, B: Bits>(tb: &Tables, from: u8, stop: B) -> B {
    let [ne, se, sw, nw] = tb.diagonal_ray[from as usize].map(B::of);
    // The cells beyond a blocker: one and two steps further along the line.
    let up = |ray: B, step: u32| {
        let b = ray & stop;
        ray & !((b << step) | (b << (2 * step)))
    };
    let down = |ray: B, step: u32| {
        let b = ray & stop;
        ray & !((b >> step) | (b >> (2 * step)))
    };
    up(ne, FILES + 1) | down(se, FILES - 1) | down(sw, FILES + 1) | up(nw, FILES - 1)
}
