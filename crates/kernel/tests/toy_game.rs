//! The kernel's generic machinery (perft, perft_divide, GameRecord and its repetition rule,
//! parse_by_legal_moves) on a toy game small enough to count by hand: the test kit's ring
//! game (two tokens on a ring of 6 cells; a move steps the own token 1 or 2 cells either
//! way; landing on the enemy token captures it and wins).

use fairy_kernel::Presentation;
use fairy_kernel::{perft, perft_divide, Color, Game, GameRecord, MoveError, Outcome, Reason};
use fairy_testkit::ring::{Ring, N};

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
