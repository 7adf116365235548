//! The position: placement, side to move, castling rights, clocks and the Zobrist hash;
//! playing a move (copy-make).

use fairy_hexchess::Placement;
use fairy_kernel::zobrist::key;
use fairy_kernel::Color;

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

/// Zobrist keys per piece code (1..=12) and cell.
static PIECE_KEYS: [[u64; 80]; 13] = {
    let mut k = [[0u64; 80]; 13];
    let mut p = 1;
    while p < 13 {
        let mut s = 0;
        while s < 80 {
            k[p][s] = key(0xD41, (p * 80 + s) as u64);
            s += 1;
        }
        p += 1;
    }
    k
};

/// Zobrist key of "Black to move".
pub(crate) const SIDE_KEY: u64 = key(0xD42, 0);

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
    /// Where the pieces stand.
    pub(crate) pl: Placement<80>,
    pub(crate) side: Color,
    /// Castling rights bits ([`WHITE_SHORT`], ...).
    pub(crate) castling: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Dainy({})", crate::notation::write_position(self))
    }
}

impl Position {
    /// An empty board (no kings: not a legal position), White to move, no rights.
    pub(crate) fn empty() -> Position {
        Position {
            pl: Placement::EMPTY,
            side: Color::White,
            castling: 0,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    fairy_hexchess::placement_access!(crate::Square, pl);

    /// The castling rights as bits: [`WHITE_SHORT`], [`WHITE_LONG`], [`BLACK_SHORT`],
    /// [`BLACK_LONG`].
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// Moves since the last capture or pawn move (no rule uses it; kept for the notation).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number: 1 at the start, up by one after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Puts `piece` on the empty cell `sq`, updating sets and hash.
    #[inline]
    pub(crate) fn put(&mut self, sq: u16, piece: Piece) {
        let code = self.pl.put(sq, piece);
        self.hash ^= PIECE_KEYS[code as usize][sq as usize];
    }

    /// Removes the piece with code `code` from `sq`.
    #[inline]
    fn take(&mut self, sq: u16, code: u8) {
        self.pl.take(sq, code);
        self.hash ^= PIECE_KEYS[code as usize][sq as usize];
    }

    /// Sets the castling rights, updating the hash.
    #[inline]
    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.hash ^= CASTLING_KEYS[self.castling as usize] ^ CASTLING_KEYS[rights as usize];
        self.castling = rights;
    }

    /// Plays a move produced by the legal move generator (copy-make: the caller keeps a
    /// copy to go back). Castling moves the rook too (ruling H3); promotion replaces the pawn
    /// (seed §3.7(d)); the half-move clock resets on captures and pawn moves; the move
    /// number goes up after Black's move.
    #[inline]
    pub(crate) fn play_move(&mut self, mv: Move) {
        let from = mv.origin();
        let to = mv.target();
        let code = self.pl.board[from as usize];
        debug_assert!(code != 0, "no piece on the origin of {mv:?}");
        let us = self.side;
        let mut reset = (code - 1) % 6 == Role::Pawn as u8;
        match mv.kind() {
            MoveKind::Castle => {
                let rook = self.pl.board[to as usize];
                let rook_to = if to == ROOK_LONG[us.index()] {
                    to + 1
                } else {
                    from
                };
                self.take(from, code);
                self.take(to, rook);
                self.put(
                    to,
                    Piece {
                        color: us,
                        role: Role::King,
                    },
                );
                self.put(
                    rook_to,
                    Piece {
                        color: us,
                        role: Role::Rook,
                    },
                );
            }
            kind => {
                let captured = self.pl.board[to as usize];
                if captured != 0 {
                    self.take(to, captured);
                    reset = true;
                }
                self.take(from, code);
                let role = match kind {
                    MoveKind::Promotion(r) => r,
                    _ => match Piece::from_code(code) {
                        Some(p) => p.role,
                        None => Role::Pawn,
                    },
                };
                self.put(to, Piece { color: us, role });
            }
        }
        let rights = self.castling & RIGHTS_KEEP[from as usize] & RIGHTS_KEEP[to as usize];
        if rights != self.castling {
            self.set_castling(rights);
        }
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = !us;
        self.hash ^= SIDE_KEY;
    }

    /// The Zobrist hash recomputed from the placement, side to move and castling rights.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = CASTLING_KEYS[self.castling as usize];
        if self.side == Color::Black {
            h ^= SIDE_KEY;
        }
        for (sq, &code) in self.pl.board.iter().enumerate() {
            if code != 0 {
                h ^= PIECE_KEYS[code as usize][sq];
            }
        }
        h
    }

    /// The cells of line `line` (`a` = 0).
    #[inline]
    pub(crate) fn line(line: usize) -> Cells {
        LINES[line]
    }
}
