//! Everything a user of this crate needs, in one `use fairy_regicide::prelude::*;`: the kernel's
//! [`Game`] trait and its companions (move buffers, game records and their text format,
//! outcomes, colours, errors) and this crate's main types.

pub use fairy_kernel::{
    Color, Game, GameRecord, MoveBuf, MoveError, Outcome, PositionError, Presentation, Reason,
    RecordError, RecordText, SquareError,
};

pub use crate::{
    FieldColor, Move, MoveKind, MoveList, Piece, Position, Role, Square, MAX_MOVES, START,
};
