//! The engine's static evaluation (not a rule: docs/rules/chess-t.md §11 lists the terms and
//! weights).
//!
//! Everything is counted from White's view and negated for Black to move:
//!
//! - material and piece-square terms, one precomputed table per rule set, colour and kind
//!   ([`piece_square`]): centralisation of the Konnet, Prince, Ritter and Scout, the advance
//!   of Knechts and Ver Knechts toward promotion;
//! - castle defence: a bonus by the number of own royal pieces standing in the own castle
//!   (with none there, any enemy royal piece that steps in wins by castle capture, T7);
//! - castle attack: own Princes and Konnets close to the enemy castle, worth more the fewer
//!   royal defenders it holds;
//! - mobility: 2 per cell a piece's lines reach that holds no own piece (a pseudo-legal
//!   count from the move tables, without the strength test of a capture), far cheaper than
//!   generating both sides' legal moves.

use std::sync::OnceLock;

use fairy_kernel::Color;

use crate::game::piece_value;
use crate::position::Position;
use crate::ruleset::{Role, Variant};
use crate::tables::{MAX_CELLS, NO_CELL};

/// Centralisation weight per kind (index [`Role::index`]), multiplied by the cell's
/// centrality (0 on a corner, up to 7 in the centre).
const CENTRE: [i32; 7] = [0, 3, 3, 3, 0, 0, 4];

/// Bonus of a Knecht by its rank counted from its own side (0 = own back rank); a Knecht
/// becomes a Ver Knecht on arriving at the sixth rank, so the table stops at the fifth.
const KNECHT_ADVANCE: [i32; 8] = [0, 0, 4, 8, 14, 20, 20, 20];

/// Bonus of a Ver Knecht by its rank counted from its own side; on the enemy back rank it
/// promotes (to a royal piece if it steps forward into the free enemy castle, T8).
const VER_KNECHT_ADVANCE: [i32; 8] = [0, 0, 4, 8, 14, 24, 40, 40];

/// Bonus by the number of own royal pieces in the own castle (4 or more: the last entry).
const CASTLE_DEFENCE: [i32; 5] = [0, 70, 100, 115, 125];

/// Bonus of an own Prince or Konnet by its distance (king steps) to the nearest enemy
/// castle cell: 0 = standing in it.
const CASTLE_ATTACK: [i32; 8] = [30, 20, 12, 6, 3, 1, 0, 0];

/// How much [`CASTLE_ATTACK`] counts by the number of royal defenders in the enemy castle
/// (in quarters): an empty castle is the most dangerous.
const ATTACK_SCALE: [i32; 5] = [12, 6, 4, 3, 2];

/// Mobility weight per reachable cell.
const MOBILITY: i32 = 2;

/// Precomputed tables of one rule set.
struct EvalTables {
    /// Material plus piece-square bonus per colour, kind and cell, from that colour's view.
    psq: [[[i32; MAX_CELLS]; 7]; 2],
    /// King-step distance from each cell to the nearest castle cell of each colour.
    castle_dist: [[u8; MAX_CELLS]; 2],
}

/// The cell's centrality: 7 in the centre down to 0 on a corner.
fn centrality(files: u16, ranks: u16, cell: u16) -> i32 {
    let (f, r) = ((cell % files) as i32, (cell / files) as i32);
    let df = (2 * f - (files as i32 - 1)).abs();
    let dr = (2 * r - (ranks as i32 - 1)).abs();
    let span = files as i32 - 1 + ranks as i32 - 1;
    // df + dr runs from 0 or 1 (centre) to span (corner).
    (span - df - dr) * 7 / span.max(1)
}

/// Material plus piece-square bonus of a `color` piece of `kind` on `cell`, from that
/// colour's view, on a board of `files` x `ranks`.
pub fn piece_square(files: u16, ranks: u16, color: Color, kind: Role, cell: u16) -> i32 {
    let rank = cell / files;
    let rel = if color == Color::White {
        rank
    } else {
        ranks - 1 - rank
    } as usize;
    let rel = rel.min(7);
    let mut v = piece_value(kind) + CENTRE[kind.index()] * centrality(files, ranks, cell);
    match kind {
        Role::Knecht => v += KNECHT_ADVANCE[rel],
        Role::VerKnecht => v += VER_KNECHT_ADVANCE[rel],
        _ => {}
    }
    v
}

fn build(variant: Variant) -> EvalTables {
    let rules = variant.rules();
    let (files, ranks) = (rules.files as u16, rules.ranks as u16);
    let n = files * ranks;
    let mut psq = [[[0; MAX_CELLS]; 7]; 2];
    for color in Color::ALL {
        for kind in Role::ALL {
            for cell in 0..n {
                psq[color.index()][kind.index()][cell as usize] =
                    piece_square(files, ranks, color, kind, cell);
            }
        }
    }
    let mut castle_dist = [[u8::MAX; MAX_CELLS]; 2];
    for (c, dist) in castle_dist.iter_mut().enumerate() {
        let castle = rules.tables.castle[c];
        for cell in 0..n {
            let (f, r) = ((cell % files) as i32, (cell / files) as i32);
            let mut best = u8::MAX;
            for k in 0..n {
                if castle >> k & 1 != 0 {
                    let (kf, kr) = ((k % files) as i32, (k / files) as i32);
                    let d = (f - kf).abs().max((r - kr).abs()) as u8;
                    best = best.min(d);
                }
            }
            dist[cell as usize] = best;
        }
    }
    EvalTables { psq, castle_dist }
}

fn tables(variant: Variant) -> &'static EvalTables {
    static T: [OnceLock<EvalTables>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let i = match variant {
        Variant::ChessT => 0,
        Variant::ChessT2 => 1,
        Variant::ChessT1 => 2,
    };
    T[i].get_or_init(|| build(variant))
}

/// Iterates the set bits of a mask as cell indices.
#[inline]
fn cells(mut m: u128) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let s = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(s)
        }
    })
}

/// The terms of one colour, from that colour's view.
#[inline]
fn side_score(p: &Position, et: &EvalTables, c: usize) -> i32 {
    let tb = p.t;
    let own = p.colors[c];
    let enemy = p.colors[1 - c];
    let occ = own | enemy;
    let castles = tb.castle[0] | tb.castle[1];
    let eimp = if p.imp[1 - c] == NO_CELL {
        0
    } else {
        1u128 << p.imp[1 - c]
    };
    let free = tb.board[0] & !own & !eimp;
    let mut score = 0;
    let psq = &et.psq[c];
    for kind in Role::ALL {
        let set = own & p.kinds[kind.index()];
        for s in cells(set) {
            score += psq[kind.index()][s];
        }
    }
    // Mobility (pseudo-legal reach).
    let mut reach = 0u32;
    for s in cells(own & p.kinds[Role::Ritter.index()]) {
        reach += (tb.ritter[s] & free & !castles).count_ones();
    }
    for s in cells(own & p.kinds[Role::Scout.index()]) {
        reach += (tb.knight[s] & free & !(castles & !enemy)).count_ones();
    }
    for s in cells(own & p.kinds[Role::King.index()]) {
        reach += (tb.king[s] & free).count_ones();
    }
    let konnets = own & p.kinds[Role::Konnet.index()];
    let princes = own & p.kinds[Role::Prince.index()];
    for s in cells(konnets | princes) {
        let orth = if konnets >> s & 1 != 0 {
            tb.konnet_orth[s]
        } else {
            tb.orth1[s]
        };
        let mut t = orth & free;
        for ray in &tb.diagonal[s] {
            for &q in ray {
                if q == NO_CELL || (own | eimp) >> q & 1 != 0 {
                    break;
                }
                t |= 1u128 << q;
                if occ >> q & 1 != 0 {
                    break;
                }
            }
        }
        reach += t.count_ones();
    }
    score += MOBILITY * reach as i32;
    // Castle defence and attack.
    let royal = p.royal();
    let defenders = (royal & own & tb.castle[c]).count_ones() as usize;
    score += CASTLE_DEFENCE[defenders.min(4)];
    let enemy_defenders = (royal & enemy & tb.castle[1 - c]).count_ones() as usize;
    let scale = ATTACK_SCALE[enemy_defenders.min(4)];
    let mut attack = 0;
    for s in cells(konnets | princes) {
        let d = et.castle_dist[1 - c][s] as usize;
        attack += CASTLE_ATTACK[d.min(7)];
    }
    score += attack * scale / 4;
    score
}

/// The evaluation of `p` from the side to move's view (see the module documentation).
pub fn evaluate(p: &Position) -> i32 {
    let et = tables(p.variant);
    let white = side_score(p, et, 0) - side_score(p, et, 1);
    let score = if p.side == Color::White {
        white
    } else {
        -white
    };
    score.clamp(-100_000, 100_000)
}
