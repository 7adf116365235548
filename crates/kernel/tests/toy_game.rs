//! The kernel's generic machinery (perft, perft_divide, GameRecord and its repetition rule,
//! parse_by_legal_moves) on a toy game small enough to count by hand.
//!
//! The toy: two tokens on a ring of 6 cells; a move steps the own token 1 or 2 cells either
//! way; landing on the enemy token captures it and wins.

use fairy_kernel::game::parse_by_legal_moves;
use fairy_kernel::presentation::{MoveRecord, PieceKind, Presentation};
use fairy_kernel::{
    perft, perft_divide, ArrayMoveList, Color, Game, GameRecord, MoveError, Outcome, PositionError,
    Reason, SquareError,
};

const N: i8 = 6;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Ring {
    tokens: [i8; 2],
    side: Color,
    captured: bool,
}

impl Game for Ring {
    type Move = i8;
    type MoveList = ArrayMoveList<i8, 4>;
    type Variant = ();

    fn start(_: ()) -> Self {
        Ring {
            tokens: [0, 3],
            side: Color::White,
            captured: false,
        }
    }
    fn variant(&self) {}
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

/// Perft of the ring game counted independently by explicit enumeration.
fn brute(tokens: [i8; 2], side: usize, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for d in [-2i8, -1, 1, 2] {
        let mut t = tokens;
        t[side] = (t[side] + d).rem_euclid(N);
        n += if t[0] == t[1] {
            u64::from(depth == 1)
        } else {
            brute(t, 1 - side, depth - 1)
        };
    }
    n
}

#[test]
fn perft_matches_enumeration_and_divide_sums() {
    let start = Ring::start(());
    for depth in 0..=7 {
        assert_eq!(
            perft(&start, depth),
            brute([0, 3], 0, depth),
            "depth {depth}"
        );
    }
    let div = perft_divide(&start, 5);
    assert_eq!(div.len(), 4);
    assert_eq!(div.iter().map(|(_, n)| n).sum::<u64>(), perft(&start, 5));
    assert!(perft_divide(&start, 0).is_empty());
}

#[test]
fn record_detects_threefold_repetition() {
    let mut g = GameRecord::new(Ring::start(()));
    // White +1, Black +1, White -1, Black -1 returns to the start: twice gives 3 occurrences.
    for (i, m) in ["+1", "+1", "-1", "-1", "+1", "+1", "-1"]
        .iter()
        .enumerate()
    {
        g.play_text(m).unwrap_or_else(|e| panic!("move {i}: {e}"));
        assert_eq!(g.outcome(), None, "after move {i}");
    }
    g.play_text("-1").unwrap();
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
    assert!(matches!(g.play_text("+1"), Err(MoveError::GameOver(_))));
    assert!(g.undo());
    assert_eq!(g.outcome(), None);
    assert_eq!(g.move_texts().len(), 7);
}

#[test]
fn record_reports_decisive_end_and_parse_errors() {
    let mut g = GameRecord::new(Ring::from_notation((), "01w").unwrap());
    assert!(matches!(g.play_text("x"), Err(MoveError::Malformed { .. })));
    assert!(matches!(g.play_text("+3"), Err(MoveError::Illegal { .. })));
    g.play_text("+1").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::KingCaptured
        })
    );
    assert_eq!(g.outcome().unwrap().result_str(), "1-0");
    assert!(matches!(g.play_text("+1"), Err(MoveError::GameOver(_))));
}

#[test]
fn is_legal_try_play_and_play_text_check_legality() {
    let start = Ring::start(());
    let mut moves = <Ring as Game>::MoveList::default();
    start.legal_moves(&mut moves);
    let legal = moves[0];
    assert!(start.is_legal(legal));
    assert!(!start.is_legal(5), "5 is no step of the ring game");
    let mut pos = start.clone();
    assert!(matches!(pos.try_play(5), Err(MoveError::Illegal { .. })));
    assert_eq!(pos, start, "an illegal move leaves the position unchanged");
    pos.try_play(legal).unwrap();
    assert_ne!(pos, start);
    let mut by_text = start.clone();
    let text = start.format_move(legal);
    assert_eq!(Game::play_text(&mut by_text, &text).unwrap(), legal);
    assert_eq!(by_text, pos);
    assert!(Game::play_text(&mut by_text, "x").is_err());
    assert_eq!(by_text, pos);
}

#[test]
fn random_walk_plays_legal_moves_and_replays_by_seed() {
    let mut a = GameRecord::new(Ring::start(()));
    let played = a.random_walk(10, 7);
    assert_eq!(played, a.moves().len());
    assert!(played <= 10 && (played == 10 || a.outcome().is_some()));
    // Every move was legal where it was played.
    let mut p = Ring::start(());
    for &m in a.moves() {
        assert!(p.is_legal(m));
        p.play(m);
    }
    let mut b = GameRecord::new(Ring::start(()));
    b.random_walk(10, 7);
    assert_eq!(a.move_texts(), b.move_texts());
    // Seed 0 counts as 1; the walk stops at the record's length, not after max more moves.
    let (mut c, mut d) = (
        GameRecord::new(Ring::start(())),
        GameRecord::new(Ring::start(())),
    );
    c.random_walk(6, 0);
    d.random_walk(6, 1);
    assert_eq!(c.move_texts(), d.move_texts());
    assert_eq!(d.random_walk(d.moves().len(), 3), 0);
}

#[test]
fn scored_record_takes_result_and_termination_from_the_outcome() {
    let mut g = GameRecord::new(Ring::from_notation((), "01w").unwrap());
    let open = fairy_kernel::RecordText::of_game_scored(&g, "ring", "00w", ["a", "b"]);
    assert_eq!(open.tag("Result"), Some("*"));
    assert_eq!(open.tag("Termination"), None);
    g.play_text("+1").unwrap();
    let done = fairy_kernel::RecordText::of_game_scored(&g, "ring", "00w", ["a", "b"]);
    let outcome = g.outcome().unwrap();
    assert_eq!(done.tag("Result"), Some(outcome.result_str()));
    assert_eq!(done.tag("Termination"), Some(outcome.to_string().as_str()));
}

#[test]
fn move_records_name_squares_and_captures() {
    let pos = Ring::from_notation((), "01w").unwrap();
    let capture = pos.move_record(1);
    assert_eq!(
        (capture.from, capture.to, capture.captured),
        (0, 1, Some(1))
    );
    assert_eq!(capture.text, "+1");
    let quiet = pos.move_record(-1);
    assert_eq!((quiet.to, quiet.is_capture()), (5, false));
    assert_eq!(pos.legend(), [('T', "Token")]);
    assert_eq!(pos.turn_text(), "white to move");
}
