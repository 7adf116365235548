//! The per-square tables of the Imperial Regicide board, computed from the kernel's
//! rectangular geometry (24 files x 12 ranks, square index `rank * 24 + file`).
//!
//! These pure functions are the single source of the tables: `cargo xtask codegen` calls
//! [`generated_files`] and writes the result to `src/generated/tables.rs`, and a unit test
//! recomputes every table and compares it with the compiled statics.

use fairy_kernel::codegen::{GeneratedFile, TableWriter};
use fairy_kernel::geometry::{leap_table, ray_table, KNIGHT, ORTHOGONAL_AND_DIAGONAL};
use fairy_kernel::{BitSet, Color, Delta, Geometry, RectBoard};

/// The board: 24 files `a..x`, 12 ranks (ruling R1).
pub const BOARD: RectBoard = RectBoard::new(24, 12);
/// Number of files.
pub const FILES: u16 = 24;
/// Number of ranks.
pub const RANKS: u16 = 12;
/// Number of squares (288).
pub const SQUARES: usize = 288;
/// "No square" in the tables that hold at most one square per entry.
pub const NO_SQUARE: u16 = u16::MAX;

/// The square of 0-based `file` and `rank`.
pub const fn square(file: u16, rank: u16) -> u16 {
    rank * FILES + file
}

/// The front (0 = I, 1 = II, 2 = III) of every square: files a-h, i-p, q-x (ruling R1).
pub fn front_of() -> Vec<u8> {
    BOARD.squares().map(|sq| BOARD.file_of(sq) / 8).collect()
}

/// The squares of each front (index 0 = front I).
pub fn front_masks() -> Vec<BitSet<5>> {
    let fronts = front_of();
    (0..3u8)
        .map(|f| BitSet::from_squares(BOARD.squares().filter(|&sq| fronts[sq as usize] == f)))
        .collect()
}

/// For every square and each of the eight directions (up, right, down, left, then the
/// diagonals up-right, down-right, down-left, up-left) the squares of the empty-board
/// ray, nearest first. Directions 0-3 are the rook's, 4-7 the bishop's.
pub fn rays() -> Vec<Vec<Vec<u16>>> {
    ray_table(&BOARD, &ORTHOGONAL_AND_DIAGONAL, None)
}

/// The knight's targets from every square.
pub fn knight_targets() -> Vec<Vec<u16>> {
    leap_table(&BOARD, &KNIGHT)
}

/// The prince's one-step targets from every square (ruling R6).
pub fn prince_targets() -> Vec<Vec<u16>> {
    leap_table(&BOARD, &ORTHOGONAL_AND_DIAGONAL)
}

/// The forward direction of `color`'s pawns: White toward rank 1, Black toward rank 12
/// (ruling R3).
pub const fn forward(color: Color) -> i8 {
    match color {
        Color::White => -1,
        Color::Black => 1,
    }
}

/// The square one step forward of every square for a pawn of `color`, or [`NO_SQUARE`].
pub fn pawn_pushes(color: Color) -> Vec<u16> {
    BOARD
        .squares()
        .map(|sq| {
            BOARD
                .step(sq, Delta::flat(0, forward(color)))
                .unwrap_or(NO_SQUARE)
        })
        .collect()
}

/// The (one or two) diagonal capture squares of a pawn of `color` on every square.
pub fn pawn_captures(color: Color) -> Vec<Vec<u16>> {
    let f = forward(color);
    leap_table(&BOARD, &[Delta::flat(-1, f), Delta::flat(1, f)])
}

/// The starting squares of `color`'s pawn wedge (seed §4; ruling R2): from these a pawn
/// may double-step (ruling R14). Per front, Black: a2 b3 c4 d4 e4 f4 g3 h2; White: a11 b10
/// c9 d9 e9 f9 g10 h11.
pub fn pawn_starts(color: Color) -> BitSet<5> {
    // Rank (1-based) of the Black wedge on the front's files 0..8.
    const BLACK_RANKS: [u16; 8] = [2, 3, 4, 4, 4, 4, 3, 2];
    let mut set = BitSet::EMPTY;
    for front in 0..3u16 {
        for (i, &r) in BLACK_RANKS.iter().enumerate() {
            let rank = match color {
                Color::Black => r - 1,
                Color::White => RANKS - r,
            };
            set.insert(square(front * 8 + i as u16, rank));
        }
    }
    set
}

/// For every square, the union of the eight queen rays from it: the squares from which a
/// line piece could be unmasked against a prince standing there.
pub fn queen_lines() -> Vec<BitSet<5>> {
    rays()
        .iter()
        .map(|dirs| BitSet::from_squares(dirs.iter().flatten().copied()))
        .collect()
}

/// The colour of one of the nine fields (seed §2), for display. The light squares of every
/// field are white; its dark squares carry the field's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldColor {
    /// Yellow (front I, ranks 1-4 and 9-12).
    Yellow,
    /// Black (front I, ranks 5-8; the central field).
    Black,
    /// Blue (front II ranks 1-4, front III ranks 9-12).
    Blue,
    /// Red (fronts II and III, ranks 5-8).
    Red,
    /// Green (front II ranks 9-12, front III ranks 1-4).
    Green,
}

impl FieldColor {
    /// All five colours in the order of their codes in [`field_colors`].
    pub const ALL: [FieldColor; 5] = [
        FieldColor::Yellow,
        FieldColor::Black,
        FieldColor::Blue,
        FieldColor::Red,
        FieldColor::Green,
    ];
}

/// The field colour code (index into [`FieldColor::ALL`]) of every square: per front the
/// bands ranks 1-4, 5-8, 9-12 are yellow/black/yellow (I), blue/red/green (II),
/// green/red/blue (III) (seed §5 lists them; implementation decision: listed from rank 1
/// upward).
pub fn field_colors() -> Vec<u8> {
    const BANDS: [[FieldColor; 3]; 3] = [
        [FieldColor::Yellow, FieldColor::Black, FieldColor::Yellow],
        [FieldColor::Blue, FieldColor::Red, FieldColor::Green],
        [FieldColor::Green, FieldColor::Red, FieldColor::Blue],
    ];
    BOARD
        .squares()
        .map(|sq| {
            let front = (BOARD.file_of(sq) / 8) as usize;
            let band = (BOARD.rank_of(sq) / 4) as usize;
            let c = BANDS[front][band];
            FieldColor::ALL.iter().position(|&x| x == c).unwrap_or(0) as u8
        })
        .collect()
}

/// The light squares: x1 is light (seed §2; ruling R1), so file + rank (0-based) odd.
pub fn light_squares() -> BitSet<5> {
    BitSet::from_squares(
        BOARD
            .squares()
            .filter(|&sq| (BOARD.file_of(sq) + BOARD.rank_of(sq)) % 2 == 1),
    )
}

/// The home files of the six castling rooks and the prince of each front, as 0-based
/// files: `(a-side rook, prince, h-side rook)` per front (ruling R2).
pub const CASTLE_FILES: [(u16, u16, u16); 3] = [(0, 3, 7), (8, 11, 15), (16, 19, 23)];

/// The back rank (0-based) of `color`: White rank 12, Black rank 1 (ruling R2).
pub const fn back_rank(color: Color) -> u16 {
    match color {
        Color::White => RANKS - 1,
        Color::Black => 0,
    }
}

/// The bit of a castling right: `color`'s rook of `front` on the a-side (`side` 0) or
/// h-side (`side` 1). White's bits are 0..6, Black's 6..12, in file order.
pub const fn castle_bit(color: Color, front: usize, side: usize) -> u16 {
    1 << (color.index() * 6 + front * 2 + side)
}

/// For every square, the castling rights lost when a piece moves from or to it: a rook's
/// home square its own right, a prince's home square both rights of its front.
pub fn castle_clear() -> Vec<u16> {
    let mut out = vec![0u16; SQUARES];
    for color in Color::ALL {
        let rank = back_rank(color);
        for (front, &(a, k, h)) in CASTLE_FILES.iter().enumerate() {
            out[square(a, rank) as usize] |= castle_bit(color, front, 0);
            out[square(h, rank) as usize] |= castle_bit(color, front, 1);
            out[square(k, rank) as usize] |=
                castle_bit(color, front, 0) | castle_bit(color, front, 1);
        }
    }
    out
}

/// The generated source files (`tables.rs`) of this crate, for `cargo xtask codegen`.
pub fn generated_files() -> Vec<GeneratedFile> {
    let mut w = TableWriter::new();
    w.nested_slices_u16(
        "RAYS",
        "Per square, per direction (up, right, down, left, up-right, down-right, down-left,\nup-left), the empty-board ray, nearest first.",
        &rays(),
    );
    w.slices_u16("KNIGHT", "Knight targets per square.", &knight_targets());
    w.slices_u16(
        "PRINCE",
        "Prince (one-step) targets per square.",
        &prince_targets(),
    );
    w.array(
        "WHITE_PAWN_PUSH",
        "The square one step forward (toward rank 1) of a White pawn, or `u16::MAX`.",
        "u16",
        &pawn_pushes(Color::White),
    );
    w.array(
        "BLACK_PAWN_PUSH",
        "The square one step forward (toward rank 12) of a Black pawn, or `u16::MAX`.",
        "u16",
        &pawn_pushes(Color::Black),
    );
    w.slices_u16(
        "WHITE_PAWN_CAPTURES",
        "The diagonal capture squares of a White pawn.",
        &pawn_captures(Color::White),
    );
    w.slices_u16(
        "BLACK_PAWN_CAPTURES",
        "The diagonal capture squares of a Black pawn.",
        &pawn_captures(Color::Black),
    );
    w.bitsets::<5>(
        "PAWN_STARTS",
        "The pawn wedge starting squares, White then Black.",
        &[pawn_starts(Color::White), pawn_starts(Color::Black)],
    );
    w.bitsets::<5>(
        "FRONT_MASKS",
        "The squares of fronts I, II, III.",
        &front_masks(),
    );
    w.array(
        "FRONT_OF",
        "The front (0..3) of every square.",
        "u8",
        &front_of(),
    );
    w.bitsets::<5>(
        "QUEEN_LINES",
        "Per square, the union of the eight queen rays from it.",
        &queen_lines(),
    );
    w.array(
        "FIELD_COLORS",
        "The field colour code of every square (index into `FieldColor::ALL`).",
        "u8",
        &field_colors(),
    );
    w.bitsets::<5>("LIGHT_SQUARES", "The light squares.", &[light_squares()]);
    w.array(
        "CASTLE_CLEAR",
        "Per square, the castling-right bits lost when a piece moves from or to it.",
        "u16",
        &castle_clear(),
    );
    vec![w.finish(
        "tables.rs",
        "Move tables of the 24x12 Imperial Regicide board (see `crate::tables`).",
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generated::tables as g;

    fn slices(rows: &[&[u16]]) -> Vec<Vec<u16>> {
        rows.iter().map(|r| r.to_vec()).collect()
    }

    #[test]
    fn generated_statics_equal_the_recomputed_tables() {
        let rays: Vec<Vec<Vec<u16>>> = g::RAYS.iter().map(|d| slices(d)).collect();
        assert_eq!(rays, super::rays());
        assert_eq!(slices(&g::KNIGHT), knight_targets());
        assert_eq!(slices(&g::PRINCE), prince_targets());
        assert_eq!(g::WHITE_PAWN_PUSH.to_vec(), pawn_pushes(Color::White));
        assert_eq!(g::BLACK_PAWN_PUSH.to_vec(), pawn_pushes(Color::Black));
        assert_eq!(slices(&g::WHITE_PAWN_CAPTURES), pawn_captures(Color::White));
        assert_eq!(slices(&g::BLACK_PAWN_CAPTURES), pawn_captures(Color::Black));
        assert_eq!(
            g::PAWN_STARTS.to_vec(),
            [pawn_starts(Color::White), pawn_starts(Color::Black)]
        );
        assert_eq!(g::FRONT_MASKS.to_vec(), front_masks());
        assert_eq!(g::FRONT_OF.to_vec(), front_of());
        assert_eq!(g::QUEEN_LINES.to_vec(), queen_lines());
        assert_eq!(g::FIELD_COLORS.to_vec(), field_colors());
        assert_eq!(g::LIGHT_SQUARES.to_vec(), [light_squares()]);
        assert_eq!(g::CASTLE_CLEAR.to_vec(), castle_clear());
    }

    #[test]
    fn table_facts() {
        // A queen on the empty 24x12 board: rook part 34 everywhere.
        let rays = super::rays();
        let d4 = square(3, 3) as usize;
        assert_eq!(rays[d4][..4].iter().map(Vec::len).sum::<usize>(), 34);
        assert_eq!(pawn_starts(Color::White).count(), 24);
        assert_eq!(front_masks().iter().map(|m| m.count()).sum::<u32>(), 288);
        assert_eq!(light_squares().count(), 144);
        // Each field colour count: yellow, black, blue, red, green fields of 32 squares.
        let colors = field_colors();
        let count = |c: u8| colors.iter().filter(|&&x| x == c).count();
        assert_eq!(
            [count(0), count(1), count(2), count(3), count(4)],
            [64, 32, 64, 64, 64]
        );
    }
}
