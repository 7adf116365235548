//! # fairy-kernel
//!
//! The game-independent core of the fairy workspace: board geometry for rectangular,
//! hexagonal and layered boards, a fixed-width [`BitSet`], the [`Game`] trait (rules and
//! notation) and the [`Heuristics`] trait (what the search engine needs besides) that every
//! variant crate implements, generic [`perft`](perft::perft), game records with
//! threefold-repetition detection, Zobrist key helpers and the writer used by
//! `cargo xtask codegen` for generated tables.
//!
//! The kernel knows no rules of any game. Squares are dense `u16` indices whose meaning is
//! given by a [`Geometry`]: a [`RectBoard`] (files x ranks, up to 26 x 99), a [`HexBoard`]
//! (any set of cells on an axial grid, named `a1`, `k5`, ...) or a [`LayeredBoard`]
//! (levels x files x ranks, named `3c4`). In a variant crate's public API a square is a
//! typed value instead, defined with [`define_square!`] (module [`square`]).
//!
//! ```
//! use fairy_kernel::{Geometry, RectBoard, Delta, geometry::ray};
//! let board = RectBoard::new(8, 8);
//! let a1 = board.parse_square("a1").unwrap();
//! let up: Vec<String> = ray(&board, a1, Delta::flat(0, 1), Some(3))
//!     .into_iter().map(|s| board.square_name(s)).collect();
//! assert_eq!(up, ["a2", "a3", "a4"]);
//! ```

pub mod bitset;
pub mod codegen;
pub mod color;
pub mod common_api;
pub mod error;
pub mod game;
pub mod geometry;
pub mod heuristics;
pub mod notation;
pub mod perft;
pub mod presentation;
pub mod record;
pub mod record_text;
#[cfg(feature = "serde")]
pub mod serde_support;
pub mod square;
pub mod text_board;
pub mod view;
pub mod zobrist;

pub use bitset::BitSet;
pub use color::Color;
pub use error::{MoveError, PositionError, SquareError};
pub use game::{Game, MoveBuf, Outcome, Reason};
pub use geometry::{Delta, Geometry, HexBoard, LayeredBoard, RectBoard};
pub use heuristics::Heuristics;
pub use perft::{perft, perft_divide};
pub use presentation::{MoveFlags, MoveRecord, PieceKind, Presentation, StateEntry, StateValue};
pub use record::GameRecord;
pub use record_text::{RecordError, RecordText};

/// A move list backed by an [`arrayvec::ArrayVec`] of capacity `N`: the usual
/// [`Game::MoveList`] of a variant. Re-exported so variant crates need not name arrayvec.
pub type ArrayMoveList<M, const N: usize> = arrayvec::ArrayVec<M, N>;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
