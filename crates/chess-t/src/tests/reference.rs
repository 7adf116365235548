//! A slow, obviously-correct reference generator written straight from the rules (no
//! tables, no bit masks): coordinates, lines of movement as lists of cells, strength by
//! asking every piece whether its lines reach the cell. Compared with the fast generator by
//! quickcheck on positions reached by random legal play and on random placements.

use fairy_kernel::{Color, Game, Outcome, Reason};

use crate::ruleset::{Piece, Role};
use crate::Position;

/// One line of movement: its cells nearest first, and whether the piece jumps along it.
struct Line {
    cells: Vec<u16>,
    jumping: bool,
}

pub struct Reference<'a> {
    p: &'a Position,
    files: i32,
    ranks: i32,
}

impl<'a> Reference<'a> {
    pub fn new(p: &'a Position) -> Self {
        let r = p.rules();
        Reference {
            p,
            files: r.files as i32,
            ranks: r.ranks as i32,
        }
    }

    fn at(&self, f: i32, r: i32) -> Option<u16> {
        (f >= 0 && r >= 0 && f < self.files && r < self.ranks).then(|| (r * self.files + f) as u16)
    }

    fn coords(&self, s: u16) -> (i32, i32) {
        (s as i32 % self.files, s as i32 / self.files)
    }

    fn piece(&self, s: u16) -> Option<Piece> {
        self.p.piece_on(s)
    }

    pub fn castle_name_set(&self, c: Color) -> Vec<u16> {
        let g = crate::notation::geometry(self.p.variant());
        self.p.rules().castles[c.index()]
            .iter()
            .map(|n| fairy_kernel::Geometry::parse_square(&g, n).unwrap())
            .collect()
    }

    fn is_castle(&self, s: u16) -> bool {
        self.castle_name_set(Color::White).contains(&s)
            || self.castle_name_set(Color::Black).contains(&s)
    }

    fn in_territory(&self, c: Color, s: u16) -> bool {
        let (_, r) = self.coords(s);
        match c {
            Color::White => r < self.ranks / 2,
            Color::Black => r >= self.ranks / 2,
        }
    }

    fn enemy_field(&self, c: Color) -> Option<u16> {
        self.p.impregnable_field(!c).and_then(|s| self.p.cell(s))
    }

    fn ray(&self, from: u16, df: i32, dr: i32, range: i32) -> Vec<u16> {
        let (f, r) = self.coords(from);
        (1..=range)
            .map_while(|k| self.at(f + k * df, r + k * dr))
            .collect()
    }

    /// The lines of movement of `pc` standing on `from` (docs/rules/chess-t.md §2, §3; T4, T9,
    /// T10).
    fn lines(&self, pc: Piece, from: u16) -> Vec<Line> {
        let rules = self.p.rules();
        let orth = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        let diag = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
        let mut out = Vec::new();
        let mut add = |cells: Vec<u16>, jumping: bool| {
            if !cells.is_empty() {
                out.push(Line { cells, jumping });
            }
        };
        match pc.role {
            Role::King => {
                for (df, dr) in orth.iter().chain(diag.iter()) {
                    add(self.ray(from, *df, *dr, 1), false);
                }
            }
            Role::Konnet | Role::Prince => {
                let (range, jumping) = if pc.role == Role::Konnet {
                    (rules.konnet_orth_range as i32, true)
                } else {
                    (1, false)
                };
                for (df, dr) in orth {
                    add(self.ray(from, df, dr, range), jumping);
                }
                for (df, dr) in diag {
                    add(self.ray(from, df, dr, 3), false);
                }
            }
            Role::Ritter => {
                for (df, dr) in orth {
                    add(self.ray(from, df, dr, rules.ritter_range as i32), true);
                }
            }
            Role::Knecht | Role::VerKnecht => {
                let fwd = if pc.color == Color::White { 1 } else { -1 };
                add(self.ray(from, 1, 0, 1), false);
                add(self.ray(from, -1, 0, 1), false);
                add(self.ray(from, 0, -fwd, 1), false);
                let mut f = self.ray(from, 0, fwd, 2);
                if f.len() == 2 && !self.in_territory(pc.color, f[1]) {
                    f.pop();
                }
                add(f, false);
            }
            Role::Scout => {
                let (f, r) = self.coords(from);
                for (df, dr) in [
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ] {
                    if let Some(s) = self.at(f + df, r + dr) {
                        add(vec![s], true);
                    }
                }
            }
        }
        out
    }

    /// The cells `pc` on `from` projects strength onto, apart from its own (T6, T12).
    fn reach(&self, pc: Piece, from: u16) -> Vec<u16> {
        let mut out = Vec::new();
        for line in self.lines(pc, from) {
            if line.jumping {
                out.extend(line.cells);
                continue;
            }
            for c in line.cells {
                if Some(c) == self.enemy_field(pc.color) {
                    break;
                }
                out.push(c);
                if self.piece(c).is_some() {
                    break;
                }
                if self.is_castle(c) && !pc.role.is_royal() {
                    break;
                }
            }
        }
        out
    }

    /// (White, Black) strength on `t` in half units, castle rule included.
    pub fn strength(&self, t: u16) -> (u16, u16) {
        let mut royal = [0u16; 2];
        let mut other = [0u16; 2];
        let n = (self.files * self.ranks) as u16;
        for s in 0..n {
            let Some(pc) = self.piece(s) else { continue };
            if pc.role == Role::Scout {
                continue;
            }
            if s == t || self.reach(pc, s).contains(&t) {
                let v = pc.role.strength();
                if pc.role.is_royal() {
                    royal[pc.color.index()] += v;
                } else {
                    other[pc.color.index()] += v;
                }
            }
        }
        let mut sum = [royal[0] + other[0], royal[1] + other[1]];
        if self.is_castle(t) {
            for c in Color::ALL {
                let defends = self.piece(t).is_some_and(|p| p.color == c);
                if !defends && royal[c.index()] == 0 {
                    sum[c.index()] = 0;
                }
            }
        }
        (sum[0], sum[1])
    }

    fn count(&self, c: Color, k: Role) -> usize {
        let n = (self.files * self.ranks) as u16;
        (0..n)
            .filter(|&s| self.piece(s) == Some(Piece { role: k, color: c }))
            .count()
    }

    fn royal_in_castle(&self, piece_color: Color, castle_of: Color) -> Vec<u16> {
        self.castle_name_set(castle_of)
            .into_iter()
            .filter(|&s| {
                self.piece(s)
                    .is_some_and(|p| p.color == piece_color && p.role.is_royal())
            })
            .collect()
    }

    pub fn decided(&self) -> Option<Outcome> {
        for c in Color::ALL {
            if self.count(c, Role::King) == 0 {
                return Some(Outcome::Win {
                    winner: !c,
                    reason: Reason::KingCaptured,
                });
            }
        }
        let mover = !self.p.side_to_move();
        for c in [mover, !mover] {
            if !self.royal_in_castle(c, !c).is_empty() && self.royal_in_castle(!c, !c).is_empty() {
                return Some(Outcome::Win {
                    winner: c,
                    reason: Reason::CastleCapture,
                });
            }
        }
        None
    }

    /// The legal moves as their canonical texts, sorted.
    pub fn moves(&self) -> Vec<String> {
        if self.decided().is_some() {
            return Vec::new();
        }
        let g = crate::notation::geometry(self.p.variant());
        let name = |s: u16| fairy_kernel::Geometry::square_name(&g, s);
        let us = self.p.side_to_move();
        let n = (self.files * self.ranks) as u16;
        let mut out = Vec::new();
        let defenders = self.royal_in_castle(us, us);
        let lone = (defenders.len() == 1 && !self.royal_in_castle(!us, us).is_empty())
            .then(|| defenders[0]);
        let own_castle = self.castle_name_set(us);
        let enemy_castle = self.castle_name_set(!us);
        let cap_prince = self.count(us, Role::Prince) < 3;
        let cap_konnet = self.count(us, Role::Konnet) < 3;
        for from in 0..n {
            let Some(pc) = self.piece(from) else { continue };
            if pc.color != us {
                continue;
            }
            let mut targets: Vec<(u16, bool)> = Vec::new(); // (cell, exchange)
            let push = |out: &mut Vec<String>, to: u16, promo: Option<Role>| {
                let mut s = format!("{}-{}", name(from), name(to));
                if let Some(k) = promo {
                    s.push('=');
                    s.push(k.letter());
                }
                out.push(s);
            };
            for line in self.lines(pc, from) {
                for (i, &c) in line.cells.iter().enumerate() {
                    if pc.role == Role::Scout {
                        if Some(c) == self.enemy_field(us) {
                            break;
                        }
                        match self.piece(c) {
                            Some(q) if q.color == us => {}
                            Some(_) => push(&mut out, c, None), // capture or exchange
                            None if self.is_castle(c) => {}
                            None => push(&mut out, c, None),
                        }
                        break;
                    }
                    let blocked_here = Some(c) == self.enemy_field(us)
                        || (self.is_castle(c) && !pc.role.is_royal());
                    if blocked_here {
                        // The Ver Knecht's single *forward* step onto a free enemy castle cell
                        // (T8, T12); not sideways, not back.
                        let forward = if us == Color::White { 1 } else { -1 };
                        if pc.role == Role::VerKnecht
                            && i == 0
                            && self.coords(c).0 == self.coords(from).0
                            && self.coords(c).1 == self.coords(from).1 + forward
                            && enemy_castle.contains(&c)
                            && self.piece(c).is_none()
                            && lone != Some(from)
                        {
                            if cap_prince {
                                push(&mut out, c, Some(Role::Prince));
                            }
                            if cap_konnet {
                                push(&mut out, c, Some(Role::Konnet));
                            }
                        }
                        if line.jumping {
                            continue;
                        }
                        break;
                    }
                    match self.piece(c) {
                        Some(q) if q.color == us => {
                            if line.jumping {
                                continue;
                            }
                            break;
                        }
                        Some(_) => {
                            let (w, b) = self.strength(c);
                            let (mine, theirs) = if us == Color::White { (w, b) } else { (b, w) };
                            if mine > theirs {
                                // A capture (T6).
                                targets.push((c, false));
                            } else if mine == theirs
                                && self.p.rules().exchange_on_equal
                                && pc.role != Role::King
                            {
                                // An exchange on equal sums (T6a); never by the King.
                                targets.push((c, true));
                            }
                            if !line.jumping {
                                break;
                            }
                        }
                        None => targets.push((c, false)),
                    }
                }
            }
            for (to, exchange) in targets {
                if lone == Some(from) && !own_castle.contains(&to) {
                    continue;
                }
                if exchange {
                    // Written `from-to`; it promotes nothing (T6a).
                    push(&mut out, to, None);
                    continue;
                }
                let (_, rank) = self.coords(to);
                let last = if us == Color::White {
                    self.ranks - 1
                } else {
                    0
                };
                match pc.role {
                    Role::Knecht => {
                        let promotes = match us {
                            Color::White => rank > self.ranks / 2, // rank 6 or beyond
                            Color::Black => rank <= self.ranks / 2 - 2,
                        };
                        push(&mut out, to, promotes.then_some(Role::VerKnecht));
                    }
                    Role::VerKnecht if rank == last => {
                        let mut choices = vec![Role::Ritter];
                        if cap_prince {
                            choices.push(Role::Prince);
                        }
                        if cap_konnet {
                            choices.push(Role::Konnet);
                        }
                        if self.p.rules().scouts {
                            choices.push(Role::Scout);
                        }
                        for k in choices {
                            push(&mut out, to, Some(k));
                        }
                    }
                    Role::Prince
                        if enemy_castle.contains(&to)
                            && !enemy_castle.contains(&from)
                            && !self.p.konnet_promoted(us)
                            && cap_konnet =>
                    {
                        push(&mut out, to, Some(Role::Konnet));
                    }
                    _ => push(&mut out, to, None),
                }
            }
        }
        out.sort();
        out
    }
}
