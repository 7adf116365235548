//! `fairy uci`: the UCI protocol over any reader and writer, for every variant (see
//! `docs/uci.md`).
//!
//! [`run`] reads commands line by line and answers on the writer; searches run on a worker
//! thread (which keeps its engines, and their transposition tables, between searches), so
//! that `stop`, `isready` and `quit` are answered while the engine thinks. Bad input never
//! ends the session: it is answered with `info string error: ...`.

pub mod time;

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use fairy_engine::{Limits, Score};
use fairy_kernel::Color;

use crate::adapter::{self, SearchInfo, Session, Variant};
use crate::registry;

use self::time::{budget, ceiling, Clock};

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("fairy ", env!("CARGO_PKG_VERSION"));
/// The default of the `Move Overhead` option, in milliseconds.
pub const DEFAULT_MOVE_OVERHEAD: u64 = 30;
/// The largest `Hash`, in MiB.
pub const MAX_HASH: usize = 4096;
/// The largest `MultiPV`.
pub const MAX_MULTIPV: usize = 64;

/// Where the session writes: shared by the command loop and the search thread.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// Writes one line (ignoring a closed output: the reader decides when the session ends).
fn say(out: &Output, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

fn error(out: &Output, text: &str) {
    say(out, &format!("info string error: {text}"));
}

/// A UCI score: `cp N`, or `mate N` in moves (negative when the engine is mated), counting
/// plies as in chess (a ply is one sub-move in Imperial Regicide); see [`Score::uci`].
///
/// ```
/// use fairy_cli::uci::score_text;
/// use fairy_engine::{mate_score, Score};
/// assert_eq!(score_text(Score::from_value(35)), "cp 35");
/// assert_eq!(score_text(Score::from_value(mate_score(3))), "mate 2");
/// assert_eq!(score_text(-Score::from_value(mate_score(4))), "mate -2");
/// ```
pub fn score_text(score: Score) -> String {
    score.uci()
}

/// One `info` line of a finished iteration.
pub fn info_line(i: &SearchInfo) -> String {
    let ms = i.elapsed.as_millis() as u64;
    let nps = i.nodes * 1000 / ms.max(1);
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {nps} time {ms} hashfull {} pv {}",
        i.depth,
        i.seldepth.max(i.depth),
        i.multipv,
        score_text(i.score),
        i.nodes,
        i.hashfull,
        i.pv.join(" ")
    )
}

/// The position as set by `position`: the variant, the start notation, the moves.
#[derive(Clone)]
struct Setup {
    variant: &'static dyn Variant,
    start: Option<String>,
    moves: Vec<String>,
}

impl Setup {
    fn session(&self) -> Result<Box<dyn Session>, String> {
        let mut s = self
            .variant
            .session(self.start.as_deref())
            .map_err(|e| e.to_string())?;
        for m in &self.moves {
            s.apply(m).map_err(|e| format!("move {m}: {e}"))?;
        }
        Ok(s)
    }
}

enum Job {
    Search {
        setup: Setup,
        limits: Limits,
        infinite: bool,
        multipv: usize,
    },
    Hash(usize),
    Clear,
}

/// The search thread and what it shares with the command loop.
struct Worker {
    jobs: Option<Sender<Job>>,
    handle: Option<JoinHandle<()>>,
    stop: Arc<AtomicBool>,
    busy: Arc<AtomicBool>,
    infinite: Arc<AtomicBool>,
}

impl Worker {
    fn start(out: Output) -> Worker {
        let (tx, rx) = channel::<Job>();
        let stop = Arc::new(AtomicBool::new(false));
        let busy = Arc::new(AtomicBool::new(false));
        let infinite = Arc::new(AtomicBool::new(false));
        let (s, b) = (Arc::clone(&stop), Arc::clone(&busy));
        let handle = std::thread::spawn(move || {
            for job in rx {
                match job {
                    Job::Hash(mb) => adapter::set_engine_megabytes(mb),
                    Job::Clear => adapter::clear_engines(),
                    Job::Search {
                        setup,
                        limits,
                        infinite,
                        multipv,
                    } => {
                        search(&out, &setup, &limits, infinite, multipv, &s);
                        b.store(false, Ordering::SeqCst);
                    }
                }
            }
        });
        Worker {
            jobs: Some(tx),
            handle: Some(handle),
            stop,
            busy,
            infinite,
        }
    }

    fn send(&self, job: Job) {
        if let Some(tx) = &self.jobs {
            let _ = tx.send(job);
        }
    }

    /// Ends the thread after its current job; with `stop_search`, that search stops now.
    fn finish(&mut self, stop_search: bool) {
        if stop_search || self.infinite.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
        }
        self.jobs = None;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// Runs one search and writes its `info` lines and `bestmove`.
fn search(
    out: &Output,
    setup: &Setup,
    limits: &Limits,
    infinite: bool,
    multipv: usize,
    stop: &Arc<AtomicBool>,
) {
    let session = match setup.session() {
        Ok(s) => s,
        Err(e) => {
            error(out, &e);
            say(out, "bestmove (none)");
            return;
        }
    };
    let best = session.engine_search(limits, Some(Arc::clone(stop)), multipv, &mut |i| {
        say(out, &info_line(i));
    });
    // `go infinite`: the answer waits for `stop`.
    while infinite && !stop.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(2));
    }
    match best {
        Some(m) => say(out, &format!("bestmove {}", m.text)),
        None => {
            if let Some(o) = session.outcome() {
                say(
                    out,
                    &format!("info string game over: {}", session.describe(&o)),
                );
            }
            say(out, "bestmove (none)");
        }
    }
}

/// The state of a session between commands.
struct Engine {
    out: Output,
    setup: Setup,
    hash: usize,
    multipv: usize,
    overhead: u64,
    worker: Worker,
}

/// Runs the protocol: reads commands from `input` until `quit` or the end of the input,
/// answering on `out`. At the end of the input a running search finishes first (an
/// infinite one is stopped) and its `bestmove` is written.
pub fn run(input: &mut dyn BufRead, out: Output) {
    let variant = registry::built()[0];
    let mut e = Engine {
        worker: Worker::start(Arc::clone(&out)),
        out,
        setup: Setup {
            variant,
            start: None,
            moves: Vec::new(),
        },
        hash: adapter::ENGINE_TT_MEGABYTES,
        multipv: 1,
        overhead: DEFAULT_MOVE_OVERHEAD,
    };
    let mut line = String::new();
    loop {
        line.clear();
        match crate::input::read_line_lossy(input, &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !e.command(line.trim()) {
            e.worker.finish(true);
            return;
        }
    }
    e.worker.finish(false);
}

impl Engine {
    /// Handles one line; `false` for `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        let busy = self.worker.busy.load(Ordering::SeqCst);
        if busy
            && !self.worker.infinite.load(Ordering::SeqCst)
            && matches!(cmd, "position" | "go" | "setoption" | "ucinewgame" | "d")
        {
            // A script may send the next commands without waiting for `bestmove`: a
            // finite search ends first.
            while self.worker.busy.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        match cmd {
            "uci" => self.uci(),
            "isready" => say(&self.out, "readyok"),
            "quit" => return false,
            "stop" => {
                // The answer to `stop` is the search's `bestmove`: wait for it.
                self.worker.stop.store(true, Ordering::SeqCst);
                while self.worker.busy.load(Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            "ponderhit" => {}
            "debug" => {}
            _ if busy
                && self.worker.infinite.load(Ordering::SeqCst)
                && matches!(cmd, "position" | "go" | "setoption" | "ucinewgame") =>
            {
                error(
                    &self.out,
                    &format!("{cmd} during an infinite search; send stop first"),
                )
            }
            "ucinewgame" => self.worker.send(Job::Clear),
            "setoption" => self.setoption(&rest),
            "position" => self.position(&rest),
            "go" => self.go(&rest),
            "d" => self.diagram(),
            _ => error(&self.out, &format!("unknown command {cmd:?}")),
        }
        true
    }

    fn uci(&self) {
        let ids: Vec<&str> = registry::built().iter().map(|v| v.id()).collect();
        let combo: String = ids.iter().map(|id| format!(" var {id}")).collect();
        let lines = [
            format!("id name {ENGINE_NAME}"),
            "id author the fairy authors".to_owned(),
            format!(
                "option name UCI_Variant type combo default {}{combo}",
                ids[0]
            ),
            format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH}",
                adapter::ENGINE_TT_MEGABYTES
            ),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            format!(
                "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD} min 0 max 5000"
            ),
            "uciok".to_owned(),
        ];
        for l in lines {
            say(&self.out, &l);
        }
    }

    fn setoption(&mut self, rest: &[&str]) {
        let (name, value) = match parse_setoption(rest) {
            Ok(nv) => nv,
            Err(e) => return error(&self.out, &e),
        };
        let number = |max: u64| -> Result<u64, String> {
            let v: u64 = value
                .parse()
                .map_err(|_| format!("option {name}: {value:?} is not a number"))?;
            if v > max {
                return Err(format!("option {name}: {v} is above the maximum {max}"));
            }
            Ok(v)
        };
        let r = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => registry::find(&value)
                .map(|v| {
                    self.setup = Setup {
                        variant: v,
                        start: None,
                        moves: Vec::new(),
                    };
                })
                .map_err(|e| e.to_string()),
            "hash" => number(MAX_HASH as u64).and_then(|v| {
                if v == 0 {
                    return Err("option Hash: at least 1".into());
                }
                self.hash = v as usize;
                self.worker.send(Job::Hash(self.hash));
                Ok(())
            }),
            "multipv" => number(MAX_MULTIPV as u64).and_then(|v| {
                if v == 0 {
                    return Err("option MultiPV: at least 1".into());
                }
                self.multipv = v as usize;
                Ok(())
            }),
            "move overhead" => number(5000).map(|v| self.overhead = v),
            _ => Err(format!("unknown option {name:?}")),
        };
        if let Err(e) = r {
            error(&self.out, &e);
        }
    }

    fn position(&mut self, rest: &[&str]) {
        let (start, moves) = match parse_position(rest) {
            Ok(p) => p,
            Err(e) => return error(&self.out, &e),
        };
        let mut session = match self.setup.variant.session(start.as_deref()) {
            Ok(s) => s,
            Err(e) => return error(&self.out, &format!("position: {e}")),
        };
        let mut played = Vec::new();
        for m in moves {
            match session.apply(&m) {
                Ok(t) => played.push(t),
                Err(err) => {
                    error(
                        &self.out,
                        &format!(
                            "illegal move {m:?} after {} moves: {err}; the position stops before it",
                            played.len()
                        ),
                    );
                    break;
                }
            }
        }
        self.setup.start = start;
        self.setup.moves = played;
    }

    fn go(&mut self, rest: &[&str]) {
        let go = match parse_go(rest) {
            Ok(g) => g,
            Err(e) => return error(&self.out, &e),
        };
        let session = match self.setup.session() {
            Ok(s) => s,
            Err(e) => return error(&self.out, &e),
        };
        if let Some(depth) = go.perft {
            let rows = session.divide(depth, 1);
            for (m, n) in &rows {
                say(&self.out, &format!("{m}: {n}"));
            }
            let total: u64 = if depth == 0 {
                1
            } else {
                rows.iter().map(|r| r.1).sum()
            };
            say(&self.out, "");
            say(&self.out, &format!("Nodes searched: {total}"));
            return;
        }
        let limits = go.limits(session.side_to_move(), self.overhead);
        let infinite = go.infinite || limits == Limits::default();
        self.worker.stop.store(false, Ordering::SeqCst);
        self.worker.infinite.store(infinite, Ordering::SeqCst);
        self.worker.busy.store(true, Ordering::SeqCst);
        self.worker.send(Job::Search {
            setup: self.setup.clone(),
            limits,
            infinite,
            multipv: self.multipv,
        });
    }

    fn diagram(&self) {
        match self.setup.session() {
            Ok(s) => {
                for l in s.diagram().lines() {
                    say(&self.out, l);
                }
                say(&self.out, &format!("Variant: {}", self.setup.variant.id()));
                say(&self.out, &format!("Fen: {}", s.notation()));
                say(
                    &self.out,
                    &format!("Side to move: {}", s.side_name(s.side_to_move())),
                );
                if let Some(o) = s.outcome() {
                    say(&self.out, &format!("Outcome: {}", s.describe(&o)));
                }
            }
            Err(e) => error(&self.out, &e),
        }
    }
}

/// `setoption name <name> [value <value>]` split into name and value (words joined by one
/// space).
///
/// ```
/// use fairy_cli::uci::parse_setoption;
/// assert_eq!(
///     parse_setoption(&["name", "Move", "Overhead", "value", "50"]),
///     Ok(("Move Overhead".to_owned(), "50".to_owned()))
/// );
/// assert!(parse_setoption(&["value", "3"]).is_err());
/// ```
///
/// # Errors
/// A missing `name` or an empty name.
pub fn parse_setoption(rest: &[&str]) -> Result<(String, String), String> {
    if rest.first() != Some(&"name") {
        return Err("setoption: expected `setoption name <name> value <value>`".into());
    }
    let split = rest
        .iter()
        .position(|&w| w == "value")
        .unwrap_or(rest.len());
    let name = rest[1..split].join(" ");
    if name.is_empty() {
        return Err("setoption: the option name is missing".into());
    }
    let value = rest
        .get(split + 1..)
        .map(|v| v.join(" "))
        .unwrap_or_default();
    Ok((name, value))
}

/// `position startpos|fen <notation> [moves ...]`: the start notation (`None` for the
/// variant's start) and the moves. The notation is every word up to `moves`.
///
/// ```
/// use fairy_cli::uci::parse_position;
/// let (fen, moves) = parse_position(&["fen", "8/8", "w", "-", "moves", "a1-a2"]).unwrap();
/// assert_eq!(fen.as_deref(), Some("8/8 w -"));
/// assert_eq!(moves, ["a1-a2"]);
/// assert_eq!(parse_position(&["startpos"]).unwrap(), (None, vec![]));
/// assert!(parse_position(&["fen"]).is_err());
/// ```
///
/// # Errors
/// Neither `startpos` nor `fen`, an empty notation, or words between `startpos` and
/// `moves`.
pub fn parse_position(rest: &[&str]) -> Result<(Option<String>, Vec<String>), String> {
    let split = rest
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(rest.len());
    let moves = rest
        .get(split + 1..)
        .unwrap_or_default()
        .iter()
        .map(|m| (*m).to_owned())
        .collect();
    match rest.first() {
        Some(&"startpos") if split == 1 => Ok((None, moves)),
        Some(&"startpos") => Err(format!(
            "position startpos: unexpected {:?} before `moves`",
            rest[1]
        )),
        Some(&"fen") if split > 1 => Ok((Some(rest[1..split].join(" ")), moves)),
        Some(&"fen") => Err("position fen: the notation is missing".into()),
        _ => Err("position: expected `startpos` or `fen <notation>`".into()),
    }
}

/// The fields of a `go` command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `depth N`.
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `movetime MS`.
    pub movetime: Option<u64>,
    /// `wtime`, `btime` (ms).
    pub time: [Option<u64>; 2],
    /// `winc`, `binc` (ms).
    pub inc: [Option<u64>; 2],
    /// `movestogo N`.
    pub moves_to_go: Option<u64>,
    /// `infinite`.
    pub infinite: bool,
    /// `perft N` (Fairy-Stockfish's extension).
    pub perft: Option<u32>,
}

impl Go {
    /// The search limits for `side` to move: the depth and node caps as given, and the
    /// time from `movetime` (less `overhead_ms`) or from the side's clock, the smaller when
    /// both are given. From the clock, [`budget`] is the time aimed at (no iteration starts
    /// once half of it is gone) and [`ceiling`] the time at which the search stops.
    ///
    /// ```
    /// use fairy_cli::uci::parse_go;
    /// use fairy_kernel::Color;
    /// use std::time::Duration;
    /// let go = parse_go(&["wtime", "10030", "winc", "100"]).unwrap();
    /// let l = go.limits(Color::White, 30);
    /// // 10 000 ms usable / 30 + 100 ms aimed at, three times that at most.
    /// assert_eq!(l.soft_movetime, Some(Duration::from_millis(433)));
    /// assert_eq!(l.movetime, Some(Duration::from_millis(1299)));
    /// let fixed = parse_go(&["movetime", "500"]).unwrap().limits(Color::White, 30);
    /// assert_eq!((fixed.movetime, fixed.soft_movetime), (Some(Duration::from_millis(470)), None));
    /// ```
    pub fn limits(&self, side: Color, overhead_ms: u64) -> Limits {
        let i = side.index();
        let clock = self.time[i].map(|t| Clock {
            time_ms: t,
            inc_ms: self.inc[i].unwrap_or(0),
            moves_to_go: self.moves_to_go,
        });
        let fixed = self
            .movetime
            .map(|ms| Duration::from_millis(ms.saturating_sub(overhead_ms).max(1)));
        if self.infinite {
            return Limits {
                depth: self.depth,
                nodes: self.nodes,
                ..Limits::default()
            };
        }
        let (movetime, soft_movetime) = match (clock, fixed) {
            (Some(c), fixed) => {
                let hard = ceiling(c, overhead_ms);
                let soft = budget(c, overhead_ms);
                match fixed {
                    Some(f) if f < soft => (Some(f), None),
                    Some(f) => (Some(hard.min(f)), Some(soft)),
                    None => (Some(hard), Some(soft)),
                }
            }
            (None, fixed) => (fixed, None),
        };
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime,
            soft_movetime,
        }
    }
}

/// Reads the words after `go`.
///
/// ```
/// use fairy_cli::uci::parse_go;
/// let g = parse_go(&["wtime", "1000", "btime", "900", "winc", "100", "depth", "5"]).unwrap();
/// assert_eq!(g.time, [Some(1000), Some(900)]);
/// assert_eq!(g.depth, Some(5));
/// assert!(parse_go(&["depth"]).is_err());
/// assert!(parse_go(&["depth", "x"]).is_err());
/// ```
///
/// # Errors
/// An unknown word, or a field without its number.
pub fn parse_go(rest: &[&str]) -> Result<Go, String> {
    let mut g = Go::default();
    let mut it = rest.iter();
    while let Some(&word) = it.next() {
        let mut num = || -> Result<u64, String> {
            let v = it
                .next()
                .ok_or_else(|| format!("go {word}: the number is missing"))?;
            // Some arbiters send a negative time left after a slow move: read it as zero.
            if let Some(neg) = v.strip_prefix('-') {
                if neg.parse::<u64>().is_ok() {
                    return Ok(0);
                }
            }
            v.parse::<u64>()
                .map_err(|_| format!("go {word}: {v:?} is not a number"))
        };
        match word {
            "depth" => g.depth = Some(u32::try_from(num()?).unwrap_or(u32::MAX).max(1)),
            "nodes" => g.nodes = Some(num()?),
            "movetime" => g.movetime = Some(num()?),
            "wtime" => g.time[0] = Some(num()?),
            "btime" => g.time[1] = Some(num()?),
            "winc" => g.inc[0] = Some(num()?),
            "binc" => g.inc[1] = Some(num()?),
            "movestogo" => g.moves_to_go = Some(num()?),
            "perft" => {
                let depth = u32::try_from(num()?).unwrap_or(u32::MAX);
                // Each ply is a level of recursion: refuse what `fairy perft` refuses.
                if depth > crate::commands::MAX_PERFT_DEPTH {
                    return Err(format!(
                        "go perft {depth} is too deep: at most {} plies",
                        crate::commands::MAX_PERFT_DEPTH
                    ));
                }
                g.perft = Some(depth);
            }
            "infinite" => g.infinite = true,
            "ponder" => {}
            _ => return Err(format!("go: unknown or unsupported field {word:?}")),
        }
    }
    Ok(g)
}
