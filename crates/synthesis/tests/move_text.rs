//! `Square` and `Move` as text without a position: `Display`/`FromStr` round trips.

use fairy_synthesis::{Move, MoveKind, Position, Square};
use fairy_testkit::text_checks;

#[test]
fn every_square_round_trips_through_its_name() {
    text_checks::squares_round_trip(
        &Square::ALL,
        Square::COUNT,
        |s| s.index(),
        Square::new,
        &["a0", ""],
    );
}

#[test]
fn every_legal_move_round_trips_through_its_text() {
    let positions = text_checks::random_positions(&Position::new(), 8, 60);
    assert!(positions.len() >= 200, "{}", positions.len());
    let seen = text_checks::moves_round_trip(
        &positions,
        |m: Move| (m.from(), m.to(), m.promotion()),
        Position::resolve,
        |m| m.kind() == MoveKind::Normal,
    );
    assert!(seen.exact > 1000, "{} {}", seen.exact, seen.resolved);
}

#[test]
fn move_text_errors_are_one_line() {
    text_checks::move_errors_one_line::<Move>(&["", "a1", "a1-a0", "a7-a8=K", "a7-a8=X"]);
}
