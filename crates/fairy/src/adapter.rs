//! A text-driven, object-safe view of a variant, so that one binary serves every
//! [`Game`] implementation.

use core::any::{Any, TypeId};
use core::cell::RefCell;
use core::marker::PhantomData;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use fairy_engine::{Clock, Control, Limits, Rng, Score, Searcher};
use fairy_kernel::game::MoveBuf;
use fairy_kernel::view::{BoardView, PieceView};
use fairy_kernel::{perft, Color, Game, GameRecord, Heuristics, Outcome, Presentation};
use rayon::prelude::*;

use crate::error::Error;
use crate::parallel::perft_split;
use crate::seam::{MoveFlags, MoveRecord, PieceKind, PlacedPiece, PlaneLayout, StateEntry};

/// A playable variant as the CLI sees it: an id, a description, and sessions over
/// positions given in the variant's notation.
pub trait Variant: Send + Sync {
    /// The id typed on the command line (`dragonchess`, `chess-t2`).
    fn id(&self) -> &'static str;
    /// One line describing the game.
    fn description(&self) -> &'static str;
    /// The start position in the variant's notation.
    fn start_notation(&self) -> String;
    /// The names of the sides, first player first (`gold`, `scarlet` in Dragonchess).
    fn side_names(&self) -> [&'static str; 2];
    /// A game starting from `fen` (or the start position when `None`).
    ///
    /// # Errors
    /// [`Error::Position`] when `fen` cannot be read.
    fn session(&self, fen: Option<&str>) -> Result<Box<dyn Session>, Error>;
}

/// A game in progress, driven by text.
pub trait Session: Send {
    /// The current position's notation.
    fn notation(&self) -> String;
    /// A text drawing of the current position.
    fn diagram(&self) -> String;
    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// Whether the side to move stands in check (see `Game::is_check`).
    fn is_check(&self) -> bool;
    /// Who is to move, in words (see `Game::turn_text`; Imperial Regicide names the front).
    fn turn_text(&self) -> String;
    /// The variant's name of a side (`gold`/`scarlet` in Dragonchess, else `white`/`black`).
    fn side_name(&self, color: Color) -> &'static str;
    /// An outcome in words with the variant's side names.
    fn describe(&self, outcome: &Outcome) -> String;
    /// The legal moves in canonical notation, sorted in plain byte order; only those of the
    /// piece on `from` when given.
    ///
    /// # Errors
    /// [`Error::Square`] when `from` is not a square of the board.
    fn legal_moves(&self, from: Option<&str>) -> Result<Vec<String>, Error>;
    /// Plays a move given as text and returns its canonical text.
    ///
    /// # Errors
    /// [`Error::Move`] when it is malformed or illegal, or the game is over.
    fn apply(&mut self, text: &str) -> Result<String, Error>;
    /// Takes back the last move; `false` when there is none.
    fn undo(&mut self) -> bool;
    /// The moves played so far, in canonical notation.
    fn history(&self) -> Vec<String>;
    /// The outcome, repetition included (ruling G1), or `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome>;
    /// The drawing model of the current position, if the variant provides one.
    fn board_view(&self) -> Option<BoardView>;
    /// The variant's information about a cell (Chess-T: strength sums), if any.
    ///
    /// # Errors
    /// [`Error::Square`] when `square` is not a square of the board.
    fn cell_info(&self, square: &str) -> Result<Option<String>, Error>;
    /// The piece on `square` (its letter and side), from the drawing model.
    ///
    /// # Errors
    /// [`Error::Square`] when `square` is not a square of the board.
    fn piece_at(&self, square: &str) -> Result<Option<PieceView>, Error> {
        let sq = self.square(square)?;
        Ok(self
            .board_view()
            .and_then(|v| v.cells.into_iter().find(|c| c.square == sq))
            .and_then(|c| c.piece))
    }
    /// Reads a square name of the variant's board.
    ///
    /// # Errors
    /// [`Error::Square`] when it is not a square of the board.
    fn square(&self, text: &str) -> Result<u16, Error>;
    /// Perft of `depth` plies from the current position, root moves split over `threads`.
    fn perft(&self, depth: u32, threads: usize) -> u64;
    /// Perft split by root move: canonical move text and count, sorted by move text.
    fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)> {
        self.divide_with_progress(depth, threads, &|_, _| {})
    }
    /// [`Session::divide`], calling `done(move_text, count)` as each root move is counted
    /// (from the worker threads, in no particular order), for progress displays.
    fn divide_with_progress(
        &self,
        depth: u32,
        threads: usize,
        done: &(dyn Fn(&str, u64) + Sync),
    ) -> Vec<(String, u64)>;
    /// The number of legal moves in the current position.
    fn count_legal_moves(&self) -> usize;
    /// The notation of the position the game started from.
    fn start_notation(&self) -> String;
    /// The side that played each move of [`Session::history`], in order.
    fn movers(&self) -> Vec<Color>;
    /// Whether the game is over: it has an outcome, or the side to move has no legal move.
    fn is_over(&self) -> bool;
    /// The engine's choice in the current position within `limits` (repetitions of
    /// earlier positions of this game count as draws), or `None` when there is no legal
    /// move. Each thread keeps one engine (and its transposition table) per game type.
    fn engine_move(&self, limits: &Limits) -> Option<EngineMove>;
    /// [`Session::engine_move`] under outside control: `stop` ends the search early (after
    /// depth 1), `multipv` lines are searched, and `info` hears of every finished iteration.
    fn engine_search(
        &self,
        limits: &Limits,
        stop: Option<Arc<AtomicBool>>,
        multipv: usize,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<EngineMove>;
    /// A legal move chosen uniformly by `rng`, or `None` when there is none.
    fn random_move(&self, rng: &mut Rng) -> Option<String>;
    /// The legal moves of the current position, listed once for playing them by index
    /// with [`Session::play_listed`] (for bindings that keep the list of a position and
    /// play from it without reading move text again).
    fn listing(&self) -> Listing {
        Listing {
            texts: self.legal_moves(None).unwrap_or_default(),
            moves: Box::new(()),
            hash: 0,
        }
    }
    /// Plays move `index` of `listing`, which [`Session::listing`] made in the current
    /// position, without reading its text and without asking whether the game is over
    /// (the caller has seen [`Session::outcome`] be `None` in this position); `false`, and
    /// nothing played, when there is no such move or the listing is of another position.
    fn play_listed(&mut self, listing: &Listing, index: usize) -> bool {
        match listing.texts.get(index) {
            Some(text) => self.apply(text).is_ok(),
            None => false,
        }
    }
    /// The variant's piece letters with their names (see `Presentation::legend`).
    fn legend(&self) -> Vec<(char, &'static str)>;
    /// Named groups of files for text drawings (see `Presentation::file_groups`).
    fn file_groups(&self) -> &'static [(&'static str, &'static str)];
    /// The place in [`Session::file_groups`] of the group whose turn it is (Imperial
    /// Regicide's front), `None` when the board is not divided.
    fn group_to_move(&self) -> Option<usize>;
    /// What the colours of a picture's cells mean, as (CSS colour, meaning) pairs (see
    /// `Presentation::field_legend`).
    fn field_legend(&self) -> &'static [(&'static str, &'static str)];

    // The typed seam (module `seam`): the same position as values rather than text.

    /// The legal moves as typed records built by the variant (squares, capture and the
    /// captured square, promotion, castling, en passant, level change, ...), sorted by
    /// their text in plain byte order, as [`Session::legal_moves`] lists the texts.
    fn legal_move_records(&self) -> Vec<MoveRecord>;
    /// The record of a move given as text in the current position (read as
    /// [`Session::apply`] reads it, separators optional), without playing it.
    ///
    /// # Errors
    /// [`Error::Move`] when it is malformed or illegal, or the game is over.
    fn move_record(&self, text: &str) -> Result<MoveRecord, Error>;
    /// The name of every cell index of the board, index `i` at place `i` (empty for an
    /// index that names no cell).
    fn square_names(&self) -> Vec<String>;
    /// The piece kinds of the rule set; a piece's role index is its place here.
    fn pieces(&self) -> Vec<PieceKind>;
    /// The letters a move of the rule set may promote to, in the rules document's order
    /// (see `Presentation::promotion_letters`); empty when nothing promotes.
    fn promotion_letters(&self) -> Vec<char>;
    /// Every flag a legal move of the rule set may carry (see `Presentation::move_flags`).
    fn move_flags(&self) -> MoveFlags;
    /// The pieces on the board as typed values, by ascending square.
    ///
    /// # Errors
    /// [`Error::UnknownPiece`] when the variant draws a piece it does not list in
    /// [`Session::pieces`] (a bug of the variant, reported rather than guessed at).
    fn placement(&self) -> Result<Vec<PlacedPiece>, Error>;
    /// The position's state besides placement and side to move (Imperial Regicide's
    /// front and the pieces moved this turn, Synthesis's modes, Dragonchess's Heroes with
    /// a recorded origin), as named values; the same names in every position.
    fn extra_state(&self) -> Vec<StateEntry>;
    /// The layout of [`Session::observation`]'s planes for this rule set.
    fn plane_layout(&self) -> PlaneLayout;
    /// The current position as observation planes (see [`PlaneLayout`]), `plane_count() x
    /// cells` floats, plane after plane.
    ///
    /// # Errors
    /// As [`Session::placement`], and [`Error::Argument`] when the variant's extra state
    /// does not keep its shape.
    fn observation(&self) -> Result<Vec<f32>, Error>;
}

/// The legal moves of one position of a [`Session`], made by [`Session::listing`] and
/// played by [`Session::play_listed`].
pub struct Listing {
    /// The moves' canonical texts, in the move generator's order.
    pub texts: Vec<String>,
    /// The moves themselves, in the same order, as the session's game type has them.
    moves: Box<dyn Any + Send + Sync>,
    /// The hash of the position listed ([`Game::hash`]), to refuse another position's list.
    hash: u64,
}

/// What the engine chose, in text, with what it saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineMove {
    /// The move in canonical notation.
    pub text: String,
    /// Its score for the side to move (see [`fairy_engine::Score`]).
    pub score: Score,
    /// The depth of the last finished iteration, in plies.
    pub depth: u32,
    /// The principal variation in canonical notation, starting with `text`.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// One finished search iteration (one line of it with several principal variations), in
/// text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration's depth, in plies.
    pub depth: u32,
    /// The deepest ply reached so far.
    pub seldepth: u32,
    /// The line's rank, from 1.
    pub multipv: usize,
    /// The line's score for the side to move.
    pub score: Score,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
    /// Transposition table use, in permille.
    pub hashfull: u32,
    /// The line in canonical notation.
    pub pv: Vec<String>,
}

/// The default size of each engine's transposition table, in MiB.
pub const ENGINE_TT_MEGABYTES: usize = 16;

thread_local! {
    /// One engine per game type and thread, kept across moves and games.
    static ENGINES: RefCell<HashMap<TypeId, Box<dyn Any>>> = RefCell::new(HashMap::new());
    /// The table size of engines this thread creates from now on, in MiB.
    static ENGINE_MEGABYTES: core::cell::Cell<usize> =
        const { core::cell::Cell::new(ENGINE_TT_MEGABYTES) };
    /// The time source of this thread's engines.
    static ENGINE_CLOCK: core::cell::Cell<Clock> =
        const { core::cell::Cell::new(fairy_engine::monotonic_ms) };
}

/// Forgets this thread's engines (their tables and move-ordering history), for a new game.
pub fn clear_engines() {
    ENGINES.with(|cell| cell.borrow_mut().clear());
}

/// Sets the transposition-table size of this thread's engines to `megabytes` MiB (at least
/// 1), dropping the engines made so far.
pub fn set_engine_megabytes(megabytes: usize) {
    ENGINE_MEGABYTES.with(|c| c.set(megabytes.max(1)));
    clear_engines();
}

/// Makes `clock` the time source of this thread's engines (the default is
/// [`fairy_engine::monotonic_ms`]; WebAssembly supplies the host's clock, as
/// `std::time::Instant` traps there).
pub fn set_engine_clock(clock: Clock) {
    ENGINE_CLOCK.with(|c| c.set(clock));
}

/// Runs `f` with this thread's engine for `G`.
fn with_engine<G: Game + Heuristics, T>(f: impl FnOnce(&mut Searcher<G>) -> T) -> T {
    ENGINES.with(|cell| {
        let mut map = cell.borrow_mut();
        let entry = map
            .entry(TypeId::of::<G>())
            .or_insert_with(|| Box::new(Searcher::<G>::new(ENGINE_MEGABYTES.with(|c| c.get()))));
        let clock = ENGINE_CLOCK.with(|c| c.get());
        match entry.downcast_mut::<Searcher<G>>() {
            Some(engine) => {
                engine.set_clock(clock);
                f(engine)
            }
            // The map is keyed by the type, so this does not happen; a fresh engine is
            // still correct.
            None => {
                let mut engine = Searcher::<G>::new(ENGINE_TT_MEGABYTES);
                engine.set_clock(clock);
                f(&mut engine)
            }
        }
    })
}

/// The [`Variant`] of a [`Game`] type with a given rule set.
pub struct Adapter<G: Game + Heuristics> {
    id: &'static str,
    description: &'static str,
    variant: G::RuleSet,
    game: PhantomData<fn() -> G>,
}

impl<G: Game + Heuristics> Adapter<G> {
    /// The variant `id` played under rule set `variant`.
    pub const fn new(id: &'static str, description: &'static str, variant: G::RuleSet) -> Self {
        Adapter {
            id,
            description,
            variant,
            game: PhantomData,
        }
    }
}

impl<G: Presentation + Heuristics> Variant for Adapter<G> {
    fn id(&self) -> &'static str {
        self.id
    }
    fn description(&self) -> &'static str {
        self.description
    }
    fn start_notation(&self) -> String {
        G::start(self.variant).to_notation()
    }
    fn side_names(&self) -> [&'static str; 2] {
        G::side_names()
    }
    fn session(&self, fen: Option<&str>) -> Result<Box<dyn Session>, Error> {
        let pos = match fen {
            // Surrounding whitespace is no part of any notation.
            Some(text) => G::from_notation(self.variant, text.trim())?,
            None => G::start(self.variant),
        };
        Ok(Box::new(GameRecord::new(pos)))
    }
}

fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
    {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

impl<G: Presentation + Heuristics> Session for GameRecord<G> {
    fn notation(&self) -> String {
        self.position().to_notation()
    }
    fn diagram(&self) -> String {
        self.position().diagram()
    }
    fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }
    fn is_check(&self) -> bool {
        self.position().is_check()
    }
    fn turn_text(&self) -> String {
        self.position().turn_text()
    }
    fn side_name(&self, color: Color) -> &'static str {
        G::side_names()[color.index()]
    }
    fn describe(&self, outcome: &Outcome) -> String {
        outcome.describe(G::side_names())
    }
    fn legal_moves(&self, from: Option<&str>) -> Result<Vec<String>, Error> {
        let pos = self.position();
        let from = from.map(|s| pos.parse_square(s)).transpose()?;
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        let mut out: Vec<String> = list
            .as_slice()
            .iter()
            .filter(|&&m| from.is_none_or(|f| pos.move_origin(m) == f))
            .map(|&m| pos.format_move(m))
            .collect();
        out.sort_unstable();
        Ok(out)
    }
    fn apply(&mut self, text: &str) -> Result<String, Error> {
        self.play_text(text)?;
        Ok(self.move_texts().last().cloned().unwrap_or_default())
    }
    fn undo(&mut self) -> bool {
        GameRecord::undo(self)
    }
    fn history(&self) -> Vec<String> {
        self.move_texts().to_vec()
    }
    fn outcome(&self) -> Option<Outcome> {
        GameRecord::outcome(self)
    }
    fn board_view(&self) -> Option<BoardView> {
        self.position().board_view()
    }
    fn cell_info(&self, square: &str) -> Result<Option<String>, Error> {
        let sq = self.position().parse_square(square)?;
        Ok(self.position().cell_info(sq))
    }
    fn square(&self, text: &str) -> Result<u16, Error> {
        Ok(self.position().parse_square(text)?)
    }
    fn perft(&self, depth: u32, threads: usize) -> u64 {
        if depth <= 1 || threads <= 1 {
            return perft(self.position(), depth);
        }
        with_threads(threads, || perft_split(self.position(), depth))
    }
    fn count_legal_moves(&self) -> usize {
        self.position().count_legal_moves()
    }
    fn divide_with_progress(
        &self,
        depth: u32,
        threads: usize,
        done: &(dyn Fn(&str, u64) + Sync),
    ) -> Vec<(String, u64)> {
        let pos = self.position();
        if depth == 0 {
            return Vec::new();
        }
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        let moves: Vec<G::Move> = list.as_slice().to_vec();
        let count = |&m: &G::Move| {
            let mut child = pos.clone();
            child.play(m);
            let text = pos.format_move(m);
            // On several threads a root move's subtree is split again below it.
            let n = if threads > 1 {
                perft_split(&child, depth - 1)
            } else {
                perft(&child, depth - 1)
            };
            done(&text, n);
            (text, n)
        };
        let mut out: Vec<(String, u64)> = if threads > 1 {
            with_threads(threads, || moves.par_iter().map(count).collect())
        } else {
            moves.iter().map(count).collect()
        };
        out.sort_unstable();
        out
    }
    fn start_notation(&self) -> String {
        self.start().to_notation()
    }
    fn movers(&self) -> Vec<Color> {
        let mut pos = self.start().clone();
        self.moves()
            .iter()
            .map(|&m| {
                let side = pos.side_to_move();
                pos.play(m);
                side
            })
            .collect()
    }
    fn is_over(&self) -> bool {
        GameRecord::outcome(self).is_some() || self.position().count_legal_moves() == 0
    }
    fn engine_move(&self, limits: &Limits) -> Option<EngineMove> {
        self.engine_search(limits, None, 1, &mut |_| {})
    }
    fn engine_search(
        &self,
        limits: &Limits,
        stop: Option<Arc<AtomicBool>>,
        multipv: usize,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<EngineMove> {
        // The positions before the current one, for repetitions.
        let mut pos = self.start().clone();
        let mut history = Vec::with_capacity(self.moves().len());
        for &m in self.moves() {
            history.push(pos.hash());
            pos.play(m);
        }
        let root = self.position();
        let texts = |line: &[G::Move]| -> Vec<String> {
            let mut p = root.clone();
            line.iter()
                .map(|&m| {
                    let t = p.format_move(m);
                    p.play(m);
                    t
                })
                .collect()
        };
        let mut report = |it: &fairy_engine::Iteration<'_, G::Move>| {
            info(&SearchInfo {
                depth: it.depth,
                seldepth: it.seldepth,
                multipv: it.multipv,
                score: it.score,
                nodes: it.nodes,
                elapsed: it.elapsed,
                hashfull: it.hashfull,
                pv: texts(it.pv),
            });
        };
        let mut control = Control {
            stop,
            multipv,
            on_iteration: Some(&mut report),
        };
        let r = with_engine::<G, _>(|e| e.search_with(root, &history, limits, &mut control));
        let best = r.best?;
        Some(EngineMove {
            text: root.format_move(best),
            score: r.score,
            depth: r.depth,
            pv: texts(&r.pv),
            nodes: r.nodes,
            elapsed: r.elapsed,
        })
    }
    fn random_move(&self, rng: &mut Rng) -> Option<String> {
        let pos = self.position();
        fairy_engine::random_move(pos, rng).map(|m| pos.format_move(m))
    }
    fn listing(&self) -> Listing {
        let pos = self.position();
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        Listing {
            texts: list
                .as_slice()
                .iter()
                .map(|&m| pos.format_move(m))
                .collect(),
            moves: Box::new(list.as_slice().to_vec()),
            hash: pos.hash(),
        }
    }
    fn play_listed(&mut self, listing: &Listing, index: usize) -> bool {
        if listing.hash != self.position().hash() {
            return false;
        }
        match listing
            .moves
            .downcast_ref::<Vec<G::Move>>()
            .and_then(|moves| moves.get(index))
        {
            Some(&m) => {
                self.play(m);
                true
            }
            None => false,
        }
    }
    fn legend(&self) -> Vec<(char, &'static str)> {
        self.position().legend()
    }
    fn file_groups(&self) -> &'static [(&'static str, &'static str)] {
        G::file_groups()
    }
    fn group_to_move(&self) -> Option<usize> {
        self.position().group_to_move()
    }
    fn field_legend(&self) -> &'static [(&'static str, &'static str)] {
        G::field_legend()
    }
    fn legal_move_records(&self) -> Vec<MoveRecord> {
        let pos = self.position();
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        let mut out: Vec<MoveRecord> = list
            .as_slice()
            .iter()
            .map(|&m| pos.move_record(m))
            .collect();
        out.sort_unstable_by(|a, b| a.text.cmp(&b.text));
        out
    }
    fn move_record(&self, text: &str) -> Result<MoveRecord, Error> {
        if let Some(o) = GameRecord::outcome(self) {
            return Err(fairy_kernel::MoveError::GameOver(o.describe(G::side_names())).into());
        }
        let pos = self.position();
        let mv = fairy_kernel::game::parse_move_lenient(pos, text)?;
        Ok(pos.move_record(mv))
    }
    fn square_names(&self) -> Vec<String> {
        let pos = self.position();
        (0..pos.cell_count())
            .map(|i| u16::try_from(i).map_or_else(|_| String::new(), |sq| pos.square_name(sq)))
            .collect()
    }
    fn pieces(&self) -> Vec<PieceKind> {
        self.position().pieces()
    }
    fn promotion_letters(&self) -> Vec<char> {
        self.position().promotion_letters()
    }
    fn move_flags(&self) -> MoveFlags {
        self.position().move_flags()
    }
    fn placement(&self) -> Result<Vec<PlacedPiece>, Error> {
        let pos = self.position();
        let mut placed = match pos.board_view() {
            Some(view) => crate::seam::placement(&view, &pos.pieces())?,
            None => Vec::new(),
        };
        placed.sort_unstable_by_key(|p| p.square);
        Ok(placed)
    }
    fn extra_state(&self) -> Vec<StateEntry> {
        self.position().extra_state()
    }
    fn plane_layout(&self) -> PlaneLayout {
        // The layout is the rule set's: taken from its start position, so that every
        // position of a game has the same one.
        let start = G::start(self.position().rule_set());
        PlaneLayout {
            cells: start.cell_count(),
            pieces: start.pieces(),
            state: start.extra_state().iter().map(|e| e.name).collect(),
            sides: G::side_names(),
        }
    }
    fn observation(&self) -> Result<Vec<f32>, Error> {
        let pos = self.position();
        crate::seam::observation(
            &self.plane_layout(),
            &self.placement()?,
            pos.side_to_move(),
            &pos.extra_state(),
        )
    }
}
