//! What a board shows a player beyond the position, shared by the analysis page and the live
//! games: the layout asked for in a query, and (from the facade's `fairy::picture`, which
//! the WebAssembly board uses too) the squares of the last turn, the pieces each side has
//! lost and which side a picture draws at the top.

use std::collections::HashMap;

use fairy::picture::Layout;
pub(crate) use fairy::picture::{captured, last_turn, names, white_on_top};

/// The layout a query asks for of a picture of `variant`: `bottom=0` or `bottom=1` puts
/// that side at the bottom (whichever way the variant draws it), else `flip=1` turns the
/// board round; `stack=1` stacks the levels of a layered board (for a narrow screen).
pub(crate) fn layout(q: &HashMap<String, String>, variant: &str) -> Layout {
    let flipped = match q.get("bottom").map(String::as_str) {
        Some("0") => white_on_top(variant),
        Some("1") => !white_on_top(variant),
        _ => flag(q, "flip"),
    };
    Layout {
        flipped,
        stacked: stacked(q),
    }
}

/// Whether the query `q` asks for the levels of a layered board stacked (`stack=1`).
pub(crate) fn stacked(q: &HashMap<String, String>) -> bool {
    flag(q, "stack")
}

fn flag(q: &HashMap<String, String>, name: &str) -> bool {
    q.get(name).is_some_and(|v| v == "1" || v == "true")
}
