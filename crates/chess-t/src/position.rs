//! The position, moves, strength summation, move generation and making moves.

use core::cell::Cell;

use fairy_kernel::{zobrist, Color, Outcome, Reason};

use crate::ruleset::{Piece, Role, RuleSet, Square, Variant};
use crate::tables::{Tables, MAX_CELLS, NO_CELL};

/// A move: origin, destination, promotion and whether it captures or exchanges.
///
/// Written `from-to`, with `=X` for a promotion (docs/rules/chess-t.md, T11; see
/// [`crate::notation`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: u8,
    to: u8,
    /// 0: none; otherwise 1 + the kind index of the new piece.
    promo: u8,
    /// `FLAG_CAPTURE` or `FLAG_EXCHANGE` or 0, and `FLAG_NARROW` on chess-T1's 8-file
    /// board (so that the move's cells name their squares without the position).
    flags: u8,
}

const FLAG_CAPTURE: u8 = 1;
const FLAG_EXCHANGE: u8 = 2;
/// The move's cells are of an 8-file board (chess-T1), not a 9-file one.
const FLAG_NARROW: u8 = 4;

impl Move {
    #[inline]
    const fn new(from: u8, to: u8, promo: Option<Role>, flags: u8) -> Move {
        Move {
            from,
            to,
            promo: match promo {
                Some(k) => k as u8 + 1,
                None => 0,
            },
            flags,
        }
    }

    /// The cell index the moving piece leaves (for the move generator).
    #[inline]
    pub(crate) const fn origin(self) -> u16 {
        self.from as u16
    }

    /// The cell index it goes to (for the move generator).
    #[inline]
    pub(crate) const fn target(self) -> u16 {
        self.to as u16
    }

    /// The number of files of the board the move's cells belong to.
    #[inline]
    const fn files(self) -> u16 {
        if self.flags & FLAG_NARROW != 0 {
            8
        } else {
            9
        }
    }

    /// The square the moving piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::of_cell(self.origin(), self.files())
    }

    /// The square it goes to (for an exchange: the square of the removed enemy piece).
    #[inline]
    pub const fn to(self) -> Square {
        Square::of_cell(self.target(), self.files())
    }

    /// A move read from text without a position: squares and promotion (see `Move: FromStr`).
    pub(crate) const fn unresolved(from: Square, to: Square, promo: Option<Role>) -> Move {
        Move::new(from.index() as u8, to.index() as u8, promo, 0)
    }

    /// The kind the piece becomes, if the move promotes (docs/rules/chess-t.md, T8).
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        if self.promo == 0 {
            None
        } else {
            Some(Role::ALL[self.promo as usize - 1])
        }
    }

    /// Whether an enemy piece is captured (an exchange is not a capture).
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.flags & FLAG_CAPTURE != 0
    }

    /// Whether this is an exchange: both the moving piece and the enemy piece on `to` are
    /// removed. A Scout's move onto an enemy piece on a castle cell (docs/rules/chess-t.md,
    /// T9), or, in Chess-T and Chess-T2, a move onto an enemy piece with exactly equal
    /// strength sums (docs/rules/chess-t.md, T6a).
    #[inline]
    pub const fn is_exchange(self) -> bool {
        self.flags & FLAG_EXCHANGE != 0
    }
}

/// The largest number of legal moves a position can have, the capacity of [`MoveList`].
///
/// A side has at most 16 pieces (no drops; promotions replace pieces). The bound: 3 Konnets
/// x 24 + 3 Princes x 16 + King 8 + 9 other pieces x 16 (a Ver Knecht with four promotion
/// choices on four cells; a Ritter has 12) = 272.
pub const MAX_MOVES: usize = 272;

/// The buffer that [`Game::legal_moves`](fairy_kernel::Game::legal_moves) fills.
pub type MoveList = fairy_kernel::ArrayMoveList<Move, MAX_MOVES>;

/// A Chess-T family position: placement, side to move, impregnable fields, the
/// Prince-to-Konnet flags, the clocks and the incremental Zobrist hash.
///
/// Build one with [`Position::new`] (the start of a rule set), `Position::default()` (the
/// Chess-T start), by parsing the text `Display` writes (`FromStr`) or with
/// [`Game::from_notation`](fairy_kernel::Game::from_notation).
#[derive(Clone, Copy)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) t: &'static Tables,
    /// 0 empty, otherwise `1 + 2 * kind + color`.
    pub(crate) board: [u8; MAX_CELLS],
    pub(crate) colors: [u128; 2],
    pub(crate) kinds: [u128; 7],
    pub(crate) side: Color,
    /// The impregnable field of White and Black ([`NO_CELL`] in chess-T1).
    pub(crate) imp: [u8; 2],
    /// Bit 0: White has used up its Prince-to-Konnet right (a White Prince has entered the
    /// enemy castle from outside); bit 1: Black (docs/rules/chess-t.md, T8, T12).
    pub(crate) konnet_flags: u8,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

impl PartialEq for Position {
    fn eq(&self, o: &Self) -> bool {
        self.variant == o.variant
            && self.board == o.board
            && self.side == o.side
            && self.imp == o.imp
            && self.konnet_flags == o.konnet_flags
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
    }
}

impl Eq for Position {}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position({})", self.notation())
    }
}

#[inline]
const fn code(kind: Role, color: Color) -> u8 {
    1 + 2 * kind as u8 + color as u8
}

#[inline]
fn bit(sq: u8) -> u128 {
    1u128 << sq
}

/// Iterates the set bits of a mask as cell indices.
#[inline]
pub(crate) fn cells(mut m: u128) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let s = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(s)
        }
    })
}

/// Whether diagonal line `i` (NE, SE, SW, NW) goes to higher cell indices.
#[inline]
const fn ascending(i: usize) -> bool {
    i == 0 || i == 3
}

/// The cells strictly between the start of diagonal line `i` and its cell `first` (a
/// single bit), as a mask to intersect with the line.
#[inline]
fn between_mask(i: usize, first: u128) -> u128 {
    if ascending(i) {
        first - 1
    } else {
        !(first | (first - 1))
    }
}

/// Population count of a mask of at most 72 cells (the software count of the low 64 bits
/// and a table for the rest: the build has no `popcnt` instruction).
#[inline]
pub(crate) fn pop(m: u128) -> u32 {
    debug_assert!(m >> 72 == 0);
    (m as u64).count_ones() + u32::from(POP8[(m >> 64) as u8 as usize])
}

const POP8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    t
};

/// Strength in half units per board code (0 for an empty cell and the Scout).
const CODE_STRENGTH: [u16; 15] = {
    let mut t = [0u16; 15];
    let mut k = 0;
    while k < 7 {
        t[1 + 2 * k] = Role::ALL[k].strength();
        t[2 + 2 * k] = Role::ALL[k].strength();
        k += 1;
    }
    t
};

/// The accumulator slot of a board code in the strength sums: `2 * colour + royal`.
const CODE_SLOT: [u8; 15] = {
    let mut t = [0u8; 15];
    let mut k = 0;
    while k < 7 {
        let royal = Role::ALL[k].is_royal() as u8;
        t[1 + 2 * k] = royal;
        t[2 + 2 * k] = 2 + royal;
        k += 1;
    }
    t
};

const Z_PIECE: u64 = 0xC7_0001;
const Z_SIDE: u64 = 0xC7_0002;
const Z_FLAG: u64 = 0xC7_0003;
const Z_IMP: u64 = 0xC7_0004;

const PIECE_KEYS: [[u64; MAX_CELLS]; 15] = {
    let mut k = [[0u64; MAX_CELLS]; 15];
    let mut c = 1;
    while c < 15 {
        let mut s = 0;
        while s < MAX_CELLS {
            k[c][s] = zobrist::key(Z_PIECE, (c * MAX_CELLS + s) as u64);
            s += 1;
        }
        c += 1;
    }
    k
};
pub(crate) const SIDE_KEY: u64 = zobrist::key(Z_SIDE, 0);
const FLAG_KEYS: [u64; 2] = [zobrist::key(Z_FLAG, 0), zobrist::key(Z_FLAG, 1)];
const IMP_KEYS: [[u64; MAX_CELLS]; 2] = {
    let mut k = [[0u64; MAX_CELLS]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < MAX_CELLS {
            k[c][s] = zobrist::key(Z_IMP, (c * MAX_CELLS + s) as u64);
            s += 1;
        }
        c += 1;
    }
    k
};

/// Receives generated moves: the move list (sets of quiet moves at once).
trait Sink {
    fn one(&mut self, m: Move);
    fn quiet_set(&mut self, from: u8, targets: u128);
}

impl Sink for MoveList {
    #[inline]
    fn one(&mut self, m: Move) {
        self.push(m);
    }
    #[inline]
    fn quiet_set(&mut self, from: u8, targets: u128) {
        for to in cells(targets) {
            self.push(Move::new(from, to, None, 0));
        }
    }
}

/// Capture and exchange decisions per target cell, each computed once per generation
/// (docs/rules/chess-t.md, T6, T6a).
pub(crate) struct Contests<'a> {
    pos: &'a Position,
    done: Cell<u128>,
    /// Cells where the side to move has superiority (a capture).
    capture: Cell<u128>,
    /// Cells where the sums are exactly equal and the rule set exchanges (T6a).
    exchange: Cell<u128>,
}

impl<'a> Contests<'a> {
    /// No decision made yet in `pos`.
    pub(crate) fn new(pos: &'a Position) -> Self {
        Contests {
            pos,
            done: Cell::new(0),
            capture: Cell::new(0),
            exchange: Cell::new(0),
        }
    }

    /// Decides the cells of `todo` not decided yet.
    #[inline]
    fn resolve(&self, todo: u128) {
        let todo = todo & !self.done.get();
        if todo == 0 {
            return;
        }
        let (mut capture, mut exchange) = (self.capture.get(), self.exchange.get());
        for t in cells(todo) {
            match self.pos.contest(t) {
                FLAG_CAPTURE => capture |= bit(t),
                FLAG_EXCHANGE => exchange |= bit(t),
                _ => {}
            }
        }
        self.capture.set(capture);
        self.exchange.set(exchange);
        self.done.set(self.done.get() | todo);
    }

    /// Of the enemy-occupied cells `targets`, those a move may go to: captures, and
    /// exchanges if `exchanges`.
    #[inline]
    pub(crate) fn allowed(&self, targets: u128, exchanges: bool) -> u128 {
        self.resolve(targets);
        let ex = if exchanges { self.exchange.get() } else { 0 };
        targets & (self.capture.get() | ex)
    }

    /// [`FLAG_CAPTURE`], [`FLAG_EXCHANGE`] or 0 for a move onto the enemy piece on `t`.
    #[inline]
    fn flag(&self, t: u8) -> u8 {
        self.resolve(bit(t));
        if self.capture.get() & bit(t) != 0 {
            FLAG_CAPTURE
        } else if self.exchange.get() & bit(t) != 0 {
            FLAG_EXCHANGE
        } else {
            0
        }
    }
}

impl Position {
    /// The start position of `variant` (docs/rules/chess-t.md, T5, T9, T10).
    pub(crate) fn start(variant: Variant) -> Position {
        Position::from_notation(variant, variant.rules().start)
            .expect("the start position of every rule set is valid")
    }

    /// An empty board of `variant` with White to move, the rule set's default impregnable
    /// fields (Chess-T/T2: b4, b5), no flags and clocks 0 / 1. Used to build positions piece
    /// by piece; see [`Position::put`].
    pub(crate) fn empty(variant: Variant) -> Position {
        let rules = variant.rules();
        let imp = if rules.has_impregnable {
            // b4 and b5 (docs/rules/chess-t.md, T3).
            [3 * rules.files + 1, 4 * rules.files + 1]
        } else {
            [NO_CELL; 2]
        };
        let mut p = Position {
            variant,
            t: rules.tables,
            board: [0; MAX_CELLS],
            colors: [0; 2],
            kinds: [0; 7],
            side: Color::White,
            imp,
            konnet_flags: 0,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        };
        p.hash = p.compute_hash();
        p
    }

    /// The rule set.
    #[inline]
    pub fn rules(&self) -> &'static RuleSet {
        self.variant.rules()
    }

    /// The rule set's name as a [`Variant`].
    #[inline]
    pub(crate) fn variant(&self) -> Variant {
        self.variant
    }

    /// The piece on `sq`, if any (`None` also for a square off this rule set's board:
    /// file `i` in chess-T1).
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cell(sq).and_then(|c| self.piece_on(c))
    }

    /// The cell index of `sq` on this rule set's board, or `None` when the board has no such
    /// square (file `i` in chess-T1).
    #[inline]
    pub(crate) fn cell(&self, sq: Square) -> Option<u16> {
        let files = self.variant.rules().files as u16;
        let (file, rank) = (sq.file(), sq.rank());
        (file < files).then_some(rank * files + file)
    }

    /// The square of a cell index of this rule set's board.
    #[inline]
    pub(crate) fn square_of(&self, cell: u16) -> Square {
        Square::of_cell(cell, self.variant.rules().files as u16)
    }

    /// The piece on cell index `cell`, if any.
    #[inline]
    pub(crate) fn piece_on(&self, cell: u16) -> Option<Piece> {
        let c = *self.board.get(cell as usize)?;
        if c == 0 {
            None
        } else {
            Some(Piece {
                role: Role::ALL[((c - 1) / 2) as usize],
                color: Color::from_index(((c - 1) % 2) as usize),
            })
        }
    }

    /// The impregnable field of `color`, if the rule set has them (docs/rules/chess-t.md, T3).
    pub fn impregnable_field(&self, color: Color) -> Option<Square> {
        let c = self.imp[color.index()];
        (c != NO_CELL).then(|| self.square_of(c as u16))
    }

    /// Whether `color` has used up its Prince-to-Konnet right: one of its Princes has entered
    /// the enemy castle from outside, promoting or not (docs/rules/chess-t.md, T8, T12).
    pub fn konnet_promoted(&self, color: Color) -> bool {
        self.konnet_flags >> color.index() & 1 != 0
    }

    /// Plies since the last capture or exchange (docs/rules/chess-t.md, T7).
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The move number (1 at the start, up after Black's move).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The cells of `color`'s pieces of `kind`, as a bit mask (bit `i` = cell `i`).
    pub fn pieces(&self, color: Color, kind: Role) -> u128 {
        self.colors[color.index()] & self.kinds[kind.index()]
    }

    /// Whether `sq` is a castle cell of `color` (docs/rules/chess-t.md, T2).
    pub fn is_castle(&self, color: Color, sq: Square) -> bool {
        self.cell(sq).is_some_and(|c| self.is_castle_cell(color, c))
    }

    /// Whether cell index `cell` is a castle cell of `color`.
    pub(crate) fn is_castle_cell(&self, color: Color, cell: u16) -> bool {
        cell < 128 && self.t.castle[color.index()] >> cell & 1 != 0
    }

    /// The hash computed from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (s, &c) in self.board.iter().enumerate() {
            if c != 0 {
                h ^= PIECE_KEYS[c as usize][s];
            }
        }
        if self.side == Color::Black {
            h ^= SIDE_KEY;
        }
        for c in 0..2 {
            if self.konnet_flags >> c & 1 != 0 {
                h ^= FLAG_KEYS[c];
            }
            if self.imp[c] != NO_CELL {
                h ^= IMP_KEYS[c][self.imp[c] as usize];
            }
        }
        h
    }

    #[inline]
    pub(crate) fn royal(&self) -> u128 {
        self.kinds[Role::King.index()]
            | self.kinds[Role::Konnet.index()]
            | self.kinds[Role::Prince.index()]
    }

    #[inline]
    pub(crate) fn put(&mut self, sq: u8, kind: Role, color: Color) {
        let c = code(kind, color);
        self.board[sq as usize] = c;
        self.colors[color.index()] |= bit(sq);
        self.kinds[kind.index()] |= bit(sq);
        self.hash ^= PIECE_KEYS[c as usize][sq as usize];
    }

    #[inline]
    fn remove(&mut self, sq: u8) {
        let c = self.board[sq as usize];
        debug_assert!(c != 0);
        let kind = (c - 1) / 2;
        let color = (c - 1) % 2;
        self.board[sq as usize] = 0;
        self.colors[color as usize] &= !bit(sq);
        self.kinds[kind as usize] &= !bit(sq);
        self.hash ^= PIECE_KEYS[c as usize][sq as usize];
    }

    #[inline]
    fn kind_at(&self, sq: u8) -> Role {
        Role::ALL[((self.board[sq as usize] - 1) / 2) as usize]
    }

    // ----- strength -------------------------------------------------------------------

    /// The strength sums of White and Black on `cell`, in **half units** (Knecht = 2), as the
    /// capture rule compares them (docs/rules/chess-t.md, T6, T12; chess-T1 ch. 4):
    ///
    /// - every piece projects its strength onto its own cell and every cell of its lines of
    ///   movement: the whole range of a jumping line (Ritter, Konnet orthogonally), a
    ///   non-jumping line up to and including its first occupied cell, ending at a castle
    ///   cell for a non-royal piece (the castle cell itself receives the strength) and before
    ///   the enemy impregnable field;
    /// - the Scout adds 0 (docs/rules/chess-t.md, T9);
    /// - on a castle cell a side's non-royal strength counts only if that side's piece stands
    ///   there (defence) or one of its royal pieces also reaches the cell (attack).
    ///
    /// Returns `(0, 0)` for a square that is not on the board (file `i` in chess-T1).
    pub fn strength(&self, sq: Square) -> (u16, u16) {
        self.cell(sq).map_or((0, 0), |c| self.strength_on(c))
    }

    /// [`Position::strength`] on a cell index.
    pub(crate) fn strength_on(&self, cell: u16) -> (u16, u16) {
        if cell as usize >= MAX_CELLS || self.t.board[0] >> cell & 1 == 0 {
            return (0, 0);
        }
        let s = self.sums(cell as u8);
        (s[0], s[1])
    }

    /// Royal and non-royal sums per side on `t` (before the castle rule).
    #[inline]
    fn raw_sums(&self, t: u8) -> ([u16; 2], [u16; 2]) {
        let tb = self.t;
        let ti = t as usize;
        // Indexed by `CODE_SLOT`: White other, White royal, Black other, Black royal.
        let mut acc = [0u16; 4];
        let mut add = |code: u8| {
            acc[CODE_SLOT[code as usize] as usize] += CODE_STRENGTH[code as usize];
        };
        let occupant = self.board[ti];
        if occupant != 0 {
            add(occupant);
        }
        let occ = self.colors[0] | self.colors[1];
        let castles = tb.castle[0] | tb.castle[1];
        let kn = self.kinds[Role::Knecht.index()];
        let vk = self.kinds[Role::VerKnecht.index()];
        let king = self.kinds[Role::King.index()];
        let konnet = self.kinds[Role::Konnet.index()];
        let prince = self.kinds[Role::Prince.index()];
        let ritter = self.kinds[Role::Ritter.index()];
        // Stepping pieces do not reach the enemy impregnable field.
        let mut stepping = 0;
        for c in 0..2 {
            if t != self.imp[1 - c] {
                stepping |= self.colors[c];
            }
        }
        let reach = (tb.ritter[ti] & ritter)
            | (tb.konnet_orth[ti] & konnet)
            | (((tb.king[ti] & king) | (tb.orth1[ti] & (prince | kn | vk))) & stepping);
        for s in cells(reach) {
            add(self.board[s as usize]);
        }
        for c in 0..2 {
            let eimp = self.imp[1 - c];
            let s = tb.double_from[ti][c];
            if t != eimp && s != NO_CELL && (kn | vk) & self.colors[c] & bit(s) != 0 {
                let m = tb.forward[s as usize][c];
                if occ & bit(m) == 0 && castles & bit(m) == 0 && m != eimp {
                    add(self.board[s as usize]);
                }
            }
        }
        // Diagonal lines of Princes and Konnets, walked outward from `t` to the first
        // occupied cell. A side is blocked if the walk passes the other side's impregnable
        // field; `t` being that field blocks from the start.
        let diag = prince | konnet;
        if diag != 0 {
            for (i, &ray) in tb.diagonal_ray[ti].iter().enumerate() {
                let b = ray & occ;
                if b == 0 {
                    continue;
                }
                let first = if ascending(i) {
                    b & b.wrapping_neg()
                } else {
                    1u128 << (127 - b.leading_zeros())
                };
                if diag & first == 0 {
                    continue;
                }
                let before = ray & between_mask(i, first);
                let col = usize::from(self.colors[1] & first != 0);
                if t != self.imp[1 - col] && before & self.field_mask(1 - col) == 0 {
                    let code = self.board[first.trailing_zeros() as usize];
                    acc[CODE_SLOT[code as usize] as usize] += CODE_STRENGTH[code as usize];
                }
            }
        }
        ([acc[1], acc[3]], [acc[0], acc[2]])
    }

    /// The impregnable field of colour index `c` as a mask (0 in chess-T1).
    #[inline]
    pub(crate) fn field_mask(&self, c: usize) -> u128 {
        let f = self.imp[c];
        if f == NO_CELL {
            0
        } else {
            bit(f)
        }
    }

    /// The sums with the castle rule applied.
    #[inline]
    fn sums(&self, t: u8) -> [u16; 2] {
        let (royal, other) = self.raw_sums(t);
        let mut s = [royal[0] + other[0], royal[1] + other[1]];
        if (self.t.castle[0] | self.t.castle[1]) & bit(t) != 0 {
            let occupant = self.board[t as usize];
            for c in 0..2 {
                let defends = occupant != 0 && (occupant - 1) % 2 == c as u8;
                if !defends && royal[c] == 0 {
                    s[c] = royal[c];
                }
            }
        }
        s
    }

    /// What a move of the side to move onto the enemy piece on `t` would be, judged on the
    /// sums before the move: [`FLAG_CAPTURE`] with strict superiority (T6),
    /// [`FLAG_EXCHANGE`] with exactly equal sums where the rule set exchanges (T6a), else 0.
    #[inline]
    fn contest(&self, t: u8) -> u8 {
        let s = self.sums(t);
        let us = self.side.index();
        if s[us] > s[1 - us] {
            FLAG_CAPTURE
        } else if s[us] == s[1 - us] && self.rules().exchange_on_equal {
            FLAG_EXCHANGE
        } else {
            0
        }
    }

    // ----- game end ----------------------------------------------------------------------

    /// The winner by the position alone, if decided: a King missing, then castle capture
    /// (the side that has just moved first) (docs/rules/chess-t.md, T7, T12).
    pub(crate) fn decided(&self) -> Option<Outcome> {
        let kings = self.kinds[Role::King.index()];
        for c in Color::ALL {
            if kings & self.colors[c.index()] == 0 {
                return Some(Outcome::Win {
                    winner: !c,
                    reason: Reason::KingCaptured,
                });
            }
        }
        let royal = self.royal();
        for c in [!self.side, self.side] {
            let enemy_castle = self.t.castle[(!c).index()];
            if royal & self.colors[c.index()] & enemy_castle != 0
                && royal & self.colors[(!c).index()] & enemy_castle == 0
            {
                return Some(Outcome::Win {
                    winner: c,
                    reason: Reason::CastleCapture,
                });
            }
        }
        None
    }

    /// How the game stands by the position alone (docs/rules/chess-t.md, T7, T12): King
    /// missing, castle capture, the 40-move draw, blockade. Repetition (G1) is decided by the game record.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.decided() {
            return Some(o);
        }
        if self.halfmove >= 80 {
            return Some(Outcome::Draw {
                reason: Reason::MoveRule,
            });
        }
        if self.count_moves() == 0 {
            return Some(Outcome::Win {
                winner: !self.side,
                reason: Reason::Blockade,
            });
        }
        None
    }

    // ----- move generation -------------------------------------------------------------

    /// Appends the legal moves of the side to move. Empty when the game is decided (a King
    /// missing, castle capture) or the side to move is blockaded.
    pub(crate) fn legal_moves(&self, out: &mut MoveList) {
        let first = out.len();
        self.generate(out);
        if self.variant.rules().files == 8 {
            for m in &mut out[first..] {
                m.flags |= FLAG_NARROW;
            }
        }
    }

    #[inline]
    fn generate<S: Sink>(&self, out: &mut S) {
        if self.decided().is_some() {
            return;
        }
        let tb = self.t;
        let us = self.side.index();
        let them = 1 - us;
        let own = self.colors[us];
        let enemy = self.colors[them];
        let occ = own | enemy;
        let eimp = if self.imp[them] == NO_CELL {
            0
        } else {
            bit(self.imp[them])
        };
        let castles = tb.castle[0] | tb.castle[1];
        let base = tb.board[0] & !own & !eimp;
        let nonroyal_base = base & !castles;
        // FLAG_CAPTURE, FLAG_EXCHANGE or 0 for a move onto the enemy piece on `t`
        // (docs/rules/chess-t.md, T6, T6a), computed once per cell.
        let contests = Contests::new(self);
        let contest = |t: u8| contests.flag(t);

        // Lone defender (docs/rules/chess-t.md, T7, T12): exactly one own royal piece in the
        // own castle and an enemy royal piece there too: it may move only within the castle.
        let royal = self.royal();
        let own_castle = tb.castle[us];
        let defenders = royal & own & own_castle;
        let lone = if royal & enemy & own_castle != 0
            && defenders != 0
            && defenders & (defenders - 1) == 0
        {
            defenders.trailing_zeros() as u8
        } else {
            NO_CELL
        };
        let restrict = |from: u8| -> u128 {
            if from == lone {
                own_castle
            } else {
                u128::MAX
            }
        };

        let princes = self.kinds[Role::Prince.index()] & own;
        let konnets = self.kinds[Role::Konnet.index()] & own;
        let n_princes = princes.count_ones();
        let n_konnets = konnets.count_ones();
        let enemy_castle = tb.castle[them];
        // Prince -> Konnet on entering the enemy castle (docs/rules/chess-t.md, T8, T12).
        let prince_promotes = self.konnet_flags >> us & 1 == 0 && n_konnets < 3;

        // Jumping orthogonal lines and steps: target sets. An exchange (T6a) promotes
        // nothing; the King never exchanges (`exchanges` false).
        let emit_set =
            |out: &mut S, from: u8, targets: u128, promo_castle: bool, exchanges: bool| {
                let quiet = targets & !enemy;
                let caps = targets & enemy;
                if promo_castle {
                    let plain = quiet & !enemy_castle;
                    out.quiet_set(from, plain);
                    for to in cells(quiet & enemy_castle) {
                        out.one(Move::new(from, to, Some(Role::Konnet), 0));
                    }
                } else {
                    out.quiet_set(from, quiet);
                }
                for to in cells(caps) {
                    match contest(to) {
                        FLAG_CAPTURE => {
                            let promo = (promo_castle && enemy_castle & bit(to) != 0)
                                .then_some(Role::Konnet);
                            out.one(Move::new(from, to, promo, FLAG_CAPTURE));
                        }
                        FLAG_EXCHANGE if exchanges => {
                            out.one(Move::new(from, to, None, FLAG_EXCHANGE));
                        }
                        _ => {}
                    }
                }
            };

        // Ritters.
        for from in cells(self.kinds[Role::Ritter.index()] & own) {
            emit_set(
                out,
                from,
                tb.ritter[from as usize] & nonroyal_base,
                false,
                true,
            );
        }
        // King.
        for from in cells(self.kinds[Role::King.index()] & own) {
            emit_set(
                out,
                from,
                tb.king[from as usize] & base & restrict(from),
                false,
                false,
            );
        }
        // Scouts (docs/rules/chess-t.md, T9): no T6a exchange.
        for from in cells(self.kinds[Role::Scout.index()] & own) {
            let targets = tb.knight[from as usize] & base;
            out.quiet_set(from, targets & !occ & !castles);
            for to in cells(targets & enemy) {
                if castles & bit(to) != 0 {
                    out.one(Move::new(from, to, None, FLAG_EXCHANGE));
                } else {
                    out.one(Move::new(from, to, None, FLAG_CAPTURE));
                }
            }
        }
        // Konnets and Princes.
        for (set, is_konnet) in [(konnets, true), (princes, false)] {
            for from in cells(set) {
                let fi = from as usize;
                let lim = restrict(from);
                let promo_castle = !is_konnet && prince_promotes && enemy_castle & bit(from) == 0;
                let orth = if is_konnet {
                    tb.konnet_orth[fi]
                } else {
                    tb.orth1[fi]
                };
                let targets = (orth | self.diagonal_reach(from, occ | eimp)) & base;
                emit_set(out, from, targets & lim, promo_castle, true);
            }
        }
        // Knechts and Ver Knechts.
        let kn = self.kinds[Role::Knecht.index()] & own;
        let vk = self.kinds[Role::VerKnecht.index()] & own;
        let kn_promo = tb.knecht_promotion[us];
        let vk_promo = tb.ver_knecht_promotion[us];
        let choices: &[Role] = {
            const ALL4: [Role; 4] = [Role::Ritter, Role::Prince, Role::Konnet, Role::Scout];
            if self.rules().scouts {
                &ALL4
            } else {
                &ALL4[..3]
            }
        };
        let allowed = |k: Role| match k {
            Role::Prince => n_princes < 3,
            Role::Konnet => n_konnets < 3,
            _ => true,
        };
        for from in cells(kn | vk) {
            let fi = from as usize;
            let is_vk = vk & bit(from) != 0;
            let mut targets = tb.orth1[fi] & base;
            let f1 = tb.forward[fi][us];
            let f2 = tb.double[fi][us];
            if f2 != NO_CELL && occ & bit(f1) == 0 && castles & bit(f1) == 0 && eimp & bit(f1) == 0
            {
                targets |= bit(f2) & nonroyal_base;
            }
            // Castle cells: only the Ver Knecht's *forward* step onto a free enemy castle
            // cell (docs/rules/chess-t.md, T8, T12).
            if is_vk && f1 != NO_CELL && enemy_castle & !occ & bit(f1) != 0 {
                for k in [Role::Prince, Role::Konnet] {
                    if allowed(k) {
                        out.one(Move::new(from, f1, Some(k), 0));
                    }
                }
            }
            targets &= !castles;
            let promo_zone = if is_vk { vk_promo } else { kn_promo };
            let plain = targets & !promo_zone;
            emit_set(out, from, plain, false, true);
            for to in cells(targets & promo_zone) {
                let flags = if enemy & bit(to) != 0 {
                    match contest(to) {
                        FLAG_CAPTURE => FLAG_CAPTURE,
                        FLAG_EXCHANGE => {
                            // An exchange promotes nothing (T6a).
                            out.one(Move::new(from, to, None, FLAG_EXCHANGE));
                            continue;
                        }
                        _ => continue,
                    }
                } else {
                    0
                };
                if is_vk {
                    for &k in choices {
                        if allowed(k) {
                            out.one(Move::new(from, to, Some(k), flags));
                        }
                    }
                } else {
                    out.one(Move::new(from, to, Some(Role::VerKnecht), flags));
                }
            }
        }
    }

    // ----- making moves ----------------------------------------------------------------

    /// Plays `m`, which must be one of [`Game::legal_moves`](fairy_kernel::Game::legal_moves).
    ///
    /// An exchange removes both pieces, resets the half-move clock and leaves the Konnet
    /// flags alone (T6a). A Prince's first move into the enemy castle from outside uses up
    /// its side's Prince-to-Konnet right, whether it promotes or not (T12).
    pub(crate) fn play(&mut self, m: Move) {
        let us = self.side;
        if m.is_exchange() {
            self.remove(m.to);
            self.remove(m.from);
            self.halfmove = 0;
        } else {
            let old = self.board[m.from as usize];
            let kind = self.kind_at(m.from);
            if m.is_capture() {
                self.remove(m.to);
                self.halfmove = 0;
            } else {
                self.halfmove = self.halfmove.saturating_add(1);
            }
            let (from_bit, to_bit) = (bit(m.from), bit(m.to));
            if kind == Role::Prince && self.konnet_flags >> us.index() & 1 == 0 {
                let enemy_castle = self.t.castle[(!us).index()];
                if enemy_castle & to_bit != 0 && enemy_castle & from_bit == 0 {
                    self.konnet_flags |= 1 << us.index();
                    self.hash ^= FLAG_KEYS[us.index()];
                }
            }
            // The piece leaves `from` and stands on the now empty `to`, promoted or not.
            let new_kind = m.promotion().unwrap_or(kind);
            let new = code(new_kind, us);
            self.board[m.from as usize] = 0;
            self.board[m.to as usize] = new;
            self.colors[us.index()] ^= from_bit | to_bit;
            self.kinds[kind.index()] ^= from_bit;
            self.kinds[new_kind.index()] |= to_bit;
            self.hash ^=
                PIECE_KEYS[old as usize][m.from as usize] ^ PIECE_KEYS[new as usize][m.to as usize];
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = !us;
        self.hash ^= SIDE_KEY;
    }
}
