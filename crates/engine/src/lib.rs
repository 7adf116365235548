//! # fairy-engine
//!
//! A game-tree search generic over the kernel's [`Game`](fairy_kernel::Game) trait (the
//! rules) and [`Heuristics`](fairy_kernel::Heuristics) trait (evaluation and search hints),
//! so that every variant crate gets an engine by implementing the two and nothing more:
//!
//! - iterative deepening negamax with alpha-beta, principal-variation search and late-move
//!   reductions,
//! - null-move pruning where the variant can pass ([`Heuristics::play_null`](fairy_kernel::Heuristics::play_null)):
//!   away from the principal variation, out of check, at depth [`NULL_MOVE_DEPTH`] and more,
//!   a side whose static evaluation is at or above beta lets the opponent move twice and
//!   is cut off when a search [`null_move_reduction`] plies shallower still fails high,
//! - futility pruning where the variant gives a margin
//!   ([`Heuristics::futility_margin`](fairy_kernel::Heuristics::futility_margin)): at the
//!   [`FUTILITY_DEPTH`] plies above the horizon, at null-window nodes out of check, quiet
//!   moves after the first are not searched when the static evaluation plus the margin
//!   times the depth left cannot reach alpha,
//! - a transposition table keyed by [`Game::hash`](fairy_kernel::Game::hash),
//! - move ordering: the table's move, then captures by what they win
//!   ([`Heuristics::capture_gain`](fairy_kernel::Heuristics::capture_gain), most first), then two
//!   killer moves per ply, then quiet moves by their history of cut-offs; moves are picked
//!   best first one at a time, since a cut-off usually comes early,
//! - quiescence search over captures (by gain, at most [`QUIESCENCE_DEPTH`] plies) with a
//!   stand-pat bound from [`Heuristics::evaluate`](fairy_kernel::Heuristics::evaluate) taken before
//!   any move is generated (except at the horizon itself, where the main search's last
//!   move may have ended the game, and right after a royal capture), and delta pruning of
//!   captures that cannot reach alpha by [`DELTA_MARGIN`],
//! - depth, time and node limits, and the principal variation of the last finished
//!   iteration.
//!
//! **Side to move.** One [`Game::Move`](fairy_kernel::Game::Move) is one ply of the search,
//! but the side to move need not change with it (an Imperial Regicide turn is up to three
//! sub-moves). The score is negated only when the side to move of the child differs from
//! the parent's; otherwise the child is searched with the same window and its score is
//! taken as it is.
//!
//! **Terminal positions.** By the `Game` contract a position decided by its own rules has
//! no legal moves, so [`Game::outcome`](fairy_kernel::Game::outcome) is asked only where
//! [`Game::legal_moves`](fairy_kernel::Game::legal_moves) finds none (the position of
//! Synthesis where the side to move has lost its king is one). A decided position scores as
//! a win or loss at its distance from the root ([`mate_score`]), or 0 for a draw; a position
//! without legal moves and without outcome scores 0. A position
//! that repeats one on the path from the game's start scores 0 (a draw by repetition is
//! then available to the side that repeats).
//!
//! ```
//! use fairy_engine::{Limits, Searcher};
//! use fairy_testkit::toy::{Toy, ToyRules};
//! use fairy_kernel::Game;
//! // White (king a1, rook b2) captures the black king (a4) on the fifth ply at the latest.
//! let pos = Toy::from_notation(ToyRules::Single, "5/k4/5/1R3/K4 w").unwrap();
//! let mut engine = Searcher::<Toy>::new(1);
//! let result = engine.search(&pos, &[], &Limits::depth(6));
//! assert_eq!(result.score.value(), fairy_engine::mate_score(5));
//! assert_eq!(result.score.to_string(), "#3");
//! assert_eq!(result.pv.len(), 5);
//! ```

mod clock;
mod path;
mod random;
mod score;
mod search;
mod tt;

pub use clock::{monotonic_ms, Clock};
pub use random::{random_move, Rng};
pub use score::Score;
pub use search::{
    is_mate_score, mate_score, null_move_reduction, Control, Iteration, Limits, OnIteration,
    SearchConfig, SearchResult, Searcher, Value, DELTA_MARGIN, DRAW, FUTILITY_DEPTH, INFINITY,
    MATE, MATE_BOUND, MAX_PLY, NULL_MOVE_DEPTH, QUIESCENCE_DEPTH,
};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
