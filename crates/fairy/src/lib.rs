//! # fairy
//!
//! Every fairy chess variant behind one object-safe, text-driven API. The [`registry`] is
//! the one list of variants (each behind a cargo feature of the same name, all on by
//! default); a [`Variant`] opens [`Session`]s, games driven by move text in each variant's
//! canonical notation, with legal moves, undo, outcome, perft, engine moves, records
//! ([`record`]) and SVG pictures ([`picture`]). The `fairy` command, and any web server,
//! engine protocol or language binding, are thin layers over this crate.
//!
//! ```
//! let variant = fairy::registry::find("dragonchess")?;
//! let mut game = variant.session(None)?;
//! assert_eq!(game.legal_moves(None)?.len(), 90);
//! game.apply("2c2-2c3")?;
//! assert_eq!(game.side_name(game.side_to_move()), "scarlet");
//! let reply = game.engine_move(&fairy::Limits::depth(2)).expect("a legal move");
//! game.apply(&reply.text)?;
//! assert_eq!(game.history().len(), 2);
//! # Ok::<(), fairy::Error>(())
//! ```
//!
//! A game developer who needs one variant only can depend on that variant's crate alone
//! (`fairy-dragonchess`, ...), which re-exports the kernel; this crate is for programs that
//! serve several variants by name.

pub mod adapter;
pub mod driver;
pub mod error;
pub mod limits;
pub mod parallel;
pub mod picture;
pub mod record;
pub mod registry;
pub mod seam;
/// The one text drawing of every board (the kernel's; `fairy show`, `fairy play`, UCI `d`).
pub use fairy_kernel::text_board;

pub use adapter::{Adapter, EngineMove, Listing, SearchInfo, Session, Variant};
pub use driver::{Ending, GameResult, Match, MatchOptions, Termination, TimeControl};
pub use error::Error;
pub use fairy_engine::{Limits, Rng, Score};
pub use fairy_kernel::{Color, Outcome, Reason, RecordError, RecordText};
pub use seam::{
    MoveFlags, MoveRecord, PieceKind, PlacedPiece, PlaneLayout, StateEntry, StateValue,
};

/// The engine (search, limits), re-exported.
pub use fairy_engine as engine;
/// The kernel (geometry, the `Game` trait, records), re-exported.
pub use fairy_kernel as kernel;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
