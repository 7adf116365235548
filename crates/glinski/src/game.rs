//! Gliński's part of the [`Game`] implementation (outcome, captures; the rest is
//! fairy-hexchess's `hex_game!` at the crate root), drawings and evaluation.

use crate::generated::tables::PAWN_PUSH;
use fairy_kernel::presentation::{MoveFlags, MoveRecord};
use fairy_kernel::{Game, Heuristics, Outcome, Reason};

use crate::movegen::Tables;
use crate::position::Position;
use crate::types::{Move, MoveKind};

/// Capacity of [`crate::MoveList`]. No position has more legal moves: a side has at most
/// 10 queens (the original and 9 promoted pawns, 42 targets at best, from the centre), 2
/// rooks (30), 3 bishops (12), 2 knights (12) and the king (12): 552; a pawn that could
/// promote (at most 3 targets, 12 moves) stands where a queen would count more.
pub const MAX_MOVES: usize = 560;

/// The start position (docs/rules/glinski.md §2) in the notation of §5.1.
pub const START: &str =
    "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1";

pub use fairy_hexchess::piece_value;

impl Position {
    /// Checkmate wins (§4.2); stalemate wins for the side that delivered it
    /// ([`Reason::StalemateWin`], scored 3/4 : 1/4 by Gliński's rules, §4.3).
    pub(crate) fn rules_outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() != 0 {
            return None;
        }
        Some(Outcome::Win {
            winner: !self.core.side,
            reason: if self.in_check(self.core.side) {
                Reason::Checkmate
            } else {
                Reason::StalemateWin
            },
        })
    }

    /// Whether `mv` takes a piece: en passant, or a move onto an enemy piece.
    pub(crate) fn takes(&self, mv: Move) -> bool {
        mv.kind() == MoveKind::EnPassant || self.occupied_by(!self.core.side).contains(mv.target())
    }
}

/// What the shared `Presentation` (fairy-hexchess's `hex_game!`) asks of the variant.
impl Position {
    /// En passant names the captured pawn's cell, one step behind the skipped cell the
    /// pawn lands on (§3.6(d)).
    pub(crate) fn record(&self, mv: Move) -> MoveRecord {
        let (from, to) = (mv.origin(), mv.target());
        let mut r = MoveRecord::new(self.format_move(mv), from, to);
        match mv.kind() {
            MoveKind::EnPassant => {
                let victim = PAWN_PUSH[(!self.core.side).index()][to as usize] as u16;
                r = r.capturing(victim).with(MoveFlags::EN_PASSANT);
            }
            MoveKind::DoubleStep => r = r.with(MoveFlags::DOUBLE_STEP),
            MoveKind::Promotion(role) => r = r.promoting(role.upper_char()),
            MoveKind::Normal => {}
        }
        if mv.kind() != MoveKind::EnPassant && self.occupied_by(!self.core.side).contains(to) {
            r = r.capturing(to);
        }
        r
    }
}

impl Heuristics for Position {
    fn evaluate(&self) -> i32 {
        self.core
            .pl
            .evaluate::<Tables>(self.core.side, crate::eval::tables())
    }

    /// The captured piece's value plus a promotion's gain (fairy-hexchess
    /// `Placement::capture_gain`).
    fn capture_gain(&self, mv: Move) -> i32 {
        self.core.pl.capture_gain(
            mv.target(),
            !self.core.side,
            mv.kind() == MoveKind::EnPassant,
            mv.promotion(),
        )
    }

    /// Passes: the en-passant cell lapses, as after any move; not for a side with only its
    /// king and pawns.
    fn play_null(&mut self) -> bool {
        if !self.core.pl.has_officers(self.core.side) {
            return false;
        }
        self.pass();
        true
    }
}
