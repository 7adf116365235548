//! Typed errors for everything a user can type: square names, positions, moves.
//!
//! Every error quotes the offending text and says what was expected, so that a command-line
//! user or a GUI can show it as it is.

use thiserror::Error;

/// A square or cell name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SquareError {
    /// The text does not have the shape of a square name on this board.
    #[error("malformed square {text:?}: expected {expected}")]
    Malformed {
        /// The text given.
        text: String,
        /// What a square name looks like on this board, e.g. "a file a..h and a rank 1..8".
        expected: String,
    },
    /// The text has the shape of a square name but names no square of this board.
    #[error("square {text:?} is not on the board: {reason}")]
    OffBoard {
        /// The text given.
        text: String,
        /// Why, e.g. "line a has 5 cells".
        reason: String,
    },
}

/// A position notation string could not be read, or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The notation has the wrong number of space-separated fields.
    #[error(
        "position {text:?} has {found} field{}, expected {expected}",
        if *.found == 1 { "" } else { "s" }
    )]
    FieldCount {
        /// The whole text given.
        text: String,
        /// How many fields were found.
        found: usize,
        /// What the notation expects, e.g. "6 or 7".
        expected: String,
    },
    /// One field could not be read.
    #[error("bad {field} field {text:?}: {expected}")]
    Field {
        /// The field's name, e.g. "board", "side to move", "castling rights".
        field: &'static str,
        /// The text of that field (or of the part of it that failed).
        text: String,
        /// What was expected there.
        expected: String,
    },
    /// The notation reads, but the position it describes cannot occur under the rules.
    #[error("impossible position: {reason}")]
    Impossible {
        /// Which rule it breaks, e.g. "white has two Kings".
        reason: String,
    },
}

/// A move could not be read or is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text does not have the shape of a move in this variant's notation.
    #[error("malformed move {text:?}: expected {expected}")]
    Malformed {
        /// The text given.
        text: String,
        /// What a move looks like, e.g. "from-to such as e2-e4".
        expected: String,
    },
    /// A square in the move is not a square of the board.
    #[error("bad square in move {text:?}: {source}")]
    Square {
        /// The whole move text.
        text: String,
        /// The square error.
        source: SquareError,
    },
    /// The move is well formed but not legal here.
    #[error("illegal move {text:?}: {reason}")]
    Illegal {
        /// The text given.
        text: String,
        /// Why, as far as it can be told, e.g. "no piece of the side to move on e3".
        reason: String,
    },
    /// The game is over: no move can be played.
    #[error("the game is over: {0}")]
    GameOver(String),
}
