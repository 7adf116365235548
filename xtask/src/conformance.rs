//! `cargo xtask conformance [--check]`: the conformance vectors of every variant, JSON Lines
//! files under `tests/conformance/` (format in `docs/conformance.md`).
//!
//! Each file holds the start position, every position of the variant's perft file, and
//! positions from seeded random games, each with its sorted legal moves, its outcome and
//! perft 1-3, all computed by the fast generator (whose perft-file figures the reference
//! generators confirm in the crates' tests).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use fairy::{registry, Outcome, Rng, Session, Variant};
use serde_json::{json, Value};

/// Random games per variant.
const GAMES: u64 = 20;
/// A game is sampled every this many plies.
const EVERY: usize = 6;
/// The longest random game, in plies.
const MAX_PLIES: usize = 60;
/// At least this many random positions per variant.
const MIN_RANDOM: usize = 100;
/// Long random games whose final position is kept when the game is over (for outcomes).
const LONG_GAMES: u64 = 12;
/// The longest of those, in plies.
const LONG_PLIES: usize = 1500;
/// Perft depths recorded for each position.
const DEPTHS: u32 = 3;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// The file of variant `id`.
fn file_of(id: &str) -> PathBuf {
    root().join("tests/conformance").join(format!("{id}.jsonl"))
}

fn outcome_json(s: &dyn Session, o: Option<Outcome>) -> Value {
    match o {
        None => Value::Null,
        Some(o) => json!({
            "result": o.result_str(),
            "winner": match o {
                Outcome::Win { winner, .. } => Value::from(s.side_name(winner)),
                Outcome::Draw { .. } => Value::Null,
            },
            "reason": o.reason().to_string(),
        }),
    }
}

/// One line of the file: the position `notation` of `variant`, labelled `id`.
fn vector(variant: &dyn Variant, id: &str, notation: &str) -> Result<String, String> {
    let s = variant
        .session(Some(notation))
        .map_err(|e| format!("{} {id}: {e}", variant.id()))?;
    let moves = s
        .legal_moves(None)
        .map_err(|e| format!("{} {id}: {e}", variant.id()))?;
    let perft: Vec<u64> = (1..=DEPTHS).map(|d| s.perft(d, 1)).collect();
    let line = json!({
        "variant": variant.id(),
        "id": id,
        "position": s.notation(),
        "side_to_move": s.side_name(s.side_to_move()),
        "moves": moves,
        "outcome": outcome_json(s.as_ref(), s.outcome()),
        "perft": perft,
    });
    Ok(line.to_string())
}

/// Positions of seeded random games: `(label, notation)`.
fn random_positions(variant: &dyn Variant) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut game = 0;
    while out.len() < MIN_RANDOM || game < GAMES {
        let mut rng = Rng::new(0xC0FF_EE00 + game);
        let mut s = variant.session(None).map_err(|e| e.to_string())?;
        for ply in 1..=MAX_PLIES {
            let Some(m) = s.random_move(&mut rng) else {
                break;
            };
            s.apply(&m).map_err(|e| e.to_string())?;
            let over = s.is_over();
            if ply % EVERY == 0 || over {
                out.push((format!("random-{game}-ply-{ply}"), s.notation()));
            }
            if over {
                break;
            }
        }
        game += 1;
    }
    for long in 0..LONG_GAMES {
        let mut rng = Rng::new(0x0E4D_0000 + long);
        let mut s = variant.session(None).map_err(|e| e.to_string())?;
        for ply in 1..=LONG_PLIES {
            let Some(m) = s.random_move(&mut rng) else {
                break;
            };
            s.apply(&m).map_err(|e| e.to_string())?;
            if s.is_over() {
                out.push((format!("random-long-{long}-ply-{ply}"), s.notation()));
                break;
            }
        }
    }
    Ok(out)
}

/// The whole file of `variant`.
fn file_text(variant: &dyn Variant) -> Result<String, String> {
    let mut positions = vec![("start".to_owned(), variant.start_notation())];
    let perft = root()
        .join("tests/perft")
        .join(format!("{}.perft", variant.id()));
    if let Ok(text) = std::fs::read_to_string(&perft) {
        for e in fairy_testkit::perft_file::parse_perft_file(&text)? {
            positions.push((format!("perft-{}", e.id), e.position));
        }
    }
    positions.extend(random_positions(variant)?);
    let mut seen = BTreeSet::new();
    let mut text = String::new();
    for (id, notation) in positions {
        if !seen.insert(notation.clone()) {
            continue;
        }
        let _ = writeln!(text, "{}", vector(variant, &id, &notation)?);
    }
    Ok(text)
}

/// Writes (or with `check`, compares) every variant's file.
///
/// # Errors
/// A message naming each stale file, or why a file could not be made.
pub fn run(check: bool) -> Result<(), String> {
    let mut stale = Vec::new();
    for v in registry::built() {
        let text = file_text(v)?;
        let path = file_of(v.id());
        let lines = text.lines().count();
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(path.display().to_string());
            }
        } else {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
            }
            std::fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("wrote {} ({lines} positions)", path.display());
        }
    }
    if stale.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "stale conformance vectors (run `cargo xtask conformance`): {}",
            stale.join(", ")
        ))
    }
}
