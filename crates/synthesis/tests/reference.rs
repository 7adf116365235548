//! The fast generator against the slow reference generator (tests/common/reference.rs) on
//! positions reached by random legal play: same legal moves, same successor positions, same
//! results.

mod common;

use common::reference::RefPos;
use common::{random_walk, STARTS};
use fairy_kernel::Game as _;
use fairy_synthesis::Position;
use quickcheck::QuickCheck;

fn compare(p: &Position) -> Result<(), String> {
    let r = RefPos::from_position(p);
    let mut fast: Vec<String> = p.legal_move_list().iter().map(|m| m.to_string()).collect();
    let mut slow: Vec<String> = r.legal().iter().map(|m| m.text()).collect();
    fast.sort();
    slow.sort();
    if fast != slow {
        return Err(format!("{}\nfast {fast:?}\nslow {slow:?}", p.to_notation()));
    }
    let outcome = p.outcome().map(|o| o.winner());
    if outcome != r.result() {
        return Err(format!(
            "{}: outcome {outcome:?} reference {:?}",
            p.to_notation(),
            r.result()
        ));
    }
    let counted = fairy_synthesis::movegen::count_legal_moves(p);
    if counted != fast.len() {
        return Err(format!(
            "{}: count_legal_moves {counted} != {}",
            p.to_notation(),
            fast.len()
        ));
    }
    for m in r.legal() {
        let fm = p.parse_move(&m.text()).map_err(|e| e.to_string())?;
        let next = p.after(fm);
        if RefPos::from_position(&next) != r.make(&m) {
            return Err(format!(
                "{} after {}: fast {}",
                p.to_notation(),
                m.text(),
                next.to_notation()
            ));
        }
        if next.hash() != next.hash_from_scratch() {
            return Err(format!(
                "hash mismatch after {} in {}",
                m.text(),
                p.to_notation()
            ));
        }
    }
    Ok(())
}

fn walk_ok(seed: u64) -> bool {
    let start = STARTS[(seed % STARTS.len() as u64) as usize];
    let mut result = Ok(());
    random_walk(start, seed, 60, |p| {
        if result.is_ok() {
            result = compare(p);
        }
    });
    if let Err(e) = &result {
        eprintln!("seed {seed}: {e}");
    }
    result.is_ok()
}

#[test]
fn fast_generator_matches_reference_on_random_play() {
    QuickCheck::new()
        .tests(300)
        .quickcheck(walk_ok as fn(u64) -> bool);
}

#[test]
fn start_positions_of_the_suite_are_valid() {
    for s in STARTS {
        Position::from_notation((), s).unwrap();
    }
}

#[test]
#[ignore = "long: run in release"]
fn fast_generator_matches_reference_on_long_random_play() {
    QuickCheck::new()
        .tests(5_000)
        .max_tests(5_000)
        .quickcheck(walk_ok as fn(u64) -> bool);
}

fn ref_perft(r: &RefPos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = r.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| ref_perft(&r.make(m), depth - 1)).sum()
}

#[test]
fn perft_start_depth_1_2_match_checkpoints_and_reference() {
    let p = Position::new();
    let r = RefPos::from_position(&p);
    assert_eq!(common::perft(&p, 1), 20);
    assert_eq!(common::perft(&p, 2), 400);
    assert_eq!(ref_perft(&r, 1), 20);
    assert_eq!(ref_perft(&r, 2), 400);
}

#[test]
#[ignore = "long: run in release"]
fn perft_reference_agrees_deep() {
    let depth_of = |i: usize| -> u32 {
        std::env::var("REF_PERFT_DEPTH")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(if i == 0 { 4 } else { 3 })
    };
    for (i, fen) in STARTS.iter().enumerate() {
        let depth = depth_of(i);
        let p = Position::from_notation((), fen).unwrap();
        for d in 1..=depth {
            let fast = common::perft(&p, d);
            let slow = ref_perft(&RefPos::from_position(&p), d);
            eprintln!("{fen} depth {d}: fast {fast} reference {slow}");
            assert_eq!(fast, slow, "{fen} depth {d}");
        }
    }
}

#[test]
#[ignore = "prints figures"]
fn perft_print() {
    for d in 1..=6 {
        let t = std::time::Instant::now();
        let n = common::perft(&Position::new(), d);
        eprintln!("depth {d}: {n} ({:?})", t.elapsed());
    }
}
