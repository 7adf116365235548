//! A static evaluation for the engine (not a rule): material plus mobility.

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
