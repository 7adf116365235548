//! Attack detection on the mailbox: is a square attacked by a side's pieces other than
//! princes (ruling R13: princes never threaten princes and give no check, R6).

use fairy_kernel::Color;

use crate::generated::tables::{BLACK_PAWN_CAPTURES, KNIGHT, RAYS, WHITE_PAWN_CAPTURES};
use crate::position::{code, EMPTY};
use crate::tables::SQUARES;
use crate::Role;

/// Whether `sq` is attacked on `board` by a knight, pawn, bishop, rook or queen of `by`.
#[inline]
pub(crate) fn attacked(board: &[u8; SQUARES], sq: u16, by: Color) -> bool {
    let s = sq as usize;
    let knight = code(by, Role::Knight);
    if KNIGHT[s].iter().any(|&t| board[t as usize] == knight) {
        return true;
    }
    // A pawn of `by` attacks `sq` from the squares an opposite pawn on `sq` would capture.
    let pawn = code(by, Role::Pawn);
    let from = match by {
        Color::White => BLACK_PAWN_CAPTURES[s],
        Color::Black => WHITE_PAWN_CAPTURES[s],
    };
    if from.iter().any(|&t| board[t as usize] == pawn) {
        return true;
    }
    let queen = code(by, Role::Queen);
    let rook = code(by, Role::Rook);
    let bishop = code(by, Role::Bishop);
    for (d, ray) in RAYS[s].iter().enumerate() {
        let line = if d < 4 { rook } else { bishop };
        for &t in ray.iter() {
            let c = board[t as usize];
            if c != EMPTY {
                if c == queen || c == line {
                    return true;
                }
                break;
            }
        }
    }
    false
}
