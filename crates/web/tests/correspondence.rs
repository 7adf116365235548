//! Correspondence clocks of live games, on a made-up timeline: every turn has the full days,
//! and a flag fall leaves the loser's clock at 0.

use fairy_web::live::db::{Sqlite, Storage};
use fairy_web::live::game::{now_ms, GameRow, LiveGame, TimeControl, TimeKind};

mod common;
use common::game_row;

const DAY: i64 = 86_400_000;
const HOUR: i64 = 3_600_000;

fn row() -> GameRow {
    let start = fairy::registry::find("glinski")
        .expect("glinski")
        .session(None)
        .expect("a session")
        .notation();
    GameRow {
        start_position: start,
        time: TimeControl {
            kind: TimeKind::Correspondence,
            base_ms: DAY,
            increment_ms: 0,
        },
        clocks: [DAY; 2],
        ..game_row("corr", "glinski")
    }
}

fn first_move(g: &LiveGame) -> String {
    g.session().legal_moves(None).expect("moves")[0].clone()
}

#[test]
fn every_turn_has_the_full_days_and_a_fallen_flag_reads_zero() {
    let db = Sqlite::in_memory().expect("a database");
    let r = row();
    db.create(&r).expect("stored");
    let mut g = LiveGame::restore(r, &[], 100).expect("a game");
    let t0 = now_ms();
    let mv = first_move(&g);
    g.play(&db, 0, &mv, t0).expect("white's first move");
    // Black takes 5 hours, white then 20 hours: each starts its next turn with a day.
    let mv = first_move(&g);
    g.play(&db, 1, &mv, t0 + 5 * HOUR).expect("black's move");
    assert_eq!(g.clocks(t0 + 5 * HOUR), [DAY, DAY]);
    assert_eq!(g.clocks(t0 + 7 * HOUR), [DAY - 2 * HOUR, DAY]);
    let mv = first_move(&g);
    g.play(&db, 0, &mv, t0 + 25 * HOUR).expect("white's move");
    assert_eq!(g.clocks(t0 + 25 * HOUR), [DAY, DAY]);
    assert_eq!(g.clocks(t0 + 26 * HOUR), [DAY, DAY - HOUR]);
    // Black lets the day pass: black loses on time and its clock reads 0.
    let late = t0 + 25 * HOUR + DAY + 1;
    assert!(g.check_flag(&db, late).expect("checked"));
    assert_eq!(g.row.result, "1-0");
    assert_eq!(g.clocks(late + HOUR), [DAY, 0]);
    // Read back from the database, the game says the same.
    let (stored, moves) = db.load("corr").expect("read").expect("there");
    assert_eq!(stored.clocks, [DAY, 0]);
    assert_eq!(moves.len(), 3);
}
