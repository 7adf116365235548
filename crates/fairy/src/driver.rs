//! The one game driver: a [`Match`] is a game of any variant between two players, with
//! the move list, clocks, the game-length cap, resignation, draw offers, score
//! adjudication, takebacks and aborts, and it ends in exactly one [`Termination`] (a
//! result and a reason, in the variant's words) and one game record. Every front (`fairy
//! play`, `fairy match`, the UCI arbiter, the web server, the Python module) plays its
//! games through it, so that a game ends the same way everywhere.
//!
//! **Time comes from the caller.** The driver never reads a clock: every call that can
//! depend on time takes `now`, an instant in milliseconds on any monotonic clock the
//! caller chooses (the same clock for every call of one match). A native front passes
//! [`SystemClock::now`]; a server passes its own clock, so that it decides flag falls
//! itself; WebAssembly passes `performance.now()`.
//!
//! **Clocks run per turn.** The clock of the side to move runs; it stops, and the
//! increment is added, when the side to move changes. In Imperial Regicide a turn is up
//! to three sub-moves by the same side, so the increment is added once per turn, not per
//! sub-move, and the opponent's clock never runs in the middle of a turn: a player thinks
//! about the turn as a whole, and the other player cannot act before it is over.
//!
//! ```
//! use fairy::driver::{Match, MatchOptions, TimeControl, Ending};
//! use fairy::Color;
//! let variant = fairy::registry::find("synthesis")?;
//! let options = MatchOptions {
//!     clock: Some(TimeControl { base_ms: 60_000, increment_ms: 1_000, grace_ms: 0 }),
//!     ..MatchOptions::default()
//! };
//! let mut game = Match::new(variant, None, ["ann".into(), "bob".into()], options)?;
//! game.start_clock(0);
//! game.play(Color::White, "e2-e4", 2_000)?;
//! assert_eq!(game.clock_ms(Color::White, 2_000), Some(59_000));
//! game.resign(Color::Black, 3_000)?;
//! let end = game.termination().expect("over");
//! assert_eq!(end.result.token(), "1-0");
//! assert_eq!(end.ending, Ending::Resignation { loser: Color::Black });
//! assert!(game.record().to_string().contains("[Termination \"black resigned\"]"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use fairy_engine::Score;
use fairy_kernel::{Color, Outcome, Reason, RecordText};
use serde::{Deserialize, Serialize};

use crate::adapter::{Session, Variant};
use crate::error::Error;

/// A time control: `base_ms` at the start, `increment_ms` added at the end of each of a
/// side's turns, and `grace_ms` of lag allowed beyond zero before the flag falls (for a
/// server's network lag or an engine's process lag; 0 for none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// Time on each clock at the start, ms.
    pub base_ms: u64,
    /// Added to a side's clock at the end of each of its turns, ms.
    pub increment_ms: u64,
    /// How far a clock may go below zero before its flag falls, ms.
    #[serde(default)]
    pub grace_ms: u64,
}

/// Score adjudication (for engine games): a side that both players' latest scores put at
/// least `resign_cp` centipawns down (or mated) for `resign_plies` consecutive moves loses;
/// both scores within `draw_cp` of 0 for `draw_plies` consecutive moves after move
/// `draw_after` is a draw. Scores come from [`Match::report_score`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScoreAdjudication {
    /// Resign threshold in centipawns (positive), or none.
    pub resign_cp: Option<i32>,
    /// Consecutive moves the resign threshold must hold (at least 1 is used).
    pub resign_plies: usize,
    /// Draw threshold in centipawns, or none.
    pub draw_cp: Option<i32>,
    /// Consecutive moves the draw threshold must hold (at least 1 is used).
    pub draw_plies: usize,
    /// Draw adjudication starts after this many moves of the game.
    pub draw_after: usize,
}

/// How a [`Match`] is played: the length cap, the clock, score adjudication.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchOptions {
    /// The game-length cap in plies (moves of the rules engine; sub-moves in Imperial
    /// Regicide): when the game reaches it, it is drawn by adjudication. `None` for no cap.
    pub max_plies: Option<usize>,
    /// The clock, or `None` for an untimed game.
    pub clock: Option<TimeControl>,
    /// Score adjudication, or `None`.
    pub adjudication: Option<ScoreAdjudication>,
}

/// The result token of game records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameResult {
    /// The first side (White, Gold) won: `1-0`.
    WhiteWins,
    /// The second side won: `0-1`.
    BlackWins,
    /// A draw: `1/2-1/2`.
    Draw,
    /// No result (aborted or left unfinished): `*`.
    Unfinished,
}

impl GameResult {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn token(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// A win for `winner`.
    pub fn win(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Ending {
    /// By the rules of the variant: checkmate, stalemate, threefold repetition, the move
    /// rule, ... (the variant's [`Reason`], written as its words).
    Rules {
        /// The reason as the variant says it (`checkmate`, `threefold repetition`).
        #[serde(with = "reason_text")]
        reason: Reason,
    },
    /// The side to move has no legal move and the rules name no outcome (a draw).
    NoLegalMove,
    /// The game reached the length cap of `plies` (a draw by adjudication).
    LengthCap {
        /// The cap, in plies.
        plies: usize,
    },
    /// `loser`'s flag fell.
    Time {
        /// The side that ran out of time.
        #[serde(with = "color_text")]
        loser: Color,
    },
    /// `loser` resigned.
    Resignation {
        /// The side that resigned.
        #[serde(with = "color_text")]
        loser: Color,
    },
    /// The players agreed a draw.
    Agreement,
    /// Score adjudication gave the game against `loser`.
    ScoreResignation {
        /// The side the scores gave up.
        #[serde(with = "color_text")]
        loser: Color,
        /// The threshold, centipawns.
        cp: i32,
        /// For how many consecutive moves.
        plies: usize,
    },
    /// Score adjudication drew the game.
    ScoreDraw {
        /// The threshold, centipawns.
        cp: i32,
        /// For how many consecutive moves.
        plies: usize,
    },
    /// `loser` (a program) failed: it crashed, hung or played an illegal move.
    Forfeit {
        /// The side that failed.
        #[serde(with = "color_text")]
        loser: Color,
        /// What happened, as a phrase (`crashed`, `played the illegal move "x"`).
        what: String,
    },
    /// Aborted before one side's first move (no result).
    Aborted,
    /// Left unfinished (no result): `note` says how (`quit`, `end of input`).
    Unfinished {
        /// How the game was left.
        note: String,
    },
}

/// How a game ended: the result and the reason.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Termination {
    /// The result.
    pub result: GameResult,
    /// The reason.
    pub ending: Ending,
}

impl Termination {
    /// The termination of a game whose rules decided it.
    pub fn of_outcome(outcome: &Outcome) -> Termination {
        Termination {
            result: match outcome.winner() {
                Some(c) => GameResult::win(c),
                None => GameResult::Draw,
            },
            ending: Ending::Rules {
                reason: outcome.reason(),
            },
        }
    }

    /// The reason as the `Termination` tag of the game record says it, with the variant's
    /// side names (`names[0]` first): `checkmate`, `scarlet resigned`, `draw agreed`,
    /// `adjudicated: game-length cap of 600 plies reached (ruling G2)`.
    pub fn reason_text(&self, names: [&str; 2]) -> String {
        let n = |c: Color| names[c.index()];
        match &self.ending {
            Ending::Rules { reason } => reason.to_string(),
            Ending::NoLegalMove => "no legal move".into(),
            Ending::LengthCap { plies } => format!(
                "adjudicated: game-length cap of {plies} pl{} reached (ruling G2)",
                if *plies == 1 { "y" } else { "ies" }
            ),
            Ending::Time { loser } => format!("{} lost on time", n(*loser)),
            Ending::Resignation { loser } => format!("{} resigned", n(*loser)),
            Ending::Agreement => "draw agreed".into(),
            Ending::ScoreResignation { loser, cp, plies } => format!(
                "adjudicated: {} resigns (both scores at least {cp} cp against it for {plies} moves)",
                n(*loser)
            ),
            Ending::ScoreDraw { cp, plies } => {
                format!("adjudicated draw: both scores within {cp} cp for {plies} moves")
            }
            Ending::Forfeit { loser, what } => format!("{} {what}", n(*loser)),
            Ending::Aborted => "aborted".into(),
            Ending::Unfinished { note } => format!("unterminated: {note}"),
        }
    }

    /// The ending in one line for people, result first, with the variant's side names:
    /// `0-1 scarlet wins by checkmate`, `1-0 white wins: black resigned`, `1/2-1/2 draw
    /// agreed`, `* game aborted`.
    pub fn describe(&self, names: [&str; 2]) -> String {
        let token = self.result.token();
        match (&self.ending, self.result.winner()) {
            (Ending::Rules { reason }, Some(w)) => {
                format!("{token} {} wins by {reason}", names[w.index()])
            }
            (Ending::Rules { reason }, None) => format!("{token} draw by {reason}"),
            (Ending::Aborted, _) => "* game aborted".into(),
            (Ending::Unfinished { note }, _) => format!("* game left unfinished ({note})"),
            (Ending::Agreement, _) => format!("{token} draw agreed"),
            (_, Some(w)) => format!(
                "{token} {} wins: {}",
                names[w.index()],
                self.reason_text(names)
            ),
            (_, None) => format!("{token} draw: {}", self.reason_text(names)),
        }
    }
}

/// What a [`Match`] refused to do.
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    /// The game is over; nothing more can be played or offered.
    #[error("the game is over: {0}")]
    GameOver(String),
    /// It is not that side's turn.
    #[error("it is not {0}'s turn")]
    NotYourTurn(String),
    /// The move cannot be read or is illegal.
    #[error(transparent)]
    Move(#[from] Error),
    /// There is no draw offer from the other side to accept.
    #[error("there is no draw offer to accept")]
    NoDrawOffer,
    /// That side has made no move to take back.
    #[error("{0} has no move to take back")]
    NothingToTakeBack(String),
    /// That side has moved already, so the game can no longer be aborted by it.
    #[error("{0} has moved already; the game can no longer be aborted")]
    TooLateToAbort(String),
}

/// A request to a [`Match`], as a server receives it from a seat (serializable: JSON as
/// `{"action":"move","seat":"white","text":"e2-e4"}`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Command {
    /// Play a move (see [`Match::play`]).
    Move {
        /// The mover.
        #[serde(with = "color_text")]
        seat: Color,
        /// The move in the variant's notation.
        text: String,
    },
    /// Offer a draw (see [`Match::offer_draw`]).
    OfferDraw {
        /// Who offers.
        #[serde(with = "color_text")]
        seat: Color,
    },
    /// Accept the other side's draw offer (see [`Match::accept_draw`]).
    AcceptDraw {
        /// Who accepts.
        #[serde(with = "color_text")]
        seat: Color,
    },
    /// Decline the other side's draw offer (see [`Match::decline_draw`]).
    DeclineDraw {
        /// Who declines.
        #[serde(with = "color_text")]
        seat: Color,
    },
    /// Resign (see [`Match::resign`]).
    Resign {
        /// Who resigns.
        #[serde(with = "color_text")]
        seat: Color,
    },
    /// Abort before this side's first move (see [`Match::abort`]).
    Abort {
        /// Who aborts.
        #[serde(with = "color_text")]
        seat: Color,
    },
    /// Take back this side's last turn (see [`Match::takeback`]).
    Takeback {
        /// Whose turn is taken back.
        #[serde(with = "color_text")]
        seat: Color,
    },
}

/// A native front's clock for `now` arguments: milliseconds since the first call in this
/// process (monotonic, from [`std::time::Instant`]).
#[derive(Clone, Copy, Debug)]
pub struct SystemClock {
    origin: std::time::Instant,
}

impl SystemClock {
    /// A clock whose zero is now.
    pub fn start() -> SystemClock {
        SystemClock {
            origin: std::time::Instant::now(),
        }
    }

    /// Milliseconds since [`SystemClock::start`].
    pub fn now(&self) -> u64 {
        u64::try_from(self.origin.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::start()
    }
}

/// Both clocks: the time each side has left at the last switch, and since when the side
/// to move's clock runs (`None` before [`Match::start_clock`] or the first move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Clocks {
    control: TimeControl,
    /// Milliseconds left at the last switch, White's first; may go below zero by the grace.
    left: [i64; 2],
    running_since: Option<u64>,
}

/// A game between two players, driven by move text and the caller's instants (see the
/// [module documentation](self)).
pub struct Match {
    variant: &'static dyn Variant,
    session: Box<dyn Session>,
    players: [String; 2],
    options: MatchOptions,
    clocks: Option<Clocks>,
    /// The number of moves in the session when the match started (loaded or opening moves
    /// that belong to no player's turn here).
    first_ply: usize,
    draw_offer: Option<Color>,
    scores: [Option<Score>; 2],
    resign_streak: [usize; 2],
    draw_streak: usize,
    termination: Option<Termination>,
}

impl fmt::Debug for Match {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Match")
            .field("variant", &self.variant.id())
            .field("moves", &self.session.history())
            .field("players", &self.players)
            .field("options", &self.options)
            .field("termination", &self.termination)
            .finish_non_exhaustive()
    }
}

fn seat_name(variant: &dyn Variant, c: Color) -> String {
    variant.side_names()[c.index()].to_owned()
}

impl Match {
    /// A new game of `variant` from `fen` (the start position when `None`) between
    /// `players` (names for the record, first player first). The clock, if any, does not
    /// run until [`Match::start_clock`] or the first move.
    ///
    /// # Errors
    /// [`Error::Position`] for an unreadable `fen`.
    pub fn new(
        variant: &'static dyn Variant,
        fen: Option<&str>,
        players: [String; 2],
        options: MatchOptions,
    ) -> Result<Match, Error> {
        let session = variant.session(fen)?;
        Ok(Match::from_session(variant, session, players, options))
    }

    /// A game continuing `session` (its moves so far, from a loaded record or an opening,
    /// belong to the record but to no turn of this match: they cannot be taken back, and
    /// a side that has made no move since may still abort). The game may be over already.
    pub fn from_session(
        variant: &'static dyn Variant,
        session: Box<dyn Session>,
        players: [String; 2],
        options: MatchOptions,
    ) -> Match {
        let first_ply = session.history().len();
        let mut m = Match {
            variant,
            session,
            players,
            clocks: options.clock.map(|control| Clocks {
                control,
                left: [clamp_i64(control.base_ms); 2],
                running_since: None,
            }),
            options,
            first_ply,
            draw_offer: None,
            scores: [None; 2],
            resign_streak: [0; 2],
            draw_streak: 0,
            termination: None,
        };
        m.check_end();
        m
    }

    /// The variant.
    pub fn variant(&self) -> &'static dyn Variant {
        self.variant
    }

    /// The game so far (position, moves, legal moves, engine moves), to read.
    pub fn session(&self) -> &dyn Session {
        self.session.as_ref()
    }

    /// The players' names, first player first.
    pub fn players(&self) -> [&str; 2] {
        [&self.players[0], &self.players[1]]
    }

    /// The options the game is played under.
    pub fn options(&self) -> &MatchOptions {
        &self.options
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.session.side_to_move()
    }

    /// The moves played, in canonical notation.
    pub fn moves(&self) -> Vec<String> {
        self.session.history()
    }

    /// How the game ended, or `None` while it goes on.
    pub fn termination(&self) -> Option<&Termination> {
        self.termination.as_ref()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.termination.is_some()
    }

    /// The side whose draw offer is pending, if any.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// The variant's names of the sides.
    pub fn side_names(&self) -> [&'static str; 2] {
        self.variant.side_names()
    }

    /// The termination in one line for people (see [`Termination::describe`]).
    pub fn describe(&self) -> Option<String> {
        self.termination
            .as_ref()
            .map(|t| t.describe(self.side_names()))
    }

    /// Starts the clock of the side to move at `now` (ms). Without this call the clock
    /// starts with the first move, which is then not timed. Does nothing in an untimed
    /// game or when the clock runs already.
    pub fn start_clock(&mut self, now: u64) {
        if let Some(c) = &mut self.clocks {
            if c.running_since.is_none() && self.termination.is_none() {
                c.running_since = Some(now);
            }
        }
    }

    /// The time `side` has left at `now`, ms (0 once it has run out), or `None` in an
    /// untimed game.
    pub fn clock_ms(&self, side: Color, now: u64) -> Option<u64> {
        self.clocks
            .as_ref()
            .map(|c| u64::try_from(self.left_at(c, side, now).max(0)).unwrap_or(0))
    }

    fn left_at(&self, c: &Clocks, side: Color, now: u64) -> i64 {
        let mut left = c.left[side.index()];
        if let Some(since) = c.running_since {
            if side == self.session.side_to_move() && self.termination.is_none() {
                left = left.saturating_sub(clamp_i64(now.saturating_sub(since)));
            }
        }
        left
    }

    /// Ends the game on time if the side to move's flag has fallen at `now` (its clock is
    /// below minus the grace); returns the termination, if the game is over.
    pub fn check_flag(&mut self, now: u64) -> Option<&Termination> {
        if self.termination.is_none() {
            if let Some(c) = &self.clocks {
                let side = self.session.side_to_move();
                if c.running_since.is_some()
                    && self.left_at(c, side, now) < -clamp_i64(c.control.grace_ms)
                {
                    self.finish(GameResult::win(!side), Ending::Time { loser: side });
                }
            }
        }
        self.termination.as_ref()
    }

    fn check_open(&self) -> Result<(), DriverError> {
        match &self.termination {
            Some(t) => Err(DriverError::GameOver(t.describe(self.side_names()))),
            None => Ok(()),
        }
    }

    fn finish(&mut self, result: GameResult, ending: Ending) {
        if self.termination.is_none() {
            // Freeze the clocks at the end (the running side's time as it was then).
            self.termination = Some(Termination { result, ending });
            self.draw_offer = None;
        }
    }

    /// Ends the game when the rules, the lack of a move or the length cap say so.
    fn check_end(&mut self) {
        if self.termination.is_some() {
            return;
        }
        if let Some(o) = self.session.outcome() {
            let t = Termination::of_outcome(&o);
            self.finish(t.result, t.ending);
        } else if self.session.is_over() {
            self.finish(GameResult::Draw, Ending::NoLegalMove);
        } else if let Some(cap) = self.options.max_plies {
            if self.session.history().len() >= cap {
                self.finish(GameResult::Draw, Ending::LengthCap { plies: cap });
            }
        }
    }

    /// Plays `text` for `seat` at `now` and returns its canonical text. The flag is checked
    /// first (a move after the flag fell ends the game on time instead). A pending draw
    /// offer of the opponent lapses when `seat`'s turn ends. After the move the game may
    /// end by the rules, the length cap or score adjudication.
    ///
    /// # Errors
    /// [`DriverError::GameOver`] (also when the flag has just fallen),
    /// [`DriverError::NotYourTurn`], [`DriverError::Move`] for a malformed or illegal move
    /// (nothing changes).
    pub fn play(&mut self, seat: Color, text: &str, now: u64) -> Result<String, DriverError> {
        self.check_open()?;
        if self.check_flag(now).is_some() {
            return self.check_open().map(|()| String::new());
        }
        let side = self.session.side_to_move();
        if seat != side {
            return Err(DriverError::NotYourTurn(seat_name(self.variant, seat)));
        }
        let canonical = self.session.apply(text)?;
        let next = self.session.side_to_move();
        if let Some(c) = &mut self.clocks {
            match c.running_since {
                Some(since) if next != side => {
                    let used = clamp_i64(now.saturating_sub(since));
                    let i = side.index();
                    c.left[i] = c.left[i]
                        .saturating_sub(used)
                        .saturating_add(clamp_i64(c.control.increment_ms));
                    c.running_since = Some(now);
                }
                Some(_) => {}
                None => c.running_since = Some(now),
            }
        }
        if next != side && self.draw_offer == Some(!side) {
            self.draw_offer = None;
        }
        self.check_end();
        if self.termination.is_none() {
            self.adjudicate();
        }
        Ok(canonical)
    }

    /// Records `seat`'s latest score (from its own point of view, as engines report it) for
    /// score adjudication, which is decided after each move with both players' latest
    /// scores. Does nothing when the game has no score adjudication.
    pub fn report_score(&mut self, seat: Color, score: Score) {
        if self.options.adjudication.is_some() {
            self.scores[seat.index()] = Some(score);
        }
    }

    fn adjudicate(&mut self) {
        let Some(a) = self.options.adjudication else {
            return;
        };
        let (Some(w), Some(b)) = (self.scores[0], self.scores[1]) else {
            return;
        };
        // Both from White's point of view.
        let (wa, wb) = (w.value(), -b.value());
        if let Some(r) = a.resign_cp {
            for (loser, sign) in [(Color::White, 1i64), (Color::Black, -1)] {
                let i = loser.index();
                let limit = -i64::from(r);
                if i64::from(wa) * sign <= limit && i64::from(wb) * sign <= limit {
                    self.resign_streak[i] += 1;
                } else {
                    self.resign_streak[i] = 0;
                }
                if self.resign_streak[i] >= a.resign_plies.max(1) {
                    self.finish(
                        GameResult::win(!loser),
                        Ending::ScoreResignation {
                            loser,
                            cp: r,
                            plies: a.resign_plies.max(1),
                        },
                    );
                }
            }
        }
        if let Some(d) = a.draw_cp {
            let d64 = i64::from(d);
            if self.session.history().len() > a.draw_after
                && i64::from(wa).abs() <= d64
                && i64::from(wb).abs() <= d64
            {
                self.draw_streak += 1;
            } else {
                self.draw_streak = 0;
            }
            if self.draw_streak >= a.draw_plies.max(1) {
                self.finish(
                    GameResult::Draw,
                    Ending::ScoreDraw {
                        cp: d,
                        plies: a.draw_plies.max(1),
                    },
                );
            }
        }
    }

    /// `seat` offers a draw at `now`; when the other side has an offer pending, this
    /// accepts it and the game is drawn. The offer stands until the other side accepts or
    /// declines it or ends a turn.
    ///
    /// # Errors
    /// [`DriverError::GameOver`].
    pub fn offer_draw(&mut self, seat: Color, now: u64) -> Result<(), DriverError> {
        self.check_open()?;
        if self.check_flag(now).is_some() {
            return self.check_open();
        }
        if self.draw_offer == Some(!seat) {
            self.finish(GameResult::Draw, Ending::Agreement);
        } else {
            self.draw_offer = Some(seat);
        }
        Ok(())
    }

    /// `seat` accepts the other side's pending draw offer at `now`: a draw by agreement.
    ///
    /// # Errors
    /// [`DriverError::GameOver`], [`DriverError::NoDrawOffer`].
    pub fn accept_draw(&mut self, seat: Color, now: u64) -> Result<(), DriverError> {
        self.check_open()?;
        if self.check_flag(now).is_some() {
            return self.check_open();
        }
        if self.draw_offer != Some(!seat) {
            return Err(DriverError::NoDrawOffer);
        }
        self.finish(GameResult::Draw, Ending::Agreement);
        Ok(())
    }

    /// `seat` declines the other side's pending draw offer.
    ///
    /// # Errors
    /// [`DriverError::GameOver`], [`DriverError::NoDrawOffer`].
    pub fn decline_draw(&mut self, seat: Color) -> Result<(), DriverError> {
        self.check_open()?;
        if self.draw_offer != Some(!seat) {
            return Err(DriverError::NoDrawOffer);
        }
        self.draw_offer = None;
        Ok(())
    }

    /// `seat` resigns at `now` (unless its flag fell before): the other side wins.
    ///
    /// # Errors
    /// [`DriverError::GameOver`].
    pub fn resign(&mut self, seat: Color, now: u64) -> Result<(), DriverError> {
        self.check_open()?;
        if self.check_flag(now).is_some() {
            return self.check_open();
        }
        self.finish(GameResult::win(!seat), Ending::Resignation { loser: seat });
        Ok(())
    }

    /// Aborts the game for `seat`, which may do so until it has made a move in this match:
    /// no result.
    ///
    /// # Errors
    /// [`DriverError::GameOver`], [`DriverError::TooLateToAbort`].
    pub fn abort(&mut self, seat: Color) -> Result<(), DriverError> {
        self.check_open()?;
        if self.movers_here().contains(&seat) {
            return Err(DriverError::TooLateToAbort(seat_name(self.variant, seat)));
        }
        self.finish(GameResult::Unfinished, Ending::Aborted);
        Ok(())
    }

    /// The sides that made the moves of this match (after the loaded ones).
    fn movers_here(&self) -> Vec<Color> {
        let movers = self.session.movers();
        movers.get(self.first_ply..).unwrap_or_default().to_vec()
    }

    /// Takes back `seat`'s last turn (all its moves of that turn, and every move after it)
    /// so that `seat` is to move again; returns the number of moves taken back. Moves made
    /// before the match (loaded or opening moves) cannot be taken back. The clocks keep the
    /// time they show; the clock of `seat` runs from `now`. A pending draw offer lapses.
    /// Whether the other side agrees is the caller's business.
    ///
    /// # Errors
    /// [`DriverError::GameOver`], [`DriverError::NothingToTakeBack`].
    pub fn takeback(&mut self, seat: Color, now: u64) -> Result<usize, DriverError> {
        self.check_open()?;
        let movers = self.movers_here();
        let Some(last) = movers.iter().rposition(|&c| c == seat) else {
            return Err(DriverError::NothingToTakeBack(seat_name(
                self.variant,
                seat,
            )));
        };
        // The first move of that turn: the earliest of the run of `seat`'s moves ending at
        // `last`.
        let mut first = last;
        while first > 0 && movers[first - 1] == seat {
            first -= 1;
        }
        let count = movers.len() - first;
        // Stop the running clock as it is now, then run `seat`'s.
        if let Some(c) = self.clocks.as_mut() {
            if let Some(since) = c.running_since {
                let i = self.session.side_to_move().index();
                c.left[i] = c.left[i].saturating_sub(clamp_i64(now.saturating_sub(since)));
                c.running_since = Some(now);
            }
        }
        for _ in 0..count {
            self.session.undo();
        }
        self.draw_offer = None;
        self.scores = [None; 2];
        self.resign_streak = [0; 2];
        self.draw_streak = 0;
        Ok(count)
    }

    /// `seat` (a program) failed (`what`: `crashed`, `played the illegal move "x"`): it
    /// loses the game.
    ///
    /// # Errors
    /// [`DriverError::GameOver`].
    pub fn forfeit(&mut self, seat: Color, what: &str) -> Result<(), DriverError> {
        self.check_open()?;
        self.finish(
            GameResult::win(!seat),
            Ending::Forfeit {
                loser: seat,
                what: what.to_owned(),
            },
        );
        Ok(())
    }

    /// Leaves the game unfinished (`note`: `quit`, `end of input`): no result. Does
    /// nothing when the game is over.
    pub fn leave(&mut self, note: &str) {
        self.finish(
            GameResult::Unfinished,
            Ending::Unfinished {
                note: note.to_owned(),
            },
        );
    }

    /// Carries out `command` at `now` (see the method of each command); returns the
    /// canonical text of a move played, else `None`.
    ///
    /// # Errors
    /// As the method of the command.
    pub fn execute(&mut self, command: &Command, now: u64) -> Result<Option<String>, DriverError> {
        match command {
            Command::Move { seat, text } => self.play(*seat, text, now).map(Some),
            Command::OfferDraw { seat } => self.offer_draw(*seat, now).map(|()| None),
            Command::AcceptDraw { seat } => self.accept_draw(*seat, now).map(|()| None),
            Command::DeclineDraw { seat } => self.decline_draw(*seat).map(|()| None),
            Command::Resign { seat } => self.resign(*seat, now).map(|()| None),
            Command::Abort { seat } => self.abort(*seat).map(|()| None),
            Command::Takeback { seat } => self.takeback(*seat, now).map(|_| None),
        }
    }

    /// The game record (docs/game-records.md): the players, the moves, the result token and
    /// the `Termination` tag when the game is over (`*` and no such tag while it goes on),
    /// and the `TimeControl` tag (`BASE+INC` in seconds) of a timed game.
    pub fn record(&self) -> RecordText {
        let (result, reason) = match &self.termination {
            Some(t) => (t.result.token(), Some(t.reason_text(self.side_names()))),
            None => ("*", None),
        };
        let mut rec = crate::record::record_of(
            self.session.as_ref(),
            self.variant,
            self.players(),
            result,
            reason.as_deref(),
        );
        if let Some(c) = &self.clocks {
            rec.set_tag(
                "TimeControl",
                format!(
                    "{}+{}",
                    c.control.base_ms as f64 / 1000.0,
                    c.control.increment_ms as f64 / 1000.0
                ),
            );
        }
        rec
    }
}

fn clamp_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// Serde of [`Color`] as `"white"` / `"black"`.
mod color_text {
    use fairy_kernel::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match c {
            Color::White => "white",
            Color::Black => "black",
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(serde::de::Error::custom(format!(
                "expected \"white\" or \"black\", found {other:?}"
            ))),
        }
    }
}

/// Serde of [`Reason`] as its words (`"checkmate"`).
mod reason_text {
    use fairy_kernel::Reason;
    use serde::{Deserialize, Deserializer, Serializer};

    const ALL: [Reason; 12] = [
        Reason::Checkmate,
        Reason::SimultaneousMate,
        Reason::KingCaptured,
        Reason::CastleCapture,
        Reason::Blockade,
        Reason::Stalemate,
        Reason::StalemateWin,
        Reason::DeadPosition,
        Reason::Repetition,
        Reason::MoveRule,
        Reason::RoyalsOnly,
        Reason::Adjudication,
    ];

    pub fn serialize<S: Serializer>(r: &Reason, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(r)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Reason, D::Error> {
        let text = String::deserialize(d)?;
        ALL.into_iter()
            .find(|r| r.to_string() == text)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown reason {text:?}")))
    }
}
