//! The fast generator against the slow reference (`common/mod.rs`) by quickcheck, over
//! positions reached by random legal play from the start and from random sparse positions
//! (few princes, so the last-prince legality of R7 is exercised), plus the properties of
//! the properties every engine of the workspace keeps: notation round-trip, incremental hash,
//! copy-make leaves the parent intact.

mod common;

use common::{random_position, random_step, RMove, RefPos, Rng};
use fairy_kernel::{perft, Game, Outcome};
use fairy_regicide::{MoveList, Position};
use quickcheck::{QuickCheck, TestResult};

fn fast_texts(p: &Position) -> Vec<String> {
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let mut v: Vec<String> = moves.as_slice().iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}

fn ref_texts(r: &RefPos) -> Vec<String> {
    let mut v: Vec<String> = r.legal_moves().iter().map(RMove::text).collect();
    v.sort();
    v
}

fn outcome_key(o: Option<Outcome>) -> Option<(Option<fairy_kernel::Color>, String)> {
    o.map(|o| (o.winner(), o.reason().to_string()))
}

/// Checks one position thoroughly; returns an error text on the first difference.
fn check_position(p: &Position) -> Result<(), String> {
    let r = RefPos::from_fast(p);
    let (f, rf) = (fast_texts(p), ref_texts(&r));
    if f != rf {
        return Err(format!("{}\nfast {f:?}\nref  {rf:?}", p.to_notation()));
    }
    if p.count_legal_moves() != f.len() {
        return Err(format!("count differs in {}", p.to_notation()));
    }
    let fo = outcome_key(p.outcome());
    let ro = r.outcome().map(|(w, s)| (w, s.to_string()));
    if fo != ro {
        return Err(format!(
            "{}\noutcome fast {fo:?} ref {ro:?}",
            p.to_notation()
        ));
    }
    if p.hash() != p.hash_from_scratch() {
        return Err(format!("hash drift in {}", p.to_notation()));
    }
    let text = p.to_notation();
    match Position::from_notation((), &text) {
        Ok(q) if q == *p && q.to_notation() == text && q.hash() == p.hash() => {}
        other => return Err(format!("round trip of {text}: {other:?}")),
    }
    // Every sub-move: fast play equals reference play; the parent stays intact.
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let before = p.clone();
    for &m in moves.as_slice() {
        let mut child = p.clone();
        child.play(m);
        let mut rc = r.clone();
        let rm = r
            .legal_moves()
            .into_iter()
            .find(|x| x.text() == p.format_move(m))
            .ok_or("move missing in reference")?;
        rc.play(&rm);
        if RefPos::from_fast(&child) != rc {
            return Err(format!(
                "after {} from {}\nfast {}\nref  {:?}",
                p.format_move(m),
                p.to_notation(),
                child.to_notation(),
                rc
            ));
        }
        if p.parse_move(&p.format_move(m)) != Ok(m) {
            return Err(format!("move text {} does not read back", p.format_move(m)));
        }
    }
    if *p != before {
        return Err("parent changed".into());
    }
    Ok(())
}

fn game_from_start(seed: u64, plies: usize) -> TestResult {
    let mut rng = Rng::new(seed);
    let mut p = Position::start(());
    for _ in 0..plies {
        if let Err(e) = check_position(&p) {
            return TestResult::error(e);
        }
        if p.outcome().is_some() || !random_step(&mut p, &mut rng) {
            break;
        }
    }
    TestResult::passed()
}

fn game_from_random(seed: u64, plies: usize) -> TestResult {
    let mut rng = Rng::new(seed);
    let Some(mut p) = random_position(&mut rng) else {
        return TestResult::discard();
    };
    for _ in 0..plies {
        if let Err(e) = check_position(&p) {
            return TestResult::error(e);
        }
        if p.outcome().is_some() || !random_step(&mut p, &mut rng) {
            break;
        }
    }
    TestResult::passed()
}

#[test]
fn fast_generator_equals_reference_over_random_games_from_the_start() {
    QuickCheck::new()
        .tests(4)
        .quickcheck(game_from_start as fn(u64, usize) -> TestResult);
}

#[test]
fn fast_generator_equals_reference_over_random_sparse_positions() {
    fn prop(seed: u64) -> TestResult {
        game_from_random(seed, 40)
    }
    QuickCheck::new()
        .tests(40)
        .quickcheck(prop as fn(u64) -> TestResult);
}

/// Longer runs for CI in release: `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn fast_generator_equals_reference_long() {
    let n: u64 = std::env::var("REGICIDE_LONG_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    for seed in 0..n {
        let r = game_from_start(seed, 150);
        assert!(!r.is_error(), "seed {seed}: {r:?}");
    }
    for seed in 0..n * 10 {
        let r = game_from_random(seed, 60);
        assert!(!r.is_error(), "seed {seed}: {r:?}");
    }
}

fn ref_perft(r: &RefPos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = r.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut c = r.clone();
            c.play(m);
            ref_perft(&c, depth - 1)
        })
        .sum()
}

#[test]
fn reference_perft_agrees_to_depth_2() {
    let p = Position::start(());
    let r = RefPos::from_fast(&p);
    assert_eq!(ref_perft(&r, 1), 46);
    assert_eq!(ref_perft(&r, 2), 2560);
}

/// The reference agrees with the fast generator at depth 3 from the start (slow: run in
/// release with `--ignored`).
#[test]
#[ignore]
fn reference_perft_agrees_to_depth_3() {
    let p = Position::start(());
    let r = RefPos::from_fast(&p);
    assert_eq!(ref_perft(&r, 3), perft(&p, 3));
}

/// Every figure of `tests/perft/regicide.perft` up to `limit` nodes, recomputed by the
/// reference generator and by the fast one.
fn perft_file_agrees_with_reference(limit: u64) {
    let text = include_str!("perft/regicide.perft");
    let mut position = None;
    let mut checked = 0;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("position ") {
            position = Some(Position::from_notation((), rest.trim()).expect("position"));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest
                .split_whitespace()
                .map(|x| x.parse::<u64>().expect("number"));
            let (d, n) = (it.next().expect("depth"), it.next().expect("nodes"));
            if n > limit {
                continue;
            }
            let p = position.as_ref().expect("position before perft");
            let d = u32::try_from(d).expect("depth");
            assert_eq!(perft(p, d), n, "fast {} depth {d}", p.to_notation());
            assert_eq!(
                ref_perft(&RefPos::from_fast(p), d),
                n,
                "reference {} depth {d}",
                p.to_notation()
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn perft_file_agrees_with_reference_shallow() {
    perft_file_agrees_with_reference(3_000);
}

/// Slow in debug: run with `cargo test --release -p fairy-regicide --test reference --
/// --ignored perft_file`.
#[test]
#[ignore = "slow in debug; run with --release --ignored"]
fn perft_file_agrees_with_reference_deep() {
    perft_file_agrees_with_reference(6_000_000);
}
