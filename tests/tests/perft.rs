//! Perft figures of every variant, from `tests/perft/*.perft`, through the same path the
//! `fairy` binary uses (the registry).
//!
//! `perft_files_shallow` checks every figure up to [`NODE_LIMIT`] nodes (fast in a debug
//! build); `perft_files_deep` (ignored by default; `.ci/run` runs it in release) checks all.

use fairy::registry;
use fairy_testkit::perft_file::perft_files;
use fairy_tests::perft_dir;

/// Figures above this many nodes are left to the deep (ignored) test.
const NODE_LIMIT: u64 = 300_000;

fn check(limit: u64) {
    let files = perft_files(&perft_dir()).expect("perft files read");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (id, entries) in files {
        let variant = registry::find(&id).unwrap_or_else(|e| panic!("{id}.perft: {e}"));
        for e in entries {
            let session = variant
                .session(Some(&e.position))
                .unwrap_or_else(|err| panic!("{id} {}: {err}", e.id));
            for &(depth, nodes) in &e.counts {
                if nodes > limit {
                    continue;
                }
                let got = session.perft(depth, 1);
                checked += 1;
                if got != nodes {
                    failures.push(format!(
                        "{id} {} perft {depth}: got {got}, file says {nodes}",
                        e.id
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    eprintln!("{checked} perft figures checked");
}

#[test]
fn perft_files_shallow() {
    check(NODE_LIMIT);
}

#[test]
#[ignore = "deep perft: run in release (`.ci/run` does)"]
fn perft_files_deep() {
    check(u64::MAX);
}

#[test]
fn every_perft_file_names_a_built_variant() {
    for (id, entries) in perft_files(&perft_dir()).unwrap() {
        assert!(
            registry::find(&id).is_ok(),
            "{id}.perft names no built variant"
        );
        assert!(!entries.is_empty(), "{id}.perft has no entry");
    }
}
