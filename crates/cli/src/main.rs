//! `fairy`: rule engines for chess variants on the command line.
//!
//! Run `fairy --help` for the subcommands. Bad input prints one line on stderr and exits
//! with status 2.

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use fairy_cli::commands::{self, PerftOptions};
use fairy_cli::CliError;

#[derive(Parser)]
#[command(name = "fairy", version, about = "Rule engines for chess variants", long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the variant ids, marking those not built yet.
    Variants,
    /// Print the start position of a variant in its position notation.
    Start {
        /// Variant id (see `fairy variants`).
        variant: String,
    },
    /// Draw a position as text.
    Show {
        /// Variant id.
        variant: String,
        /// Position in the variant's notation (default: the start).
        #[arg(long)]
        fen: Option<String>,
        /// Also print the variant's information about this cell (Chess-T: strength sums);
        /// may be repeated.
        #[arg(long = "cell")]
        cells: Vec<String>,
    },
    /// List the legal moves, one per line, sorted.
    Moves {
        /// Variant id.
        variant: String,
        /// Position in the variant's notation (default: the start).
        #[arg(long)]
        fen: Option<String>,
        /// Only the moves of the piece on this square.
        #[arg(long)]
        from: Option<String>,
    },
    /// Play moves and print the resulting position.
    Apply {
        /// Variant id.
        variant: String,
        /// Position in the variant's notation (default: the start).
        #[arg(long)]
        fen: Option<String>,
        /// Moves in the variant's notation, played in order.
        #[arg(allow_hyphen_values = true)]
        moves: Vec<String>,
    },
    /// Count the leaves of the legal-move tree.
    Perft {
        /// Variant id.
        variant: String,
        /// Depth in plies (sub-moves in Imperial Regicide).
        depth: u32,
        /// Position in the variant's notation (default: the start).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Split the root moves over this many threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Write an SVG picture of a position.
    Svg {
        /// Variant id.
        variant: String,
        /// Position in the variant's notation (default: the start).
        #[arg(long)]
        fen: Option<String>,
        /// Outline the two squares of this move (e.g. the move that led here).
        #[arg(long)]
        last_move: Option<String>,
        /// Write to this file instead of standard output.
        #[arg(short = 'o', long)]
        output: Option<std::path::PathBuf>,
    },
}

fn run(cli: Cli) -> Result<(), CliError> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        Command::Variants => commands::variants(&mut out),
        Command::Start { variant } => commands::start(&mut out, &variant),
        Command::Show {
            variant,
            fen,
            cells,
        } => commands::show(&mut out, &variant, fen.as_deref(), &cells),
        Command::Moves { variant, fen, from } => {
            commands::moves(&mut out, &variant, fen.as_deref(), from.as_deref())
        }
        Command::Apply {
            variant,
            fen,
            moves,
        } => commands::apply(&mut out, &variant, fen.as_deref(), &moves),
        Command::Perft {
            variant,
            depth,
            fen,
            divide,
            threads,
        } => commands::perft(
            &mut out,
            &mut std::io::stderr(),
            &PerftOptions {
                variant: &variant,
                depth,
                fen: fen.as_deref(),
                divide,
                threads,
            },
        ),
        Command::Svg {
            variant,
            fen,
            last_move,
            output,
        } => {
            let text =
                fairy_cli::picture::svg_text(&variant, fen.as_deref(), last_move.as_deref())?;
            match output {
                Some(path) => std::fs::write(&path, text + "\n").map_err(|e| {
                    CliError::Argument(format!("cannot write {}: {e}", path.display()))
                }),
                None => writeln!(out, "{text}")
                    .map_err(|e| CliError::Argument(format!("cannot write output: {e}"))),
            }
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "fairy: {e}");
            ExitCode::from(2)
        }
    }
}
