//! `cargo xtask speed`: each variant's perft leaf rate as a ratio to cozy-chess.
//!
//! For every built variant: perft from its start position at the smallest depth whose run
//! takes at least [`MIN_RUN`], and cozy-chess perft (bulk counting) from the orthodox start
//! likewise; `rounds` rounds, interleaved (cozy-chess, then each variant, per round), the
//! median leaf rate of each reported with its ratio to cozy-chess's median.

use std::time::{Duration, Instant};

use cozy_chess::Board;
use fairy::registry;
use fairy_benches::cozy_perft;

/// A run shorter than this is too noisy; depth goes up until a run takes at least this.
const MIN_RUN: Duration = Duration::from_millis(300);

/// Times `f`, returning nodes and seconds.
fn timed(f: impl Fn() -> u64) -> (u64, f64) {
    let t = Instant::now();
    let n = f();
    (n, t.elapsed().as_secs_f64())
}

/// The smallest depth (up to 10) whose run takes at least [`MIN_RUN`].
fn pick_depth(f: &dyn Fn(u32) -> u64) -> u32 {
    for d in 1..=10 {
        let t = Instant::now();
        f(d);
        if t.elapsed() >= MIN_RUN {
            return d;
        }
    }
    10
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Runs the measurement and prints the table.
pub fn run(only: Option<&str>, rounds: usize) -> Result<(), String> {
    if cfg!(debug_assertions) {
        // Measure optimised code only: re-run this task from a release build.
        let mut args = vec![
            "run",
            "--release",
            "--quiet",
            "--package",
            "xtask",
            "--",
            "speed",
        ];
        let rounds_s = rounds.to_string();
        args.extend(["--rounds", &rounds_s]);
        if let Some(v) = only {
            args.extend(["--variant", v]);
        }
        let status = std::process::Command::new(env!("CARGO"))
            .args(&args)
            .status()
            .map_err(|e| format!("cannot start a release build: {e}"))?;
        return if status.success() {
            Ok(())
        } else {
            Err("release run failed".into())
        };
    }
    let rounds = rounds.max(1);
    let variants: Vec<_> = match only {
        Some(id) => vec![registry::find(id).map_err(|e| e.to_string())?],
        None => registry::built(),
    };
    if variants.is_empty() {
        return Err("no variant is built yet".into());
    }
    let cozy = Board::default();
    let cozy_depth = pick_depth(&|d| cozy_perft(&cozy, d));
    let sessions: Vec<_> = variants
        .iter()
        .map(|v| v.session(None).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let depths: Vec<u32> = sessions
        .iter()
        .map(|s| pick_depth(&|d| s.perft(d, 1)))
        .collect();
    let mut cozy_rates = Vec::new();
    let mut rates = vec![Vec::new(); variants.len()];
    let mut nodes = vec![0u64; variants.len()];
    let mut cozy_nodes = 0;
    for _ in 0..rounds {
        let (n, s) = timed(|| cozy_perft(&cozy, cozy_depth));
        cozy_nodes = n;
        cozy_rates.push(n as f64 / s);
        for (i, sess) in sessions.iter().enumerate() {
            let (n, s) = timed(|| sess.perft(depths[i], 1));
            nodes[i] = n;
            rates[i].push(n as f64 / s);
        }
    }
    let cozy_rate = median(&mut cozy_rates);
    println!(
        "{:<12} {:>5} {:>12} {:>14} {:>7}",
        "variant", "depth", "nodes", "leaves/s", "ratio"
    );
    println!(
        "{:<12} {:>5} {:>12} {:>14.0} {:>7.3}",
        "cozy-chess", cozy_depth, cozy_nodes, cozy_rate, 1.0
    );
    let mut min: Option<(&str, f64)> = None;
    for (i, v) in variants.iter().enumerate() {
        let rate = median(&mut rates[i]);
        let ratio = rate / cozy_rate;
        println!(
            "{:<12} {:>5} {:>12} {:>14.0} {:>7.3}",
            v.id(),
            depths[i],
            nodes[i],
            rate,
            ratio
        );
        if min.is_none_or(|(_, r)| ratio < r) {
            min = Some((v.id(), ratio));
        }
    }
    if let Some((id, r)) = min {
        println!("min ratio: {id} {r:.3}");
    }
    Ok(())
}
