//! The position: fairy-hexchess's [`HexPosition`] (placement, side to move, clocks, Zobrist
//! hash, notation) with the castling rights as Dainy's own state; playing a move
//! (copy-make).

use fairy_hexchess::{HexPosition, HexRules, ZobristKeys};
use fairy_kernel::zobrist::key;
use fairy_kernel::PositionError;

use crate::generated::tables::LINES;
use crate::types::{Move, MoveKind, Piece, Role};

/// A set of cells of the Dainy board.
pub type Cells = fairy_hexchess::Cells;

/// Castling right: White short (`K`, rook `a5`).
pub const WHITE_SHORT: u8 = 1;
/// Castling right: White long (`Q`, rook `a1`).
pub const WHITE_LONG: u8 = 2;
/// Castling right: Black short (`k`, rook `k5`).
pub const BLACK_SHORT: u8 = 4;
/// Castling right: Black long (`q`, rook `k1`).
pub const BLACK_LONG: u8 = 8;

/// The king's home cell per colour: `a4`, `k4` (ruling H3).
pub const KING_HOME: [u16; 2] = [3, 78];
/// The long-castling rook's home cell per colour: `a1`, `k1` (ruling H3).
pub const ROOK_LONG: [u16; 2] = [0, 75];
/// The short-castling rook's home cell per colour: `a5`, `k5` (ruling H3).
pub const ROOK_SHORT: [u16; 2] = [4, 79];
/// The pawns' starting line per colour: `c` (index 2), `i` (index 8) (seed §2.3; ruling H3).
pub const PAWN_START_LINE: [usize; 2] = [2, 8];
/// The farthest line per colour, where pawns promote: `k`, `a` (seed §3.7(d); ruling H4).
pub const PROMOTION_LINE: [usize; 2] = [10, 0];

/// Per cell, the castling rights that survive a move from or to that cell: moving the king
/// or a rook, or capturing a rook on its home cell, removes the rights that depend on it
/// (seed §3.9(1)).
const RIGHTS_KEEP: [u8; 80] = {
    let mut t = [0x0f_u8; 80];
    t[0] = !WHITE_LONG & 0x0f;
    t[3] = !(WHITE_LONG | WHITE_SHORT) & 0x0f;
    t[4] = !WHITE_SHORT & 0x0f;
    t[75] = !BLACK_LONG & 0x0f;
    t[78] = !(BLACK_LONG | BLACK_SHORT) & 0x0f;
    t[79] = !BLACK_SHORT & 0x0f;
    t
};

/// The Zobrist keys of the pieces (family `0xD41`) and the side to move (`0xD42`).
static KEYS: ZobristKeys<80> = ZobristKeys::new(0xD41);

/// Zobrist keys of the castling rights values `0..16`.
static CASTLING_KEYS: [u64; 16] = {
    let mut k = [0u64; 16];
    let mut i = 0;
    while i < 16 {
        let mut v = 0;
        let mut bit = 0;
        while bit < 4 {
            if i & (1 << bit) != 0 {
                v ^= key(0xD43, bit as u64);
            }
            bit += 1;
        }
        k[i] = v;
        i += 1;
    }
    k
};

/// Dainy's rules as [`HexPosition`] sees them: its Zobrist keys, the castling rights
/// (bits [`WHITE_SHORT`], ...) as the variant's own state, and the lines `k` down to `a`
/// of the board field (ruling H6).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Dainy;

impl HexRules<80> for Dainy {
    type State = u8;
    const EMPTY: u8 = 0;
    const STATE_FIELD: &'static str = "castling rights";

    #[inline(always)]
    fn keys() -> &'static ZobristKeys<80> {
        &KEYS
    }

    fn state_key(pos: &HexPosition<80, Dainy>) -> u64 {
        CASTLING_KEYS[pos.state as usize]
    }

    fn write_state(pos: &HexPosition<80, Dainy>) -> String {
        crate::notation::write_castling(pos.state)
    }

    fn read_state(_: &HexPosition<80, Dainy>, text: &str) -> Result<u8, PositionError> {
        crate::notation::read_castling(text)
    }

    fn rows() -> &'static [Vec<u16>] {
        crate::notation::lines_top_down()
    }

    fn read_board(pos: &mut HexPosition<80, Dainy>, text: &str) -> Result<(), PositionError> {
        crate::notation::read_board(pos, text)
    }
}

/// A Dainy position (rules: `docs/rules/dainy.md`).
///
/// Positions are values; [`fairy_kernel::Game::play`] changes one in place (copy-make).
///
/// ```
/// use fairy_kernel::Game;
/// use fairy_dainy::Position;
/// let p = Position::start(());
/// assert_eq!(p.to_notation(), "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/R2KR w KQkq 0 1");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// The placement, side, castling rights (the state: bits [`WHITE_SHORT`], ...), clocks
    /// and hash.
    pub(crate) core: HexPosition<80, Dainy>,
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Dainy({})", self.core.write_notation())
    }
}

impl Position {
    fairy_hexchess::placement_access!(crate::Square, core.pl);

    /// The castling rights as bits: [`WHITE_SHORT`], [`WHITE_LONG`], [`BLACK_SHORT`],
    /// [`BLACK_LONG`].
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.core.state
    }

    /// Sets the castling rights, updating the hash.
    #[inline]
    pub(crate) fn set_castling(&mut self, rights: u8) {
        let c = &mut self.core;
        c.hash ^= CASTLING_KEYS[c.state as usize] ^ CASTLING_KEYS[rights as usize];
        c.state = rights;
    }

    /// Plays a move produced by the legal move generator (copy-make: the caller keeps a
    /// copy to go back). Castling moves the rook too (ruling H3); promotion replaces the pawn
    /// (seed §3.7(d)); the half-move clock resets on captures and pawn moves; the move
    /// number goes up after Black's move.
    #[inline]
    pub(crate) fn play_move(&mut self, mv: Move) {
        let from = mv.origin();
        let to = mv.target();
        let c = &mut self.core;
        let us = c.side;
        let reset = match mv.kind() {
            MoveKind::Castle => {
                let code = c.pl.board[from as usize];
                let rook = c.pl.board[to as usize];
                let rook_to = if to == ROOK_LONG[us.index()] {
                    to + 1
                } else {
                    from
                };
                c.take(from, code);
                c.take(to, rook);
                c.put(
                    to,
                    Piece {
                        color: us,
                        role: Role::King,
                    },
                );
                c.put(
                    rook_to,
                    Piece {
                        color: us,
                        role: Role::Rook,
                    },
                );
                false
            }
            MoveKind::Promotion(r) => c.move_piece(from, to, Some(r)),
            MoveKind::Normal => c.move_piece(from, to, None),
        };
        let rights = c.state & RIGHTS_KEEP[from as usize] & RIGHTS_KEEP[to as usize];
        if rights != c.state {
            self.set_castling(rights);
        }
        self.core.finish_move(reset);
    }

    /// The cells of line `line` (`a` = 0).
    #[inline]
    pub(crate) fn line(line: usize) -> Cells {
        LINES[line]
    }
}
