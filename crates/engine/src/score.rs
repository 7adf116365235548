//! [`Score`]: what a search thinks of a position, with one way to print it.

use core::fmt;
use core::ops::Neg;

use crate::search::{is_mate_score, Value, DRAW, MATE};

/// A search result's score for the side to move: an evaluation in centipawns, or a mate
/// at a known distance. It prints one way everywhere: `+0.35` (pawns, signed), `#3` (the
/// side to move mates with its third move from now), `#-2` (the opponent mates with its
/// second move), `#0` (the side to move is mated already).
///
/// Mate distances are counted as in chess, in moves of the mating side, the mating move
/// included: a move is two plies, one per side, and a ply is one
/// [`Game::Move`](fairy_kernel::Game::Move) (a sub-move in Imperial Regicide, where a turn
/// of three sub-moves thus counts as three plies). A score turned to the other side's point
/// of view (negated) keeps its count: `#3` becomes `#-3`. [`Score::mate_plies`] gives the
/// exact distance.
///
/// ```
/// use fairy_engine::{mate_score, Score};
/// assert_eq!(Score::from_value(35).to_string(), "+0.35");
/// assert_eq!(Score::from_value(-120).to_string(), "-1.20");
/// assert_eq!(Score::from_value(mate_score(5)).to_string(), "#3");
/// assert_eq!(Score::from_value(-mate_score(4)).to_string(), "#-2");
/// assert_eq!(Score::from_value(mate_score(5)).uci(), "mate 3");
/// assert_eq!(Score::from_value(35).uci(), "cp 35");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(Value);

impl Score {
    /// A draw (0).
    pub const DRAW: Score = Score(DRAW);

    /// The score of search value `value` (centipawns, or a [`mate_score`](crate::mate_score)
    /// or its negation).
    pub const fn from_value(value: Value) -> Score {
        Score(value)
    }

    /// A score of `cp` centipawns (clamped short of the mate scores).
    pub const fn centipawns_of(cp: i32) -> Score {
        let bound = crate::search::MATE_BOUND - 1;
        Score(if cp > bound {
            bound
        } else if cp < -bound {
            -bound
        } else {
            cp
        })
    }

    /// The search value: centipawns, or `MATE - plies` for a win in `plies`.
    pub const fn value(self) -> Value {
        self.0
    }

    /// Whether this is a mate score (a win or a loss at a known distance).
    pub const fn is_mate(self) -> bool {
        is_mate_score(self.0)
    }

    /// The evaluation in centipawns, or `None` for a mate score.
    pub const fn centipawns(self) -> Option<i32> {
        if self.is_mate() {
            None
        } else {
            Some(self.0)
        }
    }

    /// The distance to mate in plies, positive when the side to move mates, negative (or
    /// zero) when it is mated; `None` for an evaluation.
    pub const fn mate_plies(self) -> Option<i32> {
        if !self.is_mate() {
            None
        } else if self.0 > 0 {
            Some(MATE - self.0)
        } else {
            Some(-(MATE + self.0))
        }
    }

    /// The distance to mate in moves of the mating side (see the type's documentation): `3`
    /// when the side to move mates with its third move, `-2` when the opponent mates with
    /// its second, `0` when the side to move is mated already; `None` for an evaluation.
    pub const fn mate_moves(self) -> Option<i32> {
        match self.mate_plies() {
            None => None,
            Some(p) if p > 0 => Some((p + 1) / 2),
            Some(p) => Some(-((1 - p) / 2)),
        }
    }

    /// The score as UCI's `info ... score` says it: `cp 35` or `mate 3` / `mate -2`.
    pub fn uci(self) -> String {
        match self.mate_moves() {
            Some(m) => format!("mate {m}"),
            None => format!("cp {}", self.0),
        }
    }

    /// The score from the first side's point of view, given that it is `side_to_move`'s
    /// (`true` when the first side, White or Gold, is to move): negated otherwise.
    pub const fn for_first(self, first_to_move: bool) -> Score {
        if first_to_move {
            self
        } else {
            Score(-self.0)
        }
    }
}

impl Neg for Score {
    type Output = Score;
    /// The same score from the other side's point of view.
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(m) => write!(f, "#{m}"),
            None => write!(f, "{:+.2}", f64::from(self.0) / 100.0),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Score {
    /// `{"cp": 35, "text": "+0.35"}` or `{"mate": -2, "text": "#-2"}` (mate in moves).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Score", 2)?;
        match self.mate_moves() {
            Some(m) => st.serialize_field("mate", &m)?,
            None => st.serialize_field("cp", &self.0)?,
        }
        st.serialize_field("text", &self.to_string())?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mate_score;

    #[test]
    fn evaluations_print_in_signed_pawns() {
        assert_eq!(Score::from_value(0).to_string(), "+0.00");
        assert_eq!(Score::from_value(5).to_string(), "+0.05");
        assert_eq!(Score::from_value(-5).to_string(), "-0.05");
        assert_eq!(Score::from_value(1234).to_string(), "+12.34");
        assert_eq!(Score::from_value(-1234).uci(), "cp -1234");
        assert_eq!(Score::from_value(999).centipawns(), Some(999));
    }

    #[test]
    fn mates_print_as_mates_in_moves() {
        // Mating on the first ply is mate with the first move.
        assert_eq!(Score::from_value(mate_score(1)).to_string(), "#1");
        assert_eq!(Score::from_value(mate_score(3)).to_string(), "#2");
        assert_eq!(Score::from_value(-mate_score(2)).to_string(), "#-1");
        assert_eq!(Score::from_value(-mate_score(0)).to_string(), "#0");
        assert_eq!(Score::from_value(-mate_score(0)).uci(), "mate 0");
        assert_eq!(Score::from_value(mate_score(7)).mate_plies(), Some(7));
        assert_eq!(Score::from_value(-mate_score(6)).mate_plies(), Some(-6));
        assert_eq!(Score::from_value(mate_score(7)).centipawns(), None);
        // What the web page once showed for a mate is a mate, not a number.
        assert_eq!(Score::from_value(999_995).to_string(), "#3");
    }

    #[test]
    fn negation_and_the_first_sides_view() {
        let s = Score::from_value(mate_score(3));
        assert_eq!((-s).to_string(), "#-2");
        // Seen from the side not to move, the count stays in the mating side's moves.
        assert_eq!((-Score::from_value(mate_score(1))).to_string(), "#-1");
        assert_eq!((-Score::from_value(-mate_score(4))).to_string(), "#2");
        assert_eq!(s.for_first(false), -s);
        assert_eq!(s.for_first(true), s);
        assert!(Score::from_value(10) < Score::from_value(mate_score(9)));
        assert!(!Score::centipawns_of(i32::MAX).is_mate());
    }
}
