//! `fairy match --engine A --engine B`: a match between any two UCI engines (see
//! `docs/uci.md`): openings played twice with colours swapped, clocks, adjudication,
//! failures scored as losses, SPRT and Elo, a game record per game.

pub mod engine;
pub mod stats;

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;
use std::time::Duration;

use fairy::driver::{
    DriverError, Ending, Match, MatchOptions, ScoreAdjudication, Termination,
    TimeControl as DriverClock,
};
use fairy_engine::{Limits, Rng, Score};
use fairy_kernel::Color;

use crate::adapter::{Session, Variant};
use crate::error::CliError;

use self::engine::{Engine, EngineSpec, Failure};
use self::stats::{Sprt, Verdict};

/// A time control: `BASE+INC` in seconds (`10+0.1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time at the start, ms.
    pub base_ms: u64,
    /// Added after each move (sub-move in Imperial Regicide), ms.
    pub inc_ms: u64,
}

impl TimeControl {
    /// Reads `10+0.1` or `10`.
    ///
    /// ```
    /// let tc = fairy_cli::arbiter::TimeControl::parse("1+0.1").unwrap();
    /// assert_eq!((tc.base_ms, tc.inc_ms), (1000, 100));
    /// ```
    ///
    /// # Errors
    /// Not two non-negative numbers of seconds.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let (b, i) = text.split_once('+').unwrap_or((text, "0"));
        let secs = |s: &str| -> Result<u64, String> {
            let v: f64 = s
                .parse()
                .map_err(|_| format!("--tc {text:?}: expected BASE+INC in seconds"))?;
            if !(0.0..1e9).contains(&v) {
                return Err(format!("--tc {text:?}: out of range"));
            }
            Ok((v * 1000.0).round() as u64)
        };
        let tc = TimeControl {
            base_ms: secs(b)?,
            inc_ms: secs(i)?,
        };
        if tc.base_ms == 0 && tc.inc_ms == 0 {
            return Err("--tc: no time at all".into());
        }
        Ok(tc)
    }
}

/// Score-based adjudication: a side whose engines both agree it is lost by at least
/// `resign_cp` for `resign_plies` consecutive moves loses; both within `draw_cp` of 0 for
/// `draw_plies` consecutive moves after ply `draw_after` is a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// Game-length cap in plies (a draw).
    pub max_plies: usize,
    /// Resign threshold (centipawns), or none.
    pub resign_cp: Option<i32>,
    /// Consecutive plies the resign threshold must hold.
    pub resign_plies: usize,
    /// Draw threshold (centipawns), or none.
    pub draw_cp: Option<i32>,
    /// Consecutive plies the draw threshold must hold.
    pub draw_plies: usize,
    /// Draw adjudication starts after this many plies.
    pub draw_after: usize,
}

/// Options of an engine match.
#[derive(Clone)]
pub struct ArbiterOptions {
    /// The two engines; the score is the first one's.
    pub engines: [EngineSpec; 2],
    /// The variant.
    pub variant: &'static dyn Variant,
    /// Games at most (rounded up to a pair).
    pub games: u32,
    /// Opening positions (notation), one per pair; empty for random walks.
    pub openings: Vec<String>,
    /// Random-walk openings: plies.
    pub opening_plies: usize,
    /// Seed of the random walks.
    pub seed: u64,
    /// Clock, if any.
    pub tc: Option<TimeControl>,
    /// Fixed time per move (ms), if any.
    pub movetime: Option<u64>,
    /// Depth for both engines (an engine's own `depth=` wins).
    pub depth: Option<u32>,
    /// Nodes for both engines.
    pub nodes: Option<u64>,
    /// Games played at once.
    pub concurrency: usize,
    /// Adjudication.
    pub adjudication: Adjudication,
    /// The SPRT, if any.
    pub sprt: Option<Sprt>,
    /// Directory for the game records.
    pub records: Option<PathBuf>,
    /// How long an engine may take beyond its time (or at all, without a clock) before it
    /// is said to hang.
    pub timeout: Duration,
    /// Allowed lag beyond the clock before a time loss, ms.
    pub time_margin: u64,
}

/// How one game ended, from White's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The game's number, from 1.
    pub number: usize,
    /// Index of the engine playing White.
    pub white: usize,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why.
    pub termination: String,
    /// Plies.
    pub plies: usize,
    /// The failure that decided it, if any (`crash`, `hang`, `illegal move`, `time`).
    pub failure: Option<String>,
    /// The record.
    pub record: String,
}

impl GameReport {
    /// The first engine's points ×2 (2 win, 1 draw, 0 loss).
    pub fn first_points(&self) -> u32 {
        let white_pts = match self.result.as_str() {
            "1-0" => 2,
            "0-1" => 0,
            _ => 1,
        };
        if self.white == 0 {
            white_pts
        } else {
            2 - white_pts
        }
    }
}

/// The final tally of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Games decided by a failure of either engine.
    pub failures: u32,
    /// Of these, time losses.
    pub time_losses: u32,
    /// The SPRT verdict, if a test ran.
    pub verdict: Option<Verdict>,
}

/// A seeded random walk of `plies` from the start, redrawn (up to 20 times) while the
/// built-in engine's depth-2 score of the result is beyond 150 or the game is over.
fn random_opening(v: &dyn Variant, plies: usize, rng: &mut Rng) -> Result<Vec<String>, CliError> {
    let mut best = Vec::new();
    for _ in 0..20 {
        let mut s = v.session(None)?;
        let mut line = Vec::new();
        for _ in 0..plies {
            match s.random_move(rng) {
                Some(m) if !s.is_over() => {
                    s.apply(&m)?;
                    line.push(m);
                }
                _ => break,
            }
        }
        if s.is_over() {
            continue;
        }
        best = line;
        match s.engine_move(&Limits::depth(2)) {
            Some(e) if e.score.centipawns().is_some_and(|cp| cp.abs() <= 150) => break,
            _ => {}
        }
    }
    Ok(best)
}

struct Job {
    number: usize,
    white: usize,
    start: Option<String>,
    opening: Vec<String>,
}

fn side_index(c: Color) -> usize {
    c.index()
}

/// Plays one game between engines `e` (`e[0]` is the first engine, playing White when
/// `job.white == 0`), through the game driver: its clock runs on the engines' measured
/// thinking times (per turn: one increment per turn, also in Imperial Regicide), and it
/// decides the length cap and score adjudication.
fn play_game(
    o: &ArbiterOptions,
    job: &Job,
    slots: &mut [Option<Engine>; 2],
) -> Result<GameReport, CliError> {
    let v = o.variant;
    let mut s: Box<dyn Session> = v.session(job.start.as_deref())?;
    for m in &job.opening {
        s.apply(m)?;
    }
    let start_cmd = match &job.start {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_owned(),
    };
    let engine_of = |side: usize| if side == 0 { job.white } else { 1 - job.white };
    let names = [
        o.engines[job.white].name.clone(),
        o.engines[1 - job.white].name.clone(),
    ];
    let a = o.adjudication;
    let options = MatchOptions {
        max_plies: Some(a.max_plies),
        clock: o.tc.map(|tc| DriverClock {
            base_ms: tc.base_ms,
            increment_ms: tc.inc_ms,
            grace_ms: o.time_margin,
        }),
        adjudication: Some(ScoreAdjudication {
            resign_cp: a.resign_cp,
            resign_plies: a.resign_plies,
            draw_cp: a.draw_cp,
            draw_plies: a.draw_plies,
            draw_after: a.draw_after,
        }),
    };
    let mut game = Match::from_session(v, s, names.clone(), options);
    // The driver's clock: the engines' thinking times added up, in ms.
    let mut now = 0u64;
    game.start_clock(now);
    for slot in slots.iter_mut() {
        if slot.as_mut().is_some_and(|e| e.send("ucinewgame").is_err()) {
            *slot = None;
        }
    }
    // The failure that decided the game: its kind (`crash`, `hang`, `illegal move`).
    let mut failure: Option<&str> = None;
    while !game.is_over() {
        let color = game.side_to_move();
        let side = side_index(color);
        let k = engine_of(side);
        let spec = &o.engines[k];
        let forfeit = |game: &mut Match, what: String| {
            game.forfeit(color, &format!("({}) {what}", names[side]))
        };
        if slots[k].is_none() {
            match Engine::start(spec, v.id(), o.timeout) {
                Ok(e) => slots[k] = Some(e),
                Err(f) => {
                    failure = Some("crash");
                    forfeit(&mut game, format!("could not start: {f}"))?;
                    break;
                }
            }
        }
        let Some(eng) = slots[k].as_mut() else { break };
        let moves = game.moves();
        let pos = if moves.is_empty() {
            start_cmd.clone()
        } else {
            format!("{start_cmd} moves {}", moves.join(" "))
        };
        let mut go = String::from("go");
        let mut timeout = o.timeout;
        if let Some(tc) = o.tc {
            let left = |c: Color| game.clock_ms(c, now).unwrap_or(0);
            go += &format!(
                " wtime {} btime {} winc {} binc {}",
                left(Color::White),
                left(Color::Black),
                tc.inc_ms,
                tc.inc_ms
            );
            timeout = Duration::from_millis(left(color) + o.time_margin + 1000);
        }
        if let Some(mt) = o.movetime {
            go += &format!(" movetime {mt}");
            timeout = Duration::from_millis(mt) + o.timeout;
        }
        if let Some(d) = spec.depth.or(o.depth) {
            go += &format!(" depth {d}");
        }
        if let Some(n) = spec.nodes.or(o.nodes) {
            go += &format!(" nodes {n}");
        }
        let answer = eng.send(&pos).and_then(|()| eng.go(&go, timeout));
        let (mv, took) = match answer {
            Ok(a) => a,
            Err(f) => {
                let (kind, text) = match f {
                    Failure::Hang if o.tc.is_some() => ("time", "lost on time (no answer)"),
                    Failure::Hang => ("hang", "hung (no bestmove in time)"),
                    _ => ("crash", "crashed"),
                };
                failure = Some(kind);
                forfeit(&mut game, text.to_owned())?;
                slots[k] = None;
                break;
            }
        };
        if let Some(score) = eng.last_score {
            game.report_score(color, Score::centipawns_of(score));
        }
        if o.tc.is_some() {
            now = now.saturating_add(u64::try_from(took.as_millis()).unwrap_or(u64::MAX));
        }
        match game.play(color, &mv, now) {
            Ok(_) => {}
            // The flag fell: the driver has ended the game on time.
            Err(DriverError::GameOver(_)) => {}
            Err(e) => {
                failure = Some("illegal move");
                forfeit(&mut game, format!("illegal move {mv:?}: {e}"))?;
            }
        }
    }
    let termination = game.termination().cloned().unwrap_or(Termination {
        result: fairy::GameResult::Unfinished,
        ending: Ending::Unfinished {
            note: "no engine".into(),
        },
    });
    if matches!(termination.ending, Ending::Time { .. }) {
        failure = Some("time");
    }
    let mut rec = game.record();
    rec.set_tag("Round", job.number.to_string());
    rec.set_tag("Opening", job.opening.join(" "));
    Ok(GameReport {
        number: job.number,
        white: job.white,
        result: termination.result.token().to_owned(),
        termination: termination.reason_text(v.side_names()),
        plies: game.moves().len(),
        failure: failure.map(str::to_owned),
        record: rec.to_string(),
    })
}

/// Refuses, before any game, an engine that would have no limit on its search (it would
/// think until the timeout and lose every game as a hang) and an engine that cannot be
/// started or does not complete the UCI handshake.
///
/// # Errors
/// [`CliError::Argument`], one line naming the engine and the options or the failure.
pub fn check_engines(o: &ArbiterOptions) -> Result<(), CliError> {
    let shared = o.tc.is_some() || o.movetime.is_some() || o.depth.is_some() || o.nodes.is_some();
    for (i, spec) in o.engines.iter().enumerate() {
        if !shared && spec.depth.is_none() && spec.nodes.is_none() {
            return Err(CliError::Argument(format!(
                "engine {} ({}) has no limit: give --tc BASE+INC, --movetime MS, --depth N or --nodes N (or depth=N or nodes=N in its --engine)",
                i + 1,
                spec.name
            )));
        }
    }
    for (i, spec) in o.engines.iter().enumerate() {
        match Engine::start(spec, o.variant.id(), o.timeout) {
            Ok(e) => e.quit(),
            Err(f) => {
                let what = match f {
                    Failure::Start(_) => f.to_string(),
                    _ => format!("{f} during the UCI handshake"),
                };
                return Err(CliError::Argument(format!(
                    "engine {} ({}) {what}",
                    i + 1,
                    spec.name
                )));
            }
        }
    }
    Ok(())
}

/// The Elo line of the summary: the estimate with its 95% interval, or, when every game
/// was won or every game lost (an infinite estimate), a sentence saying so.
pub fn elo_line(w: u32, d: u32, l: u32) -> String {
    let n = w + d + l;
    if n == 0 {
        return "elo: no games".to_owned();
    }
    if w == n || l == n {
        let who = if w == n { "won" } else { "lost" };
        return format!(
            "elo: not estimated: the first engine {who} all {n} games (more games give an estimate)"
        );
    }
    match stats::elo_interval(w, d, l) {
        Some((e, lo, hi)) => {
            let f = |x: f64| {
                if x.is_finite() {
                    format!("{x:.1}")
                } else if x > 0.0 {
                    "+inf".to_owned()
                } else {
                    "-inf".to_owned()
                }
            };
            format!("elo: {} [{}, {}] (95%)", f(e), f(lo), f(hi))
        }
        None => "elo: no games".to_owned(),
    }
}

/// Runs the match: one line per game and a summary on `out`, progress (with the LLR) on
/// `err`.
///
/// # Errors
/// Bad options, an unreadable opening, I/O errors.
pub fn run(
    o: &ArbiterOptions,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Tally, CliError> {
    let werr = |r: std::io::Result<()>| {
        r.map_err(|e| CliError::Argument(format!("cannot write output: {e}")))
    };
    if o.games == 0 {
        return Err(CliError::Argument("--games must be at least 1".into()));
    }
    if o.concurrency == 0 || o.concurrency > 64 {
        return Err(CliError::Argument(format!(
            "--concurrency {} is out of range: 1 to 64",
            o.concurrency
        )));
    }
    for f in &o.openings {
        o.variant.session(Some(f))?;
    }
    check_engines(o)?;
    if let Some(dir) = &o.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Argument(format!("cannot create {}: {e}", dir.display())))?;
    }
    let pairs = o.games.div_ceil(2) as usize;
    let mut rng = Rng::new(o.seed);
    let mut jobs = Vec::new();
    for p in 0..pairs {
        let (start, opening) = if o.openings.is_empty() {
            (None, random_opening(o.variant, o.opening_plies, &mut rng)?)
        } else {
            (Some(o.openings[p % o.openings.len()].clone()), Vec::new())
        };
        for white in 0..2 {
            jobs.push(Job {
                number: 2 * p + white + 1,
                white,
                start: start.clone(),
                opening: opening.clone(),
            });
        }
    }
    // Exactly the games asked for: with an odd count the last opening is played once.
    jobs.truncate(o.games as usize);
    let jobs = Arc::new(jobs);
    let next = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel::<Result<GameReport, String>>();
    let total = jobs.len();
    let mut handles = Vec::new();
    for _ in 0..o.concurrency {
        let (jobs, next, done, tx, o) = (
            Arc::clone(&jobs),
            Arc::clone(&next),
            Arc::clone(&done),
            tx.clone(),
            o.clone(),
        );
        handles.push(std::thread::spawn(move || {
            let mut slots: [Option<Engine>; 2] = [None, None];
            while !done.load(Ordering::SeqCst) {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(i) else { break };
                let r = play_game(&o, job, &mut slots).map_err(|e| e.to_string());
                if tx.send(r).is_err() {
                    break;
                }
            }
            for e in slots.into_iter().flatten() {
                e.quit();
            }
        }));
    }
    drop(tx);
    let mut t = Tally::default();
    let names = [o.engines[0].name.as_str(), o.engines[1].name.as_str()];
    for r in rx {
        let g = r.map_err(CliError::Argument)?;
        match g.first_points() {
            2 => t.wins += 1,
            1 => t.draws += 1,
            _ => t.losses += 1,
        }
        if let Some(f) = &g.failure {
            t.failures += 1;
            if f == "time" {
                t.time_losses += 1;
            }
        }
        let (wn, bn) = (names[g.white], names[1 - g.white]);
        werr(writeln!(
            out,
            "game {}: {wn} - {bn}: {} ({}), {} plies",
            g.number, g.result, g.termination, g.plies
        ))?;
        if let Some(dir) = &o.records {
            let path = dir.join(format!("game-{:04}.txt", g.number));
            std::fs::write(&path, &g.record)
                .map_err(|e| CliError::Argument(format!("cannot write {}: {e}", path.display())))?;
        }
        let played = t.wins + t.draws + t.losses;
        let mut line = format!(
            "[{played}/{total}] {} vs {}: {}-{}-{} (W-D-L)",
            names[0], names[1], t.wins, t.draws, t.losses
        );
        if let Some(s) = &o.sprt {
            let (lo, hi) = s.bounds();
            line += &format!(
                ", LLR {:.3} [{lo:.3}, {hi:.3}]",
                s.llr(t.wins, t.draws, t.losses)
            );
            let v = s.verdict(t.wins, t.draws, t.losses);
            if v != Verdict::Continue && t.verdict.is_none() {
                t.verdict = Some(v);
                done.store(true, Ordering::SeqCst);
            }
        }
        werr(writeln!(err, "{line}"))?;
    }
    for h in handles {
        let _ = h.join();
    }
    werr(writeln!(
        out,
        "score of {} vs {}: {}-{}-{} (W-D-L), {} failures ({} on time)",
        names[0], names[1], t.wins, t.draws, t.losses, t.failures, t.time_losses
    ))?;
    werr(writeln!(out, "{}", elo_line(t.wins, t.draws, t.losses)))?;
    if let Some(s) = &o.sprt {
        let (lo, hi) = s.bounds();
        let verdict = match t.verdict {
            Some(Verdict::H1) => "H1 accepted",
            Some(Verdict::H0) => "H0 accepted",
            _ => "inconclusive",
        };
        werr(writeln!(
            out,
            "sprt: elo0={} elo1={} alpha={} beta={}: LLR {:.3} [{lo:.3}, {hi:.3}]: {verdict}",
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            s.llr(t.wins, t.draws, t.losses)
        ))?;
    }
    Ok(t)
}
