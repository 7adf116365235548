//! A slow, obviously-correct reference implementation of the rules, straight from
//! `docs/rules/regicide.md` (no tables, no bitsets, coordinates as (file, rank)), and
//! helpers for random positions and random play.
#![allow(dead_code)]

#[allow(unused_imports)]
use fairy_kernel::MoveBuf as _;
use fairy_kernel::{Color, Game};
use fairy_regicide::{MoveKind, Piece, Position, Role};

pub const W: i32 = 24;
pub const H: i32 = 12;

pub fn sq(f: i32, r: i32) -> u16 {
    (r * W + f) as u16
}
pub fn fr(s: u16) -> (i32, i32) {
    (s as i32 % W, s as i32 / W)
}
pub fn on(f: i32, r: i32) -> bool {
    (0..W).contains(&f) && (0..H).contains(&r)
}
pub fn name(s: u16) -> String {
    let (f, r) = fr(s);
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// Forward rank step: White toward rank 1 (R3).
pub fn fwd(c: Color) -> i32 {
    if c == Color::White {
        -1
    } else {
        1
    }
}
/// 0-based back rank.
pub fn back(c: Color) -> i32 {
    if c == Color::White {
        H - 1
    } else {
        0
    }
}
/// 0-based rank of the wedge start square on front-file `i` (R2).
pub fn wedge_rank(c: Color, i: i32) -> i32 {
    let black = [2, 3, 4, 4, 4, 4, 3, 2][i as usize] - 1;
    if c == Color::White {
        H - 1 - black
    } else {
        black
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RMove {
    pub from: u16,
    pub to: u16,
    pub promo: Option<u8>,
}

impl RMove {
    pub fn text(&self) -> String {
        let mut s = format!("{}-{}", name(self.from), name(self.to));
        if let Some(p) = self.promo {
            s.push('=');
            s.push(p as char);
        }
        s
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    pub board: Vec<Option<Piece>>,
    pub side: Color,
    pub front: i32,
    /// [color][front][0 = a-side, 1 = h-side]
    pub castling: [[[bool; 2]; 3]; 2],
    pub ep: Vec<u16>,
    pub moved: Vec<u16>,
    /// Wedge starting squares holding a pawn of that wedge's colour that has moved (R14).
    pub moved_pawns: Vec<u16>,
    pub halfmove: u32,
    pub turn: u32,
}

fn ci(c: Color) -> usize {
    if c == Color::White {
        0
    } else {
        1
    }
}

impl RefPos {
    pub fn from_fast(p: &Position) -> RefPos {
        let mut castling = [[[false; 2]; 3]; 2];
        for (c, per_color) in Color::ALL.into_iter().zip(castling.iter_mut()) {
            for (f, per_front) in per_color.iter_mut().enumerate() {
                for (side, right) in per_front.iter_mut().enumerate() {
                    *right = p.can_castle(c, f as u8 + 1, side == 1);
                }
            }
        }
        RefPos {
            board: fairy_regicide::Square::ALL
                .iter()
                .map(|&s| p.piece_at(s))
                .collect(),
            side: p.side_to_move(),
            front: p.front() as i32 - 1,
            castling,
            ep: p.en_passant_targets().iter().collect(),
            moved: p.moved_squares().iter().collect(),
            moved_pawns: p.moved_pawn_squares().iter().collect(),
            halfmove: p.half_move_clock(),
            turn: p.turn_number(),
        }
    }

    pub fn at(&self, f: i32, r: i32) -> Option<Piece> {
        self.board[sq(f, r) as usize]
    }

    pub fn princes(&self, c: Color) -> Vec<u16> {
        (0..288u16)
            .filter(|&s| {
                self.board[s as usize]
                    == Some(Piece {
                        color: c,
                        role: Role::Prince,
                    })
            })
            .collect()
    }

    /// Squares a non-prince piece on `s` attacks (could capture on).
    fn attacks_of(&self, s: u16, p: Piece) -> Vec<u16> {
        let (f, r) = fr(s);
        let mut out = vec![];
        let slide = |dirs: &[(i32, i32)], out: &mut Vec<u16>| {
            for &(df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while on(x, y) {
                    out.push(sq(x, y));
                    if self.at(x, y).is_some() {
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        };
        const ORTH: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
        match p.role {
            Role::Prince => {}
            Role::Queen => {
                slide(&ORTH, &mut out);
                slide(&DIAG, &mut out);
            }
            Role::Rook => slide(&ORTH, &mut out),
            Role::Bishop => slide(&DIAG, &mut out),
            Role::Knight => {
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
                    if on(f + df, r + dr) {
                        out.push(sq(f + df, r + dr));
                    }
                }
            }
            Role::Pawn => {
                for df in [-1, 1] {
                    if on(f + df, r + fwd(p.color)) {
                        out.push(sq(f + df, r + fwd(p.color)));
                    }
                }
            }
        }
        out
    }

    /// Attacked by a non-prince piece of `by` (R13).
    pub fn attacked(&self, s: u16, by: Color) -> bool {
        (0..288u16).any(|from| match self.board[from as usize] {
            Some(p) if p.color == by && p.role != Role::Prince => {
                self.attacks_of(from, p).contains(&s)
            }
            _ => false,
        })
    }

    fn pseudo_moves(&self, front: i32) -> Vec<RMove> {
        let us = self.side;
        let mut out = vec![];
        for s in 0..288u16 {
            let Some(p) = self.board[s as usize] else {
                continue;
            };
            let (f, r) = fr(s);
            if p.color != us || f / 8 != front || self.moved.contains(&s) {
                continue;
            }
            let enemy = |x: i32, y: i32| matches!(self.at(x, y), Some(q) if q.color != us);
            let push = |out: &mut Vec<RMove>, to: u16, promo_possible: bool| {
                if promo_possible {
                    for c in [b'Q', b'R', b'B', b'N'] {
                        out.push(RMove {
                            from: s,
                            to,
                            promo: Some(c),
                        });
                    }
                } else {
                    out.push(RMove {
                        from: s,
                        to,
                        promo: None,
                    });
                }
            };
            match p.role {
                Role::Pawn => {
                    let y = r + fwd(us);
                    let last = back(!us);
                    if on(f, y) && self.at(f, y).is_none() {
                        push(&mut out, sq(f, y), y == last);
                        let y2 = y + fwd(us);
                        // R14: only a pawn that has not moved double-steps.
                        if r == wedge_rank(us, f % 8)
                            && !self.moved_pawns.contains(&s)
                            && on(f, y2)
                            && self.at(f, y2).is_none()
                        {
                            push(&mut out, sq(f, y2), false);
                        }
                    }
                    for df in [-1, 1] {
                        let x = f + df;
                        if !on(x, y) {
                            continue;
                        }
                        if enemy(x, y) {
                            push(&mut out, sq(x, y), y == last);
                        } else if self.at(x, y).is_none()
                            && self.ep.contains(&sq(x, y))
                            && on(x, y - fwd(us))
                            && self.at(x, y - fwd(us))
                                == Some(Piece {
                                    color: !us,
                                    role: Role::Pawn,
                                })
                        {
                            push(&mut out, sq(x, y), false);
                        }
                    }
                }
                Role::Prince => {
                    for df in -1..=1 {
                        for dr in -1..=1 {
                            let (x, y) = (f + df, r + dr);
                            if (df, dr) == (0, 0) || !on(x, y) {
                                continue;
                            }
                            match self.at(x, y) {
                                None => push(&mut out, sq(x, y), false),
                                Some(q)
                                    if q.color != us
                                        && q.role != Role::Queen
                                        && q.role != Role::Prince =>
                                {
                                    push(&mut out, sq(x, y), false)
                                }
                                _ => {}
                            }
                        }
                    }
                    // Castling (R9, R13).
                    let home_file = 8 * front + 3;
                    if r == back(us) && f == home_file {
                        for side in 0..2 {
                            if !self.castling[ci(us)][front as usize][side] {
                                continue;
                            }
                            let rook_f = if side == 0 { 8 * front } else { 8 * front + 7 };
                            let dir = if side == 0 { -1 } else { 1 };
                            if self.at(rook_f, r)
                                != Some(Piece {
                                    color: us,
                                    role: Role::Rook,
                                })
                                || self.moved.contains(&sq(rook_f, r))
                            {
                                continue;
                            }
                            let mut x = f + dir;
                            let mut clear = true;
                            while x != rook_f {
                                if self.at(x, r).is_some() {
                                    clear = false;
                                }
                                x += dir;
                            }
                            if !clear || self.attacked(s, !us) || self.attacked(sq(f + dir, r), !us)
                            {
                                continue;
                            }
                            let mut after = self.clone();
                            after.board[s as usize] = None;
                            after.board[sq(rook_f, r) as usize] = None;
                            after.board[sq(f + 2 * dir, r) as usize] = Some(p);
                            after.board[sq(f + dir, r) as usize] = Some(Piece {
                                color: us,
                                role: Role::Rook,
                            });
                            if after.attacked(sq(f + 2 * dir, r), !us) {
                                continue;
                            }
                            out.push(RMove {
                                from: s,
                                to: sq(f + 2 * dir, r),
                                promo: None,
                            });
                        }
                    }
                }
                _ => {
                    for t in self.attacks_of(s, p) {
                        match self.board[t as usize] {
                            None => push(&mut out, t, false),
                            Some(q) if q.color != us => push(&mut out, t, false),
                            _ => {}
                        }
                    }
                }
            }
        }
        out
    }

    fn is_castle(&self, m: &RMove) -> bool {
        let (f1, _) = fr(m.from);
        let (f2, _) = fr(m.to);
        self.board[m.from as usize].map(|p| p.role) == Some(Role::Prince) && (f1 - f2).abs() == 2
    }

    /// Applies a move to the board only (no turn bookkeeping).
    fn apply_board(&mut self, m: &RMove) -> Option<Piece> {
        let p = self.board[m.from as usize].unwrap();
        let (f1, r1) = fr(m.from);
        let (f2, r2) = fr(m.to);
        let mut captured = self.board[m.to as usize];
        if p.role == Role::Pawn && f1 != f2 && captured.is_none() {
            // en passant: the victim stands beyond the target
            let v = sq(f2, r2 - fwd(p.color));
            captured = self.board[v as usize];
            self.board[v as usize] = None;
        }
        if self.is_castle(m) {
            let dir = (f2 - f1).signum();
            let front = f1 / 8;
            let rook_f = if dir < 0 { 8 * front } else { 8 * front + 7 };
            let rook = self.board[sq(rook_f, r1) as usize].take();
            self.board[sq(f1 + dir, r1) as usize] = rook;
        }
        self.board[m.from as usize] = None;
        self.board[m.to as usize] = Some(match m.promo {
            Some(c) => Piece {
                color: p.color,
                role: Role::from_char(c as char).unwrap(),
            },
            None => p,
        });
        captured
    }

    /// R7 for a side with one prince, straight from the rules document: can some sequence
    /// of sub-moves on the fronts from `front` on (each front passed at will, each piece
    /// at most once a turn) end the turn with the last prince unattacked, or capture the
    /// opponent's last prince on the way?
    fn turn_can_end_safely(&self, front: i32) -> bool {
        let us = self.side;
        if self.princes(!us).is_empty() {
            return true;
        }
        let k = self.princes(us)[0];
        if !self.attacked(k, !us) {
            return true;
        }
        (front..3).any(|f| {
            self.pseudo_moves(f)
                .iter()
                .any(|m| self.after_sub_move(m).turn_can_end_safely(f + 1))
        })
    }

    pub fn legal_moves_on(&self, front: i32) -> Vec<RMove> {
        let us = self.side;
        let n = self.princes(us).len();
        if n == 0 || self.princes(!us).is_empty() {
            return vec![];
        }
        let mut v: Vec<RMove> = self
            .pseudo_moves(front)
            .into_iter()
            .filter(|m| {
                // Several princes: anything goes; castling is never into or out of check.
                if n >= 2 || self.is_castle(m) {
                    return true;
                }
                // One prince: the turn must still be able to end with it unattacked
                // (capturing the opponent's last prince wins at once, R16).
                self.after_sub_move(m).turn_can_end_safely(front + 1)
            })
            .collect();
        v.sort();
        v
    }

    pub fn legal_moves(&self) -> Vec<RMove> {
        self.legal_moves_on(self.front)
    }

    fn owner(t: u16) -> Color {
        if fr(t).1 >= 6 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The position after sub-move `m` within the turn: pieces, rights, en-passant
    /// targets, moved pieces and pawns, clock; the side and front to move unchanged.
    pub fn after_sub_move(&self, m: &RMove) -> RefPos {
        let mut c = self.clone();
        c.apply_sub_move(m);
        c
    }

    fn apply_sub_move(&mut self, m: &RMove) {
        let us = self.side;
        let p = self.board[m.from as usize].unwrap();
        let (f1, r1) = fr(m.from);
        let (f2, r2) = fr(m.to);
        let castle = self.is_castle(m);
        let ep_capture = p.role == Role::Pawn && f1 != f2 && self.board[m.to as usize].is_none();
        let capture_sq = if ep_capture {
            sq(f2, r2 - fwd(us))
        } else {
            m.to
        };
        let captured = self.apply_board(m);
        self.moved.push(m.to);
        if castle {
            self.moved.push(sq(f1 + (f2 - f1).signum(), r1));
        }
        // castling rights: a piece leaving or a capture on a home square
        for c in Color::ALL {
            for front in 0..3 {
                let rank = back(c);
                for touched in [m.from, capture_sq] {
                    if touched == sq(8 * front + 3, rank) {
                        self.castling[ci(c)][front as usize] = [false, false];
                    }
                    if touched == sq(8 * front, rank) {
                        self.castling[ci(c)][front as usize][0] = false;
                    }
                    if touched == sq(8 * front + 7, rank) {
                        self.castling[ci(c)][front as usize][1] = false;
                    }
                }
            }
        }
        self.ep.retain(|&t| t != m.to);
        if let Some(c) = captured {
            if c.role == Role::Pawn {
                let (cf, cr) = fr(capture_sq);
                let behind = cr - fwd(c.color);
                if on(cf, behind) {
                    let t = sq(cf, behind);
                    if RefPos::owner(t) == c.color {
                        self.ep.retain(|&x| x != t);
                    }
                }
            }
        }
        if p.role == Role::Pawn && (r2 - r1).abs() == 2 {
            self.ep.push(sq(f1, r1 + fwd(us)));
        }
        self.halfmove = if p.role == Role::Pawn || captured.is_some() {
            0
        } else {
            self.halfmove + 1
        };
        // R14: a pawn arriving on a starting square of its own wedge has moved.
        self.moved_pawns.retain(|&x| x != m.from && x != capture_sq);
        if p.role == Role::Pawn && m.promo.is_none() && r2 == wedge_rank(us, f2 % 8) {
            self.moved_pawns.push(m.to);
        }
        self.moved_pawns.sort();
    }

    pub fn play(&mut self, m: &RMove) {
        let us = self.side;
        self.apply_sub_move(m);
        let opp_dead = self.princes(!us).is_empty();
        let mut next = None;
        if !opp_dead {
            next = (self.front + 1..3).find(|&f| !self.legal_moves_on(f).is_empty());
        }
        match next {
            Some(f) => self.front = f,
            None => {
                if us == Color::Black {
                    self.turn += 1;
                }
                self.side = !us;
                self.moved.clear();
                let new = self.side;
                self.ep.retain(|&t| RefPos::owner(t) != new);
                self.front = (0..3)
                    .find(|&f| !self.legal_moves_on(f).is_empty())
                    .unwrap_or(0);
            }
        }
        self.ep.sort();
        self.moved.sort();
    }

    fn all_attacked(&self, c: Color) -> bool {
        self.princes(c).iter().all(|&k| self.attacked(k, !c))
    }

    /// R8(b) by brute force: can some sequence of sub-moves of the rest of the turn end
    /// with a prince unattacked (or the enemy's last prince captured)?
    fn saves(&self, us: Color) -> bool {
        if self.side != us || self.princes(!us).is_empty() {
            return self.princes(!us).is_empty() || !self.all_attacked(us);
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            return !self.all_attacked(us);
        }
        moves.iter().any(|m| {
            let mut c = self.clone();
            c.play(m);
            c.saves(us)
        })
    }

    /// (winner or None for a draw, reason text) by rulings R8, R16.
    pub fn outcome(&self) -> Option<(Option<Color>, &'static str)> {
        let us = self.side;
        let n = self.princes(us).len();
        if n == 0 {
            return Some((Some(!us), "king captured"));
        }
        if self.princes(!us).is_empty() {
            return Some((Some(us), "king captured"));
        }
        let any = (self.front..3).any(|f| !self.legal_moves_on(f).is_empty());
        if !any {
            let att = self.all_attacked(us);
            return Some(if n == 1 && att {
                (Some(!us), "checkmate")
            } else if n >= 2 && att {
                (Some(!us), "simultaneous mate")
            } else {
                (None, "stalemate")
            });
        }
        if n >= 2 && self.all_attacked(us) && self.moved.is_empty() && !self.saves(us) {
            return Some((Some(!us), "simultaneous mate"));
        }
        if self.board.iter().flatten().all(|p| p.role == Role::Prince) {
            return Some((None, "only royal pieces left"));
        }
        None
    }
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random sparse position: 1-3 princes a side, a few other pieces, some castling set-ups.
pub fn random_position(rng: &mut Rng) -> Option<Position> {
    let mut board: Vec<Option<char>> = vec![None; 288];
    let mut rights = String::new();
    for (color, up) in [(Color::White, true), (Color::Black, false)] {
        let rank = back(color);
        for front in 0..3 {
            if rng.below(3) == 0 {
                let k = if up { 'K' } else { 'k' };
                let rr = if up { 'R' } else { 'r' };
                board[sq(8 * front + 3, rank) as usize] = Some(k);
                if rng.below(2) == 0 {
                    board[sq(8 * front, rank) as usize] = Some(rr);
                    rights.push(if up {
                        (b'A' + 8 * front as u8) as char
                    } else {
                        (b'a' + 8 * front as u8) as char
                    });
                }
                if rng.below(2) == 0 {
                    board[sq(8 * front + 7, rank) as usize] = Some(rr);
                    rights.push(if up {
                        (b'H' + 8 * front as u8) as char
                    } else {
                        (b'h' + 8 * front as u8) as char
                    });
                }
            }
        }
    }
    for up in [true, false] {
        let have = board
            .iter()
            .filter(|c| **c == Some(if up { 'K' } else { 'k' }))
            .count();
        let want = (1 + rng.below(3) as usize).max(have.min(3));
        for _ in have..want {
            let s = rng.below(288) as usize;
            if board[s].is_none() {
                board[s] = Some(if up { 'K' } else { 'k' });
            }
        }
        if board.iter().all(|c| *c != Some(if up { 'K' } else { 'k' })) {
            return None;
        }
    }
    let n = 2 + rng.below(24);
    for _ in 0..n {
        let s = rng.below(288) as usize;
        let (_, r) = fr(s as u16);
        let c = b"QRBNPPPqrbnppp"[rng.below(14) as usize] as char;
        if board[s].is_some() || ((c == 'P' || c == 'p') && (r == 0 || r == H - 1)) {
            continue;
        }
        board[s] = Some(c);
    }
    let mut text = String::new();
    for r in (0..H).rev() {
        let mut e = 0;
        for f in 0..W {
            match board[sq(f, r) as usize] {
                None => e += 1,
                Some(c) => {
                    if e > 0 {
                        text.push_str(&e.to_string());
                        e = 0;
                    }
                    text.push(c);
                }
            }
        }
        if e > 0 {
            text.push_str(&e.to_string());
        }
        if r > 0 {
            text.push('/');
        }
    }
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    let mut sorted: Vec<char> = rights.chars().collect();
    sorted.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
    let rights: String = if sorted.is_empty() {
        "-".into()
    } else {
        sorted.into_iter().collect()
    };
    Position::from_notation((), &format!("{text} {side} 1 {rights} - - 0 1")).ok()
}

/// Plays a random legal sub-move; `false` when there is none.
pub fn random_step(p: &mut Position, rng: &mut Rng) -> bool {
    let mut moves = fairy_regicide::MoveList::new();
    p.legal_moves(&mut moves);
    if moves.is_empty() {
        return false;
    }
    // Prefer captures now and then, so that games thin out and reach few-prince positions.
    let of_kind = |k: MoveKind| -> Vec<_> {
        moves
            .as_slice()
            .iter()
            .copied()
            .filter(|m| m.kind() == k)
            .collect()
    };
    let (eps, doubles) = (of_kind(MoveKind::EnPassant), of_kind(MoveKind::DoubleStep));
    let caps: Vec<_> = moves
        .as_slice()
        .iter()
        .copied()
        .filter(|&m| p.is_capture(m))
        .collect();
    let m = if !eps.is_empty() && rng.below(2) == 0 {
        eps[rng.below(eps.len() as u64) as usize]
    } else if !doubles.is_empty() && rng.below(4) == 0 {
        doubles[rng.below(doubles.len() as u64) as usize]
    } else if !caps.is_empty() && rng.below(3) == 0 {
        caps[rng.below(caps.len() as u64) as usize]
    } else {
        moves.as_slice()[rng.below(moves.len() as u64) as usize]
    };
    p.play(m);
    true
}

/// The board field of a position with `pieces` (square name, piece letter).
pub fn board_text(pieces: &[(&str, char)]) -> String {
    let mut board: Vec<Option<char>> = vec![None; 288];
    for &(s, c) in pieces {
        let f = s.as_bytes()[0] as i32 - b'a' as i32;
        let r: i32 = s[1..].parse::<i32>().unwrap() - 1;
        board[sq(f, r) as usize] = Some(c);
    }
    let mut text = String::new();
    for r in (0..H).rev() {
        let mut e = 0;
        for f in 0..W {
            match board[sq(f, r) as usize] {
                None => e += 1,
                Some(c) => {
                    if e > 0 {
                        text.push_str(&e.to_string());
                        e = 0;
                    }
                    text.push(c);
                }
            }
        }
        if e > 0 {
            text.push_str(&e.to_string());
        }
        if r > 0 {
            text.push('/');
        }
    }
    text
}

/// A position from pieces and the remaining seven fields (`"w 1 - - - 0 1"`).
pub fn build(pieces: &[(&str, char)], rest: &str) -> Position {
    let text = format!("{} {rest}", board_text(pieces));
    Position::from_notation((), &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The sorted texts of the legal sub-moves.
pub fn moves_of(p: &Position) -> Vec<String> {
    let mut moves = fairy_regicide::MoveList::new();
    p.legal_moves(&mut moves);
    let mut v: Vec<String> = moves.as_slice().iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}

/// Plays sub-moves given as text.
pub fn play(p: &mut Position, texts: &[&str]) {
    for t in texts {
        let m = p
            .parse_move(t)
            .unwrap_or_else(|e| panic!("{t} in {}: {e}", p.to_notation()));
        p.play(m);
    }
}
