//! The fast generator against the slow reference generator (tests/common/reference.rs) on
//! positions reached by random legal play: same legal moves, same successor positions, same
//! results.

mod common;

use common::reference::RefPos;
use common::{random_walk, STARTS};
use fairy_synthesis::Position;
use quickcheck::QuickCheck;

fn compare(p: &Position) -> Result<(), String> {
    let r = RefPos::from_position(p);
    let mut fast: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    let mut slow: Vec<String> = r.legal().iter().map(|m| m.text()).collect();
    fast.sort();
    slow.sort();
    if fast != slow {
        return Err(format!("{}\nfast {fast:?}\nslow {slow:?}", p.to_fen()));
    }
    for m in r.legal() {
        let fm = p.parse_move(&m.text()).map_err(|e| e.to_string())?;
        let next = p.play(fm);
        if RefPos::from_position(&next) != r.make(&m) {
            return Err(format!("{} after {}: fast {}", p.to_fen(), m.text(), next.to_fen()));
        }
        if next.hash() != next.hash_from_scratch() {
            return Err(format!("hash mismatch after {} in {}", m.text(), p.to_fen()));
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
    QuickCheck::new().tests(60).quickcheck(walk_ok as fn(u64) -> bool);
}

#[test]
fn start_positions_of_the_suite_are_valid() {
    for s in STARTS {
        Position::from_fen(s).unwrap();
    }
}
