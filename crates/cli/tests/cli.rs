//! The `fairy` binary on good and bad input: bad input exits 2 with one line on stderr,
//! never a panic (status 101).

use assert_cmd::Command;
use fairy_cli::registry;
use predicates::prelude::*;

fn fairy() -> Command {
    Command::cargo_bin("fairy").expect("the fairy binary is built")
}

#[test]
fn variants_lists_every_id() {
    let out = fairy().arg("variants").assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for id in [
        "regicide",
        "chess-t",
        "chess-t2",
        "chess-t1",
        "dainy",
        "glinski",
        "dragonchess",
        "synthesis",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(id)),
            "{id} missing:\n{text}"
        );
    }
}

#[test]
fn unknown_variant_exits_2_with_one_line() {
    for cmd in [
        vec!["start", "nosuch"],
        vec!["show", "nosuch"],
        vec!["moves", "nosuch"],
        vec!["apply", "nosuch", "e2-e4"],
        vec!["perft", "nosuch", "1"],
    ] {
        fairy()
            .args(&cmd)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("unknown variant \"nosuch\""))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    }
}

#[test]
fn malformed_arguments_exit_2_with_one_line() {
    for args in [
        &["perft", "synthesis", "x"][..],
        &["perft", "chess-t", "-1"],
        &["perft", "chess-t", "99999999999999999999"],
        &["perft", "chess-t", "1", "--threads", "x"],
        &["start"],
        &["frobnicate"],
        &[],
        &["play", "dainy", "--as", "foo"],
        &[
            "match",
            "dainy",
            "--depth",
            "1",
            "--movetime",
            "5",
            "--games",
            "1",
        ],
    ] {
        fairy()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with("fairy: "))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    }
    fairy().arg("--help").assert().success();
    fairy().args(["perft", "--help"]).assert().success();
}

/// Every built variant: start, show, moves and perft 1 agree; garbage positions, moves and
/// squares exit 2 without panicking.
#[test]
fn every_built_variant_handles_good_and_bad_input() {
    for v in registry::built() {
        let id = v.id();
        let start = fairy().args(["start", id]).assert().success();
        let fen = String::from_utf8(start.get_output().stdout.clone()).unwrap();
        let fen = fen.trim();
        assert_eq!(fen, v.start_notation());
        fairy().args(["show", id, "--fen", fen]).assert().success();
        let moves = fairy().args(["moves", id]).assert().success();
        let moves = String::from_utf8(moves.get_output().stdout.clone()).unwrap();
        let list: Vec<&str> = moves.lines().collect();
        let mut sorted = list.clone();
        sorted.sort_unstable();
        assert_eq!(list, sorted, "{id}: moves are sorted in byte order");
        fairy()
            .args(["perft", id, "1"])
            .assert()
            .success()
            .stdout(predicate::str::ends_with(format!(
                "Nodes searched: {}\n",
                list.len()
            )));
        if let Some(first) = list.first() {
            fairy().args(["apply", id, first]).assert().success();
        }
        for bad_fen in ["", "garbage", "8/8/8 w", "\u{1}\u{ffff}", &"/".repeat(500)] {
            fairy()
                .args(["show", id, "--fen", bad_fen])
                .assert()
                .code(2)
                .stderr(predicate::str::is_empty().not());
        }
        for bad_move in ["", "zz", "a1-a1", "e2e4e5", "-", "=Q", "9z99-1a1"] {
            fairy().args(["apply", id, bad_move]).assert().code(2);
        }
        for bad_sq in ["", "z99", "a0", "11"] {
            fairy()
                .args(["moves", id, "--from", bad_sq])
                .assert()
                .code(2);
        }
    }
}

/// `fairy svg` output is well-formed XML with one piece group per piece of the position.
#[test]
fn svg_is_xml_with_every_piece() {
    for v in registry::built() {
        let session = v.session(None).unwrap();
        let Some(view) = session.board_view() else {
            continue;
        };
        let pieces = view.cells.iter().filter(|c| c.piece.is_some()).count();
        let out = fairy().args(["svg", v.id()]).assert().success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let mut reader = quick_xml::Reader::from_str(&text);
        let mut groups = 0;
        loop {
            match reader.read_event() {
                Ok(quick_xml::events::Event::Eof) => break,
                Ok(quick_xml::events::Event::Start(e)) => {
                    if e.attributes()
                        .flatten()
                        .any(|a| a.key.as_ref() == b"class" && a.value.as_ref() == b"piece")
                    {
                        groups += 1;
                    }
                }
                Ok(_) => {}
                Err(e) => panic!("{}: SVG is not XML: {e}", v.id()),
            }
        }
        assert_eq!(groups, pieces, "{}", v.id());
        fairy()
            .args(["svg", v.id(), "--last-move", "nonsense"])
            .assert()
            .code(2);
    }
}

#[test]
fn perft_rejects_depths_it_cannot_take_and_caps_threads() {
    for (v, depth) in [
        ("regicide", "1000"),
        ("dragonchess", "3000"),
        ("chess-t1", "100000"),
    ] {
        fairy()
            .args(["perft", v, depth])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("too deep").and(predicate::str::contains("32")));
        fairy()
            .args(["perft", v, depth, "--threads", "2"])
            .assert()
            .code(2);
    }
    fairy()
        .args(["perft", "dragonchess", "2", "--threads", "1000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at most 256"));
    fairy()
        .args(["perft", "dragonchess", "2", "--threads", "100"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Nodes searched: 8094"))
        .stderr(predicate::str::contains(
            "100 threads asked for 90 root moves: using 90",
        ));
}

#[test]
fn moves_from_an_empty_or_enemy_square_says_why_on_stderr() {
    for (sq, why) in [
        ("e4", "no piece on e4"),
        ("e7", "the piece on e7 is black's; white is to move"),
        ("a1", "the piece on a1 has no legal move"),
    ] {
        fairy()
            .args(["moves", "synthesis", "--from", sq])
            .assert()
            .success()
            .stdout(predicate::str::is_empty())
            .stderr(predicate::str::contains(why));
    }
    fairy()
        .args(["moves", "synthesis", "--from", "e2"])
        .assert()
        .success()
        .stdout("e2-e3\ne2-e4\n")
        .stderr(predicate::str::is_empty());
}

/// An illegal move written without a separator is reported as illegal, for the same reason
/// as with `-`, in every variant (not as malformed).
#[test]
fn an_illegal_move_without_separator_says_why_it_is_illegal() {
    for v in registry::built() {
        let v = v.id();
        let o = fairy().args(["moves", v]).output().unwrap();
        let moves = String::from_utf8(o.stdout).unwrap();
        let plain: Vec<(&str, &str)> = moves
            .lines()
            .filter(|m| m.matches('-').count() == 1 && !m.contains('='))
            .filter_map(|m| m.split_once('-'))
            .collect();
        let (from, _) = plain[0];
        // Onto a square where a piece of the side to move stands: illegal in every variant.
        let (own, _) = *plain.iter().find(|(f, _)| *f != from).expect("two movers");
        let err = |text: String| {
            let o = fairy().args(["apply", v, &text]).output().unwrap();
            assert!(!o.status.success(), "{v}: {text} accepted");
            String::from_utf8(o.stderr).unwrap()
        };
        let dashed = err(format!("{from}-{own}"));
        let joined = err(format!("{from}{own}"));
        assert!(dashed.contains("illegal move"), "{v}: {dashed}");
        assert_eq!(
            joined.replace(&format!("{from}{own}"), &format!("{from}-{own}")),
            dashed,
            "{v}"
        );
    }
}

#[test]
fn every_variant_takes_the_same_separators_and_surrounding_whitespace() {
    for v in registry::built() {
        let v = v.id();
        let out = |args: &[&str]| {
            let o = fairy().args(args).output().unwrap();
            assert!(
                o.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            String::from_utf8(o.stdout).unwrap()
        };
        let start = out(&["start", v]);
        let moves = out(&["moves", v]);
        // A plain from-to move (no promotion, no capture from afar).
        let canonical = moves
            .lines()
            .find(|m| m.matches('-').count() == 1 && !m.contains('='))
            .expect("a plain move");
        let want = out(&["apply", v, canonical]);
        for text in [
            canonical.replace('-', ""),
            canonical.replace('-', ":"),
            canonical.to_ascii_uppercase(),
            format!(" {canonical} "),
        ] {
            assert_eq!(out(&["apply", v, &text]), want, "{v}: {text:?}");
        }
        let padded = format!(" {} ", start.trim());
        assert_eq!(out(&["apply", v, "--fen", &padded, canonical]), want, "{v}");
    }
}

/// Runs `fairy ARGS` with the reader of its standard output gone (as `fairy ... | head`
/// after `head` has ended): through `sh`, the reader exits at once and `fairy` starts a
/// moment later. Returns what `fairy` wrote on stderr followed by `status N`.
fn with_closed_stdout(args: &[&str]) -> String {
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(r#"(sleep 0.3; "$0" "$@" </dev/null; echo "status $?" >&2) | true"#)
        .arg(assert_cmd::cargo::cargo_bin("fairy"))
        .args(args)
        .output()
        .unwrap();
    String::from_utf8(o.stderr).unwrap()
}

#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    for args in [
        vec!["variants"],
        vec!["start", "regicide"],
        vec!["show", "glinski"],
        vec!["show", "dragonchess", "--cell", "2g1"],
        vec!["moves", "regicide"],
        vec!["apply", "chess-t", "e2-e3"],
        vec!["perft", "chess-t1", "2", "--divide"],
        vec!["svg", "dainy"],
        vec!["match", "synthesis", "--games", "1", "--depth", "1"],
        vec!["play", "dainy", "--as", "both"],
        vec!["--help"],
    ] {
        // Nothing on stderr and status 0.
        assert_eq!(with_closed_stdout(&args), "status 0\n", "{args:?}");
    }
}

#[test]
fn match_rejects_a_zero_game_length_cap() {
    fairy()
        .args(["match", "dragonchess", "--max-plies", "0", "--games", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--max-plies must be at least 1"))
        .stdout(predicate::str::is_empty());
}

#[test]
fn field_counts_follow_the_documents_and_numbers_too_large_say_so() {
    // docs/rules/dragonchess.md 8.2: six fields, seven with the Hero origins.
    for (fen, want) in [
        ("x", "has 1 field, expected 6 or 7"),
        ("x y", "has 2 fields, expected 6 or 7"),
    ] {
        fairy()
            .args(["show", "dragonchess", "--fen", fen])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(want));
    }
    let start = |v: &str| {
        let o = fairy().args(["start", v]).output().unwrap();
        String::from_utf8(o.stdout).unwrap().trim().to_owned()
    };
    for v in ["dainy", "synthesis", "regicide"] {
        let s = start(v);
        let fen = format!("{} 99999999999999999999", s.rsplit_once(' ').unwrap().0);
        fairy()
            .args(["show", v, "--fen", &fen])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("too large"));
    }
    fairy()
        .args(["perft", "regicide", "99999999999999999999"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("too large"));
}

#[test]
fn show_names_modes_marks_and_dragonchess_cells() {
    let text = |args: &[&str]| {
        let o = fairy().args(args).assert().success();
        String::from_utf8(o.get_output().stdout.clone()).unwrap()
    };
    let t = text(&["show", "synthesis"]);
    assert!(t.contains("white CLASSIC-HOME, black CLASSIC-HOME"), "{t}");
    let t = text(&[
        "show",
        "synthesis",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/3Q4/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
    ]);
    assert!(t.contains("white SWAPPED"), "{t}");
    let t = text(&["show", "chess-t"]);
    assert!(
        t.contains("( ) castle cell (d1 e1 f1 e2 e7 d8 e8 f8), * impregnable field (b4 b5)"),
        "{t}"
    );
    let t = text(&["show", "chess-t1"]);
    assert!(
        t.contains("( ) castle cell") && !t.contains("impregnable"),
        "{t}"
    );
    let t = text(&["show", "dragonchess", "--cell", "2g1", "--cell", "2e5"]);
    assert!(
        t.contains("2g1: gold King (K), not frozen; attacked by scarlet: none; defended by gold:"),
        "{t}"
    );
    assert!(
        t.contains("2e5: empty; attacked by gold: none; by scarlet: none"),
        "{t}"
    );
    // A Basilisk freezes the piece above it; the Dragon on the Sky attacks from afar.
    let fen =
        "12/12/12/12/4R7/12/12/12 | 11k/12/12/12/4W7/12/12/11K | 12/12/12/12/4b7/12/12/12 g 0 1";
    let t = text(&["show", "dragonchess", "--fen", fen, "--cell", "2e4"]);
    assert!(
        t.contains(
            "2e4: gold Warrior (W), frozen; attacked by scarlet: none; defended by gold: R3e4"
        ),
        "{t}"
    );
}

/// Options after the moves of `apply` are options, as in every other subcommand; a lone
/// `-` is still a move text (and refused as one).
#[test]
fn apply_reads_options_after_the_moves() {
    let start = registry::find("dragonchess").unwrap().start_notation();
    let before = fairy()
        .args([
            "apply",
            "dragonchess",
            "--fen",
            &start,
            "2c2-2c3",
            "2c7-2c6",
        ])
        .assert()
        .success();
    let after = fairy()
        .args([
            "apply",
            "dragonchess",
            "2c2-2c3",
            "2c7-2c6",
            "--fen",
            &start,
        ])
        .assert()
        .success();
    assert_eq!(before.get_output().stdout, after.get_output().stdout);
    fairy()
        .args(["apply", "chess-t1", "-"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("move 1"));
}

/// A position without any king is refused by every variant (Synthesis reads one only as the
/// end of a game whose second king was just captured, so the capturer is on the board).
#[test]
fn positions_without_kings_are_refused() {
    for (variant, fen) in [
        ("synthesis", "8/8/8/8/8/8/8/8 w - - 0 1"),
        ("chess-t1", "8/8/8/8/8/8/8/8 w - - 0 1"),
    ] {
        fairy()
            .args(["moves", variant, "--fen", fen])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("impossible position"));
    }
    // The end of a game in which both kings were captured, Black having captured last.
    fairy()
        .args(["show", "synthesis", "--fen", "8/8/8/8/8/8/8/r7 w - - 0 1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("0-1 black wins by king captured"));
}

/// A perft over in a moment reports its time but no nodes-per-second figure.
#[test]
fn a_short_perft_gives_no_rate() {
    let out = fairy().args(["perft", "chess-t1", "1"]).assert().success();
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.starts_with("time: 0.0"), "{err}");
    assert!(!err.contains("nodes/s"), "{err}");
}

/// The newcomer's virtual environment is ignored by git.
#[test]
fn the_virtual_environment_is_ignored() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let ignore = std::fs::read_to_string(root.join(".gitignore")).unwrap();
    assert!(
        ignore
            .lines()
            .any(|l| l.trim() == ".venv/" || l.trim() == ".venv"),
        "{ignore}"
    );
}

/// Imperial Regicide's messages name the fronts as the board does (`front II`), not by
/// the notation's field digits.
#[test]
fn regicide_errors_name_fronts_as_the_board_does() {
    let start = registry::find("regicide").unwrap().start_notation();
    let out = fairy()
        .args(["apply", "regicide", "i11-i10"])
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("i11 is not on front I, the front to move"),
        "{err}"
    );
    let second = start.replace(" w 1 ", " w 2 ");
    let out = fairy()
        .args(["show", "regicide", "--fen", &second])
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("front II is to move and no piece moved this turn, but front I has"),
        "{err}"
    );
    assert!(
        !err.contains("front 1") && !err.contains("front 2"),
        "{err}"
    );
}
