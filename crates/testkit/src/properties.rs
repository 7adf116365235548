//! Properties every variant must have, generic over [`Game`], checked along random games.
//!
//! Along each random game (random legal moves from the start position, seeded, so a
//! failure is reproducible): the position notation round-trips; every legal move's text
//! reads back as that move; the incremental hash equals the hash from scratch; copy-make
//! leaves the parent untouched; `count_legal_moves` equals the generated list's length;
//! mutated position and move strings give errors or positions, never panics.

use fairy_kernel::game::MoveBuf;
use fairy_kernel::zobrist::splitmix64;
use fairy_kernel::Game;

/// A small deterministic random source (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        splitmix64(self.0)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Mutations of `s`: characters deleted, duplicated, replaced by characters of `alphabet`,
/// and prefixes; `count` of them, from `rng`.
pub fn mutations(s: &str, alphabet: &[char], count: usize, rng: &mut Rng) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let mut c = chars.clone();
        match rng.below(4) {
            0 if !c.is_empty() => {
                let i = rng.below(c.len());
                c.remove(i);
            }
            1 if !c.is_empty() => {
                let i = rng.below(c.len());
                c.insert(i, c[i]);
            }
            2 if !c.is_empty() => {
                let i = rng.below(c.len());
                c[i] = alphabet[rng.below(alphabet.len())];
            }
            _ => {
                let n = rng.below(c.len() + 1);
                c.truncate(n);
            }
        }
        out.push(c.into_iter().collect());
    }
    out
}

const ALPHABET: &[char] = &[
    '0', '1', '2', '9', '/', ' ', '-', 'x', '=', '|', ',', 'a', 'k', 'z', 'K', 'Q', 'P', 'w', 'b',
    'g', 's', '@', '\u{e9}', '\u{0}',
];

/// Plays `games` random games of at most `plies` moves from the start of `variant` and
/// checks the properties listed in the module documentation at every position.
///
/// # Errors
/// The first property that fails, with the seed, the ply and the position notation.
pub fn check_random_games<G: Game>(
    variant: G::RuleSet,
    games: usize,
    plies: usize,
    seed: u64,
) -> Result<usize, String> {
    let mut rng = Rng::new(seed);
    let mut positions = 0;
    for game in 0..games {
        let mut pos = G::start(variant);
        for ply in 0..plies {
            positions += 1;
            let at = || {
                format!(
                    "game {game} (seed {seed}), ply {ply}, {}",
                    pos.to_notation()
                )
            };
            let fen = pos.to_notation();
            match G::from_notation(variant, &fen) {
                Ok(p) if p == pos => {}
                Ok(p) => return Err(format!("{}: notation reads back as {p:?}", at())),
                Err(e) => return Err(format!("{}: own notation rejected: {e}", at())),
            }
            if pos.hash() != pos.hash_from_scratch() {
                return Err(format!("{}: incremental hash differs from scratch", at()));
            }
            for m in mutations(&fen, ALPHABET, 4, &mut rng) {
                // Must not panic; whatever it reads must write back readable.
                if let Ok(p) = G::from_notation(variant, &m) {
                    let again = p.to_notation();
                    if G::from_notation(variant, &again).as_ref() != Ok(&p) {
                        return Err(format!("{}: mutated {m:?} does not round-trip", at()));
                    }
                }
            }
            let mut moves = G::MoveList::default();
            pos.legal_moves(&mut moves);
            if pos.count_legal_moves() != moves.len() {
                return Err(format!("{}: count_legal_moves differs", at()));
            }
            for &m in moves.as_slice() {
                let text = pos.format_move(m);
                match pos.parse_move(&text) {
                    Ok(back) if back == m => {}
                    Ok(back) => {
                        return Err(format!(
                            "{}: {text} reads back as {back:?}, not {m:?}",
                            at()
                        ))
                    }
                    Err(e) => return Err(format!("{}: own move {text} rejected: {e}", at())),
                }
                for bad in mutations(&text, ALPHABET, 2, &mut rng) {
                    if let Ok(back) = pos.parse_move(&bad) {
                        if !moves.as_slice().contains(&back) {
                            return Err(format!("{}: {bad:?} reads as an illegal move", at()));
                        }
                    }
                }
            }
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[rng.below(moves.len())];
            let before = pos.clone();
            let mut child = pos.clone();
            child.play(m);
            if pos != before {
                return Err(format!("{}: copy-make changed the parent", at()));
            }
            pos = child;
        }
    }
    Ok(positions)
}
