//! The kernel's [`Game`] trait for [`Position`].

use fairy_kernel::presentation::{MoveFlags, MoveRecord, PieceKind, Presentation};
use fairy_kernel::Heuristics;
use fairy_kernel::{Color, Game, Geometry, MoveError, Outcome, PositionError, SquareError};

use crate::notation::geometry;
use crate::position::{Move, MoveList, Position};
use crate::ruleset::{Role, Variant};

/// Piece values for [`Heuristics::evaluate`], in centipawn-like units (documented in
/// `docs/rules/chess-t.md` §11): 50 per half unit of strength, the Scout 200 (strength 0 but
/// it captures anything it reaches), the King 0 (its loss ends the game).
pub const fn piece_value(kind: Role) -> i32 {
    match kind {
        Role::King => 0,
        Role::Scout => 200,
        k => 50 * k.strength() as i32,
    }
}

impl Game for Position {
    type Move = Move;
    type MoveList = MoveList;
    type RuleSet = Variant;

    fn start(variant: Variant) -> Self {
        Position::start(variant)
    }

    fn rule_set(&self) -> Variant {
        self.variant
    }

    fn from_notation(variant: Variant, text: &str) -> Result<Self, PositionError> {
        Position::from_notation(variant, text)
    }

    fn to_notation(&self) -> String {
        self.notation()
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn is_check(&self) -> bool {
        // Check has no legal effect here (docs/rules/chess-t.md, T7): report whether the
        // opponent, were it to move, could capture one of our royal pieces.
        let mut them = *self;
        them.side = !self.side;
        let ours = self.royal() & self.colors[self.side.index()];
        let mut moves = MoveList::new();
        them.legal_moves(&mut moves);
        moves
            .iter()
            .any(|m| (m.is_capture() || m.is_exchange()) && ours & (1u128 << m.target()) != 0)
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        Position::legal_moves(self, moves);
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn format_move(&self, mv: Move) -> String {
        Position::format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }

    fn move_origin(&self, mv: Move) -> u16 {
        mv.origin()
    }

    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        geometry(self.variant).parse_square(text)
    }

    fn is_capture(&self, mv: Move) -> bool {
        mv.is_capture() || mv.is_exchange()
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn count_legal_moves(&self) -> usize {
        self.count_moves()
    }
}

/// Drawings, piece names and typed move records (docs/rules/chess-t.md).
impl Presentation for Position {
    /// The strength sums on the cell (docs/rules/chess-t.md, T6), in strength units: what
    /// `fairy show --cell` prints.
    fn cell_info(&self, sq: u16) -> Option<String> {
        let (w, b) = self.strength_on(sq);
        let units = |h: u16| format!("{}{}", h / 2, if h % 2 == 1 { ".5" } else { "" });
        Some(format!("strength white {} black {}", units(w), units(b)))
    }

    /// The board with castle cells and impregnable fields outlined (docs/rules/chess-t.md, T2, T3).
    fn board_view(&self) -> Option<fairy_kernel::view::BoardView> {
        use fairy_kernel::view::{BoardView, PieceView, CLASSIC_PALETTE};
        let board = crate::notation::geometry(self.variant());
        let mut view = BoardView::rect(
            &board,
            CLASSIC_PALETTE.to_vec(),
            |sq| usize::from((board.file_of(sq) + board.rank_of(sq)) % 2 == 0),
            |sq| {
                self.piece_on(sq).map(|p| PieceView {
                    letter: p.letter().to_ascii_uppercase(),
                    color: p.color,
                })
            },
        );
        let fields = [Color::White, Color::Black].map(|c| self.impregnable_field(c));
        for cell in &mut view.cells {
            if Color::ALL
                .iter()
                .any(|&c| self.is_castle_cell(c, cell.square))
            {
                cell.mark = Some("castle");
            } else if fields.contains(&Some(self.square_of(cell.square))) {
                cell.mark = Some("impregnable");
            }
        }
        Some(view)
    }

    /// The pieces of docs/rules/chess-t.md's table (the Scout only where the rule set has
    /// it, T9/T10).
    fn pieces(&self) -> Vec<PieceKind> {
        let mut pieces = vec![
            PieceKind::new('K', "King"),
            PieceKind::new('C', "Konnet"),
            PieceKind::new('P', "Prince"),
            PieceKind::new('R', "Ritter"),
            PieceKind::new('V', "Ver Knecht"),
            PieceKind::new('N', "Knecht"),
        ];
        if self.rules().scouts {
            pieces.push(PieceKind::new('S', "Scout"));
        }
        pieces
    }

    fn square_name(&self, sq: u16) -> String {
        geometry(self.variant).square_name(sq)
    }

    fn cell_count(&self) -> usize {
        geometry(self.variant).cell_count()
    }

    /// A capture takes the piece on the target; an exchange removes the mover too (flagged
    /// [`MoveFlags::EXCHANGE`]).
    fn move_record(&self, mv: Move) -> MoveRecord {
        let mut r = MoveRecord::new(self.format_move(mv), mv.origin(), mv.target());
        if mv.is_capture() || mv.is_exchange() {
            r = r.capturing(mv.target());
        }
        if mv.is_exchange() {
            r = r.with(MoveFlags::EXCHANGE);
        }
        if let Some(role) = mv.promotion() {
            r = r.promoting(role.letter());
        }
        r
    }

    /// A Knecht becomes a Ver Knecht; a Ver Knecht a Ritter, Prince or Konnet, or a Scout
    /// where the Scout exists; a Prince a Konnet (docs/rules/chess-t.md section 6, T8, T12).
    fn promotion_letters(&self) -> Vec<char> {
        let mut letters = vec!['V', 'R', 'P', 'C'];
        if self.variant.rules().scouts {
            letters.push('S');
        }
        letters
    }

    fn move_flags(&self) -> MoveFlags {
        MoveFlags::EXCHANGE
    }
}

impl Heuristics for Position {
    /// The engine's evaluation from the side to move's view: material, piece-square terms,
    /// castle defence and attack, cheap mobility (`crate::eval`; docs/rules/chess-t.md §11).
    fn evaluate(&self) -> i32 {
        crate::eval::evaluate(self)
    }

    /// The captured piece's [`piece_value`] (a royal piece [`fairy_kernel::heuristics::ROYAL_GAIN`]),
    /// less the mover's in an exchange (both go), plus a promotion's gain.
    fn capture_gain(&self, mv: Move) -> i32 {
        let value = |p: Option<crate::Piece>| {
            p.map_or(0, |p| match p.role {
                Role::King | Role::Konnet | Role::Prince => fairy_kernel::heuristics::ROYAL_GAIN,
                r => piece_value(r),
            })
        };
        let mover = self.piece_on(mv.origin());
        let mut gain = 0;
        if mv.is_capture() || mv.is_exchange() {
            gain += value(self.piece_on(mv.target()));
        }
        if mv.is_exchange() {
            gain -= value(mover);
        }
        if let (Some(to), Some(p)) = (mv.promotion(), mover) {
            gain += piece_value(to) - piece_value(p.role);
        }
        gain
    }

    /// Passes: the other side moves in the same placement (no right of Chess-T lapses at
    /// the end of a move).
    fn play_null(&mut self) -> bool {
        self.side = !self.side;
        self.hash ^= crate::position::SIDE_KEY;
        true
    }
}
