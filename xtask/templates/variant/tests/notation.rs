//! Notation round trips and typed errors, copy-make identity and the incremental hash
//! (docs/rules/{{name}}.md, {{label}}7).

mod common;

use common::{fast_moves, notation_with, random_positions};
use {{crate}}::prelude::*;

#[test]
fn start_position_round_trips() {
    let p = Position::new();
    assert_eq!(p.to_string(), START);
    assert_eq!(START.parse::<Position>(), Ok(p.clone()));
    assert_eq!(Position::default(), p);
    assert_eq!(Position::start(()), p);
    assert!(!p.is_check());
    assert!(p.outcome().is_none());
    assert!(p.diagram().ends_with("white to move\n"), "{}", p.diagram());
    let view = p.board_view().expect("a board view");
    assert_eq!(view.cells.len(), Square::all().count());
    let pieces = view.cells.iter().filter(|c| c.piece.is_some()).count();
    assert_eq!(pieces, START.chars().filter(|c| "KRkr".contains(*c)).count());
}

#[test]
fn bad_positions_give_typed_errors() {
    let (board, _) = START.split_once(' ').unwrap();
    let field = |text: &str| match text.parse::<Position>() {
        Err(PositionError::Field { field, .. }) => field,
        other => panic!("{text}: {other:?}"),
    };
    assert!(matches!(
        "".parse::<Position>(),
        Err(PositionError::FieldCount { .. })
    ));
    assert!(matches!(
        format!("{board} w 0").parse::<Position>(),
        Err(PositionError::FieldCount { .. })
    ));
    assert_eq!(field("x w 0 1"), "board");
    assert_eq!(field(&format!("{board}Q w 0 1")), "board");
    assert_eq!(field(&format!("{board} g 0 1")), "side to move");
    assert_eq!(field(&format!("{board} w -1 1")), "half-move clock");
    assert_eq!(field(&format!("{board} w 0 0")), "move number");
    let two_kings = notation_with(&[("{{center}}", 'K'), ("{{far1}}", 'K'), ("{{far2}}", 'k')], 'w');
    assert!(matches!(
        two_kings.parse::<Position>(),
        Err(PositionError::Impossible { .. })
    ));
    // Black has lost its king, yet White is to move: impossible ({{label}}4).
    let no_king = notation_with(&[("{{far1}}", 'K')], 'w');
    assert!(matches!(
        no_king.parse::<Position>(),
        Err(PositionError::Impossible { .. })
    ));
}

#[test]
fn bad_moves_give_typed_errors() {
    let p = Position::new();
    assert!(matches!(p.parse_move("hello"), Err(MoveError::Malformed { .. })));
    assert!(matches!(
        p.parse_move("{{off_board}}-{{example_from}}"),
        Err(MoveError::Square { .. })
    ));
    let black_king = p.king(Color::Black).unwrap();
    let text = format!("{black_king}-{black_king}");
    match p.parse_move(&text) {
        Err(MoveError::Illegal { reason, .. }) => assert!(reason.contains("not white's"), "{reason}"),
        other => panic!("{other:?}"),
    }
    let mut q = p.clone();
    assert!(q.play_text(&text).is_err());
    assert_eq!(q, p, "a refused move leaves the position as it was");
}

#[test]
fn moves_and_positions_round_trip_along_random_games() {
    for p in random_positions(12, 80) {
        assert_eq!(p.to_string().parse::<Position>(), Ok(p.clone()));
        assert_eq!(p.hash(), p.hash_from_scratch(), "{p}");
        for m in fast_moves(&p) {
            let text = p.format_move(m);
            assert_eq!(p.parse_move(&text), Ok(m), "{p}: {text}");
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
            assert!(p.is_legal(m));
            assert_eq!(p.move_origin(m), m.from.index());
            // Copy-make: the parent is untouched, the child's hash is its own.
            let before = p.clone();
            let mut child = p.clone();
            child.play(m);
            assert_eq!(p, before);
            assert_eq!(child.hash(), child.hash_from_scratch(), "{p}: {text}");
            assert_ne!(child.side_to_move(), p.side_to_move());
        }
    }
}

#[test]
fn the_hash_tells_the_side_to_move() {
    let (board, _) = START.split_once(' ').unwrap();
    let w: Position = format!("{board} w 0 1").parse().unwrap();
    let b: Position = format!("{board} b 0 1").parse().unwrap();
    assert_ne!(w.hash(), b.hash());
}

#[cfg(feature = "serde")]
#[test]
fn serde_writes_the_notation() {
    let p = Position::new();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{START}\""));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
    assert!(serde_json::from_str::<Position>("\"nonsense\"").is_err());
}
