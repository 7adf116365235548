//! Notation properties (S9, S14; docs/rules/synthesis.md sections 7 and 8): round trips,
//! incremental hash, parsers fed arbitrary strings never panic.

mod common;

use common::{random_walk, STARTS};
use fairy_kernel::Game as _;
use fairy_synthesis::Position;
use quickcheck::QuickCheck;

fn round_trips(seed: u64) -> bool {
    let start = STARTS[(seed % STARTS.len() as u64) as usize];
    let mut ok = true;
    random_walk(start, seed, 80, |p| {
        let fen = p.to_notation();
        match Position::from_notation((), &fen) {
            Ok(q) if q == *p && q.to_notation() == fen => {}
            other => {
                eprintln!("{fen} -> {other:?}");
                ok = false;
            }
        }
        if p.hash() != p.hash_from_scratch() {
            eprintln!("hash {fen}");
            ok = false;
        }
        for m in p.legal_move_list() {
            if p.parse_move(&m.to_string()) != Ok(m) {
                eprintln!("move {m} in {fen}");
                ok = false;
            }
        }
    });
    ok
}

#[test]
fn position_and_move_notation_round_trip_on_random_play() {
    QuickCheck::new()
        .tests(200)
        .quickcheck(round_trips as fn(u64) -> bool);
}

fn fen_never_panics(s: String) -> bool {
    let _ = Position::from_notation((), &s);
    true
}

fn fen_fields_never_panic(fields: Vec<String>) -> bool {
    let _ = Position::from_notation((), &fields.join(" "));
    // Mutations of a valid position, field by field.
    let base: Vec<&str> = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -/-"
        .split(' ')
        .collect();
    for (i, f) in fields.iter().enumerate().take(7) {
        let mut v: Vec<&str> = base.clone();
        v[i] = f;
        let _ = Position::from_notation((), &v.join(" "));
    }
    true
}

fn move_never_panics(s: String) -> bool {
    let p = Position::new();
    let _ = p.parse_move(&s);
    let _ = p.parse_move(&format!("e2-{s}"));
    let _ = p.parse_move(&format!("e7-e8={s}"));
    true
}

#[test]
fn parsers_fed_arbitrary_strings_never_panic() {
    QuickCheck::new()
        .tests(2000)
        .quickcheck(fen_never_panics as fn(String) -> bool);
    QuickCheck::new()
        .tests(2000)
        .quickcheck(fen_fields_never_panic as fn(Vec<String>) -> bool);
    QuickCheck::new()
        .tests(2000)
        .quickcheck(move_never_panics as fn(String) -> bool);
    for s in [
        "", " ", "-", "e2", "e2-", "e2-e", "é2-e4", "e2-e4=", "e2-e4=QQ", "e7-e8=K",
    ] {
        assert!(Position::new().parse_move(s).is_err(), "{s}");
    }
    assert!(Position::new().parse_move("e2xe4").is_ok());
    assert!(Position::new().parse_move("e2:e3").is_ok());
}

#[test]
fn move_parse_errors_are_typed() {
    use fairy_kernel::MoveError;
    let p = Position::new();
    assert!(matches!(
        p.parse_move("hello"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        p.parse_move("e3-e4"),
        Err(MoveError::Illegal { .. })
    ));
    let p = Position::from_notation((), "7k/P7/8/8/8/8/8/R3K1Q1 w - - 0 1").unwrap();
    let e = p.parse_move("a7-a8").unwrap_err().to_string();
    assert!(e.contains("promotion"), "{e}");
    assert_eq!(p.parse_move("a7-a8=q").unwrap().to_string(), "a7-a8=Q");
    let p = Position::from_notation((), "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 L/H").unwrap();
    assert!(matches!(p.parse_move("h8-g8"), Err(MoveError::GameOver(_))));
}
