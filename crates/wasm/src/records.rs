//! The plain records handed to JavaScript: variants, moves, outcomes, engine answers.

use fairy::driver::{Ending, Termination};
use fairy::{Session, Variant};
use serde::Serialize;

/// A variant this build plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VariantInfo {
    /// The id given to `new Board(id)` (`dragonchess`, `chess-t2`).
    pub id: String,
    /// One line describing the game.
    pub description: String,
    /// The names of the sides, first player first (`gold`, `scarlet` in Dragonchess).
    pub side_names: Vec<String>,
}

impl VariantInfo {
    /// The record of `v`.
    pub fn of(v: &dyn Variant) -> VariantInfo {
        VariantInfo {
            id: v.id().to_owned(),
            description: v.description().to_owned(),
            side_names: v.side_names().iter().map(|s| (*s).to_owned()).collect(),
        }
    }
}

/// A legal move, from the variant's typed move record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Move {
    /// The move in the variant's canonical notation (what `push` takes).
    pub text: String,
    /// The square the moving piece leaves (the royal piece's, for castling).
    pub from: String,
    /// The square the moving piece lands on; for a capture from afar, the square of the
    /// piece captured (the mover stays on `from`).
    pub to: String,
    /// Whether the move captures.
    pub capture: bool,
    /// The square of the piece captured (differs from `to` for en passant), if any.
    pub captured: Option<String>,
    /// The letter (upper case) of the piece a pawn promotes to, if it does.
    pub promotion: Option<String>,
    /// Castling, en passant, double step, level change, capture from afar, exchange: the
    /// flags that apply, in words.
    pub flags: Vec<&'static str>,
}

/// The legal moves of `session` as records, only those from `from` when given, sorted by
/// text.
///
/// # Errors
/// `from` is not a square of the board.
pub(crate) fn legal(session: &dyn Session, from: Option<&str>) -> Result<Vec<Move>, fairy::Error> {
    let from = from.map(|f| session.square(f)).transpose()?;
    let names = session.square_names();
    let name = |sq: u16| names.get(usize::from(sq)).cloned().unwrap_or_default();
    Ok(session
        .legal_move_records()
        .into_iter()
        .filter(|r| from.is_none_or(|f| r.from == f))
        .map(|r| Move {
            from: name(r.from),
            to: name(r.to),
            capture: r.is_capture(),
            captured: r.captured.map(name),
            promotion: r.promotion.map(String::from),
            flags: r.flags.names(),
            text: r.text,
        })
        .collect())
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The winner's side name, `undefined` for a draw.
    pub winner: Option<String>,
    /// Why: the rules' reason (`checkmate`, `stalemate`, as in the conformance vectors),
    /// else the game driver's (`no legal move`).
    pub reason: String,
    /// The ending in one line, result first (`0-1 scarlet wins by checkmate`).
    pub text: String,
}

impl Outcome {
    /// The record of the game driver's termination `t`, with side names `names`.
    pub fn of(t: &Termination, names: [&str; 2]) -> Outcome {
        Outcome {
            result: t.result.token().to_owned(),
            winner: t.result.winner().map(|c| names[c.index()].to_owned()),
            reason: match &t.ending {
                Ending::Rules { reason } => reason.to_string(),
                _ => t.reason_text(names),
            },
            text: t.describe(names),
        }
    }
}

/// What the engine chose, with what it saw.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EngineMove {
    /// The move in canonical notation.
    pub text: String,
    /// Its score for the side to move as `fairy` prints it: `+0.35` (pawns), `#3` (mates
    /// with its third move), `#-2` (is mated).
    pub score: String,
    /// The score in centipawns, `None` for a mate score.
    pub centipawns: Option<i32>,
    /// Moves to mate (negative: the side to move is mated), `None` for an evaluation.
    pub mate: Option<i32>,
    /// The depth of the last finished iteration, in plies.
    pub depth: u32,
    /// The principal variation, starting with `text`.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: f64,
    /// Time spent, in milliseconds.
    pub elapsed_ms: f64,
}

impl EngineMove {
    /// The record of the facade's answer.
    pub fn of(m: fairy::EngineMove) -> EngineMove {
        EngineMove {
            text: m.text,
            score: m.score.to_string(),
            centipawns: m.score.centipawns(),
            mate: m.score.mate_moves(),
            depth: m.depth,
            pv: m.pv,
            nodes: m.nodes as f64,
            elapsed_ms: m.elapsed.as_secs_f64() * 1000.0,
        }
    }
}

/// Everything a board page shows of a game besides its legal moves, named as the server's
/// JSON API names them (docs/web-api.md), so that one page reads either.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The variant's id.
    pub variant: String,
    /// The side names, first player first.
    pub sides: [String; 2],
    /// The position in the variant's notation.
    pub position: String,
    /// The position the game started from.
    pub start: String,
    /// The side to move: 0 the first player, 1 the second.
    pub to_move: usize,
    /// The side to move's name.
    pub to_move_name: String,
    /// Imperial Regicide's front to move (1, 2 or 3), `None` elsewhere.
    pub front: Option<u8>,
    /// The sub-moves the side to move has made this turn (Imperial Regicide).
    pub turn_moves: Vec<String>,
    /// The moves played, oldest first.
    pub history: Vec<String>,
    /// The player of each move of `history` (0 or 1).
    pub movers: Vec<usize>,
    /// One line: whose move it is, or how the game ended.
    pub status: String,
    /// Whether the game is over.
    pub over: bool,
    /// How the game ended, `None` while it goes on.
    pub result: Option<Outcome>,
    /// The squares of every move of the last turn, from and to of each, in order.
    pub last_turn: Vec<String>,
    /// The squares of the kings in check (or mated).
    pub check_squares: Vec<String>,
    /// The piece letters each side has lost, the first player's first.
    pub captured: [Vec<char>; 2],
    /// The SVG picture, `None` for a variant without one.
    pub svg: Option<String>,
}
