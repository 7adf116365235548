//! `fairy`: rule engines for chess variants on the command line.
//!
//! Run `fairy --help` for the subcommands. Bad input prints one line on stderr and exits
//! with status 2.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use fairy_cli::commands::{self, PerftOptions};
use fairy_cli::matchplay::{self, MatchOptions, Opponent};
use fairy_cli::play::{self, Human, PlayOptions, DEFAULT_MAX_PLIES};
use fairy_cli::{registry, CliError};
use fairy_engine::Limits;

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
    /// Play a game at the terminal against the engine (commands: moves, undo, fen, board,
    /// resign, draw, help, quit); without a variant, asks which one.
    Play {
        /// Variant id (asked for when missing and no record is loaded).
        variant: Option<String>,
        /// The side you play; `none` lets the engine play both.
        #[arg(long = "as", value_enum, default_value_t = Human::White)]
        human: Human,
        #[command(flatten)]
        limits: LimitArgs,
        /// Start from this position (variant's notation).
        #[arg(long)]
        fen: Option<String>,
        /// Continue the game of this record (see docs/game-records.md).
        #[arg(long)]
        load: Option<PathBuf>,
        /// Also write the record of the game to this file at the end.
        #[arg(long)]
        save: Option<PathBuf>,
        /// Adjudicate a draw after this many plies (ruling G2).
        #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
        max_plies: usize,
    },
    /// Play the engine against a random mover or itself, colours alternating; the last
    /// line is `score: W-D-L` of the engine (of the first engine against itself).
    Match {
        /// Variant id.
        variant: String,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// The engine's opponent.
        #[arg(long, value_enum, default_value_t = Opponent::Random)]
        against: Opponent,
        #[command(flatten)]
        limits: LimitArgs,
        /// Start every game from this position (variant's notation).
        #[arg(long)]
        fen: Option<String>,
        /// Adjudicate a draw after this many plies (ruling G2).
        #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
        max_plies: usize,
        /// Seed of the random mover and of the random openings against the engine.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Against the engine: random plies opening each pair of games.
        #[arg(long, default_value_t = 2)]
        opening_plies: usize,
    },
    /// Speak the UCI protocol on standard input and output (see docs/uci.md).
    Uci,
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

/// The engine's thinking limit: a depth or a time per move.
#[derive(Args, Clone, Copy, Debug)]
#[group(multiple = false)]
struct LimitArgs {
    /// Search this many plies per move.
    #[arg(long)]
    depth: Option<u32>,
    /// Think this many milliseconds per move.
    #[arg(long)]
    movetime: Option<u64>,
}

impl LimitArgs {
    /// The limits, `default` when neither is given.
    fn limits(self, default: Limits) -> Result<Limits, CliError> {
        match (self.depth, self.movetime) {
            (Some(0), _) => Err(CliError::Argument("--depth must be at least 1".into())),
            (_, Some(0)) => Err(CliError::Argument("--movetime must be at least 1".into())),
            (Some(d), _) => Ok(Limits::depth(d)),
            (None, Some(ms)) => Ok(Limits::movetime_ms(ms)),
            (None, None) => Ok(default),
        }
    }
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
        Command::Play {
            variant,
            human,
            limits,
            fen,
            load,
            save,
            max_plies,
        } => {
            let opts = PlayOptions {
                human,
                limits: limits.limits(Limits::movetime_ms(1000))?,
                max_plies,
                save,
            };
            let stdin = std::io::stdin();
            play::run(
                variant.as_deref(),
                fen.as_deref(),
                load.as_deref(),
                &opts,
                &mut stdin.lock(),
                &mut out,
            )
        }
        Command::Match {
            variant,
            games,
            against,
            limits,
            fen,
            max_plies,
            seed,
            opening_plies,
        } => {
            let v = registry::find(&variant)?;
            let opts = MatchOptions {
                games,
                against,
                limits: limits.limits(Limits::depth(2))?,
                max_plies,
                seed,
                opening_plies,
                fen,
            };
            let progress = std::io::stderr().is_terminal();
            matchplay::run_match(v, &opts, &mut out, progress).map(|_| ())
        }
        Command::Uci => {
            drop(out);
            let stdin = std::io::stdin();
            let output: fairy_cli::uci::Output =
                std::sync::Arc::new(std::sync::Mutex::new(std::io::stdout()));
            fairy_cli::uci::run(&mut stdin.lock(), output);
            Ok(())
        }
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

/// clap's multi-line usage error as one line: the error text without the usage and tips
/// that follow it.
fn one_line(e: &clap::Error) -> String {
    if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return "a subcommand is required; run `fairy --help` to list them".into();
    }
    let text = e.render().to_string();
    let words: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .flat_map(str::split_whitespace)
        .collect();
    let line = words.join(" ");
    let line = line
        .strip_prefix("error:")
        .unwrap_or(&line)
        .trim()
        .to_owned();
    format!("{line} (see `fairy --help`)")
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(std::io::stderr(), "fairy: {}", one_line(&e));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "fairy: {e}");
            ExitCode::from(2)
        }
    }
}
