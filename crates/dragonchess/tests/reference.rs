//! The fast generator against the slow reference generator (tests/common/reference.rs,
//! written from the rules document without tables): equal move sets, check status and
//! outcomes on positions reached by random legal play, and equal perft from the start.

mod common;

use common::{move_strings, random_game, to_board};
use fairy_dragonchess::Position;
use fairy_kernel::{Game, Outcome, Reason};
use quickcheck::{QuickCheck, TestResult};

/// Compares the two generators on one position; `Err` describes the first difference.
fn compare(p: &Position) -> Result<(), String> {
    let b = to_board(p);
    let fast = move_strings(p);
    let mut slow: Vec<String> = b.legal().iter().map(|m| m.notation()).collect();
    slow.sort();
    if fast != slow {
        let extra: Vec<_> = fast.iter().filter(|m| !slow.contains(m)).collect();
        let missing: Vec<_> = slow.iter().filter(|m| !fast.contains(m)).collect();
        return Err(format!(
            "{}: fast has extra {extra:?}, misses {missing:?}",
            p.to_notation()
        ));
    }
    let check = b.in_check(b.side);
    if p.in_check() != check {
        return Err(format!("{}: check status differs", p.to_notation()));
    }
    let expected = if !slow.is_empty() {
        None
    } else if check {
        Some(Outcome::Win {
            winner: !p.side_to_move(),
            reason: Reason::Checkmate,
        })
    } else {
        Some(Outcome::Draw {
            reason: Reason::Stalemate,
        })
    };
    if p.outcome() != expected {
        return Err(format!("{}: outcome differs", p.to_notation()));
    }
    Ok(())
}

fn compare_game(seed: u64, plies: usize) -> Result<usize, String> {
    let game = random_game(seed, plies);
    for p in &game {
        compare(p)?;
    }
    Ok(game.len())
}

#[test]
fn start_position_matches_reference() {
    compare(&Position::start(())).unwrap();
}

#[test]
fn fast_generator_matches_reference_on_random_play() {
    fn prop(seed: u64) -> TestResult {
        match compare_game(seed, 120) {
            Ok(_) => TestResult::passed(),
            Err(e) => TestResult::error(e),
        }
    }
    QuickCheck::new()
        .tests(12)
        .quickcheck(prop as fn(u64) -> TestResult);
}

#[test]
#[ignore = "long: run in release"]
fn fast_generator_matches_reference_on_many_games() {
    let games: u64 = std::env::var("DC_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(100);
    let mut positions = 0;
    for seed in 1000..1000 + games {
        positions += compare_game(seed, 300).unwrap();
    }
    eprintln!("{positions} positions compared");
}

fn reference_perft(b: &common::reference::Board, depth: u32) -> u64 {
    let moves = b.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| reference_perft(&b.after(m), depth - 1))
        .sum()
}

#[test]
fn reference_perft_2_from_start_matches_checkpoints() {
    let b = to_board(&Position::start(()));
    assert_eq!(reference_perft(&b, 1), 90);
    assert_eq!(reference_perft(&b, 2), 8094);
}

#[test]
#[ignore = "long: run in release"]
fn reference_perft_3_from_start_matches_fast() {
    let p = Position::start(());
    assert_eq!(
        reference_perft(&to_board(&p), 3),
        fairy_kernel::perft(&p, 3)
    );
}

/// Perft of the reference generator for a position given in notation (used to check the
/// figures of tests/perft/dragonchess.perft before recording them).
#[test]
#[ignore = "on demand: set DC_POS (and DC_DEPTH, default 3); does nothing without DC_POS"]
fn reference_perft_of_env_position() {
    let Ok(text) = std::env::var("DC_POS") else {
        return;
    };
    let depth: u32 = std::env::var("DC_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let p = Position::from_notation((), &text).unwrap();
    let slow = reference_perft(&to_board(&p), depth);
    let fast = fairy_kernel::perft(&p, depth);
    eprintln!("reference perft {depth} = {slow}, fast = {fast}");
    assert_eq!(slow, fast);
}
