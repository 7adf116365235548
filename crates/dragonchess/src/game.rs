//! The kernel's [`Game`] trait for [`Position`].

use fairy_kernel::presentation::{
    MoveFlags, MoveRecord, PieceKind, Presentation, StateEntry, StateValue,
};
use fairy_kernel::Heuristics;
use fairy_kernel::{Color, Game, Geometry, MoveError, Outcome, PositionError, Reason, SquareError};

use crate::position::{Move, MoveList, Position};
use crate::types::{Role, BOARD};

/// Weight of one pseudo-legal move in [`Heuristics::evaluate`], in hundredths of a Warrior.
pub const MOBILITY_WEIGHT: i32 = 2;

impl Game for Position {
    type Move = Move;
    type MoveList = MoveList;
    type RuleSet = ();

    /// The start position (ruling D2).
    fn start(_variant: ()) -> Position {
        match Position::read(crate::START) {
            Ok(p) => p,
            Err(e) => unreachable!("the start position is valid: {e}"),
        }
    }

    fn rule_set(&self) {}

    fn from_notation(_variant: (), text: &str) -> Result<Position, PositionError> {
        Position::read(text)
    }

    fn to_notation(&self) -> String {
        self.write()
    }

    fn side_to_move(&self) -> Color {
        self.side()
    }

    fn is_check(&self) -> bool {
        self.in_check()
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        self.legal_moves_into(moves);
    }

    fn play(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// Checkmate (the side to move loses) or stalemate (a draw) when the side to move has
    /// no legal move (ruling D6); repetition is decided by the game record (ruling G1).
    fn outcome(&self) -> Option<Outcome> {
        if self.count_legal() > 0 {
            return None;
        }
        Some(if self.in_check() {
            Outcome::Win {
                winner: !self.side(),
                reason: Reason::Checkmate,
            }
        } else {
            Outcome::Draw {
                reason: Reason::Stalemate,
            }
        })
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.read_move(text)
    }

    fn move_origin(&self, mv: Move) -> u16 {
        mv.origin()
    }

    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        BOARD.parse_square(text)
    }

    fn is_capture(&self, mv: Move) -> bool {
        self.piece_on(mv.target()).is_some()
    }

    fn hash(&self) -> u64 {
        self.zobrist()
    }

    fn hash_from_scratch(&self) -> u64 {
        self.zobrist_from_scratch()
    }

    fn count_legal_moves(&self) -> usize {
        self.count_legal()
    }
}

/// Drawings, piece names, typed move records and the Heroes' origins
/// (docs/rules/dragonchess.md).
impl Presentation for Position {
    /// `gold to move`, then the pieces frozen by a Basilisk when there are any
    /// (`scarlet to move; frozen: 2d4`, ruling D4).
    fn turn_text(&self) -> String {
        format!(
            "{} to move{}",
            Self::side_names()[self.side_to_move().index()],
            self.frozen_text()
        )
    }

    /// Gold moves first, Scarlet second (seed; ruling D2).
    fn side_names() -> [&'static str; 2] {
        ["gold", "scarlet"]
    }

    /// What stands on the cell (and whether it is frozen, ruling D4) and which pieces of
    /// each side could capture there (rules doc 5.1): what `fairy show --cell` prints.
    fn cell_info(&self, sq: u16) -> Option<String> {
        use crate::tables::Bits;
        let names = Self::side_names();
        let square = crate::Square::new(sq)?;
        let what = match self.piece_at(square) {
            None => "empty".to_owned(),
            Some(p) => format!(
                "{} {} ({}){}",
                names[p.color.index()],
                p.role.name(),
                p.letter(),
                if self.frozen(p.color).contains(sq) {
                    ", frozen"
                } else {
                    ", not frozen"
                }
            ),
        };
        let occ = self.occupied();
        let attackers = |by: Color| {
            let list: Vec<String> = self
                .side_pieces(by)
                .iter()
                .filter(|&a| {
                    self.attacked_with(
                        sq,
                        by,
                        &occ,
                        Bits::single(a),
                        self.pieces(!by, Role::Basilisk),
                    )
                })
                .filter_map(|a| {
                    let at = crate::Square::new(a)?;
                    self.piece_at(at).map(|p| format!("{}{at}", p.letter()))
                })
                .collect();
            if list.is_empty() {
                "none".to_owned()
            } else {
                list.join(" ")
            }
        };
        Some(match self.piece_at(square) {
            // The owner's pieces that reach the cell defend it.
            Some(p) => format!(
                "{what}; attacked by {}: {}; defended by {}: {}",
                names[(!p.color).index()],
                attackers(!p.color),
                names[p.color.index()],
                attackers(p.color)
            ),
            None => format!(
                "{what}; attacked by {}: {}; by {}: {}",
                names[0],
                attackers(Color::White),
                names[1],
                attackers(Color::Black)
            ),
        })
    }

    /// The three boards side by side, Sky first, in the colours the seed suggests
    /// (Sky blue and white, Ground light green and amber, Underworld red and brown), with
    /// the light square in each board's lower right corner.
    fn board_view(&self) -> Option<fairy_kernel::view::BoardView> {
        use fairy_kernel::view::{BoardView, PieceView};
        let palette = vec![
            "#8b4513", "#c0392b", // Underworld: dark, light
            "#e0a526", "#c8e6a0", // Ground: dark, light
            "#6fa8dc", "#f4f8ff", // Sky: dark, light
        ];
        Some(BoardView::layered(
            &BOARD,
            palette,
            &["Underworld (1)", "Ground (2)", "Sky (3)"],
            |sq| {
                let light = (BOARD.file_of(sq) + BOARD.rank_of(sq)) % 2 == 1;
                (BOARD.level_of(sq) as usize - 1) * 2 + usize::from(light)
            },
            |sq| {
                self.piece_on(sq).map(|p| PieceView {
                    letter: p.role.letter(),
                    color: p.color,
                })
            },
        ))
    }

    /// Every kind of piece of seed §2, in the rules document's order.
    fn pieces(&self) -> Vec<PieceKind> {
        Role::ALL
            .iter()
            .map(|k| PieceKind::new(k.letter(), k.name()))
            .collect()
    }

    fn square_name(&self, sq: u16) -> String {
        BOARD.square_name(sq)
    }

    fn cell_count(&self) -> usize {
        BOARD.cell_count()
    }

    /// A capture from afar (ruling D9) keeps the mover on `from` and names the captured
    /// piece's square as `to`; a move between boards is flagged as a level change; a
    /// Warrior's promotion is to the Hero (ruling D5).
    fn move_record(&self, mv: Move) -> MoveRecord {
        let (from, to) = (mv.origin(), mv.target());
        let mut r = MoveRecord::new(self.format_move(mv), from, to);
        if self.piece_on(to).is_some() {
            r = r.capturing(to);
        }
        if mv.is_afar() {
            r = r.with(MoveFlags::CAPTURE_FROM_AFAR);
        } else if BOARD.level_of(from) != BOARD.level_of(to) {
            r = r.with(MoveFlags::LEVEL_CHANGE);
        }
        if mv.is_promotion() {
            r = r.promoting(Role::Hero.letter());
        }
        r
    }

    /// A Warrior promotes to the Hero, and to nothing else (ruling D5).
    fn promotion_letters(&self) -> Vec<char> {
        vec![Role::Hero.letter()]
    }

    fn move_flags(&self) -> MoveFlags {
        MoveFlags::CAPTURE_FROM_AFAR | MoveFlags::LEVEL_CHANGE
    }

    /// The squares of the Heroes off the Ground whose Ground origin is recorded (D3).
    fn extra_state(&self) -> Vec<StateEntry> {
        vec![StateEntry::new(
            "heroes with a recorded origin",
            StateValue::Squares(self.hero_origin_squares()),
        )]
    }
}

impl Heuristics for Position {
    /// The engine evaluation of [`crate::eval`] (docs/rules/dragonchess.md §10: material,
    /// piece-square terms, Warrior advancement, weighted mobility, King shelter), side to
    /// move minus opponent.
    fn evaluate(&self) -> i32 {
        crate::eval::evaluate(self)
    }

    /// The captured piece's [`Role::value`] (from afar too), plus the Hero's value over the
    /// Warrior's for a promotion.
    fn capture_gain(&self, mv: Move) -> i32 {
        let victim = self.piece_on(mv.target()).map_or(0, |p| p.role.value());
        let promotion = if mv.is_promotion() {
            Role::Hero.value() - Role::Warrior.value()
        } else {
            0
        };
        victim + promotion
    }

    /// Passes: Scarlet moves after Gold in the same placement; not for a side left with
    /// only its King, Warriors, Sylphs and Dwarves (where zugzwang is common).
    fn play_null(&mut self) -> bool {
        let us = self.side();
        let officers = Role::ALL.into_iter().any(|r| {
            !matches!(r, Role::King | Role::Warrior | Role::Sylph | Role::Dwarf)
                && self.pieces(us, r).any()
        });
        if !officers {
            return false;
        }
        self.set_side(!us);
        true
    }

    /// True: out of check only a stalemate ends a Dragonchess game (checkmate needs check;
    /// there is no other win, and no draw by material), rules document sections 5 and 10.
    fn quiet_ends_are_stalemates(&self) -> bool {
        true
    }
}
