//! A slow, obviously-correct reference move generator, straight from the rules document
//! (docs/rules/dragonchess.md), with no tables and no bitsets: coordinates and offsets only.

#![allow(dead_code)]
// The reference spells each rule out as the rules document states it, level by level,
// rather than in the shortest form.
#![allow(clippy::collapsible_match, clippy::type_complexity)]

/// A side: 0 Gold, 1 Scarlet.
pub type Side = usize;

/// Piece kinds in letter order S G R W O U H T C M K P D B E.
pub const LETTERS: &[u8; 15] = b"SGRWOUHTCMKPDBE";

/// A piece: (side, kind letter).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct P {
    pub side: Side,
    pub kind: u8,
}

/// A board: level 0..3 (0 Underworld), file 0..12, rank 0..8.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub cells: Vec<Option<P>>,
    pub side: Side,
    /// For each square holding a Hero off the Ground whose origin is recorded: the Ground
    /// square it came from (rule D3).
    pub origin: Vec<Option<(i32, i32, i32)>>,
}

/// A reference move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
pub struct RMove {
    pub from: (i32, i32, i32),
    pub to: (i32, i32, i32),
    pub afar: bool,
    pub promo: bool,
}

pub fn name((l, f, r): (i32, i32, i32)) -> String {
    format!("{}{}{}", l + 1, (b'a' + f as u8) as char, r + 1)
}

impl RMove {
    /// The move in the notation of ruling D9.
    pub fn notation(&self) -> String {
        format!(
            "{}{}{}{}",
            name(self.from),
            if self.afar { "x" } else { "-" },
            name(self.to),
            if self.promo { "=H" } else { "" }
        )
    }
}

fn on(l: i32, f: i32, r: i32) -> bool {
    (0..3).contains(&l) && (0..12).contains(&f) && (0..8).contains(&r)
}

impl Board {
    pub fn at(&self, l: i32, f: i32, r: i32) -> Option<P> {
        if on(l, f, r) {
            self.cells[(l * 96 + r * 12 + f) as usize]
        } else {
            None
        }
    }
    fn set(&mut self, (l, f, r): (i32, i32, i32), p: Option<P>) {
        self.cells[(l * 96 + r * 12 + f) as usize] = p;
    }

    /// Whether the piece of side `s` at (l,f,r) is frozen: on the Ground above an enemy
    /// Basilisk (rule 4.14.2).
    pub fn frozen(&self, l: i32, f: i32, r: i32) -> bool {
        let Some(p) = self.at(l, f, r) else {
            return false;
        };
        l == 1 && matches!(self.at(0, f, r), Some(b) if b.kind == b'B' && b.side != p.side)
    }

    /// Pseudo-legal moves of the piece at (l,f,r) (not checking freezing or the own King).
    pub fn piece_moves(&self, l: i32, f: i32, r: i32, out: &mut Vec<RMove>) {
        let Some(p) = self.at(l, f, r) else { return };
        let me = p.side;
        let fw = if me == 0 { 1 } else { -1 };
        let last = if me == 0 { 7 } else { 0 };
        let from = (l, f, r);
        // Helpers: kinds of target.
        let empty = |t: (i32, i32, i32)| on(t.0, t.1, t.2) && self.at(t.0, t.1, t.2).is_none();
        let enemy = |t: (i32, i32, i32)| {
            on(t.0, t.1, t.2) && matches!(self.at(t.0, t.1, t.2), Some(q) if q.side != me)
        };
        let free = |t: (i32, i32, i32)| empty(t) || enemy(t);
        let mut add = |to: (i32, i32, i32), out: &mut Vec<RMove>| {
            let promo = p.kind == b'W' && to.2 == last;
            let m = RMove {
                from,
                to,
                afar: false,
                promo,
            };
            if !out.contains(&m) {
                out.push(m);
            }
        };
        let orth = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        let diag = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
        let all8: Vec<(i32, i32)> = orth.iter().chain(diag.iter()).copied().collect();
        let knight = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let slide = |dirs: &[(i32, i32)],
                     out: &mut Vec<RMove>,
                     add: &mut dyn FnMut((i32, i32, i32), &mut Vec<RMove>)| {
            for &(df, dr) in dirs {
                let mut t = (l, f + df, r + dr);
                while on(t.0, t.1, t.2) {
                    if empty(t) {
                        add(t, out);
                    } else {
                        if enemy(t) {
                            add(t, out);
                        }
                        break;
                    }
                    t = (t.0, t.1 + df, t.2 + dr);
                }
            }
        };
        match p.kind {
            b'S' => {
                if l == 2 {
                    for df in [-1, 1] {
                        let t = (2, f + df, r + fw);
                        if empty(t) {
                            add(t, out);
                        }
                    }
                    if enemy((2, f, r + fw)) {
                        add((2, f, r + fw), out);
                    }
                    if enemy((1, f, r)) {
                        add((1, f, r), out);
                    }
                } else if l == 1 {
                    if empty((2, f, r)) {
                        add((2, f, r), out);
                    }
                    let home = if me == 0 { 1 } else { 6 };
                    for hf in [0, 2, 4, 6, 8, 10] {
                        if empty((2, hf, home)) {
                            add((2, hf, home), out);
                        }
                    }
                }
            }
            b'G' => {
                if l == 2 {
                    for (a, b) in [(3, 2), (2, 3)] {
                        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                            let t = (2, f + a * sa, r + b * sb);
                            if free(t) {
                                add(t, out);
                            }
                        }
                    }
                    for (df, dr) in diag {
                        let t = (1, f + df, r + dr);
                        if free(t) {
                            add(t, out);
                        }
                    }
                } else if l == 1 {
                    for (df, dr) in diag {
                        for tl in [1, 2] {
                            let t = (tl, f + df, r + dr);
                            if free(t) {
                                add(t, out);
                            }
                        }
                    }
                }
            }
            b'R' => {
                if l == 2 {
                    slide(&diag, out, &mut add);
                    for (df, dr) in orth {
                        let t = (2, f + df, r + dr);
                        if free(t) {
                            add(t, out);
                        }
                    }
                    for (df, dr) in [(0, 0), (0, 1), (1, 0), (0, -1), (-1, 0)] {
                        let t = (1, f + df, r + dr);
                        if enemy(t) {
                            out.push(RMove {
                                from,
                                to: t,
                                afar: true,
                                promo: false,
                            });
                        }
                    }
                }
            }
            b'W' => {
                if l == 1 {
                    if empty((1, f, r + fw)) {
                        add((1, f, r + fw), out);
                    }
                    for df in [-1, 1] {
                        if enemy((1, f + df, r + fw)) {
                            add((1, f + df, r + fw), out);
                        }
                    }
                }
            }
            b'O' => slide(&orth, out, &mut add),
            b'T' => slide(&diag, out, &mut add),
            b'U' => {
                for (df, dr) in knight {
                    if free((l, f + df, r + dr)) {
                        add((l, f + df, r + dr), out);
                    }
                }
            }
            b'H' => {
                if l == 1 {
                    for (df, dr) in diag {
                        for k in [1, 2] {
                            if free((1, f + k * df, r + k * dr)) {
                                add((1, f + k * df, r + k * dr), out);
                            }
                        }
                        for tl in [0, 2] {
                            if free((tl, f + df, r + dr)) {
                                add((tl, f + df, r + dr), out);
                            }
                        }
                    }
                } else if let Some(o) = self.origin[(l * 96 + r * 12 + f) as usize] {
                    // D3: back only to the square it came from.
                    if free(o) {
                        add(o, out);
                    }
                } else {
                    // D3: origin not recorded (a set-up position): any of the four.
                    for (df, dr) in diag {
                        if free((1, f + df, r + dr)) {
                            add((1, f + df, r + dr), out);
                        }
                    }
                }
            }
            b'C' => {
                for &(df, dr) in &all8 {
                    if free((l, f + df, r + dr)) {
                        add((l, f + df, r + dr), out);
                    }
                }
                for dl in [-1, 1] {
                    if free((l + dl, f, r)) {
                        add((l + dl, f, r), out);
                    }
                }
            }
            b'M' => {
                if l == 1 {
                    slide(&all8, out, &mut add);
                    for dl in [-1, 1] {
                        if free((1 + dl, f, r)) {
                            add((1 + dl, f, r), out);
                        }
                    }
                } else {
                    for (df, dr) in orth {
                        if free((l, f + df, r + dr)) {
                            add((l, f + df, r + dr), out);
                        }
                    }
                    if free((1, f, r)) {
                        add((1, f, r), out);
                    }
                    let other = 2 - l;
                    if empty((1, f, r)) && free((other, f, r)) {
                        add((other, f, r), out);
                    }
                }
            }
            b'K' => {
                if l == 1 {
                    for &(df, dr) in &all8 {
                        if free((1, f + df, r + dr)) {
                            add((1, f + df, r + dr), out);
                        }
                    }
                    for tl in [0, 2] {
                        if free((tl, f, r)) {
                            add((tl, f, r), out);
                        }
                    }
                } else if free((1, f, r)) {
                    add((1, f, r), out);
                }
            }
            b'P' => {
                for &(df, dr) in &all8 {
                    if free((l, f + df, r + dr)) {
                        add((l, f + df, r + dr), out);
                    }
                }
                if l == 1 {
                    for (df, dr) in knight {
                        if free((1, f + df, r + dr)) {
                            add((1, f + df, r + dr), out);
                        }
                    }
                }
                for dl in [-2i32, -1, 1, 2] {
                    let k = if dl.abs() == 1 { 2 } else { 1 };
                    for (df, dr) in orth {
                        let t = (l + dl, f + k * df, r + k * dr);
                        if free(t) {
                            add(t, out);
                        }
                    }
                }
            }
            b'D' => {
                if l == 0 || l == 1 {
                    for t in [(l, f, r + fw), (l, f - 1, r), (l, f + 1, r)] {
                        if empty(t) {
                            add(t, out);
                        }
                    }
                    for df in [-1, 1] {
                        if enemy((l, f + df, r + fw)) {
                            add((l, f + df, r + fw), out);
                        }
                    }
                    if l == 0 && enemy((1, f, r)) {
                        add((1, f, r), out);
                    }
                    if l == 1 && empty((0, f, r)) {
                        add((0, f, r), out);
                    }
                }
            }
            b'B' => {
                if l == 0 {
                    for df in [-1, 0, 1] {
                        if free((0, f + df, r + fw)) {
                            add((0, f + df, r + fw), out);
                        }
                    }
                    if empty((0, f, r - fw)) {
                        add((0, f, r - fw), out);
                    }
                }
            }
            b'E' => {
                if l == 0 {
                    for (df, dr) in orth {
                        let one = (0, f + df, r + dr);
                        if free(one) {
                            add(one, out);
                        }
                        let two = (0, f + 2 * df, r + 2 * dr);
                        if empty(one) && free(two) {
                            add(two, out);
                        }
                        if empty(one) && enemy((1, one.1, one.2)) {
                            add((1, one.1, one.2), out);
                        }
                    }
                    for (df, dr) in diag {
                        if empty((0, f + df, r + dr)) {
                            add((0, f + df, r + dr), out);
                        }
                    }
                } else if l == 1 && empty((0, f, r)) {
                    for (df, dr) in orth {
                        if free((0, f + df, r + dr)) {
                            add((0, f + df, r + dr), out);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Pseudo-legal moves of side `s` (frozen pieces excluded).
    pub fn pseudo(&self, s: Side) -> Vec<RMove> {
        let mut out = Vec::new();
        for l in 0..3 {
            for r in 0..8 {
                for f in 0..12 {
                    if let Some(p) = self.at(l, f, r) {
                        if p.side == s && !self.frozen(l, f, r) {
                            self.piece_moves(l, f, r, &mut out);
                        }
                    }
                }
            }
        }
        out
    }

    /// The board after a move (no legality check).
    pub fn after(&self, m: &RMove) -> Board {
        let mut b = self.clone();
        let at = |(l, f, r): (i32, i32, i32)| (l * 96 + r * 12 + f) as usize;
        // Whatever stood on the target is gone, with its record (D3).
        b.origin[at(m.to)] = None;
        if m.afar {
            b.set(m.to, None);
        } else {
            let moving = b.at(m.from.0, m.from.1, m.from.2);
            b.origin[at(m.from)] = None;
            if moving.is_some_and(|p| p.kind == b'H') && m.from.0 == 1 && m.to.0 != 1 {
                b.origin[at(m.to)] = Some(m.from);
            }
            let mut p = b.at(m.from.0, m.from.1, m.from.2);
            if m.promo {
                if let Some(q) = p.as_mut() {
                    q.kind = b'H';
                }
            }
            b.set(m.from, None);
            b.set(m.to, p);
        }
        b.side = 1 - b.side;
        b
    }

    fn king(&self, s: Side) -> Option<(i32, i32, i32)> {
        for l in 0..3 {
            for r in 0..8 {
                for f in 0..12 {
                    if self.at(l, f, r)
                        == Some(P {
                            side: s,
                            kind: b'K',
                        })
                    {
                        return Some((l, f, r));
                    }
                }
            }
        }
        None
    }

    /// Whether side `s`'s King is attacked: some pseudo-legal move of the other side lands on
    /// it (rule 5.1).
    pub fn in_check(&self, s: Side) -> bool {
        let Some(k) = self.king(s) else { return false };
        self.pseudo(1 - s).iter().any(|m| m.to == k)
    }

    /// Legal moves of the side to move (rule 5.2).
    pub fn legal(&self) -> Vec<RMove> {
        let s = self.side;
        let mut v: Vec<RMove> = self
            .pseudo(s)
            .into_iter()
            .filter(|m| !self.after(m).in_check(s))
            .collect();
        v.sort();
        v
    }
}
