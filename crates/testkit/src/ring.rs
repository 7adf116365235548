//! A toy game small enough to count by hand, for the kernel's generic machinery (perft,
//! perft_divide, GameRecord and its repetition rule, parse_by_legal_moves).
//!
//! Two tokens on a ring of [`N`] cells, White's on cell 0 and Black's on cell 3; a move
//! steps the own token 1 or 2 cells either way; landing on the enemy token captures it and
//! wins.
//!
//! ```
//! use fairy_kernel::{perft, Game};
//! use fairy_testkit::ring::Ring;
//! let start = Ring::start(());
//! assert_eq!(start.to_notation(), "03w");
//! assert_eq!(perft(&start, 1), 4);
//! ```

use fairy_kernel::game::parse_by_legal_moves;
use fairy_kernel::presentation::{MoveRecord, PieceKind, Presentation};
use fairy_kernel::{
    ArrayMoveList, Color, Game, Heuristics, MoveError, Outcome, PositionError, Reason, SquareError,
};

/// The number of cells on the ring.
pub const N: i8 = 6;

/// A position of the ring game: where the two tokens stand, who is to move, whether a
/// token has been captured. Its rule set is `()`; a move is the step, `-2`, `-1`, `1` or
/// `2` cells; the notation is the two cells and the side (`03w`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ring {
    tokens: [i8; 2],
    side: Color,
    captured: bool,
}

impl Game for Ring {
    type Move = i8;
    type MoveList = ArrayMoveList<i8, 4>;
    type RuleSet = ();

    fn start(_: ()) -> Self {
        Ring {
            tokens: [0, 3],
            side: Color::White,
            captured: false,
        }
    }
    fn rule_set(&self) {}
    fn from_notation(_: (), text: &str) -> Result<Self, PositionError> {
        let b = text.as_bytes();
        if b.len() != 3 || !b[0].is_ascii_digit() || !b[1].is_ascii_digit() {
            return Err(PositionError::Field {
                field: "board",
                text: text.into(),
                expected: "two cell digits and a side".into(),
            });
        }
        let side = match b[2] {
            b'w' => Color::White,
            b'b' => Color::Black,
            _ => {
                return Err(PositionError::Field {
                    field: "side to move",
                    text: text[2..].into(),
                    expected: "w or b".into(),
                })
            }
        };
        Ok(Ring {
            tokens: [(b[0] - b'0') as i8 % N, (b[1] - b'0') as i8 % N],
            side,
            captured: false,
        })
    }
    fn to_notation(&self) -> String {
        format!(
            "{}{}{}",
            self.tokens[0],
            self.tokens[1],
            self.side.fen_char()
        )
    }
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn is_check(&self) -> bool {
        // The other token is one or two steps away: it could land on ours.
        let d = (self.tokens[self.side.index()] - self.tokens[(!self.side).index()]).rem_euclid(N);
        !self.captured && [1, 2, N - 1, N - 2].contains(&d)
    }
    fn legal_moves(&self, moves: &mut Self::MoveList) {
        if !self.captured {
            for d in [-2, -1, 1, 2] {
                moves.push(d);
            }
        }
    }
    fn play(&mut self, d: i8) {
        let me = self.side.index();
        self.tokens[me] = (self.tokens[me] + d).rem_euclid(N);
        self.captured = self.tokens[0] == self.tokens[1];
        self.side = !self.side;
    }
    fn outcome(&self) -> Option<Outcome> {
        self.captured.then_some(Outcome::Win {
            winner: !self.side,
            reason: Reason::KingCaptured,
        })
    }
    fn format_move(&self, d: i8) -> String {
        format!("{d:+}")
    }
    fn parse_move(&self, text: &str) -> Result<i8, MoveError> {
        parse_by_legal_moves(
            self,
            text,
            |t| {
                if t.len() == 2 && (t.starts_with('+') || t.starts_with('-')) {
                    Ok(())
                } else {
                    Err(MoveError::Malformed {
                        text: t.into(),
                        expected: "a sign and a digit".into(),
                    })
                }
            },
            str::to_owned,
        )
    }
    fn move_origin(&self, _: i8) -> u16 {
        self.tokens[self.side.index()] as u16
    }
    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        Err(SquareError::Malformed {
            text: text.into(),
            expected: "nothing".into(),
        })
    }
    fn is_capture(&self, d: i8) -> bool {
        (self.tokens[self.side.index()] + d).rem_euclid(N) == self.tokens[1 - self.side.index()]
    }
    fn hash(&self) -> u64 {
        self.hash_from_scratch()
    }
    fn hash_from_scratch(&self) -> u64 {
        (self.tokens[0] as u64) << 8 | (self.tokens[1] as u64) << 1 | self.side.index() as u64
    }
}

impl Heuristics for Ring {
    fn evaluate(&self) -> i32 {
        0
    }
}

impl Presentation for Ring {
    fn diagram(&self) -> String {
        self.to_notation()
    }
    fn pieces(&self) -> Vec<PieceKind> {
        vec![PieceKind::new('T', "Token")]
    }
    fn square_name(&self, sq: u16) -> String {
        sq.to_string()
    }
    fn cell_count(&self) -> usize {
        N as usize
    }
    fn move_record(&self, d: i8) -> MoveRecord {
        let from = self.tokens[self.side.index()];
        let to = (from + d).rem_euclid(N) as u16;
        let r = MoveRecord::new(self.format_move(d), from as u16, to);
        if self.is_capture(d) {
            r.capturing(to)
        } else {
            r
        }
    }
}
