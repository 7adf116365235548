//! One test per rule of `docs/rules/regicide.md`, named after the rule, citing the seed
//! section (§, see the table at the top of the rules document) and the ruling.

mod common;

use common::{build, moves_of, play};
use fairy_kernel::{Color, Game, GameRecord, MoveError, Outcome, PositionError, Reason};
use fairy_regicide::{
    field_color, front_of_square, is_light, parse_square, FieldColor, Piece, Position, Role,
};

fn s(name: &str) -> fairy_regicide::Square {
    parse_square(name).unwrap()
}

fn has(p: &Position, mv: &str) -> bool {
    moves_of(p).iter().any(|m| m == mv)
}

// ---------------------------------------------------------------- board (seed §2; R1)

#[test]
fn r1_board_is_24_by_12_with_three_fronts_of_eight_files() {
    assert_eq!(parse_square("x12").map(|s| s.index()), Ok(287));
    assert_eq!(fairy_regicide::Square::COUNT, 288);
    assert!(parse_square("y1").is_err() && parse_square("a13").is_err());
    for (sq, front) in [
        ("a1", 1),
        ("h12", 1),
        ("i1", 2),
        ("p7", 2),
        ("q1", 3),
        ("x12", 3),
    ] {
        assert_eq!(front_of_square(s(sq)), front, "{sq}");
    }
    assert_eq!(fairy_regicide::Square::new(288), None);
}

#[test]
fn r1_z_is_read_as_x() {
    assert_eq!(parse_square("z12"), parse_square("x12"));
    let mut p = Position::start(());
    play(&mut p, &["d9-d8", "l9-l8"]);
    assert_eq!(p.parse_move("z11-z10"), p.parse_move("x11-x10"));
    assert!(p.parse_move("z11-z10").is_ok());
}

#[test]
fn r1_lower_right_corner_x1_is_light_and_fields_are_coloured() {
    assert!(is_light(s("x1")));
    assert!(!is_light(s("a1")));
    assert!(is_light(s("e12")) && is_light(s("m12")) && is_light(s("u12")));
    assert!(!is_light(s("e1")));
    assert_eq!(field_color(s("a1")), FieldColor::Yellow);
    assert_eq!(field_color(s("d6")), FieldColor::Black);
    assert_eq!(field_color(s("h12")), FieldColor::Yellow);
    assert_eq!(field_color(s("i1")), FieldColor::Blue);
    assert_eq!(field_color(s("m7")), FieldColor::Red);
    assert_eq!(field_color(s("p12")), FieldColor::Green);
    assert_eq!(field_color(s("q1")), FieldColor::Green);
    assert_eq!(field_color(s("x12")), FieldColor::Blue);
}

// ---------------------------------------------------------------- setup (seed §4; R2, R3)

#[test]
fn r2_setup_three_armies_with_the_pawn_wedge() {
    let p = Position::start(());
    let at = |n: &str| p.piece_at(s(n));
    let piece = |color, role| Some(Piece { color, role });
    for f in ["d", "l", "t"] {
        assert_eq!(at(&format!("{f}1")), piece(Color::Black, Role::Prince));
        assert_eq!(at(&format!("{f}12")), piece(Color::White, Role::Prince));
    }
    for f in ["e", "m", "u"] {
        assert_eq!(at(&format!("{f}12")), piece(Color::White, Role::Queen));
    }
    // The seed's repeated "X" are v (bishop) and w (knight) (R2, G4).
    assert_eq!(at("v1"), piece(Color::Black, Role::Bishop));
    assert_eq!(at("w12"), piece(Color::White, Role::Knight));
    for sq in ["a2", "b3", "c4", "f4", "g3", "h2", "i2", "p2", "q2", "x2"] {
        assert_eq!(at(sq), piece(Color::Black, Role::Pawn), "{sq}");
    }
    for sq in ["a11", "b10", "c9", "f9", "g10", "h11", "w10", "x11"] {
        assert_eq!(at(sq), piece(Color::White, Role::Pawn), "{sq}");
    }
    assert_eq!(p.pieces(Color::White).count(), 48);
    assert_eq!(p.pieces(Color::Black).count(), 48);
}

#[test]
fn r3_white_moves_first_toward_rank_1() {
    let p = Position::start(());
    assert_eq!(p.side_to_move(), Color::White);
    assert!(has(&p, "d9-d8") && has(&p, "a11-a10"));
    assert!(!has(&p, "d9-d10"));
}

// ---------------------------------------------------------------- the turn (seed §5; R4)

#[test]
fn r4_a_turn_is_one_sub_move_per_front_in_order() {
    let mut p = Position::start(());
    assert!(moves_of(&p)
        .iter()
        .all(|m| front_of_square(s(m.split('-').next().unwrap())) == 1));
    play(&mut p, &["d9-d7"]);
    assert_eq!(
        (p.side_to_move(), p.front(), p.turn_passed()),
        (Color::White, 2, false)
    );
    assert!(moves_of(&p)
        .iter()
        .all(|m| front_of_square(s(m.split('-').next().unwrap())) == 2));
    play(&mut p, &["l9-l7"]);
    assert_eq!((p.side_to_move(), p.front()), (Color::White, 3));
    play(&mut p, &["t9-t7"]);
    assert_eq!(
        (p.side_to_move(), p.front(), p.turn_passed()),
        (Color::Black, 1, true)
    );
}

#[test]
fn r4_a_piece_that_crossed_into_the_next_front_cannot_move_again_this_turn() {
    let mut p = Position::start(());
    play(&mut p, &["f12-n4"]); // bishop of front I captures on front II
    assert_eq!(p.front(), 2);
    assert!(moves_of(&p).iter().all(|m| !m.starts_with("n4-")));
    assert!(
        matches!(p.parse_move("n4-m5"), Err(MoveError::Illegal { reason, .. }) if reason.contains("already moved"))
    );
    // Next turn it belongs to front II.
    play(&mut p, &["l9-l8", "t9-t8", "d4-d5", "l4-l5", "t4-t5"]);
    assert_eq!((p.side_to_move(), p.front()), (Color::White, 1));
    play(&mut p, &["d9-d8"]);
    assert!(has(&p, "n4-m5"));
}

#[test]
fn r4_a_front_without_own_pieces_is_skipped() {
    let p = build(
        &[
            ("a12", 'K'),
            ("b12", 'N'),
            ("x12", 'K'),
            ("a1", 'k'),
            ("p1", 'k'),
        ],
        "w 1 - - - 0 1",
    );
    let mut q = p.clone();
    play(&mut q, &["b12-c10"]);
    assert_eq!((q.side_to_move(), q.front()), (Color::White, 3));
    play(&mut q, &["x12-x11"]);
    assert_eq!(
        (q.side_to_move(), q.front(), q.turn_passed()),
        (Color::Black, 1, true)
    );
}

#[test]
fn r4_a_front_whose_pieces_cannot_move_is_skipped_and_the_turn_may_start_later() {
    // White's only piece on front I is a blocked pawn: the turn starts on front II.
    let p = build(
        &[
            ("a9", 'P'),
            ("a8", 'p'),
            ("k12", 'K'),
            ("l12", 'K'),
            ("x1", 'k'),
            ("w1", 'k'),
        ],
        "w 1 - - - 0 1",
    );
    assert_eq!(p.front(), 2);
    assert!(Position::from_notation((), &p.to_notation()).is_ok());
}

// ------------------------------------------------------------- crossing fronts (seed §5; R5)

#[test]
fn r5_pieces_cross_fronts_and_pawns_only_by_capture() {
    let p = build(
        &[
            ("a12", 'K'),
            ("h6", 'R'),
            ("h9", 'P'),
            ("i8", 'n'),
            ("x12", 'K'),
            ("x1", 'k'),
        ],
        "w 1 - - - 0 1",
    );
    let m = moves_of(&p);
    assert!(
        m.contains(&"h6-x6".to_string()),
        "a rook crosses two fronts"
    );
    assert!(
        m.contains(&"h9-i8".to_string()),
        "a pawn crosses by capture"
    );
    assert!(m.contains(&"h9-h8".to_string()));
    assert!(!m.iter().any(|x| x.starts_with("h9-i") && x != "h9-i8"));
}

// ---------------------------------------------------------------- prince (seed §3.1, §6; R6)

#[test]
fn r6_prince_steps_one_square_in_any_direction() {
    let p = build(&[("l6", 'K'), ("x12", 'K'), ("a1", 'k')], "w 1 - - - 0 1");
    // front I has no white piece; front II: the prince.
    assert_eq!(
        moves_of(&p),
        ["l6-k5", "l6-k6", "l6-k7", "l6-l5", "l6-l7", "l6-m5", "l6-m6", "l6-m7"]
    );
}

#[test]
fn r6_prince_cannot_capture_a_queen_or_a_prince() {
    let p = build(
        &[
            ("l6", 'K'),
            ("l7", 'q'),
            ("m7", 'k'),
            ("k7", 'r'),
            ("x12", 'K'),
            ("a1", 'k'),
        ],
        "w 1 - - - 0 1",
    );
    let m = moves_of(&p);
    assert!(m.contains(&"l6-k7".to_string()));
    assert!(!m.contains(&"l6-l7".to_string()));
    assert!(!m.contains(&"l6-m7".to_string()));
}

#[test]
fn r6_r13_a_prince_gives_no_check_and_its_neighbours_are_not_attacked() {
    // The last white prince may step next to the enemy prince (it attacks nothing).
    let p = build(&[("l6", 'K'), ("l8", 'k'), ("a1", 'k')], "w 1 - - - 0 1");
    assert!(has(&p, "l6-l7"));
    assert!(!p.is_attacked(s("l7"), Color::Black));
}

// ---------------------------------------------------------------- legality (seed §3.1; R7)

#[test]
fn r7_with_several_princes_a_sub_move_may_leave_a_prince_attacked() {
    let p = build(
        &[
            ("d12", 'K'),
            ("d11", 'N'),
            ("d1", 'r'),
            ("x12", 'K'),
            ("a1", 'k'),
        ],
        "w 1 - - - 0 1",
    );
    assert!(
        has(&p, "d11-f10"),
        "the knight may unmask the rook on a prince"
    );
}

#[test]
fn r7_the_last_prince_may_not_be_left_attacked() {
    let p = build(
        &[("d12", 'K'), ("d11", 'N'), ("d1", 'r'), ("a1", 'k')],
        "w 1 - - - 0 1",
    );
    let m = moves_of(&p);
    assert!(
        !m.iter().any(|x| x.starts_with("d11-")),
        "the knight is pinned: {m:?}"
    );
    assert!(m.contains(&"d12-c12".to_string()));
    assert!(!m.contains(&"d12-d11".to_string()));
}

#[test]
fn r7_a_sacrificed_prince_is_captured_like_any_piece() {
    let mut p = build(
        &[
            ("d12", 'K'),
            ("x12", 'K'),
            ("d1", 'r'),
            ("a1", 'k'),
            ("c2", 'p'),
        ],
        "b 1 - - - 0 1",
    );
    play(&mut p, &["d1-d12"]);
    assert_eq!(p.prince_count(Color::White), 1);
}

// ---------------------------------------------------------------- end (seed §1, §7; R8, R16)

#[test]
fn r8a_checkmate_of_the_last_prince_loses() {
    // Black's last prince a1, rooks on b12 (file b) and h2... mate: rook a-file, rook b-file.
    let p = build(
        &[("a1", 'k'), ("a12", 'R'), ("b12", 'R'), ("x12", 'K')],
        "b 1 - - - 0 1",
    );
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
    assert!(moves_of(&p).is_empty());
}

#[test]
fn r8a_check_that_can_be_answered_on_a_later_front_is_not_mate() {
    // The black prince on a1 is in check from the rooks a12 and b12 and every square it
    // can step to is attacked; front II is empty; the rook x3 on front III can block the
    // a-file (x3-a3) or capture White's last prince (x3-x12), which wins at once (R16).
    let p = build(
        &[
            ("a1", 'k'),
            ("a12", 'R'),
            ("b12", 'R'),
            ("x12", 'K'),
            ("x3", 'r'),
        ],
        "b 1 - - - 0 1",
    );
    // R7: the prince may step into or stay in check on front I, because the turn can
    // still be completed: the rook captures White's last prince on front III.
    assert_eq!(p.front(), 1);
    assert_eq!(moves_of(&p), ["a1-a2", "a1-b1", "a1-b2"]);
    assert_eq!(p.outcome(), None);
    let mut q = p.clone();
    play(&mut q, &["a1-b1"]);
    assert_eq!(q.front(), 3);
    // From b1 the b-file can be blocked on b3; the a-file block no longer helps.
    assert_eq!(moves_of(&q), ["x3-b3", "x3-x12"]);
}

/// White to move with two princes, both attacked, no way to save either in this turn:
/// mated simultaneously (R8(b); seed §7 «двум поставлен мат»).
#[test]
fn r8b_simultaneous_mate_of_two_princes() {
    let p = build(
        &[
            ("a12", 'K'),
            ("x12", 'K'),
            ("a1", 'r'),
            ("b1", 'r'),
            ("x1", 'r'),
            ("w1", 'r'),
            ("l1", 'k'),
        ],
        "w 1 - - - 0 1",
    );
    assert!(!moves_of(&p).is_empty(), "R17: moves are still listed");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::SimultaneousMate
        })
    );
}

#[test]
fn r8b_not_mate_when_some_sequence_of_sub_moves_saves_a_prince() {
    // As above, but a white knight on front II can block the x-file... from m2 it reaches
    // no x-square; give White a rook on front II that can interpose on x-file: p5-x5.
    let p = build(
        &[
            ("a12", 'K'),
            ("x12", 'K'),
            ("a1", 'r'),
            ("b1", 'r'),
            ("x1", 'r'),
            ("w1", 'r'),
            ("l1", 'k'),
            ("p5", 'R'),
        ],
        "w 1 - - - 0 1",
    );
    assert_eq!(p.outcome(), None);
    let mut q = p.clone();
    play(&mut q, &["a12-a11"]);
    assert!(has(&q, "p5-x5"));
}

#[test]
fn r8_stalemate_is_a_draw() {
    let p = build(&[("a1", 'k'), ("b3", 'Q'), ("x12", 'K')], "b 1 - - - 0 1");
    assert!(moves_of(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn r8_only_princes_left_is_a_draw() {
    let p = build(&[("a1", 'k'), ("c5", 'K'), ("x12", 'K')], "w 1 - - - 0 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Reason::RoyalsOnly
        })
    );
    // A pawn is material: not a draw.
    let q = build(
        &[("a1", 'k'), ("c5", 'K'), ("x12", 'K'), ("h5", 'p')],
        "w 1 - - - 0 1",
    );
    assert_eq!(q.outcome(), None);
}

#[test]
fn r16_check_on_one_front_then_capture_of_the_last_prince_on_a_later_front_wins() {
    // Front I: the knight e5 moves away and unmasks the rook a5 on Black's last prince l5;
    // front II: the rook p5 captures it.
    let mut r = build(
        &[
            ("x12", 'K'),
            ("a5", 'R'),
            ("e5", 'N'),
            ("l5", 'k'),
            ("p5", 'R'),
        ],
        "w 1 - - - 0 1",
    );
    play(&mut r, &["e5-f7"]);
    assert!(r.is_attacked(s("l5"), Color::White));
    assert!(has(&r, "p5-l5"));
    play(&mut r, &["p5-l5"]);
    assert_eq!(r.prince_count(Color::Black), 0);
    assert_eq!(r.side_to_move(), Color::Black);
    assert!(
        moves_of(&r).is_empty(),
        "a side with no prince has no legal move"
    );
    assert_eq!(
        r.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::KingCaptured
        })
    );
    // The finished position reads back (implementation decision in the rules document).
    assert_eq!(
        Position::from_notation((), &r.to_notation()).as_ref(),
        Ok(&r)
    );
}

// ---------------------------------------------------------------- castling (seed §5; R9, R13)

fn castle_position(extra: &[(&str, char)]) -> Position {
    let mut pieces = vec![
        ("a12", 'R'),
        ("d12", 'K'),
        ("h12", 'R'),
        ("x12", 'K'),
        ("x1", 'k'),
        ("w1", 'k'),
    ];
    pieces.extend_from_slice(extra);
    build(&pieces, "w 1 AH - - 0 1")
}

#[test]
fn r9_castling_both_ways_prince_two_squares_rook_on_the_crossed_square() {
    let p = castle_position(&[]);
    assert!(has(&p, "d12-b12") && has(&p, "d12-f12"));
    let mut q = p.clone();
    play(&mut q, &["d12-f12"]);
    assert_eq!(q.piece_at(s("f12")).map(|x| x.role), Some(Role::Prince));
    assert_eq!(q.piece_at(s("e12")).map(|x| x.role), Some(Role::Rook));
    assert!(q.piece_at(s("h12")).is_none());
    assert!(!q.can_castle(Color::White, 1, false) && !q.can_castle(Color::White, 1, true));
    let mut r = p.clone();
    play(&mut r, &["d12-b12"]);
    assert_eq!(r.piece_at(s("c12")).map(|x| x.role), Some(Role::Rook));
    assert!(
        r.to_notation().contains(" b12,c12 "),
        "both pieces moved: {}",
        r.to_notation()
    );
}

#[test]
fn r9_castling_through_an_attacked_square_is_refused() {
    // e12 (crossed on the h-side) attacked by a black rook on e1.
    let p = castle_position(&[("e5", 'r')]);
    assert!(!has(&p, "d12-f12"));
    assert!(has(&p, "d12-b12"));
}

#[test]
fn r9_castling_out_of_check_or_onto_an_attacked_square_is_refused() {
    let p = castle_position(&[("d5", 'r')]);
    assert!(!has(&p, "d12-f12") && !has(&p, "d12-b12"));
    let q = castle_position(&[("b5", 'r')]);
    assert!(!has(&q, "d12-b12") && has(&q, "d12-f12"));
}

#[test]
fn r9_castling_needs_empty_squares_and_unmoved_pieces_once_per_prince() {
    let p = castle_position(&[("g12", 'N')]);
    assert!(!has(&p, "d12-f12") && has(&p, "d12-b12"));
    let mut q = castle_position(&[("a2", 'p')]);
    play(&mut q, &["d12-d11"]);
    assert!(!q.can_castle(Color::White, 1, false));
}

#[test]
fn r13_an_enemy_prince_does_not_prevent_castling() {
    let p = castle_position(&[("e11", 'k')]);
    assert!(has(&p, "d12-f12"));
}

// ---------------------------------------------------------------- pawns (seed §3.6, §6; R10, R14)

#[test]
fn r10_r14_double_step_from_any_wedge_square() {
    let p = build(
        &[
            ("b10", 'P'),
            ("e8", 'P'),
            ("a12", 'K'),
            ("x12", 'K'),
            ("x1", 'k'),
        ],
        "w 1 - - - 0 1",
    );
    let m = moves_of(&p);
    assert!(m.contains(&"b10-b8".to_string()));
    assert!(!m.contains(&"e8-e6".to_string()));
    // R14: a pawn that captured from a11 onto b10 stands on a wedge square but has moved:
    // it may not double-step, and the ninth notation field records it.
    let mut q = build(
        &[
            ("a11", 'P'),
            ("b10", 'n'),
            ("a12", 'K'),
            ("x12", 'K'),
            ("x1", 'k'),
            ("m5", 'K'),
        ],
        "w 1 - - - 0 1",
    );
    play(&mut q, &["a11-b10", "m5-m4", "x12-x11", "x1-x2"]);
    assert!(has(&q, "b10-b9"));
    assert!(!has(&q, "b10-b8"));
    assert!(q.to_notation().ends_with(" b10"), "{}", q.to_notation());
}

#[test]
fn r10_en_passant_on_a_later_sub_move_of_the_next_turn_only() {
    // White double-steps on front III (s9-s7); Black captures from t7 on its third sub-move.
    let mut p = build(
        &[
            ("s9", 'P'),
            ("t7", 'p'),
            ("a12", 'K'),
            ("a1", 'k'),
            ("i1", 'k'),
            ("h12", 'K'),
        ],
        "w 1 - - - 0 1",
    );
    play(&mut p, &["a12-b12", "s9-s7"]);
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.to_notation().split(' ').nth(4), Some("s8"));
    play(&mut p, &["a1-b1", "i1-j1"]);
    assert_eq!(p.front(), 3);
    assert!(has(&p, "t7-s8"));
    let mut q = p.clone();
    play(&mut q, &["t7-s8"]);
    assert!(
        q.piece_at(s("s7")).is_none(),
        "the double-stepped pawn is removed"
    );
    // Declining it: the right is gone after Black's turn.
    play(&mut p, &["t7-t8"]);
    assert_eq!(p.to_notation().split(' ').nth(4), Some("-"));
}

#[test]
fn r10_promotion_to_queen_rook_bishop_or_knight_never_prince() {
    let p = build(
        &[("c2", 'P'), ("a12", 'K'), ("x12", 'K'), ("x1", 'k')],
        "w 1 - - - 0 1",
    );
    let m: Vec<String> = moves_of(&p)
        .into_iter()
        .filter(|x| x.starts_with("c2"))
        .collect();
    assert_eq!(m, ["c2-c1=B", "c2-c1=N", "c2-c1=Q", "c2-c1=R"]);
    assert!(p.parse_move("c2-c1=K").is_err());
    assert!(p.parse_move("c2-c1").is_err());
    assert!(
        p.parse_move("c2-c1=q").is_ok(),
        "lower case accepted on input"
    );
    let b = build(
        &[("c11", 'p'), ("a12", 'K'), ("x12", 'K'), ("x1", 'k')],
        "b 1 - - - 0 1",
    );
    assert!(has(&b, "c11-c12=Q"), "upper case for Black too (R17)");
}

// ---------------------------------------------------------------- notation (R11, R12, R15, R17)

#[test]
fn r11_r17_move_notation() {
    let p = Position::start(());
    let m = p.parse_move("f12-n4").unwrap();
    assert_eq!(p.format_move(m), "f12-n4", "captures are written with -");
    assert_eq!(p.parse_move("f12:n4"), Ok(m));
    assert!(matches!(
        p.parse_move("f12n4"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(matches!(
        p.parse_move("f12-y4"),
        Err(MoveError::Square { .. })
    ));
    assert!(matches!(
        p.parse_move("l9-l8"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn r12_r15_position_notation_mid_turn() {
    let mut p = Position::start(());
    play(&mut p, &["f12-n4"]);
    let t = p.to_notation();
    assert!(t.ends_with(" w 2 AHIPQXahipqx - n4 0 1"), "{t}");
    play(&mut p, &["l9-l7"]);
    assert!(
        p.to_notation().ends_with(" w 3 AHIPQXahipqx l8 n4,l7 0 1"),
        "{}",
        p.to_notation()
    );
    play(&mut p, &["t9-t8"]);
    assert!(
        p.to_notation().ends_with(" b 1 AHIPQXahipqx l8 - 0 1"),
        "{}",
        p.to_notation()
    );
}

#[test]
fn r17_half_move_clock_counts_sub_moves_and_turn_number_follows_black() {
    let mut p = Position::start(());
    play(&mut p, &["b12-a10", "j12-i10", "r12-q10"]);
    assert_eq!((p.half_move_clock(), p.turn_number()), (3, 1));
    play(&mut p, &["b1-a3", "j1-i3", "r1-q3"]);
    assert_eq!((p.half_move_clock(), p.turn_number()), (6, 2));
    play(&mut p, &["d9-d8"]);
    assert_eq!(p.half_move_clock(), 0);
}

// ---------------------------------------------------------------- repetition (seed §7; G1)

#[test]
fn g1_threefold_repetition_is_a_draw() {
    let start = build(
        &[("a12", 'K'), ("h12", 'N'), ("a1", 'k'), ("h1", 'n')],
        "w 1 - - - 0 1",
    );
    let mut rec = GameRecord::new(start);
    for _ in 0..2 {
        for mv in ["h12-g10", "h1-g3", "g10-h12", "g3-h1"] {
            assert_eq!(rec.outcome(), None);
            rec.play_text(mv).unwrap();
        }
    }
    assert_eq!(
        rec.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
}

// ---------------------------------------------------------------- rejected positions (section 8)

fn reject(text: &str) -> PositionError {
    Position::from_notation((), text).expect_err(text)
}

#[test]
fn impossible_positions_are_rejected_with_a_reason() {
    let b = |pieces: &[(&str, char)]| common::board_text(pieces);
    let e = reject(&format!("{} w 1 - - - 0 1", b(&[("a12", 'K')])));
    assert!(
        matches!(e, PositionError::Impossible { ref reason } if reason.contains("no prince")),
        "{e}"
    );
    let e = reject(&format!(
        "{} w 1 - - - 0 1",
        b(&[
            ("a12", 'K'),
            ("b12", 'K'),
            ("c12", 'K'),
            ("d12", 'K'),
            ("a1", 'k')
        ])
    ));
    assert!(e.to_string().contains("4 princes"), "{e}");
    let e = reject(&format!(
        "{} w 1 - - - 0 1",
        b(&[("a12", 'K'), ("b12", 'P'), ("a1", 'k')])
    ));
    assert!(e.to_string().contains("pawn"), "{e}");
    let e = reject(&format!(
        "{} w 1 - - - 0 1",
        b(&[("a12", 'K'), ("b1", 'p'), ("a1", 'k')])
    ));
    assert!(e.to_string().contains("pawn"), "{e}");
    let e = reject(&format!(
        "{} w 1 - - a12 0 1",
        b(&[("a12", 'K'), ("a1", 'k')])
    ));
    assert!(e.to_string().contains("front I (field 3: 1)"), "{e}");
    let e = reject(&format!(
        "{} w 2 - - - 0 1",
        b(&[("a12", 'K'), ("a1", 'k')])
    ));
    assert!(e.to_string().contains("would have been played"), "{e}");
    let e = reject(&format!(
        "{} w 2 - - a1 0 1",
        b(&[("a12", 'K'), ("a1", 'k')])
    ));
    assert!(e.to_string().contains("moved piece"), "{e}");
    let e = reject(&format!(
        "{} w 1 A - - 0 1",
        b(&[("d12", 'K'), ("a1", 'k')])
    ));
    assert!(e.to_string().contains("castling"), "{e}");
    let e = reject(&format!(
        "{} w 1 - c5 - 0 1",
        b(&[("d12", 'K'), ("a1", 'k')])
    ));
    assert!(e.to_string().contains("en-passant"), "{e}");
}

#[test]
fn malformed_fields_are_named() {
    let start = Position::start(()).to_notation();
    let with = |i: usize, v: &str| {
        let mut f: Vec<&str> = start.split(' ').collect();
        f[i] = v;
        f.join(" ")
    };
    for (i, v, name) in [
        (1, "x", "side to move"),
        (2, "4", "front to move"),
        (3, "AHZ", "castling rights"),
        (4, "a0", "en passant"),
        (5, "k", "moved pieces"),
        (6, "-1", "half-move clock"),
        (7, "0", "turn number"),
        (0, "24/24", "board"),
    ] {
        match reject(&with(i, v)) {
            PositionError::Field { field, .. } => assert_eq!(field, name),
            e => panic!("{v}: {e}"),
        }
    }
    assert!(matches!(
        reject("a b c"),
        PositionError::FieldCount { found: 3, .. }
    ));
}

#[test]
fn r4_whole_turn_api() {
    let mut p = Position::start(());
    assert!(
        p.play_turn(&["d9-d7", "l9-l7"]).is_err(),
        "front III is still to move"
    );
    assert_eq!(p, Position::start(()), "unchanged after an error");
    p.play_turn(&["d9-d7", "l9-l7", "t9-t7"]).unwrap();
    assert_eq!((p.side_to_move(), p.front()), (Color::Black, 1));
    assert!(p.play_turn(&["d4-d5", "l4-l5", "t4-t5", "a2-a3"]).is_err());
    // A one-front turn: White's other fronts are empty.
    let mut q = build(&[("a12", 'K'), ("a1", 'k')], "w 1 - - - 0 1");
    q.play_turn(&["a12-b12"]).unwrap();
    assert_eq!(q.side_to_move(), Color::Black);
}

// ---------------------------------------------------------------- seed statements (§3.4, §3.5)

/// Seed §3.5: «Конь может скакать с белого на любой другой квадрат ... или наоборот» —
/// every knight move changes the square colour; seed §3.4: each bishop keeps to one
/// colour («каждому слону доступна лишь половина доски»).
#[test]
fn seed_knights_change_colour_and_bishops_keep_it() {
    for (piece, changes) in [('N', true), ('B', false)] {
        for from in ["a1", "e5", "l8", "x1", "p1", "i12"] {
            let p = build(
                &[(from, piece), ("a12", 'K'), ("x12", 'K'), ("m1", 'k')],
                "w 1 - - - 0 1",
            );
            let front = front_of_square(s(from));
            // Bring the piece's front to move: play the princes' sub-moves first.
            let mut q = p.clone();
            while q.front() < front && q.side_to_move() == Color::White {
                let m = moves_of(&q)
                    .into_iter()
                    .find(|m| !m.starts_with(from))
                    .unwrap();
                play(&mut q, &[m.as_str()]);
            }
            let targets: Vec<String> = moves_of(&q)
                .into_iter()
                .filter(|m| m.starts_with(&format!("{from}-")))
                .collect();
            assert!(!targets.is_empty(), "{piece} on {from}");
            for m in targets {
                let to = s(m.split('-').nth(1).unwrap());
                assert_eq!(is_light(to) != is_light(s(from)), changes, "{piece} {m}");
            }
        }
    }
}
