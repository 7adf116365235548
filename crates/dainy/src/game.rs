//! Dainy's part of the [`Game`] implementation (outcome, captures; the rest is
//! fairy-hexchess's `hex_game!` at the crate root), drawings and evaluation.

use fairy_kernel::presentation::{MoveFlags, MoveRecord};
use fairy_kernel::{Game, Heuristics, Outcome, Reason};

use crate::movegen::Tables;
use crate::notation::geometry;
use crate::position::Position;
use crate::types::{Move, MoveKind};

/// Capacity of [`crate::MoveList`]. No position has more legal moves: at most 8 queens
/// (39 targets at best on the empty board), 2 rooks (27), 3 bishops (13), 2 knights (12),
/// the king (12) and 2 castlings give 443; a pawn (at most 12 moves with promotions) never
/// adds more than the queen it could become.
pub const MAX_MOVES: usize = 448;

/// The start position (seed §2.3 with ruling H3), in the notation of ruling H6.
pub const START: &str = "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/R2KR w KQkq 0 1";

pub use fairy_hexchess::piece_value;

impl Position {
    /// Whether both sides have nothing but their kings: the only material this crate
    /// declares a dead position (docs/rules/dainy.md §5; a king with a minor piece can
    /// still be mated on this board).
    pub fn bare_kings(&self) -> bool {
        self.occupied().count() == 2
    }
}

impl Position {
    /// Checkmate (a win, seed §4.1(a)), stalemate (a draw, seed §4.2(a)) and the dead
    /// position of bare kings (a draw, seed §4.2(b)).
    pub(crate) fn rules_outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() == 0 {
            return Some(if self.in_check(self.core.side) {
                Outcome::Win {
                    winner: !self.core.side,
                    reason: Reason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: Reason::Stalemate,
                }
            });
        }
        self.bare_kings().then_some(Outcome::Draw {
            reason: Reason::DeadPosition,
        })
    }

    /// Whether `mv` takes a piece: a move other than castling onto an enemy piece.
    pub(crate) fn takes(&self, mv: Move) -> bool {
        !mv.is_castle() && self.occupied_by(!self.core.side).contains(mv.target())
    }
}

/// What the shared `Presentation` (fairy-hexchess's `hex_game!`) asks of the variant.
impl Position {
    /// Castling is recorded as the king's move (ruling H6); there is no en passant
    /// (ruling H4).
    pub(crate) fn record(&self, mv: Move) -> MoveRecord {
        let mut r = MoveRecord::new(self.format_move(mv), mv.origin(), mv.target());
        match mv.kind() {
            MoveKind::Castle => r = r.with(MoveFlags::CASTLING),
            MoveKind::Promotion(role) => r = r.promoting(role.upper_char()),
            MoveKind::Normal => {}
        }
        if mv.kind() != MoveKind::Castle && self.occupied_by(!self.core.side).contains(mv.target())
        {
            r = r.capturing(mv.target());
        }
        r
    }

    /// The hexagon with line a at the bottom (White's side), cells of a line side by side,
    /// in the three cell colours `(line + w) mod 3` of ruling H1.
    pub(crate) fn view(&self) -> fairy_kernel::view::BoardView {
        use fairy_kernel::view::{BoardView, CellShape, PieceView};
        let board = geometry();
        let coords = |sq: u16| board.coords(sq);
        BoardView::hex(
            board,
            CellShape::PointyHexagon,
            vec!["#f4e4c1", "#c9a66b", "#8c6239"],
            // A step to the next line moves half a cell left or right and 0.866 up.
            |sq| {
                let (y, w) = coords(sq);
                (w as f32 - y as f32 / 2.0, (10 - y) as f32 * 0.866)
            },
            |sq| {
                let (y, w) = coords(sq);
                (y as usize + w as usize) % 3
            },
            |sq| {
                self.piece_on(sq).map(|p| PieceView {
                    letter: p.role.upper_char(),
                    color: p.color,
                })
            },
        )
    }
}

impl Heuristics for Position {
    fn evaluate(&self) -> i32 {
        self.core
            .pl
            .evaluate::<Tables>(self.core.side, crate::eval::tables())
    }

    /// The captured piece's value plus a promotion's gain (fairy-hexchess
    /// `Placement::capture_gain`); 0 for castling.
    fn capture_gain(&self, mv: Move) -> i32 {
        if mv.is_castle() {
            return 0;
        }
        self.core
            .pl
            .capture_gain(mv.target(), !self.core.side, false, mv.promotion())
    }

    /// Passes (nothing lapses at the end of a Dainy move); not for a side with only its
    /// king and pawns.
    fn play_null(&mut self) -> bool {
        if !self.core.pl.has_officers(self.core.side) {
            return false;
        }
        self.core.pass();
        true
    }

    /// 150 (docs/rules/dainy.md section 7): a quiet move changes the evaluation's
    /// centralisation, mobility, shelter and king-attack terms by a few dozen at most.
    fn futility_margin(&self) -> Option<i32> {
        Some(150)
    }

    /// True: out of check a Dainy game ends only by stalemate or by the dead position of
    /// bare kings, whose evaluation is about even anyway (checkmate needs check), rules
    /// document sections 5 and 7.
    fn quiet_ends_are_stalemates(&self) -> bool {
        true
    }
}
