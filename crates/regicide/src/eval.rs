//! Static evaluation (not a rule) and the text diagram.
//!
//! The evaluation is documented in `docs/rules/regicide.md`, section 11 ("not a rule:
//! engine evaluation"): material, piece-square terms (pieces toward the middle of their
//! front, pawns toward promotion, princes at home) and a pawn shield next to each prince that
//! counts more the fewer princes are left. No mobility term: counting legal sub-moves at
//! every evaluation cost more than it told.

use std::sync::OnceLock;

use fairy_kernel::Color;

use crate::generated::tables::PRINCE;
use crate::position::Position;
use crate::tables::{square, FILES, RANKS, SQUARES};
use crate::Role;

/// Material values in centipawns, indexed by [`Role`]: prince 1500, queen 900, rook 500,
/// bishop 320, knight 300, pawn 100 (documented in `docs/rules/regicide.md`, section 11).
pub const PIECE_VALUES: [i32; 6] = [1500, 900, 500, 320, 300, 100];

/// Centipawns per step of a knight toward the middle of its front (files d-e of the
/// front, ranks 6-7), counted as 5 minus the larger of the file and rank distances.
pub const KNIGHT_CENTRE: i32 = 6;

/// Centipawns per step of a bishop toward the middle of its front (as [`KNIGHT_CENTRE`]).
pub const BISHOP_CENTRE: i32 = 3;

/// Centipawns per step of a queen toward the middle of its front (as [`KNIGHT_CENTRE`]).
pub const QUEEN_CENTRE: i32 = 2;

/// Bonus of a pawn by the number of ranks it stands from its own back rank (1..=10; a
/// pawn starts 1 to 3 ranks out and promotes on the 11th).
pub const PAWN_ADVANCE: [i32; 12] = [0, 0, 0, 0, 6, 12, 20, 30, 45, 65, 90, 0];

/// Centipawns lost per rank a prince stands away from its own back rank.
pub const PRINCE_ADVANCE: i32 = 10;

/// Centipawns per own pawn or piece on a square next to a prince, multiplied by
/// [`SHIELD_SCALE`] for the number of the side's princes.
pub const SHIELD_WEIGHT: i32 = 4;

/// The multiplier of [`SHIELD_WEIGHT`] by the number of the side's princes (index 0..=3):
/// the last prince's shelter counts three times as much as one of three.
pub const SHIELD_SCALE: [i32; 4] = [0, 3, 2, 1];

/// The mirror image of a square for the other colour: the same file, the rank counted
/// from the other side (White's back rank 12 maps to Black's back rank 1).
#[inline]
pub(crate) const fn mirror(sq: u16) -> u16 {
    square(sq % FILES, RANKS - 1 - sq / FILES)
}

/// Piece-square bonuses for White, indexed by role and square; Black's are
/// [`mirror`]ed.
fn white_psqt() -> &'static [[i16; SQUARES]; 6] {
    static TABLE: OnceLock<[[i16; SQUARES]; 6]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0i16; SQUARES]; 6];
        for sq in 0..SQUARES as u16 {
            let (file, rank) = (sq % FILES, sq / FILES);
            // White advances toward rank 1 (index 0); its back rank is index 11.
            let advance = (RANKS - 1 - rank) as usize;
            let f = (file % 8) as i32;
            let df = (2 * f - 7).abs() / 2; // 0 on d/e of the front, 3 on a/h
            let dr = (2 * rank as i32 - 11).abs() / 2; // 0 on ranks 6/7, 5 on 1/12
            let centre = 5 - df.max(dr);
            let s = sq as usize;
            t[Role::Knight as usize][s] = (KNIGHT_CENTRE * centre) as i16;
            t[Role::Bishop as usize][s] = (BISHOP_CENTRE * centre) as i16;
            t[Role::Queen as usize][s] = (QUEEN_CENTRE * centre) as i16;
            t[Role::Pawn as usize][s] = PAWN_ADVANCE[advance] as i16;
            t[Role::Prince as usize][s] = (-PRINCE_ADVANCE * advance as i32) as i16;
        }
        t
    })
}

impl Position {
    /// The static score of `color`: material, piece-square terms and prince shelter.
    fn side_score(&self, color: Color, psqt: &[[i16; SQUARES]; 6]) -> i32 {
        let own = self.by_color[color.index()];
        let mut score = 0;
        for role in Role::ALL {
            let set = self.by_role[role as usize] & own;
            score += set.count() as i32 * PIECE_VALUES[role as usize];
            let table = &psqt[role as usize];
            for sq in set.iter() {
                let s = match color {
                    Color::White => sq,
                    Color::Black => mirror(sq),
                };
                score += table[s as usize] as i32;
            }
        }
        let princes = self.by_role[Role::Prince as usize] & own;
        let weight = SHIELD_WEIGHT * SHIELD_SCALE[princes.count().min(3) as usize];
        if weight != 0 {
            for p in princes.iter() {
                let near = PRINCE[p as usize]
                    .iter()
                    .filter(|&&t| own.contains(t))
                    .count() as i32;
                score += weight * near;
            }
        }
        score
    }

    /// The static terms of the side to move minus the opponent's (material, piece-square,
    /// prince shelter; docs/rules/regicide.md, section 11).
    pub(crate) fn evaluation(&self) -> i32 {
        let psqt = white_psqt();
        let score = self.side_score(self.side, psqt) - self.side_score(!self.side, psqt);
        score.clamp(-100_000, 100_000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{code, decode};
    use fairy_kernel::Game;

    /// The colour-mirrored position: ranks flipped, colours swapped, the other side to
    /// move on the same front.
    fn mirrored(p: &Position) -> Position {
        let mut m = Position::empty();
        for sq in 0..SQUARES as u16 {
            let c = p.board[sq as usize];
            if c != 0 {
                let pc = decode(c);
                m.put(mirror(sq), code(!pc.color, pc.role));
            }
        }
        for sq in p.moved.iter() {
            m.moved.insert(mirror(sq));
        }
        for sq in p.ep.iter() {
            m.ep.insert(mirror(sq));
        }
        for sq in p.moved_pawns.iter() {
            m.moved_pawns.insert(mirror(sq));
        }
        m.castling = (p.castling >> 6) | ((p.castling & 0x3f) << 6);
        m.side = !p.side;
        m.front = p.front;
        m
    }

    fn with(pieces: &[(u16, Color, Role)], side: Color) -> Position {
        let mut p = Position::empty();
        for &(sq, c, r) in pieces {
            p.put(sq, code(c, r));
        }
        p.side = side;
        p
    }

    #[test]
    fn colour_mirror_scores_the_same() {
        let mut pos = Position::start(());
        let mut n = 0;
        for i in 0..40usize {
            let mut moves = crate::MoveList::new();
            pos.list_moves(&mut moves);
            let list: Vec<_> = moves.into_iter().collect();
            if list.is_empty() {
                break;
            }
            pos.play(list[(i * 7 + 3) % list.len()]);
            let m = mirrored(&pos);
            assert_eq!(pos.evaluation(), m.evaluation(), "{pos:?}");
            n += 1;
        }
        assert!(n > 10);
    }

    #[test]
    fn centralised_knight_beats_rim_knight() {
        let princes = [
            (square(3, 11), Color::White, Role::Prince),
            (square(3, 0), Color::Black, Role::Prince),
        ];
        let mut centre = princes.to_vec();
        centre.push((square(4, 6), Color::White, Role::Knight));
        let mut rim = princes.to_vec();
        rim.push((square(8, 10), Color::White, Role::Knight));
        let (c, r) = (with(&centre, Color::Black), with(&rim, Color::Black));
        // Black to move: lower is better for White.
        assert!(
            c.side_score(Color::White, white_psqt()) > r.side_score(Color::White, white_psqt())
        );
        assert!(c.evaluation() < r.evaluation());
    }

    #[test]
    fn advanced_pawn_beats_home_pawn() {
        let base = [
            (square(3, 11), Color::White, Role::Prince),
            (square(3, 0), Color::Black, Role::Prince),
        ];
        let score = |pawn_sq: u16, color: Color| {
            let mut v = base.to_vec();
            v.push((pawn_sq, color, Role::Pawn));
            with(&v, color).side_score(color, white_psqt())
        };
        // White pawns advance toward rank 1, Black's toward rank 12.
        assert!(score(square(12, 2), Color::White) > score(square(12, 8), Color::White));
        assert!(score(square(12, 9), Color::Black) > score(square(12, 3), Color::Black));
    }

    #[test]
    fn sheltered_last_prince_beats_bare_one() {
        let bare = [
            (square(11, 11), Color::White, Role::Prince),
            (square(3, 0), Color::Black, Role::Prince),
            (square(20, 10), Color::White, Role::Pawn),
        ];
        let shelter = [
            (square(11, 11), Color::White, Role::Prince),
            (square(3, 0), Color::Black, Role::Prince),
            (square(11, 10), Color::White, Role::Pawn),
        ];
        let a = with(&bare, Color::White).side_score(Color::White, white_psqt());
        let b = with(&shelter, Color::White).side_score(Color::White, white_psqt());
        assert!(b > a, "{b} <= {a}");
    }

    #[test]
    fn prince_at_home_beats_wandering_prince() {
        let home = with(&[(square(3, 11), Color::White, Role::Prince)], Color::White);
        let away = with(&[(square(3, 6), Color::White, Role::Prince)], Color::White);
        let t = white_psqt();
        assert!(home.side_score(Color::White, t) > away.side_score(Color::White, t));
    }

    #[test]
    fn start_position_is_balanced_and_bounded() {
        let p = Position::start(());
        let material_and_psqt =
            p.side_score(Color::White, white_psqt()) - p.side_score(Color::Black, white_psqt());
        assert_eq!(material_and_psqt, 0);
        assert!(p.evaluation().abs() < 1000);
    }
}
