//! Live games on PostgreSQL, with two servers on one database (docs/server.md,
//! "PostgreSQL"). Needs a database: `FAIRY_TEST_POSTGRES=postgres://USER@127.0.0.1:PORT/DB`
//! (each test makes a database of its own there); the restart test also needs
//! `FAIRY_TEST_POSTGRES_STOP` and `FAIRY_TEST_POSTGRES_START`, shell commands that stop and
//! start that server. `.ci/postgres` sets them all on a throwaway cluster. Without them
//! each test prints that it was skipped and passes.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use fairy_web::live::db::{DbError, Postgres, Storage};
use fairy_web::live::game::{GameRow, MoveRow, Status};
use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::{connect, game_row, http, listen, next, plies, seated, send, state_where, Ws};

/// The URL of a new, empty database for test `name`, or `None` (and a printed line) when
/// no server is configured.
fn fresh_database(name: &str) -> Option<String> {
    let Ok(admin) = std::env::var("FAIRY_TEST_POSTGRES") else {
        println!("skipped {name}: FAIRY_TEST_POSTGRES is not set (see .ci/postgres)");
        return None;
    };
    static N: AtomicU32 = AtomicU32::new(0);
    let db = format!(
        "fairy_{name}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    );
    let (base, _) = admin.rsplit_once('/').expect("a URL ending in /DATABASE");
    let url = format!("{base}/{db}");
    // The synchronous client runs its own runtime: off tokio's threads.
    std::thread::spawn(move || {
        let mut c = postgres::Client::connect(&admin, postgres::NoTls).expect("admin connect");
        c.batch_execute(&format!("CREATE DATABASE {db}"))
            .expect("create database");
    })
    .join()
    .expect("create database thread");
    Some(url)
}

/// `f` on a thread outside tokio (the synchronous client cannot run on its threads).
fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::spawn(f).join().expect("thread")
}

/// A server on `url`, listening on a loopback port.
async fn server(url: &str) -> SocketAddr {
    let db = fairy_web::open_database(Some(Path::new(url))).expect("open database");
    listen(
        fairy_web::app_on(fairy_web::Config::default(), db)
            .await
            .expect("app"),
    )
    .await
}

/// A game created on `a` by white "Ann" with clock `time` against `opponent` ("invite" or
/// "open"): (id, white's token).
async fn create(a: SocketAddr, time: Value, opponent: &str) -> (String, String) {
    let body = json!({"variant": "chess-t", "time": time, "color": "white", "opponent": opponent, "name": "Ann"});
    let (status, v) = http(a, "POST", "/api/live/games", Some(&body.to_string())).await;
    assert_eq!(status, 201, "{v}");
    (
        v["id"].as_str().expect("id").to_owned(),
        v["token"].as_str().expect("token").to_owned(),
    )
}

/// Bob joins game `id` on `b` (retrying while `b` has not heard of it yet); his token.
async fn join(b: SocketAddr, id: &str) -> String {
    let start = Instant::now();
    loop {
        let (status, v) = http(
            b,
            "POST",
            &format!("/api/live/games/{id}/join"),
            Some(r#"{"name": "Bob"}"#),
        )
        .await;
        if status == 200 {
            assert_eq!(v["seat"], 1);
            return v["token"].as_str().expect("token").to_owned();
        }
        assert!(start.elapsed() < Duration::from_secs(10), "{status} {v}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The first legal move listed for the player of `ws` once the game has `n` plies.
async fn first_move(ws: &mut Ws, n: usize) -> String {
    send(ws, json!({"t": "sync"})).await;
    let s = state_where(ws, |v| {
        plies(v) == n && v["moves"].as_array().is_some_and(|m| !m.is_empty())
    })
    .await;
    s["moves"][0]["text"].as_str().expect("move").to_owned()
}

/// Plays the first legal move for the player of `ws` at ply `n`; its text.
async fn play_first(ws: &mut Ws, n: usize) -> String {
    let mv = first_move(ws, n).await;
    send(ws, json!({"t": "move", "move": mv, "n": 7})).await;
    let ok = next(ws, "ok").await;
    assert_eq!(ok["n"], 7);
    mv
}

/// The stored game `id` (row and moves), read by a connection of its own.
fn stored(url: &str, id: &str) -> (GameRow, Vec<MoveRow>) {
    let (url, id) = (url.to_owned(), id.to_owned());
    blocking(move || {
        let s = Postgres::connect(&url).expect("connect");
        s.load(&id).expect("load").expect("the game is stored")
    })
}

#[test]
fn migrations_run_on_an_empty_database_and_again() {
    let Some(url) = fresh_database("migrations") else {
        return;
    };
    // Two servers starting at once, then a third later: each sees the schema done once.
    let a = {
        let url = url.clone();
        std::thread::spawn(move || Postgres::connect(&url).map(|_| ()))
    };
    let b = {
        let url = url.clone();
        std::thread::spawn(move || Postgres::connect(&url).map(|_| ()))
    };
    assert_eq!(a.join().expect("thread"), Ok(()));
    assert_eq!(b.join().expect("thread"), Ok(()));
    let again = Postgres::connect(&url).expect("migrations again");
    let mut c = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
    let versions: Vec<String> = c
        .query(
            "SELECT version FROM schema_migrations ORDER BY version",
            &[],
        )
        .expect("query")
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(versions, ["0001_live_games", "0002_revision"]);
    // The schema works: a game goes in and comes out.
    let row = game_row("m1", "chess-t");
    again.create(&row).expect("create");
    assert_eq!(again.load("m1").expect("load"), Some((row, Vec::new())));
    assert_eq!(again.load("none").expect("load"), None);
}

#[test]
fn racing_writes_on_one_revision_apply_exactly_one() {
    let Some(url) = fresh_database("race") else {
        return;
    };
    let one = Arc::new(Postgres::connect(&url).expect("connect"));
    let two = Arc::new(Postgres::connect(&url).expect("connect"));
    let row = game_row("r1", "chess-t");
    one.create(&row).expect("create");
    let rounds = 8;
    for ply in 0..rounds {
        // Both read the same revision, then both write the next one at the same moment.
        let base = one.load("r1").expect("load").expect("game").0;
        assert_eq!(base.revision, ply as i64);
        let barrier = Arc::new(Barrier::new(2));
        let racers: Vec<_> = [one.clone(), two.clone()]
            .into_iter()
            .enumerate()
            .map(|(who, s)| {
                let (barrier, mut g) = (barrier.clone(), base.clone());
                std::thread::spawn(move || {
                    g.revision += 1;
                    let mv = MoveRow {
                        ply,
                        text: format!("m{ply}-{who}"),
                        mover: (ply % 2) as u8,
                        clocks: [0, 0],
                        played_at: 10,
                        game_ms: 10,
                    };
                    barrier.wait();
                    s.add_move(&g, &mv)
                })
            })
            .collect();
        let results: Vec<_> = racers
            .into_iter()
            .map(|t| t.join().expect("thread"))
            .collect();
        let applied = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(applied, 1, "{results:?}");
        assert!(
            results
                .iter()
                .any(|r| matches!(r, Err(DbError::Conflict(_)))),
            "{results:?}"
        );
    }
    let (g, moves) = two.load("r1").expect("load").expect("game");
    assert_eq!(g.revision, rounds as i64);
    assert_eq!(moves.len(), rounds);
    // A write based on an old revision changes nothing.
    let mut old = g.clone();
    old.revision = 3;
    old.result = "1-0".into();
    assert!(matches!(one.update(&old), Err(DbError::Conflict(_))));
    assert_eq!(two.load("r1").expect("load").expect("game").0, g);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_on_one_server_reaches_the_other() {
    let Some(url) = fresh_database("fanout") else {
        return;
    };
    let a = server(&url).await;
    let b = server(&url).await;
    let (id, tw) = create(a, json!({"kind": "none"}), "open").await;
    // B hears of the new game: it is in B's lobby.
    let start = Instant::now();
    loop {
        let (_, lobby) = http(b, "GET", "/api/live/lobby", None).await;
        let listed = lobby["open"]
            .as_array()
            .is_some_and(|l| l.iter().any(|g| g["id"] == id.as_str()));
        if listed {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "{lobby}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let tb = join(b, &id).await;
    let mut spectator = connect(a, &id).await;
    let mut white = seated(b, &id, &tw).await;
    let mut black = seated(b, &id, &tb).await;
    let mv = play_first(&mut white, 0).await;
    // The spectator on A sees the move made on B.
    let s = state_where(&mut spectator, |v| plies(v) == 1).await;
    assert_eq!(s["history"][0].as_str(), Some(mv.as_str()), "{s}");
    assert_eq!(s["live"]["status"], "playing");
    // And an answer made on B's other seat reaches A too.
    play_first(&mut black, 1).await;
    state_where(&mut spectator, |v| plies(v) == 2).await;
    // A player on A moves; the opponent on B sees it.
    let mut white_on_a = seated(a, &id, &tw).await;
    play_first(&mut white_on_a, 2).await;
    state_where(&mut black, |v| plies(v) == 3).await;
    let (row, moves) = stored(&url, &id);
    assert_eq!(moves.len(), 3);
    assert_eq!(row.revision, 4, "created at 0, then join and three moves");
}

/// A seat taken through another server whose announcement has not arrived yet (here:
/// written to the database with no announcement at all) is still recognised: the server
/// reads the game again before it refuses a token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_taken_elsewhere_is_recognised_before_its_announcement() {
    let Some(url) = fresh_database("unannounced") else {
        return;
    };
    let a = server(&url).await;
    let b = server(&url).await;
    let (id, _) = create(a, json!({"kind": "none"}), "invite").await;
    // B holds the waiting game (a spectator there sees it).
    let mut spectator = connect(b, &id).await;
    let s = next(&mut spectator, "state").await;
    assert_eq!(s["live"]["status"], "waiting", "{s}");
    let (u, game) = (url.clone(), id.clone());
    blocking(move || {
        let mut c = postgres::Client::connect(&u, postgres::NoTls).expect("connect");
        let n = c
            .execute(
                "UPDATE live_games SET black_name = 'Bob', black_token = 'feedc0de', \
                 status = 'playing', revision = revision + 1 WHERE id = $1",
                &[&game],
            )
            .expect("update");
        assert_eq!(n, 1);
    });
    let mut black = seated(b, &id, "feedc0de").await;
    send(&mut black, json!({"t": "sync"})).await;
    let s = next(&mut black, "state").await;
    assert_eq!(s["live"]["status"], "playing", "{s}");
    // A token that is nowhere is still refused.
    let mut stranger = connect(b, &id).await;
    next(&mut stranger, "state").await;
    send(&mut stranger, json!({"t": "hello", "token": "0123"})).await;
    let e = next(&mut stranger, "error").await;
    assert!(
        e["error"].as_str().is_some_and(|t| t.contains("not valid")),
        "{e}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_move_sent_to_both_servers_is_played_once() {
    let Some(url) = fresh_database("wsrace") else {
        return;
    };
    let a = server(&url).await;
    let b = server(&url).await;
    let (id, tw) = create(a, json!({"kind": "none"}), "invite").await;
    join(a, &id).await;
    let mut on_a = seated(a, &id, &tw).await;
    let mut on_b = seated(b, &id, &tw).await;
    let mv = first_move(&mut on_a, 0).await;
    first_move(&mut on_b, 0).await;
    let msg = json!({"t": "move", "move": mv, "n": 1});
    let (ra, rb) = tokio::join!(
        async {
            send(&mut on_a, msg.clone()).await;
            reply(&mut on_a).await
        },
        async {
            send(&mut on_b, msg.clone()).await;
            reply(&mut on_b).await
        }
    );
    let oks = [&ra, &rb].iter().filter(|r| r["t"] == "ok").count();
    assert_eq!(oks, 1, "{ra} {rb}");
    let refused = if ra["t"] == "ok" { &rb } else { &ra };
    assert_eq!(refused["t"], "error", "{refused}");
    let (row, moves) = stored(&url, &id);
    assert_eq!(moves.len(), 1);
    assert_eq!(row.revision, 2);
    // Both servers show the one move.
    state_where(&mut on_a, |v| plies(v) == 1).await;
    send(&mut on_b, json!({"t": "sync"})).await;
    state_where(&mut on_b, |v| plies(v) == 1).await;
}

/// The reply to the last request: the next `ok` or `error` message.
async fn reply(ws: &mut Ws) -> Value {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            if let Some(Ok(Message::Text(s))) = ws.next().await {
                let v: Value = serde_json::from_str(s.as_str()).expect("json");
                if v["t"] == "ok" || v["t"] == "error" {
                    return v;
                }
            }
        }
    })
    .await
    .expect("a reply within 10 s")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_fall_is_decided_once() {
    let Some(url) = fresh_database("flag") else {
        return;
    };
    let a = server(&url).await;
    let b = server(&url).await;
    let (id, tw) = create(
        a,
        json!({"kind": "clock", "base_s": 2, "increment_s": 0}),
        "invite",
    )
    .await;
    let tb = join(b, &id).await;
    let mut white = seated(a, &id, &tw).await;
    let mut black = seated(b, &id, &tb).await;
    play_first(&mut white, 0).await;
    play_first(&mut black, 1).await;
    // White does not move: both servers run the clock and see it fall.
    let started = Instant::now();
    for ws in [&mut white, &mut black] {
        let s = state_where(ws, |v| v["over"] == true).await;
        assert_eq!(s["live"]["result"], "0-1", "{s}");
        assert_eq!(s["live"]["clocks"][0], 0);
    }
    assert!(started.elapsed() < Duration::from_secs(5));
    // Let both tickers run a while longer; the ending was written once.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let (row, moves) = stored(&url, &id);
    assert_eq!(moves.len(), 2);
    assert_eq!(row.status, Status::Over);
    assert_eq!(row.result, "0-1");
    assert_eq!(
        row.revision, 4,
        "created at 0, then join, two moves and one flag fall: {row:?}"
    );
}

/// Runs the shell command in environment variable `var`.
fn run(var: &str) {
    let cmd = std::env::var(var).expect("command");
    let status = std::process::Command::new("sh")
        .args(["-c", &cmd])
        .stdout(std::process::Stdio::null())
        .status()
        .expect("run");
    assert!(status.success(), "{cmd}: {status}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_goes_on_after_the_database_restarts() {
    let Some(url) = fresh_database("restart") else {
        return;
    };
    if std::env::var("FAIRY_TEST_POSTGRES_STOP").is_err()
        || std::env::var("FAIRY_TEST_POSTGRES_START").is_err()
    {
        println!("skipped: FAIRY_TEST_POSTGRES_STOP/START are not set (see .ci/postgres)");
        return;
    }
    let a = server(&url).await;
    let b = server(&url).await;
    let (id, tw) = create(a, json!({"kind": "none"}), "invite").await;
    let tb = join(a, &id).await;
    let mut white = seated(a, &id, &tw).await;
    let mut black = seated(b, &id, &tb).await;
    let mut spectator = connect(b, &id).await;
    play_first(&mut white, 0).await;
    state_where(&mut spectator, |v| plies(v) == 1).await;

    tokio::task::spawn_blocking(|| run("FAIRY_TEST_POSTGRES_STOP"))
        .await
        .expect("stop");
    // Black's move meanwhile is refused with a clear error, and not shown as played.
    let mv = first_move(&mut black, 1).await;
    send(&mut black, json!({"t": "move", "move": mv, "n": 2})).await;
    let r = reply(&mut black).await;
    assert_eq!(r["t"], "error", "{r}");
    assert!(
        r["error"].as_str().is_some_and(|e| e.contains("database")),
        "{r}"
    );
    send(&mut black, json!({"t": "sync"})).await;
    let s = next(&mut black, "state").await;
    assert_eq!(plies(&s), 1, "{s}");

    tokio::task::spawn_blocking(|| run("FAIRY_TEST_POSTGRES_START"))
        .await
        .expect("start");
    // The server reconnects by itself: the move goes through within a few seconds.
    let started = Instant::now();
    loop {
        send(&mut black, json!({"t": "move", "move": mv, "n": 3})).await;
        let r = reply(&mut black).await;
        if r["t"] == "ok" {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "{r}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    // White, on the other server, sees it and answers; nothing acknowledged was lost.
    play_first(&mut white, 2).await;
    state_where(&mut spectator, |v| plies(v) == 3).await;
    let (_, moves) = stored(&url, &id);
    assert_eq!(moves.len(), 3);
}
