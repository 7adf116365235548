//! Perft by the fast generator against the reference generator of `common`, and the
//! figures of `tests/perft/{{name}}.perft` against both.
//!
//! `FAIRY_WRITE_PERFT=1 cargo test -p {{package}} --test perft` rewrites the figures of
//! the perft file (every depth up to [`NODE_LIMIT`] nodes, at most [`MAX_DEPTH`]) after
//! checking that the two generators agree on them; `cargo xtask new-variant` runs it once.

mod common;

use common::reference_perft;
use {{crate}}::prelude::*;

/// The perft file of this crate (the workspace's `tests/perft/{{name}}.perft`).
const PERFT_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/{{name}}.perft");

/// Figures above this many nodes are not recorded.
const NODE_LIMIT: u64 = 200_000;

/// The deepest figure recorded.
const MAX_DEPTH: u32 = 4;

/// One entry of the perft file: id, position, figures.
struct Entry {
    id: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn read_entries(text: &str) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            out.push(Entry {
                id: id.to_owned(),
                position: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(pos) = line.strip_prefix("position ") {
            out.last_mut().expect("id before position").position = pos.to_owned();
        } else if let Some(fig) = line.strip_prefix("perft ") {
            let (d, n) = fig.split_once(' ').expect("perft <depth> <nodes>");
            out.last_mut()
                .expect("id before perft")
                .counts
                .push((d.parse().unwrap(), n.parse().unwrap()));
        }
    }
    out
}

#[test]
fn fast_and_reference_agree_on_the_perft_file() {
    let text = std::fs::read_to_string(PERFT_FILE).expect("the perft file");
    let mut entries = read_entries(&text);
    assert!(!entries.is_empty(), "no entry in {PERFT_FILE}");
    let write = std::env::var_os("FAIRY_WRITE_PERFT").is_some();
    for e in &mut entries {
        let p: Position = e.position.parse().expect("the entry's position reads");
        if write {
            e.counts.clear();
            for depth in 1..=MAX_DEPTH {
                let fast = {{crate}}::kernel::perft(&p, depth);
                if fast > NODE_LIMIT {
                    break;
                }
                assert_eq!(reference_perft(&p, depth), fast, "{} perft {depth}", e.id);
                e.counts.push((depth, fast));
            }
        }
        assert!(!e.counts.is_empty(), "{}: no figure", e.id);
        for &(depth, nodes) in &e.counts {
            assert_eq!({{crate}}::kernel::perft(&p, depth), nodes, "{} perft {depth} (fast)", e.id);
            assert_eq!(reference_perft(&p, depth), nodes, "{} perft {depth} (reference)", e.id);
        }
    }
    if write {
        // Keep the comment lines at the top, rewrite the entries.
        let mut out: String = text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        for e in &entries {
            out.push_str(&format!("\nid {}\nposition {}\n", e.id, e.position));
            for (d, n) in &e.counts {
                out.push_str(&format!("perft {d} {n}\n"));
            }
        }
        std::fs::write(PERFT_FILE, out).expect("the perft file written");
    }
}

#[test]
fn generators_agree_along_random_games() {
    for p in common::random_positions(20, 80) {
        assert_eq!(common::reference_moves(&p), common::fast_moves(&p), "{p}");
    }
}
