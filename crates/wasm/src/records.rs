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

/// A legal move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Move {
    /// The move in the variant's canonical notation (what `push` takes).
    pub text: String,
    /// The square the piece leaves.
    pub from: Option<String>,
    /// The square the piece arrives on.
    pub to: Option<String>,
    /// Whether the move captures.
    pub capture: bool,
    /// The letter of the piece a pawn promotes to, if it does.
    pub promotion: Option<String>,
}

/// The legal moves of `session` as records, only those from `from` when given.
pub(crate) fn legal(session: &dyn Session, from: Option<&str>) -> Result<Vec<Move>, fairy::Error> {
    let texts = session.legal_moves(from)?;
    let view = session.board_view();
    let name_of = |sq: u16| {
        view.as_ref()
            .and_then(|v| v.cells.iter().find(|c| c.square == sq))
            .map(|c| c.name.clone())
    };
    let side_on = |sq: u16| {
        view.as_ref()
            .and_then(|v| v.cells.iter().find(|c| c.square == sq))
            .and_then(|c| c.piece.map(|p| p.color))
    };
    Ok(texts
        .into_iter()
        .map(|text| {
            let squares = fairy::picture::move_squares(session, &text).unwrap_or_default();
            let promotion = text
                .split_once('=')
                .map(|(_, p)| p.to_owned())
                .filter(|p| !p.is_empty());
            Move {
                from: squares.first().and_then(|&s| name_of(s)),
                to: squares.get(1).and_then(|&s| name_of(s)),
                capture: match (squares.first(), squares.get(1)) {
                    (Some(&a), Some(&b)) => side_on(b).is_some_and(|c| Some(c) != side_on(a)),
                    _ => false,
                },
                promotion,
                text,
            }
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
