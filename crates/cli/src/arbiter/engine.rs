//! An engine process spoken to over UCI, with timeouts.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How an engine is started: `--engine "CMD ARGS"` or `--engine builtin[:k=v,...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in records and reports.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// `go depth` for this engine.
    pub depth: Option<u32>,
    /// `go nodes` for this engine.
    pub nodes: Option<u64>,
    /// `setoption` pairs sent after `uci`.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// Reads a spec. `builtin[:k=v,...]` runs this program's own `uci` mode; otherwise the
    /// text is split as a shell would (quotes honoured) and leading words `depth=N`,
    /// `nodes=N`, `name=TEXT` and `option.NAME=VALUE` configure the engine, the rest is the
    /// command. `builtin` takes the same keys after the colon, comma-separated.
    ///
    /// ```
    /// use fairy_cli::arbiter::engine::EngineSpec;
    /// let s = EngineSpec::parse("depth=2 name=weak ./my-engine --uci").unwrap();
    /// assert_eq!((s.depth, s.name.as_str()), (Some(2), "weak"));
    /// assert_eq!(s.command, ["./my-engine", "--uci"]);
    /// let b = EngineSpec::parse("builtin:nodes=500,option.Hash=4").unwrap();
    /// assert_eq!(b.nodes, Some(500));
    /// assert_eq!(b.options, [("Hash".to_owned(), "4".to_owned())]);
    /// ```
    ///
    /// # Errors
    /// Unbalanced quotes, an empty command, a bad number.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let (words, command) = if let Some(rest) = text.strip_prefix("builtin") {
            let keys = rest.strip_prefix(':').unwrap_or(rest);
            let exe =
                std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
            let words: Vec<String> = keys
                .split(',')
                .filter(|k| !k.is_empty())
                .map(str::to_owned)
                .collect();
            (words, vec![exe.display().to_string(), "uci".to_owned()])
        } else {
            let all = shlex::split(text)
                .ok_or_else(|| format!("--engine {text:?}: unbalanced quotes"))?;
            let n = all
                .iter()
                .take_while(|w| {
                    ["depth=", "nodes=", "name=", "option."]
                        .iter()
                        .any(|p| w.starts_with(p))
                })
                .count();
            (all[..n].to_vec(), all[n..].to_vec())
        };
        if command.is_empty() {
            return Err(format!("--engine {text:?}: no command"));
        }
        let mut spec = EngineSpec {
            name: if text.starts_with("builtin") {
                text.to_owned()
            } else {
                command.join(" ")
            },
            command,
            depth: None,
            nodes: None,
            options: Vec::new(),
        };
        for w in words {
            let (k, v) = w
                .split_once('=')
                .ok_or_else(|| format!("--engine: {w:?} is not key=value"))?;
            let num = || {
                v.parse::<u64>()
                    .map_err(|_| format!("--engine: {k}={v:?} is not a number"))
            };
            match k {
                "depth" => spec.depth = Some(num()?.clamp(1, 128) as u32),
                "nodes" => spec.nodes = Some(num()?),
                "name" => spec.name = v.to_owned(),
                _ => match k.strip_prefix("option.") {
                    Some(o) => spec.options.push((o.to_owned(), v.to_owned())),
                    None => return Err(format!("--engine: unknown key {k:?}")),
                },
            }
        }
        Ok(spec)
    }
}

/// Why an engine could not give a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process ended or closed its output.
    Crash,
    /// No answer within the allowed time (no clock running).
    Hang,
    /// It could not be started.
    Start(String),
}

impl core::fmt::Display for Failure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Failure::Crash => f.write_str("exited or closed its output"),
            Failure::Hang => f.write_str("did not answer in time"),
            Failure::Start(why) => write!(f, "could not be started ({why})"),
        }
    }
}

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The last `info ... score` seen, for adjudication (the engine's own point of view).
    pub last_score: Option<i32>,
}

impl Engine {
    /// Starts the engine, waits for `uciok`, sets `UCI_Variant` and the spec's options,
    /// and waits for `readyok`, each within `timeout`.
    ///
    /// # Errors
    /// The process cannot start or does not answer.
    pub fn start(spec: &EngineSpec, variant: &str, timeout: Duration) -> Result<Engine, Failure> {
        let mut child = Command::new(&spec.command[0])
            .args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Failure::Start(format!("{}: {e}", spec.command[0])))?;
        let stdin = child.stdin.take().ok_or(Failure::Crash)?;
        let stdout = child.stdout.take().ok_or(Failure::Crash)?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine {
            child,
            stdin,
            lines: rx,
            last_score: None,
        };
        e.send("uci")?;
        e.wait_for("uciok", timeout)?;
        e.send(&format!("setoption name UCI_Variant value {variant}"))?;
        for (k, v) in &spec.options {
            e.send(&format!("setoption name {k} value {v}"))?;
        }
        e.send("isready")?;
        e.wait_for("readyok", timeout)?;
        Ok(e)
    }

    /// Sends one line.
    ///
    /// # Errors
    /// [`Failure::Crash`] when the engine's input is closed.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| Failure::Crash)
    }

    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<String, Failure> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    if let Some(s) = score_of(&l) {
                        self.last_score = Some(s);
                    }
                    if l.split_whitespace().next() == Some(word) {
                        return Ok(l);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Failure::Hang),
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crash),
            }
        }
    }

    /// Sends `go ...` and returns the `bestmove` word and the time it took, waiting at most
    /// `timeout`.
    ///
    /// # Errors
    /// A crash or no answer in time.
    pub fn go(&mut self, go: &str, timeout: Duration) -> Result<(String, Duration), Failure> {
        self.last_score = None;
        let t0 = Instant::now();
        self.send(go)?;
        let line = self.wait_for("bestmove", timeout)?;
        let mv = line.split_whitespace().nth(1).unwrap_or("").to_owned();
        Ok((mv, t0.elapsed()))
    }

    /// Asks the engine to quit and ends the process.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The centipawn score of an `info` line (mate scores as ±100000).
fn score_of(line: &str) -> Option<i32> {
    let w: Vec<&str> = line.split_whitespace().collect();
    if w.first() != Some(&"info") {
        return None;
    }
    let i = w.iter().position(|&x| x == "score")?;
    let v: i32 = w.get(i + 2)?.parse().ok()?;
    match *w.get(i + 1)? {
        "cp" => Some(v),
        "mate" => Some(if v > 0 { 100_000 } else { -100_000 }),
        _ => None,
    }
}
