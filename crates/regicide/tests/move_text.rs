//! `Square` and `Move` as text without a position: `Display`/`FromStr` round trips.

use fairy_regicide::{Move, MoveKind, Position, Square};
use fairy_testkit::text_checks;

#[test]
fn every_square_round_trips_through_its_name() {
    let names = text_checks::squares_round_trip(
        &Square::ALL,
        Square::COUNT,
        |s| s.index(),
        Square::new,
        &["y1", "a0"],
    );
    for (sq, name) in Square::ALL.into_iter().zip(names) {
        assert_eq!(fairy_regicide::square_name(sq), name);
    }
}

#[test]
fn every_legal_move_round_trips_through_its_text() {
    let positions = text_checks::random_positions(&Position::new(), 6, 60);
    let seen = text_checks::moves_round_trip(
        &positions,
        |m: Move| (m.from(), m.to(), m.promotion()),
        Position::resolve,
        |m| m.kind() == MoveKind::Normal,
    );
    let mut kinds = [0usize; 4];
    for m in seen.moves {
        kinds[m.kind() as usize] += 1;
    }
    assert!(kinds[0] > 1000 && kinds[1] > 0, "{kinds:?}");
}

#[test]
fn move_text_errors_are_one_line() {
    text_checks::move_errors_one_line::<Move>(&["", "d9", "d9-d13", "d9-d7=K", "d9-d7=X", "d9d7"]);
}
