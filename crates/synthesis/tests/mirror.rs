//! Colour-mirrored positions (ranks flipped, colours swapped, latched states swapped) have
//! equal perft (docs/rules/synthesis.md: every rule is symmetric between the sides).

mod common;

use common::{random_walk, STARTS};
use fairy_kernel::Game;
use fairy_synthesis::Position;
use quickcheck::QuickCheck;

fn mirror_square(s: &str) -> String {
    let b = s.as_bytes();
    format!("{}{}", b[0] as char, (b'9' - (b[1] - b'0')) as char)
}

use fairy_testkit::text_checks::swap_case;

fn mirror_state(e: &str) -> String {
    match e.strip_prefix("-@") {
        Some(sq) => format!("-@{}", mirror_square(sq)),
        None => e.to_string(),
    }
}

/// The colour-mirrored position notation.
fn mirror(fen: &str) -> String {
    let f: Vec<&str> = fen.split(' ').collect();
    let board: Vec<String> = f[0].split('/').rev().map(swap_case).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling = if f[2] == "-" {
        "-".to_string()
    } else {
        let s = swap_case(f[2]);
        let mut v: Vec<char> = s.chars().collect();
        v.sort_by_key(|c| "KQkq".find(*c));
        v.into_iter().collect()
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        mirror_square(f[3])
    };
    let mut out = format!(
        "{} {side} {castling} {ep} {} {}",
        board.join("/"),
        f[4],
        f[5]
    );
    if let Some(states) = f.get(6) {
        let (w, b) = states.split_once('/').expect("two states");
        out.push_str(&format!(" {}/{}", mirror_state(b), mirror_state(w)));
    }
    out
}

fn mirrored_perft_equal(seed: u64) -> bool {
    let start = STARTS[(seed % STARTS.len() as u64) as usize];
    let mut ok = true;
    let mut n = 0;
    random_walk(start, seed, 40, |p| {
        n += 1;
        if n % 7 != 0 || !ok {
            return;
        }
        let m = mirror(&p.to_notation());
        let q = match Position::from_notation((), &m) {
            Ok(q) => q,
            Err(e) => {
                eprintln!("{} mirrored {m}: {e}", p.to_notation());
                ok = false;
                return;
            }
        };
        if common::perft(p, 2) != common::perft(&q, 2) {
            eprintln!("{} vs {m}", p.to_notation());
            ok = false;
        }
    });
    ok
}

#[test]
fn colour_mirrored_positions_have_equal_perft() {
    QuickCheck::new()
        .tests(100)
        .quickcheck(mirrored_perft_equal as fn(u64) -> bool);
    for s in STARTS {
        let p = Position::from_notation((), s).unwrap();
        let q = Position::from_notation((), &mirror(s)).unwrap();
        assert_eq!(common::perft(&p, 3), common::perft(&q, 3), "{s}");
    }
}
