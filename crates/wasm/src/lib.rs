//! # fairy-wasm
//!
//! WebAssembly bindings (wasm-bindgen) over the `fairy` facade: every variant's rules and
//! engine in JavaScript, shaped like ffish.js and python-chess.
//!
//! ```js
//! import init, { variants, Board } from 'fairy-variants';
//! await init();
//! const board = new Board('glinski');
//! board.legalMoves().length;            // 51
//! board.push('f5-f6');
//! board.engineMove({ movetimeMs: 200 }); // { text, score: "+0.12", depth, pv, nodes, ... }
//! ```
//!
//! Bad input throws a JavaScript `Error` whose message is the `fairy` command's one line.
//! The engine keeps time by the host's `performance.now()`, so it runs in browsers, Web
//! Workers and Node alike. Build: docs/wasm.md.

mod records;

use std::time::Duration;

use fairy::driver::{DriverError, Match, MatchOptions};
use fairy::{Limits, Session, Variant};
use wasm_bindgen::prelude::*;

pub use records::{EngineMove, Move, Outcome, VariantInfo, View};

/// The JavaScript error of a facade error: an `Error` with the CLI's one-line message.
fn js_error(e: fairy::Error) -> JsError {
    JsError::new(&e.to_string())
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    /// The host's monotonic clock, in milliseconds.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
    /// The host's wall clock, in milliseconds since 1970-01-01 00:00 UTC.
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    fn date_now() -> f64;
}

/// Today's date (UTC) as a record writes it, `YYYY.MM.DD`: from the host's `Date.now()` in
/// WebAssembly (which has no system clock), from the system's clock elsewhere.
fn today() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        fairy::kernel::record_text::date_of((date_now().max(0.0) / 1000.0) as u64)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        fairy::kernel::record_text::today()
    }
}

/// The host's clock in milliseconds: `performance.now()` in WebAssembly (where
/// `std::time::Instant` traps), the engine's default clock elsewhere.
fn host_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        performance_now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        fairy::engine::monotonic_ms()
    }
}

/// Installs the host's clock as the engine's time source when the module starts.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(start)]
fn start() {
    fairy::adapter::set_engine_clock(host_ms);
}

/// The JavaScript error of a game driver's refusal, with the CLI's one-line message.
fn driver_error(e: DriverError) -> JsError {
    match e {
        DriverError::Move(e) => js_error(e),
        other => JsError::new(&other.to_string()),
    }
}

#[wasm_bindgen(typescript_custom_section)]
const RECORD_TYPES: &'static str = r#"
/** Limits of an engine search: a depth in plies and/or a time in milliseconds (depth 4
 * when neither is given). */
export interface EngineLimits {
  depth?: number;
  movetimeMs?: number;
}
/** A variant this build plays. */
export interface VariantInfo {
  /** The id given to `new Board(id)`: `dragonchess`, `chess-t2`... */
  id: string;
  /** One line describing the game. */
  description: string;
  /** The names of the sides, first player first (`gold`, `scarlet` in Dragonchess). */
  sideNames: string[];
}
/** A legal move, from the variant's typed move record. */
export interface Move {
  /** The move in the variant's canonical notation (what `push` takes). */
  text: string;
  /** The square the moving piece leaves (the royal piece's, for castling). */
  from: string;
  /** The square the moving piece lands on; for a capture from afar, the square of the
   * piece captured (the mover stays on `from`). */
  to: string;
  /** Whether the move captures. */
  capture: boolean;
  /** The square of the piece captured (differs from `to` for en passant), or null. */
  captured: string | null;
  /** The letter (upper case) of the piece a pawn promotes to, or null. */
  promotion: string | null;
  /** The flags that apply, in words: `castling`, `en passant`, `double step`,
   * `level change`, `capture from afar`, `exchange`. */
  flags: string[];
}
/** How a game ended. */
export interface Outcome {
  /** `1-0`, `0-1` or `1/2-1/2`. */
  result: string;
  /** The winner's side name, null for a draw. */
  winner: string | null;
  /** Why: the rules' reason (`checkmate`, `stalemate`, `repetition`...), else the game
   * driver's (`no legal move`). */
  reason: string;
  /** The ending in one line, result first: `0-1 scarlet wins by checkmate`. */
  text: string;
}
/** Everything a board page shows of a game besides its legal moves (the server's names,
 * docs/web-api.md). */
export interface BoardView {
  variant: string;
  /** The side names, first player first. */
  sides: [string, string];
  position: string;
  /** The position the game started from. */
  start: string;
  /** The side to move: 0 the first player, 1 the second. */
  to_move: number;
  to_move_name: string;
  /** Imperial Regicide's front to move (1, 2 or 3), null elsewhere. */
  front: number | null;
  /** The sub-moves the side to move has made this turn (Imperial Regicide). */
  turn_moves: string[];
  history: string[];
  /** The player (0 or 1) of each move of `history`. */
  movers: number[];
  /** Whose move it is, or how the game ended, in one line. */
  status: string;
  over: boolean;
  result: Outcome | null;
  /** From and to of every move of the last turn, in order. */
  last_turn: string[];
  /** The squares of the kings in check (or mated). */
  check_squares: string[];
  /** The piece letters each side has lost, the first player's first. */
  captured: [string[], string[]];
  /** The SVG picture; null for a variant without one. */
  svg: string | null;
}
/** What the engine chose (not played), with what it saw. */
export interface EngineMove {
  /** The move in canonical notation. */
  text: string;
  /** Its score for the side to move as `fairy` prints it: `+0.35` (pawns), `#3` (mates with
   * its third move), `#-2` (is mated with the opponent's second). */
  score: string;
  /** The score in centipawns, null for a mate score. */
  centipawns: number | null;
  /** Moves to mate (negative: the side to move is mated), null for an evaluation. */
  mate: number | null;
  /** The depth of the last finished iteration, in plies. */
  depth: number;
  /** The principal variation, starting with `text`. */
  pv: string[];
  /** Nodes searched. */
  nodes: number;
  /** Time spent, in milliseconds. */
  elapsedMs: number;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// `JSON.parse`: records cross as JSON text and arrive as plain objects.
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> JsValue;
    /// `VariantInfo[]` in TypeScript.
    #[wasm_bindgen(typescript_type = "VariantInfo[]")]
    pub type VariantInfoArray;
    /// `Move[]` in TypeScript.
    #[wasm_bindgen(typescript_type = "Move[]")]
    pub type MoveArray;
    /// `Outcome | undefined` in TypeScript.
    #[wasm_bindgen(typescript_type = "Outcome | undefined")]
    pub type MaybeOutcome;
    /// `EngineMove | undefined` in TypeScript.
    #[wasm_bindgen(typescript_type = "EngineMove | undefined")]
    pub type MaybeEngineMove;
    /// `BoardView` in TypeScript.
    #[wasm_bindgen(typescript_type = "BoardView")]
    pub type BoardViewRecord;
    /// `{ depth?: number, movetimeMs?: number }` from JavaScript.
    #[wasm_bindgen(typescript_type = "EngineLimits")]
    pub type EngineLimits;
    #[wasm_bindgen(method, getter)]
    fn depth(this: &EngineLimits) -> Option<f64>;
    #[wasm_bindgen(method, getter, js_name = movetimeMs)]
    fn movetime_ms(this: &EngineLimits) -> Option<f64>;
}

/// `value` as a plain JavaScript object of type `T` (through JSON).
fn to_js<T: JsCast>(value: &impl serde::Serialize) -> T {
    match serde_json::to_string(value) {
        Ok(text) => json_parse(&text).unchecked_into(),
        // Records of strings, numbers and flags always serialize.
        Err(_) => JsValue::UNDEFINED.unchecked_into(),
    }
}

/// The variants this build plays, in the order `fairy variants` lists them.
pub fn variant_infos() -> Vec<VariantInfo> {
    fairy::registry::built()
        .into_iter()
        .map(VariantInfo::of)
        .collect()
}

/// The variants this build plays (id, description, side names), in the order `fairy
/// variants` lists them.
#[wasm_bindgen]
pub fn variants() -> VariantInfoArray {
    to_js(&variant_infos())
}

/// The start position of variant `variant` in its notation.
///
/// # Errors
/// An unknown variant id.
#[wasm_bindgen(js_name = startPosition)]
pub fn start_position(variant: &str) -> Result<String, JsError> {
    Ok(fairy::registry::find(variant)
        .map_err(js_error)?
        .start_notation())
}

/// Forgets what the engines of this thread learnt (transposition tables, move-ordering
/// history), as for a new game; they are kept across moves and games otherwise.
#[wasm_bindgen(js_name = clearEngines)]
pub fn clear_engines() {
    fairy::adapter::clear_engines();
}

/// The version of this package (the workspace's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// A game of a variant: a position and the moves that led to it, played through the
/// facade's game driver (which decides how the game ends).
#[wasm_bindgen]
pub struct Board {
    variant: &'static dyn Variant,
    game: Match,
}

/// A whole number from JavaScript as `u64`: finite, not negative, an integer.
fn whole(value: f64, what: &str) -> Result<u64, fairy::Error> {
    if value.is_finite() && value >= 0.0 && value.fract() == 0.0 && value <= 2f64.powi(53) {
        Ok(value as u64)
    } else {
        Err(fairy::Error::Argument(format!(
            "{what} must be a whole number of at least 0, not {value}"
        )))
    }
}

impl Board {
    /// A game of `variant` from `position` (its start position when `None`).
    ///
    /// # Errors
    /// An unknown variant or an unreadable position.
    pub fn open(variant: &str, position: Option<&str>) -> Result<Board, fairy::Error> {
        let variant = fairy::registry::find(variant)?;
        let session = variant.session(position)?;
        Ok(Board::of(variant, session))
    }

    /// The game of `session`, whose moves so far are its moves.
    fn of(variant: &'static dyn Variant, session: Box<dyn Session>) -> Board {
        let names = variant.side_names().map(str::to_owned);
        let game = Match::from_session(variant, session, names, MatchOptions::default());
        Board { variant, game }
    }

    /// The current game.
    fn session(&self) -> &dyn Session {
        self.game.session()
    }

    /// The game from its start with its first `plies` moves.
    ///
    /// # Errors
    /// None in practice: the moves replayed were legal when played.
    fn replayed(&self, plies: usize) -> Result<Board, fairy::Error> {
        let s = self.session();
        let mut session = self.variant.session(Some(&s.start_notation()))?;
        for m in s.history().iter().take(plies) {
            session.apply(m)?;
        }
        Ok(Board::of(self.variant, session))
    }

    /// How the game ended, in the game driver's words.
    pub fn termination(&self) -> Option<Outcome> {
        let names = self.variant.side_names();
        self.game.termination().map(|t| Outcome::of(t, names))
    }

    /// The legal moves as records, only those from `from` when given.
    ///
    /// # Errors
    /// A square that is not on the board.
    pub fn records(&self, from: Option<&str>) -> Result<Vec<Move>, fairy::Error> {
        records::legal(self.session(), from)
    }

    /// The engine's move within `depth` plies and/or `movetime_ms` ms (depth 4 when
    /// neither is given), or `None` when the game is over.
    ///
    /// # Errors
    /// A depth or move time of 0.
    pub fn search(
        &self,
        depth: Option<u32>,
        movetime_ms: Option<u64>,
    ) -> Result<Option<EngineMove>, fairy::Error> {
        fairy::limits::check_search(depth, movetime_ms)?;
        if self.game.is_over() {
            return Ok(None);
        }
        let limits = Limits {
            depth: if movetime_ms.is_none() {
                depth.or(Some(4))
            } else {
                depth
            },
            movetime: movetime_ms.map(Duration::from_millis),
            ..Limits::default()
        };
        Ok(self.session().engine_move(&limits).map(EngineMove::of))
    }

    /// What a board page shows of the game: `bottom` (0 or 1) the side drawn at the
    /// bottom (the variant's own drawing when `None`), the levels of a layered board
    /// stacked when `stacked`.
    pub fn page(&self, bottom: Option<u8>, stacked: bool) -> View {
        let s = self.session();
        let id = self.variant.id();
        let names = self.variant.side_names();
        let flipped = match bottom {
            Some(0) => fairy::picture::white_on_top(id),
            Some(_) => !fairy::picture::white_on_top(id),
            None => false,
        };
        let last_turn = fairy::picture::last_turn(s);
        let layout = fairy::picture::Layout { flipped, stacked };
        View {
            variant: id.to_owned(),
            sides: names.map(str::to_owned),
            position: s.notation(),
            start: s.start_notation(),
            to_move: s.side_to_move().index(),
            to_move_name: s.side_name(s.side_to_move()).to_owned(),
            front: fairy::picture::front_to_move(s),
            turn_moves: fairy::picture::turn_moves(s),
            history: s.history(),
            movers: s.movers().iter().map(|c| c.index()).collect(),
            status: self.status(),
            over: self.game.is_over(),
            result: self.termination(),
            last_turn: fairy::picture::names(s, &last_turn),
            check_squares: fairy::picture::names(s, &fairy::picture::kings_in_check(s)),
            captured: fairy::picture::captured(
                s,
                self.variant.session(Some(&s.start_notation())).ok(),
            ),
            svg: fairy::picture::styled_svg_in(s, &last_turn, layout),
        }
    }

    /// The game `text` records (the kernel's record format), of the variant its `Variant`
    /// tag names or else `variant`.
    ///
    /// # Errors
    /// An unreadable record, no variant named, an unknown variant, a move that cannot be
    /// played.
    pub fn read_record(text: &str, variant: Option<&str>) -> Result<Board, fairy::Error> {
        let rec = fairy::RecordText::parse(text)?;
        let id = variant.or(rec.tag("Variant")).ok_or_else(|| {
            fairy::Error::Argument("the record has no Variant tag; give the variant".to_owned())
        })?;
        let v = fairy::registry::find(id)?;
        let session = fairy::record::replay(&rec, v)?;
        Ok(Board::of(v, session))
    }

    /// Perft of `depth` plies from the current position.
    ///
    /// # Errors
    /// A depth beyond [`fairy::limits::MAX_PERFT_DEPTH`].
    pub fn count(&self, depth: u32) -> Result<u64, fairy::Error> {
        fairy::limits::check_perft(depth, 1)?;
        Ok(self.session().perft(depth, 1))
    }
}

#[wasm_bindgen]
impl Board {
    /// A game of `variant` from `position` (its start position when omitted).
    ///
    /// # Errors
    /// Throws for an unknown variant or an unreadable position.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, position: Option<String>) -> Result<Board, JsError> {
        Board::open(variant, position.as_deref()).map_err(js_error)
    }

    /// The variant's id.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.variant.id().to_owned()
    }

    /// The legal moves as records (text, from, to, capture, promotion...), in canonical
    /// text order; only those of the piece on `from` when given.
    ///
    /// # Errors
    /// Throws when `from` is not a square of the board.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self, from: Option<String>) -> Result<MoveArray, JsError> {
        Ok(to_js(&self.records(from.as_deref()).map_err(js_error)?))
    }

    /// The legal moves' canonical texts, sorted.
    #[wasm_bindgen(js_name = legalMoveTexts)]
    pub fn legal_move_texts(&self) -> Vec<String> {
        self.session().legal_moves(None).unwrap_or_default()
    }

    /// Plays a move given as text and returns its canonical text.
    ///
    /// # Errors
    /// Throws when the move is malformed or illegal, or the game is over.
    pub fn push(&mut self, text: &str) -> Result<String, JsError> {
        let side = self.game.side_to_move();
        self.game
            .play(side, text, host_ms() as u64)
            .map_err(driver_error)
    }

    /// Takes back the last move and returns its text (`undefined` when there is none).
    pub fn pop(&mut self) -> Option<String> {
        let mut history = self.session().history();
        let last = history.pop()?;
        *self = self.replayed(history.len()).ok()?;
        Some(last)
    }

    /// The current position in the variant's notation.
    pub fn position(&self) -> String {
        self.session().notation()
    }

    /// The name of the side to move (`white`, `black`; `gold`, `scarlet` in Dragonchess).
    pub fn turn(&self) -> String {
        self.session()
            .side_name(self.session().side_to_move())
            .to_owned()
    }

    /// Whether the side to move stands in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.session().is_check()
    }

    /// Whether the game is over (the game driver's termination: by the rules, or no legal
    /// move).
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.game.is_over()
    }

    /// How the game ended, or `undefined` while it goes on.
    pub fn outcome(&self) -> MaybeOutcome {
        match self.termination() {
            Some(o) => to_js(&o),
            None => JsValue::UNDEFINED.unchecked_into(),
        }
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result(&self) -> String {
        self.termination()
            .map_or_else(|| "*".to_owned(), |o| o.result)
    }

    /// One line: whose move it is (with Imperial Regicide's front), or how the game ended.
    pub fn status(&self) -> String {
        match self.termination() {
            Some(o) => o.text,
            None => fairy::picture::status(self.session()),
        }
    }

    /// The moves played so far, in canonical text, oldest first.
    #[wasm_bindgen(js_name = moveStack)]
    pub fn move_stack(&self) -> Vec<String> {
        self.session().history()
    }

    /// The side name of the player of each move of [`Board::move_stack`] (a turn of
    /// Imperial Regicide is several moves of one side).
    #[wasm_bindgen(js_name = moveSides)]
    pub fn move_sides(&self) -> Vec<String> {
        let s = self.session();
        s.movers()
            .into_iter()
            .map(|c| s.side_name(c).to_owned())
            .collect()
    }

    /// The position the game started from.
    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> String {
        self.session().start_notation()
    }

    /// Perft: the number of move sequences of `depth` plies (sub-moves in Imperial
    /// Regicide) from the current position.
    ///
    /// # Errors
    /// Throws for a depth that is not a whole number or is beyond 32.
    pub fn perft(&self, depth: f64) -> Result<f64, JsError> {
        let depth = whole(depth, "depth").map_err(js_error)?;
        let depth = u32::try_from(depth).unwrap_or(u32::MAX);
        self.count(depth).map(|n| n as f64).map_err(js_error)
    }

    /// The engine's move (not played) within `limits`, or `undefined` when the game is
    /// over. Runs to the end in the calling thread: call it in a Web Worker to keep a page
    /// responsive.
    ///
    /// # Errors
    /// Throws for a depth or move time that is not a whole number of at least 1.
    #[wasm_bindgen(js_name = engineMove)]
    pub fn engine_move(&self, limits: Option<EngineLimits>) -> Result<MaybeEngineMove, JsError> {
        let depth = limits.as_ref().and_then(|l| l.depth());
        let movetime = limits.as_ref().and_then(|l| l.movetime_ms());
        let depth = depth
            .map(|d| whole(d, "depth"))
            .transpose()
            .map_err(js_error)?
            .map(|d| u32::try_from(d).unwrap_or(u32::MAX));
        let movetime = movetime
            .map(|t| whole(t, "movetimeMs"))
            .transpose()
            .map_err(js_error)?;
        Ok(match self.search(depth, movetime).map_err(js_error)? {
            Some(m) => to_js(&m),
            None => JsValue::UNDEFINED.unchecked_into(),
        })
    }

    /// An SVG picture of the position with the status line and legend; the squares of
    /// `lastMove` outlined, turned half round when `flipped`.
    ///
    /// # Errors
    /// Throws when `lastMove` does not name two squares of the board.
    pub fn svg(&self, last_move: Option<String>, flipped: Option<bool>) -> Result<String, JsError> {
        let s = self.session();
        let highlight = match last_move {
            Some(m) => fairy::picture::move_squares(s, &m).map_err(js_error)?,
            None => Vec::new(),
        };
        fairy::picture::styled_svg(s, &highlight, flipped.unwrap_or(false)).ok_or_else(|| {
            js_error(fairy::Error::Argument(format!(
                "variant {:?} has no picture yet",
                self.variant.id()
            )))
        })
    }

    /// Everything a board page shows of the game besides its legal moves, as the server's
    /// JSON API names it (docs/web-api.md): position, side to move, history and movers,
    /// status, outcome, the squares of the last turn and of kings in check, the pieces
    /// lost, and the picture with `bottom` (0 or 1; the variant's own drawing when
    /// omitted) at the bottom and a layered board's levels stacked when `stacked`.
    pub fn view(&self, bottom: Option<u8>, stacked: Option<bool>) -> BoardViewRecord {
        to_js(&self.page(bottom, stacked.unwrap_or(false)))
    }

    /// The game as a record in the kernel's text format (tags, moves, result), as
    /// `fairy serve` gives it for download.
    pub fn record(&self) -> String {
        let mut rec = self.game.record();
        rec.set_tag("Date", today());
        rec.to_string()
    }

    /// The game a record in the kernel's text format describes, of the variant its
    /// `Variant` tag names, or `variant` when given.
    ///
    /// # Errors
    /// Throws for an unreadable record, a record naming no variant, an unknown variant or
    /// a move that cannot be played.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str, variant: Option<String>) -> Result<Board, JsError> {
        Board::read_record(text, variant.as_deref()).map_err(js_error)
    }

    /// A text drawing of the position.
    pub fn diagram(&self) -> String {
        self.session().diagram()
    }

    /// A copy of this game, moves included.
    pub fn copy(&self) -> Result<Board, JsError> {
        self.replayed(usize::MAX).map_err(js_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_opens_and_lists_its_moves() {
        for v in fairy::registry::built() {
            let b = Board::open(v.id(), None).expect("start position");
            let records = b.records(None).expect("records");
            assert_eq!(records.len(), b.session().count_legal_moves(), "{}", v.id());
            assert!(records
                .iter()
                .all(|m| !m.from.is_empty() && !m.to.is_empty()));
        }
    }

    #[test]
    fn bad_input_gives_the_facades_message() {
        let e = Board::open("chess", None).err().expect("unknown variant");
        assert!(e.to_string().starts_with("unknown variant \"chess\""));
        assert!(Board::open("glinski", Some("nonsense")).is_err());
        assert!(whole(1.5, "depth").is_err());
        assert!(whole(-1.0, "depth").is_err());
        assert!(whole(f64::NAN, "depth").is_err());
        assert_eq!(whole(3.0, "depth").ok(), Some(3));
    }

    #[test]
    fn the_game_driver_ends_the_game_and_pop_reopens_it() {
        // Synthesis: 1. f2-f3 e7-e5 2. g2-g4 Qd8-h4, a mate as in orthodox chess.
        let mut b = Board::open("synthesis", None).expect("start");
        for m in ["f2-f3", "e7-e5", "g2-g4"] {
            b.game.play(b.game.side_to_move(), m, 0).expect("legal");
        }
        let mate = b
            .session()
            .legal_moves(None)
            .expect("moves")
            .into_iter()
            .find(|m| m.starts_with("d8-h4"))
            .expect("the queen's move");
        b.game.play(b.game.side_to_move(), &mate, 0).expect("legal");
        let end = b.termination().expect("over");
        assert_eq!(end.result, "0-1");
        assert_eq!(end.winner.as_deref(), Some("black"));
        assert!(end.text.starts_with("0-1 black wins"), "{}", end.text);
        assert!(b.search(Some(2), None).expect("limits").is_none());
        assert_eq!(b.pop().as_deref(), Some(mate.as_str()));
        assert!(b.termination().is_none());
        assert_eq!(b.session().history().len(), 3);
    }

    #[test]
    fn the_engine_answers_with_a_legal_move() {
        let b = Board::open("glinski", None).expect("start");
        let m = b.search(Some(2), None).expect("limits").expect("a move");
        assert!(b
            .session()
            .legal_moves(None)
            .expect("moves")
            .contains(&m.text));
        assert!(b.search(Some(0), None).is_err());
    }

    #[test]
    fn the_page_view_has_what_the_server_says() {
        // Synthesis: e2-e4 d7-d5 e4xd5 takes a pawn; the view names the last move's
        // squares, the pawn lost, the side to move; the second player at the bottom turns
        // the picture round.
        let mut b = Board::open("synthesis", None).expect("start");
        for m in ["e2-e4", "d7-d5"] {
            b.game.play(b.game.side_to_move(), m, 0).expect("legal");
        }
        let take = b
            .records(Some("e4"))
            .expect("moves")
            .into_iter()
            .find(|m| m.to == "d5")
            .expect("the capture");
        assert!(take.capture);
        b.game
            .play(b.game.side_to_move(), &take.text, 0)
            .expect("legal");
        let v = b.page(Some(0), false);
        assert_eq!(v.variant, "synthesis");
        assert_eq!(v.history.len(), 3);
        assert_eq!(v.movers, vec![0, 1, 0]);
        assert_eq!((v.to_move, v.to_move_name.as_str()), (1, "black"));
        assert_eq!(v.last_turn, vec!["e4".to_owned(), "d5".to_owned()]);
        assert_eq!(v.captured, [vec![], vec!['P']]);
        assert!(v.check_squares.is_empty() && !v.over && v.result.is_none());
        assert_eq!(v.front, None);
        let upright = v.svg.expect("a picture");
        let turned = b.page(Some(1), false).svg.expect("a picture");
        assert_ne!(upright, turned);
        // Regicide names its front.
        let r = Board::open("regicide", None)
            .expect("start")
            .page(None, false);
        assert_eq!(r.front, Some(1));
    }

    #[test]
    fn a_record_reads_back_into_the_same_game() {
        let mut b = Board::open("glinski", None).expect("start");
        for _ in 0..3 {
            let legal = b.session().legal_moves(None).expect("moves");
            let text = legal.last().expect("a legal move").clone();
            b.game.play(b.game.side_to_move(), &text, 0).expect("legal");
        }
        let text = b.record();
        assert!(text.contains(&format!("[Date \"{}\"]", today())), "{text}");
        let again = Board::read_record(&text, None).expect("a record");
        assert_eq!(again.session().history(), b.session().history());
        assert_eq!(again.position(), b.position());
        assert!(Board::read_record("1. e2-e4 *", None).is_err());
        assert!(Board::read_record(&b.record(), Some("dragonchess")).is_err());
    }
}
