//! Checks for the variant crates' test suites: a typed square and a move written as text
//! without a position (`Display`) and read back (`FromStr`).
//!
//! Each function asserts (it panics with the offending text when a check fails), so a
//! test is a call with the crate's own parts given as closures: how a move's squares and
//! promotion are compared, how a position resolves a move read from text, which moves
//! are normal. The random games are deterministic (a fixed xorshift generator), so a
//! failure repeats.
//!
//! ```
//! use fairy_testkit::text_checks;
//!
//! // Any type with `Display` and `FromStr`; a variant passes its `Square`.
//! let all: Vec<u16> = (0..10).collect();
//! let names = text_checks::squares_round_trip(&all, 10, |s| *s, |i| (i < 10).then_some(i), &["x"]);
//! assert_eq!(names[3], "3");
//! ```

use core::fmt::{Debug, Display};
use core::str::FromStr;

use fairy_kernel::{Game, MoveBuf};

/// Checks every square of `all` (which must have `count` entries): its name reads back as
/// the same square, and `new(index(square))` gives it back; `new(count)` is `None`; every
/// text of `bad` fails to read. Returns the names, in the order of `all`, for the caller's
/// further checks.
///
/// # Panics
///
/// When a check fails, naming the square or text.
pub fn squares_round_trip<S>(
    all: &[S],
    count: usize,
    index: impl Fn(&S) -> u16,
    new: impl Fn(u16) -> Option<S>,
    bad: &[&str],
) -> Vec<String>
where
    S: PartialEq + Debug + Display + FromStr,
{
    assert_eq!(all.len(), count);
    let mut names = Vec::with_capacity(all.len());
    for sq in all {
        let name = sq.to_string();
        assert_eq!(name.parse::<S>().ok().as_ref(), Some(sq), "{name}");
        assert_eq!(new(index(sq)).as_ref(), Some(sq), "{name}");
        names.push(name);
    }
    assert_eq!(new(count as u16), None, "a square past the last");
    for text in bad {
        assert!(text.parse::<S>().is_err(), "{text:?} read as a square");
    }
    names
}

/// The positions of `games` random games of at most `plies` plies from `start` (each
/// position before its move; a game ends early when there is no legal move), with a fixed
/// seed.
pub fn random_positions<G: Game>(start: &G, games: usize, plies: usize) -> Vec<G> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = start.clone();
        for _ in 0..plies {
            let moves = p.legal_move_list();
            let moves = moves.as_slice();
            if moves.is_empty() {
                break;
            }
            out.push(p.clone());
            p.play(moves[(rand() % moves.len() as u64) as usize]);
        }
    }
    out
}

/// What [`moves_round_trip`] saw.
#[derive(Clone, Debug, Default)]
pub struct MoveTextCounts<M> {
    /// Moves whose text read back as the very same move.
    pub exact: usize,
    /// Moves whose text read back as a different (normal) move, which the position
    /// resolved to the legal one.
    pub resolved: usize,
    /// Every legal move checked, in order.
    pub moves: Vec<M>,
}

/// Checks every legal move of every position of `positions`: its `Display` text is the
/// position's [`Game::format_move`]; the text reads back (`FromStr`) as a move with the
/// same `key` (squares and promotion); `resolve(position, read)` gives the legal move
/// back; a move that `is_normal` reads back as itself; and a move that does not read back
/// as itself reads back as a normal one (the text does not carry every kind).
///
/// # Panics
///
/// When a check fails, naming the move's text.
pub fn moves_round_trip<G, K>(
    positions: &[G],
    key: impl Fn(G::Move) -> K,
    resolve: impl Fn(&G, G::Move) -> Option<G::Move>,
    is_normal: impl Fn(G::Move) -> bool,
) -> MoveTextCounts<G::Move>
where
    G: Game,
    G::Move: Display + FromStr,
    <G::Move as FromStr>::Err: Display,
    K: PartialEq + Debug,
{
    let mut counts = MoveTextCounts {
        exact: 0,
        resolved: 0,
        moves: Vec::new(),
    };
    for p in positions {
        for &m in p.legal_move_list().as_slice() {
            let text = m.to_string();
            assert_eq!(text, p.format_move(m));
            let read: G::Move = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(key(read), key(m), "{text}");
            assert_eq!(resolve(p, read), Some(m), "{text}");
            if is_normal(m) {
                assert_eq!(read, m, "{text}");
            }
            if read == m {
                counts.exact += 1;
            } else {
                assert!(is_normal(read), "{text} read as a move of another kind");
                counts.resolved += 1;
            }
            counts.moves.push(m);
        }
    }
    counts
}

/// Checks that every text of `bad` fails to read as a move of type `M`, with an error
/// message of one line.
///
/// # Panics
///
/// When a text reads, or its message has a line break.
pub fn move_errors_one_line<M>(bad: &[&str])
where
    M: FromStr + Debug,
    M::Err: Display,
{
    for text in bad {
        let e = match text.parse::<M>() {
            Ok(m) => panic!("{text:?} read as {m:?}"),
            Err(e) => e.to_string(),
        };
        assert!(!e.contains('\n'), "{e}");
    }
}

/// The colour-mirrored board field of a FEN-like notation: the `/`-separated rows in
/// reverse order, every letter's case swapped (upper case and lower case are the two
/// sides), digits (empty runs) kept. For the symmetry tests of evaluations.
///
/// ```
/// use fairy_testkit::text_checks::mirror_rows;
/// assert_eq!(mirror_rows("rnb/3/PP1"), "pp1/3/RNB");
/// ```
pub fn mirror_rows(board: &str) -> String {
    let rows: Vec<String> = board.split('/').rev().map(swap_case).collect();
    rows.join("/")
}

/// `text` with every ASCII letter's case swapped (the two sides of a FEN-like notation).
///
/// ```
/// assert_eq!(fairy_testkit::text_checks::swap_case("KQk-"), "kqK-");
/// ```
pub fn swap_case(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}
