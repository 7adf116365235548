//! Colour-mirrored positions give equal perft (a property every rule of docs/rules/regicide.md keeps): the rules are symmetric under
//! swapping the colours and reversing the ranks (the wedge, the back ranks and the pawn
//! directions map onto each other; the fronts stay).

mod common;

use common::{random_position, random_step, Rng};
use fairy_kernel::{perft, Game};
use fairy_regicide::Position;
use quickcheck::{QuickCheck, TestResult};

fn mirror_square(s: &str) -> String {
    let rank: u32 = s[1..].parse().expect("a square");
    format!("{}{}", &s[..1], 13 - rank)
}

fn mirror_list(field: &str) -> String {
    if field == "-" {
        return "-".into();
    }
    let mut v: Vec<String> = field.split(',').map(mirror_square).collect();
    // ascending square order: rank first, then file
    v.sort_by_key(|s| (s[1..].parse::<u32>().unwrap_or(0), s.as_bytes()[0]));
    v.join(",")
}

use fairy_testkit::text_checks::swap_case as swapcase;

/// The colour-mirrored notation of a position.
fn mirror(text: &str) -> String {
    let f: Vec<&str> = text.split(' ').collect();
    let board: Vec<String> = f[0].split('/').rev().map(swapcase).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling = if f[3] == "-" {
        "-".to_string()
    } else {
        let mut c: Vec<char> = swapcase(f[3]).chars().collect();
        c.sort_by_key(|c| (c.is_ascii_lowercase(), c.to_ascii_lowercase()));
        c.into_iter().collect()
    };
    let mut out = format!(
        "{} {side} {} {castling} {} {} {} {}",
        board.join("/"),
        f[2],
        mirror_list(f[4]),
        mirror_list(f[5]),
        f[6],
        f[7]
    );
    // The optional ninth field: moved pawns on wedge starting squares (R14).
    if let Some(pawns) = f.get(8) {
        out.push(' ');
        out.push_str(&mirror_list(pawns));
    }
    out
}

#[test]
fn the_start_position_is_its_own_mirror_up_to_the_side_to_move() {
    let start = Position::start(()).to_notation();
    let m = mirror(&start);
    assert_eq!(m.replace(" b 1 ", " w 1 "), start);
}

#[test]
fn colour_mirrored_positions_give_equal_perft() {
    fn prop(seed: u64) -> TestResult {
        let mut rng = Rng::new(seed);
        let start = if seed % 2 == 0 {
            Some(Position::start(()))
        } else {
            random_position(&mut rng)
        };
        let Some(mut p) = start else {
            return TestResult::discard();
        };
        for _ in 0..rng.below(40) {
            if !random_step(&mut p, &mut rng) {
                break;
            }
        }
        let text = p.to_notation();
        let q = match Position::from_notation((), &mirror(&text)) {
            Ok(q) => q,
            Err(e) => return TestResult::error(format!("{text}: mirror unreadable: {e}")),
        };
        if mirror(&q.to_notation()) != text {
            return TestResult::error(format!("mirror is not an involution on {text}"));
        }
        let (a, b) = (perft(&p, 2), perft(&q, 2));
        if a == b {
            TestResult::passed()
        } else {
            TestResult::error(format!("{text}: perft 2 {a}, mirrored {b}"))
        }
    }
    QuickCheck::new()
        .tests(100)
        .quickcheck(prop as fn(u64) -> TestResult);
}
