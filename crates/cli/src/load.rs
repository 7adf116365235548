//! `fairy load` (hidden): the load generator of `fairy-web` against a `fairy serve` on this
//! machine (docs/server.md, "Load").

use std::io::Write;
use std::time::Duration;

use fairy_web::client::Server;
use fairy_web::load::{self, LoadOptions};

use crate::{registry, CliError};

/// The options of `fairy load`.
#[derive(clap::Args, Clone, Debug)]
pub struct LoadArgs {
    /// The server, `http://127.0.0.1:PORT` (loopback addresses only); given more than
    /// once, servers sharing one database, over which the clients are spread (the two
    /// players of a game on different servers).
    #[arg(long, required = true)]
    pub server: Vec<String>,
    /// Games played at once (each creates a game: raise the server's
    /// `--max-games-per-client` beyond 10).
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Spectator connections, spread over the games.
    #[arg(long, default_value_t = 0)]
    pub spectators: usize,
    /// The time each player waits before each of its moves, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub interval_ms: u64,
    /// How long the games are played, in seconds.
    #[arg(long, default_value_t = 30)]
    pub duration_s: u64,
    /// The variant of every game.
    #[arg(long, default_value = "synthesis")]
    pub variant: String,
    /// Connect the clients as programs do (`?svg=0`: states without their picture)
    /// instead of as browsers (every state with its picture).
    #[arg(long)]
    pub no_pictures: bool,
    /// The server's process id: also report its memory (VmRSS, VmHWM from /proc) and the
    /// CPU time it used during the run; may be given once per server.
    #[arg(long)]
    pub pid: Vec<u32>,
}

/// Runs the load and prints the report (and the servers' memory and CPU time with `--pid`).
///
/// # Errors
/// Bad options (a server that is not on a loopback address, counts or times out of range),
/// a game the server refuses to set up, output errors.
pub fn run(args: &LoadArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let servers = args
        .server
        .iter()
        .map(|s| Server::parse(s).map_err(|e| CliError::Argument(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    let variant = registry::find(&args.variant)?.id().to_owned();
    let options = LoadOptions {
        servers,
        variant,
        games: args.games,
        spectators: args.spectators,
        interval: Duration::from_millis(args.interval_ms),
        duration: Duration::from_secs(args.duration_s),
        pictures: !args.no_pictures,
    };
    load::validate(&options).map_err(|e| CliError::Argument(e.to_string()))?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Argument(format!("cannot start the network runtime: {e}")))?;
    let cpu_before: Vec<Option<f64>> = args.pid.iter().map(|p| cpu_seconds(*p)).collect();
    let started = std::time::Instant::now();
    let report = rt
        .block_on(load::run(&options))
        .map_err(|e| CliError::Argument(e.to_string()))?;
    let wall = started.elapsed().as_secs_f64();
    let mut text = report.to_string();
    for (pid, before) in args.pid.iter().zip(cpu_before) {
        let cpu = match (before, cpu_seconds(*pid)) {
            (Some(a), Some(b)) => format!(
                "CPU {:.1} s in {wall:.1} s ({:.0}% of one core, setup included)",
                b - a,
                100.0 * (b - a) / wall.max(1e-9)
            ),
            _ => "CPU unknown".to_owned(),
        };
        text += &format!("\nserver {pid}: {}, {cpu}", memory(*pid));
    }
    writeln!(out, "{text}").map_err(|e| CliError::Argument(format!("cannot write output: {e}")))
}

/// `VmRSS ... VmHWM ...` of process `pid`, or why not.
fn memory(pid: u32) -> String {
    match std::fs::read_to_string(format!("/proc/{pid}/status")) {
        Ok(s) => s
            .lines()
            .filter(|l| l.starts_with("VmRSS") || l.starts_with("VmHWM"))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join(", "),
        Err(e) => format!("memory unknown ({e})"),
    }
}

/// The CPU time process `pid` has used (user and system, all its threads), seconds, from
/// `/proc/PID/stat` (counted in Linux's fixed `USER_HZ` of 100 ticks a second); `None`
/// when it cannot be read.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    cpu_of_stat(&stat)
}

/// [`cpu_seconds`] of the text of a `/proc/PID/stat` file: fields 14 and 15 (`utime`,
/// `stime`), counted after the command name, which is in parentheses and may hold spaces.
fn cpu_of_stat(stat: &str) -> Option<f64> {
    let (_, rest) = stat.rsplit_once(')')?;
    let mut fields = rest.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_is_read_after_the_command_name() {
        let stat = "4242 (fairy serve) S 1 4242 1 0 -1 4194560 2875 0 0 0 1234 566 0 0 20 0 7 0";
        assert_eq!(cpu_of_stat(stat), Some(18.0));
        assert_eq!(cpu_of_stat("4242 (fairy) S 1"), None);
        assert_eq!(cpu_of_stat("no parenthesis"), None);
        let own = cpu_seconds(std::process::id()).expect("this process's stat");
        assert!(own >= 0.0);
    }
}
