//! The [`Heuristics`] trait: what the search engine asks of a game beyond its rules (a
//! static evaluation, the material a capture wins, the null move, futility pruning). None
//! of it is a rule: perft, the game record and the fronts use [`Game`] alone.

use crate::game::Game;

/// The [`Heuristics::capture_gain`] of capturing a royal piece whose loss ends the game (it
/// has no material value of its own): larger than any material, so such a capture is tried
/// first.
pub const ROYAL_GAIN: i32 = 10_000;

/// The search heuristics of a game: what the engine's alpha-beta search needs besides the
/// rules of [`Game`]. Every method is a judgement of the variant, not a rule; only
/// [`Heuristics::evaluate`] has no default.
///
/// The scores are in centipawn-like units (the variant's rules document lists its piece
/// values), from the point of view of the side to move.
pub trait Heuristics: Game {
    /// A static evaluation in centipawn-like units from the point of view of the side to
    /// move (positive: good for the side to move). Material plus mobility; the variant's
    /// rules document lists its piece values.
    fn evaluate(&self) -> i32;

    /// An estimate of the material `mv` wins, in the units of [`Heuristics::evaluate`]: the value
    /// of the piece it captures plus what a promotion adds, 0 for a quiet move. Not a rule:
    /// the engine tries captures with the larger gain first and, in quiescence search,
    /// leaves out captures whose gain cannot bring the score up to what it needs. The
    /// default, 0 for every move, means "not known": captures are then tried in generation
    /// order and none is left out.
    /// A royal piece that may be captured (a king in the variants where capturing it ends
    /// the game) counts [`ROYAL_GAIN`].
    fn capture_gain(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// Passes the turn without moving: the engine's null move (not a rule; no variant here
    /// lets a side pass). The opponent is to move in the same placement, rights that lapse
    /// at the end of a turn (en passant) lapse, [`Game::hash`] follows. Returns `false`
    /// and leaves the position as it was where a pass would mislead the search: the variant
    /// decides (a side with only its king and pawns, where zugzwang is common; the middle of
    /// a turn of several moves). The default never passes.
    fn play_null(&mut self) -> bool {
        false
    }

    /// The futility margin of the engine, in units of [`Heuristics::evaluate`], or `None` (the
    /// default) for no futility pruning. Not a rule: in the engine's last plies above the
    /// horizon, away from the principal variation and out of check, a quiet move is not
    /// searched when the static evaluation plus this margin per ply left cannot reach
    /// alpha. A variant opts in where its quiet moves seldom change the score by more than
    /// the margin.
    fn futility_margin(&self) -> Option<i32> {
        None
    }

    /// Whether a position whose side to move is not in check can end the game only by
    /// stalemate (draws decided by the game record aside), as where the game ends by
    /// checkmate, stalemate or a dead position alone. Not a rule: where it is `true`, the
    /// engine's quiescence search stands pat at the horizon out of check without generating
    /// legal moves first, and so takes a stalemate it has not looked for at the static
    /// evaluation. The default, `false`, keeps the search looking, as a variant with wins
    /// out of check needs (a castle captured, a blockade, a royal piece taken).
    fn quiet_ends_are_stalemates(&self) -> bool {
        false
    }
}
