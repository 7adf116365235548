//! The facade's error: what a caller gave (variant id, position, move, square, record,
//! argument) could not be used. Each message is one line; the `fairy` command prints it on
//! stderr with exit status 2.

use fairy_kernel::{MoveError, PositionError, RecordError, SquareError};
use thiserror::Error;

/// Something the caller gave could not be used.
#[derive(Debug, Error)]
pub enum Error {
    /// No variant has that id.
    #[error("unknown variant {name:?}; known variants: {known}")]
    UnknownVariant {
        /// The id given.
        name: String,
        /// The known ids, comma-separated.
        known: String,
    },
    /// The variant is listed but its crate is not built yet.
    #[error("variant {0:?} is planned but not built yet")]
    NotBuilt(String),
    /// The position given with `--fen` could not be read.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A move could not be read or is illegal.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A square could not be read.
    #[error(transparent)]
    Square(#[from] SquareError),
    /// A game record cannot be read or replayed.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A variant drew a piece that its list of piece kinds lacks (a bug of the variant,
    /// reported rather than guessed at).
    #[error("the piece {letter:?} on {square} is not among the variant's piece kinds")]
    UnknownPiece {
        /// The piece's letter as drawn.
        letter: char,
        /// The square it stands on.
        square: String,
    },
    /// Some other argument is out of range.
    #[error("{0}")]
    Argument(String),
}
