//! A static evaluation for the engine (not a rule): material plus mobility ([`Placement::score`]),
//! and the stronger tapered evaluation with piece-square tables ([`Placement::evaluate`]).

use fairy_kernel::Color;

use crate::{bishop_attacks, rook_attacks, Placement, Role, Tables};

/// Material value of a role in centipawns (not a rule): Dave McCooey's values for
/// hexagonal chess, pawn 1, bishop 3, knight 4, rook 7, queen 10; the king counts 0.
pub const fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 400,
        Role::Bishop => 300,
        Role::Rook => 700,
        Role::Queen => 1000,
        Role::King => 0,
    }
}

/// Centipawns per attacked cell in the mobility term of [`Placement::score`].
pub const MOBILITY_WEIGHT: i32 = 2;

impl<const N: usize> Placement<N> {
    /// Material ([`piece_value`]) plus [`MOBILITY_WEIGHT`] per cell not its own that a
    /// knight, bishop, rook or queen of `color` attacks, in centipawns.
    pub fn score<T: Tables>(&self, color: Color) -> i32 {
        let own = self.occupied_by(color);
        let occ = self.occupied();
        let mut s = 0;
        for role in Role::ALL {
            s += piece_value(role) * self.pieces(color, role).count() as i32;
        }
        let mut mobility = 0;
        for sq in self.pieces(color, Role::Knight) {
            mobility += T::knight(sq).and_not(&own).count();
        }
        let q = self.pieces(color, Role::Queen);
        for sq in self.pieces(color, Role::Bishop) | q {
            mobility += bishop_attacks::<T>(sq, occ).and_not(&own).count();
        }
        for sq in self.pieces(color, Role::Rook) | q {
            mobility += rook_attacks::<T>(sq, occ).and_not(&own).count();
        }
        s + MOBILITY_WEIGHT * mobility as i32
    }
}

/// The largest board the tables of [`EvalTables`] cover (a [`crate::Cells`] holds 128).
const MAX_CELLS: usize = 128;

/// Non-pawn material of both sides at the start (queen, 2 rooks, 3 bishops, 2 knights
/// each, in both Gliński's and Dainy's armies): the middlegame end of the phase scale.
pub const FULL_PHASE_MATERIAL: i32 = 2 * (1000 + 2 * 700 + 3 * 300 + 2 * 400);

/// Centralisation weights per rim-distance step (not a rule), per role in [`Role::ALL`]
/// order (pawn, knight, bishop, rook, queen, king), as (middlegame, endgame) centipawns.
/// The king's middlegame weight is negative: it is safer at the edge, behind its men.
pub const CENTRE_WEIGHTS: [(i32, i32); 6] = [(0, 0), (8, 6), (4, 4), (2, 2), (2, 4), (-6, 10)];

/// Pawn advancement (not a rule): a pawn `f` of the way from its start to promotion
/// (`0 <= f <= 1`) gains `A + B * f * f` centipawns with (A, B) = this per phase
/// (middlegame, endgame).
pub const PAWN_ADVANCE: [(i32, i32); 2] = [(15, 35), (30, 120)];

/// Middlegame centipawns per own pawn on a cell next to its king (the pawn shield).
pub const KING_SHIELD: i32 = 10;

/// Middlegame centipawns per attack by a knight, bishop, rook or queen on the enemy king's
/// cell or a cell next to it.
pub const KING_ATTACK: i32 = 5;

/// Precomputed piece-square values of a board (not a rule): per phase (middlegame 0,
/// endgame 1), per colour, per role, per cell, the material value plus centralisation plus
/// pawn advancement, built once per variant by [`EvalTables::new`].
#[derive(Clone, Debug)]
pub struct EvalTables {
    pst: [[[[i16; MAX_CELLS]; 6]; 2]; 2],
}

impl EvalTables {
    /// Builds the tables of a board of `cells` cells with tables `T`. A cell's
    /// centralisation is its distance to the rim: the shortest empty-board rook ray from it
    /// (0 on the edge). `pawn_progress(color, cell)` gives how far a pawn of `color` on
    /// `cell` is from its start toward promotion, as `(steps made, steps in all)`.
    pub fn new<T: Tables>(cells: usize, pawn_progress: impl Fn(Color, u16) -> (i32, i32)) -> Self {
        let mut pst = [[[[0i16; MAX_CELLS]; 6]; 2]; 2];
        for sq in 0..cells.min(MAX_CELLS) as u16 {
            let rays = T::rays(sq);
            let rim = (0..6).map(|d| rays[d].count() as i32).min().unwrap_or(0);
            for color in Color::ALL {
                let (made, total) = pawn_progress(color, sq);
                let f = made.clamp(0, total.max(1)) as f64 / total.max(1) as f64;
                for role in Role::ALL {
                    for (phase, table) in pst.iter_mut().enumerate() {
                        let centre = CENTRE_WEIGHTS[role.index()];
                        let mut v =
                            piece_value(role) + rim * if phase == 0 { centre.0 } else { centre.1 };
                        if role == Role::Pawn {
                            let (a, b) = if phase == 0 {
                                PAWN_ADVANCE[0]
                            } else {
                                PAWN_ADVANCE[1]
                            };
                            v += (a as f64 * f + b as f64 * f * f).round() as i32;
                        }
                        table[color.index()][role.index()][sq as usize] = v as i16;
                    }
                }
            }
        }
        EvalTables { pst }
    }
}

impl<const N: usize> Placement<N> {
    /// The engine's static evaluation (not a rule) from `side`'s point of view, in
    /// centipawns: per side, the piece-square values of `tables` (material,
    /// centralisation, pawn advancement), [`MOBILITY_WEIGHT`] per attacked cell not its
    /// own, [`KING_SHIELD`] per pawn next to its king and [`KING_ATTACK`] per attack on
    /// the enemy king's surroundings; middlegame and endgame sums are blended by the
    /// non-pawn material left ([`FULL_PHASE_MATERIAL`]).
    pub fn evaluate<T: Tables>(&self, side: Color, tables: &EvalTables) -> i32 {
        let occ = self.occupied();
        let mut mg = 0i32;
        let mut eg = 0i32;
        let mut npm = 0i32;
        for color in Color::ALL {
            let ci = color.index();
            let sign = if color == side { 1 } else { -1 };
            let (mut m, mut e) = (0i32, 0i32);
            for role in Role::ALL {
                let r = role.index();
                let cells = self.pieces(color, role);
                if role != Role::Pawn && role != Role::King {
                    npm += piece_value(role) * cells.count() as i32;
                }
                for sq in cells {
                    let s = (sq as usize).min(MAX_CELLS - 1);
                    m += tables.pst[0][ci][r][s] as i32;
                    e += tables.pst[1][ci][r][s] as i32;
                }
            }
            let own = self.occupied_by(color);
            let ek = self.king(!color);
            let zone = if (ek as usize) < N {
                let mut z = T::king(ek);
                z.insert(ek);
                z
            } else {
                crate::Cells::EMPTY
            };
            let mut mobility = 0;
            let mut attacks = 0;
            for sq in self.pieces(color, Role::Knight) {
                let a = T::knight(sq);
                mobility += a.and_not(&own).count();
                attacks += (a & zone).count();
            }
            let q = self.pieces(color, Role::Queen);
            for sq in self.pieces(color, Role::Bishop) | q {
                let a = bishop_attacks::<T>(sq, occ);
                mobility += a.and_not(&own).count();
                attacks += (a & zone).count();
            }
            for sq in self.pieces(color, Role::Rook) | q {
                let a = rook_attacks::<T>(sq, occ);
                mobility += a.and_not(&own).count();
                attacks += (a & zone).count();
            }
            let mob = MOBILITY_WEIGHT * mobility as i32;
            m += mob + KING_ATTACK * attacks as i32;
            e += mob;
            let k = self.king(color);
            if (k as usize) < N {
                let shield = (T::king(k) & self.pieces(color, Role::Pawn)).count() as i32;
                m += KING_SHIELD * shield;
            }
            mg += sign * m;
            eg += sign * e;
        }
        let phase = npm.clamp(0, FULL_PHASE_MATERIAL) * 256 / FULL_PHASE_MATERIAL;
        ((mg * phase + eg * (256 - phase)) / 256).clamp(-100_000, 100_000)
    }
}
