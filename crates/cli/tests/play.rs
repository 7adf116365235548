//! `play` and `match` driven through the library with the engine's toy game (no variant
//! crate needed), and the game records they write.

use std::io::Cursor;

use fairy::record::replay;
use fairy::RecordText;
use fairy_cli::matchplay::{run_match, MatchOptions, Opponent};
use fairy_cli::play::{play_game, Human, PlayOptions};
use fairy_cli::{Adapter, Variant};
use fairy_engine::toy::{Toy, ToyRules};
use fairy_engine::Limits;

static TOY: Adapter<Toy> =
    Adapter::new("toy", "the engine's 5x5 king-capture toy", ToyRules::Single);
static TOY2: Adapter<Toy> = Adapter::new("toy2", "the toy with two moves a turn", ToyRules::Double);

fn opts(human: Human, depth: u32) -> PlayOptions {
    PlayOptions {
        human,
        limits: Limits::depth(depth),
        max_plies: 200,
        save: None,
        resume_finished: false,
        live_progress: false,
    }
}

/// Plays with `script` as the keyboard; returns the output and the record.
fn run(v: &dyn Variant, fen: Option<&str>, o: &PlayOptions, script: &str) -> (String, RecordText) {
    let session = v.session(fen).unwrap();
    let mut input = Cursor::new(script.as_bytes().to_vec());
    let mut out = Vec::new();
    let rec = play_game(v, session, o, &mut input, &mut out).unwrap();
    (String::from_utf8(out).unwrap(), rec)
}

#[test]
fn scripted_game_with_an_illegal_move_ends_with_the_king_captured() {
    let script = "help\nmoves\nmoves a1\nfen\ne1-a5\nz9-a1\nnonsense\na1-a4\nundo\na1-a5\n";
    let (out, rec) = run(&TOY, Some("k4/5/5/5/R3K w"), &opts(Human::Both, 2), script);
    // One line of explanation for each bad move, then the prompt again.
    assert!(
        out.contains("illegal move \"e1-a5\": not among the"),
        "{out}"
    );
    assert!(out.contains("bad square in move \"z9-a1\""), "{out}");
    assert!(
        out.contains("unknown command \"nonsense\"; the commands are moves, undo"),
        "{out}"
    );
    assert!(out.contains("a1-a2 a1-a3 a1-a4 a1-a5"), "{out}");
    assert!(out.contains("k4/5/5/5/R3K w\n"), "fen command: {out}");
    assert!(
        out.contains("result: 1-0 white wins by king captured"),
        "{out}"
    );
    assert_eq!(rec.result, "1-0");
    assert_eq!(rec.moves, ["a1-a5"], "undo took a1-a4 back");
    assert_eq!(rec.tag("Termination"), Some("king captured"));
    assert_eq!(rec.tag("FEN"), Some("k4/5/5/5/R3K w"));
    assert_eq!(rec.tag("White"), Some("human"));
    // The record is printed at the end.
    assert!(out.ends_with(&rec.to_string()), "{out}");
}

#[test]
fn against_the_engine_the_person_wins_the_mate_in_two() {
    // White (the person) mates in two; the engine defends as Black. The engine's replies
    // are deterministic at a fixed depth.
    let (out, rec) = run(
        &TOY,
        Some("5/k4/5/1R3/K4 w"),
        &opts(Human::White, 3),
        "a1-a2\na2-a3\nmoves b2\nb2-b6\nb2-b5\n",
    );
    assert!(out.contains("black plays a5-b5"), "{out}");
    assert!(out.contains("bad square in move \"b2-b6\""), "{out}");
    assert_eq!(rec.result, "1-0", "{out}");
    assert_eq!(rec.moves, ["a1-a2", "a4-a5", "a2-a3", "a5-b5", "b2-b5"]);
    assert!(rec
        .to_string()
        .contains("1. a1-a2 a4-a5 2. a2-a3 a5-b5 3. b2-b5 1-0"));
    assert_eq!(rec.tag("Black"), Some("fairy-engine depth 3"));
    assert!(
        out.contains("result: 1-0 white wins by king captured"),
        "{out}"
    );
}

#[test]
fn undo_against_the_engine_takes_back_the_reply_too() {
    let (out, rec) = run(
        &TOY,
        None,
        &opts(Human::White, 1),
        "b1-c3\nundo\nundo\nquit\n",
    );
    assert!(out.contains("nothing to undo"), "{out}");
    assert!(rec.moves.is_empty(), "{:?}", rec.moves);
    assert_eq!(rec.result, "*");
    assert_eq!(rec.tag("Termination"), Some("unterminated: quit"));
}

#[test]
fn end_of_input_ends_the_game_cleanly() {
    let (out, rec) = run(&TOY, None, &opts(Human::Black, 1), "moves\n");
    assert!(out.contains("white plays"), "{out}");
    assert!(
        out.contains("result: * game left unfinished (end of input)"),
        "{out}"
    );
    assert_eq!(rec.result, "*");
    assert_eq!(rec.moves.len(), 1);
    assert!(rec.tag("FEN").is_none(), "the default start has no FEN tag");
}

#[test]
fn engine_plays_both_sides_and_the_cap_adjudicates() {
    let mut o = opts(Human::None, 1);
    o.max_plies = 6;
    let (out, rec) = run(&TOY, None, &o, "");
    let capped = out.contains("game-length cap of 6 plies reached (ruling G2)");
    assert!(capped || rec.moves.len() < 6, "{out}");
    if capped {
        assert_eq!(rec.result, "1/2-1/2");
        assert_eq!(rec.moves.len(), 6);
    }
}

#[test]
fn engine_against_itself_finishes_a_game() {
    let (out, rec) = run(&TOY2, None, &opts(Human::None, 2), "");
    assert!(out.contains("result: "), "{out}");
    assert!(rec.tag("PlyCount").is_some());
    // Two moves a turn: the record numbers turns, not plies.
    assert!(rec.to_string().contains("1. ") && !rec.to_string().contains("1... "));
}

#[test]
fn resign_and_draw_offers() {
    let (_, rec) = run(&TOY, None, &opts(Human::Black, 1), "resign\n");
    assert_eq!(rec.result, "1-0");
    assert_eq!(rec.tag("Termination"), Some("black resigned"));
    let (_, rec) = run(&TOY, None, &opts(Human::Both, 1), "draw\n");
    assert_eq!(rec.result, "1/2-1/2");
    // The engine, a rook up, declines.
    // The engine, a rook down, accepts; a rook up, declines.
    let (_, rec) = run(
        &TOY,
        Some("k4/5/5/5/R3K w"),
        &opts(Human::White, 1),
        "draw\n",
    );
    assert_eq!(rec.tag("Termination"), Some("draw agreed"));
    let (out, rec) = run(
        &TOY,
        Some("r3k/5/5/5/4K w"),
        &opts(Human::White, 1),
        "draw\nquit\n",
    );
    assert!(out.contains("the engine declines the draw"), "{out}");
    assert_eq!(rec.result, "*");
}

#[test]
fn a_written_record_loads_back_to_the_same_game() {
    let dir = std::env::temp_dir().join(format!("fairy-play-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    let mut o = opts(Human::Both, 1);
    o.save = Some(path.clone());
    let (out, rec) = run(&TOY, Some("k4/5/5/5/R3K w"), &o, "e1-d1\na5-b5\nquit\n");
    assert!(out.contains("record saved to"), "{out}");
    let text = std::fs::read_to_string(&path).unwrap();
    let back = RecordText::parse(&text).unwrap();
    assert_eq!(back.moves, rec.moves);
    assert_eq!(back.tags, rec.tags);
    let session = replay(&back, &TOY).unwrap();
    assert_eq!(session.notation(), "1k3/5/5/5/R2K1 w");
    assert_eq!(session.history(), ["e1-d1", "a5-b5"]);
    // Another variant refuses it; a bad move says which.
    let e = replay(&back, &TOY2)
        .err()
        .expect("wrong variant")
        .to_string();
    assert!(e.contains("game of \"toy\""), "{e}");
    let mut bad = back.clone();
    bad.moves.push("a1-a9".into());
    let e = replay(&bad, &TOY).err().expect("bad move").to_string();
    assert!(e.starts_with("record move 3 (\"a1-a9\")"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_against_random_reports_each_game_and_the_score() {
    let o = MatchOptions {
        games: 4,
        against: Opponent::Random,
        limits: Limits::depth(2),
        max_plies: 200,
        seed: 3,
        opening_plies: 2,
        fen: None,
    };
    let mut out = Vec::new();
    let score = run_match(&TOY, &o, &mut out, false).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(
        lines[0].starts_with("game 1/4: engine (white) vs random: "),
        "{text}"
    );
    assert!(
        lines[1].starts_with("game 2/4: engine (black) vs random: "),
        "{text}"
    );
    assert_eq!(lines[4], format!("score: {score}"));
    assert!(score.wins >= 3, "{text}");
}

#[test]
fn match_against_itself_alternates_colours_over_random_openings() {
    let o = MatchOptions {
        games: 2,
        against: Opponent::Engine,
        limits: Limits::depth(1),
        max_plies: 40,
        seed: 9,
        opening_plies: 2,
        fen: None,
    };
    let mut out = Vec::new();
    let score = run_match(&TOY2, &o, &mut out, false).unwrap();
    assert_eq!(score.wins + score.draws + score.losses, 2);
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.lines().last().unwrap().starts_with("score: "),
        "{text}"
    );
    let zero = MatchOptions { games: 0, ..o };
    assert!(run_match(&TOY2, &zero, &mut Vec::new(), false).is_err());
}

#[test]
fn run_asks_for_the_variant_and_checks_its_arguments() {
    let o = opts(Human::White, 1);
    // --fen and --load together are refused before anything is read.
    let e = fairy_cli::play::run(
        Some("toy"),
        Some("x"),
        Some(std::path::Path::new("r.txt")),
        &o,
        &mut Cursor::new(Vec::new()),
        &mut Vec::new(),
    )
    .expect_err("refused");
    assert!(e.to_string().contains("exclude each other"), "{e}");
    let Some(first) = fairy_cli::registry::built().first().map(|v| v.id()) else {
        return;
    };
    let mut out = Vec::new();
    let script = format!("no-such\n{first}\nquit\n");
    fairy_cli::play::run(
        None,
        None,
        None,
        &o,
        &mut Cursor::new(script.into_bytes()),
        &mut out,
    )
    .expect("plays");
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("Which variant do you want to play?"),
        "{text}"
    );
    assert!(text.contains("no built variant \"no-such\""), "{text}");
    assert!(text.contains(&format!("[Variant \"{first}\"]")), "{text}");
    // End of input at the question ends cleanly.
    let mut out = Vec::new();
    fairy_cli::play::run(None, None, None, &o, &mut Cursor::new(Vec::new()), &mut out)
        .expect("ends");
}

#[test]
fn save_command_case_insensitive_commands_and_wrapped_move_lists() {
    let dir = std::env::temp_dir().join(format!("fairy-play-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    let script = format!("a1-a4\nSAVE {}\nsave\nFen\nMOVES\nQuit\n", path.display());
    let (out, _) = run(&TOY, Some("k4/5/5/5/R3K w"), &opts(Human::Both, 1), &script);
    assert!(
        out.contains(&format!("record saved to {}", path.display())),
        "{out}"
    );
    assert!(out.contains("save needs a file name"), "{out}");
    assert!(out.contains("k4/R4/5/5/4K b"), "Fen in capitals: {out}");
    assert!(out.contains("game left unfinished (quit)"), "Quit: {out}");
    let saved = RecordText::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved.moves, ["a1-a4"]);
    assert_eq!(saved.result, "*");
    std::fs::remove_dir_all(&dir).ok();
    let words: Vec<String> = (0..40).map(|i| format!("a{i}-b{i}")).collect();
    let text = fairy_cli::play::wrap_words(&words);
    assert!(text.lines().count() > 1);
    for line in text.lines() {
        assert!(line.len() <= 80, "{line}");
        for word in line.split(' ') {
            assert!(words.contains(&word.to_owned()), "a move was cut: {word:?}");
        }
    }
}

#[test]
fn side_names_for_as_and_save_paths_checked_at_start() {
    assert_eq!(
        Human::parse("gold", ["gold", "scarlet"]).unwrap(),
        Human::White
    );
    assert_eq!(
        Human::parse("Scarlet", ["gold", "scarlet"]).unwrap(),
        Human::Black
    );
    assert_eq!(
        Human::parse("black", ["gold", "scarlet"]).unwrap(),
        Human::Black
    );
    assert_eq!(
        Human::parse("NONE", ["white", "black"]).unwrap(),
        Human::None
    );
    let e = Human::parse("gold", ["white", "black"])
        .unwrap_err()
        .to_string();
    assert!(e.contains("expected white, black, both or none"), "{e}");
    let e = fairy_cli::play::check_save_path(std::path::Path::new("/nonexistent/dir/x"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("folder /nonexistent/dir does not exist"), "{e}");
    assert!(fairy_cli::play::check_save_path(&std::env::temp_dir()).is_err());
    assert!(fairy_cli::play::check_save_path(std::path::Path::new("x.txt")).is_ok());
}

#[test]
fn the_engine_shows_its_progress_and_the_score_sign_once() {
    let mut o = opts(Human::None, 2);
    o.max_plies = 4;
    let (out, rec) = run(&TOY, None, &o, "");
    assert_eq!(rec.moves.len(), 4, "{out}");
    assert_eq!(
        out.matches("scores in pawns: + is good for white, - for black")
            .count(),
        1,
        "{out}"
    );
    // One progress line per finished iteration, before each move.
    assert_eq!(out.matches("  thinking: depth 1 ").count(), 4, "{out}");
    assert_eq!(out.matches("  thinking: depth 2 ").count(), 4, "{out}");
    // Scores are from the first side's point of view.
    use fairy_cli::play::score_for_first;
    use fairy_engine::Score;
    use fairy_kernel::Color;
    assert_eq!(
        score_for_first(Score::from_value(150), Color::White),
        "+1.50"
    );
    assert_eq!(
        score_for_first(Score::from_value(150), Color::Black),
        "-1.50"
    );
    // Black mates with its second move: a mate against the first side.
    assert_eq!(
        score_for_first(Score::from_value(fairy_engine::mate_score(3)), Color::Black),
        "#-2"
    );
}

#[test]
fn legend_names_every_piece_letter_of_every_variant() {
    for v in fairy_cli::registry::built() {
        let s = v.session(None).unwrap();
        let legend = s.legend();
        assert!(!legend.is_empty(), "{}", v.id());
        let mut letters: Vec<char> = legend.iter().map(|(c, _)| *c).collect();
        letters.sort_unstable();
        letters.dedup();
        assert_eq!(letters.len(), legend.len(), "{}: a letter twice", v.id());
        for cell in s.board_view().unwrap().cells {
            if let Some(p) = cell.piece {
                assert!(
                    letters.contains(&p.letter.to_ascii_uppercase()),
                    "{}: {} on {} is not in the legend",
                    v.id(),
                    p.letter,
                    cell.name
                );
            }
        }
    }
    let v = fairy_cli::registry::find("dragonchess").unwrap();
    let (out, _) = run(v, None, &opts(Human::Both, 1), "LEGEND\nquit\n");
    assert!(out.contains("S Sylph, G Griffon, R Dragon,"), "{out}");
    assert!(
        out.contains("E Elemental\nupper case gold, lower case scarlet"),
        "{out}"
    );
    let v = fairy_cli::registry::find("chess-t").unwrap();
    let (out, _) = run(v, None, &opts(Human::Both, 1), "legend\nquit\n");
    assert!(out.contains("K King, C Konnet, P Prince,"), "{out}");
    assert!(!out.contains("Scout"), "Chess-T has no Scout: {out}");
}

#[test]
fn regicide_board_separates_and_names_the_three_fronts() {
    let v = fairy_cli::registry::find("regicide").unwrap();
    for flip in [false, true] {
        let text = fairy_cli::play::draw(v.session(None).unwrap().as_ref(), flip);
        let lines: Vec<&str> = text.lines().collect();
        // The names over the board, in the order drawn.
        let heads: Vec<(usize, &str)> = lines[0]
            .match_indices("front ")
            .map(|(i, _)| (i, lines[0][i + 6..].split(' ').next().unwrap()))
            .collect();
        let order: Vec<&str> = heads.iter().map(|h| h.1).collect();
        if flip {
            assert_eq!(order, ["III", "II", "I"], "{text}");
        } else {
            assert_eq!(order, ["I", "II", "III"], "{text}");
        }
        let at: Vec<usize> = heads.iter().map(|h| h.0).collect();
        // Every rank and the file letters: two bars, in the same columns.
        let bars = |l: &str| -> Vec<usize> { l.match_indices('|').map(|(i, _)| i).collect() };
        let first = bars(lines[1]);
        assert_eq!(first.len(), 2, "{text}");
        for l in &lines[1..=13] {
            assert_eq!(bars(l), first, "{l}");
        }
        // The front's name stands over the first file of its front.
        let files = lines[13];
        let first_file = if flip { 'x' } else { 'a' };
        assert_eq!(files.find(first_file), Some(at[0]), "{text}");
    }
}

#[test]
fn enter_makes_the_thinking_engine_move_now() {
    use fairy_cli::play::{play_game_from, Keyboard};
    let v = fairy_cli::registry::find("dragonchess").unwrap();
    let (writer, reader) = std::sync::mpsc::channel::<Vec<u8>>();
    let mut keys = Keyboard::spawn(std::io::BufReader::new(Typed(reader, Vec::new())));
    let typist = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(1500));
        writer.send(b"\n".to_vec()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(500));
        writer.send(b"quit\n".to_vec()).unwrap();
    });
    let t0 = std::time::Instant::now();
    let mut out = Vec::new();
    let rec = play_game_from(
        v,
        v.session(None).unwrap(),
        &opts(Human::Black, 60),
        &mut keys,
        &mut out,
    )
    .unwrap();
    typist.join().unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(t0.elapsed().as_secs() < 60, "depth 60 was not cut short");
    assert_eq!(rec.moves.len(), 1, "{out}");
    assert!(out.contains("gold plays"), "{out}");
    assert!(out.contains("Enter makes the engine move now"), "{out}");
    assert!(out.contains("game left unfinished (quit)"), "{out}");
}

#[test]
fn one_ply_is_written_in_the_singular() {
    let mut o = opts(Human::None, 1);
    o.max_plies = 1;
    let (out, rec) = run(&TOY, None, &o, "");
    assert_eq!(rec.moves.len(), 1);
    assert!(out.contains("game-length cap of 1 ply reached"), "{out}");
    let m = MatchOptions {
        games: 1,
        against: Opponent::Random,
        limits: Limits::depth(1),
        max_plies: 1,
        seed: 1,
        opening_plies: 0,
        fen: None,
    };
    let mut out = Vec::new();
    run_match(&TOY, &m, &mut out, false).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("adjudicated at 1 ply (game-length cap"),
        "{text}"
    );
    assert!(text.contains(", 1 ply: draw"), "{text}");
}

/// Keys typed over time: each message is what one key press sends; the end when the sender
/// is gone.
struct Typed(std::sync::mpsc::Receiver<Vec<u8>>, Vec<u8>);

impl std::io::Read for Typed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.1.is_empty() {
            match self.0.recv() {
                Ok(bytes) => self.1 = bytes,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.1.len());
        buf[..n].copy_from_slice(&self.1[..n]);
        self.1.drain(..n);
        Ok(n)
    }
}
