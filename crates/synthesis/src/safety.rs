//! King safety for the quiet path of the move generator, computed once per node: whether a
//! king is attacked, the pins of the side to move, and an attacked-square test that stops
//! at the first attacker. Sliders are found on empty-board rays and confirmed with
//! `between`, without magic lookups (docs/rules/synthesis.md 2.3: orthodox capture
//! geometry in every mode).

use crate::attacks::{
    bb, between, bishop_rays, king_attacks, knight_attacks, pawn_attacks, rook_rays,
};
use crate::position::Position;
use crate::types::{Role, Sq};
use crate::Color;

/// The pieces of the side to move pinned to its king on `king`, and the union of their pin
/// rays (from the king to each pinning slider, the slider included).
pub(crate) struct Pins {
    /// The pinned pieces.
    pub(crate) pinned: u64,
    rays: u64,
    king: Sq,
}

impl Pins {
    /// The squares the pinned piece on `from` may reach: its pin ray. It is the union of
    /// the pin rays on the line through the king and `from`; a pin ray on the far side of
    /// the king is behind the king, which no move of the piece can pass.
    #[inline(always)]
    pub(crate) fn ray(&self, from: Sq) -> u64 {
        let k = self.king;
        let line = if rook_rays(k) & bb(from) != 0 {
            rook_rays(k) & rook_rays(from)
        } else {
            bishop_rays(k) & bishop_rays(from)
        };
        self.rays & line
    }
}

/// The sliders of `by` standing on an empty-board line of `sq` that matches their move.
#[inline(always)]
fn snipers(pos: &Position, sq: Sq, by: Color) -> u64 {
    let queens = pos.by_role[Role::Queen.index()];
    let diag = pos.by_role[Role::Bishop.index()] | queens;
    let orth = pos.by_role[Role::Rook.index()] | queens;
    pos.by_color[by.index()] & ((bishop_rays(sq) & diag) | (rook_rays(sq) & orth))
}

/// Whether a pawn, knight or king of `by` attacks `sq`.
#[inline(always)]
fn contact_attacked(pos: &Position, sq: Sq, by: Color) -> bool {
    let r = &pos.by_role;
    pos.by_color[by.index()]
        & ((pawn_attacks(!by, sq) & r[Role::Pawn.index()])
            | (knight_attacks(sq) & r[Role::Knight.index()])
            | (king_attacks(sq) & r[Role::King.index()]))
        != 0
}

/// Whether `by` attacks `sq` with occupancy `occ`; the same answer as
/// `pos.attackers_sq(sq, by, occ) != 0`.
#[inline(always)]
pub(crate) fn attacked(pos: &Position, sq: Sq, by: Color, occ: u64) -> bool {
    if contact_attacked(pos, sq, by) {
        return true;
    }
    sliders_attack(pos, sq, by, occ)
}

/// Whether a bishop, rook or queen of `by` attacks `sq` with occupancy `occ`.
#[inline(always)]
pub(crate) fn sliders_attack(pos: &Position, sq: Sq, by: Color, occ: u64) -> bool {
    let mut s = snipers(pos, sq, by);
    while s != 0 {
        let from = s.trailing_zeros() as Sq;
        s &= s - 1;
        if between(sq, from) & occ == 0 {
            return true;
        }
    }
    false
}

/// The pins of `us`, whose king is on `k`, or `None` if that king is attacked.
#[inline(always)]
pub(crate) fn pins_unless_checked(pos: &Position, k: Sq, us: Color, occ: u64) -> Option<Pins> {
    let them = !us;
    if contact_attacked(pos, k, them) {
        return None;
    }
    let ours = pos.by_color[us.index()];
    let mut pins = Pins {
        pinned: 0,
        rays: 0,
        king: k,
    };
    let mut s = snipers(pos, k, them);
    while s != 0 {
        let from = s.trailing_zeros() as Sq;
        s &= s - 1;
        let b = between(k, from) & occ;
        if b == 0 {
            return None;
        }
        if b & (b - 1) == 0 && b & ours != 0 {
            pins.pinned |= b;
            pins.rays |= between(k, from) | bb(from);
        }
    }
    Some(pins)
}
