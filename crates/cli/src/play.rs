//! `fairy play`: a game at the terminal against the engine (or between two people, or the
//! engine against itself), driven by any reader and writer so that tests can script it.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;

use fairy_engine::{Limits, Score};
use fairy_kernel::Color;

use crate::adapter::{Session, Variant};
use crate::error::CliError;
use crate::registry;
use fairy::record::{record_of, replay};
use fairy::text_board;
use fairy::{RecordError, RecordText};

/// Who the person at the keyboard plays (`--as`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Human {
    /// The first side (White; Gold in Dragonchess); the engine plays the other.
    White,
    /// The second side (Black; Scarlet in Dragonchess); the engine plays the first.
    Black,
    /// Both sides (the engine only answers draw offers).
    Both,
    /// Neither: the engine plays both sides.
    None,
}

impl Human {
    /// Reads `--as`: `white`/`first`, `black`/`second`, `both`, `none`, or one of the
    /// variant's side names `names` (`gold`, `scarlet` in Dragonchess), in any case.
    ///
    /// # Errors
    /// [`CliError::Argument`] listing the accepted words.
    pub fn parse(text: &str, names: [&str; 2]) -> Result<Human, CliError> {
        let t = text.trim().to_ascii_lowercase();
        match t.as_str() {
            "white" | "first" => Ok(Human::White),
            "black" | "second" => Ok(Human::Black),
            "both" => Ok(Human::Both),
            "none" => Ok(Human::None),
            _ if t == names[0] => Ok(Human::White),
            _ if t == names[1] => Ok(Human::Black),
            _ => Err(CliError::Argument(format!(
                "--as {text:?}: expected {}, {}, both or none",
                names[0], names[1]
            ))),
        }
    }

    /// Whether the person plays `side`.
    pub fn plays(self, side: Color) -> bool {
        match self {
            Human::White => side == Color::White,
            Human::Black => side == Color::Black,
            Human::Both => true,
            Human::None => false,
        }
    }
}

/// Options of `fairy play`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// Who the person plays.
    pub human: Human,
    /// How long the engine thinks.
    pub limits: Limits,
    /// The game-length cap in plies: reaching it adjudicates a draw (ruling G2).
    pub max_plies: usize,
    /// Where to write the game record at the end, besides printing it.
    pub save: Option<PathBuf>,
    /// Play on from a loaded record whose result is decided (`--continue`); without it
    /// such a record is shown and the program stops.
    pub resume_finished: bool,
    /// Show the engine's progress on one line rewritten in place (for a terminal); without
    /// it, one line per finished iteration.
    pub live_progress: bool,
}

/// The default game-length cap, in plies (sub-moves in Imperial Regicide).
pub const DEFAULT_MAX_PLIES: usize = 600;

const HELP: &str = "\
Type a move in the variant's notation (`moves` lists them), or a command:
  moves [SQUARE]  the legal moves (only those of the piece on SQUARE)
  legend          the piece letters and their names
  undo            take back your last move (and the engine's reply to it)
  fen             the position's notation
  board           draw the board again
  flip            turn the board half round
  save FILE       write the game record so far to FILE
  resign          give up the game
  draw            offer a draw (the engine accepts when it does not stand better)
  help            this text
  quit            stop here; the record is printed with the result *
Commands may be typed in any case. While the engine thinks, Enter makes it move now.
Ctrl-C writes the record (to --save, or to fairy-<variant>-interrupted.txt) and stops.";

/// The words `fairy play` takes as commands (for the message on an unknown one).
const COMMANDS: &str = "moves, undo, fen, board, flip, legend, save, resign, draw, help, quit";

/// The board as the person sees it: the compact text board (turned when `flip`) with the
/// last move's cells in brackets, then who is to move, check and the last move.
pub fn draw(session: &dyn Session, flip: bool) -> String {
    let history = session.history();
    let last = history.last();
    let mut text = match session.board_view() {
        Some(view) => {
            let marked = last
                .and_then(|m| fairy::picture::move_squares(session, m).ok())
                .unwrap_or_default();
            text_board::render_grouped(&view, flip, &marked, session.file_groups())
        }
        None => session.diagram(),
    };
    text.push_str(&session.turn_text());
    if session.is_check() {
        text.push_str(", in check");
    }
    if let Some(m) = last {
        text.push_str(&format!("; last move {m}"));
    }
    text.push('\n');
    text
}

/// The record of the game in progress, written by [`write_pending_record`] when the
/// program is interrupted: the path to write and the record's text.
static PENDING: std::sync::Mutex<Option<(PathBuf, String)>> = std::sync::Mutex::new(None);

/// Writes the record of the game in progress (kept after every move) to its path; the
/// path written, or `None` when no game is in progress. For a Ctrl-C handler.
pub fn write_pending_record() -> Option<PathBuf> {
    let pending = PENDING.lock().ok()?.take()?;
    std::fs::write(&pending.0, pending.1).ok()?;
    Some(pending.0)
}

/// `words` joined by spaces in lines of at most 80 columns, breaking only between words.
pub fn wrap_words(words: &[String]) -> String {
    let mut text = String::new();
    let mut width = 0;
    for word in words {
        if width > 0 && width + 1 + word.len() > 80 {
            text.push('\n');
            width = 0;
        } else if width > 0 {
            text.push(' ');
            width += 1;
        }
        text.push_str(word);
        width += word.len();
    }
    text
}

/// Checks at the start of a game that a record can be written to `path` later: its folder
/// exists and it is not a folder itself.
///
/// # Errors
/// [`CliError::Argument`] saying what is wrong with the path.
pub fn check_save_path(path: &Path) -> Result<(), CliError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(CliError::Argument(format!(
            "--save {}: folder {} does not exist",
            path.display(),
            dir.display()
        )));
    }
    if path.is_dir() {
        return Err(CliError::Argument(format!(
            "--save {}: is a folder, not a file",
            path.display()
        )));
    }
    Ok(())
}

/// The name of the engine in records and messages, with its limit.
pub fn engine_name(limits: &Limits) -> String {
    match (limits.depth, limits.movetime) {
        (Some(d), _) => format!("fairy-engine depth {d}"),
        (None, Some(t)) => format!("fairy-engine {} ms", t.as_millis()),
        (None, None) => "fairy-engine".to_owned(),
    }
}

/// A score for display, as [`Score`] prints it: pawns with a sign (`+1.25`), or `#3` /
/// `#-2` for a mate in that many moves.
///
/// ```
/// use fairy_cli::play::format_score;
/// use fairy_engine::{mate_score, Score};
/// assert_eq!(format_score(Score::from_value(125)), "+1.25");
/// assert_eq!(format_score(Score::from_value(mate_score(5))), "#3");
/// assert_eq!(format_score(-Score::from_value(mate_score(4))), "#-2");
/// ```
pub fn format_score(score: Score) -> String {
    score.to_string()
}

fn w(r: std::io::Result<()>) -> Result<(), CliError> {
    r.map_err(|e| CliError::Argument(format!("cannot write output: {e}")))
}

/// Reads one line; `None` at the end of input.
fn read_line(input: &mut dyn BufRead) -> Result<Option<String>, CliError> {
    let mut line = String::new();
    match crate::input::read_line_lossy(input, &mut line) {
        Ok(0) => Ok(None),
        Ok(_) => Ok(Some(line.trim().to_owned())),
        Err(e) => Err(CliError::Argument(format!("cannot read input: {e}"))),
    }
}

/// Where `fairy play` reads what the person types.
pub trait PlayerInput {
    /// The next line, trimmed; `None` at the end of input.
    ///
    /// # Errors
    /// [`CliError::Argument`] when the input cannot be read.
    fn next_line(&mut self) -> Result<Option<String>, CliError>;
    /// Called as the engine starts thinking: a flag that becomes true when the person asks
    /// it to move now (presses Enter), or `None` when this input cannot be watched.
    fn start_thinking(&mut self) -> Option<Arc<AtomicBool>> {
        None
    }
    /// Called when the engine has chosen its move.
    fn stop_thinking(&mut self) {}
}

/// Scripted input (tests, files): read line by line; nothing interrupts the engine.
pub struct Script<'a>(pub &'a mut dyn BufRead);

impl PlayerInput for Script<'_> {
    fn next_line(&mut self) -> Result<Option<String>, CliError> {
        read_line(self.0)
    }
}

/// The person's input read on a thread of its own, so that an empty line (Enter) typed
/// while the engine thinks makes it move now; other lines typed meanwhile are kept, in
/// order, for the prompts that follow.
pub struct Keyboard {
    lines: Receiver<Result<String, String>>,
    thinking: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
}

impl Keyboard {
    /// Starts reading `reader` (standard input) on a new thread.
    pub fn spawn(mut reader: impl BufRead + Send + 'static) -> Keyboard {
        let (tx, lines) = channel();
        let thinking = Arc::new(AtomicBool::new(false));
        let stop = Arc::new(AtomicBool::new(false));
        let (t, st) = (Arc::clone(&thinking), Arc::clone(&stop));
        std::thread::spawn(move || loop {
            let mut line = String::new();
            match crate::input::read_line_lossy(&mut reader, &mut line) {
                Ok(0) => break,
                Ok(_) if line.trim().is_empty() && t.load(Ordering::SeqCst) => {
                    st.store(true, Ordering::SeqCst);
                }
                Ok(_) => {
                    if tx.send(Ok(line.trim().to_owned())).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    let _ = tx.send(Err(e.to_string()));
                    break;
                }
            }
        });
        Keyboard {
            lines,
            thinking,
            stop,
        }
    }
}

impl PlayerInput for Keyboard {
    fn next_line(&mut self) -> Result<Option<String>, CliError> {
        match self.lines.recv() {
            Ok(Ok(line)) => Ok(Some(line)),
            Ok(Err(e)) => Err(CliError::Argument(format!("cannot read input: {e}"))),
            // The reader has stopped: the end of input.
            Err(_) => Ok(None),
        }
    }
    fn start_thinking(&mut self) -> Option<Arc<AtomicBool>> {
        self.stop.store(false, Ordering::SeqCst);
        self.thinking.store(true, Ordering::SeqCst);
        Some(Arc::clone(&self.stop))
    }
    fn stop_thinking(&mut self) {
        self.thinking.store(false, Ordering::SeqCst);
    }
}

/// A score of the side to move (`side`) for display from the first side's point of view,
/// so that `+` is always good for the first side (`+0.50`: White, or Gold, stands better).
pub fn score_for_first(score: Score, side: Color) -> String {
    format_score(score.for_first(side == Color::White))
}

/// The variant's legend: each piece letter with its name (`K King, Q Queen, ...`), then how
/// the sides are written, in lines of at most 80 columns; a note when the variant gives
/// none.
pub fn legend_text(session: &dyn Session) -> String {
    let pieces = session.legend();
    if pieces.is_empty() {
        return "this variant gives no legend".to_owned();
    }
    let mut words: Vec<String> = pieces
        .iter()
        .map(|(letter, name)| format!("{letter} {name},"))
        .collect();
    if let Some(last) = words.last_mut() {
        last.pop();
    }
    format!(
        "{}\nupper case {}, lower case {}",
        wrap_words(&words),
        session.side_name(Color::White),
        session.side_name(Color::Black)
    )
}

/// Asks which built variant to play until an id is typed; `None` at the end of input.
///
/// # Errors
/// [`CliError::Argument`] when no variant is built, and I/O errors.
pub fn choose_variant(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<&'static dyn Variant>, CliError> {
    choose_variant_from(&mut Script(input), out)
}

/// [`choose_variant`] reading from any [`PlayerInput`].
///
/// # Errors
/// [`CliError::Argument`] when no variant is built, and I/O errors.
pub fn choose_variant_from(
    input: &mut dyn PlayerInput,
    out: &mut dyn Write,
) -> Result<Option<&'static dyn Variant>, CliError> {
    let built = registry::built();
    if built.is_empty() {
        return Err(CliError::Argument(
            "no variant is built yet (`fairy variants` lists the planned ones)".into(),
        ));
    }
    w(writeln!(out, "Which variant do you want to play?"))?;
    for v in &built {
        w(writeln!(out, "  {:<12} {}", v.id(), v.description()))?;
    }
    loop {
        w(write!(out, "variant> "))?;
        w(out.flush())?;
        let Some(answer) = input.next_line()? else {
            w(writeln!(out))?;
            return Ok(None);
        };
        if answer.is_empty() {
            continue;
        }
        match built.iter().find(|v| v.id() == answer) {
            Some(v) => return Ok(Some(*v)),
            None => w(writeln!(
                out,
                "no built variant {answer:?}; type one of: {}",
                built.iter().map(|v| v.id()).collect::<Vec<_>>().join(", ")
            ))?,
        }
    }
}

/// How a game of `play` ended.
struct End {
    result: &'static str,
    termination: String,
    /// The line printed after `result: `.
    message: String,
}

/// Plays the game in `session` of `variant` with the person typing on `input` and everything
/// written to `out`; returns the game record, which is also printed at the end (and written
/// to `opts.save` when given).
///
/// The board is drawn after every move. A malformed or illegal move gets a one-line
/// explanation and the prompt again. The game ends with its outcome, at the game-length
/// cap (a draw by adjudication, ruling G2), by `resign`, an accepted `draw`, `quit` or the
/// end of input (both with result `*`).
///
/// # Errors
/// I/O errors of `out` or `input`, or a record that cannot be saved.
pub fn play_game(
    variant: &dyn Variant,
    session: Box<dyn Session>,
    opts: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<RecordText, CliError> {
    play_game_from(variant, session, opts, &mut Script(input), out)
}

/// [`play_game`] reading from any [`PlayerInput`]: with a [`Keyboard`], Enter makes the
/// thinking engine move now. While the engine thinks, each finished iteration is shown
/// (depth, score, nodes, time, best line; on one line rewritten in place with
/// `opts.live_progress`); scores are from the first side's point of view, as said once.
///
/// # Errors
/// I/O errors of `out` or `input`, or a record that cannot be saved.
pub fn play_game_from(
    variant: &dyn Variant,
    mut session: Box<dyn Session>,
    opts: &PlayOptions,
    input: &mut dyn PlayerInput,
    out: &mut dyn Write,
) -> Result<RecordText, CliError> {
    let engine = engine_name(&opts.limits);
    let name = |side: Color| {
        if opts.human.plays(side) {
            "human".to_owned()
        } else {
            engine.clone()
        }
    };
    w(writeln!(
        out,
        "{}: {} ({}) against {} ({}). Type help for the commands.",
        variant.id(),
        name(Color::White),
        session.side_name(Color::White),
        name(Color::Black),
        session.side_name(Color::Black)
    ))?;
    // The person's side at the bottom (for both or none, the first side).
    let mut flip = {
        let bottom = if opts.human == Human::Black {
            Color::Black
        } else {
            Color::White
        };
        let first_on_top = variant
            .session(None)
            .ok()
            .and_then(|s| s.board_view())
            .is_some_and(|v| text_board::first_side_on_top(&v));
        (bottom == Color::Black) != first_on_top
    };
    w(write!(out, "{}", draw(session.as_ref(), flip)))?;

    let pending_path = opts
        .save
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("fairy-{}-interrupted.txt", variant.id())));
    let mut explained = false;
    let end = loop {
        if let Ok(mut p) = PENDING.lock() {
            let rec = record_of(
                session.as_ref(),
                variant,
                [&name(Color::White), &name(Color::Black)],
                "*",
                Some("unterminated: interrupted"),
            );
            *p = Some((pending_path.clone(), rec.to_string()));
        }
        if let Some(o) = session.outcome() {
            break End {
                result: o.result_str(),
                termination: o.reason().to_string(),
                message: session.describe(&o),
            };
        }
        if session.is_over() {
            break End {
                result: "1/2-1/2",
                termination: "no legal move".into(),
                message: "1/2-1/2 draw: no legal move".into(),
            };
        }
        let plies = session.history().len();
        if plies >= opts.max_plies {
            let t = format!(
                "adjudicated: game-length cap of {} pl{} reached (ruling G2)",
                opts.max_plies,
                crate::matchplay::plies_word(opts.max_plies)
            );
            break End {
                result: "1/2-1/2",
                message: format!("1/2-1/2 draw, {t}"),
                termination: t,
            };
        }
        let side = session.side_to_move();
        let side_name = session.side_name(side);
        if !opts.human.plays(side) {
            let stop = input.start_thinking();
            if !explained {
                explained = true;
                w(writeln!(
                    out,
                    "(scores in pawns: + is good for {first}, - for {second}{})",
                    if stop.is_some() {
                        "; Enter makes the engine move now"
                    } else {
                        ""
                    },
                    first = session.side_name(Color::White),
                    second = session.side_name(Color::Black),
                ))?;
            }
            let mut shown = false;
            let mut failed = None;
            let found = session.engine_search(&opts.limits, stop, 1, &mut |i| {
                let line = format!(
                    "  thinking: depth {} score {} nodes {} {:.1} s pv {}",
                    i.depth,
                    score_for_first(i.score, side),
                    i.nodes,
                    i.elapsed.as_secs_f64(),
                    i.pv.join(" ")
                );
                let r = if opts.live_progress {
                    // One line, cut to the terminal's usual width, rewritten in place.
                    let cut: String = line.chars().take(99).collect();
                    write!(out, "\r\x1b[K{cut}").and_then(|()| out.flush())
                } else {
                    writeln!(out, "{line}")
                };
                shown = true;
                if let Err(e) = r {
                    failed.get_or_insert(e);
                }
            });
            input.stop_thinking();
            if let Some(e) = failed {
                w(Err(e))?;
            }
            if shown && opts.live_progress {
                w(write!(out, "\r\x1b[K"))?;
            }
            let Some(em) = found else {
                // is_over() said there is a move; keep going defensively.
                continue;
            };
            session.apply(&em.text)?;
            let mut line = format!(
                "{side_name} plays {} (depth {}, score {}, {} nodes, {:.2} s; pv",
                em.text,
                em.depth,
                score_for_first(em.score, side),
                em.nodes,
                em.elapsed.as_secs_f64(),
            );
            // The best line as far as it fits on one line of a terminal.
            for (i, m) in em.pv.iter().enumerate() {
                if i > 0 && line.len() + m.len() + 2 > 96 {
                    line.push_str(" ...");
                    break;
                }
                line.push(' ');
                line.push_str(m);
            }
            w(writeln!(out, "{line})"))?;
            w(write!(out, "{}", draw(session.as_ref(), flip)))?;
            continue;
        }
        w(write!(out, "{}> ", session.turn_text()))?;
        w(out.flush())?;
        let Some(line) = input.next_line()? else {
            w(writeln!(out))?;
            break End {
                result: "*",
                termination: "unterminated: end of input".into(),
                message: "* game left unfinished (end of input)".into(),
            };
        };
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            continue;
        };
        let command = first.to_ascii_lowercase();
        match command.as_str() {
            "save" => match words.next() {
                None => w(writeln!(out, "save needs a file name: save FILE"))?,
                Some(path) => {
                    let rec = record_of(
                        session.as_ref(),
                        variant,
                        [&name(Color::White), &name(Color::Black)],
                        "*",
                        None,
                    );
                    match std::fs::write(path, rec.to_string()) {
                        Ok(()) => w(writeln!(out, "record saved to {path}"))?,
                        Err(e) => w(writeln!(out, "cannot write the record to {path}: {e}"))?,
                    }
                }
            },
            "help" | "?" => w(writeln!(out, "{HELP}"))?,
            "legend" => w(writeln!(out, "{}", legend_text(session.as_ref())))?,
            "quit" | "exit" => {
                break End {
                    result: "*",
                    termination: "unterminated: quit".into(),
                    message: "* game left unfinished (quit)".into(),
                }
            }
            "fen" => w(writeln!(out, "{}", session.notation()))?,
            "board" => w(write!(out, "{}", draw(session.as_ref(), flip)))?,
            "flip" => {
                flip = !flip;
                w(write!(out, "{}", draw(session.as_ref(), flip)))?;
            }
            "moves" => match session.legal_moves(words.next()) {
                Ok(list) if list.is_empty() => w(writeln!(out, "no legal moves"))?,
                Ok(list) => w(writeln!(out, "{}", wrap_words(&list)))?,
                Err(e) => w(writeln!(out, "{e}"))?,
            },
            "undo" => {
                if session.history().is_empty() {
                    w(writeln!(out, "nothing to undo"))?;
                } else {
                    session.undo();
                    while !opts.human.plays(session.side_to_move()) && session.undo() {}
                    w(write!(out, "{}", draw(session.as_ref(), flip)))?;
                }
            }
            "resign" => {
                let winner = !side;
                break End {
                    result: if winner == Color::White { "1-0" } else { "0-1" },
                    termination: format!("{side_name} resigned"),
                    message: format!(
                        "{} {} wins: {side_name} resigned",
                        if winner == Color::White { "1-0" } else { "0-1" },
                        session.side_name(winner)
                    ),
                };
            }
            "draw" => {
                let accept = opts.human == Human::Both
                    || session
                        .engine_move(&opts.limits)
                        .is_none_or(|em| em.score >= Score::DRAW);
                if accept {
                    break End {
                        result: "1/2-1/2",
                        termination: "draw agreed".into(),
                        message: "1/2-1/2 draw agreed".into(),
                    };
                }
                w(writeln!(out, "the engine declines the draw"))?;
            }
            // Every move names squares, so a word without a digit is a command.
            _ if !line.contains(|c: char| c.is_ascii_digit()) => w(writeln!(
                out,
                "unknown command {first:?}; the commands are {COMMANDS} (or type a move)"
            ))?,
            _ => match session.apply(&line) {
                Ok(_) => w(write!(out, "{}", draw(session.as_ref(), flip)))?,
                Err(e) => w(writeln!(out, "{e}"))?,
            },
        }
    };
    if let Ok(mut p) = PENDING.lock() {
        *p = None;
    }

    w(writeln!(out, "result: {}", end.message))?;
    let record = record_of(
        session.as_ref(),
        variant,
        [&name(Color::White), &name(Color::Black)],
        end.result,
        Some(&end.termination),
    );
    w(writeln!(out))?;
    w(write!(out, "{record}"))?;
    if let Some(path) = &opts.save {
        std::fs::write(path, record.to_string()).map_err(|e| {
            CliError::Argument(format!(
                "cannot write the record to {}: {e}",
                path.display()
            ))
        })?;
        w(writeln!(out, "record saved to {}", path.display()))?;
    }
    Ok(record)
}

/// `fairy play [VARIANT] [--fen F | --load FILE]`: finds the variant (asking for it on
/// `input` when neither it nor a record names one), sets up the position and plays.
///
/// # Errors
/// Unknown or unbuilt variant, unreadable position or record, `--fen` together with
/// `--load`, I/O errors.
pub fn run(
    variant: Option<&str>,
    fen: Option<&str>,
    load: Option<&Path>,
    opts: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    run_from(variant, fen, load, opts, &mut Script(input), out)
}

/// [`run`] reading from any [`PlayerInput`] (the binary passes a [`Keyboard`]).
///
/// # Errors
/// As [`run`].
pub fn run_from(
    variant: Option<&str>,
    fen: Option<&str>,
    load: Option<&Path>,
    opts: &PlayOptions,
    input: &mut dyn PlayerInput,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if let Some(path) = &opts.save {
        check_save_path(path)?;
    }
    if opts.max_plies == 0 {
        return Err(CliError::Argument("--max-plies must be at least 1".into()));
    }
    if fen.is_some() && load.is_some() {
        return Err(CliError::Argument(
            "--fen and --load exclude each other (a record has its own FEN tag)".into(),
        ));
    }
    let record = load
        .map(|path| {
            std::fs::read_to_string(path)
                .map_err(|e| CliError::Argument(format!("cannot read {}: {e}", path.display())))
                .and_then(|text| RecordText::parse(&text).map_err(CliError::from))
        })
        .transpose()?;
    let id = variant.map(str::to_owned).or_else(|| {
        record
            .as_ref()
            .and_then(|r| r.tag("Variant").map(str::to_owned))
    });
    let v = match (&id, &record) {
        (Some(id), _) => registry::find(id)?,
        (None, Some(_)) => return Err(RecordError::MissingTag("Variant").into()),
        (None, None) => match choose_variant_from(input, out)? {
            Some(v) => v,
            None => return Ok(()),
        },
    };
    let session = match &record {
        Some(rec) => {
            let s = replay(rec, v)?;
            let n = rec.moves.len();
            w(writeln!(
                out,
                "loaded {n} move{} from {}",
                crate::commands::plural(n),
                load.map_or(String::new(), |p| p.display().to_string())
            ))?;
            if rec.result != "*" && !opts.resume_finished {
                w(write!(out, "{}", s.diagram()))?;
                let why = rec.tag("Termination").unwrap_or("the record says so");
                w(writeln!(
                    out,
                    "this game is over: {} ({why}); add --continue to play on from here",
                    rec.result
                ))?;
                return Ok(());
            }
            s
        }
        None => v.session(fen)?,
    };
    play_game_from(v, session, opts, input, out).map(|_| ())
}
