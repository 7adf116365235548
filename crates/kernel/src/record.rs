//! A game in progress or finished: the start position, the moves, and the rules that need
//! the history (threefold repetition, ruling G1).

use crate::error::MoveError;
use crate::game::{Game, MoveBuf, Outcome, Reason};
use crate::presentation::Presentation;

/// A game: start position, moves played and the positions they led to.
///
/// [`GameRecord::outcome`] is the position's own outcome, or a draw by repetition when the
/// current position (by [`Game::hash`]: placement, side to move, rights, front) has occurred
/// three times (ruling G1).
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    start: G,
    positions: Vec<G>,
    moves: Vec<G::Move>,
    texts: Vec<String>,
}

impl<G: Presentation> GameRecord<G> {
    /// Reads `text` as a move of the current position and plays it.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] when the game has ended (repetition included), otherwise
    /// what [`crate::game::parse_move_lenient`] returns (separators may be left out).
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, MoveError> {
        if let Some(o) = self.outcome() {
            return Err(MoveError::GameOver(o.describe(G::side_names())));
        }
        let mv = crate::game::parse_move_lenient(self.position(), text)?;
        self.play(mv);
        Ok(mv)
    }
}

impl<G: Game> GameRecord<G> {
    /// A new game from `start`.
    pub fn new(start: G) -> Self {
        GameRecord {
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
            texts: Vec::new(),
        }
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &G {
        self.positions
            .last()
            .expect("a record always holds its start")
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The canonical texts of the moves played, in order.
    pub fn move_texts(&self) -> &[String] {
        &self.texts
    }

    /// Plays `mv`, which must be legal in the current position.
    pub fn play(&mut self, mv: G::Move) {
        let pos = self.position();
        let text = pos.format_move(mv);
        let mut next = pos.clone();
        next.play(mv);
        self.positions.push(next);
        self.moves.push(mv);
        self.texts.push(text);
    }

    /// Plays random legal moves until the record holds `max_moves` moves or the game is
    /// over, and returns how many it played. The moves are chosen with a xorshift64
    /// generator seeded with `seed` (0 counts as 1), so a seed replays its game: the random
    /// games of the variant crates' examples.
    pub fn random_walk(&mut self, max_moves: usize, seed: u64) -> usize {
        let mut rng = seed.max(1);
        let mut played = 0;
        while self.moves.len() < max_moves && self.outcome().is_none() {
            let moves = self.position().legal_move_list();
            let moves = moves.as_slice();
            if moves.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            self.play(moves[(rng % moves.len() as u64) as usize]);
            played += 1;
        }
        played
    }

    /// Takes back the last move; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        self.positions.pop();
        self.moves.pop();
        self.texts.pop();
        true
    }

    /// How many times the current position has occurred so far (at least 1).
    pub fn repetitions(&self) -> usize {
        let h = self.position().hash();
        self.positions.iter().filter(|p| p.hash() == h).count()
    }

    /// The outcome: the position's own, else a draw by threefold repetition (G1), else
    /// `None`.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome().or_else(|| {
            (self.repetitions() >= 3).then_some(Outcome::Draw {
                reason: Reason::Repetition,
            })
        })
    }
}
