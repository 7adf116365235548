//! Position and move notation (ruling H6): round trips, typed errors, never a panic.

use fairy_kernel::{Game, MoveError, PositionError, SquareError};
use quickcheck::quickcheck;

use super::{after, pos};
use crate::Position;

const START: &str = "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/R2KR w KQkq 0 1";

fn pos_err(text: &str) -> PositionError {
    match Position::from_notation((), text) {
        Ok(p) => panic!("{text} was accepted: {p:?}"),
        Err(e) => e,
    }
}

#[test]
fn position_notation_round_trips_the_start() {
    assert_eq!(pos(START).to_notation(), START);
    assert_eq!(pos(START), Position::start(()));
    // Castling letters are accepted in any order and written in KQkq order.
    assert_eq!(pos(&START.replace("KQkq", "qkQK")).to_notation(), START);
}

#[test]
fn position_notation_rejects_bad_fields_with_typed_errors() {
    assert!(matches!(
        pos_err("r2kr/nbbbqn w KQkq 0"),
        PositionError::FieldCount { found: 4, .. }
    ));
    let board_errors = [
        "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN w KQkq 0 1",
        "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/R3KR w KQkq 0 1",
        "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/R2K w KQkq 0 1",
        "r2kr/nbbbqn/ppppppp/8/9/010/9/8/PPPPPPP/NBBBQN/R2KR w KQkq 0 1",
        "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBXQN/R2KR w KQkq 0 1",
        "r2kr/nbbbqn/ppppppp/8/9/11/9/8/PPPPPPP/NBBBQN/R2KR w KQkq 0 1",
    ];
    for b in board_errors {
        assert!(
            matches!(pos_err(b), PositionError::Field { field: "board", .. }),
            "{b}"
        );
    }
    let e = pos_err("r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/R2KRR w KQkq 0 1");
    assert!(e.to_string().contains("line a has 5 cells"), "{e}");
    for (text, field) in [
        (START.replace(" w ", " x "), "side to move"),
        (START.replace("KQkq", "KQkx"), "castling rights"),
        (START.replace("KQkq", "KKq"), "castling rights"),
        (START.replace(" 0 1", " -1 1"), "half-move clock"),
        (START.replace(" 0 1", " 0 0"), "move number"),
    ] {
        match pos_err(&text) {
            PositionError::Field { field: f, .. } => assert_eq!(f, field, "{text}"),
            other => panic!("{text}: {other}"),
        }
    }
}

#[test]
fn position_notation_rejects_impossible_positions() {
    let cases = [
        // No black king.
        "r3r/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/R2KR w KQ 0 1",
        // Two white kings.
        "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQK/R2KR w KQkq 0 1",
        // A white pawn on line b (behind its starting line).
        "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQP/R2KR w KQkq 0 1",
        // A black pawn on line a (should have promoted).
        "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/Rp1KR w KQkq 0 1",
        // Castling right Q without the rook on a1.
        "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/3KR w KQkq 0 1",
        // Black (not to move) in check: white queen on j5 gives check? No: rook k5 gone and
        // a white rook on k3 attacks k4.
        "r1Rkr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/R2KR w KQkq 0 1",
        // Eight white pawns.
        "r2kr/nbbbqn/ppppppp/8/9/10/9/P7/PPPPPPP/NBBBQN/R2KR w KQkq 0 1",
    ];
    for c in cases {
        assert!(
            matches!(pos_err(c), PositionError::Impossible { .. }),
            "{c}: {}",
            pos_err(c)
        );
    }
}

#[test]
fn move_notation_formats_and_parses() {
    let p = Position::start(());
    for text in ["c3-e4", "C3-E4", "c3xe4", "c3:e4", " c3-e4 "] {
        let m = p.parse_move(text).expect(text);
        assert_eq!(p.format_move(m), "c3-e4");
    }
    assert_eq!(
        p.format_move(p.parse_move("a4-a1").expect("castle")),
        "a4-a1"
    );
    let q = after(&p, "b2-j2");
    assert_eq!(
        q.format_move(q.parse_move("k1-j2").expect("recapture")),
        "k1-j2"
    );
}

#[test]
fn move_notation_names_the_line_length_of_off_board_cells() {
    // a6, f11, l1 are rejected naming the line's length.
    let p = Position::start(());
    for (text, want) in [
        ("a6-a5", "line a has 5 cells"),
        ("f10-f11", "line f has 10 cells"),
        ("l1-k1", "no line l"),
    ] {
        match p.parse_move(text) {
            Err(e @ MoveError::Square { .. }) => {
                assert!(e.to_string().contains(want), "{text}: {e}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    assert!(matches!(
        p.parse_square("a6"),
        Err(SquareError::OffBoard { .. })
    ));
}

#[test]
fn move_notation_rejects_malformed_and_illegal_moves() {
    let p = Position::start(());
    for text in ["", "c3", "c3e4", "c3-e4=K", "c3-e4=", "-", "c3-e4=QQ"] {
        assert!(
            matches!(
                p.parse_move(text),
                Err(MoveError::Malformed { .. }) | Err(MoveError::Square { .. })
            ),
            "{text}"
        );
    }
    for text in ["a1-b1", "c3-f4", "d3-e4", "k1-k2"] {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Illegal { .. })),
            "{text}"
        );
    }
    let p = super::rules::setup("Ka1 kk5 Pi2", 'w', "-");
    let e = p.parse_move("i2-k1").expect_err("needs a promotion piece");
    assert!(e.to_string().contains("must promote"), "{e}");
    let q = Position::start(());
    let e = q.parse_move("c3-e4=Q").expect_err("not a promotion");
    assert!(e.to_string().contains("not a promotion"), "{e}");
}

#[test]
fn move_parsing_after_the_game_ended_reports_it() {
    let p = super::rules::setup("Kf3 Bb5 kf1", 'b', "-");
    assert!(matches!(p.parse_move("f1-f2"), Err(MoveError::GameOver(_))));
}

/// Strings over the notation's alphabet, so that the fuzzing reaches deep into the parsers.
fn notation_like(seed: u64, len: usize) -> String {
    const ALPHABET: &[u8] = b"kqrbnpKQRBNP0123456789/ wb-=xal";
    let mut r = super::Rng(seed);
    (0..len)
        .map(|_| ALPHABET[r.below(ALPHABET.len())] as char)
        .collect()
}

quickcheck! {
    fn position_parser_never_panics(s: String) -> bool {
        let _ = Position::from_notation((), &s);
        true
    }

    fn position_parser_never_panics_on_notation_like_text(seed: u64, len: u8) -> bool {
        let s = notation_like(seed, len as usize);
        let _ = Position::from_notation((), &s);
        // Mutations of the start position.
        let mut t = START.to_owned();
        let i = (seed as usize) % t.len();
        if t.is_char_boundary(i) {
            t.replace_range(i..=i.min(t.len() - 1), &notation_like(seed ^ 1, (len % 4) as usize));
            let _ = Position::from_notation((), &t);
        }
        true
    }

    fn move_parser_never_panics(s: String) -> bool {
        let p = Position::start(());
        let _ = p.parse_move(&s);
        let _ = p.parse_square(&s);
        true
    }
}
