//! The position every hexagonal variant shares: the placement, the side to move, the
//! variant's own state (castling rights, an en-passant cell), the clocks and the Zobrist
//! hash; the shared part of playing a move; the position notation.
//!
//! A variant describes what is its own with [`HexRules`] (its Zobrist keys, the rows of
//! its board field, how its own state is keyed, written and read) and wraps a
//! [`HexPosition`] in its `Position`, which keeps its pawn, castling, en-passant,
//! promotion and outcome rules.

use core::fmt::Debug;
use core::hash::Hash;

use fairy_kernel::notation::{field_error, read_counter, read_rows, write_rows};
use fairy_kernel::zobrist::key;
use fairy_kernel::{Color, PositionError};

use crate::{Piece, Placement, Role};

/// The Zobrist keys of the pieces and of the side to move on a board of `N` cells.
///
/// [`ZobristKeys::new`] with a `seed` gives the key of piece code `p` (1..=12, see
/// [`Piece::code`]) on cell `s` as `fairy_kernel::zobrist::key(seed, p * N + s)` and the key
/// of "Black to move" as `key(seed + 1, 0)`; a variant uses its own seed so that the hashes
/// of different variants do not share keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZobristKeys<const N: usize> {
    pieces: [[u64; N]; 13],
    side: u64,
}

impl<const N: usize> ZobristKeys<N> {
    /// The keys of the family `seed` (pieces) and `seed + 1` (side to move), computed at
    /// compile time when used in a `static`.
    pub const fn new(seed: u64) -> Self {
        let mut pieces = [[0u64; N]; 13];
        let mut p = 1;
        while p < 13 {
            let mut s = 0;
            while s < N {
                pieces[p][s] = key(seed, (p * N + s) as u64);
                s += 1;
            }
            p += 1;
        }
        ZobristKeys {
            pieces,
            side: key(seed + 1, 0),
        }
    }

    /// The key of the piece with code `code` (0..=12; 0, the empty cell, keys as 0) on cell
    /// `sq` (below `N`; a larger cell panics as an index out of bounds, which the positions
    /// of this crate never ask for).
    #[inline(always)]
    pub fn piece(&self, code: u8, sq: u16) -> u64 {
        self.pieces[code as usize][sq as usize]
    }

    /// The key of "Black to move".
    #[inline(always)]
    pub const fn side(&self) -> u64 {
        self.side
    }
}

/// What a hexagonal variant tells [`HexPosition`] about itself: its Zobrist keys, its own
/// state besides the placement, side and clocks, and the third field of its position
/// notation (`board side state half-move-clock move-number`).
///
/// The implementing type is a marker (a unit struct); `N` is the number of cells.
pub trait HexRules<const N: usize>: Sized + 'static {
    /// The variant's own state: castling rights, an en-passant cell.
    type State: Copy + Eq + Hash + Debug;

    /// The state of an empty board (no rights, no en-passant cell).
    const EMPTY: Self::State;

    /// The name of the third notation field, as errors say it (`"castling rights"`).
    const STATE_FIELD: &'static str;

    /// The variant's Zobrist keys (a `static`).
    fn keys() -> &'static ZobristKeys<N>;

    /// What the state of `pos` adds to its hash (0 for none).
    fn state_key(pos: &HexPosition<N, Self>) -> u64;

    /// The third notation field of `pos` (`-` for none).
    fn write_state(pos: &HexPosition<N, Self>) -> String;

    /// Reads the third notation field, or says why it cannot; the placement and side of the
    /// position being read are in `pos`.
    ///
    /// # Errors
    /// [`PositionError::Field`] naming [`HexRules::STATE_FIELD`] for a malformed field.
    fn read_state(pos: &HexPosition<N, Self>, text: &str) -> Result<Self::State, PositionError>;

    /// The cells of each row of the board field, in the order the field lists them (first
    /// row first, each row's cells in writing order).
    fn rows() -> &'static [Vec<u16>];

    /// Reads the board field into the empty placement of `pos` (with [`HexPosition::put`]).
    /// By default, the kernel's rows reader over [`HexRules::rows`]: runs of empty cells as
    /// numbers, rows separated by `/`, pieces as [`Piece::from_char`] reads them.
    ///
    /// # Errors
    /// [`PositionError::Field`] on the field `board` for a malformed field.
    fn read_board(pos: &mut HexPosition<N, Self>, text: &str) -> Result<(), PositionError> {
        let rows = Self::rows();
        let lengths: Vec<usize> = rows.iter().map(Vec::len).collect();
        let read = read_rows("board", text, &lengths)?;
        for (cells, row) in rows.iter().zip(&read) {
            for (&sq, &c) in cells.iter().zip(row) {
                if let Some(c) = c {
                    let piece = Piece::from_char(c).ok_or_else(|| {
                        field_error(
                            "board",
                            text,
                            format!("{c:?} is not a piece letter (KQRBNP white, kqrbnp black)"),
                        )
                    })?;
                    pos.put(sq, piece);
                }
            }
        }
        Ok(())
    }
}

/// A position of a hexagonal variant with rules `R` on `N` cells: the placement, the side
/// to move, the variant's own state, the half-move clock, the move number and the Zobrist
/// hash kept up to date by [`HexPosition::put`], [`HexPosition::take`] and the moves.
///
/// A variant wraps one in its `Position`; the fields are public so that the variant's
/// move generator reads them directly, and the variant keeps the wrapper's fields private
/// to its crate so that game developers cannot break the hash.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HexPosition<const N: usize, R: HexRules<N>> {
    /// Where the pieces stand.
    pub pl: Placement<N>,
    /// The side to move.
    pub side: Color,
    /// The variant's own state (castling rights, en-passant cell).
    pub state: R::State,
    /// Moves since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number: 1 at the start, up by one after each Black move.
    pub fullmove: u32,
    /// The Zobrist hash of the placement, side and state.
    pub hash: u64,
}

impl<const N: usize, R: HexRules<N>> HexPosition<N, R> {
    /// An empty board (no kings: not a legal position), White to move, the empty state,
    /// clocks 0 and 1, hash 0.
    pub fn empty() -> Self {
        HexPosition {
            pl: Placement::EMPTY,
            side: Color::White,
            state: R::EMPTY,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// Puts `piece` on the empty cell `sq` (below `N`), updating the sets and the hash.
    #[inline(always)]
    pub fn put(&mut self, sq: u16, piece: Piece) {
        let code = self.pl.put(sq, piece);
        self.hash ^= R::keys().piece(code, sq);
    }

    /// Removes the piece with code `code` (non-zero, the one on `sq`) from `sq`, updating
    /// the sets and the hash.
    #[inline(always)]
    pub fn take(&mut self, sq: u16, code: u8) {
        self.pl.take(sq, code);
        self.hash ^= R::keys().piece(code, sq);
    }

    /// The shared part of playing a move of the side to move from `from` to `to`: takes a
    /// piece on `to`, moves the piece on `from` (which must hold one) there and replaces it
    /// by `promotion` if given. Returns whether the half-move clock resets (a capture or a
    /// pawn move). What else the move does (castling's rook, en passant's victim, rights)
    /// is the variant's; [`HexPosition::finish_move`] ends the move.
    #[inline(always)]
    pub fn move_piece(&mut self, from: u16, to: u16, promotion: Option<Role>) -> bool {
        let code = self.pl.board[from as usize];
        debug_assert!(code != 0, "no piece on the origin {from}");
        let mut reset = code.wrapping_sub(1) % 6 == Role::Pawn as u8;
        let captured = self.pl.board[to as usize];
        if captured != 0 {
            self.take(to, captured);
            reset = true;
        }
        self.take(from, code);
        let role = match promotion {
            Some(r) => r,
            None => match Piece::from_code(code) {
                Some(p) => p.role,
                None => Role::Pawn,
            },
        };
        self.put(
            to,
            Piece {
                color: self.side,
                role,
            },
        );
        reset
    }

    /// Ends a move: the half-move clock resets (`reset`) or counts up, the move number goes
    /// up after Black's move, the other side is to move (hash updated).
    #[inline(always)]
    pub fn finish_move(&mut self, reset: bool) {
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.pass();
    }

    /// Gives the move to the other side (hash updated), nothing else.
    #[inline(always)]
    pub fn pass(&mut self) {
        self.side = !self.side;
        self.hash ^= R::keys().side();
    }

    /// The Zobrist hash recomputed from the placement, the side to move and the state.
    pub fn compute_hash(&self) -> u64 {
        let keys = R::keys();
        let mut h = R::state_key(self);
        if self.side == Color::Black {
            h ^= keys.side();
        }
        for (sq, &code) in self.pl.board.iter().enumerate() {
            if code != 0 {
                h ^= keys.piece(code, sq as u16);
            }
        }
        h
    }

    /// The position notation: `board side state half-move-clock move-number`, the board as
    /// the rows of [`HexRules::rows`] with runs of empty cells as numbers.
    pub fn write_notation(&self) -> String {
        let rows = R::rows().iter().map(|cells| {
            cells
                .iter()
                .map(|&sq| self.pl.piece_at(sq).map(Piece::char))
        });
        format!(
            "{} {} {} {} {}",
            write_rows(rows),
            self.side.fen_char(),
            R::write_state(self),
            self.halfmove,
            self.fullmove
        )
    }

    /// Reads the position notation [`HexPosition::write_notation`] writes, with the hash
    /// computed. Whether the position can occur is the variant's to check.
    ///
    /// # Errors
    /// [`PositionError::FieldCount`] without exactly 5 fields; [`PositionError::Field`]
    /// for a malformed board ([`HexRules::read_board`]), side to move (`w` or `b`), state
    /// ([`HexRules::read_state`]), half-move clock or move number (a whole number, the move
    /// number 1 or more).
    pub fn read_notation(text: &str) -> Result<Self, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 5 {
            return Err(PositionError::FieldCount {
                text: text.to_owned(),
                found: fields.len(),
                expected: format!(
                    "5 (board, side to move, {}, half-move clock, move number)",
                    R::STATE_FIELD
                ),
            });
        }
        let mut p = Self::empty();
        R::read_board(&mut p, fields[0])?;
        p.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(field_error("side to move", other, "w or b")),
        };
        p.state = R::read_state(&p, fields[2])?;
        p.halfmove = read_counter("half-move clock", fields[3])?;
        p.fullmove = read_counter("move number", fields[4])?;
        if p.fullmove == 0 {
            return Err(field_error("move number", fields[4], "a number 1 or more"));
        }
        p.hash = p.compute_hash();
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;

    /// A toy variant on 7 cells in rows of 2, 3 and 2, whose state is a number 0..=9
    /// keyed by its own family.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Toy;

    static KEYS: ZobristKeys<7> = ZobristKeys::new(0x700);

    impl HexRules<7> for Toy {
        type State = u8;
        const EMPTY: u8 = 0;
        const STATE_FIELD: &'static str = "digit";
        fn keys() -> &'static ZobristKeys<7> {
            &KEYS
        }
        fn state_key(pos: &HexPosition<7, Toy>) -> u64 {
            key(0x702, pos.state as u64)
        }
        fn write_state(pos: &HexPosition<7, Toy>) -> String {
            pos.state.to_string()
        }
        fn read_state(_: &HexPosition<7, Toy>, text: &str) -> Result<u8, PositionError> {
            match text.parse::<u8>() {
                Ok(d) if d <= 9 => Ok(d),
                _ => Err(field_error("digit", text, "0..=9")),
            }
        }
        fn rows() -> &'static [Vec<u16>] {
            static ROWS: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
            ROWS.get_or_init(|| vec![vec![5, 6], vec![2, 3, 4], vec![0, 1]])
        }
    }

    type Toy7 = HexPosition<7, Toy>;

    fn piece(c: char) -> Piece {
        Piece::from_char(c).unwrap()
    }

    #[test]
    fn notation_round_trips_and_keys_the_hash() {
        let text = "1k/3/K1 w 4 3 7";
        let p = Toy7::read_notation(text).unwrap();
        assert_eq!(p.write_notation(), text);
        assert_eq!(p.pl.piece_at(6), Some(piece('k')));
        assert_eq!(p.pl.piece_at(0), Some(piece('K')));
        assert_eq!((p.state, p.halfmove, p.fullmove), (4, 3, 7));
        assert_eq!(p.hash, p.compute_hash());
        assert_ne!(p.hash, Toy7::read_notation("1k/3/K1 w 5 3 7").unwrap().hash);
        assert_ne!(p.hash, Toy7::read_notation("1k/3/K1 b 4 3 7").unwrap().hash);
        assert_ne!(p.hash, Toy7::read_notation("k1/3/K1 w 4 3 7").unwrap().hash);
    }

    #[test]
    fn notation_errors_name_the_field() {
        let field = |text: &str| match Toy7::read_notation(text) {
            Err(PositionError::Field { field, .. }) => field,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(field("1k/3/K w 4 3 7"), "board");
        assert_eq!(field("1k/3/X1 w 4 3 7"), "board");
        assert_eq!(field("1k/3/K1 x 4 3 7"), "side to move");
        assert_eq!(field("1k/3/K1 w 12 3 7"), "digit");
        assert_eq!(field("1k/3/K1 w 4 -3 7"), "half-move clock");
        assert_eq!(field("1k/3/K1 w 4 3 0"), "move number");
        match Toy7::read_notation("1k/3/K1 w 4 3") {
            Err(PositionError::FieldCount {
                found, expected, ..
            }) => {
                assert_eq!(found, 4);
                assert!(expected.contains("digit"), "{expected}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn moves_keep_the_hash_and_clocks() {
        let mut p = Toy7::read_notation("rk/1P1/K1 w 0 5 9").unwrap();
        // A pawn capturing and promoting resets the clock.
        let reset = p.move_piece(3, 5, Some(Role::Queen));
        assert!(reset);
        p.finish_move(reset);
        assert_eq!(p.write_notation(), "Qk/3/K1 b 0 0 9");
        assert_eq!(p.hash, p.compute_hash());
        // A quiet king move counts up; Black's move ends the move number.
        let reset = p.move_piece(6, 4, None);
        assert!(!reset);
        p.finish_move(reset);
        assert_eq!(p.write_notation(), "Q1/2k/K1 w 0 1 10");
        assert_eq!(p.pl.king(Color::Black), 4);
        assert_eq!(p.hash, p.compute_hash());
        // A capture by a piece resets it.
        p.put(2, piece('N'));
        p.hash = p.compute_hash();
        p.pass();
        let reset = p.move_piece(4, 2, None);
        assert!(reset);
        p.finish_move(reset);
        assert_eq!(p.write_notation(), "Q1/k2/K1 w 0 0 11");
        assert_eq!(p.hash, p.compute_hash());
        p.pass();
        assert_eq!(p.side, Color::Black);
        assert_eq!(p.hash, p.compute_hash());
    }

    #[test]
    fn keys_follow_their_formula() {
        assert_eq!(KEYS.piece(3, 5), key(0x700, 3 * 7 + 5));
        assert_eq!(KEYS.side(), key(0x701, 0));
        assert_eq!(KEYS.piece(0, 5), 0);
    }
}
