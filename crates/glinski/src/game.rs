//! The [`Game`] implementation: start position, outcome, notation, hashing, evaluation.

use crate::generated::tables::PAWN_PUSH;
use fairy_kernel::presentation::{MoveFlags, MoveRecord, PieceKind, Presentation};
use fairy_kernel::view::BoardView;
use fairy_kernel::{
    Color, Game, Heuristics, MoveError, Outcome, PositionError, Reason, SquareError,
};

use crate::movegen::{Counter, Lister, Tables};
use crate::notation::{geometry, parse_move, parse_position, write_move, write_position};
use crate::position::Position;
use crate::types::{Move, MoveKind};
use crate::MoveList;

/// Capacity of [`crate::MoveList`]. No position has more legal moves: a side has at most
/// 10 queens (the original and 9 promoted pawns, 42 targets at best, from the centre), 2
/// rooks (30), 3 bishops (12), 2 knights (12) and the king (12): 552; a pawn that could
/// promote (at most 3 targets, 12 moves) stands where a queen would count more.
pub const MAX_MOVES: usize = 560;

/// The start position (docs/rules/glinski.md §2) in the notation of §5.1.
pub const START: &str =
    "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1";

pub use fairy_hexchess::piece_value;

impl Game for Position {
    type Move = Move;
    type MoveList = MoveList;
    type RuleSet = ();

    fn start(_: ()) -> Self {
        parse_position(START).expect("the start position is valid")
    }

    fn rule_set(&self) {}

    fn from_notation(_: (), text: &str) -> Result<Self, PositionError> {
        parse_position(text)
    }

    fn to_notation(&self) -> String {
        write_position(self)
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn is_check(&self) -> bool {
        self.in_check(self.side)
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        self.generate(&mut Lister(moves));
    }

    fn play(&mut self, mv: Move) {
        self.play_move(mv);
    }

    /// Checkmate wins (§4.2); stalemate wins for the side that delivered it
    /// ([`Reason::StalemateWin`], scored 3/4 : 1/4 by Gliński's rules, §4.3); repetition is
    /// decided by [`fairy_kernel::GameRecord`] (ruling G1). No material is declared dead
    /// (§4.4).
    fn outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() != 0 {
            return None;
        }
        Some(Outcome::Win {
            winner: !self.side,
            reason: if self.in_check(self.side) {
                Reason::Checkmate
            } else {
                Reason::StalemateWin
            },
        })
    }

    fn format_move(&self, mv: Move) -> String {
        write_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_move(self, text)
    }

    fn move_origin(&self, mv: Move) -> u16 {
        mv.origin()
    }

    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        fairy_kernel::Geometry::parse_square(geometry(), &text.to_ascii_lowercase())
    }

    fn is_capture(&self, mv: Move) -> bool {
        mv.kind() == MoveKind::EnPassant || self.occupied_by(!self.side).contains(mv.target())
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn count_legal_moves(&self) -> usize {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }
}

/// Drawings, piece names and typed move records (docs/rules/glinski.md).
impl Presentation for Position {
    fn diagram(&self) -> String {
        crate::diagram::draw(self)
    }

    fn board_view(&self) -> Option<BoardView> {
        Some(crate::diagram::view(self))
    }

    /// The six orthodox pieces (docs/rules/glinski.md).
    fn pieces(&self) -> Vec<PieceKind> {
        fairy_hexchess::PIECE_KINDS.to_vec()
    }

    fn square_name(&self, sq: u16) -> String {
        fairy_kernel::Geometry::square_name(geometry(), sq)
    }

    fn cell_count(&self) -> usize {
        fairy_kernel::Geometry::cell_count(geometry())
    }

    /// En passant names the captured pawn's cell, one step behind the skipped cell the
    /// pawn lands on (§3.6(d)).
    fn move_record(&self, mv: Move) -> MoveRecord {
        let (from, to) = (mv.origin(), mv.target());
        let mut r = MoveRecord::new(self.format_move(mv), from, to);
        match mv.kind() {
            MoveKind::EnPassant => {
                let victim = PAWN_PUSH[(!self.side).index()][to as usize] as u16;
                r = r.capturing(victim).with(MoveFlags::EN_PASSANT);
            }
            MoveKind::DoubleStep => r = r.with(MoveFlags::DOUBLE_STEP),
            MoveKind::Promotion(role) => r = r.promoting(role.upper_char()),
            MoveKind::Normal => {}
        }
        if mv.kind() != MoveKind::EnPassant && self.occupied_by(!self.side).contains(to) {
            r = r.capturing(to);
        }
        r
    }
}

impl Heuristics for Position {
    fn evaluate(&self) -> i32 {
        self.pl.evaluate::<Tables>(self.side, crate::eval::tables())
    }

    /// The captured piece's value plus a promotion's gain (fairy-hexchess
    /// `Placement::capture_gain`).
    fn capture_gain(&self, mv: Move) -> i32 {
        self.pl.capture_gain(
            mv.target(),
            !self.side,
            mv.kind() == MoveKind::EnPassant,
            mv.promotion(),
        )
    }

    /// Passes: the en-passant cell lapses, as after any move; not for a side with only its
    /// king and pawns.
    fn play_null(&mut self) -> bool {
        if !self.pl.has_officers(self.side) {
            return false;
        }
        self.pass();
        true
    }
}
