//! `fairy play` and `fairy match` through the binary. While no variant crate is registered
//! these check the errors; once one is, they play it.

use assert_cmd::Command;
use predicates::prelude::*;

fn fairy() -> Command {
    Command::cargo_bin("fairy").expect("the fairy binary is built")
}

/// The first built variant, if any.
fn first_built() -> Option<&'static str> {
    fairy_cli::registry::built().first().map(|v| v.id())
}

#[test]
fn play_without_a_variant_asks_or_says_none_is_built() {
    match first_built() {
        None => {
            fairy()
                .arg("play")
                .write_stdin("")
                .assert()
                .code(2)
                .stderr(predicate::str::contains("no variant is built yet"))
                .stderr(predicate::function(|s: &str| s.lines().count() == 1));
        }
        Some(id) => {
            fairy()
                .arg("play")
                .write_stdin(format!("{id}\nquit\n"))
                .assert()
                .success()
                .stdout(predicate::str::contains("Which variant"))
                .stdout(predicate::str::contains(
                    "result: * game left unfinished (quit)",
                ));
        }
    }
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        &["play", "no-such-variant"][..],
        &["match", "no-such-variant", "--games", "2"][..],
        &["play", "--load", "/nonexistent/fairy/record.txt"][..],
    ] {
        fairy()
            .args(args)
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    }
}

#[test]
fn a_registered_variant_plays_through_stdin_and_matches() {
    let Some(id) = first_built() else {
        return;
    };
    // An illegal move, a command, then end of input: a clean end with the record.
    fairy()
        .args(["play", id, "--as", "white", "--depth", "1"])
        .write_stdin("zz-zz\nmoves\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("\"zz-zz\""))
        .stdout(predicate::str::contains(format!("[Variant \"{id}\"]")))
        .stdout(predicate::str::contains("[Result \"*\"]"));
    // The engine against itself, capped.
    fairy()
        .args([
            "play",
            id,
            "--as",
            "none",
            "--depth",
            "1",
            "--max-plies",
            "4",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("result: "));
    let out = fairy()
        .args([
            "match",
            id,
            "--games",
            "2",
            "--depth",
            "1",
            "--max-plies",
            "20",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&out);
    assert!(
        text.lines()
            .last()
            .is_some_and(|l| l.starts_with("score: ")),
        "{text}"
    );
    assert_eq!(text.lines().count(), 3, "{text}");
}

#[test]
fn dragonchess_scripted_game_through_stdin_ends_in_mate() {
    if fairy_cli::registry::find("dragonchess").is_err() {
        return;
    }
    // Scarlet (the person) mates in two; Gold's only move in between is 2e5-2e6.
    let fen =
        "12/12/12/12/12/12/12/12 | 7k4/12/12/4W7/12/10wo/11w/K11 | 12/12/12/12/12/12/12/b11 s 0 1";
    let out = fairy()
        .args([
            "play",
            "dragonchess",
            "--as",
            "black",
            "--depth",
            "2",
            "--fen",
            fen,
        ])
        .write_stdin("2l3-2a3\n2k3-2k2\n2l3-2a3\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&out);
    // The first try is illegal (the Warrior on 2k3 blocks the rank): one line, prompt again.
    assert!(text.contains("illegal move \"2l3-2a3\""), "{text}");
    assert!(text.contains("gold plays 2e5-2e6"), "{text}");
    assert!(
        text.contains("result: 0-1 scarlet wins by checkmate"),
        "{text}"
    );
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(text.contains("[FEN \""), "{text}");
    assert!(
        text.contains("1... 2k3-2k2 2. 2e5-2e6 2l3-2a3 0-1"),
        "{text}"
    );
}

#[test]
fn side_names_save_paths_and_finished_records() {
    if fairy_cli::registry::find("dragonchess").is_err()
        || fairy_cli::registry::find("synthesis").is_err()
    {
        return;
    }
    fairy()
        .args(["play", "dragonchess", "--as", "gold", "--depth", "1"])
        .write_stdin("quit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("[White \"human\"]"));
    fairy()
        .args(["play", "chess-t", "--as", "gold"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "expected white, black, both or none",
        ));
    fairy()
        .args(["play", "synthesis", "--save", "/nonexistent/dir/x"])
        .write_stdin("e2-e4\n")
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("does not exist"));
    fairy()
        .args(["play", "synthesis", "--max-plies", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--max-plies must be at least 1"));
    let dir = std::env::temp_dir().join(format!("fairy-finished-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("resigned.txt");
    let text = "[Variant \"synthesis\"]\n[Result \"0-1\"]\n[Termination \"white resigned\"]\n\n1. e2-e4 0-1\n";
    std::fs::write(&path, text).unwrap();
    let p = path.to_str().unwrap();
    fairy()
        .args(["play", "--load", p, "--save", p])
        .write_stdin("")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("loaded 1 move from").and(predicate::str::contains(
                "this game is over: 0-1 (white resigned)",
            )),
        );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "a finished record is not rewritten"
    );
    fairy()
        .args(["play", "--load", p, "--continue", "--as", "both"])
        .write_stdin("e7-e5\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("1. e2-e4 e7-e5 *"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_move_after_the_end_names_the_winner_by_the_variant_s_side_name() {
    if fairy_cli::registry::find("dragonchess").is_err() {
        return;
    }
    // The mate of the scripted game above, then one more move.
    let fen =
        "12/12/12/12/12/12/12/12 | 7k4/12/12/4W7/12/10wo/11w/K11 | 12/12/12/12/12/12/12/b11 s 0 1";
    fairy()
        .args([
            "apply",
            "dragonchess",
            "--fen",
            fen,
            "2k3-2k2",
            "2e5-2e6",
            "2l3-2a3",
            "2a1-2b1",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "move 4 (\"2a1-2b1\"): the game is over: 0-1 scarlet wins by checkmate",
        ));
}
