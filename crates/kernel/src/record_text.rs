//! The text format of game records: tag pairs, then the numbered moves and a result token,
//! as `fairy play` writes and reads them (PGN-like; the format is described in the
//! repository's `docs/game-records.md` and below).
//!
//! ```
//! use fairy_kernel::record_text::RecordText;
//! let text = "[Variant \"toy\"]\n[Result \"1-0\"]\n\n1. a1-a3 e5-e4 2. a3-a5 1-0\n";
//! let rec = RecordText::parse(text).unwrap();
//! assert_eq!(rec.tag("Variant"), Some("toy"));
//! assert_eq!(rec.moves, ["a1-a3", "e5-e4", "a3-a5"]);
//! assert_eq!(rec.result, "1-0");
//! ```

use core::fmt;

use crate::color::Color;
use thiserror::Error;

use crate::game::Game;
use crate::record::GameRecord;

/// The result tokens a record can end with.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A record that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A line starting with `[` is not a tag pair `[Name "value"]`.
    #[error("record line {line}: malformed tag pair {text:?}: expected [Name \"value\"]")]
    MalformedTag {
        /// The 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// A `{` comment is not closed.
    #[error("record line {line}: comment not closed with '}}'")]
    OpenComment {
        /// The 1-based line where it starts.
        line: usize,
    },
    /// Something follows the result token.
    #[error("record line {line}: {text:?} after the result")]
    AfterResult {
        /// The 1-based line number.
        line: usize,
        /// The token.
        text: String,
    },
    /// The `Result` tag and the result token at the end of the moves differ.
    #[error("the Result tag says {tag:?} but the moves end with {token:?}")]
    ResultMismatch {
        /// The tag's value.
        tag: String,
        /// The token's text.
        token: String,
    },
    /// The `Result` tag is not one of [`RESULTS`].
    #[error("the Result tag {0:?} is not a result: expected 1-0, 0-1, 1/2-1/2 or *")]
    InvalidResult(String),
    /// A required tag is missing.
    #[error("the record has no {0} tag")]
    MissingTag(&'static str),
    /// The `Variant` tag names another variant than the one asked for.
    #[error("the record is a game of {found:?}, not of {expected:?}")]
    WrongVariant {
        /// The variant asked for.
        expected: String,
        /// The record's `Variant` tag.
        found: String,
    },
    /// The record's `FEN` tag is not a position of the variant.
    #[error("the record's FEN tag: {0}")]
    Position(String),
    /// A move of the record cannot be played.
    #[error("record move {number} ({text:?}): {reason}")]
    Move {
        /// The 1-based index of the move (ply) in the record.
        number: usize,
        /// The move's text.
        text: String,
        /// Why it cannot be played.
        reason: String,
    },
}

/// A game record: tag pairs in order, the moves in canonical notation and the result token.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordText {
    /// Tag pairs `(name, value)`, in the order they are written.
    pub tags: Vec<(String, String)>,
    /// The moves (plies; sub-moves in Imperial Regicide) in order.
    pub moves: Vec<String>,
    /// The side that played each move, when known (used to number the moves when writing;
    /// empty after [`RecordText::parse`]).
    pub movers: Vec<Color>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for a game not finished.
    pub result: String,
}

impl RecordText {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, in place when present, else at the end.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }

    /// The record of `game` (a game of variant `variant_id`), with the players' names,
    /// the result token and, when the game ended, its termination text.
    ///
    /// The tags are written in the order `Variant`, `White`, `Black`, `Date`, `Result`,
    /// `Termination` (when given), `FEN` (when the game did not start from
    /// `default_start`), `PlyCount`.
    pub fn of_game<G: Game>(
        game: &GameRecord<G>,
        variant_id: &str,
        default_start: &str,
        players: [&str; 2],
        result: &str,
        termination: Option<&str>,
    ) -> RecordText {
        let mut pos = game.start().clone();
        let movers = game
            .moves()
            .iter()
            .map(|&m| {
                let side = pos.side_to_move();
                pos.play(m);
                side
            })
            .collect();
        RecordText::with_moves(
            game.move_texts().to_vec(),
            movers,
            &game.start().to_notation(),
            [variant_id, default_start],
            players,
            result,
            termination,
        )
    }

    /// [`RecordText::of_game`] with the result and termination the game's own
    /// [`GameRecord::outcome`] gives: `*` and no termination while the game goes on.
    pub fn of_game_scored<G: Game>(
        game: &GameRecord<G>,
        variant_id: &str,
        default_start: &str,
        players: [&str; 2],
    ) -> RecordText {
        let outcome = game.outcome();
        let termination = outcome.map(|o| o.to_string());
        RecordText::of_game(
            game,
            variant_id,
            default_start,
            players,
            outcome.map_or("*", |o| o.result_str()),
            termination.as_deref(),
        )
    }

    /// A record of the moves `moves` (played by `movers`), from the position `start` of
    /// variant `ids[0]` whose default start is `ids[1]`; tags as in [`RecordText::of_game`].
    pub fn with_moves(
        moves: Vec<String>,
        movers: Vec<Color>,
        start: &str,
        ids: [&str; 2],
        players: [&str; 2],
        result: &str,
        termination: Option<&str>,
    ) -> RecordText {
        let mut rec = RecordText {
            tags: Vec::new(),
            moves,
            movers,
            result: result.to_owned(),
        };
        rec.set_tag("Variant", ids[0]);
        rec.set_tag("White", players[0]);
        rec.set_tag("Black", players[1]);
        rec.set_tag("Date", today());
        rec.set_tag("Result", result);
        if let Some(t) = termination {
            rec.set_tag("Termination", t);
        }
        if start != ids[1] {
            rec.set_tag("FEN", start);
        }
        rec.set_tag("PlyCount", rec.moves.len().to_string());
        rec
    }

    /// Reads a record.
    ///
    /// Lines starting with `[` are tag pairs; the rest is the move text: move-number
    /// tokens (`12.`, `12...`, also glued to a move as in `12.a1-a3`) are skipped, `{...}`
    /// comments and `;` comments to the end of the line are skipped, and a result token
    /// ends the moves. Without a result token the result is the `Result` tag's, or `*`.
    ///
    /// # Errors
    /// [`RecordError`] for a malformed tag, an open comment, text after the result or a
    /// result token that contradicts the `Result` tag.
    pub fn parse(text: &str) -> Result<RecordText, RecordError> {
        let mut rec = RecordText::default();
        let mut token_result: Option<String> = None;
        let mut in_comment: Option<usize> = None;
        for (i, line) in text.lines().enumerate() {
            let n = i + 1;
            let trimmed = line.trim();
            if in_comment.is_none() && trimmed.starts_with('[') {
                let (name, value) =
                    parse_tag(trimmed).ok_or_else(|| RecordError::MalformedTag {
                        line: n,
                        text: trimmed.to_owned(),
                    })?;
                rec.tags.push((name, value));
                continue;
            }
            let mut rest = line;
            loop {
                if in_comment.is_some() {
                    match rest.find('}') {
                        Some(end) => {
                            rest = &rest[end + 1..];
                            in_comment = None;
                        }
                        None => break,
                    }
                }
                let cut = rest.find(['{', ';']);
                let (chunk, after) = match cut {
                    Some(at) => (&rest[..at], Some(&rest[at..])),
                    None => (rest, None),
                };
                for token in chunk.split_whitespace() {
                    if token_result.is_some() {
                        return Err(RecordError::AfterResult {
                            line: n,
                            text: token.to_owned(),
                        });
                    }
                    let mv = strip_move_number(token);
                    if mv.starts_with('[') {
                        // A tag pair must stand at the start of its line; written back, a
                        // move starting with '[' could be read as one.
                        return Err(RecordError::MalformedTag {
                            line: n,
                            text: token.to_owned(),
                        });
                    }
                    if RESULTS.contains(&mv) {
                        token_result = Some(mv.to_owned());
                        continue;
                    }
                    if !mv.is_empty() {
                        rec.moves.push(mv.to_owned());
                    }
                }
                match after {
                    Some(a) if a.starts_with('{') => {
                        in_comment = Some(n);
                        rest = &a[1..];
                    }
                    _ => break, // a ';' comment or the end of the line
                }
            }
        }
        if let Some(line) = in_comment {
            return Err(RecordError::OpenComment { line });
        }
        let tag = rec.tag("Result").map(str::to_owned);
        if let Some(t) = tag.as_ref().filter(|t| !RESULTS.contains(&t.as_str())) {
            return Err(RecordError::InvalidResult(t.clone()));
        }
        rec.result = match (tag, token_result) {
            (Some(t), Some(k)) if t != k => {
                return Err(RecordError::ResultMismatch { tag: t, token: k })
            }
            (_, Some(k)) => k,
            (Some(t), None) => t,
            (None, None) => "*".to_owned(),
        };
        Ok(rec)
    }

    /// Replays the record as a game of `G` under rule set `variant` whose id is
    /// `variant_id`, from its `FEN` tag or the start position. A `Variant` tag, when
    /// present, must be `variant_id`.
    ///
    /// # Errors
    /// [`RecordError::WrongVariant`], an unreadable `FEN` tag ([`RecordError::Position`]),
    /// or the first move that cannot be played ([`RecordError::Move`]).
    pub fn replay<G: crate::presentation::Presentation>(
        &self,
        variant: G::RuleSet,
        variant_id: &str,
    ) -> Result<GameRecord<G>, RecordError> {
        self.check_variant(variant_id)?;
        let start = match self.tag("FEN") {
            Some(fen) => {
                G::from_notation(variant, fen).map_err(|e| RecordError::Position(e.to_string()))?
            }
            None => G::start(variant),
        };
        let mut game = GameRecord::new(start);
        for (i, m) in self.moves.iter().enumerate() {
            game.play_text(m).map_err(|e| RecordError::Move {
                number: i + 1,
                text: m.clone(),
                reason: e.to_string(),
            })?;
        }
        Ok(game)
    }

    /// Checks that the `Variant` tag, when present, is `variant_id`.
    ///
    /// # Errors
    /// [`RecordError::WrongVariant`] when it names another variant.
    pub fn check_variant(&self, variant_id: &str) -> Result<(), RecordError> {
        match self.tag("Variant") {
            Some(found) if found != variant_id => Err(RecordError::WrongVariant {
                expected: variant_id.to_owned(),
                found: found.to_owned(),
            }),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for RecordText {
    /// Tag pairs, an empty line, the numbered moves wrapped at 80 columns (between moves,
    /// never between a move number and its move) and the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        writeln!(f)?;
        let mut tokens: Vec<String> = Vec::new();
        let mut number = 0;
        let mut previous: Option<Color> = None;
        for (i, m) in self.moves.iter().enumerate() {
            if let Some(side) = self.movers.get(i).copied() {
                if previous.is_none() || (side == Color::White && previous != Some(side)) {
                    number += 1;
                    previous = Some(side);
                    // A move number and its move are one unit: lines wrap between moves.
                    tokens.push(if side == Color::White {
                        format!("{number}. {m}")
                    } else {
                        format!("{number}... {m}")
                    });
                    continue;
                }
                previous = Some(side);
            }
            tokens.push(m.clone());
        }
        tokens.push(self.result.clone());
        let mut width = 0;
        for t in tokens {
            if width > 0 && width + 1 + t.len() > 80 {
                writeln!(f)?;
                width = 0;
            }
            if width > 0 {
                f.write_str(" ")?;
                width += 1;
            }
            f.write_str(&t)?;
            width += t.len();
        }
        writeln!(f)
    }
}

/// `[Name "value"]` with `\"` and `\\` escapes in the value.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let quoted = rest.trim();
    let body = quoted.strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_owned(), value))
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The move in `token` without leading move numbers (`12.`, `12...`, also repeated as in
/// `1.2.`).
fn strip_move_number(mut token: &str) -> &str {
    loop {
        let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 && token[digits..].starts_with('.') {
            token = token[digits..].trim_start_matches('.');
        } else {
            return token;
        }
    }
}

/// Today's date (UTC) as `YYYY.MM.DD`; `????.??.??` (a record's unknown date) on
/// `wasm32-unknown-unknown`, which has no system clock (its hosts give the date to
/// [`date_of`]).
pub fn today() -> String {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        "????.??.??".to_owned()
    }
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        date_of(secs)
    }
}

/// The date (UTC) `unix_secs` seconds after 1970-01-01 00:00 UTC, as `YYYY.MM.DD`.
pub fn date_of(unix_secs: u64) -> String {
    let (y, m, d) = civil_from_days((unix_secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count from 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(20_513), (2026, 3, 1));
        assert_eq!(today().len(), 10);
        assert_eq!(date_of(0), "1970.01.01");
        // 2024-02-29 12:00 UTC: a leap day.
        assert_eq!(date_of(1_709_208_000), "2024.02.29");
    }

    #[test]
    fn writes_numbers_by_turn_and_reads_back() {
        let rec = RecordText {
            tags: vec![
                ("Variant".into(), "toy".into()),
                ("White".into(), "a \"quoted\" name\\".into()),
            ],
            moves: vec![
                "a1-a2".into(),
                "b1-b2".into(),
                "e5-e4".into(),
                "c1-c2".into(),
            ],
            movers: vec![Color::White, Color::White, Color::Black, Color::White],
            result: "*".into(),
        };
        let text = rec.to_string();
        assert!(text.contains("1. a1-a2 b1-b2 e5-e4 2. c1-c2 *"), "{text}");
        let back = RecordText::parse(&text).unwrap();
        assert_eq!(back.tags, rec.tags);
        assert_eq!(back.moves, rec.moves);
        assert_eq!(back.result, "*");
    }

    #[test]
    fn lines_wrap_between_moves_not_after_a_number() {
        let rec = RecordText {
            moves: (0..60)
                .map(|i| format!("a{}-b{}", i % 9 + 1, i % 7 + 1))
                .collect(),
            movers: (0..60)
                .map(|i| {
                    if i % 2 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    }
                })
                .collect(),
            result: "*".into(),
            ..RecordText::default()
        };
        let text = rec.to_string();
        for line in text.lines().filter(|l| !l.is_empty()) {
            assert!(line.len() <= 80, "{line}");
            assert!(!line.ends_with('.'), "a number ends a line: {line}");
        }
        assert_eq!(RecordText::parse(&text).unwrap().moves, rec.moves);
    }

    #[test]
    fn black_first_is_numbered_with_an_ellipsis() {
        let rec = RecordText {
            moves: vec!["e5-e4".into(), "a1-a2".into()],
            movers: vec![Color::Black, Color::White],
            result: "0-1".into(),
            ..RecordText::default()
        };
        assert!(rec.to_string().contains("1... e5-e4 2. a1-a2 0-1"));
    }

    #[test]
    fn comments_numbers_and_results() {
        let text = "[Result \"1/2-1/2\"]\n1.a1-a2 {a comment\nover lines} e5-e4 ; rest\n2... b1-b2\n1/2-1/2\n";
        let rec = RecordText::parse(text).unwrap();
        assert_eq!(rec.moves, ["a1-a2", "e5-e4", "b1-b2"]);
        assert_eq!(rec.result, "1/2-1/2");
    }

    #[test]
    fn errors_say_where() {
        let e = RecordText::parse("[Variant toy]\n").unwrap_err();
        assert!(
            matches!(e, RecordError::MalformedTag { line: 1, .. }),
            "{e}"
        );
        let e = RecordText::parse("a1-a2 {open\n").unwrap_err();
        assert_eq!(e, RecordError::OpenComment { line: 1 });
        let e = RecordText::parse("a1-a2 1-0 b1-b2\n").unwrap_err();
        assert!(matches!(e, RecordError::AfterResult { line: 1, .. }));
        // Found by the `records` fuzz target: a Result tag that is no result token was
        // written back as the last token and read again as a move.
        let e = RecordText::parse("[Result \"1/2-3/2\"]\na1-a2 /2\n").unwrap_err();
        assert_eq!(e, RecordError::InvalidResult("1/2-3/2".into()));
        // Also from the fuzz target: "0.0." is two move numbers, not a move "0.".
        assert_eq!(
            RecordText::parse("a1-a2 0.0. b1-b2\n").unwrap().moves,
            ["a1-a2", "b1-b2"]
        );
        assert_eq!(RecordText::parse("a1-a2 3.*\n").unwrap().result, "*");
        let e = RecordText::parse("1.[x\n").unwrap_err();
        assert!(
            matches!(e, RecordError::MalformedTag { line: 1, .. }),
            "{e}"
        );
        let e = RecordText::parse("a1-a2 [x\n").unwrap_err();
        assert!(
            matches!(e, RecordError::MalformedTag { line: 1, .. }),
            "{e}"
        );
        let e = RecordText::parse("[Result \"0-1\"]\na1-a2 1-0\n").unwrap_err();
        assert!(matches!(e, RecordError::ResultMismatch { .. }));
        assert!(e.to_string().contains("0-1"));
    }
}
