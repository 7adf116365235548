//! Rectangular boards: files `a..` left to right, ranks `1..` bottom to top.

use super::{parse_number, Delta, Geometry};
use crate::error::SquareError;

/// A rectangular board of `files` x `ranks` squares (1..=26 files, 1..=99 ranks).
///
/// Square index = `rank * files + file` (0-based), so `a1` is 0 and the index grows along
/// the rank first. Names are a file letter and a rank number: `a1`, `i8`, `x12`.
///
/// ```
/// use fairy_kernel::{Geometry, RectBoard};
/// let b = RectBoard::new(24, 12);
/// assert_eq!(b.cell_count(), 288);
/// assert_eq!(b.parse_square("x12").unwrap(), 287);
/// assert_eq!(b.square_name(24), "a2");
/// assert!(b.parse_square("y1").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RectBoard {
    files: u8,
    ranks: u8,
}

impl RectBoard {
    /// A board of `files` x `ranks`.
    ///
    /// # Panics
    /// When `files` is not in 1..=26 or `ranks` not in 1..=99 (a programming error, not
    /// user input).
    pub const fn new(files: u8, ranks: u8) -> RectBoard {
        assert!(files >= 1 && files <= 26 && ranks >= 1 && ranks <= 99);
        RectBoard { files, ranks }
    }

    /// Number of files.
    pub const fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks.
    pub const fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The square at 0-based `file` and `rank`, if on the board.
    pub const fn square(&self, file: i32, rank: i32) -> Option<u16> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            None
        } else {
            Some((rank * self.files as i32 + file) as u16)
        }
    }

    /// The 0-based file of `sq`.
    pub const fn file_of(&self, sq: u16) -> u8 {
        (sq % self.files as u16) as u8
    }

    /// The 0-based rank of `sq`.
    pub const fn rank_of(&self, sq: u16) -> u8 {
        (sq / self.files as u16) as u8
    }

    /// The letter of the 0-based `file` (`a` for 0).
    pub const fn file_char(file: u8) -> char {
        (b'a' + file) as char
    }
}

impl Geometry for RectBoard {
    fn cell_count(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    #[inline]
    fn step(&self, sq: u16, d: Delta) -> Option<u16> {
        if d.z != 0 {
            return None;
        }
        self.square(
            self.file_of(sq) as i32 + d.x as i32,
            self.rank_of(sq) as i32 + d.y as i32,
        )
    }

    fn square_name(&self, sq: u16) -> String {
        format!(
            "{}{}",
            Self::file_char(self.file_of(sq)),
            self.rank_of(sq) as u32 + 1
        )
    }

    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        let last_file = Self::file_char(self.files - 1);
        let expected = || {
            format!(
                "a file letter a..{last_file} and a rank number 1..{}",
                self.ranks
            )
        };
        let mut chars = text.chars();
        let Some(f) = chars.next().filter(|c| c.is_ascii_lowercase()) else {
            return Err(SquareError::Malformed {
                text: text.to_owned(),
                expected: expected(),
            });
        };
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(SquareError::Malformed {
                text: text.to_owned(),
                expected: expected(),
            });
        }
        let file = f as u8 - b'a';
        if file >= self.files {
            return Err(SquareError::OffBoard {
                text: text.to_owned(),
                reason: format!("files run a..{last_file}"),
            });
        }
        let Some(rank) = parse_number(digits, self.ranks as u32) else {
            return Err(SquareError::OffBoard {
                text: text.to_owned(),
                reason: format!("ranks run 1..{}", self.ranks),
            });
        };
        Ok((rank as u16 - 1) * self.files as u16 + file as u16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{leap_table, ray, ray_table, KNIGHT, ORTHOGONAL_AND_DIAGONAL};

    #[test]
    fn names_round_trip_on_every_size_used() {
        for (f, r) in [(8, 8), (9, 8), (24, 12), (12, 8)] {
            let b = RectBoard::new(f, r);
            for sq in b.squares() {
                assert_eq!(b.parse_square(&b.square_name(sq)), Ok(sq));
            }
        }
    }

    #[test]
    fn parse_errors_say_why() {
        let b = RectBoard::new(24, 12);
        assert!(matches!(
            b.parse_square("y1"),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            b.parse_square("a13"),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            b.parse_square("a0"),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            b.parse_square("a01"),
            Err(SquareError::OffBoard { .. })
        ));
        for bad in ["", "1a", "A1", "a", "a1x", "é1", "a-1"] {
            assert!(
                matches!(b.parse_square(bad), Err(SquareError::Malformed { .. })),
                "{bad:?}"
            );
        }
        let msg = b.parse_square("y1").unwrap_err().to_string();
        assert!(msg.contains("\"y1\"") && msg.contains("a..x"), "{msg}");
    }

    #[test]
    fn ray_counts_on_8x8() {
        let b = RectBoard::new(8, 8);
        let rays = ray_table(&b, &ORTHOGONAL_AND_DIAGONAL, None);
        // A queen on an empty 8x8 board has 1456 moves in total over all squares.
        let total: usize = rays.iter().flatten().map(Vec::len).sum();
        assert_eq!(total, 1456);
        let knights: usize = leap_table(&b, &KNIGHT).iter().map(Vec::len).sum();
        assert_eq!(knights, 336);
    }

    #[test]
    fn ray_respects_max_range_and_edges() {
        let b = RectBoard::new(9, 8);
        let h4 = b.parse_square("h4").unwrap();
        let up: Vec<_> = ray(&b, h4, Delta::flat(0, 1), Some(3))
            .into_iter()
            .map(|s| b.square_name(s))
            .collect();
        assert_eq!(up, ["h5", "h6", "h7"]);
        let right = ray(&b, h4, Delta::flat(1, 0), Some(3));
        assert_eq!(right.len(), 1);
    }
}
