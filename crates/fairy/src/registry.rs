//! The list of variants: the only place in the workspace that knows it.
//!
//! Each variant is behind a cargo feature of the same name (all on by default). To plug in
//! a variant crate: add it as an optional dependency and a feature in
//! `crates/fairy/Cargo.toml`, then a static [`Adapter`] over its `Game` type here and one
//! line in [`entries`]:
//!
//! ```text
//! #[cfg(feature = "dainy")]
//! static DAINY: Adapter<fairy_dainy::Position> =
//!     Adapter::new("dainy", "Dainy hexagonal chess (V. Sidorchuk), 80 cells", ());
//! // in entries():
//! #[cfg(feature = "dainy")]
//! Entry::built(&DAINY),
//! ```

#[allow(unused_imports)]
use crate::adapter::{Adapter, Variant};

#[cfg(feature = "dragonchess")]
static DRAGONCHESS: Adapter<fairy_dragonchess::Position> = Adapter::new(
    "dragonchess",
    "Dragonchess (G. Gygax): three stacked 12x8 boards",
    (),
);

/// Dainy hexagonal chess (crate `fairy-dainy`).
#[cfg(feature = "dainy")]
static DAINY: Adapter<fairy_dainy::Position> = Adapter::new(
    "dainy",
    "Dainy hexagonal chess (V. Sidorchuk): 80 hexagonal cells",
    (),
);

/// Gliński's hexagonal chess (crate `fairy-glinski`).
#[cfg(feature = "glinski")]
static GLINSKI: Adapter<fairy_glinski::Position> = Adapter::new(
    "glinski",
    "Glinski hexagonal chess (1949): 91 hexagonal cells",
    (),
);

#[cfg(feature = "chess-t")]
static CHESS_T: Adapter<fairy_chess_t::Position> = Adapter::new(
    "chess-t",
    "Chess-T (Sh. Khasanov): 9x8, capture only with superiority in strength",
    fairy_chess_t::Variant::ChessT,
);
#[cfg(feature = "chess-t")]
static CHESS_T2: Adapter<fairy_chess_t::Position> = Adapter::new(
    "chess-t2",
    "Chess-T2: Chess-T with a Scout a side",
    fairy_chess_t::Variant::ChessT2,
);
#[cfg(feature = "chess-t")]
static CHESS_T1: Adapter<fairy_chess_t::Position> = Adapter::new(
    "chess-t1",
    "chess-T1: the author's complete 8x8 rules",
    fairy_chess_t::Variant::ChessT1,
);

#[cfg(feature = "synthesis")]
static SYNTHESIS: Adapter<fairy_synthesis::Position> = Adapter::new(
    "synthesis",
    "Synthesis chess (O. Shishkina): moves change with the queen's position",
    (),
);

// new-variant: statics (`cargo xtask new-variant` adds adapters above this line)

/// One line of `fairy variants`: a variant id, its description, and its implementation if
/// the crate is built.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The id typed on the command line.
    pub id: &'static str,
    /// One line describing the game.
    pub description: &'static str,
    /// The implementation, or `None` while it is planned.
    pub variant: Option<&'static dyn Variant>,
}

impl Entry {
    /// An implemented variant.
    pub fn built(v: &'static dyn Variant) -> Entry {
        Entry {
            id: v.id(),
            description: v.description(),
            variant: Some(v),
        }
    }

    /// A variant whose crate does not exist yet.
    pub const fn planned(id: &'static str, description: &'static str) -> Entry {
        Entry {
            id,
            description,
            variant: None,
        }
    }
}

#[cfg(feature = "regicide")]
static REGICIDE: Adapter<fairy_regicide::Position> = Adapter::new(
    "regicide",
    "Imperial Regicide (A. Kozar): 24x12, three fronts, three sub-moves a turn",
    (),
);

/// Every variant id, in the order `fairy variants` lists them.
pub fn entries() -> Vec<Entry> {
    vec![
        #[cfg(feature = "regicide")]
        Entry::built(&REGICIDE),
        #[cfg(feature = "chess-t")]
        Entry::built(&CHESS_T),
        #[cfg(feature = "chess-t")]
        Entry::built(&CHESS_T2),
        #[cfg(feature = "chess-t")]
        Entry::built(&CHESS_T1),
        #[cfg(feature = "dainy")]
        Entry::built(&DAINY),
        #[cfg(feature = "glinski")]
        Entry::built(&GLINSKI),
        #[cfg(feature = "dragonchess")]
        Entry::built(&DRAGONCHESS),
        #[cfg(feature = "synthesis")]
        Entry::built(&SYNTHESIS),
        // new-variant: entries
    ]
}

/// The built variant with id `id`.
///
/// # Errors
/// [`crate::Error::UnknownVariant`] for an id not in the list,
/// [`crate::Error::NotBuilt`] for a planned one.
pub fn find(id: &str) -> Result<&'static dyn Variant, crate::Error> {
    let all = entries();
    match all.iter().find(|e| e.id == id) {
        Some(Entry {
            variant: Some(v), ..
        }) => Ok(*v),
        Some(_) => Err(crate::Error::NotBuilt(id.to_owned())),
        None => Err(crate::Error::UnknownVariant {
            name: id.to_owned(),
            known: all.iter().map(|e| e.id).collect::<Vec<_>>().join(", "),
        }),
    }
}

/// The built variants, in list order.
pub fn built() -> Vec<&'static dyn Variant> {
    entries().into_iter().filter_map(|e| e.variant).collect()
}
