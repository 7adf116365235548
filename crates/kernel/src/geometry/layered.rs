//! Layered boards: several rectangular boards stacked, named `<level><file><rank>`.

use super::{parse_number, Delta, Geometry};
use crate::error::SquareError;

/// `levels` stacked boards of `files` x `ranks` (levels 1..=9, files 1..=26, ranks 1..=99).
///
/// Levels are numbered from 1 at the bottom. Square index =
/// `(level - 1) * files * ranks + rank * files + file` (0-based file and rank), so each
/// level is a contiguous block. Names are `3c4`: level, file letter, rank number.
///
/// ```
/// use fairy_kernel::{Delta, Geometry, LayeredBoard};
/// let b = LayeredBoard::new(3, 12, 8);
/// assert_eq!(b.cell_count(), 288);
/// let sq = b.parse_square("3c4").unwrap();
/// assert_eq!(b.square_name(sq), "3c4");
/// let below = b.step(sq, Delta::layered(-1, 0, 0)).unwrap();
/// assert_eq!(b.square_name(below), "2c4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LayeredBoard {
    levels: u8,
    files: u8,
    ranks: u8,
}

impl LayeredBoard {
    /// A board of `levels` x `files` x `ranks`.
    ///
    /// # Panics
    /// When a dimension is out of its range (a programming error, not user input).
    pub const fn new(levels: u8, files: u8, ranks: u8) -> LayeredBoard {
        assert!(levels >= 1 && levels <= 9 && files >= 1 && files <= 26);
        assert!(ranks >= 1 && ranks <= 99);
        LayeredBoard {
            levels,
            files,
            ranks,
        }
    }

    /// Number of levels.
    pub const fn levels(&self) -> u8 {
        self.levels
    }

    /// Number of files per level.
    pub const fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks per level.
    pub const fn ranks(&self) -> u8 {
        self.ranks
    }

    /// Squares per level.
    pub const fn level_size(&self) -> u16 {
        self.files as u16 * self.ranks as u16
    }

    /// The square at `level` (1-based) and 0-based `file`, `rank`, if on the board.
    pub const fn square(&self, level: i32, file: i32, rank: i32) -> Option<u16> {
        if level < 1
            || level > self.levels as i32
            || file < 0
            || rank < 0
            || file >= self.files as i32
            || rank >= self.ranks as i32
        {
            None
        } else {
            Some(((level - 1) * self.level_size() as i32 + rank * self.files as i32 + file) as u16)
        }
    }

    /// The 1-based level of `sq`.
    pub const fn level_of(&self, sq: u16) -> u8 {
        (sq / self.level_size()) as u8 + 1
    }

    /// The 0-based file of `sq`.
    pub const fn file_of(&self, sq: u16) -> u8 {
        (sq % self.files as u16) as u8
    }

    /// The 0-based rank of `sq`.
    pub const fn rank_of(&self, sq: u16) -> u8 {
        ((sq % self.level_size()) / self.files as u16) as u8
    }
}

impl Geometry for LayeredBoard {
    fn cell_count(&self) -> usize {
        self.levels as usize * self.level_size() as usize
    }

    #[inline]
    fn step(&self, sq: u16, d: Delta) -> Option<u16> {
        self.square(
            self.level_of(sq) as i32 + d.z as i32,
            self.file_of(sq) as i32 + d.x as i32,
            self.rank_of(sq) as i32 + d.y as i32,
        )
    }

    fn square_name(&self, sq: u16) -> String {
        format!(
            "{}{}{}",
            self.level_of(sq),
            (b'a' + self.file_of(sq)) as char,
            self.rank_of(sq) as u32 + 1
        )
    }

    fn parse_square(&self, text: &str) -> Result<u16, SquareError> {
        let last_file = (b'a' + self.files - 1) as char;
        let malformed = || SquareError::Malformed {
            text: text.to_owned(),
            expected: format!(
                "a level 1..{}, a file letter a..{last_file} and a rank 1..{}, such as 2e4",
                self.levels, self.ranks
            ),
        };
        let b = text.as_bytes();
        if b.len() < 3 || !b[0].is_ascii_digit() || !b[1].is_ascii_lowercase() {
            return Err(malformed());
        }
        let digits = &text[2..];
        if !digits.bytes().all(|c| c.is_ascii_digit()) {
            return Err(malformed());
        }
        let level = (b[0] - b'0') as i32;
        if level < 1 || level > self.levels as i32 {
            return Err(SquareError::OffBoard {
                text: text.to_owned(),
                reason: format!("levels run 1..{}", self.levels),
            });
        }
        let file = (b[1] - b'a') as i32;
        if file >= self.files as i32 {
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
        self.square(level, file, rank as i32 - 1)
            .ok_or_else(malformed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let b = LayeredBoard::new(3, 12, 8);
        for sq in b.squares() {
            assert_eq!(b.parse_square(&b.square_name(sq)), Ok(sq));
        }
        assert_eq!(b.parse_square("1a1"), Ok(0));
        assert_eq!(b.parse_square("3l8"), Ok(287));
    }

    #[test]
    fn level_steps_stop_at_top_and_bottom() {
        let b = LayeredBoard::new(3, 12, 8);
        let top = b.parse_square("3a1").unwrap();
        assert_eq!(b.step(top, Delta::layered(1, 0, 0)), None);
        let bottom = b.parse_square("1a1").unwrap();
        assert_eq!(b.step(bottom, Delta::layered(-1, 0, 0)), None);
        // Every square has 8 flat king neighbours at most; the 3-D king (26 offsets) at most 26.
        let mut n = 0;
        for dz in -1..=1 {
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if (dz, dx, dy) != (0, 0, 0)
                        && b.step(b.parse_square("2e4").unwrap(), Delta::layered(dz, dx, dy))
                            .is_some()
                    {
                        n += 1;
                    }
                }
            }
        }
        assert_eq!(n, 26);
    }

    #[test]
    fn parse_errors() {
        let b = LayeredBoard::new(3, 12, 8);
        assert!(matches!(
            b.parse_square("4a1"),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            b.parse_square("0a1"),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            b.parse_square("2m1"),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            b.parse_square("2a9"),
            Err(SquareError::OffBoard { .. })
        ));
        for bad in ["", "a1", "2A1", "21a", "2a", "2a1b"] {
            assert!(matches!(
                b.parse_square(bad),
                Err(SquareError::Malformed { .. })
            ));
        }
    }
}
