//! `fairy bot` against a real `fairy serve` on a free loopback port: a whole game against a
//! scripted player, and engines that crash or play an illegal move (the bot resigns that
//! game and plays the next).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use fairy_web::client::{LiveClient, Seat, Server};

mod common;
use common::{Proc, FAIRY};

/// A fresh temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fairy-bot-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// `fairy serve` on a free loopback port with its database in `dir`: the process and URL.
fn serve(dir: &Path) -> (Proc, String) {
    common::serve(&dir.join("games.sqlite3").display().to_string())
}

/// `fairy bot` with `engine` for `games` games.
fn bot(url: &str, engine: &str, games: u32) -> Proc {
    let child = Command::new(FAIRY)
        .args([
            "bot",
            "--server",
            url,
            "--engine",
            engine,
            "--movetime",
            "30",
        ])
        .args(["--grace", "3000", "--games", &games.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fairy bot");
    Proc(child)
}

/// Waits (at most `secs`) for the bot to end and returns its output; it must succeed.
fn finished(mut p: Proc, secs: u64) -> String {
    for _ in 0..secs * 10 {
        if let Some(status) = p.0.try_wait().expect("wait") {
            let mut out = String::new();
            let mut err = String::new();
            if let Some(mut o) = p.0.stdout.take() {
                o.read_to_string(&mut out).expect("stdout");
            }
            if let Some(mut e) = p.0.stderr.take() {
                e.read_to_string(&mut err).expect("stderr");
            }
            assert!(status.success(), "bot failed: {err}\n{out}");
            return out;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("the bot did not finish within {secs} s");
}

/// A shell script engine in `dir`.
fn script(dir: &Path, name: &str, text: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write script");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    p.display().to_string()
}

/// Joins the bot's next open challenge (waiting at most 20 s for it to appear).
async fn join_bot(server: &Server) -> Seat {
    for _ in 0..200 {
        let open = server.open_games().await.expect("lobby");
        if let Some(g) = open.first() {
            return server.join(&g.id, "script").await.expect("join");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the bot posted no challenge");
}

/// Plays the scripted side of one game against the bot: a varying legal move each turn,
/// resigning after `max_moves` of its own moves. Returns the final state and the scripted
/// side's seat (from the welcome: a state sent before the hello was read, such as the end
/// of a game the bot resigned at once, is a watcher's and names no seat).
async fn scripted_game(server: &Server, max_moves: usize) -> (fairy_web::client::GameState, u8) {
    let seat = join_bot(server).await;
    let mut c = LiveClient::connect(server, &seat.id).await.expect("ws");
    let you = c.hello(&seat.token).await.expect("hello");
    let mut mine = 0;
    let mut moved_at = None;
    tokio::time::timeout(Duration::from_secs(40), async {
        loop {
            let st = c.next_state().await.expect("state");
            if st.is_over() {
                return (st, you);
            }
            if !st.my_turn() || moved_at == Some(st.history.len()) {
                continue;
            }
            if mine == max_moves {
                c.resign().await.expect("resign");
                moved_at = Some(st.history.len());
                continue;
            }
            let mv = st.moves[(mine * 7) % st.moves.len()].clone();
            c.play(&mv).await.expect("move");
            mine += 1;
            moved_at = Some(st.history.len());
        }
    })
    .await
    .expect("the game ended within 40 s")
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

#[test]
fn the_bot_plays_a_whole_game_with_the_builtin_engine() {
    let dir = temp_dir("game");
    let (_server, url) = serve(&dir);
    let b = bot(&url, &format!("{FAIRY} uci"), 1);
    let server = Server::parse(&url).expect("url");
    let (end, _) = runtime().block_on(scripted_game(&server, 12));
    assert!(end.is_over());
    assert_ne!(end.result, "*", "{:?}", end.termination);
    assert!(
        end.history.len() >= 12,
        "both sides moved: {:?}",
        end.history
    );
    let out = finished(b, 30);
    let line = out.lines().next().expect("one line per game");
    assert!(line.starts_with("game 1: "), "{out}");
    assert!(line.contains(&end.result), "{out}");
    assert!(
        !line.contains("resigned:"),
        "the engine did not fail: {out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_exits_loses_by_resignation_and_the_bot_goes_on() {
    let dir = temp_dir("crash");
    let (_server, url) = serve(&dir);
    let engine = script(&dir, "crash.sh", "#!/bin/sh\nexit 0\n");
    let b = bot(&url, &engine, 2);
    let server = Server::parse(&url).expect("url");
    for _ in 0..2 {
        let (end, you) = runtime().block_on(scripted_game(&server, 50));
        let term = end.termination.clone().unwrap_or_default();
        assert!(term.contains("resigned"), "{term}");
        // The scripted player won: the bot sat on the other side.
        let bot_seat = 1 - you;
        let bot_lost = if bot_seat == 0 { "0-1" } else { "1-0" };
        assert_eq!(end.result, bot_lost, "{term}");
    }
    let out = finished(b, 30);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.lines()
            .all(|l| l.contains("resigned: the engine crashed")),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_plays_an_illegal_move_loses_and_the_bot_goes_on() {
    let dir = temp_dir("illegal");
    let (_server, url) = serve(&dir);
    let engine = script(
        &dir,
        "liar.sh",
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo 'id name liar'; echo uciok;;\n    isready) echo readyok;;\n    go*) echo 'bestmove z9z9';;\n    quit) exit 0;;\n  esac\ndone\n",
    );
    let b = bot(&url, &engine, 2);
    let server = Server::parse(&url).expect("url");
    for _ in 0..2 {
        let (end, you) = runtime().block_on(scripted_game(&server, 50));
        let term = end.termination.clone().unwrap_or_default();
        assert!(term.contains("resigned"), "{term}");
        let bot_seat = 1 - you;
        assert_eq!(end.result, if bot_seat == 0 { "0-1" } else { "1-0" });
        assert!(
            end.history.len() <= 1,
            "the bot never moved: {:?}",
            end.history
        );
    }
    let out = finished(b, 30);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.lines()
            .all(|l| l.contains("the engine played \"z9z9\"")),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_hangs_loses_by_resignation_and_the_bot_goes_on() {
    let dir = temp_dir("hang");
    let (_server, url) = serve(&dir);
    let engine = script(
        &dir,
        "mute.sh",
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo uciok;;\n    isready) echo readyok;;\n    quit) exit 0;;\n  esac\ndone\n",
    );
    let b = bot(&url, &engine, 2);
    let server = Server::parse(&url).expect("url");
    for _ in 0..2 {
        let (end, you) = runtime().block_on(scripted_game(&server, 50));
        let term = end.termination.clone().unwrap_or_default();
        assert!(term.contains("resigned"), "{term}");
        let bot_seat = 1 - you;
        assert_eq!(end.result, if bot_seat == 0 { "0-1" } else { "1-0" });
    }
    let out = finished(b, 30);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.lines()
            .all(|l| l.contains("the engine hung (no answer within 3030 ms)")),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
