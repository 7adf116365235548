//! The `fairy` command line: its arguments ([`Cli`], read by clap) and the code each
//! subcommand runs ([`run`]), in the library so that the binary, the tests and the fuzz
//! target for arguments share them.

use std::ffi::OsString;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use fairy_engine::Limits;

use crate::arbiter::engine::EngineSpec;
use crate::arbiter::stats::Sprt;
use crate::arbiter::{self, Adjudication, ArbiterOptions, TimeControl};
use crate::commands::{self, PerftOptions};
use crate::matchplay::{self, MatchOptions, Opponent};
use crate::play::{self, Human, PlayOptions, DEFAULT_MAX_PLIES};
use crate::{registry, CliError};

/// The arguments of `fairy`.
#[derive(Parser, Debug)]
#[command(name = "fairy", version, about = "Rule engines for chess variants", long_about = None)]
pub struct Cli {
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands of `fairy` with their arguments (each documented by `fairy help CMD`).
#[allow(missing_docs)]
#[derive(Subcommand, Debug)]
pub enum Command {
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
        /// Moves in the variant's notation, played in order (options such as `--fen` may
        /// come before or after them).
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
        /// The side you play: white or black (or the variant's side names, such as gold
        /// and scarlet in Dragonchess), both, or none (the engine plays both).
        #[arg(long = "as", default_value = "white")]
        human: String,
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
        /// With --load of a finished game (resigned, mated...): play on from its last
        /// position instead of only showing it.
        #[arg(long = "continue")]
        resume: bool,
    },
    /// Play the engine against a random mover or itself, colours alternating; the last
    /// line is `score: W-D-L` of the engine (of the first engine against itself).
    ///
    /// With `--engine` given twice: a match between any two UCI engines (`"CMD ARGS"` or
    /// `builtin[:depth=N,nodes=N,option.NAME=V]`), see docs/uci.md.
    Match {
        /// Variant id (or `--variant`).
        variant: Option<String>,
        /// Variant id.
        #[arg(long = "variant")]
        variant_flag: Option<String>,
        /// An engine: `"CMD ARGS"` (leading depth=N, nodes=N, name=X, option.K=V words
        /// configure it) or `builtin[:k=v,...]`; give it twice.
        #[arg(long = "engine")]
        engines: Vec<String>,
        /// Engines: a file of opening positions, one per line (each played twice).
        #[arg(long)]
        openings: Option<PathBuf>,
        /// Engines: time control BASE+INC in seconds, e.g. 10+0.1.
        #[arg(long)]
        tc: Option<String>,
        /// Engines: node limit per move.
        #[arg(long)]
        nodes: Option<u64>,
        /// Engines: games played at once.
        #[arg(long, default_value_t = 1)]
        concurrency: usize,
        /// Engines: SPRT parameters, e.g. "elo0=0 elo1=10 alpha=0.05 beta=0.05".
        #[arg(long, num_args = 1..)]
        sprt: Option<Vec<String>>,
        /// Engines: write each game's record to DIR/game-NNNN.txt.
        #[arg(long)]
        records: Option<PathBuf>,
        /// Engines: resign when both engines see at least this many centipawns against a side.
        #[arg(long)]
        resign_score: Option<i32>,
        /// Engines: ... for this many consecutive plies.
        #[arg(long, default_value_t = 6)]
        resign_plies: usize,
        /// Engines: draw when both engines' scores stay within this many centipawns of 0.
        #[arg(long)]
        draw_score: Option<i32>,
        /// Engines: ... for this many consecutive plies.
        #[arg(long, default_value_t = 10)]
        draw_plies: usize,
        /// Engines: ... after this many plies.
        #[arg(long, default_value_t = 40)]
        draw_after: usize,
        /// Engines: seconds an engine may exceed its time (or take, without a clock) before
        /// it is said to hang.
        #[arg(long, default_value_t = 30)]
        timeout: u64,
        /// Engines: milliseconds of lag allowed beyond the clock.
        #[arg(long, default_value_t = 0)]
        time_margin: u64,
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
    /// Serve a page for playing every variant in the browser (binds 127.0.0.1 unless told).
    Serve(crate::serve::ServeArgs),
    /// Play live games on a `fairy serve` server with a UCI engine (posts and accepts
    /// challenges; resigns a game when the engine crashes, hangs or plays an illegal move).
    Bot(crate::bot::BotArgs),
    /// Load a `fairy serve` on this machine with many live games (for measurements).
    #[command(hide = true)]
    Load(crate::load::LoadArgs),
}

/// The engine's thinking limit: a depth or a time per move.
#[derive(Args, Clone, Copy, Debug)]
#[group(multiple = false)]
pub struct LimitArgs {
    /// Search this many plies per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Think this many milliseconds per move.
    #[arg(long)]
    pub movetime: Option<u64>,
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

/// Set when standard output was closed by its reader (`fairy moves ... | head`).
static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether a write to the process's standard output failed because its reader went away:
/// the binary then ends quietly with status 0 instead of reporting an error.
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(std::sync::atomic::Ordering::SeqCst)
}

/// Standard output that notes a broken pipe in [`stdout_closed`].
struct ProcessOut<W: Write>(W);

impl<W: Write> ProcessOut<W> {
    fn note<T>(r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                STDOUT_CLOSED.store(true, std::sync::atomic::Ordering::SeqCst);
            }
        }
        r
    }
}

impl<W: Write> Write for ProcessOut<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        Self::note(self.0.write(buf))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Self::note(self.0.flush())
    }
}

/// Where a run of `fairy` reads and writes.
pub enum Console<'a> {
    /// The process's standard streams (the binary): Ctrl-C handlers, progress bars on a
    /// terminal, Enter to make the engine move now.
    Process,
    /// Given streams (tests, fuzzing): no signal handlers, no progress bars; `fairy uci`
    /// and `fairy serve` are refused.
    Captured {
        /// What the person types.
        input: &'a mut dyn BufRead,
        /// Standard output.
        out: &'a mut dyn Write,
        /// Standard error.
        err: &'a mut dyn Write,
    },
}

/// Reads the arguments (the first is the program name, as in [`std::env::args_os`]).
///
/// # Errors
/// clap's error (help and version requests included); [`one_line`] words it.
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    Cli::try_parse_from(args)
}

/// Runs the subcommand of `cli` on `console`.
///
/// # Errors
/// The subcommand's [`CliError`]: bad arguments, unreadable positions, I/O errors.
pub fn run(cli: Cli, console: Console<'_>) -> Result<(), CliError> {
    if matches!(cli.command, Command::Uci) {
        if !matches!(console, Console::Process) {
            return Err(CliError::Argument("uci reads the process's input".into()));
        }
        // The search thread writes too: standard output is not held locked here.
        let stdin = std::io::stdin();
        let output: crate::uci::Output =
            std::sync::Arc::new(std::sync::Mutex::new(std::io::stdout()));
        crate::uci::run(&mut stdin.lock(), output);
        return Ok(());
    }
    let stdout = std::io::stdout();
    let mut stderr = std::io::stderr();
    let mut process_out;
    let process = matches!(console, Console::Process);
    let (input, out, err): (Option<&mut dyn BufRead>, &mut dyn Write, &mut dyn Write) =
        match console {
            Console::Process => {
                process_out = ProcessOut(stdout.lock());
                (None, &mut process_out, &mut stderr)
            }
            Console::Captured { input, out, err } => (Some(input), out, err),
        };
    let err_terminal = process && std::io::stderr().is_terminal();
    let mut out = out;
    match cli.command {
        Command::Variants => commands::variants(&mut out),
        Command::Start { variant } => commands::start(&mut out, &variant),
        Command::Show {
            variant,
            fen,
            cells,
        } => commands::show(&mut out, &variant, fen.as_deref(), &cells),
        Command::Moves { variant, fen, from } => {
            commands::moves(&mut out, err, &variant, fen.as_deref(), from.as_deref())
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
        } => {
            // Ctrl-C stops a long count with one line instead of a half-drawn bar.
            if process {
                let _ = ctrlc::set_handler(|| {
                    eprintln!("\nperft interrupted");
                    std::process::exit(130);
                });
            }
            commands::perft(
                &mut out,
                err,
                &PerftOptions {
                    variant: &variant,
                    depth,
                    fen: fen.as_deref(),
                    divide,
                    threads,
                    progress: err_terminal,
                },
            )
        }
        Command::Play {
            variant,
            human,
            limits,
            fen,
            load,
            save,
            max_plies,
            resume,
        } => {
            let human = match variant.as_deref().map(registry::find).transpose()? {
                Some(v) => Human::parse(&human, v.side_names())?,
                // A variant chosen at the prompt or named by a record: any variant's side
                // names are accepted.
                None => Human::parse(&human, ["white", "black"]).or_else(|e| {
                    registry::built()
                        .iter()
                        .find_map(|v| Human::parse(&human, v.side_names()).ok())
                        .ok_or(e)
                })?,
            };
            let opts = PlayOptions {
                human,
                limits: limits.limits(Limits::movetime_ms(1000))?,
                max_plies,
                save,
                resume_finished: resume,
                live_progress: process && std::io::stdout().is_terminal(),
            };
            let Some(input) = input else {
                // Ctrl-C writes the record of the game so far and says where.
                let _ = ctrlc::set_handler(|| {
                    match play::write_pending_record() {
                        Some(path) => {
                            eprintln!("\ninterrupted: record written to {}", path.display())
                        }
                        None => eprintln!("\ninterrupted"),
                    }
                    std::process::exit(130);
                });
                let mut keyboard = play::Keyboard::spawn(std::io::BufReader::new(std::io::stdin()));
                return play::run_from(
                    variant.as_deref(),
                    fen.as_deref(),
                    load.as_deref(),
                    &opts,
                    &mut keyboard,
                    &mut out,
                );
            };
            play::run(
                variant.as_deref(),
                fen.as_deref(),
                load.as_deref(),
                &opts,
                input,
                &mut out,
            )
        }
        Command::Match {
            variant,
            variant_flag,
            engines,
            openings,
            tc,
            nodes,
            concurrency,
            sprt,
            records,
            resign_score,
            resign_plies,
            draw_score,
            draw_plies,
            draw_after,
            timeout,
            time_margin,
            games,
            against,
            limits,
            fen,
            max_plies,
            seed,
            opening_plies,
        } => {
            let variant = variant.or(variant_flag).ok_or_else(|| {
                CliError::Argument("match: the variant is missing (give it or --variant)".into())
            })?;
            let v = registry::find(&variant)?;
            if max_plies == 0 {
                return Err(CliError::Argument("--max-plies must be at least 1".into()));
            }
            if !engines.is_empty() {
                if !process {
                    return Err(CliError::Argument(
                        "match --engine starts programs: not here".into(),
                    ));
                }
                if engines.len() != 2 {
                    return Err(CliError::Argument("give --engine exactly twice".into()));
                }
                let spec = |t: &str| EngineSpec::parse(t).map_err(CliError::Argument);
                let openings = match openings {
                    Some(p) => std::fs::read_to_string(&p)
                        .map_err(|e| {
                            CliError::Argument(format!("cannot read {}: {e}", p.display()))
                        })?
                        .lines()
                        .map(str::trim)
                        .filter(|l| !l.is_empty() && !l.starts_with('#'))
                        .map(str::to_owned)
                        .collect(),
                    None => Vec::new(),
                };
                let o = ArbiterOptions {
                    engines: [spec(&engines[0])?, spec(&engines[1])?],
                    variant: v,
                    games,
                    openings,
                    opening_plies,
                    seed,
                    tc: tc
                        .map(|t| TimeControl::parse(&t))
                        .transpose()
                        .map_err(CliError::Argument)?,
                    movetime: limits.movetime,
                    depth: limits.depth,
                    nodes,
                    concurrency,
                    adjudication: Adjudication {
                        max_plies,
                        resign_cp: resign_score,
                        resign_plies,
                        draw_cp: draw_score,
                        draw_plies,
                        draw_after,
                    },
                    sprt: sprt
                        .map(|w| Sprt::parse(&w))
                        .transpose()
                        .map_err(CliError::Argument)?,
                    records,
                    timeout: std::time::Duration::from_secs(timeout),
                    time_margin,
                };
                return arbiter::run(&o, &mut out, err).map(|_| ());
            }
            let opts = MatchOptions {
                games,
                against,
                limits: limits.limits(Limits::depth(2))?,
                max_plies,
                seed,
                opening_plies,
                fen,
            };
            matchplay::run_match(v, &opts, &mut out, err_terminal).map(|_| ())
        }
        // Handled above.
        Command::Uci => Ok(()),
        Command::Svg {
            variant,
            fen,
            last_move,
            output,
        } => {
            let text = crate::picture::svg_text(&variant, fen.as_deref(), last_move.as_deref())?;
            match output {
                Some(_) if !process => {
                    Err(CliError::Argument("svg -o writes files: not here".into()))
                }
                Some(path) => std::fs::write(&path, text + "\n").map_err(|e| {
                    CliError::Argument(format!("cannot write {}: {e}", path.display()))
                }),
                None => writeln!(out, "{text}")
                    .map_err(|e| CliError::Argument(format!("cannot write output: {e}"))),
            }
        }
        Command::Serve(_) if !process => Err(CliError::Argument(
            "serve opens a network port: not here".into(),
        )),
        Command::Serve(args) => crate::serve::run(args),
        Command::Bot(_) if !process => Err(CliError::Argument(
            "bot connects to a server and starts engines: not here".into(),
        )),
        Command::Bot(args) => crate::bot::run(&args, out),
        Command::Load(_) if !process => Err(CliError::Argument(
            "load connects to a server: not here".into(),
        )),
        Command::Load(args) => crate::load::run(&args, out),
    }
}

/// clap's multi-line usage error as one line: the error text without the usage and tips
/// that follow it.
pub fn one_line(e: &clap::Error) -> String {
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
