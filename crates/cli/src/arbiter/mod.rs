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

use fairy_engine::{Limits, Rng};
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
/// `job.white == 0`).
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
    let mut clock = [o.tc.map_or(0, |t| t.base_ms); 2];
    let mut streak_resign = [0usize; 2];
    let mut streak_draw = 0usize;
    let mut scores: [Option<i32>; 2] = [None; 2];
    let engine_of = |side: usize| if side == 0 { job.white } else { 1 - job.white };
    for slot in slots.iter_mut() {
        if slot.as_mut().is_some_and(|e| e.send("ucinewgame").is_err()) {
            *slot = None;
        }
    }
    let mut failure: Option<(usize, String, String)> = None; // (side, kind, text)
    let mut adjudicated: Option<(String, String)> = None;
    loop {
        if s.outcome().is_some() || s.is_over() {
            break;
        }
        let plies = s.history().len();
        if plies >= o.adjudication.max_plies {
            adjudicated = Some((
                "1/2-1/2".into(),
                format!(
                    "adjudicated draw: move cap of {} plies",
                    o.adjudication.max_plies
                ),
            ));
            break;
        }
        let side = side_index(s.side_to_move());
        let k = engine_of(side);
        let spec = &o.engines[k];
        if slots[k].is_none() {
            match Engine::start(spec, v.id(), o.timeout) {
                Ok(e) => slots[k] = Some(e),
                Err(f) => {
                    failure = Some((side, "crash".into(), format!("could not start: {f:?}")));
                    break;
                }
            }
        }
        let Some(eng) = slots[k].as_mut() else { break };
        let moves = s.history();
        let pos = if moves.is_empty() {
            start_cmd.clone()
        } else {
            format!("{start_cmd} moves {}", moves.join(" "))
        };
        let mut go = String::from("go");
        let mut timeout = o.timeout;
        if let Some(tc) = o.tc {
            go += &format!(
                " wtime {} btime {} winc {} binc {}",
                clock[0], clock[1], tc.inc_ms, tc.inc_ms
            );
            timeout = Duration::from_millis(clock[side] + o.time_margin + 1000);
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
                failure = Some((side, kind.into(), text.into()));
                slots[k] = None;
                break;
            }
        };
        scores[side] = eng.last_score;
        if let Some(tc) = o.tc {
            let used = took.as_millis() as u64;
            if used > clock[side] + o.time_margin {
                failure = Some((
                    side,
                    "time".into(),
                    format!("lost on time ({used} ms with {} ms left)", clock[side]),
                ));
                break;
            }
            clock[side] = clock[side].saturating_sub(used) + tc.inc_ms;
        }
        if let Err(e) = s.apply(&mv) {
            failure = Some((
                side,
                "illegal move".into(),
                format!("illegal move {mv:?}: {e}"),
            ));
            break;
        }
        // Score adjudication: both engines' latest scores, from White's point of view.
        let white_view = |side: usize, sc: i32| if side == 0 { sc } else { -sc };
        if let (Some(a), Some(b)) = (scores[0], scores[1]) {
            let (wa, wb) = (white_view(0, a), white_view(1, b));
            if let Some(r) = o.adjudication.resign_cp {
                for (loser, sign) in [(0usize, 1), (1usize, -1)] {
                    if wa * sign <= -r && wb * sign <= -r {
                        streak_resign[loser] += 1;
                    } else {
                        streak_resign[loser] = 0;
                    }
                    if streak_resign[loser] >= o.adjudication.resign_plies.max(1) {
                        let res = if loser == 0 { "0-1" } else { "1-0" };
                        adjudicated = Some((
                            res.into(),
                            format!(
                                "adjudicated: {} resigns (both engines at least {r} cp against it for {} plies)",
                                v.side_names()[loser],
                                o.adjudication.resign_plies
                            ),
                        ));
                    }
                }
            }
            if let Some(d) = o.adjudication.draw_cp {
                if s.history().len() > o.adjudication.draw_after && wa.abs() <= d && wb.abs() <= d {
                    streak_draw += 1;
                } else {
                    streak_draw = 0;
                }
                if adjudicated.is_none() && streak_draw >= o.adjudication.draw_plies.max(1) {
                    adjudicated = Some((
                        "1/2-1/2".into(),
                        format!(
                            "adjudicated draw: both engines within {d} cp for {} plies",
                            o.adjudication.draw_plies
                        ),
                    ));
                }
            }
            if adjudicated.is_some() {
                break;
            }
        }
    }
    let names = [
        o.engines[job.white].name.as_str(),
        o.engines[1 - job.white].name.as_str(),
    ];
    let (result, termination, fail) = if let Some((side, kind, text)) = failure {
        let res = if side == 0 { "0-1" } else { "1-0" };
        (
            res.to_owned(),
            format!("{} ({}) {text}", v.side_names()[side], names[side]),
            Some(kind),
        )
    } else if let Some((r, t)) = adjudicated {
        (r, t, None)
    } else if let Some(oc) = s.outcome() {
        let r = match oc.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        (r.to_owned(), s.describe(&oc), None)
    } else {
        ("1/2-1/2".to_owned(), "no legal move".to_owned(), None)
    };
    let mut rec = fairy::record::record_of(s.as_ref(), v, names, &result, Some(&termination));
    rec.set_tag("Round", job.number.to_string());
    if let Some(tc) = o.tc {
        rec.set_tag(
            "TimeControl",
            format!(
                "{}+{}",
                tc.base_ms as f64 / 1000.0,
                tc.inc_ms as f64 / 1000.0
            ),
        );
    }
    rec.set_tag("Opening", job.opening.join(" "));
    Ok(GameReport {
        number: job.number,
        white: job.white,
        result,
        termination,
        plies: s.history().len(),
        failure: fail,
        record: rec.to_string(),
    })
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
    if let Some((e, lo, hi)) = stats::elo_interval(t.wins, t.draws, t.losses) {
        werr(writeln!(out, "elo: {e:.1} [{lo:.1}, {hi:.1}] (95%)"))?;
    }
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
