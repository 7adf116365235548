//! The position of {{title}}, its move generator and its `Game` implementation
//! (docs/rules/{{name}}.md).

use std::sync::OnceLock;

use fairy_kernel::game::{loose_move_key, parse_by_legal_moves};
use fairy_kernel::geometry::{leap_table, ray_table};
use fairy_kernel::notation::{field_error, impossible, read_counter, read_rows, write_rows};
use fairy_kernel::presentation::{MoveRecord, PieceKind, Presentation};
use fairy_kernel::view::{BoardView, PieceView};
use fairy_kernel::{
    zobrist, ArrayMoveList, Color, Game, Geometry, Heuristics, MoveError, Outcome, PositionError,
    Reason, SquareError,
};

use crate::board::{self, board, CELLS, KING_STEPS, ROOK_DIRECTIONS};
use crate::types::{Move, Piece, Role, Square};

/// The start position's notation ({{label}}7).
pub const START: &str = board::START;

/// The bound of [`MoveList`]: at most two rooks and a king move, and each moves at most
/// to every other cell, so `3 * (CELLS - 1)` can never be exceeded.
pub const MAX_MOVES: usize = 3 * (CELLS - 1);

/// The move list [`Position::legal_moves`](Game::legal_moves) fills.
pub type MoveList = ArrayMoveList<Move, MAX_MOVES>;

/// Plies without a capture after which the game is drawn ({{label}}5).
pub const MOVE_RULE_PLIES: u32 = 100;

/// Zobrist keys of a piece (by [`Piece::index`]) on each cell.
static PIECE_KEYS: [[u64; CELLS]; 4] = {
    let mut keys = [[0u64; CELLS]; 4];
    let mut p = 0;
    while p < 4 {
        let mut sq = 0;
        while sq < CELLS {
            keys[p][sq] = zobrist::key(1, (p * CELLS + sq) as u64);
            sq += 1;
        }
        p += 1;
    }
    keys
};

/// The Zobrist key of Black to move.
const BLACK_KEY: u64 = zobrist::key(2, 0);

/// Movement tables, computed once from the board's geometry ({{label}}2).
struct Tables {
    /// `king[sq]`: the cells one king step away.
    king: Vec<Vec<u16>>,
    /// `rook[sq][dir]`: the empty-board ray from `sq` in each rook direction.
    rook: Vec<Vec<Vec<u16>>>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables {
        king: leap_table(board(), KING_STEPS),
        rook: ray_table(board(), ROOK_DIRECTIONS, None),
    })
}

/// A position of {{title}}: placement, side to move and move clocks.
///
/// Positions are values: [`Game::play`] changes one in place; keep a copy to go back.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    cells: [Option<Piece>; CELLS],
    side: Color,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
}

// `Position::new()` and `Default` (the start), `Display` and `FromStr` (the notation of
// {{label}}7), as in every variant crate.
fairy_kernel::impl_position_new!(Position);
fairy_kernel::impl_position_text!(Position);

impl Position {
    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index() as usize]
    }

    /// The square of `color`'s king, if it is still on the board.
    pub fn king(&self, color: Color) -> Option<Square> {
        Square::all().find(|&sq| {
            self.piece_at(sq)
                == Some(Piece {
                    color,
                    role: Role::King,
                })
        })
    }

    /// Plies since the last capture ({{label}}5).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The full-move number, from 1, increased after each Black move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Whether a piece of `by` attacks `sq` ({{label}}2, {{label}}3).
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let t = tables();
        let s = sq.index() as usize;
        // King steps and rook lines are symmetric: look outward from `sq`.
        let king = Piece {
            color: by,
            role: Role::King,
        };
        if t.king[s].iter().any(|&k| self.cells[k as usize] == Some(king)) {
            return true;
        }
        let rook = Piece {
            color: by,
            role: Role::Rook,
        };
        t.rook[s].iter().any(|ray| {
            ray.iter()
                .find_map(|&c| self.cells[c as usize])
                .is_some_and(|p| p == rook)
        })
    }

    /// Whether the game is over before any move is generated: the side to move has lost
    /// its king ({{label}}4) or the move rule has run out ({{label}}5).
    fn ended(&self) -> bool {
        self.king(self.side).is_none() || self.halfmove >= MOVE_RULE_PLIES
    }

    /// Pushes every move of the side to move ({{label}}2, {{label}}3).
    fn generate(&self, out: &mut impl FnMut(Move)) {
        if self.ended() {
            return;
        }
        let t = tables();
        for (from, cell) in self.cells.iter().enumerate() {
            let Some(p) = *cell else { continue };
            if p.color != self.side {
                continue;
            }
            let mv = |to: u16| Move {
                from: Square(from as u16),
                to: Square(to),
            };
            match p.role {
                Role::King => {
                    for &to in &t.king[from] {
                        if self.cells[to as usize].is_none_or(|q| q.color != self.side) {
                            out(mv(to));
                        }
                    }
                }
                Role::Rook => {
                    for ray in &t.rook[from] {
                        for &to in ray {
                            match self.cells[to as usize] {
                                None => out(mv(to)),
                                Some(q) => {
                                    if q.color != self.side {
                                        out(mv(to));
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            BLACK_KEY
        } else {
            0
        };
        for (sq, cell) in self.cells.iter().enumerate() {
            if let Some(p) = cell {
                h ^= PIECE_KEYS[p.index()][sq];
            }
        }
        h
    }

    /// Material and mobility from White's side ({{label}}6).
    fn white_score(&self) -> i32 {
        let mut score = 0;
        for p in self.cells.iter().flatten() {
            score += p.color.sign() * p.role.value();
        }
        let mut mobility = [0i32; 2];
        let t = tables();
        for (from, cell) in self.cells.iter().enumerate() {
            if let Some(p) = cell {
                if p.role == Role::Rook {
                    for ray in &t.rook[from] {
                        let free = ray
                            .iter()
                            .take_while(|&&c| self.cells[c as usize].is_none())
                            .count();
                        mobility[p.color.index()] += free as i32;
                    }
                }
            }
        }
        score + 2 * (mobility[0] - mobility[1])
    }
}

/// Reads the board field: the rows of [`board::rows`], pieces as letters ({{label}}7).
fn read_board(text: &str) -> Result<[Option<Piece>; CELLS], PositionError> {
    let rows = board::rows();
    let lengths: Vec<usize> = rows.iter().map(Vec::len).collect();
    let letters = read_rows("board", text, &lengths)?;
    let mut cells = [None; CELLS];
    for (row, cells_of_row) in rows.iter().zip(&letters) {
        for (&sq, &c) in row.iter().zip(cells_of_row) {
            if let Some(c) = c {
                let piece = Piece::from_letter(c).ok_or_else(|| {
                    field_error("board", text, format!("a piece letter K, R, k or r, not {c}"))
                })?;
                cells[sq as usize] = Some(piece);
            }
        }
    }
    Ok(cells)
}

impl Game for Position {
    type Move = Move;
    type MoveList = MoveList;
    type RuleSet = ();

    fn start(_: ()) -> Position {
        Position::from_notation((), START).expect("the start position reads")
    }

    fn rule_set(&self) {}

    fn from_notation(_: (), text: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 4 {
            return Err(PositionError::FieldCount {
                text: text.to_owned(),
                found: fields.len(),
                expected: "4".to_owned(),
            });
        }
        let cells = read_board(fields[0])?;
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(field_error("side to move", other, "w or b")),
        };
        let halfmove = read_counter("half-move clock", fields[2])?;
        let fullmove = read_counter("move number", fields[3])?;
        if fullmove == 0 {
            return Err(field_error("move number", fields[3], "a number from 1"));
        }
        let mut p = Position {
            cells,
            side,
            halfmove,
            fullmove,
            hash: 0,
        };
        // {{label}}4: one king a side, except that the side to move may have just lost its.
        for color in Color::ALL {
            let kings = p
                .cells
                .iter()
                .filter(|c| {
                    **c == Some(Piece {
                        color,
                        role: Role::King,
                    })
                })
                .count();
            if kings > 1 {
                return Err(impossible(format!("{color} has {kings} kings")));
            }
            if kings == 0 && color != side {
                return Err(impossible(format!(
                    "{color} has no king but it is not {color}'s move"
                )));
            }
        }
        p.hash = p.compute_hash();
        Ok(p)
    }

    fn to_notation(&self) -> String {
        let rows = board::rows().into_iter().map(|row| {
            row.into_iter()
                .map(|sq| self.cells[sq as usize].map(Piece::letter))
                .collect::<Vec<_>>()
        });
        format!(
            "{} {} {} {}",
            write_rows(rows),
            self.side.fen_char(),
            self.halfmove,
            self.fullmove
        )
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn is_check(&self) -> bool {
        self.king(self.side)
            .is_some_and(|k| self.is_attacked(k, !self.side))
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        self.generate(&mut |m| moves.push(m));
    }

    fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        self.generate(&mut |_| n += 1);
        n
    }

    fn play(&mut self, mv: Move) {
        let (from, to) = (mv.from.index() as usize, mv.to.index() as usize);
        let piece = self.cells[from].take().expect("a piece on the origin");
        self.hash ^= PIECE_KEYS[piece.index()][from];
        if let Some(victim) = self.cells[to] {
            self.hash ^= PIECE_KEYS[victim.index()][to];
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        self.cells[to] = Some(piece);
        self.hash ^= PIECE_KEYS[piece.index()][to];
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = !self.side;
        self.hash ^= BLACK_KEY;
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.king(self.side).is_none() {
            return Some(Outcome::Win {
                winner: !self.side,
                reason: Reason::KingCaptured,
            });
        }
        if self.halfmove >= MOVE_RULE_PLIES {
            return Some(Outcome::Draw {
                reason: Reason::MoveRule,
            });
        }
        if self.count_legal_moves() == 0 {
            return Some(Outcome::Draw {
                reason: Reason::Stalemate,
            });
        }
        None
    }

    fn format_move(&self, mv: Move) -> String {
        let sep = if self.is_capture(mv) { 'x' } else { '-' };
        format!("{}{sep}{}", mv.from, mv.to)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv: Move = text.parse()?;
        let found = parse_by_legal_moves(self, text, |_| Ok(()), loose_move_key);
        found.map_err(|e| match e {
            MoveError::Illegal { text, .. } => MoveError::Illegal {
                reason: match self.piece_at(mv.from) {
                    None => format!("no piece on {}", mv.from),
                    Some(p) if p.color != self.side => {
                        format!("the {} on {} is not {}'s", p.role, mv.from, self.side)
                    }
                    Some(p) => format!("the {} on {} cannot go to {}", p.role, mv.from, mv.to),
                },
                text,
            },
            other => other,
        })
    }

    fn move_origin(&self, mv: Move) -> u16 {
        mv.from.index()
    }

    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        board().parse_square(text)
    }

    fn is_capture(&self, mv: Move) -> bool {
        self.piece_at(mv.to).is_some()
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

}

/// Drawings, piece names and typed move records (docs/rules/{{name}}.md).
impl Presentation for Position {
    fn board_view(&self) -> Option<BoardView> {
        Some(board::view(|sq| {
            self.cells[sq as usize].map(|p| PieceView {
                letter: p.role.letter(),
                color: p.color,
            })
        }))
    }

    /// The pieces of {{label}}2, in notation order.
    fn pieces(&self) -> Vec<PieceKind> {
        Role::ALL
            .iter()
            .map(|&r| {
                PieceKind::new(
                    r.letter(),
                    match r {
                        Role::King => "King",
                        Role::Rook => "Rook",
                    },
                )
            })
            .collect()
    }

    fn square_name(&self, sq: u16) -> String {
        board().square_name(sq)
    }

    fn cell_count(&self) -> usize {
        CELLS
    }

    fn move_record(&self, mv: Move) -> MoveRecord {
        let (from, to) = (mv.from.index(), mv.to.index());
        let record = MoveRecord::new(self.format_move(mv), from, to);
        if self.is_capture(mv) {
            record.capturing(to)
        } else {
            record
        }
    }
}

impl Heuristics for Position {
    fn evaluate(&self) -> i32 {
        self.side.sign() * self.white_score()
    }
}
