//! Static evaluation (not a rule) and the text diagram.

use fairy_kernel::Color;

use crate::position::{decode, Position};
use crate::tables::{square, FILES, RANKS};
use crate::Role;

/// Material values in centipawns, indexed by [`Role`]: prince 1500, queen 900, rook 500,
/// bishop 320, knight 300, pawn 100 (documented in `docs/rules/regicide.md`, section 11).
pub const PIECE_VALUES: [i32; 6] = [1500, 900, 500, 320, 300, 100];

/// Centipawns per legal sub-move of the front to move.
pub const MOBILITY_WEIGHT: i32 = 2;

impl Position {
    /// Material of the side to move minus the opponent's, plus [`MOBILITY_WEIGHT`] per legal
    /// sub-move of the front to move.
    pub(crate) fn evaluation(&self) -> i32 {
        let mut score = 0;
        for role in Role::ALL {
            let r = self.by_role[role as usize];
            let diff = (r & self.by_color[self.side.index()]).count() as i32
                - (r & self.by_color[(!self.side).index()]).count() as i32;
            score += diff * PIECE_VALUES[role as usize];
        }
        score + MOBILITY_WEIGHT * self.count_moves() as i32
    }

    /// A text drawing: rank 12 at the top, fronts separated by `|`, then the state line;
    /// ends with a newline.
    pub(crate) fn draw(&self) -> String {
        let mut s = String::new();
        let files: String = (0..FILES)
            .map(|f| {
                let sep = if f > 0 && f % 8 == 0 { "| " } else { "" };
                format!("{sep}{} ", char::from(b'a' + f as u8))
            })
            .collect();
        s.push_str(&format!("     {}\n", files.trim_end()));
        for rank in (0..RANKS).rev() {
            s.push_str(&format!("{:>3}  ", rank + 1));
            for file in 0..FILES {
                if file > 0 && file % 8 == 0 {
                    s.push_str("| ");
                }
                let c = self.board[square(file, rank) as usize];
                s.push(if c == 0 { '.' } else { decode(c).char() });
                s.push(' ');
            }
            s.push_str(&format!("{:>2}\n", rank + 1));
        }
        s.push_str(&format!("     {}\n", files.trim_end()));
        s.push_str(&format!(
            "{} to move on front {}, turn {}\n",
            match self.side {
                Color::White => "White",
                Color::Black => "Black",
            },
            ["I", "II", "III"][self.front as usize],
            self.turn
        ));
        s
    }
}
