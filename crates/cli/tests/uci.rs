//! `fairy uci` against scripted sessions, and `fairy match` between UCI engines.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};

use assert_cmd::cargo::cargo_bin;

fn session(script: &str) -> String {
    session_bytes(script.as_bytes())
}

fn session_bytes(script: &[u8]) -> String {
    let mut child = Command::new(cargo_bin("fairy"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(script).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn handshake_lists_every_variant_and_the_options() {
    let out = session("uci\nisready\nquit\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("id name fairy"));
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo"))
        .unwrap();
    for v in fairy_cli::registry::built() {
        assert!(combo.contains(&format!(" var {}", v.id())), "{combo}");
    }
    for o in ["Hash", "MultiPV", "Move Overhead"] {
        assert!(out.contains(&format!("option name {o} type spin")), "{o}");
    }
    let ok = lines.iter().position(|l| *l == "uciok").unwrap();
    assert_eq!(lines[ok + 1], "readyok");
}

/// Bytes that are not UTF-8 are a bad line like any other: the engine goes on.
#[test]
fn bytes_that_are_not_text_do_not_end_the_engine() {
    let out = session_bytes(b"uci\n\xff\xfe\nisready\nquit\n");
    assert!(out.contains("uciok"), "{out}");
    assert!(out.contains("readyok"), "{out}");
}

#[test]
fn garbage_gets_errors_and_the_engine_stays_usable() {
    let out = session(
        "hello world\n\
         setoption name UCI_Variant value nosuch\n\
         setoption name UCI_Variant value chess-t1\n\
         setoption name Hash value lots\n\
         position fen not a position\n\
         position startpos moves e2-e4 e9-e1 d7-d6\n\
         go depth x\n\
         go sideways\n\
         d\n\
         go depth 2\n\
         isready\n",
    );
    let errors = out
        .lines()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    assert_eq!(errors, 7, "{out}");
    assert!(
        out.contains("illegal move \"e9-e1\" after 1 moves"),
        "{out}"
    );
    // The position kept the legal first move: Black is to move.
    assert!(out.contains("Side to move: black"), "{out}");
    let best = out.lines().find(|l| l.starts_with("bestmove ")).unwrap();
    let mv = best.trim_start_matches("bestmove ");
    // The move is legal for Black after e2-e4.
    let s = fairy_cli::registry::find("chess-t1").unwrap().session(None);
    let mut s = s.unwrap();
    s.apply("e2-e4").unwrap();
    assert!(
        s.legal_moves(None).unwrap().contains(&mv.to_owned()),
        "{mv}"
    );
    assert!(out.contains("info depth 2 seldepth"), "{out}");
    // `isready` is answered at once, even while the search runs.
    assert!(out.lines().any(|l| l == "readyok"), "{out}");
}

#[test]
fn go_perft_divides_and_counts() {
    let out =
        session("setoption name UCI_Variant value synthesis\nposition startpos\ngo perft 2\n");
    let total: u64 = out
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .unwrap()
        .parse()
        .unwrap();
    let sum: u64 = out
        .lines()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| !m.starts_with("Nodes"))
        .map(|(_, n)| n.parse::<u64>().unwrap())
        .sum();
    let s = fairy_cli::registry::find("synthesis")
        .unwrap()
        .session(None)
        .unwrap();
    assert_eq!(total, s.perft(2, 1));
    assert_eq!(sum, total);
}

#[test]
fn go_perft_too_deep_is_refused_without_a_crash() {
    // Found by the `uci` fuzz target's first runs: the recursion overflowed the stack.
    let out = session(
        "go perft 1000
isready
",
    );
    assert!(
        out.contains("info string error: go perft 1000 is too deep: at most 32 plies"),
        "{out}"
    );
    assert!(out.contains("readyok"), "{out}");
    assert!(fairy_cli::uci::parse_go(&["perft", "32"]).is_ok());
}

#[derive(Clone, Default)]
struct Buf(Arc<Mutex<Vec<u8>>>);
impl Write for Buf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn stop_ends_an_infinite_search_in_process() {
    let buf = Buf::default();
    let out: fairy_cli::uci::Output = Arc::new(Mutex::new(buf.clone()));
    // The reader blocks between `go infinite` and `stop` for 200 ms.
    struct Slow(Vec<&'static str>, &'static [u8]);
    impl std::io::Read for Slow {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            unreachable!()
        }
    }
    impl std::io::BufRead for Slow {
        fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
            if self.1.is_empty() && !self.0.is_empty() {
                let l = self.0.remove(0);
                if l == "stop\n" {
                    std::thread::sleep(std::time::Duration::from_millis(200));
                }
                self.1 = l.as_bytes();
            }
            Ok(self.1)
        }
        fn consume(&mut self, n: usize) {
            self.1 = &self.1[n..];
        }
    }
    let mut input = Slow(
        vec![
            "setoption name UCI_Variant value chess-t\n",
            "position startpos\n",
            "go infinite\n",
            "stop\n",
            "isready\n",
        ],
        &[],
    );
    let t0 = std::time::Instant::now();
    fairy_cli::uci::run(&mut input, out);
    let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(t0.elapsed() < std::time::Duration::from_secs(20));
    let b = lines
        .iter()
        .position(|l| l.starts_with("bestmove "))
        .unwrap();
    assert_eq!(lines[b + 1], "readyok", "{text}");
    assert!(
        lines[..b].iter().all(|l| l.starts_with("info depth")),
        "{text}"
    );
}

fn fairy_match(args: &[&str]) -> (String, String) {
    let out = Command::new(cargo_bin("fairy"))
        .arg("match")
        .args(args)
        .output()
        .unwrap();
    let (o, e) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert!(out.status.success(), "{o}\n{e}");
    (o, e)
}

fn tally(out: &str) -> (u32, u32, u32) {
    let l = out.lines().find(|l| l.starts_with("score of ")).unwrap();
    let wdl = l.split(": ").nth(1).unwrap().split(' ').next().unwrap();
    let v: Vec<u32> = wdl.split('-').map(|x| x.parse().unwrap()).collect();
    (v[0], v[1], v[2])
}

/// An odd number of games is played exactly (the last opening once); a concurrency of 0 is
/// refused.
#[test]
fn a_match_plays_exactly_the_games_asked() {
    let (out, err) = fairy_match(&[
        "synthesis",
        "--engine",
        "builtin",
        "--engine",
        "builtin",
        "--depth",
        "1",
        "--games",
        "3",
        "--opening-plies",
        "0",
        "--max-plies",
        "20",
    ]);
    let (w, d, l) = tally(&out);
    assert_eq!(w + d + l, 3, "{out}");
    assert!(err.contains("[3/3]"), "{err}");
    let o = Command::new(cargo_bin("fairy"))
        .args([
            "match",
            "synthesis",
            "--engine",
            "builtin",
            "--engine",
            "builtin",
        ])
        .args(["--depth", "1", "--games", "2", "--concurrency", "0"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--concurrency 0"));
}

#[test]
fn fairy_uci_against_itself_scores_about_even() {
    let me = format!("{} uci", cargo_bin("fairy").display());
    let dir = std::env::temp_dir().join(format!("fairy-uci-self-{}", std::process::id()));
    let (out, err) = fairy_match(&[
        "chess-t1",
        "--engine",
        &me,
        "--engine",
        &me,
        "--depth",
        "2",
        "--games",
        "8",
        "--concurrency",
        "2",
        "--max-plies",
        "80",
        "--opening-plies",
        "4",
        "--records",
        dir.to_str().unwrap(),
    ]);
    let (w, d, l) = tally(&out);
    assert_eq!(w + d + l, 8);
    // Same engine, each opening with both colours: neither side takes more than 3/4.
    assert!(2 * w + d >= 4 && 2 * l + d >= 4, "{out}");
    assert!(err.contains("[8/8]"), "{err}");
    let rec = std::fs::read_to_string(dir.join("game-0008.txt")).unwrap();
    let rec = fairy::RecordText::parse(&rec).unwrap();
    assert_eq!(rec.tag("Round"), Some("8"));
    let v = fairy_cli::registry::find("chess-t1").unwrap();
    fairy::record::replay(&rec, v).unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sprt_accepts_the_stronger_side_against_a_depth_cap() {
    let (out, err) = fairy_match(&[
        "chess-t1",
        "--engine",
        "builtin",
        "--engine",
        "builtin:depth=1,name=weak",
        "--depth",
        "3",
        "--games",
        "60",
        "--concurrency",
        "2",
        "--max-plies",
        "120",
        "--sprt",
        "elo0=0 elo1=100 alpha=0.05 beta=0.05",
    ]);
    eprintln!("{err}{out}");
    assert!(out.contains(": H1 accepted"), "{out}");
    assert!(err.contains("LLR"), "{err}");
    let (w, _, l) = tally(&out);
    assert!(w > l);
}

#[cfg(unix)]
fn fake_engine(name: &str, on_go: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::temp_dir().join(format!("fairy-fake-{name}-{}.sh", std::process::id()));
    let script = format!(
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo uciok ;;\n    isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[cfg(unix)]
#[test]
fn crashes_illegal_moves_and_hangs_lose() {
    for (name, on_go, word) in [
        ("crash", "exit 3", "crashed"),
        ("illegal", "echo bestmove z9-z1", "illegal move \"z9-z1\""),
        ("hang", "sleep 30", "hung"),
    ] {
        let fake = fake_engine(name, on_go);
        let (out, _) = fairy_match(&[
            "synthesis",
            "--engine",
            "builtin",
            "--engine",
            fake.to_str().unwrap(),
            "--depth",
            "1",
            "--games",
            "2",
            "--timeout",
            "1",
        ]);
        assert_eq!(tally(&out), (2, 0, 0), "{name}: {out}");
        assert_eq!(out.matches(word).count(), 2, "{name}: {out}");
        assert!(out.contains("2 failures"), "{out}");
        let _ = std::fs::remove_file(fake);
    }
}

/// A hundred games at 1 s + 0.1 s per move: no time losses. Run with
/// `cargo test --release -p fairy-cli --test uci -- --ignored`.
#[test]
#[ignore]
fn no_time_losses_at_one_second_plus_a_tenth() {
    let (out, err) = fairy_match(&[
        "chess-t1",
        "--engine",
        "builtin",
        "--engine",
        "builtin",
        "--tc",
        "1+0.1",
        "--games",
        "100",
        "--concurrency",
        "2",
        "--max-plies",
        "40",
    ]);
    eprintln!("{err}{out}");
    let line = out.lines().find(|l| l.starts_with("score of ")).unwrap();
    assert!(line.ends_with("(0 on time)"), "{line}");
    let (w, d, l) = tally(&out);
    assert_eq!(w + d + l, 100);
}

/// A negative number in `go` is refused (no search, no `bestmove`); only a negative clock
/// (`wtime`, `btime`) is read as no time left.
#[test]
fn negative_go_numbers_are_refused_except_the_clock() {
    for field in ["depth", "nodes", "movetime", "movestogo", "winc", "perft"] {
        let out = session(&format!(
            "setoption name UCI_Variant value chess-t1\nposition startpos\ngo {field} -3\nisready\nquit\n"
        ));
        assert!(
            out.contains(&format!("info string error: go {field}: -3 is negative")),
            "{field}: {out}"
        );
        assert!(!out.contains("bestmove"), "{field}: {out}");
        assert!(!out.contains("info depth"), "{field}: {out}");
    }
    let out = session(
        "setoption name UCI_Variant value chess-t1\nposition startpos\ngo wtime -20 btime 1000 depth 1\nquit\n",
    );
    assert!(out.contains("bestmove "), "{out}");
    assert!(!out.contains("error"), "{out}");
}

/// `d` during `go infinite` is refused like `position` and `go` (docs/uci.md).
#[test]
fn d_during_an_infinite_search_is_refused() {
    let buf = Buf::default();
    let out: fairy_cli::uci::Output = Arc::new(Mutex::new(buf.clone()));
    let script =
        "setoption name UCI_Variant value chess-t1\nposition startpos\ngo infinite\nd\nstop\nd\n";
    let mut input = std::io::BufReader::new(script.as_bytes());
    fairy_cli::uci::run(&mut input, out);
    let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
    let refusal = text
        .lines()
        .position(|l| l == "info string error: d during an infinite search; send stop first")
        .unwrap_or_else(|| panic!("{text}"));
    let best = text
        .lines()
        .position(|l| l.starts_with("bestmove "))
        .unwrap();
    let drawn = text
        .lines()
        .position(|l| l.starts_with("Fen: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(refusal < best && best < drawn, "{text}");
    assert_eq!(text.matches("Fen: ").count(), 1, "{text}");
}

fn fairy_match_fails(args: &[&str]) -> String {
    let out = Command::new(cargo_bin("fairy"))
        .arg("match")
        .args(args)
        .output()
        .unwrap();
    let (o, e) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert_eq!(out.status.code(), Some(2), "{o}\n{e}");
    assert!(o.is_empty(), "no game is played: {o}");
    assert_eq!(e.lines().count(), 1, "one line: {e}");
    e
}

/// Without any limit an engine would think until the timeout: refused before the match,
/// naming the options; an engine's own `depth=` or `nodes=` is a limit.
#[test]
fn a_match_without_a_limit_is_refused() {
    let e = fairy_match_fails(&[
        "synthesis",
        "--engine",
        "builtin",
        "--engine",
        "builtin",
        "--games",
        "2",
    ]);
    for word in [
        "engine 1 (builtin) has no limit",
        "--tc",
        "--movetime",
        "--depth",
        "--nodes",
    ] {
        assert!(e.contains(word), "{word}: {e}");
    }
    let e = fairy_match_fails(&[
        "synthesis",
        "--engine",
        "builtin:depth=1",
        "--engine",
        "builtin",
        "--games",
        "2",
    ]);
    assert!(e.contains("engine 2 (builtin) has no limit"), "{e}");
    let (out, _) = fairy_match(&[
        "synthesis",
        "--engine",
        "builtin:depth=1",
        "--engine",
        "builtin:nodes=200",
        "--games",
        "2",
        "--max-plies",
        "10",
    ]);
    assert!(out.contains("0 failures"), "{out}");
}

/// A program that does not exist, or that does not complete the UCI handshake, is refused
/// before the match with one line in words (not debug text).
#[test]
fn engines_that_cannot_start_are_refused_before_the_match() {
    let e = fairy_match_fails(&[
        "synthesis",
        "--engine",
        "builtin",
        "--engine",
        "nonexistent-engine",
        "--depth",
        "1",
    ]);
    assert!(
        e.contains("engine 2 (nonexistent-engine) could not be started (nonexistent-engine: "),
        "{e}"
    );
    assert!(!e.contains("Start(") && !e.contains("\\\""), "{e}");
    #[cfg(unix)]
    {
        let e = fairy_match_fails(&[
            "synthesis",
            "--engine",
            "/bin/false",
            "--engine",
            "builtin",
            "--depth",
            "1",
        ]);
        assert!(
            e.contains(
                "engine 1 (/bin/false) exited or closed its output during the UCI handshake"
            ),
            "{e}"
        );
    }
}

/// A failure is blamed on the engine that failed, whichever colour it plays, in words.
#[cfg(unix)]
#[test]
fn failures_are_blamed_on_the_engine_that_failed() {
    let fake = fake_engine("blame", "exit 3");
    let f = fake.to_str().unwrap();
    let (out, _) = fairy_match(&[
        "synthesis",
        "--engine",
        f,
        "--engine",
        "builtin",
        "--depth",
        "1",
        "--games",
        "2",
    ]);
    assert_eq!(tally(&out), (0, 0, 2), "{out}");
    assert!(out.contains(&format!("white ({f}) crashed")), "{out}");
    assert!(out.contains(&format!("black ({f}) crashed")), "{out}");
    assert!(
        !out.contains("(builtin) crashed") && !out.contains("(builtin) hung"),
        "{out}"
    );
    let _ = std::fs::remove_file(fake);
}

/// Every game won (or lost) gives no Elo figure, not `inf`.
#[test]
fn elo_is_not_printed_as_infinite() {
    use fairy_cli::arbiter::elo_line;
    for (w, d, l) in [(2, 0, 0), (0, 0, 2)] {
        let line = elo_line(w, d, l);
        assert!(line.starts_with("elo: not estimated"), "{line}");
        assert!(!line.contains("inf"), "{line}");
    }
    assert!(elo_line(6, 2, 2).starts_with("elo: 147.2 ["));
    // One loss in many: a finite estimate, an unbounded upper end in words.
    let line = elo_line(9, 0, 1);
    assert!(!line.contains("NaN"), "{line}");
}
