//! The kernel's [`Game`] trait for [`Position`], and the end of the game (docs/rules/
//! synthesis.md section 5).

use fairy_kernel::presentation::{
    MoveFlags, MoveRecord, PieceKind, Presentation, StateEntry, StateValue,
};
use fairy_kernel::{
    Game, Geometry, Heuristics, MoveError, Outcome, PositionError, Reason, RectBoard, SquareError,
};

use crate::attacks::bb;
use crate::movegen::{self, MoveList};
use crate::types::{Latch, Mode, Move, MoveKind, Role, Sq, BEREFT_KING_MOVES};
use crate::{Color, Position};

/// Weight of one square of mobility in [`Position::evaluate`], in centipawns.
pub const MOBILITY_WEIGHT: i32 = 2;

impl Position {
    /// How the game ended in this position, or `None` while it goes on (5.2, 5.3):
    /// the side to move with no legal move loses if it has no king (a king capture not
    /// answered, `KingCaptured`) or its king is attacked (`Checkmate`); otherwise the game
    /// is drawn by `Stalemate`. A side mated by a CLASSIC-LATE side has no legal move at
    /// all, counter-checks and king captures included (docs/rules/synthesis.md, S7), so that
    /// mate is reported here too. Repetition (G1) is decided by the kernel's `GameRecord`.
    ///
    /// ```
    /// use fairy_synthesis::{Color, Position};
    /// use fairy_kernel::{Game, Outcome, Reason};
    /// let p = Position::from_notation((), "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 L/H").unwrap();
    /// assert_eq!(p.outcome(), Some(Outcome::Draw { reason: Reason::Stalemate }));
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.legal_move_list().is_empty() {
            return None;
        }
        let us = self.side;
        Some(if self.king_sq(us).is_none() {
            Outcome::Win {
                winner: !us,
                reason: Reason::KingCaptured,
            }
        } else if self.in_check(us) {
            Outcome::Win {
                winner: !us,
                reason: Reason::Checkmate,
            }
        } else {
            Outcome::Draw {
                reason: Reason::Stalemate,
            }
        })
    }

    /// Static evaluation in centipawns from the side to move's view (not a rule: engine
    /// evaluation): material by mode ([`crate::eval::mode_value`]), piece-square terms,
    /// [`MOBILITY_WEIGHT`] per square attacked (orthodox capture geometry, own pieces
    /// excluded) and king safety; docs/rules/synthesis.md section 10.
    pub fn evaluate(&self) -> i32 {
        crate::eval::evaluate(self)
    }
}

impl Game for Position {
    type Move = Move;
    type MoveList = MoveList;
    type RuleSet = ();

    fn start(_: ()) -> Self {
        Position::start_position()
    }

    fn rule_set(&self) {}

    fn from_notation(_: (), text: &str) -> Result<Self, PositionError> {
        Position::read_notation(text)
    }

    fn to_notation(&self) -> String {
        self.write_notation()
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn is_check(&self) -> bool {
        self.in_check(self.side)
    }

    /// Fills `moves` with the legal moves (the buffer is expected empty, as the trait's
    /// callers leave it; it is cleared first).
    fn legal_moves(&self, moves: &mut MoveList) {
        movegen::legal_moves(self, moves);
    }

    fn play(&mut self, mv: Move) {
        self.play_in_place(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }

    fn move_origin(&self, mv: Move) -> u16 {
        u16::from(mv.origin())
    }

    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        RectBoard::new(8, 8).parse_square(text)
    }

    fn is_capture(&self, mv: Move) -> bool {
        Position::is_capture(self, mv)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        Position::hash_from_scratch(self)
    }

    fn count_legal_moves(&self) -> usize {
        movegen::count_legal_moves(self)
    }
}

/// Drawings, piece names, typed move records and the modes (docs/rules/synthesis.md).
impl Presentation for Position {
    /// `white to move; white CLASSIC-HOME, black SWAPPED`: the side to move and both
    /// sides' modes, which decide how every piece moves (docs/rules/synthesis.md section 3).
    fn turn_text(&self) -> String {
        format!(
            "{} to move; white {}, black {}",
            self.side_to_move(),
            self.mode(Color::White),
            self.mode(Color::Black)
        )
    }

    fn board_view(&self) -> Option<fairy_kernel::view::BoardView> {
        use fairy_kernel::view::{BoardView, PieceView, CLASSIC_PALETTE};
        let board = fairy_kernel::RectBoard::new(8, 8);
        Some(BoardView::rect(
            &board,
            CLASSIC_PALETTE.to_vec(),
            // a1 is dark.
            |sq| usize::from((sq % 8 + sq / 8) % 2 == 0),
            |sq| {
                self.piece_on(sq as Sq).map(|p| PieceView {
                    letter: p.role.upper_char(),
                    color: p.color,
                })
            },
        ))
    }

    /// The six orthodox pieces (docs/rules/synthesis.md).
    fn pieces(&self) -> Vec<PieceKind> {
        vec![
            PieceKind::new('K', "King"),
            PieceKind::new('Q', "Queen"),
            PieceKind::new('R', "Rook"),
            PieceKind::new('B', "Bishop"),
            PieceKind::new('N', "Knight"),
            PieceKind::new('P', "Pawn"),
        ]
    }

    fn square_name(&self, sq: u16) -> String {
        RectBoard::new(8, 8).square_name(sq)
    }

    fn cell_count(&self) -> usize {
        64
    }

    /// Castling is recorded as the king's move (section 8); en passant names the captured
    /// pawn's square, one rank behind the target (S8).
    fn move_record(&self, mv: Move) -> MoveRecord {
        let (from, to) = (u16::from(mv.origin()), u16::from(mv.target()));
        let mut r = MoveRecord::new(self.format_move(mv), from, to);
        match mv.kind() {
            MoveKind::EnPassant => {
                let victim = match self.side_to_move() {
                    Color::White => to.wrapping_sub(8) & 63,
                    Color::Black => (to + 8) & 63,
                };
                return r.capturing(victim).with(MoveFlags::EN_PASSANT);
            }
            MoveKind::Castle => return r.with(MoveFlags::CASTLING),
            MoveKind::DoubleStep => r = r.with(MoveFlags::DOUBLE_STEP),
            MoveKind::Promotion(role) => r = r.promoting(role.upper_char()),
            MoveKind::Normal => {}
        }
        if self.is_capture(mv) {
            r = r.capturing(to);
        }
        r
    }

    /// A pawn promotes to a Queen, Rook, Bishop or Knight (section 8).
    fn promotion_letters(&self) -> Vec<char> {
        vec!['Q', 'R', 'B', 'N']
    }

    fn move_flags(&self) -> MoveFlags {
        MoveFlags::CASTLING | MoveFlags::EN_PASSANT | MoveFlags::DOUBLE_STEP
    }

    /// Each side's mode (docs/rules/synthesis.md section 3): SWAPPED, CLASSIC-HOME latched
    /// (S1), BEREFT with its king moves left out of 32 (S3, 0 when not BEREFT) and
    /// CLASSIC-LATE (S4), White's four entries first.
    fn extra_state(&self) -> Vec<StateEntry> {
        const NAMES: [[&str; 4]; 2] = [
            [
                "white swapped",
                "white latched classic-home",
                "white bereft: king moves left",
                "white classic-late",
            ],
            [
                "black swapped",
                "black latched classic-home",
                "black bereft: king moves left",
                "black classic-late",
            ],
        ];
        let mut out = Vec::with_capacity(8);
        for color in [Color::White, Color::Black] {
            let names = NAMES[color.index()];
            let latch = self.latch(color);
            let left = match latch {
                Latch::Bereft(n) => u32::from(n),
                _ => 0,
            };
            out.extend([
                StateEntry::new(
                    names[0],
                    StateValue::Flag(self.mode(color) == Mode::Swapped),
                ),
                StateEntry::new(names[1], StateValue::Flag(latch == Latch::Home)),
                StateEntry::new(
                    names[2],
                    StateValue::Number {
                        value: left,
                        max: u32::from(BEREFT_KING_MOVES),
                    },
                ),
                StateEntry::new(names[3], StateValue::Flag(latch == Latch::Late)),
            ]);
        }
        out
    }
}

impl Heuristics for Position {
    fn evaluate(&self) -> i32 {
        Position::evaluate(self)
    }

    /// The captured piece's [`Role::value`] (a pawn for en passant; a king, capturable
    /// by a CLASSIC-LATE side, [`fairy_kernel::heuristics::ROYAL_GAIN`]) plus a promotion's gain.
    fn capture_gain(&self, mv: Move) -> i32 {
        let victim = if mv.kind() == MoveKind::EnPassant {
            Role::Pawn.value()
        } else if self.by_color[(!self.side).index()] & bb(mv.target()) != 0 {
            match self.role_at(mv.target()) {
                Some(Role::King) => fairy_kernel::heuristics::ROYAL_GAIN,
                Some(r) => r.value(),
                None => 0,
            }
        } else {
            0
        };
        victim + mv.promotion().map_or(0, |r| r.value() - Role::Pawn.value())
    }

    /// Passes: the en-passant square lapses; not for a side with only its king and pawns,
    /// nor for one whose king has been captured (S7: it must answer on the board).
    fn play_null(&mut self) -> bool {
        let us = self.side;
        if self.pieces(us, Role::King) == 0 {
            return false;
        }
        let officers = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .any(|r| self.pieces(us, r) != 0);
        if !officers {
            return false;
        }
        self.pass();
        true
    }

    /// 150 (docs/rules/synthesis.md section 10): a quiet move changes the evaluation's
    /// mobility, centralisation, pawn and king-safety terms by a few dozen at most.
    fn futility_margin(&self) -> Option<i32> {
        Some(150)
    }
}
