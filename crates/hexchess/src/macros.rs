//! Macros that write the per-variant glue: the [`crate::Tables`] implementation over a
//! variant's generated `static` tables, the read access of a position to its
//! [`crate::HexPosition`], the text of moves and the `Game` implementation.

/// Declares a unit struct `$name` implementing [`crate::Tables`] with a variant's generated
/// tables (`RAYS[cell][direction]`, `ROOK_LINES[cell]` and `BISHOP_LINES[cell]` the unions
/// of its touching and gap rays, `KNIGHT[cell]`, `KING[cell]`, `PAWN[colour][cell]` the cells
/// a pawn attacks), and the public functions `rook_attacks` and `bishop_attacks`
/// over them.
#[macro_export]
macro_rules! hex_tables {
    ($(#[$meta:meta])* $vis:vis struct $name:ident {
        rays: $rays:path,
        rook_lines: $rook_lines:path,
        bishop_lines: $bishop_lines:path,
        knight: $knight:path,
        king: $king:path,
        pawn_attacks: $pawn:path $(,)?
    }) => {
        $(#[$meta])*
        $vis struct $name;

        impl $crate::Tables for $name {
            #[inline(always)]
            fn rays(sq: u16) -> &'static [$crate::Cells; 12] {
                &$rays[sq as usize]
            }
            #[inline(always)]
            fn rook_lines(sq: u16) -> $crate::Cells {
                $rook_lines[sq as usize]
            }
            #[inline(always)]
            fn bishop_lines(sq: u16) -> $crate::Cells {
                $bishop_lines[sq as usize]
            }
            #[inline(always)]
            fn knight(sq: u16) -> $crate::Cells {
                $knight[sq as usize]
            }
            #[inline(always)]
            fn king(sq: u16) -> $crate::Cells {
                $king[sq as usize]
            }
            #[inline(always)]
            fn pawn_attacks(color: $crate::Color, sq: u16) -> $crate::Cells {
                $pawn[color.index()][sq as usize]
            }
        }

        /// The cells a rook on `sq` attacks with occupancy `occ` (the 6 touching directions).
        #[inline]
        pub fn rook_attacks(sq: u16, occ: $crate::Cells) -> $crate::Cells {
            $crate::rook_attacks::<$name>(sq, occ)
        }

        /// The cells a bishop on `sq` attacks with occupancy `occ` (the 6 gap directions).
        #[inline]
        pub fn bishop_attacks(sq: u16, occ: $crate::Cells) -> $crate::Cells {
            $crate::bishop_attacks::<$name>(sq, occ)
        }
    };
}

/// Writes, inside `impl Position { ... }` of a position whose [`crate::Placement`] is at
/// the field path given after the square type (`core.pl` for the placement of a
/// [`crate::HexPosition`] in the field `core`), the public read access to the pieces:
/// `piece_at`, `occupied_by`, `occupied`, `pieces` and `king`, with squares of the
/// variant's typed square `$sq` (from `fairy_kernel::define_square!`), and the crate's own
/// `piece_on` and `king_cell` on cell indices.
#[macro_export]
macro_rules! placement_access {
    ($sq:ty, $($pl:ident).+) => {
        /// The piece on `sq`, if any.
        #[inline]
        pub fn piece_at(&self, sq: $sq) -> Option<$crate::Piece> {
            self.$($pl).+.piece_at(sq.index())
        }

        /// The piece on cell index `sq`, if any.
        #[inline]
        pub(crate) fn piece_on(&self, sq: u16) -> Option<$crate::Piece> {
            self.$($pl).+.piece_at(sq)
        }

        /// The cells occupied by `color` (a set of cell indices).
        #[inline]
        pub fn occupied_by(&self, color: $crate::Color) -> $crate::Cells {
            self.$($pl).+.occupied_by(color)
        }

        /// All occupied cells.
        #[inline]
        pub fn occupied(&self) -> $crate::Cells {
            self.$($pl).+.occupied()
        }

        /// The cells of `color`'s pieces of `role`.
        #[inline]
        pub fn pieces(&self, color: $crate::Color, role: $crate::Role) -> $crate::Cells {
            self.$($pl).+.pieces(color, role)
        }

        /// The square of `color`'s king.
        #[inline]
        pub fn king(&self, color: $crate::Color) -> $sq {
            <$sq>::from_index(self.$($pl).+.king(color))
        }

        /// The cell index of `color`'s king.
        #[inline(always)]
        pub(crate) fn king_cell(&self, color: $crate::Color) -> u16 {
            self.$($pl).+.king(color)
        }
    };
}

/// Writes, at the root of a hexagonal variant's crate, the text of its moves without a
/// position: `Display` and `FromStr` of the move type `$mv` (and, with the crate's `serde`
/// feature, `Serialize`/`Deserialize` through that text), and `Position::resolve`, which
/// finds the legal move of a position that a move read this way means.
///
/// `write` and `read` are the crate's coordinate-notation functions
/// (`fn(Move) -> String` and `fn(&str) -> Result<Move, fairy_kernel::MoveError>`), `list`
/// the crate's move list type. The `ambiguity` doc lines say, in the variant's own terms,
/// which moves the text alone cannot tell apart; the `example` doc lines are the doctest of
/// `FromStr`. The crate must have a module `movegen` with a `Position::generate` taking a
/// [`crate::Sink`], and depend on `fairy-kernel`.
#[macro_export]
macro_rules! hex_move_text {
    (
        move: $mv:ident,
        list: $list:ty,
        write: $write:path,
        read: $read:path,
        ambiguity: { $(#[$amb:meta])* },
        example: { $(#[$ex:meta])* } $(,)?
    ) => {
        impl core::fmt::Display for $mv {
            /// The coordinate notation of the move, as [`fairy_kernel::Game::format_move`] writes
            /// it: `from-to`, `=` and the role letter for a promotion.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(&$write(*self))
            }
        }

        impl core::str::FromStr for $mv {
            type Err = fairy_kernel::MoveError;

            /// Reads a move in the coordinate notation without a position, as
            /// [`Display`](core::fmt::Display) writes it (the separators the notation accepts
            /// besides `-` too).
            ///
            $(#[$amb])*
            /// A move read here is therefore a normal move or a promotion; [`Position::resolve`]
            /// gives the legal move of a position with the same squares and promotion, kind
            /// included (check it with [`Position::resolve`] or `Position::is_legal` before
            /// playing it). [`Position::parse_move`](fairy_kernel::Game::parse_move) does both
            /// at once.
            ///
            $(#[$ex])*
            fn from_str(text: &str) -> Result<$mv, Self::Err> {
                $read(text)
            }
        }

        #[cfg(feature = "serde")]
        fairy_kernel::impl_serde_via_str!($mv);

        impl Position {
            /// The legal move of this position with the squares and promotion of `m`, kind
            /// included, or `None` if there is none: what a [`Move`] read without a position (its
            /// `FromStr`) means here.
            pub fn resolve(&self, m: $mv) -> Option<$mv> {
                let mut moves = <$list>::new();
                self.generate(&mut $crate::Lister(&mut moves));
                moves.into_iter().find(|l| {
                    l.origin() == m.origin()
                        && l.target() == m.target()
                        && l.promotion() == m.promotion()
                })
            }
        }
    };
}

/// Writes the unit tests of a hexagonal variant's evaluation ([`crate::Placement::evaluate`]
/// with the board's [`crate::EvalTables`]): the colour-mirrored start is the start;
/// colour-mirrored positions evaluate alike, for either side to move, over 40 plies of
/// play; a centralised knight scores more than one on `a1`; a pawn `pawn_steps` steps up
/// its file (`pawn_step` is the crate's table of one-step pawn advances) scores more than a
/// home pawn; a board without kings evaluates without panicking.
///
/// `mirror_cell` maps a cell to its counterpart on the colour-swapped board. The crate
/// must have `super::tables()` (its evaluation tables) where the macro is invoked, a module
/// `movegen` with its `Tables`, a module `tables` with `board()` and `CELLS`, `Position`
/// with its placement at the field path `placement` (`core.pl`), `MoveList`, and depend on `fairy-kernel`. (`crate` in
/// the body means that invoking crate, on purpose.)
#[macro_export]
#[allow(clippy::crate_in_macro_def)]
macro_rules! hex_eval_tests {
    (placement: $($pl:ident).+, mirror_cell: $mirror_cell:path, pawn_step: $pawn_step:expr, pawn_steps: $steps:expr $(,)?) => {
        use fairy_hexchess::{Piece, Placement, Role};
        use fairy_kernel::{Color, Game, Geometry};

        use super::tables;
        use crate::movegen::Tables;
        use crate::tables::{board, CELLS};
        use crate::Position;

        /// The placement with colours swapped and cells reflected.
        fn mirror(p: &Placement<CELLS>) -> Placement<CELLS> {
            let mut m = Placement::EMPTY;
            for sq in 0..CELLS as u16 {
                if let Some(pc) = p.piece_at(sq) {
                    let swapped = Piece {
                        color: !pc.color,
                        role: pc.role,
                    };
                    m.put($mirror_cell(sq), swapped);
                }
            }
            m
        }

        fn cell(name: &str) -> u16 {
            board().parse_square(name).unwrap()
        }

        fn eval(p: &Placement<CELLS>, side: Color) -> i32 {
            p.evaluate::<Tables>(side, tables())
        }

        /// Kings on their start cells plus `extra` pieces.
        fn with_kings(extra: &[(&str, Color, Role)]) -> Placement<CELLS> {
            let start = Position::start(()).$($pl).+;
            let mut p = Placement::EMPTY;
            for color in Color::ALL {
                p.put(
                    start.king(color),
                    Piece {
                        color,
                        role: Role::King,
                    },
                );
            }
            for &(name, color, role) in extra {
                p.put(cell(name), Piece { color, role });
            }
            p
        }

        #[test]
        fn the_mirrored_start_is_the_start() {
            let start = Position::start(()).$($pl).+;
            assert_eq!(mirror(&start), start);
        }

        #[test]
        fn colour_mirrored_positions_evaluate_alike() {
            let mut pos = Position::start(());
            for ply in 0..40 {
                let p = &pos.$($pl).+;
                let m = mirror(p);
                for side in Color::ALL {
                    assert_eq!(eval(p, side), eval(&m, !side), "ply {ply}");
                }
                assert_eq!(eval(p, Color::White), -eval(p, Color::Black));
                let mut list = crate::MoveList::new();
                pos.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                let mv = list[(ply * 7 + 3) % list.len()];
                pos.play(mv);
            }
        }

        #[test]
        fn a_centralised_knight_scores_more_than_one_on_the_rim() {
            let rim = cell("a1");
            let b = board();
            let centre = (0..CELLS as u16)
                .max_by_key(|&s| {
                    (0..6)
                        .map(|d| <Tables as fairy_hexchess::Tables>::rays(s)[d].count())
                        .min()
                })
                .unwrap();
            let name = b.square_name(centre);
            let on_rim = with_kings(&[(&b.square_name(rim), Color::White, Role::Knight)]);
            let central = with_kings(&[(&name, Color::White, Role::Knight)]);
            assert!(eval(&central, Color::White) > eval(&on_rim, Color::White) + 20);
        }

        #[test]
        fn an_advanced_pawn_scores_more_than_a_home_pawn() {
            let start = Position::start(()).$($pl).+;
            let home = (start.pieces(Color::White, Role::Pawn)).first().unwrap();
            let mut advanced = home;
            for _ in 0..$steps {
                advanced = $pawn_step[0][advanced as usize] as u16;
            }
            let b = board();
            let p_home = with_kings(&[(&b.square_name(home), Color::White, Role::Pawn)]);
            let p_adv = with_kings(&[(&b.square_name(advanced), Color::White, Role::Pawn)]);
            assert!(eval(&p_adv, Color::White) > eval(&p_home, Color::White) + 20);
        }

        #[test]
        fn the_evaluation_survives_boards_without_kings() {
            let mut p: Placement<CELLS> = Placement::EMPTY;
            p.put(
                cell("a1"),
                Piece {
                    color: Color::White,
                    role: Role::Queen,
                },
            );
            let s = eval(&p, Color::White);
            assert!(s > 0 && s < 100_000);
        }
    };
}

/// Writes, at the root of a hexagonal variant's crate, `impl fairy_kernel::Game for
/// Position` over the variant's [`crate::HexPosition`] (the field `core` of its
/// `Position`) and its own rules: the start position `start` (a notation text),
/// notation, side to move, check, legal moves, playing, move text, cells, hashing and
/// counting. `outcome` (`fn(&Position) -> Option<fairy_kernel::Outcome>`, with its doc
/// lines) and `is_capture` (`fn(&Position, Move) -> bool`) are the variant's. It also
/// writes `impl fairy_kernel::presentation::Presentation for Position`: the text diagram
/// (the crate's `diagram::draw`), the six orthodox pieces and the cell names are shared;
/// `board_view` (`fn(&Position) -> fairy_kernel::view::BoardView`) and `move_record`
/// (`fn(&Position, Move) -> fairy_kernel::presentation::MoveRecord`), with their doc lines,
/// are the variant's, and so is `move_flags` (a [`fairy_kernel::presentation::MoveFlags`]
/// expression: every flag its move records carry).
///
/// The crate must have `Position` (with `core`, `generate` taking a [`crate::Sink`],
/// `in_check`, `play_move`), `Move` (with `origin`), `MoveList`, and a module `notation`
/// with `parse_position`, `write_move`, `parse_move` and `geometry`, a module `diagram` with
/// `draw`; and depend on
/// `fairy-kernel`. It also writes the public clocks of `Position`: `halfmove_clock` and
/// `fullmove_number`.
#[macro_export]
macro_rules! hex_game {
    (
        start: $start:expr,
        outcome: { $(#[$om:meta])* $outcome:path },
        is_capture: $is_capture:path,
        board_view: { $(#[$bm:meta])* $board_view:path },
        move_record: { $(#[$mm:meta])* $move_record:path },
        move_flags: $move_flags:expr $(,)?
    ) => {
        impl fairy_kernel::Game for Position {
            type Move = Move;
            type MoveList = MoveList;
            type RuleSet = ();

            fn start(_: ()) -> Self {
                notation::parse_position($start).expect("the start position is valid")
            }

            fn rule_set(&self) {}

            fn from_notation(_: (), text: &str) -> Result<Self, fairy_kernel::PositionError> {
                notation::parse_position(text)
            }

            fn to_notation(&self) -> String {
                self.core.write_notation()
            }

            fn side_to_move(&self) -> fairy_kernel::Color {
                self.core.side
            }

            fn is_check(&self) -> bool {
                self.in_check(self.core.side)
            }

            fn legal_moves(&self, moves: &mut MoveList) {
                self.generate(&mut $crate::Lister(moves));
            }

            fn play(&mut self, mv: Move) {
                self.play_move(mv);
            }

            $(#[$om])*
            fn outcome(&self) -> Option<fairy_kernel::Outcome> {
                $outcome(self)
            }

            fn format_move(&self, mv: Move) -> String {
                notation::write_move(mv)
            }

            fn parse_move(&self, text: &str) -> Result<Move, fairy_kernel::MoveError> {
                notation::parse_move(self, text)
            }

            fn move_origin(&self, mv: Move) -> u16 {
                mv.origin()
            }

            fn parse_square(&self, text: &str) -> Result<u16, fairy_kernel::SquareError> {
                fairy_kernel::Geometry::parse_square(
                    notation::geometry(),
                    &text.to_ascii_lowercase(),
                )
            }

            fn is_capture(&self, mv: Move) -> bool {
                $is_capture(self, mv)
            }

            fn hash(&self) -> u64 {
                self.core.hash
            }

            fn hash_from_scratch(&self) -> u64 {
                self.core.compute_hash()
            }

            fn count_legal_moves(&self) -> usize {
                let mut c = $crate::Counter::default();
                self.generate(&mut c);
                c.total()
            }
        }

        /// Drawings, piece names and typed move records.
        impl fairy_kernel::presentation::Presentation for Position {
            fn diagram(&self) -> String {
                diagram::draw(self)
            }

            $(#[$bm])*
            fn board_view(&self) -> Option<fairy_kernel::view::BoardView> {
                Some($board_view(self))
            }

            /// The six orthodox pieces.
            fn pieces(&self) -> Vec<fairy_kernel::presentation::PieceKind> {
                $crate::PIECE_KINDS.to_vec()
            }

            fn square_name(&self, sq: u16) -> String {
                fairy_kernel::Geometry::square_name(notation::geometry(), sq)
            }

            fn cell_count(&self) -> usize {
                fairy_kernel::Geometry::cell_count(notation::geometry())
            }

            $(#[$mm])*
            fn move_record(&self, mv: Move) -> fairy_kernel::presentation::MoveRecord {
                $move_record(self, mv)
            }

            /// A pawn promotes to a Queen, Rook, Bishop or Knight.
            fn promotion_letters(&self) -> Vec<char> {
                vec!['Q', 'R', 'B', 'N']
            }

            fn move_flags(&self) -> fairy_kernel::presentation::MoveFlags {
                $move_flags
            }
        }

        impl Position {
            /// Moves since the last capture or pawn move (no rule uses it; kept for the notation).
            #[inline]
            pub fn halfmove_clock(&self) -> u32 {
                self.core.halfmove
            }

            /// The move number: 1 at the start, up by one after each Black move.
            #[inline]
            pub fn fullmove_number(&self) -> u32 {
                self.core.fullmove
            }
        }
    };
}
