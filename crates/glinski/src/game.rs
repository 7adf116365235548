//! The [`Game`] implementation: start position, outcome, notation, hashing, evaluation.

use fairy_kernel::view::BoardView;
use fairy_kernel::{Color, Game, MoveError, Outcome, PositionError, Reason, SquareError};

use crate::generated::tables::KNIGHT;
use crate::movegen::{bishop_attacks, rook_attacks, Counter, Lister};
use crate::notation::{geometry, parse_move, parse_position, write_move, write_position};
use crate::position::Glinski;
use crate::types::{Move, MoveKind, Role};
use crate::MoveList;

/// Capacity of [`crate::MoveList`]. No position has more legal moves: a side has at most
/// 10 queens (the original and 9 promoted pawns, 42 targets at best, from the centre), 2
/// rooks (30), 3 bishops (12), 2 knights (12) and the king (12): 552; a pawn that could
/// promote (at most 3 targets, 12 moves) stands where a queen would count more.
pub const MOVE_LIST_CAPACITY: usize = 560;

/// The start position (§2) in the notation of §5.1 (CHECKPOINTS.md).
pub const START: &str =
    "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1";

/// Material value of a role in centipawns, for [`Game::evaluate`] (not a rule): Dave
/// McCooey's values for hexagonal chess on this board with these pieces, pawn 1, bishop 3,
/// knight 4, rook 7, queen 10 (docs/rules/glinski.md §7); the king counts 0.
pub const fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 400,
        Role::Bishop => 300,
        Role::Rook => 700,
        Role::Queen => 1000,
        Role::King => 0,
    }
}

/// Centipawns per attacked cell in the mobility term of [`Game::evaluate`].
const MOBILITY_WEIGHT: i32 = 2;

impl Glinski {
    /// Material plus mobility of `color`, in centipawns.
    fn score(&self, color: Color) -> i32 {
        let own = self.occupied_by(color);
        let occ = self.occupied();
        let mut s = 0;
        for role in Role::ALL {
            s += piece_value(role) * self.pieces(color, role).count() as i32;
        }
        let mut mobility = 0;
        for sq in self.pieces(color, Role::Knight) {
            mobility += KNIGHT[sq as usize].and_not(&own).count();
        }
        let q = self.pieces(color, Role::Queen);
        for sq in self.pieces(color, Role::Bishop) | q {
            mobility += bishop_attacks(sq, occ).and_not(&own).count();
        }
        for sq in self.pieces(color, Role::Rook) | q {
            mobility += rook_attacks(sq, occ).and_not(&own).count();
        }
        s + MOBILITY_WEIGHT * mobility as i32
    }
}

impl Game for Glinski {
    type Move = Move;
    type MoveList = MoveList;
    type Variant = ();

    fn start(_: ()) -> Self {
        parse_position(START).expect("the start position is valid")
    }

    fn variant(&self) {}

    fn from_notation(_: (), text: &str) -> Result<Self, PositionError> {
        parse_position(text)
    }

    fn to_notation(&self) -> String {
        write_position(self)
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        self.generate(&mut Lister(moves));
    }

    fn play(&mut self, mv: Move) {
        self.play_move(mv);
    }

    /// Checkmate wins (§4.2); stalemate wins for the side that delivered it
    /// ([`Reason::StalemateWin`], scored 3/4 : 1/4 by Gliński's rules, §4.3); repetition is
    /// decided by [`fairy_kernel::GameRecord`] (ruling G1). No material is declared dead
    /// (§4.4).
    fn outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() != 0 {
            return None;
        }
        Some(Outcome::Win {
            winner: !self.side,
            reason: if self.in_check(self.side) {
                Reason::Checkmate
            } else {
                Reason::StalemateWin
            },
        })
    }

    fn format_move(&self, mv: Move) -> String {
        write_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_move(self, text)
    }

    fn move_origin(&self, mv: Move) -> u16 {
        mv.from()
    }

    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        fairy_kernel::Geometry::parse_square(geometry(), &text.to_ascii_lowercase())
    }

    fn is_capture(&self, mv: Move) -> bool {
        mv.kind() == MoveKind::EnPassant || self.occupied_by(!self.side).contains(mv.to())
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn evaluate(&self) -> i32 {
        self.score(self.side) - self.score(!self.side)
    }

    fn diagram(&self) -> String {
        crate::diagram::draw(self)
    }

    fn board_view(&self) -> Option<BoardView> {
        Some(crate::diagram::view(self))
    }

    fn count_legal_moves(&self) -> usize {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }
}
