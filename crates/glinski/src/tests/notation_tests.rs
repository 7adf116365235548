//! Position and move notation (docs/rules/glinski.md §5): examples, errors, robustness.

use fairy_kernel::{Game, MoveError, PositionError, SquareError};
use quickcheck::quickcheck;

use super::{after, fen, pos, setup};
use crate::{Position, START};

#[test]
fn start_round_trips() {
    assert_eq!(pos(START).to_notation(), START);
    assert_eq!(pos(START), Position::start(()));
}

#[test]
fn public_program_example_after_four_moves() {
    // The game g4-g5 e7-e6 f5-f6 e6xf6 of the hexchess.club documentation.
    let mut p = Position::start(());
    for m in ["g4-g5", "e7-e6", "f5-f6", "e6-f6"] {
        p = after(&p, m);
    }
    assert_eq!(
        p.to_notation(),
        "b/qbk/n1b1n/r5r/ppp1ppppp/5p5/6P4/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 3"
    );
}

#[test]
fn move_notation_forms() {
    let p = Position::start(());
    let m = p.parse_move("f5-f6").unwrap();
    assert_eq!(p.format_move(m), "f5-f6");
    for alias in ["f5f6", "F5-F6", " f5-f6 ", "f5:f6", "f5xf6"] {
        assert_eq!(p.parse_move(alias), Ok(m), "{alias}");
    }
    let q = setup(&[("f10", 'P'), ("a1", 'K'), ("l6", 'k')], 'w');
    let m = q.parse_move("f10-f11=Q").unwrap();
    assert_eq!(q.format_move(m), "f10-f11=Q");
    // "e10-e11=Q", sometimes given as an example, names no cell: file e has 10 cells
    // (§5.3).
    assert!(matches!(
        q.parse_move("e10-e11=Q"),
        Err(MoveError::Square {
            source: SquareError::OffBoard { .. },
            ..
        })
    ));
}

#[test]
fn move_errors_are_typed() {
    let p = Position::start(());
    assert!(matches!(p.parse_move(""), Err(MoveError::Malformed { .. })));
    assert!(matches!(
        p.parse_move("f5"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        p.parse_move("f5-f6=Z"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        p.parse_move("j1-j2"),
        Err(MoveError::Square { .. })
    ));
    assert!(matches!(
        p.parse_move("a7-a8"),
        Err(MoveError::Square { .. })
    ));
    assert!(matches!(
        p.parse_move("f7-f6"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("f5-f8"),
        Err(MoveError::Illegal { .. })
    ));
    let mate = setup(&[("f11", 'k'), ("f10", 'Q'), ("f9", 'K')], 'b');
    assert!(matches!(
        mate.parse_move("f11-e10"),
        Err(MoveError::GameOver(_))
    ));
}

#[test]
fn position_errors_are_typed() {
    let field = |t: &str| {
        matches!(
            Position::from_notation((), t),
            Err(PositionError::Field { .. })
        )
    };
    let count = |t: &str| {
        matches!(
            Position::from_notation((), t),
            Err(PositionError::FieldCount { .. })
        )
    };
    let impossible = |t: &str| {
        matches!(
            Position::from_notation((), t),
            Err(PositionError::Impossible { .. })
        )
    };
    assert!(count(
        "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w 0 1"
    ));
    assert!(count(""));
    // A rank too long, a wrong letter, a wrong side, a bad en-passant cell, bad counters.
    assert!(field(
        "b/qbk/n1b1n/r5r/ppppppppp/12/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"
    ));
    assert!(field(
        "b/qbk/n1b1n/r5r/ppppppppp/11/5X5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"
    ));
    assert!(field(&START.replace(" w ", " x ")));
    assert!(field(&START.replace(" - ", " j4 ")));
    assert!(field(&START.replace(" 0 1", " -1 1")));
    assert!(field(&START.replace(" 0 1", " 0 0")));
    // Two white kings; no black king.
    assert!(impossible(&fen(
        &[("a1", 'K'), ("a2", 'K'), ("l6", 'k')],
        'w',
        "-"
    )));
    assert!(impossible(&fen(&[("a1", 'K')], 'w', "-")));
    // A white pawn on its last cell; a white pawn below its start cells (c1).
    assert!(impossible(&fen(
        &[("a1", 'K'), ("l6", 'k'), ("f11", 'P')],
        'w',
        "-"
    )));
    assert!(impossible(&fen(
        &[("a1", 'K'), ("l6", 'k'), ("c1", 'P')],
        'w',
        "-"
    )));
    assert!(impossible(&fen(
        &[("a1", 'K'), ("l6", 'k'), ("c8", 'p')],
        'w',
        "-"
    )));
    // The side not to move is in check.
    assert!(impossible(&fen(
        &[("a1", 'K'), ("a6", 'k'), ("a3", 'R')],
        'w',
        "-"
    )));
    // An en-passant cell without the double step behind it.
    assert!(impossible(&fen(
        &[("a1", 'K'), ("l6", 'k'), ("d5", 'p')],
        'w',
        "e6"
    )));
    assert!(impossible(&fen(&[("a1", 'K'), ("l6", 'k')], 'w', "d6")));
    // Ten white pawns.
    let mut many: Vec<(&str, char)> = ["b2", "c3", "d4", "e5", "f6", "g5", "h4", "i3", "k2", "a4"]
        .iter()
        .map(|&c| (c, 'P'))
        .collect();
    many.extend([("a1", 'K'), ("l6", 'k')]);
    assert!(impossible(&fen(&many, 'w', "-")));
}

quickcheck! {
    fn parsers_never_panic(text: String) -> bool {
        let _ = Position::from_notation((), &text);
        let p = Position::start(());
        let _ = p.parse_move(&text);
        let _ = p.parse_square(&text);
        true
    }

    fn mutated_start_strings_never_panic(cut: usize, c: char) -> bool {
        let mut s: Vec<char> = START.chars().collect();
        let i = cut % s.len();
        s[i] = c;
        let t: String = s.into_iter().collect();
        let _ = Position::from_notation((), &t);
        let prefix: String = t.chars().skip(i / 2).take(9).collect();
        let _ = Position::start(()).parse_move(&prefix);
        true
    }
}
