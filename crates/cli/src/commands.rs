//! The subcommands of `fairy`, writing to any output so that tests can call them.

use std::io::Write;
use std::time::Instant;

use crate::error::CliError;
use crate::registry;

/// `fairy variants`: every variant id with its description; planned ones are marked.
///
/// # Errors
/// Only I/O errors of `out`, as [`CliError::Argument`].
pub fn variants(out: &mut dyn Write) -> Result<(), CliError> {
    for e in registry::entries() {
        let mark = if e.variant.is_some() {
            ""
        } else {
            " (not built yet)"
        };
        w(writeln!(out, "{:<12} {}{mark}", e.id, e.description))?;
    }
    Ok(())
}

/// `fairy start <variant>`: the start position's notation.
///
/// # Errors
/// Unknown or unbuilt variant.
pub fn start(out: &mut dyn Write, variant: &str) -> Result<(), CliError> {
    let v = registry::find(variant)?;
    w(writeln!(out, "{}", v.start_notation()))
}

/// `fairy show <variant> [--fen F] [--cell SQ]...`: a text drawing of the position, its
/// notation, the outcome when the game is over, and for each `--cell` the variant's
/// information about that cell (Chess-T: the strength sums, ruling T6).
///
/// # Errors
/// Unknown variant, unreadable position, a cell that is not on the board.
pub fn show(
    out: &mut dyn Write,
    variant: &str,
    fen: Option<&str>,
    cells: &[String],
) -> Result<(), CliError> {
    let s = registry::find(variant)?.session(fen)?;
    let infos = cells
        .iter()
        .map(|c| Ok((c, s.cell_info(c)?)))
        .collect::<Result<Vec<_>, CliError>>()?;
    w(write!(out, "{}", s.diagram()))?;
    w(writeln!(out, "{}", s.notation()))?;
    if let Some(o) = s.outcome() {
        w(writeln!(out, "{}", s.describe(&o)))?;
    }
    for (cell, info) in infos {
        let info = info.unwrap_or_else(|| format!("nothing to show for {variant}"));
        w(writeln!(out, "{cell}: {info}"))?;
    }
    Ok(())
}

/// `fairy moves <variant> [--fen F] [--from SQUARE]`: the legal moves, one per line,
/// sorted in plain byte order.
///
/// # Errors
/// Unknown variant, unreadable position, bad square.
pub fn moves(
    out: &mut dyn Write,
    variant: &str,
    fen: Option<&str>,
    from: Option<&str>,
) -> Result<(), CliError> {
    let s = registry::find(variant)?.session(fen)?;
    for m in s.legal_moves(from)? {
        w(writeln!(out, "{m}"))?;
    }
    Ok(())
}

/// `fairy apply <variant> [--fen F] MOVE...`: plays the moves in order and prints the
/// resulting position's notation.
///
/// # Errors
/// Unknown variant, unreadable position, and the first malformed or illegal move (the
/// message says which one, by number).
pub fn apply(
    out: &mut dyn Write,
    variant: &str,
    fen: Option<&str>,
    moves: &[String],
) -> Result<(), CliError> {
    let mut s = registry::find(variant)?.session(fen)?;
    for (i, m) in moves.iter().enumerate() {
        s.apply(m)
            .map_err(|e| CliError::Argument(format!("move {} ({m:?}): {e}", i + 1)))?;
    }
    w(writeln!(out, "{}", s.notation()))
}

/// Options of `fairy perft`.
#[derive(Clone, Debug)]
pub struct PerftOptions<'a> {
    /// The variant id.
    pub variant: &'a str,
    /// Depth in plies (sub-moves for Imperial Regicide).
    pub depth: u32,
    /// The position, or the start when `None`.
    pub fen: Option<&'a str>,
    /// Print `move: nodes` per root move.
    pub divide: bool,
    /// Threads over which to split the root moves.
    pub threads: usize,
}

/// `fairy perft`: with `divide`, one `move: n` line per root move (sorted); then
/// `Nodes searched: N` as the last line of `out`; time and nodes per second on `err`.
///
/// # Errors
/// Unknown variant, unreadable position, zero threads.
pub fn perft(out: &mut dyn Write, err: &mut dyn Write, o: &PerftOptions) -> Result<(), CliError> {
    if o.threads == 0 {
        return Err(CliError::Argument("--threads must be at least 1".into()));
    }
    let s = registry::find(o.variant)?.session(o.fen)?;
    let t0 = Instant::now();
    let nodes = if o.divide {
        let rows = s.divide(o.depth, o.threads);
        for (m, n) in &rows {
            w(writeln!(out, "{m}: {n}"))?;
        }
        if o.depth == 0 {
            1
        } else {
            rows.iter().map(|(_, n)| n).sum()
        }
    } else {
        s.perft(o.depth, o.threads)
    };
    let secs = t0.elapsed().as_secs_f64();
    w(writeln!(out, "Nodes searched: {nodes}"))?;
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    w(writeln!(
        err,
        "time: {secs:.3} s, {nps:.0} nodes/s, {} thread(s)",
        o.threads
    ))
}

fn w(r: std::io::Result<()>) -> Result<(), CliError> {
    r.map_err(|e| CliError::Argument(format!("cannot write output: {e}")))
}
