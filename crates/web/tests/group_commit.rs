//! The SQLite store commits the writes of many games together (group commit): moves sent
//! at once from many threads are all acknowledged, a refused write (a stale revision) is
//! refused alone, and every acknowledged move is in the file after it is closed and opened
//! again (a restart).

use std::sync::{Arc, Barrier};

use fairy_web::live::db::{DbError, Sqlite, Storage};
use fairy_web::live::game::{now_ms, GameRow, MoveRow};

mod common;
use common::game_row;

const GAMES: usize = 64;

/// Game `i` of the test.
fn row(i: usize) -> GameRow {
    game_row(&format!("g{i:03}"), "synthesis")
}

fn mv(ply: usize, i: usize) -> MoveRow {
    MoveRow {
        ply,
        text: format!("m{ply}-{i}"),
        mover: (ply % 2) as u8,
        clocks: [0, 0],
        played_at: now_ms(),
        game_ms: 0,
    }
}

#[test]
fn many_games_moves_committed_together_all_survive_a_restart() {
    let path = std::env::temp_dir().join(format!(
        "fairy-group-commit-{}-{}.sqlite3",
        std::process::id(),
        now_ms()
    ));
    let db = Arc::new(Sqlite::open(&path).expect("a database"));
    for i in 0..GAMES {
        db.create(&row(i)).expect("created");
    }
    // Every game plays three moves; the threads start each move together, so that the
    // writer thread finds many waiting and commits them in one transaction. One more thread
    // sends a write with a stale revision in the later rounds.
    let barrier = Arc::new(Barrier::new(GAMES + 1));
    let mut threads = Vec::new();
    for i in 0..GAMES {
        let (db, barrier) = (db.clone(), barrier.clone());
        threads.push(std::thread::spawn(move || {
            let mut g = row(i);
            let mut acked = Vec::new();
            for ply in 0..3 {
                barrier.wait();
                g.revision += 1;
                let m = mv(ply, i);
                db.add_move(&g, &m).expect("acknowledged");
                acked.push(m.text);
            }
            acked
        }));
    }
    let stale = {
        let (db, barrier) = (db.clone(), barrier.clone());
        std::thread::spawn(move || {
            let mut refused = Vec::new();
            for ply in 0..3 {
                barrier.wait();
                // From the second round on, game g001 is past revision 1 (its first move
                // was acknowledged before the round began): revision 1 again is stale.
                if ply == 0 {
                    continue;
                }
                let mut g = row(1);
                g.revision = 1;
                refused.push(db.add_move(&g, &mv(9, ply)));
            }
            refused
        })
    };
    let acked: Vec<Vec<String>> = threads
        .into_iter()
        .map(|t| t.join().expect("a writer thread"))
        .collect();
    let stale = stale.join().expect("the stale writer");
    // Once game g001 is past revision 1, the stale write is a conflict and changes nothing.
    assert_eq!(stale.len(), 2);
    assert!(
        stale.iter().all(|r| matches!(r, Err(DbError::Conflict(_)))),
        "stale writes: {stale:?}"
    );
    drop(db);

    let db = Sqlite::open(&path).expect("opened again");
    let games = db.unfinished().expect("games read");
    assert_eq!(games.len(), GAMES);
    for (g, moves) in &games {
        let i: usize = g.id[1..].parse().expect("an index");
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        let want: Vec<&str> = acked[i].iter().map(String::as_str).collect();
        assert_eq!(texts, want, "the moves of {}", g.id);
        assert_eq!(g.revision, 3, "the revision of {}", g.id);
    }
    drop(db);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}
