//! The engine's static evaluation (not a rule: engine evaluation; docs/rules/dragonchess.md
//! §10): material, piece-square terms per level, Warrior advancement, weighted mobility and
//! King shelter, in hundredths of a Warrior from the side to move's point of view.

use std::sync::OnceLock;

use fairy_kernel::Color;

use crate::generated::tables as g;
use crate::position::Position;
use crate::tables::Bits;
use crate::types::{cell_file, cell_rank, Role, FILES, LEVEL_SQUARES, RANKS, SQUARES};

/// Centipawns per step of centralisation (files and ranks from the rim, on the piece's own
/// board) for each kind, in [`Role::ALL`] order.
pub const CENTRE_WEIGHT: [i32; 15] = [
    1, // Sylph
    3, // Griffon
    2, // Dragon
    0, // Warrior (see WARRIOR_ADVANCE)
    1, // Oliphant
    4, // Unicorn
    3, // Hero
    2, // Thief
    2, // Cleric
    1, // Mage
    0, // King
    3, // Paladin
    1, // Dwarf
    2, // Basilisk
    3, // Elemental
];

/// Bonus of a Warrior by rank counted from its own side (index 0 = its back rank): the
/// nearer to the last rank, where it becomes a Hero, the more.
pub const WARRIOR_ADVANCE: [i32; 8] = [0, 0, 4, 10, 20, 35, 60, 0];

/// Centipawns per pseudo-legal move for each kind, in [`Role::ALL`] order.
pub const MOBILITY_WEIGHTS: [i32; 15] = [2; 15];

/// Centipawns per own piece on a square the King could step to (its shelter).
pub const SHELTER_WEIGHT: i32 = 6;

/// Centipawns lost per enemy piece in the King's zone (two steps on its board, one step on
/// the boards next to it).
pub const KING_ZONE_ENEMY: i32 = 10;

/// The centre distance of a cell: steps from the nearest rim file plus steps from the
/// nearest rim rank (0 in a corner, 8 in the middle of a board).
const fn centre_steps(sq: u16) -> i32 {
    let f = cell_file(sq);
    let r = cell_rank(sq);
    let cf = if f < FILES - 1 - f { f } else { FILES - 1 - f };
    let cr = if r < RANKS - 1 - r { r } else { RANKS - 1 - r };
    (cf + cr) as i32
}

/// The cell seen from the other side: the same level and file, the rank mirrored.
#[inline]
const fn mirror(sq: u16) -> u16 {
    let level = sq / LEVEL_SQUARES;
    level * LEVEL_SQUARES + (RANKS - 1 - cell_rank(sq)) * FILES + cell_file(sq)
}

/// Piece-square values for Gold, `[kind][cell]`; Scarlet reads the mirrored cell.
static PST: [[i16; SQUARES]; 15] = {
    let mut t = [[0i16; SQUARES]; 15];
    let mut k = 0;
    while k < 15 {
        let mut sq = 0;
        while sq < SQUARES {
            let s = sq as u16;
            let mut v = CENTRE_WEIGHT[k] * centre_steps(s);
            if k == Role::Warrior as usize {
                v += WARRIOR_ADVANCE[cell_rank(s) as usize];
            }
            t[k][sq] = v as i16;
            sq += 1;
        }
        k += 1;
    }
    t
};

/// The King zone of every cell: within two steps on its board, within one step (or
/// directly above/below) on the boards next to it.
fn king_zone() -> &'static [Bits] {
    static ZONE: OnceLock<Vec<Bits>> = OnceLock::new();
    ZONE.get_or_init(|| {
        (0..SQUARES as u16)
            .map(|sq| {
                let (l, f, r) = (
                    (sq / LEVEL_SQUARES) as i32,
                    cell_file(sq) as i32,
                    cell_rank(sq) as i32,
                );
                let mut b = Bits::EMPTY;
                for t in 0..SQUARES as u16 {
                    let (tl, tf, tr) = (
                        (t / LEVEL_SQUARES) as i32,
                        cell_file(t) as i32,
                        cell_rank(t) as i32,
                    );
                    let d = (tf - f).abs().max((tr - r).abs());
                    let reach = if tl == l {
                        2
                    } else if (tl - l).abs() == 1 {
                        1
                    } else {
                        -1
                    };
                    if t != sq && d <= reach {
                        b.insert(t);
                    }
                }
                b
            })
            .collect()
    })
}

/// The piece-square sum of `c`'s pieces.
fn placement(p: &Position, c: Color) -> i32 {
    let mut s = 0;
    for kind in Role::ALL {
        let table = &PST[kind.index()];
        for sq in p.pieces(c, kind).iter() {
            let cell = if c == Color::White { sq } else { mirror(sq) };
            s += table[cell as usize] as i32;
        }
    }
    s
}

/// The material sum of `c`'s pieces ([`Role::value`]).
fn material(p: &Position, c: Color) -> i32 {
    Role::ALL
        .iter()
        .map(|&k| p.pieces(c, k).count() as i32 * k.value())
        .sum()
}

/// King shelter of `c`: own pieces the King could step to, enemy pieces in its zone.
fn king_safety(p: &Position, c: Color) -> i32 {
    let k = p.king_cell(c) as usize;
    if k >= SQUARES {
        return 0;
    }
    let own = p.side_pieces(c);
    let enemy = p.side_pieces(!c);
    SHELTER_WEIGHT * (g::KING[k] & own).count() as i32
        - KING_ZONE_ENEMY * (king_zone()[k] & enemy).count() as i32
}

/// The score of `c`'s side alone (the evaluation is this for the side to move minus this
/// for the other side).
fn side_score(p: &Position, c: Color) -> i32 {
    material(p, c) + placement(p, c) + p.weighted_mobility(c, &MOBILITY_WEIGHTS) + king_safety(p, c)
}

/// The evaluation of [`fairy_kernel::Heuristics::evaluate`]: side to move minus opponent,
/// clamped to +-100000.
pub fn evaluate(p: &Position) -> i32 {
    let us = p.side();
    (side_score(p, us) - side_score(p, !us)).clamp(-100_000, 100_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairy_kernel::Game;

    fn pos(text: &str) -> Position {
        Position::from_notation((), text).expect("valid position")
    }

    /// Swaps the colours and mirrors the ranks of a position in notation: each board's
    /// ranks reversed, letters' case swapped, the side to move swapped.
    fn colour_mirror(text: &str) -> String {
        let mut parts = text.split_whitespace();
        let mut boards = Vec::new();
        let mut rest = Vec::new();
        for w in parts.by_ref() {
            if w == "|" {
                continue;
            }
            if w.contains('/') {
                boards.push(fairy_kernel::text_checks::mirror_rows(w));
            } else {
                rest.push(match w {
                    "g" => "s".to_owned(),
                    "s" => "g".to_owned(),
                    o => o.to_owned(),
                });
            }
        }
        format!("{} {}", boards.join(" | "), rest.join(" "))
    }

    const MIDDLE: &str = "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1 | \
ouhtcmkpthuo/wwww1www1www/4w7/8w3/3W8/12/WWW1WWWWWWWW/OUHTCMKPTHUO | \
2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 3";

    #[test]
    fn start_is_balanced_and_mirror_symmetric() {
        let p = Position::new();
        assert_eq!(evaluate(&p), 0);
        let q = pos(MIDDLE);
        let m = pos(&colour_mirror(MIDDLE));
        assert_eq!(evaluate(&q), evaluate(&m));
        assert_ne!(evaluate(&q), 0);
    }

    #[test]
    fn mirror_symmetry_after_some_moves() {
        let mut p = Position::new();
        for mv in ["3g1-3a7", "2e7-2e6", "2e2-2e3", "3k8-3i5"] {
            p.play_text(mv).expect("legal");
            let text = p.to_notation();
            let m = pos(&colour_mirror(&text));
            assert_eq!(evaluate(&p), evaluate(&m), "{text}");
        }
    }

    #[test]
    fn centralised_unicorn_beats_rim_unicorn() {
        let centre = pos(
            "12/12/12/12/12/12/12/12 | k11/12/12/12/6U5/12/12/11K | 12/12/12/12/12/12/12/12 g 0 1",
        );
        let rim = pos(
            "12/12/12/12/12/12/12/12 | k11/12/12/12/12/12/12/U10K | 12/12/12/12/12/12/12/12 g 0 1",
        );
        assert!(placement(&centre, Color::White) > placement(&rim, Color::White));
        assert!(evaluate(&centre) > evaluate(&rim));
    }

    #[test]
    fn advanced_warrior_beats_home_warrior() {
        let home = pos(
            "12/12/12/12/12/12/12/12 | k11/12/12/12/12/12/5W6/11K | 12/12/12/12/12/12/12/12 g 0 1",
        );
        let far = pos(
            "12/12/12/12/12/12/12/12 | k11/5W6/12/12/12/12/12/11K | 12/12/12/12/12/12/12/12 g 0 1",
        );
        assert!(placement(&far, Color::White) > placement(&home, Color::White));
        // Scarlet's Warrior advances toward rank 1.
        let s_home = pos(
            "12/12/12/12/12/12/12/12 | k11/5w6/12/12/12/12/12/11K | 12/12/12/12/12/12/12/12 s 0 1",
        );
        let s_far = pos(
            "12/12/12/12/12/12/12/12 | k11/12/12/12/12/12/5w6/11K | 12/12/12/12/12/12/12/12 s 0 1",
        );
        assert!(placement(&s_far, Color::Black) > placement(&s_home, Color::Black));
    }

    #[test]
    fn sheltered_king_beats_bare_king() {
        let sheltered = pos(
            "12/12/12/12/12/12/12/12 | k11/12/12/12/12/12/10W1/11K | 12/12/12/12/12/12/12/12 g 0 1",
        );
        let bare = pos(
            "12/12/12/12/12/12/12/12 | k11/12/12/12/12/12/5W6/11K | 12/12/12/12/12/12/12/12 g 0 1",
        );
        assert!(king_safety(&sheltered, Color::White) > king_safety(&bare, Color::White));
    }

    #[test]
    fn enemies_near_the_king_cost() {
        let near = pos(
            "12/12/12/12/12/12/12/12 | k11/12/12/12/12/9c2/12/11K | 12/12/12/12/12/12/12/12 g 0 1",
        );
        let far = pos(
            "12/12/12/12/12/12/12/12 | k11/12/12/12/12/12/12/11K | 12/12/12/12/2c9/12/12/12 g 0 1",
        );
        assert!(king_safety(&near, Color::White) < king_safety(&far, Color::White));
    }

    #[test]
    fn material_counts_and_stays_bounded() {
        let p = Position::new();
        let mut q = p.clone();
        q.play_text("3g1-3a7").expect("legal");
        // Scarlet to move, a Sylph down.
        assert!(evaluate(&q) < 0);
        assert!(evaluate(&q).abs() < 100_000);
        assert_eq!(material(&p, Color::White), material(&p, Color::Black));
    }

    #[test]
    fn king_zone_is_local() {
        let z = king_zone();
        // 2a1 (index 96): on the Ground two steps (3x3 corner area minus itself = 8),
        // one step above and below (4 each).
        assert_eq!(z[96].count(), 8 + 4 + 4);
        assert!(!z[96].contains(96));
    }
}
