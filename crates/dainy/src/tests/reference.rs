//! A slow, obviously correct move generator written straight from the rules (test-only).
//!
//! No generated tables, no bitsets, no pins: every direction is the literal offset of ruling
//! H1/H2/H4, every candidate move is played on a copy and rejected if the mover's king is
//! then attacked (seed §3.10), and "attacked" is decided by asking every opposing piece
//! whether it could capture on the cell (seed §3.1).

use fairy_kernel::{Color, Delta, Geometry};

use crate::notation::geometry;
use crate::position::{
    Position, BLACK_LONG, BLACK_SHORT, KING_HOME, ROOK_LONG, ROOK_SHORT, WHITE_LONG, WHITE_SHORT,
};
use crate::types::{Piece, Role};

/// Ruling H1: touching directions `(dy, dw)`.
const ROOK_DIRS: [(i8, i8); 6] = [(0, 1), (0, -1), (1, 0), (1, 1), (-1, 0), (-1, -1)];
/// Ruling H1: gap directions.
const BISHOP_DIRS: [(i8, i8); 6] = [(2, 1), (1, 2), (1, -1), (-2, -1), (-1, -2), (-1, 1)];
/// Ruling H2: the twelve knight leaps, written out.
const KNIGHT_LEAPS: [(i8, i8); 12] = [
    (1, 3),
    (-1, 2),
    (2, 3),
    (3, 2),
    (3, 1),
    (2, -1),
    (1, -2),
    (-1, -3),
    (-2, -3),
    (-3, -2),
    (-3, -1),
    (-2, 1),
];

fn step(sq: u16, (dy, dw): (i8, i8)) -> Option<u16> {
    geometry().step(sq, Delta::flat(dy, dw))
}

/// Ruling H4: forward for each colour.
fn forward(c: Color) -> i8 {
    match c {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// A reference position: the placement, side and rights only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ref {
    pub cells: [Option<Piece>; 80],
    pub side: Color,
    pub castling: u8,
}

/// A reference move: from, to, promotion role, castling flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefMove {
    pub from: u16,
    pub to: u16,
    pub promo: Option<Role>,
    pub castle: bool,
}

impl RefMove {
    pub fn text(&self) -> String {
        let g = geometry();
        let mut s = format!("{}-{}", g.square_name(self.from), g.square_name(self.to));
        if let Some(r) = self.promo {
            s.push('=');
            s.push(r.upper_char());
        }
        s
    }
}

impl Ref {
    pub fn from_dainy(p: &Position) -> Ref {
        let mut cells = [None; 80];
        for (sq, c) in cells.iter_mut().enumerate() {
            *c = p.piece_on(sq as u16);
        }
        Ref {
            cells,
            side: fairy_kernel::Game::side_to_move(p),
            castling: p.castling_rights(),
        }
    }

    fn line(sq: u16) -> usize {
        geometry().line_of(sq)
    }

    /// Whether the piece on `from` could capture on `target` (ignoring what stands there).
    fn piece_attacks(&self, from: u16, target: u16) -> bool {
        let Some(p) = self.cells[from as usize] else {
            return false;
        };
        let slide = |dirs: &[(i8, i8)]| {
            dirs.iter().any(|&d| {
                let mut cur = from;
                while let Some(n) = step(cur, d) {
                    if n == target {
                        return true;
                    }
                    if self.cells[n as usize].is_some() {
                        return false;
                    }
                    cur = n;
                }
                false
            })
        };
        match p.role {
            Role::Rook => slide(&ROOK_DIRS),
            Role::Bishop => slide(&BISHOP_DIRS),
            Role::Queen => slide(&ROOK_DIRS) || slide(&BISHOP_DIRS),
            Role::Knight => KNIGHT_LEAPS.iter().any(|&d| step(from, d) == Some(target)),
            Role::King => ROOK_DIRS
                .iter()
                .chain(BISHOP_DIRS.iter())
                .any(|&d| step(from, d) == Some(target)),
            Role::Pawn => {
                let f = forward(p.color);
                [(f, 0), (f, f)]
                    .iter()
                    .any(|&d| step(from, d) == Some(target))
            }
        }
    }

    /// Whether `by` attacks `target`.
    pub fn attacked(&self, target: u16, by: Color) -> bool {
        (0..80u16).any(|s| {
            matches!(self.cells[s as usize], Some(p) if p.color == by)
                && self.piece_attacks(s, target)
        })
    }

    fn king(&self, c: Color) -> Option<u16> {
        (0..80u16).find(|&s| {
            self.cells[s as usize]
                == Some(Piece {
                    color: c,
                    role: Role::King,
                })
        })
    }

    pub fn in_check(&self, c: Color) -> bool {
        self.king(c).is_some_and(|k| self.attacked(k, !c))
    }

    pub fn apply(&self, m: RefMove) -> Ref {
        let mut r = self.clone();
        let us = self.side;
        let i = us.index();
        let piece = r.cells[m.from as usize].take();
        if m.castle {
            // Ruling H3: long a4-a1 with rook a1-a2; short a4-a5 with rook a5-a4.
            r.cells[m.to as usize] = piece;
            let rook = Some(Piece {
                color: us,
                role: Role::Rook,
            });
            if m.to == ROOK_LONG[i] {
                r.cells[(m.to + 1) as usize] = rook;
            } else {
                r.cells[m.from as usize] = rook;
            }
        } else {
            r.cells[m.to as usize] = match m.promo {
                Some(role) => Some(Piece { color: us, role }),
                None => piece,
            };
        }
        // Seed §3.9(1): a moved king or rook, or a captured rook, loses its rights.
        for (cell, bits) in [
            (KING_HOME[0], WHITE_SHORT | WHITE_LONG),
            (ROOK_LONG[0], WHITE_LONG),
            (ROOK_SHORT[0], WHITE_SHORT),
            (KING_HOME[1], BLACK_SHORT | BLACK_LONG),
            (ROOK_LONG[1], BLACK_LONG),
            (ROOK_SHORT[1], BLACK_SHORT),
        ] {
            if m.from == cell || m.to == cell {
                r.castling &= !bits;
            }
        }
        r.side = !us;
        r
    }

    fn pseudo(&self) -> Vec<RefMove> {
        let us = self.side;
        let mut out = Vec::new();
        let mv = |from, to| RefMove {
            from,
            to,
            promo: None,
            castle: false,
        };
        for from in 0..80u16 {
            let Some(p) = self.cells[from as usize] else {
                continue;
            };
            if p.color != us {
                continue;
            }
            let own = |s: u16| matches!(self.cells[s as usize], Some(q) if q.color == us);
            let slide = |dirs: &[(i8, i8)], out: &mut Vec<RefMove>| {
                for &d in dirs {
                    let mut cur = from;
                    while let Some(n) = step(cur, d) {
                        if own(n) {
                            break;
                        }
                        out.push(mv(from, n));
                        if self.cells[n as usize].is_some() {
                            break;
                        }
                        cur = n;
                    }
                }
            };
            match p.role {
                Role::Rook => slide(&ROOK_DIRS, &mut out),
                Role::Bishop => slide(&BISHOP_DIRS, &mut out),
                Role::Queen => {
                    slide(&ROOK_DIRS, &mut out);
                    slide(&BISHOP_DIRS, &mut out);
                }
                Role::Knight => {
                    for &d in &KNIGHT_LEAPS {
                        if let Some(t) = step(from, d) {
                            if !own(t) {
                                out.push(mv(from, t));
                            }
                        }
                    }
                }
                Role::King => {
                    for &d in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
                        if let Some(t) = step(from, d) {
                            if !own(t) {
                                out.push(mv(from, t));
                            }
                        }
                    }
                }
                Role::Pawn => {
                    let f = forward(us);
                    let start_line = if us == Color::White { 2 } else { 8 };
                    let last_line = if us == Color::White { 10 } else { 0 };
                    let mut targets = Vec::new();
                    // Seed §3.7(a), on any move (its first-move clause is not applied, ruling H4):
                    // straight ahead along the diagonal, to an empty cell.
                    if let Some(t) = step(from, (2 * f, f)) {
                        if self.cells[t as usize].is_none() {
                            targets.push(t);
                        }
                    }
                    for d in [(f, 0), (f, f)] {
                        if let Some(t) = step(from, d) {
                            match self.cells[t as usize] {
                                // Seed §3.7(c): capture on a touching cell ahead.
                                Some(q) if q.color != us => targets.push(t),
                                // Seed §3.7(b): from the starting line, a step there.
                                None if Self::line(from) == start_line => targets.push(t),
                                _ => {}
                            }
                        }
                    }
                    for t in targets {
                        if Self::line(t) == last_line {
                            for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                                out.push(RefMove {
                                    from,
                                    to: t,
                                    promo: Some(role),
                                    castle: false,
                                });
                            }
                        } else {
                            out.push(mv(from, t));
                        }
                    }
                }
            }
        }
        out
    }

    fn castlings(&self) -> Vec<RefMove> {
        let us = self.side;
        let i = us.index();
        let mut out = Vec::new();
        let king = Some(Piece {
            color: us,
            role: Role::King,
        });
        let rook = Some(Piece {
            color: us,
            role: Role::Rook,
        });
        let k = KING_HOME[i];
        if self.cells[k as usize] != king || self.in_check(us) {
            return out;
        }
        let (short, long) = if us == Color::White {
            (WHITE_SHORT, WHITE_LONG)
        } else {
            (BLACK_SHORT, BLACK_LONG)
        };
        let try_castle = |to: u16, passed: &[u16], out: &mut Vec<RefMove>| {
            if self.cells[to as usize] != rook {
                return;
            }
            // The cells between must be empty; being attacked does not matter (H3).
            if passed.iter().any(|&c| self.cells[c as usize].is_some()) {
                return;
            }
            let m = RefMove {
                from: k,
                to,
                promo: None,
                castle: true,
            };
            // The cell the king must occupy, judged before castling (H3).
            if !self.attacked(to, !us) {
                out.push(m);
            }
        };
        if self.castling & long != 0 {
            let a1 = ROOK_LONG[i];
            try_castle(a1, &[a1 + 2, a1 + 1], &mut out);
        }
        if self.castling & short != 0 {
            try_castle(ROOK_SHORT[i], &[], &mut out);
        }
        out
    }

    /// Every legal move (seed §3.10: no move may leave the own king attacked).
    pub fn legal(&self) -> Vec<RefMove> {
        let us = self.side;
        let mut out: Vec<RefMove> = self
            .pseudo()
            .into_iter()
            .filter(|&m| !self.apply(m).in_check(us))
            .collect();
        out.extend(self.castlings());
        out
    }

    /// Sorted move texts.
    pub fn legal_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().iter().map(RefMove::text).collect();
        v.sort();
        v
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.apply(m).perft(depth - 1)).sum()
    }
}
