//! The [`Game`] trait: what every variant crate implements, and what the perft driver,
//! the engine and the `fairy` CLI use.

use core::fmt::{self, Debug};
use core::hash::Hash;

use crate::color::Color;
use crate::error::{MoveError, PositionError, SquareError};
use crate::presentation::Presentation;
#[cfg(doc)]
use crate::Heuristics;

/// A fixed-capacity buffer of moves that [`Game::legal_moves`] fills.
///
/// Implemented for [`arrayvec::ArrayVec`] of every capacity. Each variant documents its
/// capacity with the worst-case position it knows; pushing past it panics, which is a bug
/// in the variant's bound, never a reaction to user input.
pub trait MoveBuf<M>: Default {
    /// Appends a move. Panics when the buffer is full (see the variant's documented bound).
    fn push(&mut self, m: M);
    /// The moves, in generation order.
    fn as_slice(&self) -> &[M];
    /// Removes all moves.
    fn clear(&mut self);
    /// The number of moves.
    fn len(&self) -> usize {
        self.as_slice().len()
    }
    /// Whether there are no moves.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<M, const N: usize> MoveBuf<M> for arrayvec::ArrayVec<M, N> {
    #[inline]
    fn push(&mut self, m: M) {
        arrayvec::ArrayVec::push(self, m)
    }
    #[inline]
    fn as_slice(&self) -> &[M] {
        arrayvec::ArrayVec::as_slice(self)
    }
    #[inline]
    fn clear(&mut self) {
        arrayvec::ArrayVec::clear(self)
    }
}

/// Why a game ended. The variant's rules document says which reasons it can produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// The royal piece is attacked and no legal move exists.
    Checkmate,
    /// All remaining royal pieces are attacked and no sequence of sub-moves in the turn saves
    /// one of them (Imperial Regicide, ruling R8(b)).
    SimultaneousMate,
    /// The King (or last royal piece) was captured.
    KingCaptured,
    /// A royal piece occupies the enemy castle (Chess-T, ruling T7).
    CastleCapture,
    /// The side to move has no legal move and that loses (Chess-T blockade; Synthesis with
    /// the king attacked).
    Blockade,
    /// No legal move and not in check: a draw in most variants.
    Stalemate,
    /// Stalemate that scores as a win for the stalemating side (Gliński: 3/4 of a point).
    StalemateWin,
    /// Neither side can possibly mate.
    DeadPosition,
    /// The same position occurred three times (ruling G1).
    Repetition,
    /// A move-count rule without captures or pawn moves (Chess-T: 40 full moves).
    MoveRule,
    /// Both sides have only royal pieces left (Imperial Regicide: princes only).
    RoyalsOnly,
    /// Ended by a player or program outside the rules (resignation, agreement, a length cap).
    Adjudication,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::Checkmate => "checkmate",
            Reason::SimultaneousMate => "simultaneous mate",
            Reason::KingCaptured => "king captured",
            Reason::CastleCapture => "castle captured",
            Reason::Blockade => "blockade",
            Reason::Stalemate => "stalemate",
            Reason::StalemateWin => "stalemate (win for the stalemating side)",
            Reason::DeadPosition => "dead position",
            Reason::Repetition => "threefold repetition",
            Reason::MoveRule => "move rule",
            Reason::RoyalsOnly => "only royal pieces left",
            Reason::Adjudication => "adjudication",
        })
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winner` won.
    Win {
        /// The winning side.
        winner: Color,
        /// Why.
        reason: Reason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: Reason,
    },
}

impl Outcome {
    /// The result string of game records: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_str(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    /// The reason.
    pub fn reason(&self) -> Reason {
        match *self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The outcome in words with the variant's names of the sides (`names[0]` for White,
    /// `names[1]` for Black, see [`Presentation::side_names`]): `0-1 scarlet wins by checkmate`.
    pub fn describe(&self, names: [&str; 2]) -> String {
        match self {
            Outcome::Win { winner, reason } => format!(
                "{} {} wins by {reason}",
                self.result_str(),
                names[winner.index()]
            ),
            Outcome::Draw { reason } => format!("1/2-1/2 draw by {reason}"),
        }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match *self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                write!(f, "{} {winner} wins by {reason}", self.result_str())
            }
            Outcome::Draw { reason } => write!(f, "1/2-1/2 draw by {reason}"),
        }
    }
}

/// A position of a game together with its rules and notation: everything the perft driver
/// and the CLI need, and nothing more. The search engine asks for [`Heuristics`] besides.
///
/// Positions are values: [`Game::play`] changes one in place and the caller keeps a copy to
/// go back (copy-make). Repetition (ruling G1) needs the history of a game and is therefore
/// decided by [`crate::GameRecord`], not by [`Game::outcome`].
pub trait Game: Clone + Eq + Debug + Send + Sync + 'static {
    /// One unit of play (a move; a sub-move in Imperial Regicide).
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The buffer [`Game::legal_moves`] fills; its capacity is documented by the variant.
    type MoveList: MoveBuf<Self::Move>;
    /// Which rule set of the crate (`()` where the crate has one; Chess-T has three).
    type RuleSet: Copy + Eq + Debug + Send + Sync + 'static;

    /// The start position under rule set `variant`.
    fn start(variant: Self::RuleSet) -> Self;

    /// The rule set this position is played under.
    fn rule_set(&self) -> Self::RuleSet;

    /// Reads a position in the variant's notation (see its rules document).
    ///
    /// # Errors
    /// [`PositionError`] naming the field and the text when it cannot be read, or the rule
    /// broken when the position is impossible.
    fn from_notation(variant: Self::RuleSet, text: &str) -> Result<Self, PositionError>;

    /// Writes the position in the variant's notation; `from_notation` reads it back equal.
    fn to_notation(&self) -> String;

    /// The side whose move (or sub-move) it is.
    fn side_to_move(&self) -> Color;

    /// Whether the side to move stands in check: its royal piece is attacked (Imperial
    /// Regicide: every remaining prince is attacked; Chess-T, where check has no legal
    /// effect: the opponent could capture a royal piece if it were to move). For check
    /// indicators in interfaces; the rules themselves are in each variant's generator.
    fn is_check(&self) -> bool;

    /// Appends the legal moves of the side to move to `moves` (which the caller clears).
    /// Empty when the game is decided by the position (mate, capture of the King, ...).
    fn legal_moves(&self, moves: &mut Self::MoveList);

    /// Plays `mv`, which must be one of [`Game::legal_moves`]; anything else may leave the
    /// position inconsistent (use [`Game::parse_move`] for untrusted input).
    fn play(&mut self, mv: Self::Move);

    /// The position after `mv` (a move of [`Game::legal_moves`]), this one left unchanged:
    /// copy-make, the same as cloning and [`Game::play`]ing.
    fn after(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// How the game ended in this position, by the position alone, or `None` if it goes on.
    /// Repetition is left to [`crate::GameRecord`].
    fn outcome(&self) -> Option<Outcome>;

    /// The canonical text of `mv` in this position (before it is played).
    fn format_move(&self, mv: Self::Move) -> String;

    /// Reads a move in the variant's notation and checks that it is legal here.
    ///
    /// # Errors
    /// [`MoveError::Malformed`] or [`MoveError::Square`] when it cannot be read,
    /// [`MoveError::Illegal`] when it is not legal, [`MoveError::GameOver`] when no move is.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The cell index (of the variant's [`Geometry`](crate::Geometry)) the moving piece
    /// stands on before `mv` (for `fairy moves --from`). Object-safe and untyped for the
    /// dynamic facade; a variant crate's own API gives the typed `Square` of
    /// [`define_square!`](crate::define_square) (`Move::from()`).
    fn move_origin(&self, mv: Self::Move) -> u16;

    /// Reads a square name of this variant's board and returns its cell index. Untyped for
    /// the dynamic facade; a variant crate's own API parses its typed `Square` of
    /// [`define_square!`](crate::define_square) with `str::parse`.
    ///
    /// # Errors
    /// [`SquareError`] as the board's geometry gives it.
    fn parse_square(&self, text: &str) -> Result<u16, SquareError>;

    /// Whether `mv` captures (for move ordering and quiescence search).
    fn is_capture(&self, mv: Self::Move) -> bool;

    /// The Zobrist hash of the position, maintained incrementally by [`Game::play`]. It covers
    /// everything that makes positions equal for repetition (placement, side to move, rights,
    /// front to move, ...) and not the move clocks.
    fn hash(&self) -> u64;

    /// The same hash computed from scratch; equal to [`Game::hash`] in every reachable
    /// position (a property the tests check).
    fn hash_from_scratch(&self) -> u64;

    /// The legal moves of the side to move, in a new list.
    fn legal_move_list(&self) -> Self::MoveList {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves
    }

    /// Whether `mv` is one of the legal moves here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.as_slice().contains(&mv)
    }

    /// Plays `mv` if it is legal here.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] when the game is over, [`MoveError::Illegal`] when `mv` is
    /// not among the legal moves; the position is then unchanged.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), MoveError> {
        if self.is_legal(mv) {
            self.play(mv);
            return Ok(());
        }
        if let Some(o) = self.outcome() {
            return Err(MoveError::GameOver(o.to_string()));
        }
        Err(MoveError::Illegal {
            text: format!("{mv:?}"),
            reason: "not among the legal moves".to_owned(),
        })
    }

    /// Reads a move in the variant's notation and plays it; returns the move.
    ///
    /// # Errors
    /// As [`Game::parse_move`]; the position is then unchanged.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, MoveError> {
        let mv = self.parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// The number of legal moves; perft's bulk count at the last ply. The default generates
    /// them; a variant may count faster.
    fn count_legal_moves(&self) -> usize {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.len()
    }
}

/// Reads a move by comparing `text` with the canonical texts of the legal moves, after
/// `normalize` has been applied to both (for accepted aliases such as `:` for `-`).
///
/// A helper for [`Game::parse_move`] implementations; `syntax` is called first and decides
/// whether the text has a move's shape at all.
///
/// # Errors
/// What `syntax` returns; [`MoveError::GameOver`] when there is no legal move and the game
/// is over; otherwise [`MoveError::Illegal`] with the reason "not among the N legal moves".
pub fn parse_by_legal_moves<G: Presentation>(
    game: &G,
    text: &str,
    syntax: impl Fn(&str) -> Result<(), MoveError>,
    normalize: impl Fn(&str) -> String,
) -> Result<G::Move, MoveError> {
    syntax(text)?;
    let want = normalize(text);
    let mut moves = G::MoveList::default();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        if let Some(o) = game.outcome() {
            return Err(MoveError::GameOver(o.describe(G::side_names())));
        }
    }
    for &m in moves.as_slice() {
        if normalize(&game.format_move(m)) == want {
            return Ok(m);
        }
    }
    Err(MoveError::Illegal {
        text: text.to_owned(),
        reason: format!("not among the {} legal moves", moves.len()),
    })
}

/// The text of a move with its separators left out: `-` and `:` everywhere, `x` where it
/// follows a digit (a capture sign such as `e4xd5` or `3c4x2c4`; a file letter `x`, as on
/// Imperial Regicide's 24 files, follows a separator or starts the text), spaces, and
/// ASCII case folded. Two texts with the same key name the same squares in the same order.
///
/// ```
/// use fairy_kernel::game::loose_move_key;
/// assert_eq!(loose_move_key("e2-e4"), loose_move_key("E2E4"));
/// assert_eq!(loose_move_key("e4xd5"), loose_move_key("e4:d5"));
/// assert_eq!(loose_move_key("2c2-2c3"), "2c22c3");
/// assert_eq!(loose_move_key("a1-x12"), "a1x12");
/// ```
pub fn loose_move_key(text: &str) -> String {
    let mut key = String::with_capacity(text.len());
    let mut previous: Option<char> = None;
    for c in text.trim().chars() {
        let drop = matches!(c, '-' | ':' | ' ')
            || ((c == 'x' || c == 'X') && previous.is_some_and(|p| p.is_ascii_digit()));
        if !drop {
            key.push(c.to_ascii_lowercase());
        }
        previous = Some(c);
    }
    key
}

/// Reads a move leniently: surrounding whitespace is ignored, then the variant's own
/// [`Game::parse_move`] decides; if it refuses a well-formed text, a legal move whose
/// [`loose_move_key`] equals the text's is taken when there is exactly one (so `e2e4`,
/// `e2:e4`, `e4xd5` and `2c22c3` are accepted in every variant). Every front end reads
/// moves through this (by way of [`crate::GameRecord::play_text`]).
///
/// # Errors
/// What [`Game::parse_move`] returned when no single legal move matches loosely.
pub fn parse_move_lenient<G: Presentation>(game: &G, text: &str) -> Result<G::Move, MoveError> {
    let text = text.trim();
    let first = match game.parse_move(text) {
        Ok(mv) => return Ok(mv),
        Err(e @ MoveError::GameOver(_)) => return Err(e),
        Err(e) => e,
    };
    let key = loose_move_key(text);
    if key.is_empty() {
        return Err(first);
    }
    let mut moves = G::MoveList::default();
    game.legal_moves(&mut moves);
    let mut found = moves
        .as_slice()
        .iter()
        .filter(|&&m| loose_move_key(&game.format_move(m)) == key);
    match (found.next(), found.next()) {
        (Some(&m), None) => Ok(m),
        (Some(&a), Some(&b)) => Err(MoveError::Illegal {
            text: text.to_owned(),
            reason: format!(
                "ambiguous: write {} or {}",
                game.format_move(a),
                game.format_move(b)
            ),
        }),
        _ => Err(reworded_without_separator(game, text).unwrap_or(first)),
    }
}

/// For a move written without a separator (`e2e5`) that matched no legal move: the error
/// the strict parser gives for the same move with `-` (the reason it is illegal, not that it
/// is malformed), if some split of the text into a square and the rest reads that way.
fn reworded_without_separator<G: Game>(game: &G, text: &str) -> Option<MoveError> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    for (i, _) in compact.char_indices().skip(1) {
        let (from, rest) = compact.split_at(i);
        if rest.is_empty() || game.parse_square(from).is_err() {
            continue;
        }
        let rest = rest.trim_start_matches(['x', 'X', ':', '-']);
        match game.parse_move(&format!("{from}-{rest}")) {
            Err(MoveError::Malformed { .. } | MoveError::Square { .. }) => continue,
            Err(e) => {
                return Some(match e {
                    MoveError::Illegal { reason, .. } => MoveError::Illegal {
                        text: text.to_owned(),
                        reason,
                    },
                    other => other,
                })
            }
            // A legal move would have matched the legal-move search.
            Ok(_) => continue,
        }
    }
    None
}
