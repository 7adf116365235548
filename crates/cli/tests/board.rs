//! One text board for `fairy show` and `fairy play`: the same drawing of every variant
//! (hexagons for the hexagonal boards, Chess-T's marked cells), the last move bracketed in
//! play, and check said in words by both.

use std::io::Write;
use std::process::{Command, Stdio};

use assert_cmd::cargo::cargo_bin;

fn fairy(args: &[&str], input: &str) -> String {
    let mut child = Command::new(cargo_bin("fairy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The board lines of `fairy show`: everything before the line saying who is to move.
fn show_board(id: &str, fen: Option<&str>) -> String {
    let mut args = vec!["show", id];
    if let Some(f) = fen {
        args.extend(["--fen", f]);
    }
    let text = fairy(&args, "");
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .iter()
        .position(|l| l.contains(" to move"))
        .unwrap_or_else(|| panic!("{id}: no turn line\n{text}"));
    lines[..end].join("\n")
}

#[test]
fn show_and_play_draw_the_same_board_for_every_variant() {
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
        let board = show_board(id, None);
        let play = fairy(&["play", id], "quit\n");
        assert!(
            play.contains(&format!("{board}\n")),
            "{id}: play draws another board than show:\n{board}\n---\n{play}"
        );
    }
}

#[test]
fn hexagonal_boards_in_play_are_shaded_hexagons_with_the_last_move_marked() {
    // Two people: the first move is typed, and the board after it has the move's cells
    // in brackets.
    for (id, mv) in [("dainy", "c4-d4"), ("glinski", "f5-f6")] {
        let play = fairy(&["play", id, "--as", "both"], &format!("{mv}\nquit\n"));
        let after = play
            .split(&format!("last move {mv}"))
            .next()
            .unwrap_or_default();
        for shade in [":", "*"] {
            assert!(after.contains(shade), "{id}: no {shade}\n{play}");
        }
        assert_eq!(after.matches('[').count(), 2, "{id}:\n{after}");
        // No line is a skewed grid of ranks: in the hexagon, the first cells of
        // neighbouring lines do not start in the same column.
        let starts: Vec<usize> = after
            .lines()
            .filter(|l| l.contains(['.', ':', '*']))
            .map(|l| l.len() - l.trim_start().len())
            .collect();
        assert!(starts.windows(2).any(|w| w[0] != w[1]), "{id}:\n{after}");
    }
}

#[test]
fn chess_t_play_marks_castle_cells_and_impregnable_fields() {
    let play = fairy(&["play", "chess-t"], "quit\n");
    assert!(
        play.contains("(P K P)") && play.contains("(p k p)"),
        "{play}"
    );
    assert!(play.contains("4  . * ."), "{play}");
}

#[test]
fn show_says_when_the_side_to_move_is_in_check() {
    // Black's king e8 is attacked by the rook e1 (Synthesis) and by the queen (Gliński).
    let t = fairy(
        &[
            "show",
            "synthesis",
            "--fen",
            "4k3/8/8/8/8/8/8/K3R3 b - - 0 1",
        ],
        "",
    );
    assert!(
        t.contains("black to move; white CLASSIC-HOME, black CLASSIC-HOME, in check"),
        "{t}"
    );
    let t = fairy(&["show", "synthesis"], "");
    assert!(!t.contains("in check"), "{t}");
}

/// What the variants' own diagrams said under the board, `fairy show` says too: Synthesis's
/// modes and the pieces a Basilisk freezes in Dragonchess.
#[test]
fn show_keeps_the_modes_and_the_frozen_pieces() {
    let fen =
        "12/12/12/12/4R7/12/12/12 | 11k/12/12/12/4W7/12/12/11K | 12/12/12/12/4b7/12/12/12 g 0 1";
    let t = fairy(&["show", "dragonchess", "--fen", fen], "");
    assert!(t.contains("gold to move; frozen: 2e4"), "{t}");
    let t = fairy(&["show", "synthesis"], "");
    assert!(
        t.contains("white to move; white CLASSIC-HOME, black CLASSIC-HOME"),
        "{t}"
    );
}
