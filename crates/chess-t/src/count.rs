//! Counting the legal moves without building them (bulk counting at the last ply of
//! perft): the same moves as `Position::legal_moves`, counted as population counts of
//! target sets. Knechts are counted set-wise, by shifting all of them at once.

use crate::position::{cells, pop, Contests, MoveList, Position};
use crate::ruleset::Role;
use crate::tables::{Tables, NO_CELL};

impl Position {
    /// The number of legal moves (what [`Game::legal_moves`](fairy_kernel::Game::legal_moves)
    /// would produce).
    pub(crate) fn count_moves(&self) -> usize {
        if self.rules().files == 9 {
            self.count_on::<9>()
        } else {
            self.count_on::<8>()
        }
    }

    /// [`Position::count_moves`] on a board of `FILES` files (the shifts of set-wise steps
    /// are constants).
    fn count_on<const FILES: u32>(&self) -> usize {
        // `diagonal` walks lines of three cells.
        debug_assert_eq!(self.rules().diagonal_range, 3);
        if self.decided().is_some() {
            return 0;
        }
        let tb = self.t;
        let us = self.side.index();
        let them = 1 - us;
        let own = self.colors[us];
        let enemy = self.colors[them];
        let occ = own | enemy;
        let eimp = self.field_mask(them);
        let castles = tb.castle[0] | tb.castle[1];
        let base = tb.board[0] & !own & !eimp;
        let nonroyal_base = base & !castles;
        let contests = Contests::new(self);
        // The moves onto `targets` (within `base`): every free cell, and the enemy pieces
        // that may be captured or exchanged (docs/rules/chess-t.md, T6, T6a).
        let count = |targets: u128, exchanges: bool| -> u32 {
            let caps = targets & enemy;
            let ok = if caps == 0 {
                0
            } else {
                contests.allowed(caps, exchanges)
            };
            pop((targets & !enemy) | ok)
        };
        let mut n = 0;

        // Lone defender (docs/rules/chess-t.md, T7, T12): its moves are restricted, a rare
        // case counted on the move list.
        let royal = self.royal();
        let own_castle = tb.castle[us];
        let defenders = royal & own & own_castle;
        if defenders.count_ones() == 1 && royal & enemy & own_castle != 0 {
            let mut list = MoveList::new();
            self.legal_moves(&mut list);
            return list.len();
        }

        for from in cells(self.kinds[Role::Ritter.index()] & own) {
            n += count(tb.ritter[from as usize] & nonroyal_base, true);
        }
        for from in cells(self.kinds[Role::King.index()] & own) {
            n += count(tb.king[from as usize] & base, false);
        }
        // Scouts (T9): every enemy piece reached is taken (a capture or an exchange).
        for from in cells(self.kinds[Role::Scout.index()] & own) {
            n += pop(tb.knight[from as usize] & base & (enemy | !castles));
        }
        // Konnets and Princes: orthogonal table, diagonal lines up to the first piece or
        // the enemy impregnable field.
        let stop = occ | eimp;
        let konnets = self.kinds[Role::Konnet.index()] & own;
        let princes = self.kinds[Role::Prince.index()] & own;
        for from in cells(konnets) {
            let orth = tb.konnet_orth[from as usize];
            n += count(
                (orth & base) | diagonal::<FILES>(tb, from, stop, base),
                true,
            );
        }
        for from in cells(princes) {
            let orth = tb.orth1[from as usize];
            n += count(
                (orth & base) | diagonal::<FILES>(tb, from, stop, base),
                true,
            );
        }

        // Knechts, all at once: one move per target (a promotion to Ver Knecht is forced).
        let kn = self.kinds[Role::Knecht.index()] & own;
        if kn != 0 {
            let fwd = |m: u128| if us == 0 { m << FILES } else { m >> FILES };
            let steps = [
                kn << FILES,
                kn >> FILES,
                (kn & tb.sideways[0]) << 1,
                (kn & tb.sideways[1]) >> 1,
                fwd(fwd(kn) & tb.board[0] & !occ & !castles & !eimp) & tb.territory[us],
            ]
            .map(|m| m & nonroyal_base);
            let reached = steps.iter().fold(0, |a, &m| a | m);
            let caps = reached & enemy;
            let allowed = !enemy
                | if caps == 0 {
                    0
                } else {
                    contests.allowed(caps, true)
                };
            n += steps.iter().map(|&m| pop(m & allowed)).sum::<u32>();
        }

        // Ver Knechts, one by one (promotion choices).
        let vk = self.kinds[Role::VerKnecht.index()] & own;
        if vk != 0 {
            let n_princes = (self.kinds[Role::Prince.index()] & own).count_ones();
            let n_konnets = (self.kinds[Role::Konnet.index()] & own).count_ones();
            let castle_promotions = u32::from(n_princes < 3) + u32::from(n_konnets < 3);
            let choices = 1 + castle_promotions + u32::from(self.rules().scouts);
            let enemy_castle = tb.castle[them];
            let promo_zone = tb.ver_knecht_promotion[us];
            for from in cells(vk) {
                let fi = from as usize;
                let mut targets = tb.orth1[fi] & base;
                let f1 = tb.forward[fi][us];
                let f2 = tb.double[fi][us];
                if f2 != NO_CELL && (occ | castles | eimp) >> f1 & 1 == 0 {
                    targets |= (1u128 << f2) & nonroyal_base;
                }
                // The forward step onto a free enemy castle cell (T8, T12).
                if f1 != NO_CELL && (enemy_castle & !occ) >> f1 & 1 != 0 {
                    n += castle_promotions;
                }
                targets &= !castles;
                n += count(targets & !promo_zone, true);
                let promo = targets & promo_zone;
                let quiet = promo & !enemy;
                let caps = promo & enemy;
                let (capture, exchange) = if caps == 0 {
                    (0, 0)
                } else {
                    let capture = contests.allowed(caps, false);
                    (capture, contests.allowed(caps, true) & !capture)
                };
                n += choices * pop(quiet | capture) + pop(exchange);
            }
        }
        n as usize
    }
}

/// The cells a Prince or Konnet on `from` reaches on its diagonal lines of three cells on a
/// board of `FILES` files: up to the first cell of `stop` (pieces and the enemy
/// impregnable field), that cell included if it is in `base`.
#[inline]
fn diagonal<const FILES: u32>(tb: &Tables, from: u8, stop: u128, base: u128) -> u128 {
    let [ne, se, sw, nw] = tb.diagonal_ray[from as usize];
    // The cells beyond a blocker: one and two steps further along the line.
    let up = |ray: u128, step: u32| {
        let b = ray & stop;
        ray & !((b << step) | (b << (2 * step)))
    };
    let down = |ray: u128, step: u32| {
        let b = ray & stop;
        ray & !((b >> step) | (b >> (2 * step)))
    };
    (up(ne, FILES + 1) | down(se, FILES - 1) | down(sw, FILES + 1) | up(nw, FILES - 1)) & base
}
