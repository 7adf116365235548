//! The position: placement, side to move and clocks; attacks, legal move generation and
//! copy-make play.
//!
//! Move generation works on bitsets and the generated tables. Legality: when the King is
//! not in check, a move is legal unless it is a King move, a capture from afar, or a move of
//! a piece on a *sensitive* square (a pinned line piece, the square that an enemy Mage's
//! two-level move or an enemy Elemental's level change passes, or a Basilisk holding an
//! enemy piece frozen); those, and every move while in check, are tested by computing
//! attacks on the King after the move (rules doc 5.2).

use arrayvec::ArrayVec;
use fairy_kernel::zobrist::key;
use fairy_kernel::Color;

use crate::generated::tables as g;
use crate::shift;
use crate::tables::Bits;
use crate::types::{
    cell_file, cell_name, cell_rank, Level, Piece, Role, Square, FILES, GOLD, LEVEL_SQUARES,
    SCARLET, SQUARES,
};

/// Capacity of a [`MoveList`]. A side has at most 42 pieces; the most moves each kind can
/// have (Sylph 7, Griffon 12, Dragon 23, Warrior 3 or as a Hero 16, Oliphant 18, Unicorn 8,
/// Hero 16, Thief 14, Cleric 10, Mage 34, King 10, Paladin 24, Dwarf 4, Basilisk 4,
/// Elemental 16) add up to fewer than 540, so 1024 is never reached.
pub const MAX_MOVES: usize = 1024;

/// The list [`fairy_kernel::Game::legal_moves`] fills.
pub type MoveList = fairy_kernel::ArrayMoveList<Move, MAX_MOVES>;

/// One level up: the square index difference between a square and the one directly above.
const UP: u16 = LEVEL_SQUARES;

/// A move: the square the piece starts on, the square it goes to, and a flag for the
/// Dragon's capture from afar (seed §3.3) or a Warrior's promotion (seed §4.1).
///
/// Packed in 32 bits: from (9 bits), to (9 bits), flags (2 bits).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move(u32);

impl Move {
    const AFAR: u32 = 1 << 18;
    const PROMO: u32 = 1 << 19;

    #[inline]
    pub(crate) const fn new(from: u16, to: u16) -> Move {
        Move(from as u32 | (to as u32) << 9)
    }

    #[inline]
    pub(crate) const fn afar(from: u16, to: u16) -> Move {
        Move(from as u32 | (to as u32) << 9 | Self::AFAR)
    }

    #[inline]
    pub(crate) const fn promotion(from: u16, to: u16) -> Move {
        Move(from as u32 | (to as u32) << 9 | Self::PROMO)
    }

    /// The cell index the moving piece stands on (for the move generator).
    #[inline]
    pub(crate) const fn origin(self) -> u16 {
        (self.0 & 0x1ff) as u16
    }

    /// The cell index the piece goes to (for the move generator).
    #[inline]
    pub(crate) const fn target(self) -> u16 {
        ((self.0 >> 9) & 0x1ff) as u16
    }

    /// The square the moving piece stands on (for a capture from afar: the Dragon's square,
    /// which it keeps).
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index(self.origin())
    }

    /// The square the piece goes to (for a capture from afar: the captured piece's square).
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index(self.target())
    }

    /// Whether this is the Dragon's capture from afar, written `3c4x2c4` (ruling D9).
    #[inline]
    pub const fn is_afar(self) -> bool {
        self.0 & Self::AFAR != 0
    }

    /// Whether a Warrior reaches its last rank and becomes a Hero (seed §4.1, ruling D5).
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & Self::PROMO != 0
    }
}

impl core::fmt::Display for Move {
    /// The move in the notation of ruling D9: `2c2-2c3`, `3c4x2c4`, `2c7-2c8=H`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let sep = if self.is_afar() { 'x' } else { '-' };
        write!(
            f,
            "{}{sep}{}",
            cell_name(self.origin()),
            cell_name(self.target())
        )?;
        if self.is_promotion() {
            f.write_str("=H")?;
        }
        Ok(())
    }
}

/// A Dragonchess position: the placement of the pieces on the three boards, the side to
/// move, the half-move clock, the move number, and the Ground square each Hero off the
/// Ground came from where it is known (docs/rules/dragonchess.md, D3 and D8). Frozen status
/// is derived from the placement (D4).
///
/// ```
/// use fairy_dragonchess::prelude::*;
/// let p = Position::new();
/// assert_eq!(fairy_dragonchess::kernel::perft(&p, 1), 90);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    board: [u8; SQUARES],
    colors: [Bits; 2],
    kinds: [Bits; 15],
    kings: [u16; 2],
    side: Color,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    /// The Heroes off the Ground whose origin is recorded (D3): their squares.
    origins: Bits,
    /// For each square of `origins`, which of the four diagonal Ground squares next to the
    /// one directly below/above it the Hero came from, two bits per off-Ground square (see
    /// [`origin_slot`]).
    origin_dirs: [u64; 6],
}

const ZOBRIST_PIECES: u64 = 0xd1a6;
const ZOBRIST_SIDE: u64 = key(0xd1a7, 0);
const ZOBRIST_ORIGINS: u64 = 0xd1a8;

/// The two-bit slot of an off-Ground square in [`Position`]'s origin directions: the
/// Underworld's 96 squares, then the Sky's.
#[inline]
const fn origin_slot(sq: u16) -> usize {
    if sq < LEVEL_SQUARES {
        sq as usize
    } else {
        (sq - LEVEL_SQUARES) as usize
    }
}

/// The Ground square directly below/above the off-Ground square `sq`.
#[inline]
const fn ground_of(sq: u16) -> u16 {
    if sq < LEVEL_SQUARES {
        sq + UP
    } else {
        sq - UP
    }
}

/// The Ground square diagonally next to `ground` in direction `dir` (bit 0: file up, bit 1:
/// rank up); `None` off the board.
#[inline]
fn diagonal_of(ground: u16, dir: u8) -> Option<u16> {
    let (f, r) = (cell_file(ground) as i32, cell_rank(ground) as i32);
    let f2 = f + if dir & 1 != 0 { 1 } else { -1 };
    let r2 = r + if dir & 2 != 0 { 1 } else { -1 };
    ((0..FILES as i32).contains(&f2) && (0..crate::types::RANKS as i32).contains(&r2))
        .then(|| (ground as i32 + (r2 - r) * FILES as i32 + (f2 - f)) as u16)
}

/// The hash key of a Hero on `sq` recorded as coming from direction `dir`.
#[inline]
fn origin_key(sq: u16, dir: u8) -> u64 {
    key(ZOBRIST_ORIGINS, (origin_slot(sq) * 4 + dir as usize) as u64)
}

static ZOBRIST: [[u64; SQUARES]; 31] = {
    let mut z = [[0u64; SQUARES]; 31];
    let mut p = 1;
    while p < 31 {
        let mut s = 0;
        while s < SQUARES {
            z[p][s] = key(ZOBRIST_PIECES, (p * SQUARES + s) as u64);
            s += 1;
        }
        p += 1;
    }
    z
};

/// The Ground squares directly above the Underworld squares of `b` (those a Basilisk
/// there freezes, ruling D4).
#[inline]
fn above_underworld(b: &Bits) -> Bits {
    shift::to_bits(shift::plane(b, 0), 1)
}

/// The Oliphant's slides from `sq` over the occupancy `occ` (on the square's own board).
#[inline]
fn rook(sq: u16, occ: &Bits) -> Bits {
    let level = (sq / UP) as usize;
    let p = shift::plane(occ, level);
    shift::to_bits(shift::rook((sq % UP) as usize, p), level)
}

/// The Thief's slides from `sq` over the occupancy `occ` (on the square's own board).
#[inline]
fn bishop(sq: u16, occ: &Bits) -> Bits {
    let level = (sq / UP) as usize;
    let p = shift::plane(occ, level);
    shift::to_bits(shift::bishop((sq % UP) as usize, p), level)
}

/// The six Sylph starting squares of a side (ruling D2): Sky rank 2 (Gold) or 7
/// (Scarlet), files a, c, e, g, i, k.
pub const fn sylph_starts(c: Color) -> Bits {
    let rank = match c {
        Color::White => 1,
        Color::Black => 6,
    };
    let mut b = Bits::EMPTY;
    let mut f = 0;
    while f < FILES {
        let sq = 2 * LEVEL_SQUARES + rank * FILES + f;
        b.0[(sq / 64) as usize] |= 1u64 << (sq % 64);
        f += 2;
    }
    b
}

const SYLPH_STARTS: [Bits; 2] = [sylph_starts(GOLD), sylph_starts(SCARLET)];

/// The kind of the piece of each mailbox code ([`Piece::from_code`] without the colour and
/// the empty check; codes 0 and 31 never stand on an own piece's square).
static ROLE_OF_CODE: [Role; 32] = {
    let mut t = [Role::Sylph; 32];
    let mut c = 1;
    while c <= 30 {
        t[c] = Role::ALL[(c - 1) % 15];
        c += 1;
    }
    t
};

/// Where generated moves go: a list, or a counter (perft's bulk count).
trait Sink {
    /// Whether only the number of moves matters, so that whole sets of pieces may be
    /// counted at once ([`Position::count_steps`]).
    const BULK: bool = false;
    /// `n` moves, counted without building them (only called when [`Sink::BULK`]).
    fn add(&mut self, _n: usize) {}
    /// Moves from `from` to every square of `targets` (no flags).
    fn targets(&mut self, from: u16, targets: Bits);
    /// One move.
    fn push(&mut self, m: Move);
}

impl Sink for MoveList {
    #[inline]
    fn targets(&mut self, from: u16, targets: Bits) {
        for to in targets.iter() {
            self.push(Move::new(from, to));
        }
    }
    #[inline]
    fn push(&mut self, m: Move) {
        ArrayVec::push(self, m);
    }
}

/// The side to move's sets, computed once per generation.
struct Ctx {
    us: Color,
    ci: usize,
    own: Bits,
    enemy: Bits,
    occ: Bits,
}

impl Ctx {
    #[inline]
    fn new(p: &Position, us: Color) -> Ctx {
        let own = p.colors[us.index()];
        let enemy = p.colors[(!us).index()];
        Ctx {
            us,
            ci: us.index(),
            own,
            enemy,
            occ: own | enemy,
        }
    }
}

struct Counter(usize);

/// The number of squares of a set with few members: clears the lowest bit until none is
/// left (faster than a software population count on the x86-64 baseline, which has no
/// `popcnt` instruction, for the two or three targets a piece typically has).
#[inline]
fn count_sparse(b: &Bits) -> usize {
    let mut n = 0;
    for &w in &b.0 {
        let mut w = w;
        while w != 0 {
            w &= w - 1;
            n += 1;
        }
    }
    n
}

impl Sink for Counter {
    const BULK: bool = true;
    #[inline]
    fn add(&mut self, n: usize) {
        self.0 += n;
    }
    #[inline]
    fn targets(&mut self, _from: u16, targets: Bits) {
        self.0 += count_sparse(&targets);
    }
    #[inline]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
}

impl Position {
    /// An empty board, Gold to move, clocks 0 and 1 (internal builder).
    pub(crate) fn empty() -> Position {
        Position {
            board: [0; SQUARES],
            colors: [Bits::EMPTY; 2],
            kinds: [Bits::EMPTY; 15],
            kings: [u16::MAX; 2],
            side: GOLD,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            origins: Bits::EMPTY,
            origin_dirs: [0; 6],
        }
    }

    /// The squares of the Heroes off the Ground whose origin is recorded (D3), ascending.
    pub(crate) fn hero_origin_squares(&self) -> Vec<u16> {
        self.origins.iter().collect()
    }

    /// The Ground square the Hero on `sq` came from, when `sq` is off the Ground, holds a
    /// Hero and the position records its origin (docs/rules/dragonchess.md, D3, D8).
    #[inline]
    pub(crate) fn origin_of_hero(&self, sq: u16) -> Option<u16> {
        if !self.origins.contains(sq) {
            return None;
        }
        let slot = origin_slot(sq);
        let dir = (self.origin_dirs[slot / 32] >> (2 * (slot % 32))) as u8 & 3;
        diagonal_of(ground_of(sq), dir)
    }

    /// The one target of a Hero off the Ground with a recorded origin (D3).
    #[cold]
    #[inline(never)]
    fn recorded_return(&self, sq: u16) -> Bits {
        self.origin_of_hero(sq).map_or(Bits::EMPTY, Bits::single)
    }

    /// The Heroes off the Ground whose origin is recorded, by square.
    pub fn hero_origins(&self) -> Bits {
        self.origins
    }

    /// Records that the Hero on the off-Ground square `sq` came from `origin`, which must be
    /// one of the four Ground squares diagonally next to the one directly below/above it;
    /// `false` (nothing recorded) otherwise.
    pub(crate) fn set_origin(&mut self, sq: u16, origin: u16) -> bool {
        if Level::of_cell(sq) == Level::Ground || self.origins.contains(sq) {
            return false;
        }
        let g = ground_of(sq);
        let Some(dir) = (0..4u8).find(|&d| diagonal_of(g, d) == Some(origin)) else {
            return false;
        };
        let slot = origin_slot(sq);
        let shift = 2 * (slot % 32);
        self.origin_dirs[slot / 32] =
            (self.origin_dirs[slot / 32] & !(3 << shift)) | (u64::from(dir) << shift);
        self.origins.insert(sq);
        self.hash ^= origin_key(sq, dir);
        true
    }

    /// Forgets the recorded origin of the Hero on `sq` (it returns or is captured).
    #[inline]
    fn clear_origin(&mut self, sq: u16) {
        if self.origins.contains(sq) {
            let slot = origin_slot(sq);
            let dir = (self.origin_dirs[slot / 32] >> (2 * (slot % 32))) as u8 & 3;
            self.hash ^= origin_key(sq, dir);
            self.origins.remove(sq);
            // Unused bits stay zero, so that equal positions compare equal.
            self.origin_dirs[slot / 32] &= !(3 << (2 * (slot % 32)));
        }
    }

    /// Puts `p` on the empty square `sq`, keeping bitsets, King squares and hash in step.
    #[inline]
    pub(crate) fn put(&mut self, sq: u16, p: Piece) {
        self.board[sq as usize] = p.code();
        self.colors[p.color.index()].insert(sq);
        self.kinds[p.role.index()].insert(sq);
        self.hash ^= ZOBRIST[p.code() as usize][sq as usize];
        if p.role == Role::King {
            self.kings[p.color.index()] = sq;
        }
    }

    /// Removes and returns the piece on `sq`, if any.
    #[inline]
    fn take(&mut self, sq: u16) -> Option<Piece> {
        let code = self.board[sq as usize];
        let p = Piece::from_code(code)?;
        self.board[sq as usize] = 0;
        self.colors[p.color.index()].remove(sq);
        self.kinds[p.role.index()].remove(sq);
        self.hash ^= ZOBRIST[code as usize][sq as usize];
        if p.role == Role::Hero {
            self.clear_origin(sq);
        }
        Some(p)
    }

    pub(crate) fn set_side(&mut self, side: Color) {
        if side != self.side {
            self.hash ^= ZOBRIST_SIDE;
            self.side = side;
        }
    }

    pub(crate) fn set_clocks(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }

    /// The piece on `sq`, if any (`None` also for indices off the board).
    #[inline]
    pub(crate) fn piece_on(&self, sq: u16) -> Option<Piece> {
        self.board
            .get(sq as usize)
            .and_then(|&c| Piece::from_code(c))
    }

    /// The side to move.
    #[inline]
    pub(crate) fn side(&self) -> Color {
        self.side
    }

    /// The half-move clock: plies since the last capture (from afar too) or Warrior move
    /// (ruling D10). Recorded only; no rule uses it (ruling G2).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number: 1 at the start, up by one after each Scarlet move (ruling D10).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The square of `c`'s King (a valid position has exactly one per side).
    #[inline]
    pub(crate) fn king_cell(&self, c: Color) -> u16 {
        self.kings[c.index()]
    }

    /// The squares of `c`'s pieces of kind `k`.
    #[inline]
    pub fn pieces(&self, c: Color, k: Role) -> Bits {
        self.colors[c.index()] & self.kinds[k.index()]
    }

    /// The squares of `c`'s pieces.
    #[inline]
    pub fn side_pieces(&self, c: Color) -> Bits {
        self.colors[c.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bits {
        self.colors[0] | self.colors[1]
    }

    /// The hash as maintained incrementally (placement, side to move, Hero origins).
    #[inline]
    pub(crate) fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The hash computed from the placement, side to move and Hero origins.
    pub(crate) fn zobrist_from_scratch(&self) -> u64 {
        let mut h = if self.side == SCARLET {
            ZOBRIST_SIDE
        } else {
            0
        };
        for (sq, &c) in self.board.iter().enumerate() {
            if c != 0 {
                h ^= ZOBRIST[c as usize][sq];
            }
        }
        for sq in self.origins.iter() {
            let slot = origin_slot(sq);
            h ^= origin_key(
                sq,
                (self.origin_dirs[slot / 32] >> (2 * (slot % 32))) as u8 & 3,
            );
        }
        h
    }

    /// `c`'s pieces that are frozen: on the Ground square directly above an enemy Basilisk
    /// (seed §5.2, ruling D4).
    pub fn frozen(&self, c: Color) -> Bits {
        above_underworld(&self.pieces(!c, Role::Basilisk)) & self.colors[c.index()]
    }

    /// Whether a piece of `by` that is not frozen could capture on `sq` (rules doc 5.1):
    /// every capture pattern counts, across levels and from afar. `false` for an index off
    /// the board (`sq >= 288`).
    pub(crate) fn attacked_cell(&self, sq: u16, by: Color) -> bool {
        if sq as usize >= SQUARES {
            return false;
        }
        self.attacked_with(
            sq,
            by,
            &self.occupied(),
            self.colors[by.index()],
            self.pieces(!by, Role::Basilisk),
        )
    }

    /// [`Position::is_attacked`] on a modified placement: `occ` is the occupancy,
    /// `by_pieces` the attacker's pieces (kinds read from this position, so the placement
    /// may differ only by the other side's moved piece and by removed attackers), and
    /// `freezers` the other side's Basilisks.
    pub(crate) fn attacked_with(
        &self,
        sq: u16,
        by: Color,
        occ: &Bits,
        by_pieces: Bits,
        freezers: Bits,
    ) -> bool {
        let att = by_pieces.and_not(&above_underworld(&freezers));
        // No attacker within a step or leap: only the sliding lines remain.
        if !g::CONTACT[sq as usize].intersects(&att) {
            return self.attacked_sliding(sq, occ, att);
        }
        self.attacked_by(sq, by, occ, att)
    }

    /// Whether a piece of `att` (unfrozen attackers) slides to `sq` over `occ`: the
    /// Oliphant, Thief and Mage on the Ground, the Dragon on the Sky.
    #[inline(always)]
    fn attacked_sliding(&self, sq: u16, occ: &Bits, att: Bits) -> bool {
        let k = |kind: Role| att & self.kinds[kind.index()];
        match Level::of_cell(sq) {
            Level::Ground => {
                let mages = k(Role::Mage);
                let rooks = k(Role::Oliphant) | mages;
                let bishops = k(Role::Thief) | mages;
                Self::sliders_reach(sq, occ, rooks, bishops)
            }
            Level::Sky => Self::sliders_reach(sq, occ, Bits::EMPTY, k(Role::Dragon)),
            Level::Underworld => false,
        }
    }

    /// Whether a piece of `att` (unfrozen pieces of `by`) captures on `sq` over `occ` by any
    /// pattern ([`Position::attacked_with`] without its shortcut).
    #[inline(always)]
    fn attacked_by(&self, sq: u16, by: Color, occ: &Bits, att: Bits) -> bool {
        let s = sq as usize;
        let k = |kind: Role| att & self.kinds[kind.index()];
        let near = (g::GRIFFON[s] & k(Role::Griffon))
            | (g::HERO[s] & k(Role::Hero))
            | (g::CLERIC[s] & k(Role::Cleric))
            | (g::KING[s] & k(Role::King))
            | (g::PALADIN[s] & k(Role::Paladin));
        // A Hero off the Ground with a recorded origin attacks only that square (D3): judged
        // only when an attack was found and some origin is recorded; if none is left, the
        // other patterns below are still tested.
        if near.any() && (self.origins.is_empty() || self.near_attack_with_origins(sq, near)) {
            return true;
        }
        // Squares one step "behind" `sq` as seen by `by` are the forward squares of the
        // other side.
        let back = (!by).index();
        match Level::of_cell(sq) {
            Level::Sky => {
                if (g::FORWARD[s][back] & k(Role::Sylph)).any() {
                    return true;
                }
                let dragons = k(Role::Dragon);
                if dragons.any()
                    && ((g::ORTH_STEP[s] & dragons).any()
                        || Self::sliders_reach(sq, occ, Bits::EMPTY, dragons))
                {
                    return true;
                }
                let mages = k(Role::Mage);
                mages.any()
                    && ((g::ORTH_STEP[s] & mages).any()
                        || mages.contains(sq - UP)
                        || (mages.contains(sq - 2 * UP) && !occ.contains(sq - UP)))
            }
            Level::Ground => {
                if k(Role::Sylph).contains(sq + UP) || (g::AFAR[s] & k(Role::Dragon)).any() {
                    return true;
                }
                let dwarves = k(Role::Dwarf);
                if (g::DIAG_FORWARD[s][back] & (k(Role::Warrior) | dwarves)).any()
                    || dwarves.contains(sq - UP)
                    || (g::KNIGHT[s] & k(Role::Unicorn)).any()
                {
                    return true;
                }
                let mages = k(Role::Mage);
                if mages.contains(sq + UP) || mages.contains(sq - UP) {
                    return true;
                }
                let below = sq - UP;
                if !occ.contains(below) && (g::ORTH_STEP[below as usize] & k(Role::Elemental)).any()
                {
                    return true;
                }
                let rooks = k(Role::Oliphant) | mages;
                let bishops = k(Role::Thief) | mages;
                Self::sliders_reach(sq, occ, rooks, bishops)
            }
            Level::Underworld => {
                let basilisks = k(Role::Basilisk);
                if (g::DIAG_FORWARD[s][back] & (k(Role::Dwarf) | basilisks)).any()
                    || (g::FORWARD[s][back] & basilisks).any()
                {
                    return true;
                }
                let mages = k(Role::Mage);
                if (g::ORTH_STEP[s] & mages).any()
                    || mages.contains(sq + UP)
                    || (mages.contains(sq + 2 * UP) && !occ.contains(sq + UP))
                {
                    return true;
                }
                let els = k(Role::Elemental);
                if els.is_empty() {
                    return false;
                }
                if (g::ORTH_STEP[s] & els).any() {
                    return true;
                }
                if (g::ORTH_TWO[s] & els)
                    .iter()
                    .any(|far| !occ.contains((sq + far) / 2))
                {
                    return true;
                }
                g::ORTH_STEP[s]
                    .and_not(occ)
                    .iter()
                    .any(|n| els.contains(n + UP))
            }
        }
    }

    /// Whether a piece of `rooks` (orthogonally) or `bishops` (diagonally) slides to `sq`
    /// over `occ` on the square's own board.
    #[inline]
    fn sliders_reach(sq: u16, occ: &Bits, rooks: Bits, bishops: Bits) -> bool {
        let level = (sq / UP) as usize;
        shift::slider_reaches(
            (sq % UP) as usize,
            shift::plane(occ, level),
            shift::plane(&rooks, level),
            shift::plane(&bishops, level),
        )
    }

    /// Whether `near` (the attackers of `sq` by single steps and leaps) still attacks `sq`
    /// once Heroes off the Ground whose recorded origin is another square are left out
    /// (docs/rules/dragonchess.md, D3).
    #[cold]
    #[inline(never)]
    fn near_attack_with_origins(&self, sq: u16, near: Bits) -> bool {
        let mut near = near;
        for h in (near & self.origins).iter() {
            if self.origin_of_hero(h) != Some(sq) {
                near.remove(h);
            }
        }
        near.any()
    }

    /// Whether the side to move's King is attacked (rules doc 5.2).
    #[inline]
    pub(crate) fn in_check(&self) -> bool {
        self.attacked_cell(self.kings[self.side.index()], !self.side)
    }

    /// The pseudo-legal moves (frozen pieces and the own King's safety aside) of the
    /// piece of kind `kind` and side `ctx.us` on `sq`, into `sink` (rules doc §4), with the
    /// side's sets computed once per position.
    #[inline(always)]
    fn moves_in<S: Sink>(&self, ctx: &Ctx, sq: u16, kind: Role, sink: &mut S) {
        let (us, ci, own, enemy, occ) = (ctx.us, ctx.ci, &ctx.own, &ctx.enemy, &ctx.occ);
        let s = sq as usize;
        let free = |b: Bits| b.and_not(own);
        let empty = |b: Bits| b.and_not(occ);
        match kind {
            Role::Sylph => {
                if Level::of_cell(sq) == Level::Sky {
                    let mut t = empty(g::DIAG_FORWARD[s][ci]) | (g::FORWARD[s][ci] & *enemy);
                    if enemy.contains(sq - UP) {
                        t.insert(sq - UP);
                    }
                    sink.targets(sq, t);
                } else {
                    let mut t = SYLPH_STARTS[ci];
                    t.insert(sq + UP);
                    sink.targets(sq, empty(t));
                }
            }
            Role::Griffon => sink.targets(sq, free(g::GRIFFON[s])),
            Role::Dragon => {
                sink.targets(sq, free(bishop(sq, occ) | g::ORTH_STEP[s]));
                for to in (g::AFAR[s] & *enemy).iter() {
                    sink.push(Move::afar(sq, to));
                }
            }
            Role::Warrior => {
                let t = empty(g::FORWARD[s][ci]) | (g::DIAG_FORWARD[s][ci] & *enemy);
                let last_rank = if us == GOLD { 7 } else { 0 };
                if cell_rank(sq) as i32 + if us == GOLD { 1 } else { -1 } == last_rank {
                    for to in t.iter() {
                        sink.push(Move::promotion(sq, to));
                    }
                } else {
                    sink.targets(sq, t);
                }
            }
            Role::Oliphant => sink.targets(sq, free(rook(sq, occ))),
            Role::Unicorn => sink.targets(sq, free(g::KNIGHT[s])),
            Role::Hero => {
                // Off the Ground a Hero with a recorded origin may return only there (D3).
                let t = if self.origins.contains(sq) {
                    self.recorded_return(sq)
                } else {
                    g::HERO[s]
                };
                sink.targets(sq, free(t));
            }
            Role::Thief => sink.targets(sq, free(bishop(sq, occ))),
            Role::Cleric => sink.targets(sq, free(g::CLERIC[s])),
            Role::Mage => {
                let mut t;
                match Level::of_cell(sq) {
                    Level::Ground => {
                        t = rook(sq, occ) | bishop(sq, occ);
                        t.insert(sq + UP);
                        t.insert(sq - UP);
                    }
                    lvl => {
                        t = g::ORTH_STEP[s];
                        let (mid, far) = if lvl == Level::Sky {
                            (sq - UP, sq - 2 * UP)
                        } else {
                            (sq + UP, sq + 2 * UP)
                        };
                        t.insert(mid);
                        if !occ.contains(mid) {
                            t.insert(far);
                        }
                    }
                }
                sink.targets(sq, free(t));
            }
            Role::King => sink.targets(sq, free(g::KING[s])),
            Role::Paladin => sink.targets(sq, free(g::PALADIN[s])),
            Role::Dwarf => {
                let mut t =
                    empty(g::FORWARD[s][ci] | g::SIDEWAYS[s]) | (g::DIAG_FORWARD[s][ci] & *enemy);
                if Level::of_cell(sq) == Level::Underworld {
                    if enemy.contains(sq + UP) {
                        t.insert(sq + UP);
                    }
                } else if !occ.contains(sq - UP) {
                    t.insert(sq - UP);
                }
                sink.targets(sq, t);
            }
            Role::Basilisk => {
                let t =
                    free(g::FORWARD[s][ci] | g::DIAG_FORWARD[s][ci]) | empty(g::FORWARD[s][1 - ci]);
                sink.targets(sq, t);
            }
            Role::Elemental => {
                if Level::of_cell(sq) == Level::Underworld {
                    let mut t = free(g::ORTH_STEP[s]) | empty(g::DIAG_STEP[s]);
                    for far in free(g::ORTH_TWO[s]).iter() {
                        if !occ.contains((sq + far) / 2) {
                            t.insert(far);
                        }
                    }
                    for n in empty(g::ORTH_STEP[s]).iter() {
                        if enemy.contains(n + UP) {
                            t.insert(n + UP);
                        }
                    }
                    sink.targets(sq, t);
                } else {
                    let below = sq - UP;
                    if !occ.contains(below) {
                        sink.targets(sq, free(g::ORTH_STEP[below as usize]));
                    }
                }
            }
        }
    }

    /// The number of pseudo-legal moves of the Sylphs, Warriors, Dwarves and Basilisks of
    /// `ctx.us` on the squares `safe`, counted set-wise (their moves are single steps in
    /// fixed directions), and the squares of `safe` left to count piece by piece: the same
    /// count as [`Position::moves_in`] gives piece by piece. `F` is the side's forward rank
    /// step (1 Gold, -1 Scarlet), a constant so that every shift is one. Each counted set
    /// pairs targets of one direction for all pieces (distinct pieces, distinct targets) and
    /// unions only sets that cannot share a square (empty targets with enemy ones, or
    /// different boards).
    #[inline(always)]
    fn count_steps<const F: i8>(&self, ctx: &Ctx, safe: Bits) -> (usize, Bits) {
        use crate::shift::{count, flat, plane, FULL};
        let empty = [0, 1, 2].map(|l| FULL & !plane(&ctx.occ, l));
        let enemy = [0, 1, 2].map(|l| plane(&ctx.enemy, l));
        let mut rest = safe;
        let mut n = 0;
        for kind in [Role::Sylph, Role::Warrior, Role::Dwarf, Role::Basilisk] {
            let set = safe & self.kinds[kind.index()];
            if set.is_empty() {
                continue;
            }
            rest = rest.and_not(&set);
            for l in 0..3 {
                let s = plane(&set, l);
                if s == 0 {
                    continue;
                }
                let (em, en) = (empty[l], enemy[l]);
                n += match kind {
                    Role::Warrior => {
                        count((flat(s, 0, F) & em) | (flat(s, -1, F) & en))
                            + count(flat(s, 1, F) & en)
                    }
                    // On the Sky: also the capture on the Ground square below.
                    Role::Sylph if l == 2 => {
                        count((flat(s, -1, F) & em) | (flat(s, 0, F) & en))
                            + count(flat(s, 1, F) & em)
                            + count(s & enemy[1])
                    }
                    // Below the Sky: each empty own starting square, and the square above
                    // unless it is one of those.
                    Role::Sylph => {
                        let starts = plane(&SYLPH_STARTS[ctx.ci], 2);
                        let above = if l == 1 {
                            empty[2] & !starts
                        } else {
                            empty[l + 1]
                        };
                        count(s) * count(starts & empty[2]) + count(s & above)
                    }
                    Role::Dwarf => {
                        let level_change = if l == 0 {
                            count(s & enemy[1])
                        } else {
                            count(s & empty[l - 1])
                        };
                        count((flat(s, 0, F) & em) | (flat(s, -1, F) & en))
                            + count((flat(s, 1, 0) & em) | (flat(s, 1, F) & en))
                            + count(flat(s, -1, 0) & em)
                            + level_change
                    }
                    _ => {
                        let free = FULL & !plane(&ctx.own, l);
                        count(flat(s, 0, F) & free)
                            + count(flat(s, -1, F) & free)
                            + count(flat(s, 1, F) & free)
                            + count(flat(s, 0, -F) & em)
                    }
                };
            }
        }
        (n, rest)
    }

    /// Own squares whose piece, moving away, may expose the own King while it is not in
    /// check: line pieces pinned against an enemy Oliphant, Thief, Mage (Ground) or Dragon
    /// (Sky); the Ground square an enemy Mage's two-level move would pass; the Underworld
    /// squares an enemy Elemental's step or level change would pass; own Basilisks below an
    /// enemy piece (moving them unfreezes it, ruling D10).
    fn sensitive(&self) -> Bits {
        let us = self.side;
        let them = !us;
        let own = self.colors[us.index()];
        let occ = self.occupied();
        let ksq = self.kings[us.index()];
        let ks = ksq as usize;
        let mut v = Bits::EMPTY;
        let lvl = Level::of_cell(ksq);
        let mages = self.pieces(them, Role::Mage);
        let (rooks, bishops) = match lvl {
            Level::Ground => (
                self.pieces(them, Role::Oliphant) | mages,
                self.pieces(them, Role::Thief) | mages,
            ),
            Level::Sky => (Bits::EMPTY, self.pieces(them, Role::Dragon)),
            Level::Underworld => (Bits::EMPTY, Bits::EMPTY),
        };
        if rooks.any() || bishops.any() {
            let l = lvl as usize;
            let (occ, own) = (shift::plane(&occ, l), shift::plane(&own, l));
            let (rooks, bishops) = (shift::plane(&rooks, l), shift::plane(&bishops, l));
            let k = (ksq % UP) as usize;
            if shift::aligned(k, rooks, bishops) {
                for dir in 0..8 {
                    let sliders = if dir % 2 == 0 { rooks } else { bishops };
                    if let Some(b) = shift::pinned(k, dir, occ, own, sliders) {
                        v.insert(ksq - k as u16 + b as u16);
                    }
                }
            }
        }
        let els = self.pieces(them, Role::Elemental);
        match lvl {
            Level::Sky => {
                if mages.contains(ksq - 2 * UP) && own.contains(ksq - UP) {
                    v.insert(ksq - UP);
                }
            }
            Level::Ground => {
                let below = ksq - UP;
                if own.contains(below) && g::ORTH_STEP[below as usize].intersects(&els) {
                    v.insert(below);
                }
            }
            Level::Underworld => {
                if mages.contains(ksq + 2 * UP) && own.contains(ksq + UP) {
                    v.insert(ksq + UP);
                }
                for far in (g::ORTH_TWO[ks] & els).iter() {
                    let mid = (ksq + far) / 2;
                    if own.contains(mid) {
                        v.insert(mid);
                    }
                }
                for n in (g::ORTH_STEP[ks] & own).iter() {
                    if els.contains(n + UP) {
                        v.insert(n);
                    }
                }
            }
        }
        // The Underworld squares below an enemy piece on the Ground.
        let below_enemy = shift::to_bits(shift::plane(&self.colors[them.index()], 1), 0);
        v | (self.pieces(us, Role::Basilisk) & below_enemy)
    }

    /// Whether the pseudo-legal move `m` of the side to move leaves its King unattacked,
    /// judged after the move with freezing recomputed (ruling D10).
    fn leaves_king_safe(&self, m: Move) -> bool {
        let us = self.side;
        let them = !us;
        let (from, to) = (m.origin(), m.target());
        let mut occ = self.occupied();
        let mut enemy = self.colors[them.index()];
        let mut basilisks = self.pieces(us, Role::Basilisk);
        let mut ksq = self.kings[us.index()];
        occ.remove(to);
        enemy.remove(to);
        if !m.is_afar() {
            occ.remove(from);
            occ.insert(to);
            if basilisks.contains(from) {
                basilisks.remove(from);
                basilisks.insert(to);
            }
            if from == ksq {
                ksq = to;
            }
        }
        !self.attacked_with(ksq, them, &occ, enemy, basilisks)
    }

    /// The legal moves of the side to move, into `sink` (rules doc §3-§5).
    fn generate<S: Sink>(&self, sink: &mut S) {
        let us = self.side;
        let ctx = Ctx::new(self, us);
        let movable = ctx.own.and_not(&self.frozen(us));
        let in_check = self.in_check();
        // Pieces whose moves are tested one by one (see the module documentation).
        let (sensitive, risky) = if in_check {
            (movable, movable)
        } else {
            let sensitive = self.sensitive();
            let mut risky = sensitive;
            risky.insert(self.kings[us.index()]);
            for d in self.pieces(us, Role::Dragon).iter() {
                if g::AFAR[d as usize].intersects(&ctx.enemy) {
                    risky.insert(d);
                }
            }
            (sensitive, risky)
        };
        let safe = movable.and_not(&risky);
        if S::BULK {
            // Perft's count: the step pieces set-wise, the others square by square in one
            // pass over the set (the order of the moves does not matter here).
            let (n, rest) = if ctx.us == GOLD {
                self.count_steps::<1>(&ctx, safe)
            } else {
                self.count_steps::<-1>(&ctx, safe)
            };
            sink.add(n);
            for (i, &word) in rest.0.iter().enumerate() {
                let mut w = word;
                while w != 0 {
                    let sq = i as u16 * 64 + w.trailing_zeros() as u16;
                    w &= w - 1;
                    let kind = ROLE_OF_CODE[self.board[sq as usize] as usize];
                    self.moves_in(&ctx, sq, kind, sink);
                }
            }
        } else {
            for kind in Role::ALL {
                for sq in (safe & self.kinds[kind.index()]).iter() {
                    self.moves_in(&ctx, sq, kind, sink);
                }
            }
        }
        let mut scratch = MoveList::new();
        for sq in (movable & risky).iter() {
            let Some(p) = self.piece_on(sq) else { continue };
            let test_all = p.role == Role::King || sensitive.contains(sq);
            scratch.clear();
            self.moves_in(&ctx, sq, p.role, &mut scratch);
            for &m in scratch.iter() {
                if (!test_all && !m.is_afar()) || self.leaves_king_safe(m) {
                    sink.push(m);
                }
            }
        }
    }

    /// Appends the legal moves of the side to move to `list`.
    pub(crate) fn legal_moves_into(&self, list: &mut MoveList) {
        self.generate(list);
    }

    /// The number of legal moves of the side to move (perft's bulk count).
    pub(crate) fn count_legal(&self) -> usize {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    /// The number of pseudo-legal moves of `c` (own King's safety not considered; frozen
    /// pieces have none): the mobility term of [`fairy_kernel::Heuristics::evaluate`].
    pub fn mobility(&self, c: Color) -> usize {
        let ctx = Ctx::new(self, c);
        let movable = ctx.own.and_not(&self.frozen(c));
        let mut n = Counter(0);
        for kind in Role::ALL {
            for sq in (movable & self.kinds[kind.index()]).iter() {
                self.moves_in(&ctx, sq, kind, &mut n);
            }
        }
        n.0
    }

    /// [`Position::mobility`] with each kind's moves counted `weights[kind]` times (kinds of
    /// weight 0 are not generated): the weighted mobility term of the engine evaluation
    /// (docs/rules/dragonchess.md §10).
    pub(crate) fn weighted_mobility(&self, c: Color, weights: &[i32; 15]) -> i32 {
        let ctx = Ctx::new(self, c);
        let movable = ctx.own.and_not(&self.frozen(c));
        let mut total = 0;
        for kind in Role::ALL {
            let w = weights[kind.index()];
            if w == 0 {
                continue;
            }
            let mut n = Counter(0);
            for sq in (movable & self.kinds[kind.index()]).iter() {
                self.moves_in(&ctx, sq, kind, &mut n);
            }
            total += w * n.0 as i32;
        }
        total
    }

    /// Plays `m`, which must be one of the legal moves (copy-make: the caller keeps the old
    /// value to go back). Captures remove the piece on the target (from afar: the Dragon
    /// stays); a promotion makes the Warrior a Hero; a Hero leaving the Ground gets its
    /// origin recorded, and the record goes when it returns or is captured (D3); the
    /// half-move clock resets on captures and Warrior moves; the move number goes up after
    /// Scarlet's move (D10).
    pub(crate) fn apply(&mut self, m: Move) {
        let (from, to) = (m.origin(), m.target());
        let mut reset = false;
        if m.is_afar() {
            reset = self.take(to).is_some();
        } else if let Some(mut p) = self.take(from) {
            reset = self.take(to).is_some();
            if p.role == Role::Warrior {
                reset = true;
                if m.is_promotion() {
                    p.role = Role::Hero;
                }
            }
            self.put(to, p);
            if p.role == Role::Hero && Level::of_cell(from) == Level::Ground {
                self.set_origin(to, from);
            }
        }
        self.halfmove = if reset {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == SCARLET {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.set_side(!self.side);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `CONTACT` holds every square from which a lone piece of any kind and side captures
    /// on a square other than by sliding, so the shortcut in `attacked_with` changes nothing
    /// (blockers and frozen pieces only take attacks away).
    #[test]
    fn contact_covers_every_capture_but_slides() {
        for by in [GOLD, SCARLET] {
            for role in Role::ALL {
                for q in 0..SQUARES as u16 {
                    let mut p = Position::empty();
                    p.put(q, Piece { color: by, role });
                    let (occ, att) = (p.occupied(), p.colors[by.index()]);
                    for sq in (0..SQUARES as u16).filter(|&sq| sq != q) {
                        if p.attacked_by(sq, by, &occ, att) {
                            assert!(
                                g::CONTACT[sq as usize].contains(q)
                                    || p.attacked_sliding(sq, &occ, att),
                                "{role:?} of {by:?} on {q} captures on {sq}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn role_of_code_matches_piece_codes() {
        for code in 1..=30u8 {
            let p = Piece::from_code(code).expect("codes 1..=30 are pieces");
            assert_eq!(ROLE_OF_CODE[code as usize], p.role, "code {code}");
        }
    }
}
