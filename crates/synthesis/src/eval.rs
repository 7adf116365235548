//! The engine's static evaluation (not a rule: engine evaluation; docs/rules/synthesis.md
//! section 10 lists the terms and weights).
//!
//! One pass over the pieces of each side, with precomputed tables only: material with
//! mode-aware values, piece-square terms (knights and bishops toward the centre, pawns
//! toward promotion), mobility (squares attacked by capture geometry), and king safety
//! (enemy attacks on the squares around the king, own pawns in front of it).

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::game::MOBILITY_WEIGHT;
use crate::types::{Mode, Role, Sq};
use crate::{Color, Position};

/// Centralisation table (White's view, `a1` = index 0): 0 on the rim up to 3 on the four
/// centre squares (Chebyshev rings).
const RING: [i32; 64] = {
    let mut t = [0i32; 64];
    let mut s = 0;
    while s < 64 {
        let f = (s % 8) as i32;
        let r = (s / 8) as i32;
        let df = if f < 4 { f } else { 7 - f };
        let dr = if r < 4 { r } else { 7 - r };
        t[s] = if df < dr { df } else { dr };
        s += 1;
    }
    t
};

/// Centipawns per centralisation ring for a knight.
pub const KNIGHT_CENTRE: i32 = 8;
/// Centipawns per centralisation ring for a bishop.
pub const BISHOP_CENTRE: i32 = 4;
/// Pawn advancement bonus by rank counted from the pawn's own side (rank 2 = index 1 ..
/// rank 7 = index 6).
pub const PAWN_ADVANCE: [i32; 8] = [0, 0, 4, 10, 20, 35, 60, 0];
/// Extra advancement for the centre files (d, e) on ranks 3 to 5 (from the pawn's side).
pub const PAWN_CENTRE: i32 = 8;
/// Centipawns per square next to the king (or the king's square) attacked by the enemy.
pub const KING_ZONE_ATTACK: i32 = 10;
/// Centipawns per own pawn on the three squares in front of the king.
pub const KING_SHIELD: i32 = 10;

/// Piece-square bonuses by role (White's view, `a1` = 0; Black's squares are mirrored by
/// rank): knights [`KNIGHT_CENTRE`] and bishops [`BISHOP_CENTRE`] per [`RING`] step toward
/// the centre, pawns [`PAWN_ADVANCE`] by rank plus [`PAWN_CENTRE`] on d/e files of ranks 3-5.
const PST: [[i32; 64]; 6] = {
    let mut t = [[0i32; 64]; 6];
    let mut s = 0;
    while s < 64 {
        let (f, r) = (s % 8, s / 8);
        t[Role::Pawn as usize][s] = PAWN_ADVANCE[r]
            + if (f == 3 || f == 4) && r >= 2 && r <= 4 {
                PAWN_CENTRE
            } else {
                0
            };
        t[Role::Knight as usize][s] = KNIGHT_CENTRE * RING[s];
        t[Role::Bishop as usize][s] = BISHOP_CENTRE * RING[s];
        s += 1;
    }
    t
};

/// Material value of `role` for a side in `mode` (not a rule: engine evaluation). A
/// BEREFT side's rooks and bishops make non-captures of one step only (seed §3.1, §3.2),
/// so they are worth less than their orthodox value.
#[inline]
pub fn mode_value(role: Role, mode: Mode) -> i32 {
    match (mode, role) {
        (Mode::Bereft(_), Role::Rook) => 400,
        (Mode::Bereft(_), Role::Bishop) => 260,
        _ => role.value(),
    }
}

/// The score of one side (White's or Black's own view), without the opponent's part.
#[inline]
fn side_score(pos: &Position, c: Color) -> i32 {
    let occ = pos.occupied();
    let own = pos.color_bb(c);
    let mode = pos.mode(c);
    let enemy_king = pos.king_sq(!c);
    let enemy_zone = enemy_king.map_or(0, |k| king_attacks(k) | (1u64 << k));
    // Index into the White-view tables: mirror ranks for Black.
    let flip: u8 = match c {
        Color::White => 0,
        Color::Black => 56,
    };
    let mut score = 0;
    let own_pawns = pos.pieces(c, Role::Pawn);
    let mut mobility = 0;
    let mut zone = 0;
    for r in Role::ALL {
        let mut b = pos.pieces(c, r);
        score += mode_value(r, mode) * b.count_ones() as i32;
        while b != 0 {
            let s = b.trailing_zeros() as Sq;
            b &= b - 1;
            score += PST[r.index()][(s ^ flip) as usize];
            let att = match r {
                Role::Pawn => pawn_attacks(c, s),
                Role::Knight => knight_attacks(s),
                Role::Bishop => bishop_attacks(s, occ),
                Role::Rook => rook_attacks(s, occ),
                Role::Queen => bishop_attacks(s, occ) | rook_attacks(s, occ),
                Role::King => king_attacks(s),
            };
            mobility += (att & !own).count_ones() as i32;
            zone += (att & enemy_zone).count_ones() as i32;
        }
    }
    // King shield: own pawns on the three squares in front of the king.
    if let Some(k) = pos.king_sq(c) {
        let rank = u32::from(k / 8);
        let rows = match c {
            Color::White if rank < 7 => !0u64 << (8 * (rank + 1)),
            Color::Black => (1u64 << (8 * rank)) - 1,
            Color::White => 0,
        };
        let front = king_attacks(k) & rows;
        score += KING_SHIELD * (front & own_pawns).count_ones() as i32;
    }
    score + MOBILITY_WEIGHT * mobility + KING_ZONE_ATTACK * zone
}

/// Static evaluation in centipawns from the side to move's view (not a rule: engine
/// evaluation; the terms are listed in docs/rules/synthesis.md section 10).
pub fn evaluate(pos: &Position) -> i32 {
    let s = side_score(pos, pos.side_to_move()) - side_score(pos, !pos.side_to_move());
    s.clamp(-100_000, 100_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::read_notation(fen).unwrap()
    }

    /// The colour-mirrored notation: ranks flipped, colours and side swapped, latched
    /// states swapped (castling and en passant must be `-` in the inputs used here).
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split(' ').collect();
        let board = fairy_testkit::text_checks::mirror_rows(f[0]);
        let side = if f[1] == "w" { "b" } else { "w" };
        let mut out = format!("{} {side} - - 0 1", board);
        if let Some(st) = f.get(6) {
            let (w, b) = st.split_once('/').unwrap();
            out.push_str(&format!(" {b}/{w}"));
        }
        out
    }

    fn symmetric(fen: &str) {
        let p = pos(fen);
        let m = pos(&mirror(fen));
        assert_eq!(evaluate(&p), evaluate(&m), "{fen} vs {}", mirror(fen));
    }

    #[test]
    fn colour_mirrored_positions_score_the_same() {
        symmetric("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1");
        symmetric("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 0 1");
        symmetric("rnbqkbnr/pppp1p1p/8/4p2p/4P3/2N5/PPPP1PPP/R1B1KBNR w - - 0 4 B32/-");
        symmetric("6k1/8/8/8/8/3Q4/6r1/K5B1 b - - 0 1");
        symmetric("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(evaluate(&pos(crate::START)), 0);
    }

    #[test]
    fn centralised_knight_beats_rim_knight() {
        let centre = pos("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
        let rim = pos("4k3/8/8/8/N7/8/8/4K3 w - - 0 1");
        assert!(evaluate(&centre) > evaluate(&rim));
    }

    #[test]
    fn advanced_pawn_beats_home_pawn() {
        let adv = pos("4k3/8/P7/8/8/8/8/4K3 w - - 0 1");
        let home = pos("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        assert!(evaluate(&adv) > evaluate(&home));
    }

    #[test]
    fn bereft_rooks_are_worth_less() {
        // Same placement; White BEREFT (queen captured away from home) or CLASSIC-HOME (H).
        let bereft = pos("4k3/8/8/8/8/8/8/R3K2R w - - 0 1 B32/H");
        let home = pos("4k3/8/8/8/8/8/8/R3K2R w - - 0 1 H/H");
        assert!(evaluate(&home) > evaluate(&bereft));
    }

    #[test]
    fn attacks_next_to_the_king_count_against_it() {
        // The black rook on the second rank eyes the squares around the white king.
        let near = pos("4k3/8/8/8/8/8/3r4/6K1 w - - 0 1 H/H");
        let far = pos("4k3/3r4/8/8/8/8/8/6K1 w - - 0 1 H/H");
        assert!(evaluate(&far) > evaluate(&near));
    }

    #[test]
    fn pawn_shield_counts() {
        let shield = pos("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1 H/H");
        let bare = pos("6k1/8/8/8/8/5PPP/8/6K1 w - - 0 1 H/H");
        // Advancing the pawns gains advancement (3 * 4) but loses the shield (3 * 10).
        assert!(evaluate(&shield) > evaluate(&bare));
    }
}
