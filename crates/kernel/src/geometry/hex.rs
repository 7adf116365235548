//! Hexagonal boards: any set of cells on an axial hexagonal grid, grouped into named lines.

use super::{parse_number, Delta, Geometry};
use crate::error::SquareError;

/// A hexagonal board given as lines of cells.
///
/// A board is a sequence of *lines* (the 11 horizontals `a..k` of the 80-cell Dainy
/// board, or the 11 files `a..l` without `j` of the 91-cell Gliński board). Each line has
/// a letter and a length; its cells are numbered from 1, so cell names are `a1`, `f11`.
/// Each cell has a pair of axial coordinates `(x, y)` chosen by the variant; a [`Delta`]
/// `(dx, dy)` moves between them, and a step whose target coordinates are not a cell of
/// the board leaves the board. Which deltas are "touching" or "diagonal" is the variant's
/// business: on any axial grid the six touching neighbours are
/// `(±1, 0), (0, ±1), (+1, +1), (-1, -1)` or the mirror set, depending on the axes.
///
/// Square index: cells are numbered line by line in the order the lines are given, and
/// within a line by cell number, from 0.
///
/// ```
/// use fairy_kernel::{Geometry, HexBoard};
/// // The 80-cell Dainy board: lines a..k of 5..10..5 cells, coordinates (line, w)
/// // with w = (n - 1) + max(0, line - 5) (ruling H1).
/// let lens = [5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5];
/// let letters: Vec<char> = ('a'..='k').collect();
/// let board = HexBoard::from_lines(&letters, &lens, |line, n| {
///     (line as i8, (n as i8 - 1) + (line as i8 - 5).max(0))
/// });
/// assert_eq!(board.cell_count(), 80);
/// assert_eq!(board.square_name(79), "k5");
/// let err = board.parse_square("a6").unwrap_err().to_string();
/// assert!(err.contains("line a has 5 cells"), "{err}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexBoard {
    letters: Vec<char>,
    /// Index of the first cell of each line, plus the total at the end.
    line_start: Vec<u16>,
    /// Axial coordinates of each cell.
    coords: Vec<(i8, i8)>,
    /// Dense lookup `(x - min_x) * height + (y - min_y)` -> cell index + 1 (0 = none).
    grid: Vec<u16>,
    min: (i8, i8),
    height: usize,
    width: usize,
}

impl HexBoard {
    /// Builds a board from its lines: `letters[i]` names line `i`, `lengths[i]` is its number
    /// of cells, and `coord(i, n)` gives the axial coordinates of cell number `n` (1-based)
    /// of line `i`.
    ///
    /// # Panics
    /// When `letters` and `lengths` differ in length, a letter is not ASCII lower case or
    /// repeats, or two cells get the same coordinates (programming errors).
    pub fn from_lines(
        letters: &[char],
        lengths: &[u8],
        coord: impl Fn(usize, u8) -> (i8, i8),
    ) -> HexBoard {
        assert_eq!(letters.len(), lengths.len(), "one length per line letter");
        for (i, c) in letters.iter().enumerate() {
            assert!(c.is_ascii_lowercase(), "line letters are a..z");
            assert!(!letters[..i].contains(c), "line letter {c} repeats");
        }
        let mut line_start = Vec::with_capacity(letters.len() + 1);
        let mut coords = Vec::new();
        for (i, &len) in lengths.iter().enumerate() {
            line_start.push(coords.len() as u16);
            for n in 1..=len {
                coords.push(coord(i, n));
            }
        }
        line_start.push(coords.len() as u16);
        let min_x = coords.iter().map(|c| c.0).min().unwrap_or(0);
        let max_x = coords.iter().map(|c| c.0).max().unwrap_or(0);
        let min_y = coords.iter().map(|c| c.1).min().unwrap_or(0);
        let max_y = coords.iter().map(|c| c.1).max().unwrap_or(0);
        let width = (max_x as i32 - min_x as i32 + 1) as usize;
        let height = (max_y as i32 - min_y as i32 + 1) as usize;
        let mut grid = vec![0u16; width * height];
        for (idx, &(x, y)) in coords.iter().enumerate() {
            let g =
                (x as i32 - min_x as i32) as usize * height + (y as i32 - min_y as i32) as usize;
            assert_eq!(grid[g], 0, "two cells share coordinates {:?}", (x, y));
            grid[g] = idx as u16 + 1;
        }
        HexBoard {
            letters: letters.to_vec(),
            line_start,
            coords,
            grid,
            min: (min_x, min_y),
            height,
            width,
        }
    }

    /// The cell with axial coordinates `(x, y)`, if it is on the board.
    #[inline]
    pub fn cell_at(&self, x: i32, y: i32) -> Option<u16> {
        let gx = x - self.min.0 as i32;
        let gy = y - self.min.1 as i32;
        if gx < 0 || gy < 0 || gx as usize >= self.width || gy as usize >= self.height {
            return None;
        }
        match self.grid[gx as usize * self.height + gy as usize] {
            0 => None,
            i => Some(i - 1),
        }
    }

    /// The axial coordinates of `sq`.
    #[inline]
    pub fn coords(&self, sq: u16) -> (i8, i8) {
        self.coords[sq as usize]
    }

    /// The 0-based line of `sq` (0 for line `a`).
    pub fn line_of(&self, sq: u16) -> usize {
        self.line_start.partition_point(|&s| s <= sq) - 1
    }

    /// The 1-based cell number of `sq` within its line.
    pub fn number_of(&self, sq: u16) -> u8 {
        (sq - self.line_start[self.line_of(sq)]) as u8 + 1
    }

    /// Number of lines.
    pub fn line_count(&self) -> usize {
        self.letters.len()
    }

    /// The letter of line `line`.
    pub fn line_letter(&self, line: usize) -> char {
        self.letters[line]
    }

    /// Number of cells of line `line`.
    pub fn line_len(&self, line: usize) -> u8 {
        (self.line_start[line + 1] - self.line_start[line]) as u8
    }

    /// The cell number `n` (1-based) of line `line`, if it exists.
    pub fn cell(&self, line: usize, n: u8) -> Option<u16> {
        (line < self.line_count() && n >= 1 && n <= self.line_len(line))
            .then(|| self.line_start[line] + n as u16 - 1)
    }
}

impl Geometry for HexBoard {
    fn cell_count(&self) -> usize {
        self.coords.len()
    }

    #[inline]
    fn step(&self, sq: u16, d: Delta) -> Option<u16> {
        if d.z != 0 {
            return None;
        }
        let (x, y) = self.coords[sq as usize];
        self.cell_at(x as i32 + d.x as i32, y as i32 + d.y as i32)
    }

    fn square_name(&self, sq: u16) -> String {
        format!("{}{}", self.letters[self.line_of(sq)], self.number_of(sq))
    }

    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        let letters: String = self.letters.iter().collect();
        let malformed = || SquareError::Malformed {
            text: text.to_owned(),
            expected: format!("a line letter ({letters}) and a cell number, such as a1"),
        };
        let mut chars = text.chars();
        let Some(c) = chars.next() else {
            return Err(malformed());
        };
        let digits = chars.as_str();
        if !c.is_ascii_lowercase()
            || digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(malformed());
        }
        let Some(line) = self.letters.iter().position(|&l| l == c) else {
            return Err(SquareError::OffBoard {
                text: text.to_owned(),
                reason: format!("there is no line {c}; the lines are {letters}"),
            });
        };
        let len = self.line_len(line);
        match parse_number(digits, len as u32) {
            Some(n) => Ok(self.line_start[line] + n as u16 - 1),
            None => Err(SquareError::OffBoard {
                text: text.to_owned(),
                reason: format!("line {c} has {len} cells"),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{leap_table, ray_table};

    fn dainy() -> HexBoard {
        let lens = [5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5];
        let letters: Vec<char> = ('a'..='k').collect();
        HexBoard::from_lines(&letters, &lens, |line, n| {
            (line as i8, (n as i8 - 1) + (line as i8 - 5).max(0))
        })
    }

    /// Gliński: files a..l without j, 6..11..6 cells; coordinates (file, rank + shift).
    fn glinski() -> HexBoard {
        let lens = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6];
        let letters: Vec<char> = "abcdefghikl".chars().collect();
        HexBoard::from_lines(&letters, &lens, |file, n| {
            (file as i8, (n as i8 - 1) + (file as i8 - 5).max(0))
        })
    }

    const TOUCH: [Delta; 6] = [
        Delta::flat(0, 1),
        Delta::flat(0, -1),
        Delta::flat(1, 0),
        Delta::flat(1, 1),
        Delta::flat(-1, 0),
        Delta::flat(-1, -1),
    ];

    #[test]
    fn both_hex_boards_are_expressible() {
        assert_eq!(dainy().cell_count(), 80);
        assert_eq!(glinski().cell_count(), 91);
        let g = glinski();
        assert_eq!(
            g.parse_square("f11").map(|s| g.square_name(s)),
            Ok("f11".into())
        );
        assert!(matches!(
            g.parse_square("j1"),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            g.parse_square("a7"),
            Err(SquareError::OffBoard { .. })
        ));
    }

    #[test]
    fn names_round_trip() {
        for b in [dainy(), glinski()] {
            for sq in b.squares() {
                assert_eq!(b.parse_square(&b.square_name(sq)), Ok(sq));
                assert_eq!(
                    b.cell_at(b.coords(sq).0 as i32, b.coords(sq).1 as i32),
                    Some(sq)
                );
            }
        }
    }

    #[test]
    fn off_board_names_give_line_length() {
        let b = dainy();
        for (bad, want) in [("a6", "line a has 5 cells"), ("f11", "line f has 10 cells")] {
            let e = b.parse_square(bad).unwrap_err().to_string();
            assert!(e.contains(want), "{e}");
        }
        assert!(b
            .parse_square("l1")
            .unwrap_err()
            .to_string()
            .contains("no line l"));
    }

    #[test]
    fn neighbour_counts() {
        // On a hexagon of side 6 (91 cells) interior cells have 6 neighbours: the number of
        // neighbour pairs is 3*91 - 3*6*... computed independently: 3n^2 - ... Here we check
        // the sum against the edge count of a hexagonal hexagon of side s: 3(3s^2 - 5s + 2)
        // pairs, each counted twice.
        let g = glinski();
        let s = 6;
        let pairs = 3 * (3 * s * s - 5 * s + 2);
        let total: usize = leap_table(&g, &TOUCH).iter().map(Vec::len).sum();
        assert_eq!(total, 2 * pairs);
        // Rays in the 6 touching directions from the centre cell of Gliński reach the edge
        // after 5 cells each.
        let f6 = g.parse_square("f6").unwrap();
        let rays = ray_table(&g, &TOUCH, None);
        assert!(rays[f6 as usize].iter().all(|r| r.len() == 5));
    }
}
