//! The position: fairy-hexchess's [`HexPosition`] (placement, side to move, clocks, Zobrist
//! hash, notation) with the en-passant cell as Gliński's own state; playing a move
//! (copy-make).

use fairy_hexchess::{HexPosition, HexRules, ZobristKeys};
use fairy_kernel::notation::field_error;
use fairy_kernel::zobrist::key;
use fairy_kernel::{Geometry, PositionError};

use crate::generated::tables::{PAWN_ATTACKS, PAWN_PUSH};
use crate::tables::{CELLS, NO_CELL};
use crate::types::{Move, MoveKind, Role};

/// A set of cells of Gliński's board.
pub type Cells = fairy_hexchess::Cells;

/// Gliński's rules as [`HexPosition`] sees them: the Zobrist keys of the pieces
/// (family `0x6C1`) and the side (`0x6C2`), the en-passant cell as the variant's own state
/// (a cell index or [`NO_CELL`]), keyed only while a pawn of the side to move could take
/// it (ruling G1), and the ranks of the board field (§5.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Glinski;

/// The Zobrist keys of the pieces and the side to move.
static KEYS: ZobristKeys<CELLS> = ZobristKeys::new(0x6C1);

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

/// Whether the en-passant cell of `p` is keyed into the hash: a pawn of the side to move
/// attacks it, so the capture is available at least pseudo-legally.
#[inline(always)]
fn ep_keyed(p: &HexPosition<CELLS, Glinski>) -> bool {
    p.state != NO_CELL
        && PAWN_ATTACKS[(!p.side).index()][p.state as usize]
            .intersects(&p.pl.pieces(p.side, Role::Pawn))
}

/// The hash key of the en-passant cell of `p` (0 unless [`ep_keyed`]).
#[inline(always)]
fn ep_key(p: &HexPosition<CELLS, Glinski>) -> u64 {
    if ep_keyed(p) {
        EP_KEYS[p.state as usize]
    } else {
        0
    }
}

impl HexRules<CELLS> for Glinski {
    type State = u8;
    const EMPTY: u8 = NO_CELL;
    const STATE_FIELD: &'static str = "en-passant cell";

    #[inline(always)]
    fn keys() -> &'static ZobristKeys<CELLS> {
        &KEYS
    }

    fn state_key(pos: &HexPosition<CELLS, Glinski>) -> u64 {
        ep_key(pos)
    }

    fn write_state(pos: &HexPosition<CELLS, Glinski>) -> String {
        match pos.state {
            NO_CELL => "-".to_owned(),
            sq => crate::notation::name_of(sq as u16),
        }
    }

    fn read_state(_: &HexPosition<CELLS, Glinski>, text: &str) -> Result<u8, PositionError> {
        if text == "-" {
            return Ok(NO_CELL);
        }
        let sq = crate::notation::geometry()
            .parse_square(text)
            .map_err(|e| field_error("en-passant cell", text, format!("'-' or a cell: {e}")))?;
        Ok(sq as u8)
    }

    fn rows() -> &'static [Vec<u16>] {
        crate::notation::ranks_top_down()
    }
}

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
    /// The placement, side, en-passant cell (the state: a cell index or [`NO_CELL`]),
    /// clocks and hash.
    pub(crate) core: HexPosition<CELLS, Glinski>,
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Glinski({})", self.core.write_notation())
    }
}

impl Position {
    fairy_hexchess::placement_access!(crate::Square, core.pl);

    /// The cell skipped by a pawn's double step on the last move (where an enemy pawn may
    /// capture en passant, §3.6(d)), if there was one.
    #[inline]
    pub fn en_passant(&self) -> Option<crate::Square> {
        self.ep_cell().map(crate::Square::from_index)
    }

    /// [`Position::en_passant`] as a cell index.
    #[inline]
    pub(crate) fn ep_cell(&self) -> Option<u16> {
        (self.core.state != NO_CELL).then_some(self.core.state as u16)
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
        let us = self.core.side;
        let c = &mut self.core;
        c.hash ^= ep_key(c);
        c.state = NO_CELL;
        let kind = mv.kind();
        let reset = c.move_piece(from, to, mv.promotion());
        match kind {
            MoveKind::EnPassant => {
                let victim = PAWN_PUSH[(!us).index()][to as usize] as u16;
                let vcode = c.pl.board[victim as usize];
                c.take(victim, vcode);
            }
            MoveKind::DoubleStep => c.state = PAWN_PUSH[us.index()][from as usize],
            MoveKind::Normal | MoveKind::Promotion(_) => {}
        }
        c.finish_move(reset);
        c.hash ^= ep_key(c);
    }

    /// Gives the move to the other side without moving (the engine's null move): the
    /// en-passant cell lapses.
    pub(crate) fn pass(&mut self) {
        let c = &mut self.core;
        c.hash ^= ep_key(c);
        c.state = NO_CELL;
        c.pass();
    }
}
