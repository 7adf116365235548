//! `fairy`: rule engines for chess variants on the command line.
//!
//! Run `fairy --help` for the subcommands. Bad input prints one line on stderr and exits
//! with status 2.

use std::io::Write;
use std::process::ExitCode;

use fairy_cli::app::{self, Console};

fn main() -> ExitCode {
    let cli = match app::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(std::io::stderr(), "fairy: {}", app::one_line(&e));
            return ExitCode::from(2);
        }
    };
    match app::run(cli, Console::Process) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of the output went away (`| head`): nothing more to say.
        Err(_) if app::stdout_closed() => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "fairy: {e}");
            ExitCode::from(2)
        }
    }
}
