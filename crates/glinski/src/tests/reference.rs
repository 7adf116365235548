//! A slow, obviously correct move generator written straight from the rules (test-only).
//!
//! No generated tables, no bitsets, no pins: every direction is the literal offset of
//! docs/rules/glinski.md §1/§3, every candidate move is played on a copy and rejected if
//! the mover's king is then attacked (§4.1), and "attacked" is decided by asking every
//! opposing piece whether it could capture on the cell.

use fairy_kernel::{Color, Delta, Geometry};

use crate::notation::geometry;
use crate::types::{Piece, Role};
use crate::Position;

/// §1: the six touching (rook) steps `(dx, dw)`.
const ROOK_DIRS: [(i8, i8); 6] = [(0, 1), (0, -1), (1, 0), (1, 1), (-1, 0), (-1, -1)];
/// §1: the six gap (bishop) steps.
const BISHOP_DIRS: [(i8, i8); 6] = [(1, 2), (2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1)];
/// §3.5: the twelve knight leaps, written out.
const KNIGHT_LEAPS: [(i8, i8); 12] = [
    (-1, 2),
    (1, 3),
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
/// §2: the pawns' start cells.
const WHITE_START: [&str; 9] = ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"];
const BLACK_START: [&str; 9] = ["b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "k7"];

fn step(sq: u16, (dx, dw): (i8, i8)) -> Option<u16> {
    geometry().step(sq, Delta::flat(dx, dw))
}

/// §3.6(a): forward along the file.
fn forward(c: Color) -> (i8, i8) {
    match c {
        Color::White => (0, 1),
        Color::Black => (0, -1),
    }
}

/// §3.6(c): the two capture steps, 60 degrees either side of forward.
fn capture_steps(c: Color) -> [(i8, i8); 2] {
    match c {
        Color::White => [(-1, 0), (1, 1)],
        Color::Black => [(1, 0), (-1, -1)],
    }
}

fn is_start(c: Color, sq: u16) -> bool {
    let list = match c {
        Color::White => WHITE_START,
        Color::Black => BLACK_START,
    };
    list.iter().any(|n| geometry().parse_square(n) == Ok(sq))
}

/// A reference position: placement, side, en-passant cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ref {
    pub cells: [Option<Piece>; 91],
    pub side: Color,
    pub ep: Option<u16>,
}

/// A reference move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefMove {
    pub from: u16,
    pub to: u16,
    pub promo: Option<Role>,
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
    pub fn from_position(p: &Position) -> Ref {
        let mut cells = [None; 91];
        for (sq, c) in cells.iter_mut().enumerate() {
            *c = p.piece_on(sq as u16);
        }
        Ref {
            cells,
            side: fairy_kernel::Game::side_to_move(p),
            ep: p.ep_cell(),
        }
    }

    /// Whether `sq` is attacked by a piece of `by`: looking outward from `sq` along every
    /// line for the first piece, at the knight leaps, and at the cells from which a pawn of
    /// `by` would capture on `sq` (§3, §4.1).
    pub fn attacked(&self, sq: u16, by: Color) -> bool {
        let enemy = |t: u16, roles: &[Role]| matches!(self.cells[t as usize], Some(p) if p.color == by && roles.contains(&p.role));
        let first_on_line = |d: (i8, i8)| -> Option<(u16, bool)> {
            let mut cur = sq;
            let mut adjacent = true;
            while let Some(n) = step(cur, d) {
                if self.cells[n as usize].is_some() {
                    return Some((n, adjacent));
                }
                adjacent = false;
                cur = n;
            }
            None
        };
        for (dirs, slider) in [(ROOK_DIRS, Role::Rook), (BISHOP_DIRS, Role::Bishop)] {
            for d in dirs {
                if let Some((t, adjacent)) = first_on_line(d) {
                    if enemy(t, &[slider, Role::Queen]) || (adjacent && enemy(t, &[Role::King])) {
                        return true;
                    }
                }
            }
        }
        if KNIGHT_LEAPS
            .iter()
            .any(|&d| step(sq, d).is_some_and(|t| enemy(t, &[Role::Knight])))
        {
            return true;
        }
        capture_steps(by)
            .iter()
            .any(|&(dx, dw)| step(sq, (-dx, -dw)).is_some_and(|t| enemy(t, &[Role::Pawn])))
    }

    fn king_of(&self, c: Color) -> Option<u16> {
        (0..91u16).find(|&s| {
            self.cells[s as usize]
                == Some(Piece {
                    color: c,
                    role: Role::King,
                })
        })
    }

    /// Whether `c`'s king is attacked.
    pub fn in_check(&self, c: Color) -> bool {
        self.king_of(c).is_some_and(|k| self.attacked(k, !c))
    }

    /// Moves by the piece rules, before the king-safety test.
    fn pseudo(&self) -> Vec<RefMove> {
        let us = self.side;
        let mut out = Vec::new();
        let add = |from: u16, to: u16, out: &mut Vec<RefMove>| {
            out.push(RefMove {
                from,
                to,
                promo: None,
            })
        };
        for from in 0..91u16 {
            let Some(p) = self.cells[from as usize] else {
                continue;
            };
            if p.color != us {
                continue;
            }
            let free_or_enemy = |t: u16| self.cells[t as usize].is_none_or(|q| q.color != us);
            let slide = |dirs: &[(i8, i8)], out: &mut Vec<RefMove>| {
                for &d in dirs {
                    let mut cur = from;
                    while let Some(n) = step(cur, d) {
                        match self.cells[n as usize] {
                            None => out.push(RefMove {
                                from,
                                to: n,
                                promo: None,
                            }),
                            Some(q) => {
                                if q.color != us {
                                    out.push(RefMove {
                                        from,
                                        to: n,
                                        promo: None,
                                    });
                                }
                                break;
                            }
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
                        if let Some(t) = step(from, d).filter(|&t| free_or_enemy(t)) {
                            add(from, t, &mut out);
                        }
                    }
                }
                Role::King => {
                    for &d in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
                        if let Some(t) = step(from, d).filter(|&t| free_or_enemy(t)) {
                            add(from, t, &mut out);
                        }
                    }
                }
                Role::Pawn => {
                    let mut targets = Vec::new();
                    if let Some(t1) = step(from, forward(us)) {
                        if self.cells[t1 as usize].is_none() {
                            targets.push(t1);
                            if is_start(us, from) {
                                if let Some(t2) = step(t1, forward(us)) {
                                    if self.cells[t2 as usize].is_none() {
                                        targets.push(t2);
                                    }
                                }
                            }
                        }
                    }
                    for d in capture_steps(us) {
                        if let Some(t) = step(from, d) {
                            let enemy = self.cells[t as usize].is_some_and(|q| q.color != us);
                            if enemy || self.ep == Some(t) {
                                targets.push(t);
                            }
                        }
                    }
                    for t in targets {
                        // §3.6(e): the end of the file is where no forward step is left.
                        if step(t, forward(us)).is_none() {
                            for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                                out.push(RefMove {
                                    from,
                                    to: t,
                                    promo: Some(r),
                                });
                            }
                        } else {
                            add(from, t, &mut out);
                        }
                    }
                }
            }
        }
        out
    }

    /// The position after `m`.
    pub fn apply(&self, m: RefMove) -> Ref {
        let mut r = self.clone();
        let p = r.cells[m.from as usize].take().expect("a piece moves");
        r.ep = None;
        if p.role == Role::Pawn {
            if self.ep == Some(m.to) && self.cells[m.to as usize].is_none() {
                // En passant: the pawn that skipped `to` stands one step beyond it.
                let victim = step(m.to, forward(!p.color)).expect("victim cell");
                r.cells[victim as usize] = None;
            }
            if step(m.from, forward(p.color)).and_then(|t| step(t, forward(p.color))) == Some(m.to)
            {
                r.ep = step(m.from, forward(p.color));
            }
        }
        r.cells[m.to as usize] = Some(Piece {
            color: p.color,
            role: m.promo.unwrap_or(p.role),
        });
        r.side = !self.side;
        r
    }

    /// The legal moves.
    pub fn legal(&self) -> Vec<RefMove> {
        self.pseudo()
            .into_iter()
            .filter(|&m| !self.apply(m).in_check(self.side))
            .collect()
    }

    /// The legal moves' texts, sorted.
    pub fn legal_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().iter().map(RefMove::text).collect();
        v.sort();
        v
    }

    /// Perft by the reference rules.
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
