//! Properties over positions reached by random play, notation round-trips, hashing,
//! play/undo, colour mirroring, parsers fed arbitrary text, and typed errors.

mod common;

use common::{move_strings, random_game};
use fairy_dragonchess::{Position, START};
use fairy_kernel::{
    perft, Game, GameRecord, Heuristics, MoveError, Outcome, PositionError, Presentation, Reason,
};
use quickcheck::{QuickCheck, TestResult};

#[test]
fn start_notation_matches_checkpoints() {
    let expected = "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1 | ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO | 2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1";
    assert_eq!(Position::new().to_notation(), expected);
    assert_eq!(START, expected);
}

#[test]
fn perft_1_and_2_match_checkpoints() {
    let p = Position::new();
    assert_eq!(perft(&p, 1), 90);
    assert_eq!(perft(&p, 2), 8094);
}

#[test]
fn notation_round_trips_and_hash_is_incremental_over_random_play() {
    fn prop(seed: u64) -> TestResult {
        for p in random_game(seed, 150) {
            let text = p.to_notation();
            match Position::from_notation((), &text) {
                Ok(q) if q == p => {}
                Ok(_) => return TestResult::error(format!("{text}: read back differently")),
                Err(e) => return TestResult::error(format!("{text}: {e}")),
            }
            if p.hash() != p.hash_from_scratch() {
                return TestResult::error(format!("{text}: incremental hash differs"));
            }
        }
        TestResult::passed()
    }
    QuickCheck::new()
        .tests(20)
        .quickcheck(prop as fn(u64) -> TestResult);
}

#[test]
fn move_notation_round_trips_over_random_play() {
    fn prop(seed: u64) -> TestResult {
        for p in random_game(seed, 80) {
            let mut l = fairy_dragonchess::MoveList::new();
            p.legal_moves(&mut l);
            for &m in &l {
                let text = p.format_move(m);
                if p.parse_move(&text) != Ok(m) {
                    return TestResult::error(format!(
                        "{}: {text} does not read back",
                        p.to_notation()
                    ));
                }
            }
        }
        TestResult::passed()
    }
    QuickCheck::new()
        .tests(10)
        .quickcheck(prop as fn(u64) -> TestResult);
}

#[test]
fn play_then_undo_restores_the_position() {
    for seed in 0..5 {
        let game = random_game(seed, 60);
        let mut record = GameRecord::new(Position::new());
        let mut texts = Vec::new();
        for w in game.windows(2) {
            let mut l = fairy_dragonchess::MoveList::new();
            w[0].legal_moves(&mut l);
            let m = l
                .iter()
                .copied()
                .find(|&m| {
                    let mut c = w[0].clone();
                    c.play(m);
                    c == w[1]
                })
                .expect("the game's move");
            texts.push(w[0].format_move(m));
            record.play(m);
        }
        for i in (0..texts.len()).rev() {
            assert!(record.undo());
            assert_eq!(record.position(), &game[i]);
        }
    }
}

/// The colour mirror of a position: ranks 1<->8 on every board, Gold <-> Scarlet, the
/// other side to move (the setup is symmetric this way, ruling D2).
fn mirror(text: &str) -> String {
    let fields: Vec<&str> = text.split(' ').collect();
    let swap = fairy_testkit::text_checks::mirror_rows;
    let side = if fields[5] == "g" { "s" } else { "g" };
    // Hero origins (D8): each square's rank mirrored, 1 <-> 8.
    let flip = |sq: &str| -> String {
        let b = sq.as_bytes();
        format!(
            "{}{}{}",
            b[0] as char,
            b[1] as char,
            (b'1' + b'8' - b[2]) as char
        )
    };
    let origins = fields.get(8).map_or(String::new(), |f| {
        let entries: Vec<String> = f
            .split(',')
            .map(|e| {
                let (h, o) = e.split_once(':').expect("entry");
                format!("{}:{}", flip(h), flip(o))
            })
            .collect();
        format!(" {}", entries.join(","))
    });
    format!(
        "{} | {} | {} {side} {} {}{origins}",
        swap(fields[0]),
        swap(fields[2]),
        swap(fields[4]),
        fields[6],
        fields[7]
    )
}

#[test]
fn colour_mirrored_positions_have_equal_perft() {
    let start = Position::new();
    let m = Position::from_notation((), &mirror(&start.to_notation())).unwrap();
    assert_eq!(perft(&m, 2), 8094);
    for seed in 0..6 {
        for p in random_game(seed, 50).iter().step_by(10) {
            let q = Position::from_notation((), &mirror(&p.to_notation())).unwrap();
            assert_eq!(perft(p, 2), perft(&q, 2), "{}", p.to_notation());
        }
    }
}

#[test]
fn parsers_never_panic_on_arbitrary_text() {
    fn prop(text: String) -> bool {
        let _ = Position::from_notation((), &text);
        let _ = Position::new().parse_move(&text);
        true
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(prop as fn(String) -> bool);
}

#[test]
fn parsers_never_panic_on_mutated_notation() {
    fn prop(edits: Vec<(u16, char)>) -> bool {
        let mut chars: Vec<char> = START.chars().collect();
        for (at, c) in edits {
            let i = at as usize % (chars.len() + 1);
            match c as u32 % 3 {
                0 if i < chars.len() => chars[i] = c,
                1 if i < chars.len() => {
                    chars.remove(i);
                }
                _ => chars.insert(i, c),
            }
        }
        let text: String = chars.iter().collect();
        if let Ok(p) = Position::from_notation((), &text) {
            // Whatever reads must write back and read again equal.
            return Position::from_notation((), &p.to_notation()).as_ref() == Ok(&p);
        }
        true
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(Vec<(u16, char)>) -> bool);
}

#[test]
fn moves_of_arbitrary_shape_give_typed_errors() {
    let p = Position::new();
    for (text, want) in [
        ("", "malformed"),
        ("2c2", "malformed"),
        ("2c2-", "square"),
        ("4c2-4c3", "square"),
        ("2c2-2m3", "square"),
        ("2c2x2c3", "illegal"),
        ("2c3-2c4", "illegal"),
        ("2c7-2c6", "illegal"),
        ("2c2-2c3=H", "illegal"),
        ("2c2–2c3", "malformed"),
    ] {
        let got = match p.parse_move(text) {
            Err(MoveError::Malformed { .. }) => "malformed",
            Err(MoveError::Square { .. }) => "square",
            Err(MoveError::Illegal { .. }) => "illegal",
            Err(MoveError::GameOver(_)) => "over",
            Ok(_) => "ok",
        };
        assert_eq!(got, want, "{text:?}");
    }
}

fn field_of(text: &str) -> String {
    match Position::from_notation((), text) {
        Err(PositionError::FieldCount { .. }) => "count".into(),
        Err(PositionError::Field { field, .. }) => field.into(),
        Err(PositionError::Impossible { reason }) => format!("impossible: {reason}"),
        Ok(_) => "ok".into(),
    }
}

#[test]
fn malformed_positions_name_the_field() {
    let f: Vec<&str> = START.split(' ').collect();
    let with = |i: usize, v: &str| {
        let mut g = f.clone();
        g[i] = v;
        g.join(" ")
    };
    assert_eq!(field_of(""), "count");
    // Six fields without the ` | ` between the boards: the separator is what is wrong.
    assert_eq!(field_of(&START.replace(" | ", " ")), "board separator");
    assert_eq!(field_of("a b c d e"), "count");
    assert_eq!(field_of(&with(1, "/")), "board separator");
    assert_eq!(field_of(&with(0, "12/12")), "sky board");
    assert_eq!(
        field_of(&with(
            2,
            "ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHU"
        )),
        "ground board"
    );
    assert_eq!(
        field_of(&with(
            4,
            "2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3X1"
        )),
        "underworld board"
    );
    assert_eq!(
        field_of(&with(
            0,
            "2g3r3g1/s1s1s1s1s1s1/66/12/12/12/S1S1S1S1S1S1/2G3R3G1"
        )),
        "sky board"
    );
    assert_eq!(
        field_of(&with(
            0,
            "2g3r3g1/s1s1s1s1s1s1/012/12/12/12/S1S1S1S1S1S1/2G3R3G1"
        )),
        "sky board"
    );
    assert_eq!(
        field_of(&with(
            0,
            "2g3r3g1/s1s1s1s1s1s1/13/12/12/12/S1S1S1S1S1S1/2G3R3G1"
        )),
        "sky board"
    );
    assert_eq!(field_of(&with(5, "w")), "side to move");
    assert_eq!(field_of(&with(6, "-1")), "half-move clock");
    assert_eq!(field_of(&with(7, "0")), "move number");
    assert_eq!(field_of(&with(7, "01")), "move number");
}

#[test]
fn impossible_positions_are_rejected_with_a_reason() {
    let empty = "12/12/12/12/12/12/12/12";
    let pos = |sky: &str, ground: &str, under: &str, side: &str| {
        field_of(&format!("{sky} | {ground} | {under} {side} 0 1"))
    };
    let kings = "11k/12/12/12/12/12/12/K11";
    // No King / two Kings.
    assert!(pos(empty, "11k/12/12/12/12/12/12/12", empty, "g").contains("Gold has no King"));
    assert!(pos(empty, "11k/12/12/12/12/12/12/K10K", empty, "g").contains("Gold has 2 Kings"));
    // A Warrior on its own back rank, or on its last rank.
    assert!(pos(empty, "11k/12/12/12/12/12/12/KW10", empty, "g").contains("own back rank"));
    assert!(pos(empty, "W10k/12/12/12/12/12/12/K11", empty, "g").contains("last rank"));
    // Pieces on levels they can never reach.
    assert!(pos("O11/12/12/12/12/12/12/12", kings, empty, "g").contains("Oliphant on 3a8"));
    assert!(pos(empty, kings, "12/12/12/12/5R6/12/12/12", "g").contains("Dragon"));
    assert!(pos(empty, kings, "12/12/12/12/5S6/12/12/12", "g").contains("Sylph"));
    assert!(pos(empty, "11k/12/12/12/12/12/12/K10B", empty, "g").contains("Basilisk"));
    assert!(pos("12/12/12/12/12/12/12/5e6", kings, empty, "g").contains("Elemental"));
    // Sylph and Dwarf on their own back rank.
    assert!(pos("12/12/12/12/12/12/12/5S6", kings, empty, "g").contains("own back rank"));
    assert!(pos("5s6/12/12/12/12/12/12/12", kings, empty, "g").contains("own back rank"));
    assert_eq!(pos("5S6/12/12/12/12/12/12/5s6", kings, empty, "g"), "ok");
    assert!(pos(empty, kings, "12/12/12/12/12/12/12/3D8", "g").contains("own back rank"));
    // The side not to move is in check.
    assert!(pos(empty, "11k/12/12/12/12/12/12/K10O", empty, "g").contains("Scarlet is not to move"));
    // A legal sparse position reads.
    assert_eq!(pos(empty, kings, empty, "g"), "ok");
}

#[test]
fn checkmate_and_stalemate_outcomes_ruling_d6() {
    // Frozen King checked along the file: mate (seed §5.2).
    let mate =
        "12/12/12/12/12/12/12/12 | o10k/12/12/12/12/12/12/K11 | 12/12/12/12/12/12/12/b11 g 0 1";
    let p = Position::from_notation((), mate).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: fairy_dragonchess::SCARLET,
            reason: Reason::Checkmate
        })
    );
    // A King on the Sky whose only move (down) is attacked: stalemate, a draw.
    let stale =
        "12/12/12/12/12/12/12/K11 | o10k/12/12/12/12/12/12/12 | 12/12/12/12/12/12/12/12 g 0 1";
    let p = Position::from_notation((), stale).unwrap();
    assert!(move_strings(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
    let mut rec = GameRecord::new(p);
    assert!(matches!(
        rec.play_text("3a1-2a1"),
        Err(MoveError::GameOver(_))
    ));
    assert_eq!(Position::new().outcome(), None);
}

#[test]
fn threefold_repetition_is_a_draw_ruling_g1() {
    let mut rec = GameRecord::new(Position::new());
    for _ in 0..2 {
        for m in ["2e1-3e1", "2e8-3e8", "3e1-2e1", "3e8-2e8"] {
            assert_eq!(rec.outcome(), None);
            rec.play_text(m).unwrap();
        }
    }
    assert_eq!(
        rec.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
}

#[test]
fn clocks_follow_ruling_d10() {
    let mut p = Position::new();
    for (m, half, full) in [
        ("2e1-3e1", 1, 1),
        ("2e8-3e8", 2, 2),
        ("2a2-2a3", 0, 2),
        ("3g8-3a2", 0, 3),
    ] {
        let mv = p.parse_move(m).unwrap();
        p.play(mv);
        let f: Vec<String> = p.to_notation().split(' ').map(str::to_owned).collect();
        assert_eq!(
            (f[6].as_str(), f[7].as_str()),
            (half.to_string().as_str(), full.to_string().as_str()),
            "{m}"
        );
    }
    // A capture from afar resets the clock too.
    let text =
        "12/12/12/12/6R5/12/12/12 | 11k/12/12/12/6o5/12/12/K11 | 12/12/12/12/12/12/12/12 g 7 30";
    let mut p = Position::from_notation((), text).unwrap();
    let m = p.parse_move("3g4x2g4").unwrap();
    p.play(m);
    assert!(p.to_notation().ends_with(" s 0 30"), "{}", p.to_notation());
    assert!(p.to_notation().starts_with("12/12/12/12/6R5/"));
}

#[test]
fn diagram_draws_three_boards_with_coordinates() {
    let d = Position::new().diagram();
    let lines: Vec<&str> = d.lines().collect();
    assert_eq!(
        lines[0],
        "  Sky (3)                     Ground (2)                  Underworld (1)"
    );
    assert_eq!(
        lines[1],
        "8  . . g . . . r . . . g .     o u h t c m k p t h u o     . . b . . . e . . . b .  8"
    );
    assert_eq!(
        lines[8],
        "1  . . G . . . R . . . G .     O U H T C M K P T H U O     . . B . . . E . . . B .  1"
    );
    assert_eq!(
        lines[9],
        "   a b c d e f g h i j k l     a b c d e f g h i j k l     a b c d e f g h i j k l"
    );
    assert_eq!(lines[10], "gold to move");
    // Frozen pieces are listed.
    let text =
        "12/12/12/12/12/12/12/12 | 11k/12/12/12/3o8/12/12/K11 | 12/12/12/12/3B8/12/12/12 s 0 1";
    let d = Position::from_notation((), text).unwrap().diagram();
    assert!(d.ends_with("scarlet to move; frozen: 2d4\n"), "{d}");
}

#[test]
fn evaluate_is_material_plus_mobility_from_the_side_to_move() {
    let p = Position::new();
    assert_eq!(p.evaluate(), 0);
    let mut q = p.clone();
    let m = q.parse_move("3g1-3a7").unwrap();
    q.play(m);
    // Scarlet to move, a Sylph down: negative for Scarlet.
    assert!(q.evaluate() < 0);
}

/// `Display` and `FromStr` are the position notation; `Position::new()` and `Default` are
/// the start; with the `serde` feature positions serialize as their notation.
#[test]
fn display_from_str_new_default() {
    let start = Position::new();
    assert_eq!(start, Position::default());
    assert_eq!(start.to_string(), START);
    let mut p = start.clone();
    for m in ["3g1-3a7", "2a7-2a6", "2f2-2f3"] {
        p.play_text(m).expect("legal");
        let again: Position = format!(" {p}\n").parse().expect("reads back");
        assert_eq!(again, p);
        assert_eq!(p.to_string(), p.to_notation());
    }
    assert!("2g3r3g1 | x".parse::<Position>().is_err());
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, format!("\"{p}\""));
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
        assert!(serde_json::from_str::<Position>("\"12 g 0 1\"").is_err());
    }
}

/// Every square's name reads back to it; every legal move along a few random games
/// prints as `format_move` does, reads back without a position (`FromStr`) and resolves
/// to itself; its squares are typed and name the move's text.
#[test]
fn squares_and_move_text_round_trip() {
    use fairy_dragonchess::{Move, Square};
    for sq in Square::ALL {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        assert_eq!(Square::new(sq.index()), Some(sq));
    }
    assert_eq!(Square::new(288), None);
    assert!("4a1".parse::<Square>().is_err());
    let mut p = Position::new();
    for ply in 0..60 {
        let moves = p.legal_move_list();
        if moves.is_empty() {
            break;
        }
        for &m in &moves {
            let text = m.to_string();
            assert_eq!(text, p.format_move(m));
            let read: Move = text.parse().expect("reads without a position");
            assert_eq!(p.resolve(read), Some(m), "{text}");
            assert!(text.starts_with(&m.from().to_string()), "{text}");
            assert!(text.contains(&m.to().to_string()), "{text}");
        }
        p.play(moves[(ply * 7919) % moves.len()]);
    }
    assert!("3c4x2c4=H".parse::<Move>().is_err());
    assert!("2c2-2c9".parse::<Move>().is_err());
    // A move read without a position but not legal here resolves to nothing.
    let off: Move = "2a2-2a5".parse().unwrap();
    assert_eq!(Position::new().resolve(off), None);
    #[cfg(feature = "serde")]
    {
        let m: Move = "3g1-3a7".parse().unwrap();
        assert_eq!(serde_json::to_string(&m).unwrap(), "\"3g1-3a7\"");
        let sq: Square = "3c4".parse().unwrap();
        assert_eq!(serde_json::to_string(&sq).unwrap(), "\"3c4\"");
        assert_eq!(serde_json::from_str::<Square>("\"3c4\"").unwrap(), sq);
    }
}
