//! The cross-variant integration suite (its tests are in `tests/`): the perft files of
//! every variant, `tests/perft/<variant-id>.perft` (format: `fairy_testkit::perft_file`),
//! and the conformance vectors, `tests/conformance/`.

use std::path::{Path, PathBuf};

/// The folder of perft files, `tests/perft`.
pub fn perft_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("perft")
}
