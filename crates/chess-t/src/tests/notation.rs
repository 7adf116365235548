//! Position and move notation (T11, T12), typed errors.

use fairy_kernel::{Color, MoveError, PositionError, Presentation};

use super::{build, notation_of};
use crate::Variant::{ChessT, ChessT1, ChessT2};
use crate::{Position, Variant};

fn rejected(v: Variant, text: &str) -> PositionError {
    match Position::from_notation(v, text) {
        Ok(p) => panic!("{text} accepted as {p:?}"),
        Err(e) => e,
    }
}

fn impossible(v: Variant, pieces: &[(&str, char)], fields: &str) -> String {
    match rejected(v, &notation_of(v, pieces, fields, 'w', "-", 0)) {
        PositionError::Impossible { reason } => reason,
        e => panic!("not an impossible-position error: {e}"),
    }
}

#[test]
fn rejects_non_royal_piece_on_castle_cell() {
    let r = impossible(ChessT, &[("e1", 'K'), ("e8", 'k'), ("e2", 'N')], "b4,b5");
    assert!(r.contains("castle cell e2"), "{r}");
    let r = impossible(ChessT, &[("e1", 'K'), ("a8", 'k'), ("e7", 'r')], "b4,b5");
    assert!(r.contains("castle cell e7"), "{r}");
}

#[test]
fn rejects_piece_on_enemy_impregnable_field() {
    let r = impossible(ChessT, &[("e1", 'K'), ("e8", 'k'), ("b5", 'N')], "b4,b5");
    assert!(r.contains("impregnable field b5"), "{r}");
}

#[test]
fn rejects_impregnable_field_outside_territory_or_on_castle() {
    let r = impossible(ChessT, &[("e1", 'K'), ("e8", 'k')], "b5,b6");
    assert!(r.contains("outside its territory"), "{r}");
    let r = impossible(ChessT, &[("e1", 'K'), ("e8", 'k')], "e2,b5");
    assert!(r.contains("castle cell"), "{r}");
}

#[test]
fn rejects_two_kings_and_no_king_but_accepts_one_missing() {
    let r = impossible(ChessT, &[("e1", 'K'), ("a1", 'K'), ("e8", 'k')], "b4,b5");
    assert!(r.contains("two Kings"), "{r}");
    let r = impossible(ChessT, &[("a1", 'R')], "b4,b5");
    assert!(r.contains("no King"), "{r}");
    let p = build(ChessT, &[("e1", 'K'), ("a8", 'r')], "b4,b5", 'b');
    assert!(p.outcome().is_some());
}

#[test]
fn rejects_more_than_three_princes_or_konnets() {
    let four = [("a3", 'P'), ("b3", 'P'), ("c3", 'P'), ("d3", 'P')];
    let mut v = vec![("e1", 'K'), ("e8", 'k')];
    v.extend_from_slice(&four);
    assert!(impossible(ChessT, &v, "b4,b5").contains("3 Princes"));
    let v: Vec<_> = v
        .iter()
        .map(|&(s, c)| (s, if c == 'P' { 'c' } else { c }))
        .map(|(s, c)| {
            if s.ends_with('3') {
                (s.replace('3', "6").leak() as &str, c)
            } else {
                (s, c)
            }
        })
        .collect();
    assert!(impossible(ChessT, &v, "b4,b5").contains("3 Konnets"));
}

#[test]
fn rejects_scouts_in_chess_t_and_unreachable_promotion_states() {
    assert!(
        impossible(ChessT, &[("e1", 'K'), ("e8", 'k'), ("b1", 'S')], "b4,b5").contains("no Scouts")
    );
    assert!(
        impossible(ChessT, &[("e1", 'K'), ("e8", 'k'), ("a6", 'N')], "b4,b5")
            .contains("Ver Knecht")
    );
    assert!(
        impossible(ChessT, &[("e1", 'K'), ("e8", 'k'), ("a8", 'V')], "b4,b5").contains("promoted")
    );
}

#[test]
fn field_errors_name_the_field() {
    let start = ChessT.rules().start;
    let cases = [
        (start.replace(" w ", " x "), "side to move"),
        (start.replace("b4,b5", "b4"), "impregnable fields"),
        (start.replace("b4,b5", "b4,z9"), "impregnable fields"),
        (start.replace(" - ", " Q "), "Konnet flags"),
        (start.replace(" 0 1", " -1 1"), "half-move clock"),
        (start.replace(" 0 1", " 0 0"), "move number"),
        (start.replace("R2PKP2R", "R2PKP3R"), "board"),
        (start.replace("R2PKP2R", "R2PKP2X"), "board"),
        (start.replace("9/9/", "9/"), "board"),
    ];
    for (text, field) in cases {
        match rejected(ChessT, &text) {
            PositionError::Field { field: f, .. } => assert_eq!(f, field, "{text}"),
            e => panic!("{text}: {e}"),
        }
    }
    assert!(matches!(
        rejected(ChessT, "9/9 w"),
        PositionError::FieldCount { .. }
    ));
    // chess-T1 has no impregnable fields; Chess-T requires them.
    let t1 = ChessT1.rules().start.replace(" - - ", " b4,b5 - ");
    assert!(matches!(
        rejected(ChessT1, &t1),
        PositionError::Field { .. }
    ));
    let t = ChessT2.rules().start.replace("b4,b5", "-");
    assert!(matches!(rejected(ChessT2, &t), PositionError::Field { .. }));
}

#[test]
fn moves_accept_colon_and_print_dash() {
    let p = build(
        ChessT,
        &[
            ("i1", 'K'),
            ("i8", 'k'),
            ("c1", 'R'),
            ("c2", 'N'),
            ("c4", 'n'),
        ],
        "b4,b5",
        'w',
    );
    let m = p.parse_move("c1:c4").unwrap();
    assert_eq!(p.format_move(m), "c1-c4");
    assert_eq!(p.parse_move("c1-c4"), Ok(m));
}

#[test]
fn automatic_promotion_suffix_is_optional_choices_are_not() {
    let p = build(
        ChessT,
        &[("i1", 'K'), ("i8", 'k'), ("e5", 'N'), ("a7", 'V')],
        "b4,b5",
        'w',
    );
    let m = p.parse_move("e5-e6").unwrap();
    assert_eq!(p.format_move(m), "e5-e6=V");
    assert_eq!(p.parse_move("e5-e6=V"), Ok(m));
    assert!(matches!(
        p.parse_move("a7-a8"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(p.parse_move("a7-a8=C").is_ok());
    assert!(matches!(
        p.parse_move("a7-a8=K"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn move_errors_are_typed() {
    let p = Position::start(ChessT);
    assert!(matches!(
        p.parse_move("e2e4"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        p.parse_move("e2-e4=Q"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        p.parse_move("e2-z4"),
        Err(MoveError::Square { .. })
    ));
    assert!(matches!(
        p.parse_move("e4-e5"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("e7-e6"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("e2-e6"),
        Err(MoveError::Illegal { .. })
    ));
    let over = build(ChessT, &[("e1", 'K'), ("a8", 'r')], "b4,b5", 'w');
    assert!(matches!(
        over.parse_move("e1-e2"),
        Err(MoveError::GameOver(_))
    ));
}

#[test]
fn diagram_marks_castles_and_fields() {
    let d = Position::start(ChessT).diagram();
    assert!(
        d.contains("(P K P)") && d.contains("(C)") && d.contains(" * "),
        "{d}"
    );
    assert_eq!(d.lines().last(), Some("white to move"), "{d}");
}

/// `Display` writes the notation, with the rule set's name in front for Chess-T2 and
/// chess-T1; `FromStr` reads it back under the same rules, after a few random moves too.
#[test]
fn display_and_from_str_keep_the_rule_set() {
    use crate::{START, START_T1, START_T2};
    for (v, start, prefix) in [
        (ChessT, START, ""),
        (ChessT2, START_T2, "chess-t2 "),
        (ChessT1, START_T1, "chess-t1 "),
    ] {
        let mut p = Position::new(v);
        assert_eq!(p.notation(), start);
        for _ in 0..6 {
            let text = p.to_string();
            assert_eq!(text, format!("{prefix}{}", p.notation()));
            let again: Position = format!("  {text}\n").parse().expect("reads back");
            assert_eq!(again, p);
            assert_eq!(again.variant(), v);
            let mut ml = crate::MoveList::new();
            p.legal_moves(&mut ml);
            let m = ml[ml.len() / 2];
            p.play(m);
        }
        // The rule set may be named for Chess-T too.
        let named: Position = format!("{} {start}", v.name()).parse().expect("named");
        assert_eq!(named, Position::new(v));
    }
    assert_eq!(Position::default(), Position::new(ChessT));
}

/// Without a name the text is Chess-T: a chess-T1 board is then the wrong shape, and a
/// name that is no rule set is a typed error naming the field.
#[test]
fn from_str_reads_chess_t_unless_named() {
    let e = crate::START_T1.parse::<Position>().unwrap_err();
    assert!(
        matches!(e, PositionError::Field { field: "board", .. }),
        "{e}"
    );
    let e = format!("chess-t9 {}", crate::START)
        .parse::<Position>()
        .unwrap_err();
    match e {
        PositionError::Field { field, text, .. } => {
            assert_eq!((field, text.as_str()), ("rule set", "chess-t9"));
        }
        e => panic!("not a field error: {e}"),
    }
    // A Scout is impossible in Chess-T, so a Chess-T2 start without its name is rejected.
    assert!(crate::START_T2.parse::<Position>().is_err());
}

/// With the `serde` feature a position serializes as its `Display` text.
#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_display_text() {
    for v in Variant::ALL {
        let p = Position::new(v);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, format!("\"{p}\""));
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
    }
    assert!(serde_json::from_str::<Position>("\"chess-t 9/9 w\"").is_err());
}

/// Squares read back from their names, the same name the same square in every rule set;
/// every legal move along a few games of each rule set prints as `format_move` does, reads
/// back without a position and resolves to itself; its typed squares name its text.
#[test]
fn squares_and_move_text_round_trip() {
    use crate::{Move, Square};
    for sq in Square::ALL {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }
    assert_eq!(Square::COUNT, 72);
    assert!("j1".parse::<Square>().is_err());
    for v in Variant::ALL {
        let mut p = Position::new(v);
        for ply in 0..40 {
            let mut moves = crate::MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                let text = m.to_string();
                assert_eq!(text, p.format_move(m), "{v}");
                let read: Move = text.parse().expect("reads without a position");
                assert_eq!(p.resolve(read), Some(m), "{v} {text}");
                assert_eq!(p.piece_at(m.from()), p.piece_on(m.origin()), "{v} {text}");
                assert_eq!(p.strength(m.to()), p.strength_on(m.target()), "{v} {text}");
            }
            p.play(moves[(ply * 7919) % moves.len()]);
        }
        // The impregnable fields are b4 and b5 where the rule set has them.
        let fields = [Color::White, Color::Black].map(|c| Position::new(v).impregnable_field(c));
        let want = (v != ChessT1).then(|| ["b4", "b5"].map(|n| n.parse::<Square>().unwrap()));
        assert_eq!(fields[0].zip(fields[1]).map(|(a, b)| [a, b]), want, "{v}");
    }
    // File i is off chess-T1's board.
    let i1: Square = "i1".parse().unwrap();
    assert_eq!(Position::new(ChessT1).piece_at(i1), None);
    assert_eq!(
        Position::new(ChessT).piece_at(i1).map(|p| p.letter()),
        Some('R')
    );
    assert!("e2-e4=Q".parse::<Move>().is_err());
    #[cfg(feature = "serde")]
    {
        let m: Move = "e2-e5".parse().unwrap();
        assert_eq!(serde_json::to_string(&m).unwrap(), "\"e2-e5\"");
        assert_eq!(serde_json::to_string(&i1).unwrap(), "\"i1\"");
    }
}
