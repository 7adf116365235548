//! Live games over a real loopback socket: the HTTP calls of the lobby and WebSocket
//! connections of players and spectators (docs/web-api.md, "Live games").

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::{connect, http, listen, next, seated, send, state_where, Ws};

/// A fresh database file name in the temporary directory.
fn db_path(name: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let p = std::env::temp_dir().join(format!(
        "fairy-live-{name}-{}-{}.sqlite3",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", p.display()));
    }
    p
}

async fn start_with(db: Option<&std::path::Path>, config: fairy_web::Config) -> SocketAddr {
    listen(fairy_web::app(config, db).await.expect("app")).await
}

async fn start(db: Option<&std::path::Path>) -> SocketAddr {
    start_with(db, fairy_web::Config::default()).await
}

async fn create(addr: SocketAddr, body: Value) -> Value {
    let (status, v) = http(addr, "POST", "/api/live/games", Some(&body.to_string())).await;
    assert_eq!(status, 201, "{v}");
    v
}

async fn join(addr: SocketAddr, id: &str, name: &str) -> Value {
    let (status, v) = http(
        addr,
        "POST",
        &format!("/api/live/games/{id}/join"),
        Some(&json!({ "name": name }).to_string()),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    v
}

async fn play_first(ws: &mut Ws) -> String {
    // The latest state that lists this player's moves.
    send(ws, json!({"t": "sync"})).await;
    let s = state_where(ws, |v| v["moves"].as_array().is_some_and(|m| !m.is_empty())).await;
    let mv = s["moves"][0]["text"].as_str().expect("move").to_owned();
    send(ws, json!({"t": "move", "move": mv, "n": 1})).await;
    let ok = next(ws, "ok").await;
    assert_eq!(ok["n"], 1);
    mv
}

/// A game between two people: (id, white's connection, black's connection).
async fn two_players(
    addr: SocketAddr,
    variant: &str,
    time: Value,
) -> (String, Ws, Ws, [String; 2]) {
    let g = create(
        addr,
        json!({"variant": variant, "time": time, "color": "white", "opponent": "invite", "name": "Ann"}),
    )
    .await;
    let id = g["id"].as_str().expect("id").to_owned();
    assert_eq!(g["seat"], 0);
    let j = join(addr, &id, "Bob").await;
    assert_eq!(j["seat"], 1);
    let tw = g["token"].as_str().expect("token").to_owned();
    let tb = j["token"].as_str().expect("token").to_owned();
    assert_eq!(tw.len(), 32);
    assert_ne!(tw, tb);
    let w = seated(addr, &id, &tw).await;
    let b = seated(addr, &id, &tb).await;
    (id, w, b, [tw, tb])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_reach_the_opponent_and_spectators_and_the_game_is_archived() {
    let path = db_path("game");
    let addr = start(Some(&path)).await;
    let (id, mut w, mut b, _) = two_players(addr, "chess-t", json!({"kind": "none"})).await;
    let mut spectator = connect(addr, &id).await;
    let first = next(&mut spectator, "state").await;
    assert_eq!(first["live"]["status"], "playing");
    assert_eq!(first["live"]["names"], json!(["Ann", "Bob"]));
    assert_eq!(first["live"]["you"], Value::Null);
    assert_eq!(first["moves"], json!([]), "a spectator is offered no moves");
    // The lobby lists the game being played.
    let (_, lobby) = http(addr, "GET", "/api/live/lobby", None).await;
    assert!(lobby["playing"]
        .as_array()
        .expect("list")
        .iter()
        .any(|g| g["id"] == id));
    let mut played = Vec::new();
    for ply in 0..6 {
        let mv = if ply % 2 == 0 {
            play_first(&mut w).await
        } else {
            play_first(&mut b).await
        };
        played.push(mv);
        let s = state_where(&mut spectator, |v| {
            v["history"].as_array().map(Vec::len) == Some(ply + 1)
        })
        .await;
        assert_eq!(s["history"], json!(played), "the spectator sees every move");
    }
    // Resignation ends the game for everyone.
    send(&mut b, json!({"t": "resign"})).await;
    next(&mut b, "ok").await;
    for ws in [&mut w, &mut spectator] {
        let s = state_where(ws, |v| v["over"] == true).await;
        assert_eq!(s["live"]["result"], "1-0");
        assert!(s["live"]["termination"]
            .as_str()
            .expect("text")
            .contains("resigned"));
    }
    let (status, rec) = http(addr, "GET", &format!("/api/live/games/{id}/record"), None).await;
    assert_eq!(status, 200);
    let rec = rec.as_str().expect("text").to_owned();
    assert!(
        rec.contains("[White \"Ann\"]") && rec.contains("[Result \"1-0\"]"),
        "{rec}"
    );
    assert!(rec.contains(&played[0]), "{rec}");
    let (_, archive) = http(addr, "GET", "/api/live/archive", None).await;
    let entry = archive["games"]
        .as_array()
        .expect("list")
        .iter()
        .find(|g| g["id"] == id)
        .expect("the finished game is in the archive")
        .clone();
    assert_eq!(entry["moves"], 6);
    assert_eq!(entry["result"], "1-0");
    let _ = std::fs::remove_file(&path);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_seat_holder_may_act() {
    let addr = start(None).await;
    let (id, mut w, mut b, [tw, _]) = two_players(addr, "chess-t", json!({"kind": "none"})).await;
    // A spectator: moves, resignation, draw offers, takeback, abort all refused.
    let mut spy = connect(addr, &id).await;
    let s = next(&mut spy, "state").await;
    let legal = s["history"].as_array().map(Vec::len);
    assert_eq!(legal, Some(0));
    for t in [
        "move", "resign", "draw", "abort", "takeback", "rematch", "decline",
    ] {
        send(
            &mut spy,
            json!({"t": t, "move": "a2-a3"})
                .as_object()
                .map(|o| {
                    let mut o = o.clone();
                    if t != "move" {
                        o.remove("move");
                    }
                    Value::Object(o)
                })
                .expect("object"),
        )
        .await;
        let e = next(&mut spy, "error").await;
        assert!(
            e["error"].as_str().expect("text").contains("only a player"),
            "{t}: {e}"
        );
    }
    // A forged token, and a token of another game, are refused.
    send(&mut spy, json!({"t": "hello", "token": "0".repeat(32)})).await;
    next(&mut spy, "error").await;
    let other = create(
        addr,
        json!({"variant": "chess-t", "opponent": "open", "color": "white"}),
    )
    .await;
    send(&mut spy, json!({"t": "hello", "token": other["token"]})).await;
    next(&mut spy, "error").await;
    send(&mut spy, json!({"t": "resign"})).await;
    next(&mut spy, "error").await;
    // Black cannot move for white.
    send(&mut w, json!({"t": "sync"})).await;
    let s = state_where(&mut w, |v| {
        v["moves"].as_array().is_some_and(|m| !m.is_empty())
    })
    .await;
    let white_move = s["moves"][0]["text"].as_str().expect("move").to_owned();
    send(&mut b, json!({"t": "move", "move": white_move})).await;
    let e = next(&mut b, "error").await;
    assert!(e["error"].as_str().expect("text").contains("turn"), "{e}");
    // A replayed token in a second connection is the same seat (a reload), not a new one.
    let mut again = seated(addr, &id, &tw).await;
    send(&mut again, json!({"t": "move", "move": white_move})).await;
    next(&mut again, "ok").await;
    // The game goes on, nothing was lost.
    let s = state_where(&mut w, |v| v["history"].as_array().map(Vec::len) == Some(1)).await;
    assert_eq!(s["live"]["status"], "playing");
    assert_eq!(s["live"]["you"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_an_error_and_the_server_goes_on() {
    let mut config = fairy_web::Config::default();
    config.live.max_games_per_client = 3;
    let addr = start_with(None, config).await;
    // HTTP: unknown ids, malformed bodies, bad fields, oversized bodies.
    assert_eq!(http(addr, "GET", "/api/live/games/nope", None).await.0, 404);
    assert_eq!(
        http(
            addr,
            "GET",
            &format!("/api/live/games/{}", "x".repeat(500)),
            None
        )
        .await
        .0,
        404
    );
    assert_eq!(
        http(addr, "POST", "/api/live/games/nope/join", Some("{}"))
            .await
            .0,
        404
    );
    for body in [
        "garbage",
        r#"{"variant": "chess-t"}"#,
        r#"{"variant": "chess-t", "opponent": "alien"}"#,
        r#"{"variant": "chess-t", "opponent": "open", "color": "green"}"#,
        r#"{"variant": "chess-t", "opponent": "open", "time": {"kind": "clock", "base_s": 0}}"#,
        r#"{"variant": "chess-t", "opponent": "open", "time": {"kind": "correspondence", "days": 99}}"#,
        r#"{"variant": "chess-t", "opponent": "engine", "level": 99}"#,
        r#"{"variant": "chess-t", "opponent": "open", "name": "a name much too long for anyone"}"#,
        r#"{"variant": "chess-t", "opponent": "open", "extra": 1}"#,
    ] {
        let (status, v) = http(addr, "POST", "/api/live/games", Some(body)).await;
        assert_eq!(status, 400, "{body}: {v}");
        assert!(v["error"].is_string(), "{body}: {v}");
    }
    let (status, _) = http(
        addr,
        "POST",
        "/api/live/games",
        Some(&"x".repeat(300 * 1024)),
    )
    .await;
    assert_eq!(status, 413);
    assert_eq!(
        http(
            addr,
            "POST",
            "/api/live/games",
            Some(r#"{"variant": "nope", "opponent": "open"}"#)
        )
        .await
        .0,
        404
    );
    // Games per client.
    for _ in 0..3 {
        create(addr, json!({"variant": "chess-t", "opponent": "open"})).await;
    }
    let (status, v) = http(
        addr,
        "POST",
        "/api/live/games",
        Some(r#"{"variant": "chess-t", "opponent": "open"}"#),
    )
    .await;
    assert_eq!(status, 429, "{v}");
    // WebSocket: garbage, binary, unknown messages, oversized messages, floods.
    let (status, _) = http(addr, "GET", "/api/live/games/nope/ws", None).await;
    assert_eq!(status, 404);
    let (_, lobby) = http(addr, "GET", "/api/live/lobby", None).await;
    let id = lobby["open"][0]["id"].as_str().expect("id").to_owned();
    let mut ws = connect(addr, &id).await;
    next(&mut ws, "state").await;
    for bad in [
        "garbage",
        "{}",
        r#"{"t": "fly"}"#,
        r#"{"t": "move"}"#,
        r#"{"t": "move", "move": 5}"#,
    ] {
        ws.send(Message::Text(bad.into())).await.expect("send");
        let e = next(&mut ws, "error").await;
        assert!(e["error"].is_string(), "{bad}");
    }
    ws.send(Message::Binary(vec![0u8, 1, 2].into()))
        .await
        .expect("send");
    assert!(next(&mut ws, "error").await["error"]
        .as_str()
        .expect("text")
        .contains("binary"));
    ws.send(Message::Text("x".repeat(10_000).into()))
        .await
        .expect("send");
    assert!(next(&mut ws, "error").await["error"]
        .as_str()
        .expect("text")
        .contains("bytes"));
    // A flood: the excess is refused with one error, and the connection stays usable.
    for _ in 0..100 {
        send(&mut ws, json!({"t": "ping"})).await;
    }
    let e = next(&mut ws, "error").await;
    assert!(
        e["error"].as_str().expect("text").contains("too many"),
        "{e}"
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    send(&mut ws, json!({"t": "ping", "n": 77})).await;
    let p = loop {
        let p = next(&mut ws, "pong").await;
        if p["n"] == 77 {
            break p;
        }
    };
    assert!(p["time"].is_i64());
    // A frame beyond the hard cap closes that connection only.
    let mut big = connect(addr, &id).await;
    next(&mut big, "state").await;
    let _ = big.send(Message::Text("y".repeat(100 * 1024).into())).await;
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match big.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert_eq!(closed, Ok(true));
    // Everyone else is still served.
    send(&mut ws, json!({"t": "ping", "n": 78})).await;
    loop {
        if next(&mut ws, "pong").await["n"] == 78 {
            break;
        }
    }
    assert_eq!(
        http(addr, "GET", &format!("/api/live/games/{id}"), None)
            .await
            .0,
        200
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_fall_ends_the_game_on_time_by_the_servers_clock() {
    let addr = start(None).await;
    let (_, mut w, mut b, _) = two_players(
        addr,
        "chess-t",
        json!({"kind": "clock", "base_s": 2, "increment_s": 0}),
    )
    .await;
    // The clock starts with white's first move; black's clock then runs.
    play_first(&mut w).await;
    let s = state_where(&mut b, |v| v["history"].as_array().map(Vec::len) == Some(1)).await;
    assert_eq!(s["live"]["running"], 1);
    play_first(&mut b).await;
    let s = state_where(&mut w, |v| v["live"]["running"] == 0).await;
    assert!(s["live"]["clocks"][0].as_i64().expect("ms") <= 2000);
    // White does not move: within about 2 s both are told white lost on time.
    let start = std::time::Instant::now();
    for ws in [&mut w, &mut b] {
        let s = state_where(ws, |v| v["over"] == true).await;
        assert_eq!(s["live"]["result"], "0-1");
        assert!(
            s["live"]["termination"]
                .as_str()
                .expect("text")
                .contains("on time"),
            "{s}"
        );
        assert_eq!(s["live"]["clocks"][0], 0);
    }
    assert!(start.elapsed() < Duration::from_secs(4));
    // Moving after the flag is refused.
    send(&mut w, json!({"t": "move", "move": "a1-a3"})).await;
    next(&mut w, "error").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draw_offers_takeback_and_abort() {
    let addr = start(None).await;
    // Abort before both sides moved.
    let (_, mut w, mut b, _) = two_players(addr, "chess-t", json!({"kind": "none"})).await;
    play_first(&mut w).await;
    send(&mut b, json!({"t": "abort"})).await;
    next(&mut b, "ok").await;
    let s = state_where(&mut w, |v| v["over"] == true).await;
    assert_eq!(s["live"]["result"], "*");
    // Not after both moved; takeback asked and accepted; draw offered, declined, agreed.
    let (_, mut w, mut b, _) = two_players(addr, "chess-t", json!({"kind": "none"})).await;
    play_first(&mut w).await;
    play_first(&mut b).await;
    send(&mut w, json!({"t": "abort"})).await;
    assert!(next(&mut w, "error").await["error"]
        .as_str()
        .expect("text")
        .contains("aborted"));
    send(&mut b, json!({"t": "takeback"})).await;
    next(&mut b, "ok").await;
    let s = state_where(&mut w, |v| v["live"]["takeback_offer"] == 1).await;
    assert_eq!(s["history"].as_array().map(Vec::len), Some(2));
    send(&mut w, json!({"t": "takeback"})).await;
    next(&mut w, "ok").await;
    let s = state_where(&mut b, |v| v["history"].as_array().map(Vec::len) == Some(1)).await;
    assert_eq!(s["to_move"], 1, "black is to move again");
    send(&mut b, json!({"t": "draw"})).await;
    next(&mut b, "ok").await;
    state_where(&mut w, |v| v["live"]["draw_offer"] == 1).await;
    send(&mut w, json!({"t": "decline"})).await;
    next(&mut w, "ok").await;
    state_where(&mut b, |v| v["live"]["draw_offer"].is_null()).await;
    send(&mut w, json!({"t": "draw"})).await;
    next(&mut w, "ok").await;
    send(&mut b, json!({"t": "draw"})).await;
    next(&mut b, "ok").await;
    let s = state_where(&mut w, |v| v["over"] == true).await;
    assert_eq!(s["live"]["result"], "1/2-1/2");
    // A rematch, colours swapped: each player is told its new seat token.
    send(&mut w, json!({"t": "rematch"})).await;
    next(&mut w, "ok").await;
    send(&mut b, json!({"t": "rematch"})).await;
    next(&mut b, "ok").await;
    let s = state_where(&mut w, |v| !v["live"]["rematch"].is_null()).await;
    let new_id = s["live"]["rematch"]["id"].as_str().expect("id").to_owned();
    let token = s["live"]["rematch"]["token"]
        .as_str()
        .expect("token")
        .to_owned();
    let mut w2 = connect(addr, &new_id).await;
    next(&mut w2, "state").await;
    send(&mut w2, json!({"t": "hello", "token": token})).await;
    assert_eq!(
        next(&mut w2, "welcome").await["seat"],
        1,
        "white plays black in the rematch"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_plays_its_side() {
    let addr = start(None).await;
    let g = create(
        addr,
        json!({"variant": "regicide", "color": "black", "opponent": "engine", "level": 1}),
    )
    .await;
    let id = g["id"].as_str().expect("id").to_owned();
    let mut me = seated(addr, &id, g["token"].as_str().expect("token")).await;
    // Regicide: the engine's turn is three sub-moves, then black is to move.
    let s = state_where(&mut me, |v| v["to_move"] == 1).await;
    assert_eq!(s["history"].as_array().map(Vec::len), Some(3));
    assert!(!s["moves"].as_array().expect("list").is_empty());
    assert_eq!(s["flipped"], s["flipped"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_moves_survive_a_restart() {
    let path = db_path("restart");
    let addr = start(Some(&path)).await;
    let (id, mut w, mut b, [tw, tb]) = two_players(
        addr,
        "glinski",
        json!({"kind": "clock", "base_s": 600, "increment_s": 5}),
    )
    .await;
    let mut played = Vec::new();
    for ply in 0..5 {
        played.push(if ply % 2 == 0 {
            play_first(&mut w).await
        } else {
            play_first(&mut b).await
        });
    }
    // A second server on the same file (as after a crash: the first never shut down).
    let addr2 = start(Some(&path)).await;
    let (status, s) = http(addr2, "GET", &format!("/api/live/games/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(s["history"], json!(played));
    assert_eq!(s["live"]["status"], "playing");
    let mut b2 = seated(addr2, &id, &tb).await;
    let mut w2 = seated(addr2, &id, &tw).await;
    played.push(play_first(&mut b2).await);
    played.push(play_first(&mut w2).await);
    let s = state_where(&mut b2, |v| {
        v["history"].as_array().map(Vec::len) == Some(7)
    })
    .await;
    assert_eq!(s["history"], json!(played));
    let _ = std::fs::remove_file(&path);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn captured_pieces_are_listed() {
    let addr = start(None).await;
    let (_, mut w, mut b, _) = two_players(addr, "synthesis", json!({"kind": "none"})).await;
    for (ws, mv) in [(&mut w, "e2-e4"), (&mut b, "d7-d5")] {
        send(ws, json!({"t": "move", "move": mv})).await;
        next(ws, "ok").await;
    }
    send(&mut w, json!({"t": "sync"})).await;
    let s = state_where(&mut w, |v| v["history"].as_array().map(Vec::len) == Some(2)).await;
    assert_eq!(s["captured"], json!([[], []]));
    let take = s["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["from"] == "e4" && m["to"] == "d5")
        .expect("e4 takes d5")["text"]
        .clone();
    send(&mut w, json!({"t": "move", "move": take})).await;
    next(&mut w, "ok").await;
    let s = state_where(&mut b, |v| v["history"].as_array().map(Vec::len) == Some(3)).await;
    assert_eq!(s["captured"], json!([[], ["P"]]), "black lost a pawn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn increments_and_correspondence_days() {
    let addr = start(None).await;
    // 60 s + 5 s: white's first move is untimed and gets no increment; black's gets one.
    let (_, mut w, mut b, _) = two_players(
        addr,
        "chess-t",
        json!({"kind": "clock", "base_s": 60, "increment_s": 5}),
    )
    .await;
    play_first(&mut w).await;
    play_first(&mut b).await;
    let s = state_where(&mut w, |v| v["history"].as_array().map(Vec::len) == Some(2)).await;
    let c = &s["live"]["clocks"];
    assert_eq!(
        c[0].as_i64().map(|ms| ms <= 60_000 && ms > 59_000),
        Some(true),
        "{c}"
    );
    assert_eq!(
        c[1].as_i64().map(|ms| ms > 60_000 && ms <= 65_000),
        Some(true),
        "{c}"
    );
    assert_eq!(s["live"]["running"], 0);
    // Correspondence: two days for every move, whatever the last move took.
    let (_, mut w, mut b, _) = two_players(
        addr,
        "glinski",
        json!({"kind": "correspondence", "days": 2}),
    )
    .await;
    play_first(&mut w).await;
    play_first(&mut b).await;
    let s = state_where(&mut w, |v| v["history"].as_array().map(Vec::len) == Some(2)).await;
    assert_eq!(
        s["live"]["time"],
        json!({"kind": "correspondence", "days": 2})
    );
    let day = 86_400_000i64;
    let c = &s["live"]["clocks"];
    for side in 0..2 {
        assert_eq!(
            c[side]
                .as_i64()
                .map(|ms| ms > 2 * day - 60_000 && ms <= 2 * day),
            Some(true),
            "{c}"
        );
    }
    // Another turn later the clock is set back to the full days again.
    tokio::time::sleep(Duration::from_millis(300)).await;
    play_first(&mut w).await;
    let s = state_where(&mut b, |v| v["history"].as_array().map(Vec::len) == Some(3)).await;
    assert_eq!(s["live"]["clocks"][0], 2 * day, "{}", s["live"]["clocks"]);
}

/// `?svg=0` leaves the picture out of every state of that connection (and of its `sync`
/// answers); others still get it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_may_go_without_pictures() {
    let addr = start(None).await;
    let (id, _, _, _) = two_players(addr, "synthesis", json!({"kind": "none"})).await;
    let (mut bare, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/live/games/{id}/ws?svg=0"))
            .await
            .expect("ws connect");
    let s = next(&mut bare, "state").await;
    assert!(s["svg"].is_null(), "{s}");
    assert_eq!(s["live"]["status"], "playing", "{s}");
    assert!(s["history"].is_array(), "{s}");
    send(&mut bare, json!({"t": "sync"})).await;
    let s = next(&mut bare, "state").await;
    assert!(s["svg"].is_null(), "{s}");
    let mut drawn = connect(addr, &id).await;
    let s = next(&mut drawn, "state").await;
    assert!(
        s["svg"].as_str().is_some_and(|t| t.starts_with("<svg")),
        "{s}"
    );
    let (_, v) = http(addr, "GET", &format!("/api/live/games/{id}?svg=0"), None).await;
    assert!(v["svg"].is_null(), "{v}");
}
