//! The bounds every front (the CLI, the web server, the Python module) puts on what it is
//! asked to compute, so that no request can exhaust the stack or the machine.

use crate::Error;

/// The deepest perft taken: each ply is a level of recursion, and from any start position
/// of these games depth 10 already means more than 10^15 leaves.
pub const MAX_PERFT_DEPTH: u32 = 32;

/// The most threads a perft starts.
pub const MAX_THREADS: usize = 256;

/// Checks a perft request: `threads` from 1 to [`MAX_THREADS`], `depth` at most
/// [`MAX_PERFT_DEPTH`].
///
/// # Errors
/// [`Error::Argument`] with a one-line message naming the bound.
pub fn check_perft(depth: u32, threads: usize) -> Result<(), Error> {
    if threads == 0 {
        return Err(Error::Argument("threads must be at least 1".into()));
    }
    if threads > MAX_THREADS {
        return Err(Error::Argument(format!(
            "{threads} threads are too many: at most {MAX_THREADS}"
        )));
    }
    if depth > MAX_PERFT_DEPTH {
        return Err(Error::Argument(format!(
            "depth {depth} is too deep: perft takes at most {MAX_PERFT_DEPTH} plies"
        )));
    }
    Ok(())
}

/// Checks engine limits given by a caller: a depth or a move time, when given, is at least 1.
///
/// # Errors
/// [`Error::Argument`] for a zero depth or move time.
pub fn check_search(depth: Option<u32>, movetime_ms: Option<u64>) -> Result<(), Error> {
    if depth == Some(0) {
        return Err(Error::Argument("depth must be at least 1".into()));
    }
    if movetime_ms == Some(0) {
        return Err(Error::Argument("movetime must be at least 1 ms".into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_requests_beyond_the_bounds_are_refused() {
        assert!(check_perft(MAX_PERFT_DEPTH, MAX_THREADS).is_ok());
        assert!(check_perft(MAX_PERFT_DEPTH + 1, 1).is_err());
        assert!(check_perft(3, MAX_THREADS + 1).is_err());
        assert!(check_perft(3, 0).is_err());
        assert!(check_search(Some(0), None).is_err());
        assert!(check_search(None, Some(0)).is_err());
        assert!(check_search(Some(1), Some(1)).is_ok());
    }
}
