//! A slow, obviously-correct reference move generator for Synthesis chess, written straight
//! from docs/rules/synthesis.md with a mailbox board and coordinate stepping: no bitboards,
//! no tables, no pins. Test-only.

#![allow(dead_code)]

use fairy_synthesis::{Color, Latch, Position, Role};

/// A square as (file, rank), both 0..8.
pub type Sq = (i8, i8);

fn on_board((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn idx((f, r): Sq) -> usize {
    (r * 8 + f) as usize
}

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

const ORTH: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [Sq; 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The mode of a side (S1-S4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RMode {
    Home,
    Swapped,
    Bereft(u8),
    Late,
}

/// A reference position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    pub board: [Option<(Color, Role)>; 64],
    pub side: Color,
    /// White king side, White queen side, Black king side, Black queen side.
    pub castling: [bool; 4],
    pub ep: Option<Sq>,
    pub latch: [Latch; 2],
    pub orig: [Option<Sq>; 2],
    pub halfmove: u32,
    pub fullmove: u32,
}

/// A reference move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RMove {
    pub from: Sq,
    pub to: Sq,
    pub promo: Option<Role>,
    pub castle: bool,
    pub ep: bool,
    pub double: bool,
}

impl RMove {
    pub fn text(&self) -> String {
        let mut s = format!("{}-{}", name(self.from), name(self.to));
        if let Some(r) = self.promo {
            s.push('=');
            s.push(match r {
                Role::Queen => 'Q',
                Role::Rook => 'R',
                Role::Bishop => 'B',
                _ => 'N',
            });
        }
        s
    }
}

fn home(c: Color) -> Sq {
    match c {
        Color::White => (3, 0),
        Color::Black => (3, 7),
    }
}

fn forward(c: Color) -> i8 {
    match c {
        Color::White => 1,
        Color::Black => -1,
    }
}

impl RefPos {
    pub fn from_position(p: &Position) -> RefPos {
        let mut board = [None; 64];
        for (i, slot) in board.iter_mut().enumerate() {
            *slot = p
                .piece_at(fairy_synthesis::Square::ALL[i])
                .map(|pc| (pc.color, pc.role));
        }
        let cr = p.castling_rights();
        let sq = |s: fairy_synthesis::Square| (s.file() as i8, s.rank() as i8);
        RefPos {
            board,
            side: p.side_to_move(),
            castling: [cr & 1 != 0, cr & 2 != 0, cr & 4 != 0, cr & 8 != 0],
            ep: p.en_passant().map(sq),
            latch: [p.latch(Color::White), p.latch(Color::Black)],
            orig: [
                p.original_queen(Color::White).map(sq),
                p.original_queen(Color::Black).map(sq),
            ],
            halfmove: p.halfmove_clock(),
            fullmove: p.fullmove_number(),
        }
    }

    pub fn at(&self, s: Sq) -> Option<(Color, Role)> {
        self.board[idx(s)]
    }

    pub fn king(&self, c: Color) -> Option<Sq> {
        (0..64).find_map(|i| {
            (self.board[i] == Some((c, Role::King))).then_some(((i % 8) as i8, (i / 8) as i8))
        })
    }

    pub fn mode(&self, c: Color) -> RMode {
        match self.latch[c.index()] {
            Latch::None => {
                if self.orig[c.index()] == Some(home(c)) {
                    RMode::Home
                } else {
                    RMode::Swapped
                }
            }
            Latch::Home => RMode::Home,
            Latch::Bereft(n) => RMode::Bereft(n),
            Latch::Late => RMode::Late,
        }
    }

    /// Squares reached by sliding from `from` in `dirs`: (empty squares, first occupied
    /// square per direction).
    fn slide(&self, from: Sq, dirs: &[Sq]) -> (Vec<Sq>, Vec<Sq>) {
        let mut empties = vec![];
        let mut blockers = vec![];
        for &(df, dr) in dirs {
            let mut s = (from.0 + df, from.1 + dr);
            while on_board(s) {
                if self.at(s).is_some() {
                    blockers.push(s);
                    break;
                }
                empties.push(s);
                s = (s.0 + df, s.1 + dr);
            }
        }
        (empties, blockers)
    }

    fn steps(from: Sq, dirs: &[Sq]) -> Vec<Sq> {
        dirs.iter()
            .map(|&(df, dr)| (from.0 + df, from.1 + dr))
            .filter(|&s| on_board(s))
            .collect()
    }

    /// The squares a piece attacks: its orthodox capture geometry, in every mode (S10).
    pub fn attacks_from(&self, from: Sq, c: Color, role: Role) -> Vec<Sq> {
        match role {
            Role::Pawn => Self::steps(from, &[(-1, forward(c)), (1, forward(c))]),
            Role::Knight => Self::steps(from, &KNIGHT),
            Role::King => Self::steps(from, &[ORTH, DIAG].concat()),
            Role::Bishop => self.slide(from, &DIAG).1,
            Role::Rook => self.slide(from, &ORTH).1,
            Role::Queen => self.slide(from, &[ORTH, DIAG].concat()).1,
        }
    }

    pub fn attacked(&self, target: Sq, by: Color) -> bool {
        for i in 0..64 {
            if let Some((c, r)) = self.board[i] {
                if c == by {
                    let from = ((i % 8) as i8, (i / 8) as i8);
                    let att = match r {
                        Role::Bishop | Role::Rook | Role::Queen => {
                            // Sliders: include every square up to and including the blocker.
                            let dirs: Vec<Sq> = match r {
                                Role::Bishop => DIAG.to_vec(),
                                Role::Rook => ORTH.to_vec(),
                                _ => [ORTH, DIAG].concat(),
                            };
                            let (e, b) = self.slide(from, &dirs);
                            [e, b].concat()
                        }
                        _ => self.attacks_from(from, c, r),
                    };
                    if att.contains(&target) {
                        return true;
                    }
                }
            }
        }
        false
    }

    pub fn in_check(&self, c: Color) -> bool {
        self.king(c).is_some_and(|k| self.attacked(k, !c))
    }

    fn is_capture(&self, m: &RMove) -> bool {
        m.ep || self.at(m.to).is_some_and(|(c, _)| c != self.side)
    }

    /// Pseudo-legal moves of the side to move in its mode (section 3, 6).
    pub fn pseudo(&self) -> Vec<RMove> {
        let us = self.side;
        let mode = self.mode(us);
        let in_check = self.in_check(us);
        let mut out = vec![];
        let mv = |from, to| RMove {
            from,
            to,
            promo: None,
            castle: false,
            ep: false,
            double: false,
        };
        for i in 0..64 {
            let Some((c, role)) = self.board[i] else {
                continue;
            };
            if c != us {
                continue;
            }
            let from = ((i % 8) as i8, (i / 8) as i8);
            let enemy = |s: Sq| self.at(s).is_some_and(|(pc, _)| pc != us);
            let empty = |s: Sq| self.at(s).is_none();
            let mut day: Vec<Sq> = vec![];
            let mut night: Vec<Sq> = vec![];
            match role {
                Role::Pawn => {
                    let f = forward(us);
                    let last = if us == Color::White { 7 } else { 0 };
                    let start = if us == Color::White { 1 } else { 6 };
                    let mut targets: Vec<(Sq, bool, bool)> = vec![];
                    let one = (from.0, from.1 + f);
                    if on_board(one) && empty(one) {
                        targets.push((one, false, false));
                        let two = (from.0, from.1 + 2 * f);
                        if from.1 == start && empty(two) {
                            targets.push((two, false, true));
                        }
                    }
                    for df in [-1, 1] {
                        let s = (from.0 + df, from.1 + f);
                        if !on_board(s) {
                            continue;
                        }
                        if enemy(s) {
                            targets.push((s, false, false));
                        } else if self.ep == Some(s) {
                            targets.push((s, true, false));
                        }
                    }
                    for (to, ep, double) in targets {
                        if to.1 == last {
                            for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                                out.push(RMove {
                                    promo: Some(r),
                                    ..mv(from, to)
                                });
                            }
                        } else {
                            out.push(RMove {
                                ep,
                                double,
                                ..mv(from, to)
                            });
                        }
                    }
                    continue;
                }
                Role::Knight => {
                    for s in Self::steps(from, &KNIGHT) {
                        if enemy(s) {
                            day.push(s);
                        } else if empty(s) {
                            night.push(s);
                        }
                    }
                }
                Role::Bishop | Role::Rook | Role::Queen => {
                    let day_dirs: Vec<Sq> = match role {
                        Role::Bishop => DIAG.to_vec(),
                        Role::Rook => ORTH.to_vec(),
                        _ => [ORTH, DIAG].concat(),
                    };
                    day = self
                        .slide(from, &day_dirs)
                        .1
                        .into_iter()
                        .filter(|&s| enemy(s))
                        .collect();
                    night = match (mode, role) {
                        (RMode::Home | RMode::Late, _) => self.slide(from, &day_dirs).0,
                        (RMode::Swapped, Role::Rook) => self.slide(from, &DIAG).0,
                        (RMode::Swapped, Role::Bishop) => self.slide(from, &ORTH).0,
                        (RMode::Bereft(_), Role::Rook) => Self::steps(from, &DIAG)
                            .into_iter()
                            .filter(|&s| empty(s))
                            .collect(),
                        (RMode::Bereft(_), Role::Bishop) => Self::steps(from, &ORTH)
                            .into_iter()
                            .filter(|&s| empty(s))
                            .collect(),
                        // a queen in SWAPPED or BEREFT: night moves as a knight
                        _ => Self::steps(from, &KNIGHT)
                            .into_iter()
                            .filter(|&s| empty(s))
                            .collect(),
                    };
                }
                Role::King => {
                    let nb = Self::steps(from, &[ORTH, DIAG].concat());
                    let may_day = match mode {
                        RMode::Home | RMode::Late | RMode::Swapped => true,
                        RMode::Bereft(n) => in_check && n > 0,
                    };
                    let may_night = match mode {
                        RMode::Home | RMode::Late => true,
                        RMode::Swapped => in_check,
                        RMode::Bereft(n) => in_check && n > 0,
                    };
                    for s in nb {
                        if enemy(s) && may_day {
                            day.push(s);
                        } else if empty(s) && may_night {
                            night.push(s);
                        }
                    }
                    // Castling (6.1): CLASSIC modes only, not in check.
                    if matches!(mode, RMode::Home | RMode::Late) && !in_check {
                        let (r, kbit, qbit) = if us == Color::White {
                            (0, 0, 1)
                        } else {
                            (7, 2, 3)
                        };
                        if from == (4, r) {
                            if self.castling[kbit]
                                && self.at((7, r)) == Some((us, Role::Rook))
                                && empty((5, r))
                                && empty((6, r))
                                && !self.attacked((5, r), !us)
                                && !self.attacked((6, r), !us)
                            {
                                out.push(RMove {
                                    castle: true,
                                    ..mv(from, (6, r))
                                });
                            }
                            if self.castling[qbit]
                                && self.at((0, r)) == Some((us, Role::Rook))
                                && empty((1, r))
                                && empty((2, r))
                                && empty((3, r))
                                && !self.attacked((3, r), !us)
                                && !self.attacked((2, r), !us)
                            {
                                out.push(RMove {
                                    castle: true,
                                    ..mv(from, (2, r))
                                });
                            }
                        }
                    }
                }
            }
            for s in day.into_iter().chain(night) {
                out.push(mv(from, s));
            }
        }
        out
    }

    /// Plays a move: placement, rights, clocks and every transition of section 3.5.
    pub fn make(&self, m: &RMove) -> RefPos {
        let mut p = self.clone();
        let us = self.side;
        let them = !us;
        let (_, role) = self.at(m.from).expect("a piece on the origin");
        let cap_sq = if m.ep { (m.to.0, m.from.1) } else { m.to };
        let captured = self.at(cap_sq).filter(|(c, _)| *c == them);
        p.board[idx(cap_sq)] = None;
        p.board[idx(m.from)] = None;
        p.board[idx(m.to)] = Some((us, m.promo.unwrap_or(role)));
        if m.castle {
            let r = m.from.1;
            let (rf, rt) = if m.to.0 == 6 { (7, 5) } else { (0, 3) };
            p.board[idx((rf, r))] = None;
            p.board[idx((rt, r))] = Some((us, Role::Rook));
        }
        for s in [m.from, m.to] {
            match s {
                (4, 0) => {
                    p.castling[0] = false;
                    p.castling[1] = false;
                }
                (7, 0) => p.castling[0] = false,
                (0, 0) => p.castling[1] = false,
                (4, 7) => {
                    p.castling[2] = false;
                    p.castling[3] = false;
                }
                (7, 7) => p.castling[2] = false,
                (0, 7) => p.castling[3] = false,
                _ => {}
            }
        }
        p.ep = m.double.then(|| (m.from.0, (m.from.1 + m.to.1) / 2));
        p.halfmove = if role == Role::Pawn || captured.is_some() {
            0
        } else {
            self.halfmove + 1
        };
        if us == Color::Black {
            p.fullmove += 1;
        }
        p.side = them;
        // 3.5 (1): the original queen captured.
        if let Some((_, Role::Queen)) = captured {
            if p.latch[them.index()] == Latch::None && p.orig[them.index()] == Some(cap_sq) {
                p.latch[them.index()] = if cap_sq == home(them) {
                    Latch::Home
                } else {
                    Latch::Bereft(32)
                };
                p.orig[them.index()] = None;
            }
        }
        if role == Role::Queen
            && p.latch[us.index()] == Latch::None
            && p.orig[us.index()] == Some(m.from)
        {
            p.orig[us.index()] = Some(m.to);
        }
        // 3.5 (2): a BEREFT king spends one move.
        if role == Role::King && !m.castle {
            if let Latch::Bereft(n) = p.latch[us.index()] {
                p.latch[us.index()] = Latch::Bereft(n.saturating_sub(1));
            }
        }
        // 3.5 (3): CLASSIC-LATE.
        for c in [Color::White, Color::Black] {
            let has_rb = p
                .board
                .iter()
                .any(|x| matches!(x, Some((pc, Role::Rook | Role::Bishop)) if *pc == c));
            if matches!(p.mode(c), RMode::Swapped | RMode::Bereft(_)) && !has_rb {
                p.latch[c.index()] = Latch::Late;
                p.orig[c.index()] = None;
            }
        }
        p
    }

    /// Legal moves (sections 4 and 5.2), as the rules document states them.
    pub fn legal(&self) -> Vec<RMove> {
        let us = self.side;
        let them = !us;
        let my_king = self.king(us);
        let their_king = self.king(them);
        let mut out: Vec<RMove> = vec![];
        if my_king.is_none() {
            // The reply (5.2): only captures of the enemy king.
            if let Some(tk) = their_king {
                out = self.pseudo().into_iter().filter(|m| m.to == tk).collect();
            }
        } else {
            let in_check = self.in_check(us);
            let both = in_check && self.in_check(them);
            for m in self.pseudo() {
                if Some(m.to) == their_king {
                    out.push(m); // 4.3
                    continue;
                }
                let q = self.make(&m);
                let (Some(a), b) = (q.king(us), q.king(them)) else {
                    continue;
                };
                if let Some(b) = b {
                    if (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1 {
                        continue; // 4.5
                    }
                }
                if q.attacked(a, them) {
                    let counter = in_check && q.in_check(them);
                    if !counter {
                        continue; // 4.1, 4.2
                    }
                }
                if both && !self.is_capture(&m) {
                    let (c, r) = q.at(m.to).expect("moved piece");
                    let mut any = false;
                    for s in q.attacks_from(m.to, c, r) {
                        if q.at(s).is_some_and(|(pc, _)| pc == them) {
                            any = true;
                        }
                    }
                    if !any {
                        continue; // 4.4
                    }
                }
                out.push(m);
            }
        }
        // 4.6: compulsory pawn captures in CLASSIC-HOME.
        if self.mode(us) == RMode::Home {
            let pawn_caps: Vec<RMove> = out
                .iter()
                .copied()
                .filter(|m| {
                    self.at(m.from).is_some_and(|(_, r)| r == Role::Pawn) && self.is_capture(m)
                })
                .collect();
            if !pawn_caps.is_empty() {
                out = pawn_caps;
            }
        }
        // S7: a CLASSIC-LATE side that has mated wins at once; no reply is left when none
        // of the legal ones leaves the attacked king unattacked.
        if let (Some(_), Some(_)) = (my_king, their_king) {
            if self.mode(them) == RMode::Late && self.in_check(us) {
                let escapes = out.iter().any(|m| {
                    let q = self.make(m);
                    q.king(us).is_some_and(|a| !q.attacked(a, them))
                });
                if !escapes {
                    out.clear();
                }
            }
        }
        out
    }

    /// The result: `None` while the game goes on, `Some(Some(winner))` or `Some(None)` for a
    /// draw by stalemate (5.3).
    pub fn result(&self) -> Option<Option<Color>> {
        if !self.legal().is_empty() {
            return None;
        }
        let us = self.side;
        if self.king(us).is_none() || self.in_check(us) {
            Some(Some(!us))
        } else {
            Some(None)
        }
    }
}
