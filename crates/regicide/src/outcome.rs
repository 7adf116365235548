//! The end of the game (rulings R8, R16, R17) and the [`Game`] implementation.

use fairy_kernel::{
    Color, Game, Heuristics, MoveError, Outcome, PositionError, Reason, SquareError,
};

use crate::position::Position;
use crate::{Move, MoveKind, MoveList, Role};

impl Position {
    /// How many of `color`'s princes are attacked (by non-prince pieces, R13).
    fn attacked_princes(&self, color: Color) -> u32 {
        self.princes(color)
            .iter()
            .filter(|&sq| crate::attacks::attacked(&self.board, sq, !color))
            .count() as u32
    }

    /// Whether some sequence of legal sub-moves of the rest of this turn ends with at
    /// least one of `us`'s princes unattacked, or captures the opponent's last prince
    /// (ruling R8(b); judged at the end of the turn, see the rules document).
    fn can_save_a_prince(&self, us: Color) -> bool {
        if self.side != us || self.prince_count(!us) == 0 {
            return self.prince_count(!us) == 0
                || self.attacked_princes(us) < self.prince_count(us);
        }
        let mut moves = MoveList::new();
        self.list_moves(&mut moves);
        if moves.is_empty() {
            return self.attacked_princes(us) < self.prince_count(us);
        }
        // Prince moves and captures first: they are the likeliest escapes.
        moves.sort_by_key(|m| {
            let prince = self.board[m.origin() as usize] & 7 == Role::Prince as u8 + 1;
            let capture = self.board[m.target() as usize] != 0;
            (!prince, !capture)
        });
        moves.iter().any(|&m| {
            let mut child = self.clone();
            child.play_move(m);
            child.can_save_a_prince(us)
        })
    }

    /// The outcome by the position alone (see [`Game::outcome`]).
    pub(crate) fn outcome_of(&self) -> Option<Outcome> {
        let us = self.side;
        let ours = self.prince_count(us);
        // R16: a side without princes has lost.
        if ours == 0 {
            return Some(Outcome::Win {
                winner: !us,
                reason: Reason::KingCaptured,
            });
        }
        if self.prince_count(!us) == 0 {
            return Some(Outcome::Win {
                winner: us,
                reason: Reason::KingCaptured,
            });
        }
        let attacked = self.attacked_princes(us);
        // The front to move always has a legal sub-move unless the whole turn has none.
        if !self.has_legal_move_on(self.front as usize) {
            return Some(if ours == 1 && attacked == 1 {
                Outcome::Win {
                    winner: !us,
                    reason: Reason::Checkmate,
                }
            } else if ours >= 2 && attacked == ours {
                Outcome::Win {
                    winner: !us,
                    reason: Reason::SimultaneousMate,
                }
            } else {
                Outcome::Draw {
                    reason: Reason::Stalemate,
                }
            });
        }
        // R8(b): all two or three princes attacked at the start of the turn.
        if ours >= 2 && attacked == ours && self.moved.is_empty() && !self.can_save_a_prince(us) {
            return Some(Outcome::Win {
                winner: !us,
                reason: Reason::SimultaneousMate,
            });
        }
        // Princes only (seed §7).
        let all = self.by_color[0] | self.by_color[1];
        if all == self.by_role[Role::Prince as usize] {
            return Some(Outcome::Draw {
                reason: Reason::RoyalsOnly,
            });
        }
        None
    }
}

impl Game for Position {
    type Move = Move;
    type MoveList = MoveList;
    type RuleSet = ();

    fn start(_: ()) -> Self {
        Position::start_position()
    }

    fn rule_set(&self) {}

    fn from_notation(_: (), text: &str) -> Result<Self, PositionError> {
        Position::parse_notation(text)
    }

    fn to_notation(&self) -> String {
        self.notation()
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn is_check(&self) -> bool {
        let n = self.prince_count(self.side);
        n > 0 && self.attacked_princes(self.side) == n
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        self.list_moves(moves);
    }

    fn play(&mut self, mv: Move) {
        self.play_move(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome_of()
    }

    fn format_move(&self, mv: Move) -> String {
        crate::notation::move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        crate::notation::parse_move(self, text)
    }

    fn move_origin(&self, mv: Move) -> u16 {
        mv.origin()
    }

    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        crate::notation::parse_square(text)
    }

    fn is_capture(&self, mv: Move) -> bool {
        mv.kind() == MoveKind::EnPassant
            || (mv.kind() != MoveKind::Castle && self.board[mv.target() as usize] != 0)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn count_legal_moves(&self) -> usize {
        self.count_moves()
    }
}

impl Heuristics for Position {
    fn evaluate(&self) -> i32 {
        self.evaluation()
    }

    /// The captured piece's value (docs/rules/regicide.md section 11; a pawn for en passant) plus a
    /// promotion's gain.
    fn capture_gain(&self, mv: Move) -> i32 {
        self.gain(mv)
    }

    /// Passes a whole turn, only before its first sub-move (a pass between sub-moves would
    /// not be a turn of the opponent's).
    fn play_null(&mut self) -> bool {
        self.pass_whole_turn()
    }

    /// 150 (docs/rules/regicide.md section 11): a quiet sub-move changes the evaluation's
    /// piece-square and shelter terms by a few dozen at most.
    fn futility_margin(&self) -> Option<i32> {
        Some(150)
    }
}

#[cfg(feature = "serde")]
fairy_kernel::impl_serde_via_str!(Position);
