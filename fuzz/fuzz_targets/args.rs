//! The `fairy` command line on arbitrary arguments (one per line of the input), through the
//! binary's own clap parsing and subcommand code (`fairy_cli::app`), with standard input
//! empty and the outputs captured. It must never panic, and every error is one line.
//! Commands that would write files, start programs, open ports or run long (deep perft,
//! long games) are parsed but not run.
#![no_main]

use fairy_cli::app::{self, Command, Console};
use libfuzzer_sys::fuzz_target;

/// Whether running `c` is quick and touches no file, program or network.
fn cheap(c: &Command) -> bool {
    match c {
        Command::Perft { depth, threads, .. } => *depth <= 2 && *threads <= 2,
        Command::Play {
            limits,
            load,
            save,
            max_plies,
            ..
        } => {
            load.is_none()
                && save.is_none()
                && limits.movetime.is_none()
                && limits.depth.is_some_and(|d| d <= 1)
                && *max_plies <= 8
        }
        Command::Match {
            engines,
            games,
            limits,
            max_plies,
            opening_plies,
            ..
        } => {
            engines.is_empty()
                && *games <= 2
                && limits.movetime.is_none()
                && limits.depth.is_some_and(|d| d <= 1)
                && *max_plies <= 8
                && *opening_plies <= 8
        }
        Command::Svg { output, .. } => output.is_none(),
        Command::Uci | Command::Serve(_) => false,
        _ => true,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let args = std::iter::once("fairy").chain(text.split('\n'));
    let cli = match app::parse(args) {
        Ok(cli) => cli,
        Err(e) => {
            let line = app::one_line(&e);
            assert!(!line.contains('\n'), "{line:?}");
            return;
        }
    };
    if !cheap(&cli.command) {
        return;
    }
    let mut input: &[u8] = b"";
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let console = Console::Captured {
        input: &mut input,
        out: &mut out,
        err: &mut err,
    };
    if let Err(e) = app::run(cli, console) {
        let line = e.to_string();
        assert!(!line.contains('\n'), "an error of more than one line: {line:?}");
    }
});
