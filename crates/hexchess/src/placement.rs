//! The placement of the pieces: a code per cell plus bitsets per colour and per role.

use fairy_kernel::Color;

use crate::{Cells, Piece, Role};

/// Where the pieces stand on a board of `N` cells: a piece code per cell (0 empty, see
/// [`Piece::code`]), the cells of each colour and of each role, and each king's cell.
///
/// A variant's position holds one and adds its own state (side to move, castling rights or
/// en-passant cell, clocks, hash).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement<const N: usize> {
    /// Piece code per cell (0 empty).
    pub board: [u8; N],
    /// Cells occupied by each colour.
    pub by_color: [Cells; 2],
    /// Cells occupied by each role (both colours).
    pub by_role: [Cells; 6],
    /// King cell per colour (`u8::MAX` while there is none).
    pub kings: [u8; 2],
}

impl<const N: usize> Placement<N> {
    /// The empty board (no kings).
    pub const EMPTY: Self = Placement {
        board: [0; N],
        by_color: [Cells::EMPTY; 2],
        by_role: [Cells::EMPTY; 6],
        kings: [u8::MAX; 2],
    };

    /// Every cell of the board.
    pub const ALL: Cells = Cells::first_n(N);

    /// The piece on cell `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: u16) -> Option<Piece> {
        Piece::from_code(*self.board.get(sq as usize)?)
    }

    /// The cells occupied by `color`.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> Cells {
        self.by_color[color.index()]
    }

    /// All occupied cells.
    #[inline]
    pub fn occupied(&self) -> Cells {
        self.by_color[0] | self.by_color[1]
    }

    /// The cells of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Cells {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The cells of both sides' pieces of `role`.
    #[inline]
    pub fn role(&self, role: Role) -> Cells {
        self.by_role[role.index()]
    }

    /// The cell of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> u16 {
        self.kings[color.index()] as u16
    }

    /// Puts `piece` on the empty cell `sq` and returns its code (for the caller's hash).
    #[inline]
    pub fn put(&mut self, sq: u16, piece: Piece) -> u8 {
        let code = piece.code();
        self.board[sq as usize] = code;
        self.by_color[piece.color.index()].insert(sq);
        self.by_role[piece.role.index()].insert(sq);
        if piece.role == Role::King {
            self.kings[piece.color.index()] = sq as u8;
        }
        code
    }

    /// Removes the piece with code `code` (non-zero) from `sq`.
    #[inline]
    pub fn take(&mut self, sq: u16, code: u8) {
        self.board[sq as usize] = 0;
        let c = ((code - 1) / 6) as usize;
        let r = ((code - 1) % 6) as usize;
        self.by_color[c].remove(sq);
        self.by_role[r].remove(sq);
    }
}
