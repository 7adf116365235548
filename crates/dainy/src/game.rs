//! The [`Game`] implementation: start position, outcome, notation, hashing, evaluation.

use fairy_kernel::{Color, Game, MoveError, Outcome, PositionError, Reason, SquareError};

use crate::movegen::{bishop_attacks, rook_attacks, Counter, Lister};
use crate::notation::{geometry, parse_move, parse_position, write_move, write_position};
use crate::position::Dainy;
use crate::types::{Move, Role};
use crate::MoveList;

/// Capacity of [`crate::MoveList`]. No position has more legal moves: at most 8 queens
/// (39 targets at best on the empty board), 2 rooks (27), 3 bishops (13), 2 knights (12),
/// the king (12) and 2 castlings give 443; a pawn (at most 12 moves with promotions) never
/// adds more than the queen it could become.
pub const MOVE_LIST_CAPACITY: usize = 448;

/// The start position (seed §2.3 with ruling H3), in the notation of ruling H6.
pub const START: &str = "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/R2KR w KQkq 0 1";

/// Material value of a role in centipawns, for [`Game::evaluate`] (not a rule): Dave
/// McCooey's hexagonal-chess values pawn 1, bishop 3, knight 4, rook 7, queen 10 (see
/// `docs/rules/dainy.md` §7); the king counts 0.
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

impl Dainy {
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
            mobility += crate::generated::tables::KNIGHT[sq as usize]
                .and_not(&own)
                .count();
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

    /// Whether both sides have nothing but their kings: the only material this crate
    /// declares a dead position (docs/rules/dainy.md §5; a king with a minor piece can
    /// still be mated on this board).
    pub fn bare_kings(&self) -> bool {
        self.occupied().count() == 2
    }
}

impl Game for Dainy {
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

    /// Checkmate (a win, seed §4.1(a)), stalemate (a draw, seed §4.2(a)) and the dead
    /// position of bare kings (a draw, seed §4.2(b)); repetition is decided by
    /// [`fairy_kernel::GameRecord`] (ruling G1). A dead position keeps its legal moves.
    fn outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() == 0 {
            return Some(if self.in_check(self.side) {
                Outcome::Win {
                    winner: !self.side,
                    reason: Reason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: Reason::Stalemate,
                }
            });
        }
        self.bare_kings().then_some(Outcome::Draw {
            reason: Reason::DeadPosition,
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
        !mv.is_castle() && self.occupied_by(!self.side).contains(mv.to())
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

    fn count_legal_moves(&self) -> usize {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }
}
