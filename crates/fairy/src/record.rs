//! Game records of sessions: the kernel's text format ([`RecordText`]) read into and
//! written from a [`Session`] of any variant.

use fairy_kernel::RecordText;

use crate::adapter::{Session, Variant};
use crate::error::Error;

/// The record of the game in `session` of variant `variant`, with the players' names, the
/// result token and, when the game ended, its termination text (tags as in
/// [`RecordText::with_moves`]: the `FEN` tag only when the game did not start from the
/// variant's start position).
pub fn record_of(
    session: &dyn Session,
    variant: &dyn Variant,
    players: [&str; 2],
    result: &str,
    termination: Option<&str>,
) -> RecordText {
    RecordText::with_moves(
        session.history(),
        session.movers(),
        &session.start_notation(),
        [variant.id(), &variant.start_notation()],
        players,
        result,
        termination,
    )
}

/// Replays `record` in a new session of `variant`, from its `FEN` tag or the start
/// position. A `Variant` tag, when present, must be `variant`'s id.
///
/// # Errors
/// [`Error::Record`] for a record of another variant or the first move that cannot be
/// played; [`Error::Position`] for an unreadable `FEN` tag.
pub fn replay(record: &RecordText, variant: &dyn Variant) -> Result<Box<dyn Session>, Error> {
    record.check_variant(variant.id())?;
    let mut s = variant.session(record.tag("FEN"))?;
    for (i, m) in record.moves.iter().enumerate() {
        s.apply(m).map_err(|e| fairy_kernel::RecordError::Move {
            number: i + 1,
            text: m.clone(),
            reason: e.to_string(),
        })?;
    }
    Ok(s)
}
