//! Project tasks for the fairy workspace.
//!
//! - `cargo xtask codegen [--check]`: (re)write every variant's generated tables under
//!   `crates/<variant>/src/generated/`, or with `--check` fail naming each stale file.
//! - `cargo xtask speed [--variant V] [--rounds N]`: perft leaf rate of each built
//!   variant as a ratio to cozy-chess on orthodox chess, measured interleaved in one run.
//! - `cargo xtask conformance [--check]`: (re)write the conformance vectors
//!   `tests/conformance/<variant>.jsonl`, or with `--check` fail naming each stale file.
//! - `cargo xtask new-variant <name> --board square|hex|layered [--into DIR]`: write a new
//!   variant crate that builds and passes its tests at once, registered in the facade.

mod codegen;
mod conformance;
mod new_variant;
mod speed;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "xtask", about = "fairy project tasks")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the generated tables of every variant crate.
    Codegen {
        /// Write nothing; exit 1 naming every file that differs from what would be written.
        #[arg(long)]
        check: bool,
    },
    /// Write the conformance vectors of every variant (tests/conformance/*.jsonl).
    Conformance {
        /// Write nothing; exit 1 naming every file that differs from what would be written.
        #[arg(long)]
        check: bool,
    },
    /// Measure perft leaf rates against cozy-chess in the same run.
    Speed {
        /// Only this variant id (default: every built variant).
        #[arg(long)]
        variant: Option<String>,
        /// Rounds per variant; the median is reported.
        #[arg(long, default_value_t = 5)]
        rounds: usize,
    },
    /// Write a new variant crate `crates/<name>` (package `fairy-<name>`): a small working
    /// game on the chosen board with its rules document, tests and perft file, registered
    /// in the facade, the workspace and the cross-variant tests.
    NewVariant {
        /// The variant id: lower-case letters and digits, words joined by hyphens.
        name: String,
        /// The kernel geometry: square (8x8), hex (61 cells) or layered (3 x 8x8).
        #[arg(long)]
        board: String,
        /// The workspace to write into (default: this one).
        #[arg(long, value_name = "DIR")]
        into: Option<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Codegen { check } => codegen::run(check),
        Command::Conformance { check } => conformance::run(check),
        Command::Speed { variant, rounds } => speed::run(variant.as_deref(), rounds),
        Command::NewVariant { name, board, into } => {
            new_variant::run(&name, &board, into.as_deref())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
