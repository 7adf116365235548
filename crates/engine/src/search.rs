//! Iterative deepening negamax alpha-beta search with a transposition table, killer moves,
//! a history table, quiescence search and a principal variation.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::clock::{between, monotonic_ms, Clock};

use fairy_kernel::game::MoveBuf;
use fairy_kernel::heuristics::ROYAL_GAIN;
use fairy_kernel::{Game, Heuristics, Outcome};

use crate::path::Path;
use crate::score::Score;
use crate::tt::{from_table, to_table, Bound, Entry, Table};

/// A score inside the search: centipawn-like units from the point of view of the side to
/// move at the node where it is computed; wins are [`mate_score`]s. Results carry it as a
/// [`Score`], which says mate as mate.
pub type Value = i32;

/// The score of a win at the root itself; a win `n` plies away scores `MATE - n`.
pub const MATE: Value = 1_000_000;

/// Scores at or above this (or at or below its negation) are wins (losses) at a known
/// distance.
pub const MATE_BOUND: Value = MATE - 10_000;

/// Larger than every score: the initial window bound.
pub const INFINITY: Value = MATE + 1;

/// The score of a draw.
pub const DRAW: Value = 0;

/// The deepest ply the search goes (main search and quiescence together).
pub const MAX_PLY: usize = 128;

/// The deepest capture sequence quiescence search follows below the horizon; there the
/// static evaluation stands.
pub const QUIESCENCE_DEPTH: u32 = 6;

/// The score of a win for the side to move `plies` plies from the root.
///
/// ```
/// use fairy_engine::{mate_score, is_mate_score, MATE};
/// assert_eq!(mate_score(3), MATE - 3);
/// assert!(is_mate_score(-mate_score(3)));
/// assert!(!is_mate_score(900));
/// ```
pub const fn mate_score(plies: usize) -> Value {
    MATE - plies as Value
}

/// Whether `score` is a win or a loss at a known distance.
pub const fn is_mate_score(score: Value) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// When to stop searching. The search always finishes depth 1, so that it has a move; it
/// then stops at the first limit reached. With no limit at all it goes to [`MAX_PLY`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies ([`Game::Move`]s).
    pub depth: Option<u32>,
    /// The time to think.
    pub movetime: Option<Duration>,
    /// The number of nodes (main and quiescence) after which to stop.
    pub nodes: Option<u64>,
    /// The time to aim at when `movetime` is a hard ceiling above it (a clock's time
    /// management): no iteration starts once half of it is gone. Without it, `movetime`
    /// itself plays that part.
    pub soft_movetime: Option<Duration>,
}

impl Limits {
    /// Search to `depth` plies.
    ///
    /// ```
    /// assert_eq!(fairy_engine::Limits::depth(4).depth, Some(4));
    /// ```
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            movetime: None,
            nodes: None,
            soft_movetime: None,
        }
    }

    /// Search for `ms` milliseconds.
    ///
    /// ```
    /// assert!(fairy_engine::Limits::movetime_ms(100).depth.is_none());
    /// ```
    pub const fn movetime_ms(ms: u64) -> Limits {
        Limits {
            depth: None,
            movetime: Some(Duration::from_millis(ms)),
            nodes: None,
            soft_movetime: None,
        }
    }
}

/// Switches of the search, for tests and experiments; the default has everything on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Use the transposition table for cut-offs (its move is used for ordering either way).
    pub tt_cutoffs: bool,
    /// Search captures below the horizon; when off, leaves take [`Heuristics::evaluate`].
    pub quiescence: bool,
    /// Late-move reductions: late quiet moves are searched one ply shallower first (and
    /// again at full depth when they look good). Off, the search is exact alpha-beta.
    pub reductions: bool,
    /// Null-move pruning ([`Heuristics::play_null`]): away from the principal variation, at
    /// depths of [`NULL_MOVE_DEPTH`] and more, a side whose static evaluation is at or
    /// above beta first lets the opponent move twice, with a search [`null_move_reduction`]
    /// plies shallower; when even that fails to bring the score below beta, the node is
    /// cut off. Off (or where the variant does not pass), no node is cut this way.
    pub null_move: bool,
    /// Delta pruning in quiescence search: a capture whose [`Heuristics::capture_gain`] plus
    /// [`DELTA_MARGIN`] cannot lift the static evaluation to alpha is not tried.
    pub delta_pruning: bool,
    /// Futility pruning where the variant gives a margin ([`Heuristics::futility_margin`]): at the
    /// [`FUTILITY_DEPTH`] plies above the horizon, at null-window nodes out of check, quiet
    /// moves after the first are not searched when the static evaluation plus the margin
    /// times the depth left is at most alpha.
    pub futility: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            tt_cutoffs: true,
            quiescence: true,
            reductions: true,
            null_move: true,
            delta_pruning: true,
            futility: true,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The best move, or `None` when the root has no legal move.
    pub best: Option<M>,
    /// Its score for the side to move at the root (0 when there is no move and no
    /// outcome; the outcome's score when there is one).
    pub score: Score,
    /// The depth of the last finished iteration (0 without a legal move).
    pub depth: u32,
    /// The principal variation, starting with `best`.
    pub pv: Vec<M>,
    /// Nodes visited (main search and quiescence).
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// One finished iteration (one line of a multi-PV iteration), as reported to
/// [`Control::on_iteration`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration<'a, M> {
    /// The depth of the iteration, in plies.
    pub depth: u32,
    /// The deepest ply reached so far in this search (quiescence included).
    pub seldepth: u32,
    /// The rank of this line among the best root moves, from 1.
    pub multipv: usize,
    /// The line's score for the side to move at the root.
    pub score: Score,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The line, starting with its root move.
    pub pv: &'a [M],
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
}

/// The report [`Control::on_iteration`] calls after each iteration.
pub type OnIteration<'a, M> = dyn FnMut(&Iteration<'_, M>) + 'a;

/// Outside control of a search ([`Searcher::search_with`]): a stop flag another thread may
/// raise, the number of principal variations wanted, and a report after every iteration.
pub struct Control<'a, M> {
    /// When set (by any thread), the search stops as soon as it notices (after depth 1)
    /// and returns the last finished iteration's result.
    pub stop: Option<Arc<AtomicBool>>,
    /// The number of best root moves searched with full windows, each reported as its own
    /// line (1: the ordinary search).
    pub multipv: usize,
    /// Called after every finished iteration, once per line.
    pub on_iteration: Option<&'a mut OnIteration<'a, M>>,
}

impl<M> Default for Control<'_, M> {
    fn default() -> Self {
        Control {
            stop: None,
            multipv: 1,
            on_iteration: None,
        }
    }
}

/// A search engine for positions of `G`. It keeps its transposition table between searches
/// (call [`Searcher::clear`] for a new game).
///
/// ```
/// use fairy_engine::{Limits, Searcher, MATE};
/// use fairy_testkit::toy::{Toy, ToyRules};
/// use fairy_kernel::Game;
/// // The rook on a1 takes the black king on a5 at once.
/// let pos = Toy::from_notation(ToyRules::Single, "k4/5/5/5/R3K w").unwrap();
/// let mut engine = Searcher::new(1);
/// let r = engine.search(&pos, &[], &Limits::depth(2));
/// assert_eq!(pos.format_move(r.best.unwrap()), "a1-a5");
/// assert_eq!(r.score.value(), MATE - 1);
/// ```
#[derive(Debug)]
pub struct Searcher<G: Game + Heuristics> {
    tt: Table<G::Move>,
    config: SearchConfig,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    pv: Vec<Vec<G::Move>>,
    order: Vec<Vec<(i32, G::Move)>>,
    after_null: Vec<bool>,
    royal_taken: Vec<bool>,
    path: Path,
    nodes: u64,
    clock: Clock,
    /// The reading of `clock` when the search started, in ms.
    start: f64,
    /// The reading of `clock` at which the search must stop, in ms.
    deadline: Option<f64>,
    node_limit: Option<u64>,
    may_stop: bool,
    stopped: bool,
    stop_flag: Option<Arc<AtomicBool>>,
    seldepth: usize,
    excluded: Vec<G::Move>,
}

impl<G: Game + Heuristics> Searcher<G> {
    /// An engine with a transposition table of about `tt_megabytes` MiB.
    pub fn new(tt_megabytes: usize) -> Self {
        Self::with_config(tt_megabytes, SearchConfig::default())
    }

    /// An engine with the switches of `config`.
    pub fn with_config(tt_megabytes: usize, config: SearchConfig) -> Self {
        Searcher {
            tt: Table::new(tt_megabytes),
            config,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; HISTORY_SLOTS],
            pv: vec![Vec::new(); MAX_PLY + 2],
            order: vec![Vec::new(); MAX_PLY + 1],
            after_null: vec![false; MAX_PLY + 2],
            royal_taken: vec![false; MAX_PLY + 2],
            path: Path::new(),
            nodes: 0,
            clock: monotonic_ms,
            start: 0.0,
            deadline: None,
            node_limit: None,
            may_stop: false,
            stopped: false,
            stop_flag: None,
            seldepth: 0,
            excluded: Vec::new(),
        }
    }

    /// Makes `clock` the time source of this engine's time limits (the default is
    /// [`monotonic_ms`], from `std::time::Instant`).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    /// The time since the current (or last) search started.
    fn elapsed(&self) -> Duration {
        between(self.start, (self.clock)())
    }

    /// How full the transposition table is, in permille (from a sample of its slots).
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Forgets the transposition table and killer moves (for a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Searches `pos` within `limits`. `history` holds the [`Game::hash`] of the positions
    /// of the game before `pos` (oldest first; empty for none), so that the search sees
    /// repetitions of them as draws.
    pub fn search(&mut self, pos: &G, history: &[u64], limits: &Limits) -> SearchResult<G::Move> {
        self.search_with(pos, history, limits, &mut Control::default())
    }

    /// [`Searcher::search`] under outside control: a stop flag, several principal
    /// variations (the result is the best one's), and a report after each iteration.
    pub fn search_with(
        &mut self,
        pos: &G,
        history: &[u64],
        limits: &Limits,
        control: &mut Control<'_, G::Move>,
    ) -> SearchResult<G::Move> {
        self.stop_flag = control.stop.clone();
        let r = self.run(pos, history, limits, control);
        self.stop_flag = None;
        self.excluded.clear();
        r
    }

    fn run(
        &mut self,
        pos: &G,
        history: &[u64],
        limits: &Limits,
        control: &mut Control<'_, G::Move>,
    ) -> SearchResult<G::Move> {
        self.start = (self.clock)();
        self.seldepth = 0;
        self.deadline = limits
            .movetime
            .map(|t| self.start + t.as_secs_f64() * 1000.0);
        self.node_limit = limits.nodes;
        self.nodes = 0;
        self.stopped = false;
        self.may_stop = false;
        self.path.clear();
        for &h in history {
            self.path.push(h);
        }
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 8);

        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32)
            .clamp(1, MAX_PLY as u32);
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        let mut result = SearchResult {
            best: None,
            score: Score::from_value(pos.outcome().map_or(DRAW, |o| outcome_score(o, pos, 0))),
            depth: 0,
            pv: Vec::new(),
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if moves.is_empty() {
            result.elapsed = self.elapsed();
            return result;
        }
        let single = moves.len() == 1;

        let lines = control.multipv.clamp(1, moves.len());
        for depth in 1..=max_depth {
            self.excluded.clear();
            let mut found: Vec<(Value, Vec<G::Move>)> = Vec::with_capacity(lines);
            for _ in 0..lines {
                let score = self.negamax(pos, depth, 0, -INFINITY, INFINITY);
                if self.stopped {
                    break;
                }
                let line = self.pv[0].clone();
                let Some(&first) = line.first() else { break };
                self.excluded.push(first);
                found.push((score, line));
            }
            if self.stopped || found.is_empty() {
                break;
            }
            let score = found[0].0;
            result.score = Score::from_value(score);
            result.depth = depth;
            result.pv = found[0].1.clone();
            result.best = result.pv.first().copied();
            if let Some(report) = control.on_iteration.as_mut() {
                let hashfull = self.tt.hashfull();
                for (i, (s, line)) in found.iter().enumerate() {
                    report(&Iteration {
                        depth,
                        seldepth: self.seldepth as u32,
                        multipv: i + 1,
                        score: Score::from_value(*s),
                        nodes: self.nodes,
                        elapsed: self.elapsed(),
                        pv: line,
                        hashfull,
                    });
                }
            }
            // After the first iteration the limits may interrupt.
            self.may_stop = true;
            if self.out_of_time() || self.out_of_nodes() || self.stop_requested() {
                break;
            }
            // A win or loss within the searched depth cannot change with more depth.
            if is_mate_score(score) && MATE - score.abs() <= depth as Value {
                break;
            }
            // A forced move needs no thought when the caller only limited time.
            if single && limits.depth.is_none() {
                break;
            }
            // Half the time aimed at gone: the next iteration would not finish in it.
            if let Some(aim) = limits.soft_movetime.or(limits.movetime) {
                if self.elapsed() > aim / 2 {
                    break;
                }
            }
        }
        if result.best.is_none() {
            // Cannot happen after a finished first iteration; keep a legal move regardless.
            result.best = moves.as_slice().first().copied();
        }
        result.nodes = self.nodes;
        result.elapsed = self.elapsed();
        result
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| (self.clock)() >= d)
    }

    fn out_of_nodes(&self) -> bool {
        self.node_limit.is_some_and(|n| self.nodes >= n)
    }

    fn stop_requested(&self) -> bool {
        self.stop_flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Counts a node at `ply` and decides whether to stop.
    fn tick(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.may_stop
            && !self.stopped
            && (self.out_of_nodes()
                || (self.nodes & 1023 == 0 && (self.out_of_time() || self.stop_requested())))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The score of `child` (reached from a node whose side to move is `parent`) for the
    /// parent's side to move, searched with the parent's window `(alpha, beta)`.
    fn child_score(
        &mut self,
        child: &G,
        parent_side: fairy_kernel::Color,
        depth: u32,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> Value {
        if child.side_to_move() == parent_side {
            self.negamax(child, depth, ply, alpha, beta)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha)
        }
    }

    fn negamax(&mut self, pos: &G, depth: u32, ply: usize, mut alpha: Value, beta: Value) -> Value {
        self.pv[ply].clear();
        if self.tick(ply) {
            return DRAW;
        }
        // Repetition first: a decided position has no moves, so it is never on the path.
        let key = pos.hash();
        if ply > 0 && self.path.contains(key) {
            return DRAW;
        }
        if depth == 0 || ply >= MAX_PLY {
            return if self.config.quiescence && ply < MAX_PLY {
                self.quiesce(pos, ply, 0, alpha, beta)
            } else {
                match pos.outcome() {
                    Some(o) => outcome_score(o, pos, ply),
                    None => pos.evaluate(),
                }
            };
        }

        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if self.config.tt_cutoffs && ply > 0 && e.depth >= depth {
                let s = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }

        // The Game contract: a position decided by its own rules has no legal moves, so the
        // outcome is asked only when there are none.
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            return pos.outcome().map_or(DRAW, |o| outcome_score(o, pos, ply));
        }

        if let Some(score) = self.null_move_cut(pos, depth, ply, alpha, beta) {
            return score;
        }
        // Futility pruning: near the horizon, a quiet move that cannot lift the static
        // evaluation to alpha even with the variant's margin per ply left is not searched.
        // A quiet promotion (a gain without a capture) is not quiet for this: in a futile
        // node it ranks above the killers, and is searched.
        let futile = match pos.futility_margin() {
            Some(margin)
                if self.config.futility
                    && depth <= FUTILITY_DEPTH
                    && beta - alpha == 1
                    && !is_mate_score(alpha) =>
            {
                pos.evaluate().saturating_add(margin * depth as Value) <= alpha && !pos.is_check()
            }
            _ => false,
        };
        let mut order = core::mem::take(&mut self.order[ply]);
        order.clear();
        let killers = self.killers[ply];
        order.extend(list.as_slice().iter().map(|&m| {
            let key = if Some(m) == tt_move {
                3_000_000
            } else if pos.is_capture(m) {
                CAPTURE_KEY + pos.capture_gain(m).clamp(0, 900_000)
            } else if futile && pos.capture_gain(m) > 0 {
                PROMOTION_KEY
            } else if Some(m) == killers[0] {
                KILLER_KEY + 1
            } else if Some(m) == killers[1] {
                KILLER_KEY
            } else {
                self.history[history_slot(&m)]
            };
            (key, m)
        }));

        let side = pos.side_to_move();
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        self.path.push(key);
        let mut tried = 0;
        // Best key first, picked one at a time: a cut-off usually comes early.
        for next in 0..order.len() {
            let (order_key, m) = pick_best(&mut order, next);
            // Multi-PV: the root moves of the better lines are left out.
            if ply == 0 && self.excluded.contains(&m) {
                continue;
            }
            // Picked best first, so every move from here on is quiet too.
            if futile && tried > 0 && order_key < KILLER_KEY {
                break;
            }
            let i = tried;
            tried += 1;
            let mut child = pos.clone();
            // A royal capture just above the horizon may end the game: quiescence then
            // asks for legal moves before standing pat.
            self.royal_taken[ply + 1] =
                depth == 1 && pos.is_capture(m) && pos.capture_gain(m) >= ROYAL_GAIN / 2;
            child.play(m);
            let score = if i == 0 {
                self.child_score(&child, side, depth - 1, ply + 1, alpha, beta)
            } else {
                // Late quiet moves are first searched one ply shallower.
                let reduce = self.config.reductions
                    && depth >= 3
                    && i >= LATE_MOVE
                    && order_key < KILLER_KEY
                    && !is_mate_score(alpha);
                let mut s = alpha + 1;
                if reduce {
                    s = self.child_score(&child, side, depth - 2, ply + 1, alpha, alpha + 1);
                }
                // Principal-variation search: prove the move worse with a null window.
                if s > alpha && !self.stopped {
                    s = self.child_score(&child, side, depth - 1, ply + 1, alpha, alpha + 1);
                }
                if s > alpha && s < beta && !self.stopped {
                    self.child_score(&child, side, depth - 1, ply + 1, alpha, beta)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(m);
                    line.extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if !pos.is_capture(m) {
                            if killers[0] != Some(m) {
                                self.killers[ply] = [Some(m), killers[0]];
                            }
                            let slot = &mut self.history[history_slot(&m)];
                            *slot = (*slot + (depth * depth) as i32).min(HISTORY_MAX);
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        self.order[ply] = order;
        if self.stopped {
            return DRAW;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if ply == 0 && !self.excluded.is_empty() {
            // A multi-PV line below the first: its bound is not the position's.
            return best;
        }
        self.tt.store(Entry {
            key,
            best: best_move,
            score: to_table(best, ply),
            depth,
            bound,
        });
        best
    }

    /// Null-move pruning ([`SearchConfig::null_move`]): the score to return at once, or
    /// `None` to search the node's moves. Tried only at null-window nodes below the root,
    /// not right after another null move, not near mate scores, not in check, and only when
    /// the static evaluation is at or above beta.
    fn null_move_cut(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> Option<Value> {
        if !self.config.null_move
            || ply == 0
            || depth < NULL_MOVE_DEPTH
            || beta - alpha > 1
            || self.after_null[ply]
            || is_mate_score(beta)
            || ply + 1 >= MAX_PLY
        {
            return None;
        }
        if pos.evaluate() < beta || pos.is_check() {
            return None;
        }
        let mut child = pos.clone();
        if !child.play_null() {
            return None;
        }
        let reduced = depth.saturating_sub(1 + null_move_reduction(depth));
        self.after_null[ply + 1] = true;
        self.royal_taken[ply + 1] = false;
        let score = self.child_score(&child, pos.side_to_move(), reduced, ply + 1, beta - 1, beta);
        self.after_null[ply + 1] = false;
        if self.stopped || score < beta {
            return None;
        }
        // A mate found after a pass is not a mate the position has.
        Some(if is_mate_score(score) { beta } else { score })
    }

    /// Captures only, with the static evaluation as a lower bound (stand pat), at most
    /// [`QUIESCENCE_DEPTH`] plies deep. Captures are tried by [`Heuristics::capture_gain`], the
    /// largest first; with [`SearchConfig::delta_pruning`], those that cannot reach alpha
    /// are left out.
    fn quiesce(
        &mut self,
        pos: &G,
        ply: usize,
        qdepth: u32,
        mut alpha: Value,
        beta: Value,
    ) -> Value {
        self.pv[ply].clear();
        if self.tick(ply) {
            return DRAW;
        }
        // Stand pat before generating moves, except at the horizon itself (the main
        // search's last move may have ended the game, a quiet mate included) and after a
        // royal capture: by the Game contract a decided position has no legal moves. At
        // the horizon, out of check, where only a stalemate could have ended the game
        // (Heuristics::quiet_ends_are_stalemates), a score at or above beta stands at once.
        let stand = pos.evaluate();
        let may_be_decided = self.royal_taken[ply]
            || (qdepth == 0
                && !(stand >= beta && pos.quiet_ends_are_stalemates() && !pos.is_check()));
        let done = stand >= beta || ply >= MAX_PLY || qdepth >= QUIESCENCE_DEPTH;
        if done && !may_be_decided {
            return stand;
        }
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            return pos.outcome().map_or(DRAW, |o| outcome_score(o, pos, ply));
        }
        if done {
            return stand;
        }
        let mut best = stand;
        alpha = alpha.max(stand);
        let side = pos.side_to_move();
        // Captures by what they win, most first (stable: generation order among equals).
        let mut order = core::mem::take(&mut self.order[ply]);
        order.clear();
        order.extend(
            list.as_slice()
                .iter()
                .filter(|&&m| pos.is_capture(m))
                .map(|&m| (pos.capture_gain(m), m)),
        );
        for next in 0..order.len() {
            let (gain, m) = pick_best(&mut order, next);
            // Delta pruning: a known gain that cannot reach alpha, even with a margin.
            if self.config.delta_pruning
                && gain > 0
                && !is_mate_score(alpha)
                && stand.saturating_add(gain).saturating_add(DELTA_MARGIN) <= alpha
            {
                continue;
            }
            let mut child = pos.clone();
            self.royal_taken[ply + 1] = gain >= ROYAL_GAIN / 2;
            child.play(m);
            let score = if child.side_to_move() == side {
                self.quiesce(&child, ply + 1, qdepth + 1, alpha, beta)
            } else {
                -self.quiesce(&child, ply + 1, qdepth + 1, -beta, -alpha)
            };
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.order[ply] = order;
        if self.stopped {
            return DRAW;
        }
        best
    }
}

/// Moves the entry with the largest key among `order[next..]` to `next` and returns it (the
/// first of equal keys, so generation order breaks ties among the untried moves).
#[inline]
fn pick_best<M: Copy>(order: &mut [(i32, M)], next: usize) -> (i32, M) {
    let mut best = next;
    for j in next + 1..order.len() {
        if order[j].0 > order[best].0 {
            best = j;
        }
    }
    order.swap(next, best);
    order[next]
}

/// The ordering key of the second killer move; captures and the table's move rank above.
const KILLER_KEY: i32 = 1_000_001;

/// The ordering key of a quiet promotion in a node where futility pruning applies: above
/// the killers, so that it is searched, and below the captures.
const PROMOTION_KEY: i32 = KILLER_KEY + 2;

/// The ordering key of a capture that wins nothing known; captures add their
/// [`Heuristics::capture_gain`] (at most 900 000) to it, so they rank above the killers and below
/// the table's move.
const CAPTURE_KEY: i32 = 2_000_000;

/// The deepest node at which futility pruning is tried ([`Heuristics::futility_margin`] times
/// the depth left).
pub const FUTILITY_DEPTH: u32 = 2;

/// The shallowest depth at which null-move pruning is tried.
pub const NULL_MOVE_DEPTH: u32 = 3;

/// The margin of delta pruning in quiescence search, in units of [`Heuristics::evaluate`] (two
/// pawns: what positional terms might add to a capture's material gain).
pub const DELTA_MARGIN: Value = 200;

/// How much shallower than a normal child the search after a null move is, at `depth`:
/// `2 + depth / 4` plies.
///
/// ```
/// use fairy_engine::null_move_reduction;
/// assert_eq!(null_move_reduction(3), 2);
/// assert_eq!(null_move_reduction(8), 4);
/// ```
pub const fn null_move_reduction(depth: u32) -> u32 {
    2 + depth / 4
}

/// Quiet moves from this index on (in search order) are searched one ply shallower first,
/// at depths of 3 and more; a move that then beats alpha is searched again at full depth.
const LATE_MOVE: usize = 4;

/// The number of slots of the history table (quiet moves that caused cut-offs, by a hash
/// of the move; collisions only blur the ordering).
const HISTORY_SLOTS: usize = 1 << 14;

/// History scores stay below the killer moves' ordering keys.
const HISTORY_MAX: i32 = 999_999;

/// A small FNV-1a hasher for moves.
struct MoveHasher(u64);

impl core::hash::Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
}

/// The history slot of a move.
fn history_slot<M: core::hash::Hash>(m: &M) -> usize {
    let mut h = MoveHasher(0xCBF2_9CE4_8422_2325);
    m.hash(&mut h);
    (fairy_kernel::zobrist::splitmix64(core::hash::Hasher::finish(&h)) as usize)
        & (HISTORY_SLOTS - 1)
}

/// The score of a decided position for its side to move, `ply` plies from the root.
fn outcome_score<G: Game>(o: Outcome, pos: &G, ply: usize) -> Value {
    match o.winner() {
        Some(w) if w == pos.side_to_move() => mate_score(ply),
        Some(_) => -mate_score(ply),
        None => DRAW,
    }
}
