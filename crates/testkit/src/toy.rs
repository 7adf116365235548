//! A tiny chess-like game for the engine's tests, examples and the CLI's tests: kings,
//! rooks, bishops and knights on a 5x5 board, won by capturing the enemy king.
//!
//! It exercises what the variants need of the engine without depending on any of them:
//! captures, wins decided by [`Game::outcome`] in a position where the side to move has no
//! king (as in Synthesis), an incrementally kept Zobrist hash, and, under
//! [`ToyRules::Double`], turns of two moves, so that the side to move does not change every
//! ply (as in Imperial Regicide).
//!
//! Rules: pieces move as in chess (king one step, rook and bishop slide, knight leaps);
//! there is no check: a king may be left attacked and is then captured, which wins at
//! once. A side whose king stands but which has no move is stalemated: a draw.
//!
//! Notation: the board from rank 5 down to rank 1, ranks separated by `/`, digits for
//! empty runs, upper case White (`K R B N`), lower case Black; then `w` or `b`; then, for
//! [`ToyRules::Double`], the sub-move index `0` or `1` (optional, default 0). Moves are
//! `a1-a5`.
//!
//! ```
//! use fairy_testkit::toy::{Toy, ToyRules};
//! use fairy_kernel::Game;
//! let pos = Toy::start(ToyRules::Single);
//! assert_eq!(pos.to_notation(), "rnkbr/5/5/5/RNKBR w");
//! assert_eq!(pos.count_legal_moves(), 18);
//! ```

use core::fmt::Write as _;

use fairy_kernel::game::{parse_by_legal_moves, MoveBuf};
use fairy_kernel::presentation::{MoveRecord, PieceKind, Presentation};
use fairy_kernel::zobrist::key;
use fairy_kernel::{
    ArrayMoveList, Color, Delta, Game, Geometry, Heuristics, MoveError, Outcome, PositionError,
    Reason, RectBoard, SquareError,
};

const BOARD: RectBoard = RectBoard::new(5, 5);
const CELLS: usize = 25;

/// The rule sets of the toy game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToyRules {
    /// One move a turn, as in chess.
    Single,
    /// Two moves a turn (sub-moves 0 and 1) by the same side, then the other side.
    Double,
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// One step in any of the eight directions; losing it loses the game.
    King,
    /// Slides along ranks and files.
    Rook,
    /// Slides along diagonals.
    Bishop,
    /// Leaps as a chess knight.
    Knight,
}

impl Kind {
    /// Every kind, king first.
    pub const ALL: [Kind; 4] = [Kind::King, Kind::Rook, Kind::Bishop, Kind::Knight];

    fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
        }
    }

    /// The material value used by [`Heuristics::evaluate`].
    pub const fn value(self) -> i32 {
        match self {
            Kind::King => 0,
            Kind::Rook => 500,
            Kind::Bishop => 300,
            Kind::Knight => 300,
        }
    }
}

/// A piece: its colour and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose.
    pub color: Color,
    /// What.
    pub kind: Kind,
}

impl Piece {
    fn index(self) -> usize {
        self.color.index() * 4 + self.kind as usize
    }
}

/// A move of the toy game: from one square to another (dense indices of a 5x5
/// [`RectBoard`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ToyMove {
    /// The square left.
    pub from: u8,
    /// The square reached.
    pub to: u8,
}

/// A position of the toy game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toy {
    rules: ToyRules,
    board: [Option<Piece>; CELLS],
    side: Color,
    sub: u8,
    hash: u64,
}

const ORTHO: [Delta; 4] = [
    Delta::flat(1, 0),
    Delta::flat(-1, 0),
    Delta::flat(0, 1),
    Delta::flat(0, -1),
];
const DIAG: [Delta; 4] = [
    Delta::flat(1, 1),
    Delta::flat(-1, 1),
    Delta::flat(1, -1),
    Delta::flat(-1, -1),
];
const KING: [Delta; 8] = [
    ORTHO[0], ORTHO[1], ORTHO[2], ORTHO[3], DIAG[0], DIAG[1], DIAG[2], DIAG[3],
];
const KNIGHT: [Delta; 8] = [
    Delta::flat(1, 2),
    Delta::flat(2, 1),
    Delta::flat(2, -1),
    Delta::flat(1, -2),
    Delta::flat(-1, -2),
    Delta::flat(-2, -1),
    Delta::flat(-2, 1),
    Delta::flat(-1, 2),
];

fn piece_key(p: Piece, sq: usize) -> u64 {
    key(1, (p.index() * CELLS + sq) as u64)
}
const SIDE_KEY: u64 = key(2, 0);
const SUB_KEY: u64 = key(3, 0);

impl Toy {
    /// The piece on square `sq` (a dense index), if any.
    pub fn piece_at(&self, sq: u16) -> Option<Piece> {
        self.board.get(usize::from(sq)).copied().flatten()
    }

    /// The sub-move index within the turn (always 0 under [`ToyRules::Single`]).
    pub fn sub_move(&self) -> u8 {
        self.sub
    }

    fn has_king(&self, c: Color) -> bool {
        self.board.iter().flatten().any(|p| {
            *p == Piece {
                color: c,
                kind: Kind::King,
            }
        })
    }

    fn pseudo_moves(&self, out: &mut impl MoveBuf<ToyMove>) {
        for from in BOARD.squares() {
            let Some(p) = self.board[usize::from(from)] else {
                continue;
            };
            if p.color != self.side {
                continue;
            }
            let mut add = |to: u16| -> bool {
                match self.board[usize::from(to)] {
                    None => {
                        out.push(ToyMove {
                            from: from as u8,
                            to: to as u8,
                        });
                        true
                    }
                    Some(q) => {
                        if q.color != self.side {
                            out.push(ToyMove {
                                from: from as u8,
                                to: to as u8,
                            });
                        }
                        false
                    }
                }
            };
            let (dirs, slide): (&[Delta], bool) = match p.kind {
                Kind::King => (&KING[..], false),
                Kind::Rook => (&ORTHO[..], true),
                Kind::Bishop => (&DIAG[..], true),
                Kind::Knight => (&KNIGHT[..], false),
            };
            for &d in dirs {
                let mut sq = from;
                while let Some(to) = BOARD.step(sq, d) {
                    if !add(to) || !slide {
                        break;
                    }
                    sq = to;
                }
            }
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, p) in self.board.iter().enumerate() {
            if let Some(p) = p {
                h ^= piece_key(*p, sq);
            }
        }
        if self.side == Color::Black {
            h ^= SIDE_KEY;
        }
        if self.sub == 1 {
            h ^= SUB_KEY;
        }
        h
    }

    fn mobility(&self) -> i32 {
        let mut list = ArrayMoveList::<ToyMove, 256>::new();
        self.pseudo_moves(&mut list);
        list.len() as i32
    }
}

fn field_err(field: &'static str, text: &str, expected: &str) -> PositionError {
    PositionError::Field {
        field,
        text: text.to_owned(),
        expected: expected.to_owned(),
    }
}

impl Game for Toy {
    type Move = ToyMove;
    type MoveList = ArrayMoveList<ToyMove, 256>;
    type RuleSet = ToyRules;

    fn start(variant: ToyRules) -> Self {
        // The start position is a constant that parses.
        match Toy::from_notation(variant, "rnkbr/5/5/5/RNKBR w") {
            Ok(p) => p,
            Err(e) => unreachable!("toy start position: {e}"),
        }
    }

    fn rule_set(&self) -> ToyRules {
        self.rules
    }

    fn from_notation(variant: ToyRules, text: &str) -> Result<Self, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(2..=3).contains(&fields.len()) {
            return Err(PositionError::FieldCount {
                text: text.to_owned(),
                found: fields.len(),
                expected: "2 or 3".to_owned(),
            });
        }
        let mut board = [None; CELLS];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 5 {
            return Err(field_err("board", fields[0], "5 ranks separated by '/'"));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 4 - i as i32;
            let mut file = 0i32;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as i32;
                } else {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let kind = match c.to_ascii_uppercase() {
                        'K' => Kind::King,
                        'R' => Kind::Rook,
                        'B' => Kind::Bishop,
                        'N' => Kind::Knight,
                        _ => {
                            return Err(field_err(
                                "board",
                                rank_text,
                                "piece letters K R B N (upper case White) and digits",
                            ))
                        }
                    };
                    let sq = BOARD
                        .square(file, rank)
                        .ok_or_else(|| field_err("board", rank_text, "at most 5 squares a rank"))?;
                    board[usize::from(sq)] = Some(Piece { color, kind });
                    file += 1;
                }
            }
            if file != 5 {
                return Err(field_err("board", rank_text, "exactly 5 squares a rank"));
            }
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(field_err("side to move", other, "w or b")),
        };
        let sub = match (fields.get(2), variant) {
            (None, _) | (Some(&"0"), _) => 0,
            (Some(&"1"), ToyRules::Double) => 1,
            (Some(other), ToyRules::Double) => return Err(field_err("sub-move", other, "0 or 1")),
            (Some(other), ToyRules::Single) => {
                return Err(field_err("sub-move", other, "0 (one move a turn)"))
            }
        };
        for c in Color::ALL {
            let kings = board
                .iter()
                .flatten()
                .filter(|p| p.color == c && p.kind == Kind::King)
                .count();
            if kings > 1 {
                return Err(PositionError::Impossible {
                    reason: format!("{c} has {kings} kings"),
                });
            }
        }
        let mut pos = Toy {
            rules: variant,
            board,
            side,
            sub,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn to_notation(&self) -> String {
        let mut s = String::new();
        for rank in (0..5).rev() {
            let mut empty = 0;
            for file in 0..5 {
                let sq = rank * 5 + file;
                match self.board[sq] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            let _ = write!(s, "{empty}");
                            empty = 0;
                        }
                        let l = p.kind.letter();
                        s.push(if p.color == Color::White {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.side.fen_char());
        if self.rules == ToyRules::Double {
            let _ = write!(s, " {}", self.sub);
        }
        s
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn is_check(&self) -> bool {
        // The opponent, were it to move, could capture our king.
        let mut them = self.clone();
        them.side = !self.side;
        let mut moves = Self::MoveList::default();
        them.legal_moves(&mut moves);
        moves.iter().any(|m| {
            self.board[usize::from(m.to)]
                .is_some_and(|p| p.color == self.side && p.kind == Kind::King)
        })
    }

    fn legal_moves(&self, moves: &mut Self::MoveList) {
        if self.has_king(Color::White) && self.has_king(Color::Black) {
            self.pseudo_moves(moves);
        }
    }

    fn play(&mut self, mv: ToyMove) {
        let (from, to) = (usize::from(mv.from), usize::from(mv.to));
        let Some(p) = self.board[from].take() else {
            return;
        };
        self.hash ^= piece_key(p, from) ^ piece_key(p, to);
        if let Some(q) = self.board[to] {
            self.hash ^= piece_key(q, to);
        }
        self.board[to] = Some(p);
        let pass = match self.rules {
            ToyRules::Single => true,
            ToyRules::Double => {
                self.sub ^= 1;
                self.hash ^= SUB_KEY;
                self.sub == 0
            }
        };
        if pass {
            self.side = !self.side;
            self.hash ^= SIDE_KEY;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        for c in Color::ALL {
            if !self.has_king(c) {
                return Some(Outcome::Win {
                    winner: !c,
                    reason: Reason::KingCaptured,
                });
            }
        }
        (self.count_legal_moves() == 0).then_some(Outcome::Draw {
            reason: Reason::Stalemate,
        })
    }

    fn format_move(&self, mv: ToyMove) -> String {
        format!(
            "{}-{}",
            BOARD.square_name(u16::from(mv.from)),
            BOARD.square_name(u16::from(mv.to))
        )
    }

    fn parse_move(&self, text: &str) -> Result<ToyMove, MoveError> {
        let syntax = |t: &str| -> Result<(), MoveError> {
            let Some((a, b)) = t.split_once('-') else {
                return Err(MoveError::Malformed {
                    text: t.to_owned(),
                    expected: "from-to such as a1-a3".to_owned(),
                });
            };
            for part in [a, b] {
                BOARD
                    .parse_square(part)
                    .map_err(|source| MoveError::Square {
                        text: t.to_owned(),
                        source,
                    })?;
            }
            Ok(())
        };
        parse_by_legal_moves(self, text.trim(), syntax, |t| t.to_owned())
    }

    fn move_origin(&self, mv: ToyMove) -> u16 {
        u16::from(mv.from)
    }

    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        BOARD.parse_square(text)
    }

    fn is_capture(&self, mv: ToyMove) -> bool {
        self.board[usize::from(mv.to)].is_some()
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }
}

impl Presentation for Toy {
    fn diagram(&self) -> String {
        let mut s = String::new();
        for rank in (0..5).rev() {
            let _ = write!(s, "{} ", rank + 1);
            for file in 0..5 {
                let c = match self.board[rank * 5 + file] {
                    None => '.',
                    Some(p) if p.color == Color::White => p.kind.letter(),
                    Some(p) => p.kind.letter().to_ascii_lowercase(),
                };
                s.push(' ');
                s.push(c);
            }
            s.push('\n');
        }
        s.push_str("   a b c d e\n");
        s
    }

    fn pieces(&self) -> Vec<PieceKind> {
        vec![
            PieceKind::new('K', "King"),
            PieceKind::new('R', "Rook"),
            PieceKind::new('B', "Bishop"),
            PieceKind::new('N', "Knight"),
        ]
    }

    fn square_name(&self, sq: u16) -> String {
        BOARD.square_name(sq)
    }

    fn cell_count(&self) -> usize {
        CELLS
    }

    fn move_record(&self, mv: ToyMove) -> MoveRecord {
        let (from, to) = (u16::from(mv.from), u16::from(mv.to));
        let r = MoveRecord::new(self.format_move(mv), from, to);
        if self.is_capture(mv) {
            r.capturing(to)
        } else {
            r
        }
    }
}

impl Heuristics for Toy {
    fn evaluate(&self) -> i32 {
        let mut score = 0;
        for p in self.board.iter().flatten() {
            score += p.color.sign() * p.kind.value();
        }
        let mut other = self.clone();
        other.side = !self.side;
        score *= self.side.sign();
        score + 2 * (self.mobility() - other.mobility())
    }

    /// The captured piece's value (a king counts as a large win).
    fn capture_gain(&self, mv: ToyMove) -> i32 {
        self.board[usize::from(mv.to)].map_or(0, |p| match p.kind {
            Kind::King => 100_000,
            k => k.value(),
        })
    }

    /// Passes at the start of a turn only (not between the two moves of a double turn).
    fn play_null(&mut self) -> bool {
        if self.sub != 0 {
            return false;
        }
        self.side = !self.side;
        self.hash ^= SIDE_KEY;
        true
    }
}
