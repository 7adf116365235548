//! The same games, played to each ending through each front of the `fairy` command (the
//! game driver itself, `fairy play`, the built-in `fairy match` and the UCI arbiter), end
//! with the same result and the same reason. The games and their endings are in
//! tests/endings/endings.json, which the web server's and the Python module's tests read
//! too.

use std::io::Cursor;
use std::process::Command;

use assert_cmd::cargo::cargo_bin;
use fairy::driver::{Match, MatchOptions};
use fairy::{Color, RecordText};
use fairy_cli::matchplay::{self, Opponent};
use fairy_cli::play::{play_game, Human, PlayOptions};
use fairy_engine::{Limits, Rng};
use serde_json::Value;

/// One game of the fixture.
struct Ending {
    name: String,
    variant: &'static dyn fairy::Variant,
    position: Option<String>,
    moves: Vec<String>,
    max_plies: Option<usize>,
    /// What the side to move does after the moves: `resign`, `draw`, or nothing.
    then: Option<String>,
    result: String,
    termination: String,
    description: String,
}

fn endings() -> Vec<Ending> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/endings/endings.json"
    );
    let all: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let text = |v: &Value, k: &str| v[k].as_str().map(str::to_owned);
    all.iter()
        .map(|v| Ending {
            name: text(v, "name").unwrap(),
            variant: fairy::registry::find(v["variant"].as_str().unwrap()).unwrap(),
            position: text(v, "position"),
            moves: v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_owned())
                .collect(),
            max_plies: v["max_plies"].as_u64().map(|n| n as usize),
            then: text(v, "then"),
            result: text(v, "result").unwrap(),
            termination: text(v, "termination").unwrap(),
            description: text(v, "description").unwrap(),
        })
        .collect()
}

fn tags(record: &RecordText) -> (String, String) {
    (
        record.tag("Result").unwrap_or_default().to_owned(),
        record.tag("Termination").unwrap_or_default().to_owned(),
    )
}

#[test]
fn the_driver_ends_each_game_as_the_fixture_says() {
    let all = endings();
    assert!(all.len() >= 6);
    for e in all {
        let options = MatchOptions {
            max_plies: e.max_plies,
            ..MatchOptions::default()
        };
        let names = ["a".to_owned(), "b".to_owned()];
        let mut m = Match::new(e.variant, e.position.as_deref(), names, options).unwrap();
        for mv in &e.moves {
            let side = m.side_to_move();
            m.play(side, mv, 0).unwrap();
        }
        let side = m.side_to_move();
        match e.then.as_deref() {
            Some("resign") => m.resign(side, 0).unwrap(),
            Some("draw") => {
                m.offer_draw(side, 0).unwrap();
                m.accept_draw(!side, 0).unwrap();
            }
            _ => {}
        }
        assert_eq!(
            m.describe().as_deref(),
            Some(e.description.as_str()),
            "{}",
            e.name
        );
        assert_eq!(
            tags(&m.record()),
            (e.result.clone(), e.termination.clone()),
            "{}",
            e.name
        );
    }
}

#[test]
fn fairy_play_ends_each_game_the_same_way() {
    for e in endings() {
        let session = e.variant.session(e.position.as_deref()).unwrap();
        let mut script = e.moves.join("\n");
        if let Some(then) = &e.then {
            script = format!("{script}\n{then}");
        }
        script.push('\n');
        let opts = PlayOptions {
            human: Human::Both,
            limits: Limits::depth(1),
            max_plies: e.max_plies.unwrap_or(600),
            save: None,
            resume_finished: false,
            live_progress: false,
        };
        let mut out = Vec::new();
        let rec = play_game(
            e.variant,
            session,
            &opts,
            &mut Cursor::new(script.into_bytes()),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            tags(&rec),
            (e.result.clone(), e.termination.clone()),
            "{}: {out}",
            e.name
        );
        assert!(
            out.contains(&format!("result: {}\n", e.description)),
            "{}: {out}",
            e.name
        );
    }
}

#[test]
fn the_built_in_match_ends_each_game_the_same_way() {
    // The built-in match plays the fixture's moves as the opening; the games that end by
    // a player's decision (resignation, an agreed draw) are not its to play.
    for e in endings().into_iter().filter(|e| e.then.is_none()) {
        let opts = matchplay::MatchOptions {
            games: 1,
            against: Opponent::Engine,
            limits: Limits::depth(1),
            max_plies: e.max_plies.unwrap_or(600),
            seed: 1,
            opening_plies: 0,
            fen: e.position.clone(),
        };
        let r = matchplay::play_one(e.variant, &opts, Color::White, &mut Rng::new(1), &e.moves)
            .unwrap();
        assert_eq!(r.termination.result.token(), e.result, "{}", e.name);
        assert_eq!(
            r.termination.reason_text(e.variant.side_names()),
            e.termination,
            "{}",
            e.name
        );
        assert_eq!(
            r.termination.describe(e.variant.side_names()),
            e.description,
            "{}",
            e.name
        );
    }
}

/// A UCI engine that plays the moves given as its arguments, one per `go`, by the number of
/// moves in the last `position` command.
const SCRIPTED_ENGINE: &str = r#"moves=("$@")
n=0
while read -r line; do
  case "$line" in
    uci) echo "id name scripted"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position*" moves "*) rest="${line#* moves }"; set -- $rest; n=$# ;;
    position*) n=0 ;;
    go*) echo "info depth 1 score cp 0"; echo "bestmove ${moves[$n]}" ;;
    quit) exit 0 ;;
  esac
done
"#;

#[test]
fn the_uci_arbiter_ends_each_game_the_same_way() {
    let dir = std::env::temp_dir().join(format!("fairy-endings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("scripted-engine.sh");
    std::fs::write(&script, SCRIPTED_ENGINE).unwrap();
    for (i, e) in endings()
        .into_iter()
        .filter(|e| e.then.is_none())
        .enumerate()
    {
        let engine = format!("bash {} {}", script.display(), e.moves.join(" "));
        let records = dir.join(format!("records-{i}"));
        let mut args: Vec<String> = vec![
            e.variant.id().into(),
            "--engine".into(),
            engine.clone(),
            "--engine".into(),
            engine,
            "--games".into(),
            "1".into(),
            "--opening-plies".into(),
            "0".into(),
            "--timeout".into(),
            "10".into(),
            "--depth".into(),
            "1".into(),
            "--max-plies".into(),
            e.max_plies.unwrap_or(600).to_string(),
            "--records".into(),
            records.display().to_string(),
        ];
        if let Some(fen) = &e.position {
            let openings = dir.join(format!("openings-{i}.txt"));
            std::fs::write(&openings, format!("{fen}\n")).unwrap();
            args.extend(["--openings".into(), openings.display().to_string()]);
        }
        let out = Command::new(cargo_bin("fairy"))
            .arg("match")
            .args(&args)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{}: {stdout}\n{stderr}", e.name);
        let text = std::fs::read_to_string(records.join("game-0001.txt")).unwrap();
        let rec = RecordText::parse(&text).unwrap();
        assert_eq!(
            tags(&rec),
            (e.result.clone(), e.termination.clone()),
            "{}: {text}",
            e.name
        );
        assert_eq!(rec.moves, e.moves, "{}", e.name);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `fairy match` between two copies of the bash engine `script` (given `args`) with
/// the extra `options`; returns the record of its one game.
fn arbiter_game(name: &str, script: &str, args: &str, options: &[&str]) -> RecordText {
    let dir = std::env::temp_dir().join(format!("fairy-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("engine.sh");
    std::fs::write(&path, script).unwrap();
    let engine = format!("bash {} {args}", path.display());
    let records = dir.join("records");
    let out = Command::new(cargo_bin("fairy"))
        .arg("match")
        .args(["synthesis", "--engine", &engine, "--engine", &engine])
        .args(["--games", "1", "--opening-plies", "0", "--timeout", "10"])
        .args(if options.contains(&"--tc") {
            &[][..]
        } else {
            &["--depth", "1"][..]
        })
        .arg("--records")
        .arg(&records)
        .args(options)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name}: {stdout}\n{stderr}");
    let text = std::fs::read_to_string(records.join("game-0001.txt")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    RecordText::parse(&text).unwrap()
}

#[test]
fn the_arbiters_clock_is_the_drivers() {
    // Every answer takes 300 ms against a clock of 100 ms: White's flag falls at once.
    let slow = SCRIPTED_ENGINE.replace("go*) echo", "go*) sleep 0.3; echo");
    let rec = arbiter_game("flag", &slow, "e2-e4 e7-e5", &["--tc", "0.1+0"]);
    assert_eq!(
        tags(&rec),
        ("0-1".to_owned(), "white lost on time".to_owned())
    );
    assert!(rec.moves.is_empty(), "{:?}", rec.moves);
    assert_eq!(rec.tag("TimeControl"), Some("0.1+0"));
}

#[test]
fn the_arbiters_score_adjudication_is_the_drivers() {
    // White's engine sees +9 for White, Black's -9 for Black: both agree Black is lost.
    let confident = SCRIPTED_ENGINE.replace(
        r#"go*) echo "info depth 1 score cp 0";"#,
        r#"go*) if (( n % 2 == 0 )); then echo "info depth 1 score cp 900"; else echo "info depth 1 score cp -900"; fi;"#,
    );
    assert_ne!(confident, SCRIPTED_ENGINE);
    let moves = "e2-e4 e7-e5 g1-f3 b8-c6 f1-c4 g8-f6";
    let rec = arbiter_game(
        "adjudication",
        &confident,
        moves,
        &["--resign-score", "500", "--resign-plies", "2"],
    );
    assert_eq!(
        tags(&rec),
        (
            "1-0".to_owned(),
            "adjudicated: black resigns (both scores at least 500 cp against it for 2 plies)"
                .to_owned()
        )
    );
    assert_eq!(rec.moves.len(), 3, "{:?}", rec.moves);
}
