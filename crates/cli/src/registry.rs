//! The list of variants the `fairy` binary knows.
//!
//! To plug in a variant crate: add it to `crates/cli/Cargo.toml` and replace its
//! `planned` entry below by `built`, with a static [`Adapter`] over its `Game` type:
//!
//! ```text
//! static DAINY: Adapter<fairy_dainy::Position> =
//!     Adapter::new("dainy", "Dainy hexagonal chess (V. Sidorchuk), 80 cells", ());
//! // in entries():
//! Entry::built(&DAINY),
//! ```

#[allow(unused_imports)]
use crate::adapter::{Adapter, Variant};

static DRAGONCHESS: Adapter<fairy_dragonchess::Position> = Adapter::new(
    "dragonchess",
    "Dragonchess (G. Gygax): three stacked 12x8 boards",
    (),
);

/// Dainy hexagonal chess (crate `fairy-dainy`).
static DAINY: Adapter<fairy_dainy::Dainy> = Adapter::new(
    "dainy",
    "Dainy hexagonal chess (V. Sidorchuk): 80 hexagonal cells",
    (),
);

/// Gliński's hexagonal chess (crate `fairy-glinski`).
static GLINSKI: Adapter<fairy_glinski::Glinski> = Adapter::new(
    "glinski",
    "Glinski hexagonal chess (1949): 91 hexagonal cells",
    (),
);

static CHESS_T: Adapter<fairy_chess_t::Position> = Adapter::new(
    "chess-t",
    "Chess-T (Sh. Khasanov): 9x8, capture only with superiority in strength",
    fairy_chess_t::Variant::ChessT,
);
static CHESS_T2: Adapter<fairy_chess_t::Position> = Adapter::new(
    "chess-t2",
    "Chess-T2: Chess-T with a Scout a side",
    fairy_chess_t::Variant::ChessT2,
);
static CHESS_T1: Adapter<fairy_chess_t::Position> = Adapter::new(
    "chess-t1",
    "chess-T1: the author's complete 8x8 rules",
    fairy_chess_t::Variant::ChessT1,
);

static SYNTHESIS: Adapter<fairy_synthesis::Position> = Adapter::new(
    "synthesis",
    "Synthesis chess (O. Shishkina): moves change with the queen's position",
    (),
);

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

static REGICIDE: Adapter<fairy_regicide::Regicide> = Adapter::new(
    "regicide",
    "Imperial Regicide (A. Kozar): 24x12, three fronts, three sub-moves a turn",
    (),
);

/// Every variant id, in the order `fairy variants` lists them.
pub fn entries() -> Vec<Entry> {
    vec![
        Entry::built(&REGICIDE),
        Entry::built(&CHESS_T),
        Entry::built(&CHESS_T2),
        Entry::built(&CHESS_T1),
        Entry::built(&DAINY),
        Entry::built(&GLINSKI),
        Entry::built(&DRAGONCHESS),
        Entry::built(&SYNTHESIS),
    ]
}

/// The built variant with id `id`.
///
/// # Errors
/// [`crate::CliError::UnknownVariant`] for an id not in the list,
/// [`crate::CliError::NotBuilt`] for a planned one.
pub fn find(id: &str) -> Result<&'static dyn Variant, crate::CliError> {
    let all = entries();
    match all.iter().find(|e| e.id == id) {
        Some(Entry {
            variant: Some(v), ..
        }) => Ok(*v),
        Some(_) => Err(crate::CliError::NotBuilt(id.to_owned())),
        None => Err(crate::CliError::UnknownVariant {
            name: id.to_owned(),
            known: all.iter().map(|e| e.id).collect::<Vec<_>>().join(", "),
        }),
    }
}

/// The built variants, in list order.
pub fn built() -> Vec<&'static dyn Variant> {
    entries().into_iter().filter_map(|e| e.variant).collect()
}
