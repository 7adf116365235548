//! [`Presentation`] of Imperial Regicide: drawings, piece names, typed sub-move records and
//! the front to move with the pieces moved this turn.

use fairy_kernel::presentation::{
    MoveFlags, MoveRecord, PieceKind, Presentation, StateEntry, StateValue,
};
use fairy_kernel::{Game, Geometry};

use crate::position::pawn_push;
use crate::tables::BOARD;
use crate::{MoveKind, Position};

/// The pieces of seed §3 (docs/rules/regicide.md), in the document's order; `K` is the
/// prince.
const PIECES: [PieceKind; 6] = [
    PieceKind::new('K', "Prince"),
    PieceKind::new('Q', "Queen"),
    PieceKind::new('R', "Rook"),
    PieceKind::new('B', "Bishop"),
    PieceKind::new('N', "Knight"),
    PieceKind::new('P', "Pawn"),
];

impl Presentation for Position {
    fn turn_text(&self) -> String {
        format!(
            "{} to move on front {}, turn {}",
            Self::side_names()[self.side.index()],
            crate::front_name(self.front),
            self.turn
        )
    }

    /// The three fronts, eight files each (docs/rules/regicide.md).
    fn file_groups() -> &'static [(&'static str, &'static str)] {
        &[("front I", "a"), ("front II", "i"), ("front III", "q")]
    }

    /// The front to move (ruling R4).
    fn group_to_move(&self) -> Option<usize> {
        Some(usize::from(self.front))
    }

    /// Each front's colour and its fields' colours (docs/rules/regicide.md section 1).
    fn field_legend() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "#e8c547",
                "front I, files a-h: yellow, black, yellow fields",
            ),
            ("#4a7fc1", "front II, files i-p: blue, red, green fields"),
            ("#5fa55a", "front III, files q-x: green, red, blue fields"),
        ]
    }

    /// The 24x12 board with its nine fields (seed §2, §5): light squares white, dark
    /// squares in their field's colour; the lower-right square x1 is light (ruling R1).
    fn board_view(&self) -> Option<fairy_kernel::view::BoardView> {
        use crate::tables::{field_colors, BOARD};
        use fairy_kernel::view::{BoardView, PieceView};
        // Index 0: light squares; 1 + field colour code (yellow, black, blue, red, green).
        let palette = vec![
            "#ffffff", "#e8c547", "#3a3a3a", "#4a7fc1", "#c0504d", "#5fa55a",
        ];
        let fields = field_colors();
        Some(BoardView::rect(
            &BOARD,
            palette,
            |sq| {
                if (BOARD.file_of(sq) + BOARD.rank_of(sq)) % 2 == 1 {
                    0
                } else {
                    1 + fields[sq as usize] as usize
                }
            },
            |sq| {
                self.piece_on(sq).map(|p| PieceView {
                    letter: p.role.upper_char(),
                    color: p.color,
                })
            },
        ))
    }

    fn pieces(&self) -> Vec<PieceKind> {
        PIECES.to_vec()
    }

    fn square_name(&self, sq: u16) -> String {
        BOARD.square_name(sq)
    }

    fn cell_count(&self) -> usize {
        BOARD.cell_count()
    }

    /// Castling is recorded as the prince's move (ruling R11); en passant names the
    /// captured pawn's square, one step behind the target (R10).
    fn move_record(&self, mv: crate::Move) -> MoveRecord {
        let (from, to) = (mv.origin(), mv.target());
        let mut r = MoveRecord::new(self.format_move(mv), from, to);
        match mv.kind() {
            MoveKind::EnPassant => {
                r = r
                    .capturing(pawn_push(!self.side, to))
                    .with(MoveFlags::EN_PASSANT);
            }
            MoveKind::Castle => r = r.with(MoveFlags::CASTLING),
            MoveKind::DoubleStep => r = r.with(MoveFlags::DOUBLE_STEP),
            MoveKind::Normal => {
                if self.piece_on(to).is_some() {
                    r = r.capturing(to);
                }
            }
        }
        if let Some(role) = mv.promotion() {
            r = r.promoting(role.upper_char());
        }
        r
    }

    /// A pawn promotes to a Queen, Rook, Bishop or Knight (docs/rules/regicide.md section 4).
    fn promotion_letters(&self) -> Vec<char> {
        vec!['Q', 'R', 'B', 'N']
    }

    fn move_flags(&self) -> MoveFlags {
        MoveFlags::CASTLING | MoveFlags::EN_PASSANT | MoveFlags::DOUBLE_STEP
    }

    /// The front to move (ruling R4) as three flags, then the squares of the pieces that
    /// already moved this turn.
    fn extra_state(&self) -> Vec<StateEntry> {
        let front = self.front;
        vec![
            StateEntry::new("front I to move", StateValue::Flag(front == 0)),
            StateEntry::new("front II to move", StateValue::Flag(front == 1)),
            StateEntry::new("front III to move", StateValue::Flag(front == 2)),
            StateEntry::new(
                "moved this turn",
                StateValue::Squares(self.moved.iter().collect()),
            ),
        ]
    }
}
