//! The subcommands of `fairy`, writing to any output so that tests can call them.

use std::io::Write;
use std::time::Instant;

use fairy_kernel::Color;
use indicatif::{ProgressBar, ProgressStyle};

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
    match s.board_view() {
        // The board `fairy play` draws (first side at the bottom), then who is to move and
        // whether in check, the notation, and what the characters mean.
        Some(view) => {
            let flip = fairy::text_board::first_side_on_top(&view);
            let board = fairy::text_board::draw(&view, flip, &[], s.file_groups());
            w(write!(out, "{board}"))?;
            w(writeln!(out, "{}", turn_line(s.as_ref())))?;
            w(writeln!(out, "{}", s.notation()))?;
            let names = [s.side_name(Color::White), s.side_name(Color::Black)];
            for line in fairy::text_board::legend(&view, names) {
                w(writeln!(out, "{line}"))?;
            }
        }
        None => {
            w(write!(out, "{}", s.diagram()))?;
            w(writeln!(out, "{}", turn_line(s.as_ref())))?;
            w(writeln!(out, "{}", s.notation()))?;
        }
    }
    if let Some(o) = s.outcome() {
        w(writeln!(out, "{}", s.describe(&o)))?;
    }
    for (cell, info) in infos {
        let info = info.unwrap_or_else(|| format!("nothing to show for {variant}"));
        w(writeln!(out, "{cell}: {info}"))?;
    }
    Ok(())
}

/// Who is to move in words, with `, in check` when the side to move stands in check (as
/// `fairy play` says it under the board).
pub fn turn_line(s: &dyn crate::Session) -> String {
    let mut line = s.turn_text();
    if s.is_check() {
        line.push_str(", in check");
    }
    line
}

/// `fairy moves <variant> [--fen F] [--from SQUARE]`: the legal moves, one per line,
/// sorted in plain byte order.
///
/// # Errors
/// Unknown variant, unreadable position, bad square.
pub fn moves(
    out: &mut dyn Write,
    err: &mut dyn Write,
    variant: &str,
    fen: Option<&str>,
    from: Option<&str>,
) -> Result<(), CliError> {
    let s = registry::find(variant)?.session(fen)?;
    let list = s.legal_moves(from)?;
    for m in &list {
        w(writeln!(out, "{m}"))?;
    }
    if list.is_empty() {
        // stdout stays empty for scripts; say why on stderr.
        let side = s.side_name(s.side_to_move());
        let why = match from {
            _ if s.is_over() => match s.outcome() {
                Some(o) => format!("no legal moves: the game is over ({})", s.describe(&o)),
                None => format!("no legal moves: {side} has none"),
            },
            None => format!("no legal moves for {side}"),
            Some(sq) => match s.piece_at(sq)? {
                None => format!("no piece on {sq}"),
                Some(p) if p.color != s.side_to_move() => format!(
                    "the piece on {sq} is {}'s; {side} is to move",
                    s.side_name(p.color)
                ),
                Some(_) => format!("the piece on {sq} has no legal move"),
            },
        };
        w(writeln!(err, "{why}"))?;
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
    /// Show a progress bar on the error stream.
    pub progress: bool,
}

/// The bounds of `fairy perft` (the facade's, shared by every front): the deepest perft
/// taken and the most threads started.
pub use fairy::limits::{MAX_PERFT_DEPTH, MAX_THREADS};

/// `fairy perft`: with `divide`, one `move: n` line per root move (sorted); then
/// `Nodes searched: N` as the last line of `out`; time and nodes per second on `err`.
/// With `progress`, a bar on `err` counts the root moves done (callers pass it only when
/// stderr is a terminal). More threads than root moves are cut to one per root move, with
/// a note on `err`.
///
/// # Errors
/// Unknown variant, unreadable position, zero threads, more than [`MAX_THREADS`] threads,
/// a depth over [`MAX_PERFT_DEPTH`].
pub fn perft(out: &mut dyn Write, err: &mut dyn Write, o: &PerftOptions) -> Result<(), CliError> {
    if o.threads == 0 {
        return Err(CliError::Argument("--threads must be at least 1".into()));
    }
    if o.threads > MAX_THREADS {
        return Err(CliError::Argument(format!(
            "--threads {} is too many: at most {MAX_THREADS}",
            o.threads
        )));
    }
    if o.depth > MAX_PERFT_DEPTH {
        return Err(CliError::Argument(format!(
            "depth {} is too deep: perft takes at most {MAX_PERFT_DEPTH} plies",
            o.depth
        )));
    }
    let s = registry::find(o.variant)?.session(o.fen)?;
    let roots = s.count_legal_moves();
    let mut threads = o.threads;
    if threads > roots.max(1) && o.depth > 1 {
        threads = roots.max(1);
        w(writeln!(
            err,
            "note: {} threads asked for {roots} root move{}: using {threads}",
            o.threads,
            plural(roots)
        ))?;
    }
    let t0 = Instant::now();
    let bar = if o.progress && o.depth > 1 {
        let bar = ProgressBar::new(roots as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} root moves, {elapsed} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Some(bar)
    } else {
        None
    };
    let rows = if o.depth == 0 {
        Vec::new()
    } else {
        s.divide_with_progress(o.depth, threads, &|m, _| {
            if let Some(b) = &bar {
                b.set_message(m.to_owned());
                b.inc(1);
            }
        })
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if o.divide {
        for (m, n) in &rows {
            w(writeln!(out, "{m}: {n}"))?;
        }
    }
    let nodes = if o.depth == 0 {
        1
    } else {
        rows.iter().map(|(_, n)| n).sum()
    };
    let secs = t0.elapsed().as_secs_f64();
    w(writeln!(out, "Nodes searched: {nodes}"))?;
    w(writeln!(err, "{}", perft_timing(secs, nodes, threads)))
}

/// The shortest perft run, in seconds, whose nodes per second are reported: a shorter one
/// is mostly start-up and clock resolution.
pub const MIN_RATE_SECONDS: f64 = 0.01;

/// The timing line of `fairy perft` (on stderr): `time: 1.234 s, 56789 nodes/s, 2 threads`;
/// for a run shorter than [`MIN_RATE_SECONDS`], the time alone.
///
/// ```
/// use fairy_cli::commands::perft_timing;
/// assert_eq!(perft_timing(2.0, 1000, 1), "time: 2.000 s, 500 nodes/s, 1 thread");
/// assert_eq!(perft_timing(0.0004, 20, 2), "time: 0.000 s, 2 threads");
/// ```
pub fn perft_timing(secs: f64, nodes: u64, threads: usize) -> String {
    let threads_text = format!("{threads} thread{}", plural(threads));
    if secs < MIN_RATE_SECONDS {
        format!("time: {secs:.3} s, {threads_text}")
    } else {
        let nps = nodes as f64 / secs;
        format!("time: {secs:.3} s, {nps:.0} nodes/s, {threads_text}")
    }
}

/// `"s"` unless `n` is 1.
pub fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn w(r: std::io::Result<()>) -> Result<(), CliError> {
    r.map_err(|e| CliError::Argument(format!("cannot write output: {e}")))
}
