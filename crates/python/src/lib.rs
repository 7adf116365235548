//! Python bindings of the fairy facade: the native module `fairy_variants._native`.
//!
//! The Python package `fairy_variants` (crates/python/python/fairy_variants) wraps this
//! module: it adds numpy views of the byte buffers returned here, the Gymnasium and
//! PettingZoo environments and the type stubs. See docs/python.md.

// The expansion of PyO3 0.22's macros trips these two lints (a `gil-refs` cfg and `?` on
// `PyResult`s); they are not about this code.
#![allow(unexpected_cfgs, clippy::useless_conversion)]

use std::collections::HashMap;
use std::sync::OnceLock;

use fairy::{Color, Limits, Rng, Session, Variant};
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple, PyType};
use rayon::prelude::*;

create_exception!(
    _native,
    FairyError,
    PyValueError,
    "Something given to fairy_variants could not be used (a ValueError)."
);
create_exception!(
    _native,
    UnknownVariantError,
    FairyError,
    "No variant has that id."
);
create_exception!(
    _native,
    PositionError,
    FairyError,
    "A position text could not be read."
);
create_exception!(
    _native,
    MoveError,
    FairyError,
    "A move is malformed or illegal, or the game is over."
);
create_exception!(
    _native,
    SquareError,
    FairyError,
    "A square name is not on the board."
);
create_exception!(
    _native,
    RecordError,
    FairyError,
    "A game record cannot be read or replayed."
);
create_exception!(
    _native,
    ArgumentError,
    FairyError,
    "Some other argument is out of range."
);

create_exception!(
    _native,
    GameError,
    FairyError,
    "A Match refused a request: the game is over, it is not that side's turn, there is no draw offer, no move to take back, or it is too late to abort."
);

/// The Python exception of a driver refusal: a bad move as [`MoveError`], else
/// [`GameError`].
fn driver_err(e: fairy::driver::DriverError) -> PyErr {
    match e {
        fairy::driver::DriverError::Move(e) => py_err(e),
        other => GameError::new_err(other.to_string()),
    }
}

/// The Python exception of a facade error, with the CLI's one-line message.
/// A count, depth, time or index given from Python, as the Rust type `T`: a negative number
/// is an [`ArgumentError`] (a `ValueError`, as documented), not pyo3's `OverflowError`.
fn natural<T: TryFrom<i64>>(value: i64, name: &str) -> PyResult<T> {
    if value < 0 {
        return Err(ArgumentError::new_err(format!(
            "{name} must not be negative, got {value}"
        )));
    }
    T::try_from(value).map_err(|_| ArgumentError::new_err(format!("{name}={value} is too large")))
}

/// A seed given from Python: 0 to 2^64 - 1, else an [`ArgumentError`].
fn seed_of(value: i128) -> PyResult<u64> {
    u64::try_from(value)
        .map_err(|_| ArgumentError::new_err(format!("seed {value} is out of range: 0 to 2^64 - 1")))
}

/// [`natural`] of an optional number.
fn natural_opt<T: TryFrom<i64>>(value: Option<i64>, name: &str) -> PyResult<Option<T>> {
    value.map(|v| natural(v, name)).transpose()
}

fn py_err(e: fairy::Error) -> PyErr {
    let msg = e.to_string();
    match e {
        fairy::Error::UnknownVariant { .. } | fairy::Error::NotBuilt(_) => {
            UnknownVariantError::new_err(msg)
        }
        fairy::Error::Position(_) | fairy::Error::UnknownPiece { .. } => {
            PositionError::new_err(msg)
        }
        fairy::Error::Move(_) => MoveError::new_err(msg),
        fairy::Error::Square(_) => SquareError::new_err(msg),
        fairy::Error::Record(_) => RecordError::new_err(msg),
        fairy::Error::Argument(_) => ArgumentError::new_err(msg),
    }
}

/// What the RL layer knows of a variant, all from the typed seam: square names and
/// indices, piece letters, the action coding and the observation planes.
struct Info {
    variant: &'static dyn Variant,
    /// Square name of each index ("" for an unused index).
    names: Vec<String>,
    /// Index of each square name.
    index: HashMap<String, u16>,
    /// Piece letters in role-index order, one observation plane per letter and side.
    pieces: Vec<char>,
    /// Suffix choices of an action: index 0 is the plain move; then the capture from afar
    /// (`x`) where the rule set has one, then the promotion letters (`=Q`) where a
    /// promotion is a choice.
    suffixes: Vec<String>,
    /// Every observation plane's name, in order.
    planes: Vec<String>,
}

impl Info {
    fn squares(&self) -> usize {
        self.names.len()
    }
    fn action_size(&self) -> usize {
        self.squares() * self.squares() * self.suffixes.len()
    }
    fn planes(&self) -> usize {
        self.planes.len()
    }
}

/// The parts of a move text: origin, separator, target and promotion letter.
fn split_move(text: &str) -> Option<(&str, char, &str, Option<char>)> {
    fn square_end(s: &[u8], mut i: usize) -> Option<usize> {
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        if i >= s.len() || !s[i].is_ascii_lowercase() {
            return None;
        }
        i += 1;
        let start = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        (i > start).then_some(i)
    }
    let b = text.as_bytes();
    let a = square_end(b, 0)?;
    let sep = *b.get(a)? as char;
    if !matches!(sep, '-' | 'x' | ':') {
        return None;
    }
    let t = square_end(b, a + 1)?;
    let promo = match &b[t..] {
        [] => None,
        [b'=', c] if c.is_ascii_uppercase() => Some(*c as char),
        _ => return None,
    };
    Some((&text[..a], sep, &text[a + 1..t], promo))
}

/// Two squares written without a separator (`e2e4`, `a12b11`, `2c22c3`), optionally followed
/// by a promotion (`q`, `Q` or `=Q`), as `e2-e4` / `e7-e8=Q`; `None` for any other text. A
/// square is optional level digits, file letters and rank digits; when the first square has
/// level digits the second has as many, which splits the digits between them.
fn join_squares(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let run = |mut i: usize, f: fn(&u8) -> bool| {
        while i < b.len() && f(&b[i]) {
            i += 1;
        }
        i
    };
    let level = run(0, u8::is_ascii_digit);
    let files = run(level, u8::is_ascii_lowercase);
    let digits = run(files, u8::is_ascii_digit);
    if files == level || digits <= files + level {
        return None;
    }
    let first_end = digits - level;
    let files2 = run(digits, u8::is_ascii_lowercase);
    let rank2 = run(files2, u8::is_ascii_digit);
    if files2 == digits || rank2 == files2 {
        return None;
    }
    let promo = match &b[rank2..] {
        [] => String::new(),
        [c] | [b'=', c] if c.is_ascii_alphabetic() => {
            format!("={}", c.to_ascii_uppercase() as char)
        }
        _ => return None,
    };
    Some(format!(
        "{}-{}{promo}",
        &text[..first_end],
        &text[first_end..rank2]
    ))
}

fn build_info(variant: &'static dyn Variant) -> Info {
    let session = variant
        .session(None)
        .expect("the start position of a registered variant reads");
    let names = session.square_names();
    let index = names
        .iter()
        .enumerate()
        .filter(|(_, n)| !n.is_empty())
        .filter_map(|(i, n)| Some((n.clone(), u16::try_from(i).ok()?)))
        .collect();
    let layout = session.plane_layout();
    let mut suffixes = vec![String::new()];
    if session
        .move_flags()
        .contains(fairy::seam::MoveFlags::CAPTURE_FROM_AFAR)
    {
        suffixes.push("x".to_owned());
    }
    let letters = session.promotion_letters();
    if letters.len() > 1 {
        suffixes.extend(letters.iter().map(|c| format!("={c}")));
    }
    Info {
        variant,
        names,
        index,
        pieces: layout.pieces.iter().map(|p| p.letter).collect(),
        suffixes,
        planes: layout.plane_names(),
    }
}

fn infos() -> &'static Vec<Info> {
    static INFOS: OnceLock<Vec<Info>> = OnceLock::new();
    INFOS.get_or_init(|| {
        fairy::registry::built()
            .into_iter()
            .map(build_info)
            .collect()
    })
}

fn info(id: &str) -> PyResult<&'static Info> {
    match infos().iter().find(|i| i.variant.id() == id) {
        Some(i) => Ok(i),
        None => Err(py_err(fairy::registry::find(id).err().unwrap_or_else(
            || fairy::Error::Argument(format!("variant {id:?} has no binding")),
        ))),
    }
}

impl Info {
    fn move_to_action(&self, text: &str) -> PyResult<usize> {
        let bad = || {
            MoveError::new_err(format!(
                "move {text:?} has no action in {}",
                self.variant.id()
            ))
        };
        let (a, sep, b, promo) = split_move(text).ok_or_else(bad)?;
        let from = *self.index.get(a).ok_or_else(bad)? as usize;
        let to = *self.index.get(b).ok_or_else(bad)? as usize;
        let suffix = match (sep, promo) {
            ('x', None) if self.suffixes.len() > 1 && self.suffixes[1] == "x" => 1,
            ('-' | 'x' | ':', None) => 0,
            (_, Some(c)) => self
                .suffixes
                .iter()
                .position(|s| s.len() == 2 && s.ends_with(c))
                .ok_or_else(bad)?,
            _ => return Err(bad()),
        };
        let n = self.squares();
        Ok((from * n + to) * self.suffixes.len() + suffix)
    }

    fn action_to_move(&self, action: usize) -> PyResult<String> {
        if action >= self.action_size() {
            return Err(ArgumentError::new_err(format!(
                "action {action} is out of range 0..{} for {}",
                self.action_size(),
                self.variant.id()
            )));
        }
        let k = self.suffixes.len();
        let n = self.squares();
        let (s, ft) = (action % k, action / k);
        let (from, to) = (ft / n, ft % n);
        let (a, b) = (&self.names[from], &self.names[to]);
        if a.is_empty() || b.is_empty() {
            return Err(ArgumentError::new_err(format!(
                "action {action} names no square of {}",
                self.variant.id()
            )));
        }
        let suffix = &self.suffixes[s];
        Ok(if suffix == "x" {
            format!("{a}x{b}")
        } else {
            format!("{a}-{b}{suffix}")
        })
    }

    fn mask(&self, session: &dyn Session) -> Vec<u8> {
        let mut mask = vec![0u8; self.action_size()];
        if let Ok(moves) = session.legal_moves(None) {
            for m in moves {
                if let Ok(a) = self.move_to_action(&m) {
                    mask[a] = 1;
                }
            }
        }
        mask
    }
}

/// A move: its canonical text, with its squares and promotion read from the text.
#[pyclass(module = "fairy_variants._native", frozen)]
#[derive(Clone)]
struct Move {
    text: String,
    /// Its place in the sorted legal moves of the position a [`Board`] listed it for
    /// ([`NO_SLOT`] for a move made otherwise), so that pushing it finds it at once.
    slot: u32,
}

/// The [`Move::slot`] of a move that no board listed.
const NO_SLOT: u32 = u32::MAX;

impl Move {
    /// A move with its text only.
    fn of(text: String) -> Self {
        Move {
            text,
            slot: NO_SLOT,
        }
    }
}

#[pymethods]
impl Move {
    /// A move from its text (not checked against any position).
    #[new]
    fn new(text: String) -> PyResult<Self> {
        if split_move(&text).is_none() {
            return Err(MoveError::new_err(format!(
                "cannot read move {text:?}: expected two squares joined by '-' or 'x', such as e2-e4"
            )));
        }
        Ok(Move::of(text))
    }
    /// A move from its text, as the constructor reads it or, as python-chess writes moves,
    /// with the two squares joined without a separator (`e2e4`, `2c22c3`) and an optional
    /// promotion letter after them (`e7e8q`); the move is kept in the canonical form
    /// (`e2-e4`, `e7-e8=Q`). Not checked against any position.
    #[staticmethod]
    fn from_uci(text: String) -> PyResult<Self> {
        match join_squares(&text) {
            Some(canonical) => Ok(Move::of(canonical)),
            None => Move::new(text),
        }
    }
    /// The origin square's name.
    #[getter(from_square)]
    fn origin(&self) -> String {
        split_move(&self.text).map_or_else(String::new, |p| p.0.to_owned())
    }
    /// The target square's name.
    #[getter]
    fn to_square(&self) -> String {
        split_move(&self.text).map_or_else(String::new, |p| p.2.to_owned())
    }
    /// The promotion letter, if the text has one.
    #[getter]
    fn promotion(&self) -> Option<String> {
        split_move(&self.text).and_then(|p| p.3.map(String::from))
    }
    /// Whether it is written with `x` (the Dragon's capture from afar in Dragonchess).
    #[getter(from_afar)]
    fn afar(&self) -> bool {
        split_move(&self.text).is_some_and(|p| p.1 == 'x')
    }
    /// The canonical text.
    fn uci(&self) -> String {
        self.text.clone()
    }
    fn __str__(&self) -> String {
        self.text.clone()
    }
    fn __repr__(&self) -> String {
        format!("Move({:?})", self.text)
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.text.hash(&mut h);
        h.finish()
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(m) = other.downcast::<Move>() {
            return m.get().text == self.text;
        }
        other.extract::<String>().is_ok_and(|s| s == self.text)
    }
    fn __getnewargs__(&self) -> (String,) {
        (self.text.clone(),)
    }
}

/// How a game ended.
#[pyclass(module = "fairy_variants._native", frozen, get_all)]
#[derive(Clone)]
struct Outcome {
    /// 0 for the first side, 1 for the second, `None` for a draw.
    winner: Option<usize>,
    /// The winner's name in the variant (`white`, `gold`), or `None`.
    winner_name: Option<String>,
    /// Why (`checkmate`, `threefold repetition`, ...).
    reason: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    result: String,
    /// The outcome in words (`0-1 scarlet wins by checkmate`).
    description: String,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        format!("Outcome({:?})", self.description)
    }
    fn __str__(&self) -> String {
        self.description.clone()
    }
}

fn outcome_of(s: &dyn Session, o: &fairy::Outcome) -> Outcome {
    Outcome {
        winner: o.winner().map(|c| c.index()),
        winner_name: o.winner().map(|c| s.side_name(c).to_owned()),
        reason: o.reason().to_string(),
        result: o.result_str().to_owned(),
        description: s.describe(o),
    }
}

/// A game of a variant: a position with the moves that led to it.
#[pyclass(module = "fairy_variants._native", subclass)]
struct Board {
    info: &'static Info,
    session: Box<dyn Session>,
    /// One entry per position of the game, the start first and the current one last.
    plies: Vec<Ply>,
}

/// What a [`Board`] remembers of one position of its game, so that listing the legal
/// moves, playing one of them and taking it back cost little from Python.
#[derive(Default)]
struct Ply {
    /// The legal moves, once they have been asked for in this position.
    listed: Option<Listed>,
    /// The move played from this position (the one `pop` returns), when the board played it.
    played: Option<Py<Move>>,
}

/// The legal moves of a position, kept by its [`Ply`].
struct Listed {
    /// The moves as Python objects, sorted by text.
    moves: Vec<Py<Move>>,
    /// For each of `moves`, its index in `listing`.
    generated: Vec<usize>,
    /// The session's list, to play from.
    listing: fairy::Listing,
    /// The texts as Python strings, made when first asked for.
    strings: Option<Vec<Py<PyString>>>,
    /// Whether the game is over in this position (then every move is refused as before).
    over: bool,
}

impl Listed {
    /// The position (in `moves`) of the move whose canonical text is `text`.
    fn find(&self, text: &str) -> Option<usize> {
        self.moves
            .binary_search_by(|m| m.get().text.as_str().cmp(text))
            .ok()
    }
}

fn move_text(m: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(mv) = m.downcast::<Move>() {
        return Ok(mv.get().text.clone());
    }
    m.extract::<String>()
}

impl Board {
    /// A board over `session`, whose moves (if any) it did not play itself.
    fn over_session(info: &'static Info, session: Box<dyn Session>) -> Self {
        let plies = (0..=session.history().len())
            .map(|_| Ply::default())
            .collect();
        Board {
            info,
            session,
            plies,
        }
    }

    /// The legal moves of the current position, listed once per position.
    fn listed(&mut self, py: Python<'_>) -> PyResult<&mut Listed> {
        if self.plies.is_empty() {
            self.plies.push(Ply::default());
        }
        let session = &self.session;
        let ply = self
            .plies
            .last_mut()
            .expect("a board has a current position");
        if ply.listed.is_none() {
            let listing = session.listing();
            let generated = &listing.texts;
            let mut order: Vec<usize> = (0..generated.len()).collect();
            order.sort_unstable_by(|&a, &b| generated[a].cmp(&generated[b]));
            let mut moves = Vec::with_capacity(order.len());
            for &i in &order {
                moves.push(Py::new(
                    py,
                    Move {
                        text: generated[i].clone(),
                        slot: u32::try_from(moves.len()).unwrap_or(NO_SLOT),
                    },
                )?);
            }
            ply.listed = Some(Listed {
                moves,
                generated: order,
                listing,
                strings: None,
                over: session.outcome().is_some(),
            });
        }
        Ok(ply.listed.as_mut().expect("listed just above"))
    }

    /// The listed legal moves of the current position, unless the game is over there.
    fn listed_now(&self) -> Option<&Listed> {
        self.plies.last()?.listed.as_ref().filter(|l| !l.over)
    }

    /// Plays the listed move at `k` (sorted order) of the current position.
    fn play_slot(&mut self, py: Python<'_>, k: usize) -> Option<Py<Move>> {
        let l = self.plies.last()?.listed.as_ref().filter(|l| !l.over)?;
        let (index, mv) = (*l.generated.get(k)?, l.moves.get(k)?.clone_ref(py));
        if !self.session.play_listed(&l.listing, index) {
            return None;
        }
        Some(self.played(py, mv))
    }

    /// Notes that `mv` was just played from the current position.
    fn played(&mut self, py: Python<'_>, mv: Py<Move>) -> Py<Move> {
        if let Some(ply) = self.plies.last_mut() {
            ply.played = Some(mv.clone_ref(py));
        }
        self.plies.push(Ply::default());
        mv
    }

    /// Plays `text`: by its index when it is the canonical text of a listed legal move,
    /// otherwise read by the variant's lenient parser (every other form, and the errors).
    fn play_text(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<Move>> {
        if let Some(k) = self.listed_now().and_then(|l| l.find(text)) {
            if let Some(mv) = self.play_slot(py, k) {
                return Ok(mv);
            }
        }
        let text = self.session.apply(text).map_err(py_err)?;
        let mv = Py::new(py, Move::of(text))?;
        Ok(self.played(py, mv))
    }
}

#[pymethods]
impl Board {
    /// A game of `variant` from `position` (its notation), or from the start position.
    #[new]
    #[pyo3(signature = (variant, position=None))]
    fn new(variant: &str, position: Option<&str>) -> PyResult<Self> {
        let info = info(variant)?;
        let session = info.variant.session(position).map_err(py_err)?;
        Ok(Board::over_session(info, session))
    }
    /// The variant id.
    #[getter]
    fn variant(&self) -> &'static str {
        self.info.variant.id()
    }
    /// The legal moves as [`Move`] objects, sorted by text.
    #[getter]
    fn legal_moves<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let listed = self.listed(py)?;
        Ok(PyList::new_bound(
            py,
            listed.moves.iter().map(|m| m.clone_ref(py)),
        ))
    }
    /// The legal moves in canonical notation, sorted; only those from square `from_square`
    /// when given.
    #[pyo3(signature = (from_square=None))]
    fn legal_move_strings<'py>(
        &mut self,
        py: Python<'py>,
        from_square: Option<&str>,
    ) -> PyResult<Bound<'py, PyList>> {
        if from_square.is_some() {
            let moves = self.session.legal_moves(from_square).map_err(py_err)?;
            return Ok(PyList::new_bound(py, moves));
        }
        let listed = self.listed(py)?;
        let strings = listed.strings.get_or_insert_with(|| {
            listed
                .moves
                .iter()
                .map(|m| PyString::new_bound(py, &m.get().text).unbind())
                .collect()
        });
        Ok(PyList::new_bound(
            py,
            strings.iter().map(|s| s.clone_ref(py)),
        ))
    }
    /// Plays a move (a [`Move`] or its text).
    fn push(&mut self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<Py<Move>> {
        if let Ok(m) = mv.downcast::<Move>() {
            // A Move object this board listed for this position: found by its slot.
            let slot = m.get().slot as usize;
            let listed = self
                .listed_now()
                .is_some_and(|l| l.moves.get(slot).is_some_and(|p| p.as_ptr() == m.as_ptr()));
            if listed {
                if let Some(played) = self.play_slot(py, slot) {
                    return Ok(played);
                }
            }
            return self.play_text(py, &m.get().text);
        }
        let s = mv.downcast::<PyString>()?;
        // One of the strings `legal_move_strings` returned for this position.
        let hit = self.listed_now().and_then(|l| {
            l.strings
                .as_ref()?
                .iter()
                .position(|p| p.as_ptr() == s.as_ptr())
        });
        if let Some(k) = hit {
            if let Some(played) = self.play_slot(py, k) {
                return Ok(played);
            }
        }
        self.play_text(py, &s.to_cow()?)
    }
    /// Plays a move given as text (the canonical form or any form the variant reads) and
    /// returns it in canonical form.
    fn push_str(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<Move>> {
        self.play_text(py, text)
    }
    /// Takes back the last move and returns it.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<Move>> {
        let last = self.peek(py)?;
        self.session.undo();
        if self.plies.len() > 1 {
            self.plies.pop();
        }
        if let Some(ply) = self.plies.last_mut() {
            ply.played = None;
        }
        Ok(last)
    }
    /// The last move played.
    fn peek(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        let n = self.plies.len();
        if n >= 2 {
            if let Some(m) = &self.plies[n - 2].played {
                return Ok(m.clone_ref(py));
            }
        }
        match self.session.history().pop() {
            Some(text) => Py::new(py, Move::of(text)),
            None => Err(PyIndexError::new_err("no move has been played")),
        }
    }
    /// The moves played, first to last.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.session.history().into_iter().map(Move::of).collect()
    }
    /// A copy with the same start position and moves.
    fn copy(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        let py = slf.py();
        let b = slf.borrow();
        let start = b.session.start_notation();
        let moves = b.session.history();
        let variant = b.variant();
        drop(b);
        let new = slf.get_type().call1((variant, start))?;
        new.call_method1("__setstate__", (moves,))?;
        Ok(new.into_py(py))
    }
    /// The current position's notation.
    fn position(&self) -> String {
        self.session.notation()
    }
    /// The notation of the position the game started from.
    fn starting_position(&self) -> String {
        self.session.start_notation()
    }
    /// Starts over from `position` (or the start position), with no moves played.
    #[pyo3(signature = (position=None))]
    fn set_position(&mut self, position: Option<&str>) -> PyResult<()> {
        let session = self.info.variant.session(position).map_err(py_err)?;
        *self = Board::over_session(self.info, session);
        Ok(())
    }
    /// The side to move: 0 for the first side (White, Gold), 1 for the second.
    #[getter]
    fn turn(&self) -> usize {
        self.session.side_to_move().index()
    }
    /// The variant's name of the side to move (`white`, `gold`, ...).
    #[getter]
    fn turn_name(&self) -> &'static str {
        self.session.side_name(self.session.side_to_move())
    }
    /// Whether the side to move stands in check (Chess-T, where check has no legal effect:
    /// whether the opponent could capture a royal piece if it were to move).
    fn is_check(&self) -> bool {
        self.session.is_check()
    }
    /// Whether the game is over (an outcome, or no legal move).
    fn is_game_over(&self) -> bool {
        self.session.is_over()
    }
    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        self.session
            .outcome()
            .map(|o| outcome_of(self.session.as_ref(), &o))
    }
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    fn result(&self) -> String {
        self.session
            .outcome()
            .map_or_else(|| "*".to_owned(), |o| o.result_str().to_owned())
    }
    /// The number of move sequences of `depth` plies (sub-moves in Regicide), the GIL
    /// released, root moves split over `threads` (1 to 256; depth at most 32, else
    /// `ArgumentError`).
    #[pyo3(signature = (depth, threads=1))]
    fn perft(&mut self, py: Python<'_>, depth: i64, threads: i64) -> PyResult<u64> {
        let (depth, threads) = (natural(depth, "depth")?, natural(threads, "threads")?);
        fairy::limits::check_perft(depth, threads).map_err(py_err)?;
        let s = &mut *self.session;
        Ok(py.allow_threads(move || s.perft(depth, threads)))
    }
    /// Perft split by root move: `{move text: count}`.
    #[pyo3(signature = (depth, threads=1))]
    fn divide(
        &mut self,
        py: Python<'_>,
        depth: i64,
        threads: i64,
    ) -> PyResult<HashMap<String, u64>> {
        let (depth, threads) = (natural(depth, "depth")?, natural(threads, "threads")?);
        fairy::limits::check_perft(depth, threads).map_err(py_err)?;
        let s = &mut *self.session;
        Ok(py.allow_threads(move || s.divide(depth, threads).into_iter().collect()))
    }
    /// The engine's move within the limits (depth 4 when neither is given), the GIL
    /// released; `None` when there is no legal move.
    #[pyo3(signature = (depth=None, movetime_ms=None))]
    fn engine_move(
        &mut self,
        py: Python<'_>,
        depth: Option<i64>,
        movetime_ms: Option<i64>,
    ) -> PyResult<Option<Move>> {
        let depth: Option<u32> = natural_opt(depth, "depth")?;
        let movetime_ms: Option<u64> = natural_opt(movetime_ms, "movetime_ms")?;
        fairy::limits::check_search(depth, movetime_ms).map_err(py_err)?;
        let limits = Limits {
            depth: if movetime_ms.is_none() {
                depth.or(Some(4))
            } else {
                depth
            },
            movetime: movetime_ms.map(std::time::Duration::from_millis),
            nodes: None,
            soft_movetime: None,
        };
        let s = &mut *self.session;
        Ok(py
            .allow_threads(move || s.engine_move(&limits))
            .map(|e| Move::of(e.text)))
    }
    /// The engine's search within the limits (depth 4 when neither is given), the GIL
    /// released: `{"move": Move, "score": Score, "depth": int, "nodes": int, "pv": [str]}`,
    /// the score for the side to move; `None` when there is no legal move.
    #[pyo3(signature = (depth=None, movetime_ms=None))]
    fn analyse<'py>(
        &mut self,
        py: Python<'py>,
        depth: Option<u32>,
        movetime_ms: Option<u64>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        fairy::limits::check_search(depth, movetime_ms).map_err(py_err)?;
        let limits = Limits {
            depth: if movetime_ms.is_none() {
                depth.or(Some(4))
            } else {
                depth
            },
            movetime: movetime_ms.map(std::time::Duration::from_millis),
            nodes: None,
            soft_movetime: None,
        };
        let s = &mut *self.session;
        let Some(found) = py.allow_threads(move || s.engine_move(&limits)) else {
            return Ok(None);
        };
        let d = PyDict::new_bound(py);
        d.set_item("move", Py::new(py, Move::of(found.text))?)?;
        d.set_item("score", Py::new(py, Score::of(found.score))?)?;
        d.set_item("depth", found.depth)?;
        d.set_item("nodes", found.nodes)?;
        d.set_item("pv", found.pv)?;
        Ok(Some(d))
    }
    /// A legal move chosen uniformly with a generator seeded by `seed`, or `None`.
    fn random_move(&self, seed: i128) -> PyResult<Option<Move>> {
        let mut rng = Rng::new(seed_of(seed)?);
        Ok(self.session.random_move(&mut rng).map(Move::of))
    }
    /// An SVG picture of the position, the last move (or `last_move`) outlined.
    #[pyo3(signature = (last_move=None))]
    fn svg(&self, last_move: Option<&str>) -> PyResult<String> {
        let last = match last_move {
            Some(m) => Some(m.to_owned()),
            None => self.session.history().pop(),
        };
        fairy::picture::svg_text(
            self.variant(),
            Some(&self.session.notation()),
            last.as_deref(),
        )
        .map_err(py_err)
    }
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(None)
    }
    fn __str__(&self) -> String {
        self.session.diagram()
    }
    fn __repr__(&self) -> String {
        format!("Board({:?}, {:?})", self.variant(), self.session.notation())
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<Board>().is_ok_and(|o| {
            let o = o.borrow();
            o.variant() == self.variant() && o.session.notation() == self.session.notation()
        })
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.variant().hash(&mut h);
        self.session.notation().hash(&mut h);
        h.finish()
    }
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        let py = slf.py();
        let b = slf.borrow();
        let args = (b.variant(), b.session.start_notation());
        let state = b.session.history();
        Ok(PyTuple::new_bound(
            py,
            [
                slf.get_type().into_any().unbind(),
                args.into_py(py),
                state.into_py(py),
            ],
        )
        .into_any()
        .unbind())
    }
    /// Replays `moves` from the starting position (used by pickling and `copy`).
    fn __setstate__(&mut self, moves: Vec<String>) -> PyResult<()> {
        let start = self.session.start_notation();
        let mut s = self.info.variant.session(Some(&start)).map_err(py_err)?;
        for m in &moves {
            s.apply(m).map_err(py_err)?;
        }
        *self = Board::over_session(self.info, s);
        Ok(())
    }
    /// The game record text (tags and moves), with `players` names.
    #[pyo3(signature = (players=("?".to_owned(), "?".to_owned())))]
    fn record(&self, players: (String, String)) -> String {
        let o = self.session.outcome();
        let result = o.map_or("*", |o| o.result_str());
        let termination = o.map(|o| o.reason().to_string());
        fairy::record::record_of(
            self.session.as_ref(),
            self.info.variant,
            [&players.0, &players.1],
            result,
            termination.as_deref(),
        )
        .to_string()
    }
    /// A board replaying the game record `text` (its `FEN` tag or the start position).
    #[classmethod]
    fn from_record(cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyObject> {
        let rec = fairy::RecordText::parse(text).map_err(|e| py_err(e.into()))?;
        let id = rec
            .tag("Variant")
            .ok_or_else(|| RecordError::new_err("the record has no Variant tag"))?
            .to_owned();
        let variant = info(&id)?.variant;
        let s = fairy::record::replay(&rec, variant).map_err(py_err)?;
        let new = cls.call1((id, s.start_notation()))?;
        new.call_method1("__setstate__", (s.history(),))?;
        Ok(new.unbind())
    }

    // The RL layer: the Python package wraps these bytes as numpy arrays.

    /// The number of actions of the variant (see `move_to_action`).
    #[getter]
    fn action_size(&self) -> usize {
        self.info.action_size()
    }
    /// The action index of a move: `(from * squares + to) * suffixes + suffix`.
    fn move_to_action(&self, mv: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.info.move_to_action(&move_text(mv)?)
    }
    /// The move text of an action index (not checked for legality).
    fn action_to_move(&self, action: i64) -> PyResult<String> {
        self.info.action_to_move(natural(action, "action")?)
    }
    /// Plays the move of an action index.
    fn push_action(&mut self, py: Python<'_>, action: i64) -> PyResult<Py<Move>> {
        let text = self.info.action_to_move(natural(action, "action")?)?;
        self.play_text(py, &text)
    }
    /// The legal action mask, one byte (0 or 1) per action.
    fn _legal_action_mask_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new_bound(py, &self.info.mask(self.session.as_ref()))
    }
    /// The legal actions, sorted.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        let moves = self.session.legal_moves(None).map_err(py_err)?;
        let mut out = moves
            .iter()
            .map(|m| self.info.move_to_action(m))
            .collect::<PyResult<Vec<_>>>()?;
        out.sort_unstable();
        Ok(out)
    }
    /// The observation planes as little-endian float32 bytes, `planes x squares`.
    fn _observation_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let obs = self.session.observation().map_err(py_err)?;
        let bytes: Vec<u8> = obs.iter().flat_map(|f| f.to_le_bytes()).collect();
        Ok(PyBytes::new_bound(py, &bytes))
    }
}

/// The built variant ids, in list order.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    fairy::registry::built().iter().map(|v| v.id()).collect()
}

/// The description of a variant.
#[pyfunction]
fn description(variant: &str) -> PyResult<&'static str> {
    Ok(info(variant)?.variant.description())
}

/// The start position's notation.
#[pyfunction]
fn start_position(variant: &str) -> PyResult<String> {
    Ok(info(variant)?.variant.start_notation())
}

fn session_after(
    variant: &str,
    position: Option<&str>,
    moves: Option<Vec<String>>,
) -> PyResult<Box<dyn Session>> {
    let mut s = info(variant)?.variant.session(position).map_err(py_err)?;
    for m in moves.unwrap_or_default() {
        s.apply(&m).map_err(py_err)?;
    }
    Ok(s)
}

/// The legal moves after `moves` from `position` (the start when `None`), sorted.
#[pyfunction]
#[pyo3(signature = (variant, position=None, moves=None))]
fn legal_moves(
    variant: &str,
    position: Option<&str>,
    moves: Option<Vec<String>>,
) -> PyResult<Vec<String>> {
    session_after(variant, position, moves)?
        .legal_moves(None)
        .map_err(py_err)
}

/// The notation of the position after `moves` from `position`.
#[pyfunction]
#[pyo3(signature = (variant, position=None, moves=None))]
fn position_after(
    variant: &str,
    position: Option<&str>,
    moves: Option<Vec<String>>,
) -> PyResult<String> {
    Ok(session_after(variant, position, moves)?.notation())
}

/// The result after `moves` from `position`: `1-0`, `0-1`, `1/2-1/2`, or `*`.
#[pyfunction]
#[pyo3(signature = (variant, position=None, moves=None))]
fn game_result(
    variant: &str,
    position: Option<&str>,
    moves: Option<Vec<String>>,
) -> PyResult<String> {
    Ok(session_after(variant, position, moves)?
        .outcome()
        .map_or_else(|| "*".to_owned(), |o| o.result_str().to_owned()))
}

/// The RL layer's facts of a variant: squares, pieces, action coding, planes.
#[pyfunction]
fn variant_info<'py>(py: Python<'py>, variant: &str) -> PyResult<Bound<'py, PyDict>> {
    let i = info(variant)?;
    let d = PyDict::new_bound(py);
    d.set_item("id", i.variant.id())?;
    d.set_item("description", i.variant.description())?;
    d.set_item("side_names", i.variant.side_names().to_vec())?;
    d.set_item("squares", i.squares())?;
    d.set_item("square_names", i.names.clone())?;
    d.set_item(
        "pieces",
        i.pieces.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
    )?;
    d.set_item("suffixes", i.suffixes.clone())?;
    d.set_item("action_size", i.action_size())?;
    d.set_item("planes", i.planes.clone())?;
    d.set_item("observation_shape", (i.planes(), i.squares()))?;
    Ok(d)
}

/// One game played by [`play_games`].
struct Played {
    moves: Vec<String>,
    result: String,
    reason: Option<String>,
    record: String,
}

fn play_one(
    info: &Info,
    seed: u64,
    max_plies: usize,
    engine_depth: Option<u32>,
    players: [&str; 2],
) -> Played {
    let variant = info.variant;
    let s = match variant.session(None) {
        Ok(s) => s,
        Err(_) => {
            return Played {
                moves: Vec::new(),
                result: "*".into(),
                reason: None,
                record: String::new(),
            }
        }
    };
    let mut rng = Rng::new(seed);
    let limits = engine_depth.map(Limits::depth);
    let options = fairy::MatchOptions {
        max_plies: Some(max_plies),
        ..fairy::MatchOptions::default()
    };
    let mut game = fairy::Match::from_session(variant, s, players.map(str::to_owned), options);
    while !game.is_over() {
        let side = game.side_to_move();
        let s = game.session();
        let mv = match &limits {
            Some(l) => s.engine_move(l).map(|e| e.text),
            None => s.random_move(&mut rng),
        };
        let played = mv.is_some_and(|m| game.play(side, &m, 0).is_ok());
        if !played {
            // The driver ends a game without legal moves; this does not happen.
            game.leave("no move found");
        }
    }
    let (result, reason) = match game.termination() {
        Some(t) => (
            t.result.token().to_owned(),
            Some(t.reason_text(variant.side_names())),
        ),
        None => ("*".to_owned(), None),
    };
    Played {
        moves: game.moves(),
        result,
        reason,
        record: game.record().to_string(),
    }
}

/// Plays `n` games of `variant` in Rust with the GIL released, over `threads` threads (0:
/// one per core): random moves seeded by `seed + i` for game `i`, or the engine at
/// `engine_depth`; each game is played through the game driver and ends by the rules or,
/// at `max_plies` plies, as a draw by the length cap. Returns one dict per game: `moves`,
/// `result`, `reason` (the record's `Termination`), `record` (the game record text).
#[pyfunction]
#[pyo3(signature = (variant, n, seed=0, max_plies=300, engine_depth=None, threads=0))]
fn play_games<'py>(
    py: Python<'py>,
    variant: &str,
    n: i64,
    seed: i128,
    max_plies: i64,
    engine_depth: Option<i64>,
    threads: i64,
) -> PyResult<Bound<'py, PyList>> {
    let info = info(variant)?;
    let n: usize = natural(n, "n")?;
    let seed = seed_of(seed)?;
    let max_plies: usize = natural(max_plies, "max_plies")?;
    let engine_depth: Option<u32> = natural_opt(engine_depth, "engine_depth")?;
    fairy::limits::check_search(engine_depth, None).map_err(py_err)?;
    let threads: usize = natural(threads, "threads")?;
    if threads > fairy::limits::MAX_THREADS {
        return Err(ArgumentError::new_err(format!(
            "{threads} threads are too many: at most {} (0 means one per core)",
            fairy::limits::MAX_THREADS
        )));
    }
    let players = if engine_depth.is_some() {
        ["engine", "engine"]
    } else {
        ["random", "random"]
    };
    let games: Vec<Played> = py.allow_threads(|| {
        let run = || {
            (0..n)
                .into_par_iter()
                .map(|i| {
                    play_one(
                        info,
                        seed.wrapping_add(i as u64),
                        max_plies,
                        engine_depth,
                        players,
                    )
                })
                .collect()
        };
        if threads == 0 {
            run()
        } else {
            match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
                Ok(pool) => pool.install(run),
                Err(_) => run(),
            }
        }
    });
    let list = PyList::empty_bound(py);
    for g in games {
        let d = PyDict::new_bound(py);
        d.set_item("moves", g.moves)?;
        d.set_item("result", g.result)?;
        d.set_item("reason", g.reason)?;
        d.set_item("record", g.record)?;
        list.append(d)?;
    }
    Ok(list)
}

/// A search score: centipawns or a mate in moves, printed one way (`+0.35`, `#3`, `#-2`).
#[pyclass(module = "fairy_variants._native", frozen, get_all)]
#[derive(Clone)]
struct Score {
    /// The evaluation in centipawns, or `None` for a mate.
    cp: Option<i32>,
    /// Moves to mate (of the mating side; negative when the side to move is mated), or
    /// `None`.
    mate: Option<i32>,
    /// The score as printed everywhere: `+0.35`, `#3`, `#-2`.
    text: String,
}

impl Score {
    fn of(score: fairy::Score) -> Score {
        Score {
            cp: score.centipawns(),
            mate: score.mate_moves(),
            text: score.to_string(),
        }
    }
}

#[pymethods]
impl Score {
    fn __repr__(&self) -> String {
        format!("Score({:?})", self.text)
    }
    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// How a [`Match`] ended: the result and the reason in the variant's words.
#[pyclass(module = "fairy_variants._native", frozen, get_all)]
#[derive(Clone)]
struct Termination {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` (aborted or left unfinished).
    result: String,
    /// 0 for the first side, 1 for the second, `None` for none.
    winner: Option<usize>,
    /// The kind of ending: `rules`, `no-legal-move`, `length-cap`, `time`, `resignation`,
    /// `agreement`, `score-resignation`, `score-draw`, `forfeit`, `aborted`, `unfinished`.
    kind: String,
    /// The reason as the record's `Termination` tag says it (`checkmate`, `black
    /// resigned`, `draw agreed`).
    reason: String,
    /// The ending in one line, result first (`0-1 scarlet wins by checkmate`).
    description: String,
}

impl Termination {
    fn of(t: &fairy::Termination, names: [&str; 2]) -> Termination {
        Termination {
            result: t.result.token().to_owned(),
            winner: t.result.winner().map(|c| c.index()),
            kind: t.ending.kind().to_owned(),
            reason: t.reason_text(names),
            description: t.describe(names),
        }
    }
}

#[pymethods]
impl Termination {
    fn __repr__(&self) -> String {
        format!("Termination({:?})", self.description)
    }
    fn __str__(&self) -> String {
        self.description.clone()
    }
}

/// A game between two players through the game driver: moves by seat, clocks on the
/// caller's instants (`now_ms`), the length cap, resignation, draw offers, abort,
/// takeback; one termination and the game record.
#[pyclass(module = "fairy_variants._native")]
struct Match {
    inner: fairy::Match,
}

/// A seat: 0 or 1, or the variant's side name (`white`, `gold`, ...).
fn seat_of(game: &fairy::Match, seat: &Bound<'_, PyAny>) -> PyResult<Color> {
    if let Ok(i) = seat.extract::<usize>() {
        return match i {
            0 => Ok(Color::White),
            1 => Ok(Color::Black),
            _ => Err(ArgumentError::new_err(format!(
                "seat {i} does not exist: 0 or 1"
            ))),
        };
    }
    let name: String = seat.extract()?;
    let names = game.side_names();
    match names
        .iter()
        .position(|n| n.eq_ignore_ascii_case(name.trim()))
    {
        Some(0) => Ok(Color::White),
        Some(_) => Ok(Color::Black),
        None => Err(ArgumentError::new_err(format!(
            "seat {name:?} does not exist: 0, 1, {} or {}",
            names[0], names[1]
        ))),
    }
}

#[pymethods]
impl Match {
    /// A new game of `variant` from `position` (the start when `None`) between `players`;
    /// `max_plies` caps its length (a draw), `base_ms`/`increment_ms`/`grace_ms` give it a
    /// clock (increment per turn).
    #[new]
    #[pyo3(signature = (variant, position=None, players=("?".to_owned(), "?".to_owned()), max_plies=None, base_ms=None, increment_ms=0, grace_ms=0))]
    fn new(
        variant: &str,
        position: Option<&str>,
        players: (String, String),
        max_plies: Option<usize>,
        base_ms: Option<u64>,
        increment_ms: u64,
        grace_ms: u64,
    ) -> PyResult<Self> {
        if max_plies == Some(0) {
            return Err(ArgumentError::new_err("max_plies must be at least 1"));
        }
        let v = info(variant)?.variant;
        let options = fairy::MatchOptions {
            max_plies,
            clock: base_ms.map(|base_ms| fairy::TimeControl {
                base_ms,
                increment_ms,
                grace_ms,
            }),
            adjudication: None,
        };
        let inner =
            fairy::Match::new(v, position, [players.0, players.1], options).map_err(py_err)?;
        Ok(Match { inner })
    }
    /// The variant id.
    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.variant().id()
    }
    /// The moves played, in canonical notation.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves()
    }
    /// The side to move: 0 for the first side, 1 for the second.
    #[getter]
    fn turn(&self) -> usize {
        self.inner.side_to_move().index()
    }
    /// The current position in the variant's notation.
    fn position(&self) -> String {
        self.inner.session().notation()
    }
    /// The legal moves, sorted.
    fn legal_move_strings(&self) -> Vec<String> {
        self.inner.session().legal_moves(None).unwrap_or_default()
    }
    /// Starts the clock of the side to move at `now_ms`.
    fn start_clock(&mut self, now_ms: u64) {
        self.inner.start_clock(now_ms);
    }
    /// Plays `text` for `seat` (the side to move when `None`) at `now_ms`; returns its
    /// canonical text. `MoveError` for a bad move, `GameError` when refused.
    #[pyo3(signature = (text, seat=None, now_ms=0))]
    fn play(
        &mut self,
        text: &str,
        seat: Option<&Bound<'_, PyAny>>,
        now_ms: u64,
    ) -> PyResult<String> {
        let side = match seat {
            Some(s) => seat_of(&self.inner, s)?,
            None => self.inner.side_to_move(),
        };
        self.inner.play(side, text, now_ms).map_err(driver_err)
    }
    /// `seat` offers a draw (accepting the other side's pending offer).
    #[pyo3(signature = (seat, now_ms=0))]
    fn offer_draw(&mut self, seat: &Bound<'_, PyAny>, now_ms: u64) -> PyResult<()> {
        let side = seat_of(&self.inner, seat)?;
        self.inner.offer_draw(side, now_ms).map_err(driver_err)
    }
    /// `seat` accepts the other side's draw offer.
    #[pyo3(signature = (seat, now_ms=0))]
    fn accept_draw(&mut self, seat: &Bound<'_, PyAny>, now_ms: u64) -> PyResult<()> {
        let side = seat_of(&self.inner, seat)?;
        self.inner.accept_draw(side, now_ms).map_err(driver_err)
    }
    /// `seat` declines the other side's draw offer.
    fn decline_draw(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let side = seat_of(&self.inner, seat)?;
        self.inner.decline_draw(side).map_err(driver_err)
    }
    /// `seat` resigns.
    #[pyo3(signature = (seat, now_ms=0))]
    fn resign(&mut self, seat: &Bound<'_, PyAny>, now_ms: u64) -> PyResult<()> {
        let side = seat_of(&self.inner, seat)?;
        self.inner.resign(side, now_ms).map_err(driver_err)
    }
    /// `seat` aborts the game before its first move.
    fn abort(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let side = seat_of(&self.inner, seat)?;
        self.inner.abort(side).map_err(driver_err)
    }
    /// Takes back `seat`'s last turn (and what followed); returns the number of moves.
    #[pyo3(signature = (seat, now_ms=0))]
    fn takeback(&mut self, seat: &Bound<'_, PyAny>, now_ms: u64) -> PyResult<usize> {
        let side = seat_of(&self.inner, seat)?;
        self.inner.takeback(side, now_ms).map_err(driver_err)
    }
    /// Ends the game on time if the side to move's flag has fallen at `now_ms`.
    fn check_flag(&mut self, now_ms: u64) -> Option<Termination> {
        let names = self.inner.side_names();
        self.inner
            .check_flag(now_ms)
            .map(|t| Termination::of(t, names))
    }
    /// The time `seat` has left at `now_ms`, or `None` without a clock.
    fn clock_ms(&self, seat: &Bound<'_, PyAny>, now_ms: u64) -> PyResult<Option<u64>> {
        let side = seat_of(&self.inner, seat)?;
        Ok(self.inner.clock_ms(side, now_ms))
    }
    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }
    /// How the game ended, or `None` while it goes on.
    fn termination(&self) -> Option<Termination> {
        let names = self.inner.side_names();
        self.inner.termination().map(|t| Termination::of(t, names))
    }
    /// Leaves the game unfinished (`*`), saying how (`quit`).
    fn leave(&mut self, note: &str) {
        self.inner.leave(note);
    }
    /// The game record text.
    fn record(&self) -> String {
        self.inner.record().to_string()
    }
    fn __repr__(&self) -> String {
        format!(
            "Match({:?}, {} moves{})",
            self.inner.variant().id(),
            self.inner.moves().len(),
            self.inner
                .describe()
                .map_or(String::new(), |d| format!(", {d}"))
        )
    }
}

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Board>()?;
    m.add_class::<Move>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<Score>()?;
    m.add_class::<Termination>()?;
    m.add_class::<Match>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(description, m)?)?;
    m.add_function(wrap_pyfunction!(start_position, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(position_after, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(variant_info, m)?)?;
    m.add_function(wrap_pyfunction!(play_games, m)?)?;
    m.add("FairyError", py.get_type_bound::<FairyError>())?;
    m.add(
        "UnknownVariantError",
        py.get_type_bound::<UnknownVariantError>(),
    )?;
    m.add("PositionError", py.get_type_bound::<PositionError>())?;
    m.add("MoveError", py.get_type_bound::<MoveError>())?;
    m.add("SquareError", py.get_type_bound::<SquareError>())?;
    m.add("RecordError", py.get_type_bound::<RecordError>())?;
    m.add("ArgumentError", py.get_type_bound::<ArgumentError>())?;
    m.add("GameError", py.get_type_bound::<GameError>())?;
    Ok(())
}
