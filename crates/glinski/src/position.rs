//! The position: placement, side to move, en-passant cell, clocks and the Zobrist hash;
//! playing a move (copy-make).

use fairy_hexchess::Placement;
use fairy_kernel::zobrist::key;
use fairy_kernel::Color;

use crate::generated::tables::{PAWN_ATTACKS, PAWN_PUSH};
use crate::tables::{CELLS, NO_CELL};
use crate::types::{Move, MoveKind, Piece, Role};

/// A set of cells of Gliński's board.
pub type Cells = fairy_hexchess::Cells;

/// Zobrist keys per piece code (1..=12) and cell.
static PIECE_KEYS: [[u64; CELLS]; 13] = {
    let mut k = [[0u64; CELLS]; 13];
    let mut p = 1;
    while p < 13 {
        let mut s = 0;
        while s < CELLS {
            k[p][s] = key(0x6C1, (p * CELLS + s) as u64);
            s += 1;
        }
        p += 1;
    }
    k
};

/// Zobrist key of "Black to move".
const SIDE_KEY: u64 = key(0x6C2, 0);

/// Zobrist keys of the en-passant cell, used only while the capture is available to a pawn
/// of the side to move (so that positions equal for ruling G1 hash equal).
static EP_KEYS: [u64; CELLS] = {
    let mut k = [0u64; CELLS];
    let mut s = 0;
    while s < CELLS {
        k[s] = key(0x6C3, s as u64);
        s += 1;
    }
    k
};

/// A position of Gliński's hexagonal chess (rules: `docs/rules/glinski.md`).
///
/// Positions are values; [`fairy_kernel::Game::play`] changes one in place (copy-make).
///
/// ```
/// use fairy_kernel::Game;
/// use fairy_glinski::Position;
/// let p = Position::start(());
/// assert_eq!(
///     p.to_notation(),
///     "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// Where the pieces stand.
    pub(crate) pl: Placement<CELLS>,
    pub(crate) side: Color,
    /// The cell a pawn skipped with a double step on the last move, or [`NO_CELL`].
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Glinski({})", crate::notation::write_position(self))
    }
}

impl Position {
    /// An empty board (no kings: not a legal position), White to move.
    pub(crate) fn empty() -> Position {
        Position {
            pl: Placement::EMPTY,
            side: Color::White,
            ep: NO_CELL,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    fairy_hexchess::placement_access!(crate::Square, pl);

    /// The cell skipped by a pawn's double step on the last move (where an enemy pawn may
    /// capture en passant, §3.6(d)), if there was one.
    #[inline]
    pub fn en_passant(&self) -> Option<crate::Square> {
        self.ep_cell().map(crate::Square::from_index)
    }

    /// [`Position::en_passant`] as a cell index.
    #[inline]
    pub(crate) fn ep_cell(&self) -> Option<u16> {
        (self.ep != NO_CELL).then_some(self.ep as u16)
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

    /// Whether the en-passant cell is keyed into the hash: a pawn of the side to move
    /// attacks it, so the capture is available at least pseudo-legally.
    #[inline]
    pub(crate) fn ep_keyed(&self) -> bool {
        self.ep != NO_CELL
            && PAWN_ATTACKS[(!self.side).index()][self.ep as usize]
                .intersects(&self.pieces(self.side, Role::Pawn))
    }

    /// Plays a move produced by the legal move generator (copy-make: the caller keeps a
    /// copy to go back). A double step records the skipped cell (§3.6(b)); en passant
    /// removes the pawn that skipped (§3.6(d)); promotion replaces the pawn (§3.6(e)); the
    /// half-move clock resets on captures and pawn moves; the move number goes up after
    /// Black's move.
    #[inline]
    pub(crate) fn play_move(&mut self, mv: Move) {
        let from = mv.origin();
        let to = mv.target();
        let code = self.pl.board[from as usize];
        debug_assert!(code != 0, "no piece on the origin of {mv:?}");
        let us = self.side;
        if self.ep_keyed() {
            self.hash ^= EP_KEYS[self.ep as usize];
        }
        self.ep = NO_CELL;
        let mut reset = (code - 1) % 6 == Role::Pawn as u8;
        let captured = self.pl.board[to as usize];
        if captured != 0 {
            self.take(to, captured);
            reset = true;
        }
        self.take(from, code);
        let role = match mv.kind() {
            MoveKind::Promotion(r) => r,
            MoveKind::EnPassant => {
                let victim = PAWN_PUSH[(!us).index()][to as usize] as u16;
                let vcode = self.pl.board[victim as usize];
                self.take(victim, vcode);
                Role::Pawn
            }
            MoveKind::DoubleStep => {
                self.ep = PAWN_PUSH[us.index()][from as usize];
                Role::Pawn
            }
            MoveKind::Normal => match Piece::from_code(code) {
                Some(p) => p.role,
                None => Role::Pawn,
            },
        };
        self.put(to, Piece { color: us, role });
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = !us;
        self.hash ^= SIDE_KEY;
        if self.ep_keyed() {
            self.hash ^= EP_KEYS[self.ep as usize];
        }
    }

    /// Gives the move to the other side without moving (the engine's null move): the
    /// en-passant cell lapses.
    pub(crate) fn pass(&mut self) {
        if self.ep_keyed() {
            self.hash ^= EP_KEYS[self.ep as usize];
        }
        self.ep = NO_CELL;
        self.side = !self.side;
        self.hash ^= SIDE_KEY;
    }

    /// The Zobrist hash recomputed from the placement, side to move and en-passant cell.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        if self.side == Color::Black {
            h ^= SIDE_KEY;
        }
        if self.ep_keyed() {
            h ^= EP_KEYS[self.ep as usize];
        }
        for (sq, &code) in self.pl.board.iter().enumerate() {
            if code != 0 {
                h ^= PIECE_KEYS[code as usize][sq];
            }
        }
        h
    }
}
