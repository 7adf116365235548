//! `fairy match`: the engine against a random mover or against itself, colours alternating,
//! one result line per game and `score: W-D-L` last.

use std::io::Write;

use fairy::driver::{Match, Termination};
use fairy_engine::{Limits, Rng};
use fairy_kernel::Color;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::adapter::{Session, Variant};
use crate::error::CliError;

/// Whom the engine plays (`--against`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Opponent {
    /// A mover that picks a legal move uniformly at random.
    Random,
    /// The engine itself, with the same limits.
    Engine,
}

/// Options of `fairy match`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchOptions {
    /// The number of games.
    pub games: u32,
    /// The opponent.
    pub against: Opponent,
    /// How long the engine thinks per move.
    pub limits: Limits,
    /// The game-length cap in plies: reaching it adjudicates a draw (ruling G2).
    pub max_plies: usize,
    /// The seed of the random mover and of the random openings.
    pub seed: u64,
    /// Against the engine: the number of random plies that open each pair of games (both
    /// games of a pair, colours swapped, start with the same plies), so that the
    /// deterministic engine does not play the same game over and over.
    pub opening_plies: usize,
    /// The start position (the variant's start when `None`).
    pub fen: Option<String>,
}

/// Wins, draws and losses of the engine (against itself: of the first engine).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Games won.
    pub wins: u32,
    /// Games drawn (or adjudicated, or unfinished).
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl core::fmt::Display for MatchScore {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}-{}-{}", self.wins, self.draws, self.losses)
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The side the (first) engine played.
    pub engine_side: Color,
    /// How the game ended (by the rules, or a draw at the game-length cap).
    pub termination: Termination,
    /// The number of plies played.
    pub plies: usize,
}

fn w(r: std::io::Result<()>) -> Result<(), CliError> {
    r.map_err(|e| CliError::Argument(format!("cannot write output: {e}")))
}

/// Plays one game through the game driver; the engine (the first engine against itself)
/// plays `engine_side`.
///
/// # Errors
/// An unreadable start position.
pub fn play_one(
    variant: &'static dyn Variant,
    opts: &MatchOptions,
    engine_side: Color,
    rng: &mut Rng,
    opening: &[String],
) -> Result<GameResult, CliError> {
    let mut s: Box<dyn Session> = variant.session(opts.fen.as_deref())?;
    for m in opening {
        if s.is_over() {
            break;
        }
        s.apply(m)?;
    }
    let options = fairy::MatchOptions {
        max_plies: Some(opts.max_plies),
        ..fairy::MatchOptions::default()
    };
    let mut game = Match::from_session(variant, s, ["engine".into(), "opponent".into()], options);
    while !game.is_over() {
        let side = game.side_to_move();
        let engine_to_move = side == engine_side || opts.against == Opponent::Engine;
        let s = game.session();
        let mv = if engine_to_move {
            s.engine_move(&opts.limits).map(|e| e.text)
        } else {
            s.random_move(rng)
        };
        match mv {
            Some(m) => {
                game.play(side, &m, 0)?;
            }
            // The driver ends a game without legal moves; this does not happen.
            None => game.leave("no move found"),
        }
    }
    Ok(GameResult {
        engine_side,
        plies: game.moves().len(),
        termination: game.termination().cloned().unwrap_or(Termination {
            result: fairy::GameResult::Unfinished,
            ending: fairy::Ending::Unfinished {
                note: "no move found".into(),
            },
        }),
    })
}

/// `opts.opening_plies` random plies from the start position, chosen by `rng`.
fn random_opening(
    variant: &'static dyn Variant,
    opts: &MatchOptions,
    rng: &mut Rng,
) -> Result<Vec<String>, CliError> {
    let mut s = variant.session(opts.fen.as_deref())?;
    let mut out = Vec::new();
    for _ in 0..opts.opening_plies {
        if s.is_over() {
            break;
        }
        match s.random_move(rng) {
            Some(m) => {
                s.apply(&m)?;
                out.push(m);
            }
            None => break,
        }
    }
    Ok(out)
}

/// Plays the match: game `i` (from 0) has the (first) engine as White when `i` is even.
/// Writes one line per game to `out` and `score: W-D-L` last; with `progress`, a progress
/// bar on stderr (drawn only when stderr is a terminal).
///
/// # Errors
/// Zero games, a zero game-length cap, an unreadable start position, I/O errors.
pub fn run_match(
    variant: &'static dyn Variant,
    opts: &MatchOptions,
    out: &mut dyn Write,
    progress: bool,
) -> Result<MatchScore, CliError> {
    if opts.games == 0 {
        return Err(CliError::Argument("--games must be at least 1".into()));
    }
    if opts.max_plies == 0 {
        return Err(CliError::Argument("--max-plies must be at least 1".into()));
    }
    // Check the position once, before the bar appears.
    variant.session(opts.fen.as_deref())?;
    let bar = if progress {
        ProgressBar::with_draw_target(Some(u64::from(opts.games)), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:30}] {pos}/{len} games, score {msg} (eta {eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    let mut score = MatchScore::default();
    bar.set_message(score.to_string());
    let opponent = match opts.against {
        Opponent::Random => "random",
        Opponent::Engine => "engine",
    };
    let mut rng = Rng::new(opts.seed);
    let mut opening = Vec::new();
    for i in 0..opts.games {
        let engine_side = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        if opts.against == Opponent::Engine && i % 2 == 0 {
            opening = random_opening(variant, opts, &mut rng)?;
        }
        let r = play_one(variant, opts, engine_side, &mut rng, &opening)?;
        let verdict = match r.termination.result.winner() {
            Some(c) if c == engine_side => "win",
            Some(_) => "loss",
            None => "draw",
        };
        let text = r.termination.describe(variant.side_names());
        match verdict {
            "win" => score.wins += 1,
            "loss" => score.losses += 1,
            _ => score.draws += 1,
        }
        let line = format!(
            "game {}/{}: engine ({}) vs {opponent}: {text}, {} pl{}: {verdict}",
            i + 1,
            opts.games,
            variant.side_names()[engine_side.index()],
            r.plies,
            plies_word(r.plies)
        );
        bar.suspend(|| w(writeln!(out, "{line}")))?;
        bar.set_message(score.to_string());
        bar.inc(1);
    }
    bar.finish_and_clear();
    w(writeln!(out, "score: {score}"))?;
    Ok(score)
}

/// The end of "ply" for `n` of them: `y` for one, else `ies`.
pub fn plies_word(n: usize) -> &'static str {
    if n == 1 {
        "y"
    } else {
        "ies"
    }
}
