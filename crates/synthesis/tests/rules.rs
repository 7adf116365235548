//! One test per rule of docs/rules/synthesis.md, each citing the seed section and ruling.

mod common;

use fairy_kernel::Game as _;
use fairy_synthesis::{Color, Latch, Mode, Position};

fn pos(fen: &str) -> Position {
    Position::from_notation((), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_move_list().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Plays a sequence of moves in long algebraic notation, each checked legal.
fn play(p: &Position, line: &str) -> Position {
    let mut p = *p;
    for t in line.split_whitespace() {
        let m = p
            .parse_move(t)
            .unwrap_or_else(|e| panic!("{t} in {}: {e}", p.to_notation()));
        p = p.after(m);
    }
    p
}

fn has(p: &Position, m: &str) -> bool {
    moves(p).iter().any(|x| x == m)
}

// --- Start (seed §Preparation; S9) ---

#[test]
fn start_position_is_the_orthodox_one_seed_preparation_s9() {
    let p = Position::new();
    assert_eq!(
        p.to_notation(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(p.mode(Color::White), Mode::ClassicHome);
    assert_eq!(p.mode(Color::Black), Mode::ClassicHome);
    assert_eq!(common::perft(&p, 1), 20);
    assert_eq!(common::perft(&p, 2), 400);
}

// --- CLASSIC-HOME (seed §1; S1) ---

#[test]
fn queen_leaving_and_returning_home_switches_mode_both_ways_seed_1_2_s1_s2() {
    // docs/rules/synthesis.md 9.1
    let p = play(&Position::new(), "c2-c3 e7-e6");
    assert_eq!(p.mode(Color::White), Mode::ClassicHome);
    let p = play(&p, "d1-c2");
    assert_eq!(p.mode(Color::White), Mode::Swapped);
    assert_eq!(p.mode(Color::Black), Mode::ClassicHome);
    let p = play(&p, "g8-f6");
    // The SWAPPED queen makes night moves as a knight only.
    assert!(has(&p, "c2-e3"));
    assert!(!has(&p, "c2-d3"));
    let p = play(&p, "c2-e3 f8-e7 e3-d1");
    assert_eq!(p.mode(Color::White), Mode::ClassicHome);
    assert_eq!(p.latch(Color::White), Latch::None);
    assert_eq!(p.castling_rights() & 3, 3, "castling rights kept");
}

#[test]
fn compulsory_pawn_capture_removes_all_other_moves_seed_1_s1() {
    // docs/rules/synthesis.md 9.3: Black, CLASSIC-HOME, must take the queen with the pawn.
    let p = play(&Position::new(), "e2-e4 e7-e5 d1-h5 g7-g6 b1-c3");
    assert_eq!(moves(&p), ["g6-h5"]);
    // Orthodox 1. e4 d5: White must capture.
    let p = play(&Position::new(), "e2-e4 d7-d5");
    assert_eq!(moves(&p), ["e4-d5"]);
}

#[test]
fn compulsory_pawn_capture_free_choice_seed_note_3_s1() {
    // Two pawns can capture, one of them two pieces: all three captures, nothing else.
    let p = pos("4k3/8/8/2n1b3/3P4/6p1/7P/3QK3 w - - 0 1");
    assert_eq!(moves(&p), ["d4-c5", "d4-e5", "h2-g3"]);
}

#[test]
fn compulsory_pawn_capture_includes_en_passant_s1() {
    let p = pos("7k/8/8/3pP3/8/8/8/R2QK3 w - d6 0 1");
    assert_eq!(moves(&p), ["e5-d6"]);
}

#[test]
fn queen_captured_on_home_square_keeps_classic_home_forever_seed_1_s1() {
    // docs/rules/synthesis.md 9.2
    let p = play(&Position::new(), "e2-e4 d7-d6 a2-a3 c8-g4 a3-a4 g4-d1");
    assert_eq!(p.latch(Color::White), Latch::Home);
    assert_eq!(p.mode(Color::White), Mode::ClassicHome);
    let p = play(&p, "e1-d1");
    assert_eq!(
        p.to_notation(),
        "rn1qkbnr/ppp1pppp/3p4/8/P3P3/8/1PPP1PPP/RNBK1BNR b kq - 0 4 H/-"
    );
    // H with no rook and no bishop stays CLASSIC-HOME (S13) and keeps compulsory captures.
    let p = pos("4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1 H/H");
    assert_eq!(p.mode(Color::White), Mode::ClassicHome);
    assert_eq!(moves(&p), ["e3-d4"]);
}

// --- SWAPPED (seed §2; S2) ---

#[test]
fn swapped_rook_bishop_queen_king_moves_seed_2_1_to_2_4_s2() {
    let p = pos("7k/8/8/8/4Q3/8/8/R1B1K3 w - - 0 1");
    assert_eq!(p.mode(Color::White), Mode::Swapped);
    let m = moves(&p);
    // Rook a1: night moves as a bishop.
    for s in ["b2", "c3", "d4", "e5", "f6", "g7"] {
        assert!(m.contains(&format!("a1-{s}")), "a1-{s}");
    }
    assert!(!m.contains(&"a1-a2".to_string()));
    assert!(!m.contains(&"a1-b1".to_string()));
    // Bishop c1: night moves as a rook.
    for s in ["b1", "d1", "c2", "c8"] {
        assert!(m.contains(&format!("c1-{s}")), "c1-{s}");
    }
    assert!(!m.contains(&"c1-d2".to_string()));
    // Queen e4: night moves as a knight.
    for s in ["d2", "f2", "c3", "g3", "c5", "g5", "d6", "f6"] {
        assert!(m.contains(&format!("e4-{s}")), "e4-{s}");
    }
    assert!(!m.contains(&"e4-e5".to_string()));
    // King: no night move while not in check.
    assert!(!m.iter().any(|x| x.starts_with("e1-")));
    assert_eq!(m.len(), 6 + 9 + 8);
}

#[test]
fn swapped_pieces_capture_orthodox_seed_2_s2() {
    // Rook captures as a rook, bishop as a bishop, queen as a queen, king as a king.
    let p = pos("7k/8/r7/8/4Q1n1/8/1p6/R1B1Kn2 w - - 0 1");
    let m = moves(&p);
    for x in ["a1-a6", "c1-b2", "e4-g4", "e1-f1"] {
        assert!(m.contains(&x.to_string()), "{x}");
    }
}

#[test]
fn swapped_king_night_move_only_in_check_seed_2_4_s2() {
    let p = pos("4r2k/8/8/8/6Q1/8/8/R3K3 w - - 0 1");
    assert!(p.in_check(Color::White));
    assert!(has(&p, "e1-d2"));
    assert!(has(&p, "e1-f1"));
}

#[test]
fn swapped_side_never_castles_s2() {
    // White has no queen at all and reads as H: it castles.
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(has(&p, "e1-g1"));
    let p = pos("4k3/8/8/8/7Q/8/8/R3K2R w KQ - 0 1");
    assert_eq!(p.mode(Color::White), Mode::Swapped);
    assert!(!has(&p, "e1-g1") && !has(&p, "e1-c1"));
    // Back home, castling is available again (rights were kept).
    let p = pos("4k3/8/8/8/8/8/8/R2QK2R w KQ - 0 1");
    assert!(has(&p, "e1-g1"));
}

#[test]
fn swapped_pawn_captures_not_compulsory_seed_2_5_s2() {
    let p = pos("4k3/8/8/8/3p4/4P3/8/R3K2Q w - - 0 1");
    assert_eq!(p.mode(Color::White), Mode::Swapped);
    assert!(has(&p, "e3-d4") && has(&p, "e3-e4"));
}

// --- BEREFT (seed §3; S3, S13) ---

#[test]
fn queen_captured_away_from_home_makes_bereft_seed_3_s3() {
    // docs/rules/synthesis.md 9.3
    let p = play(&Position::new(), "e2-e4 e7-e5 d1-h5 g7-g6 b1-c3 g6-h5");
    assert_eq!(p.latch(Color::White), Latch::Bereft(32));
    assert!(p.to_notation().ends_with(" B32/-"));
}

#[test]
fn bereft_rook_and_bishop_night_moves_are_one_step_seed_3_1_3_2_s3() {
    let p = pos("7k/8/8/8/8/8/8/R1B1K3 w - - 0 1 B32/H");
    assert_eq!(moves(&p), ["a1-b2", "c1-b1", "c1-c2", "c1-d1"]);
    // Captures stay orthodox.
    let p = pos("7k/8/8/8/r7/8/8/R1B1K1n1 w - - 0 1 B32/H");
    assert!(has(&p, "a1-a4"));
}

#[test]
fn bereft_king_moves_only_in_check_seed_3_3_s3() {
    // Not in check: the king may not even capture.
    let p = pos("7k/8/8/8/8/8/3n4/R3K3 w - - 0 1 B32/H");
    assert!(!moves(&p).iter().any(|m| m.starts_with("e1-")));
    // In check: it may move and capture.
    let p = pos("7k/8/8/8/8/8/4r3/R3K3 w - - 0 1 B32/H");
    assert!(has(&p, "e1-e2"));
    let p = play(&p, "e1-e2");
    assert_eq!(p.latch(Color::White), Latch::Bereft(31));
}

#[test]
fn bereft_king_may_stay_in_check_when_it_uncovers_check_s3_rule_4() {
    // docs/rules/synthesis.md section 3, "Where the BEREFT king may go": White BEREFT, in
    // check from the rook on a2. e2-d2 and e2-f2 stay on the attacked rank but open the
    // e-file from the rook on e1 to the king on e8: legal (check in answer to check).
    let p = pos("4k3/8/8/8/8/8/r3K3/4R3 w - - 0 1 B32/H");
    assert!(p.in_check(Color::White));
    for m in ["e2-d2", "e2-f2", "e2-e3", "e2-d3", "e2-f3"] {
        assert!(has(&p, m), "{m} is legal");
    }
    let q = play(&p, "e2-d2");
    assert!(q.in_check(Color::White), "still attacked by the rook on a2");
    assert!(
        q.in_check(Color::Black),
        "the e-file is open to the king on e8"
    );
}

#[test]
fn bereft_kings_33rd_escape_is_impossible_s3_s13() {
    // docs/rules/synthesis.md 9.6: one escape left.
    let p = pos("k7/8/8/8/8/8/B7/4K2r w - - 0 1 B1/H");
    assert!(has(&p, "e1-e2"));
    let p = play(&p, "e1-e2");
    assert_eq!(p.latch(Color::White), Latch::Bereft(0));
    let p = play(&p, "h1-h2");
    assert!(p.in_check(Color::White));
    // At B0 the king cannot move, and nothing else helps: no legal move while attacked.
    assert!(moves(&p).is_empty());
    // The same position with one move left: the king escapes.
    let q = pos(&p.to_notation().replace("B0/H", "B1/H"));
    assert!(!moves(&q).is_empty());
    // 32 escapes in a row are possible from B32: the king steps aside, the rook checks
    // again from a safe distance; the 33rd escape is impossible.
    let mut p = pos("k7/8/8/8/8/8/B7/4K2r w - - 0 1 B32/H");
    let mut spent = 0;
    while p.latch(Color::White) != Latch::Bereft(0) {
        let k = p.king(Color::White).unwrap();
        let km = *p
            .legal_move_list()
            .iter()
            .find(|m| m.from() == k && !p.is_capture(**m))
            .expect("a king escape");
        p = p.after(km);
        spent += 1;
        let k = p.king(Color::White).unwrap();
        let check = p.legal_move_list().iter().copied().find(|&m| {
            let q = p.after(m);
            q.in_check(Color::White)
                && !q.is_attacked(m.to(), Color::White)
                && q.king(Color::White) == Some(k)
        });
        p = p.after(check.expect("a safe rook check"));
    }
    assert_eq!(spent, 32);
    assert!(p.in_check(Color::White));
    assert!(!moves(&p).iter().any(|m| m.starts_with(&square_of_king(&p))));
}

fn square_of_king(p: &Position) -> String {
    let k = p.king(Color::White).unwrap();
    format!("{}{}-", (b'a' + k.file()) as char, k.rank() + 1)
}

#[test]
fn bereft_promoted_queen_moves_as_swapped_s13() {
    let p = pos("6k1/8/8/8/3Q4/8/8/R3K3 w - - 0 1 B32/H");
    let m = moves(&p);
    assert!(m.contains(&"d4-e6".to_string()));
    assert!(!m.contains(&"d4-d5".to_string()));
}

// --- CLASSIC-LATE (seed §5, §6; S4, S13) ---

#[test]
fn swapped_side_without_rooks_and_bishops_becomes_classic_late_seed_5_s4_s13() {
    // docs/rules/synthesis.md 9.4
    let p = pos("6k1/8/8/8/8/3Q4/6r1/K5B1 b - - 0 1");
    assert_eq!(p.mode(Color::White), Mode::Swapped);
    let p = play(&p, "g2-g1");
    assert_eq!(p.latch(Color::White), Latch::Late);
    assert_eq!(p.mode(Color::White), Mode::ClassicLate);
    assert!(p.to_notation().ends_with(" L/H"));
    // Orthodox queen moves again.
    assert!(has(&p, "d3-d4") || p.in_check(Color::White));
}

#[test]
fn bereft_side_without_rooks_and_bishops_becomes_classic_late_s13() {
    // docs/rules/synthesis.md 9.5
    let p = play(&pos("6k1/8/8/8/8/8/6r1/K5B1 b - - 0 1 B32/H"), "g2-g1");
    assert_eq!(p.latch(Color::White), Latch::Late);
}

#[test]
fn classic_home_side_without_rooks_and_bishops_turns_late_when_queen_leaves_s13() {
    let p = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(p.mode(Color::White), Mode::ClassicHome);
    let p = play(&p, "d1-d4");
    assert_eq!(p.latch(Color::White), Latch::Late);
}

#[test]
fn promoted_rook_counts_and_late_is_permanent_s13() {
    let p = pos("4k3/P7/8/8/8/8/8/4K2Q w - - 0 1 L/H");
    let p = play(&p, "a7-a8=R");
    assert_eq!(p.latch(Color::White), Latch::Late);
}

// --- Attacks (S5, S10) ---

#[test]
fn attacks_use_orthodox_capture_geometry_in_every_mode_s10() {
    // A SWAPPED rook still checks along the file (its night move is diagonal).
    let p = pos("4k3/8/8/8/8/8/8/R3RK1Q b - - 0 1");
    assert!(p.in_check(Color::Black));
    let m = moves(&p);
    assert!(!m.contains(&"e8-e7".to_string()));
    assert!(m.contains(&"e8-d7".to_string()));
    // A BEREFT rook too.
    let p = pos("4k3/8/8/8/8/8/8/R3RK2 b - - 0 1 B32/H");
    assert!(p.in_check(Color::Black));
}

#[test]
fn promoted_queen_does_not_decide_the_mode_s5_s9_s14() {
    let p = pos("7k/8/8/8/8/8/8/R2QK2Q w - - 0 1 -@h1/H");
    assert_eq!(p.mode(Color::White), Mode::Swapped);
    assert!(p.to_notation().ends_with(" -@h1/H"));
    // Without the square, the queen on d1 is read as the original (S14).
    let p = pos("7k/8/8/8/8/8/8/R2QK2Q w - - 0 1");
    assert_eq!(p.mode(Color::White), Mode::ClassicHome);
    assert!(p.to_notation().ends_with(" -@d1/H"));
}

// --- Legality (seed §4, Note 4; S6, S11, S12) ---

#[test]
fn check_in_answer_to_check_seed_4_s6_s11() {
    let p = pos("7k/R7/8/4r3/8/8/8/4K3 w - - 0 1");
    assert!(p.in_check(Color::White));
    let m = moves(&p);
    assert!(
        m.contains(&"a7-a8".to_string()),
        "counter-check along rank 8"
    );
    assert!(m.contains(&"a7-h7".to_string()), "counter-check from h7");
    assert!(
        !m.contains(&"a7-b7".to_string()),
        "neither escape nor check"
    );
    assert!(!m.contains(&"e1-e2".to_string()));
    assert!(m.contains(&"e1-d1".to_string()));
}

#[test]
fn both_kings_attacked_every_move_captures_or_attacks_seed_4_s6_s11() {
    let p = play(&pos("7k/R7/8/4r3/8/8/8/4K3 w - - 0 1"), "a7-a8");
    assert!(p.in_check(Color::White) && p.in_check(Color::Black));
    // King steps attack nothing: illegal. Rook moves on the e-file keep checking (the king
    // counts as an attacked piece); e5-e8 blocks and attacks the rook on a8.
    assert_eq!(
        moves(&p),
        ["e5-e1", "e5-e2", "e5-e3", "e5-e4", "e5-e6", "e5-e7", "e5-e8"]
    );
}

#[test]
fn king_captured_and_recaptured_in_the_reply_seed_goal_s7() {
    let p = play(&pos("7k/R7/8/4r3/8/8/8/4K3 w - - 0 1"), "a7-a8 e5-e1");
    assert_eq!(p.king(Color::White), None);
    assert_eq!(moves(&p), ["a8-h8"], "the only reply: capture the king");
    let p = play(&p, "a8-h8");
    assert_eq!(p.king(Color::Black), None);
    assert!(moves(&p).is_empty());
    // The position play reached (no king at all, White's rook on h8) reads back.
    let again =
        Position::from_notation((), &p.to_notation()).expect("a position reached by play reads");
    assert_eq!(again.to_notation(), p.to_notation());
    // Without a reply, the first capturer wins: no legal move for the kingless side.
    let p = pos("7k/8/8/8/8/8/8/4r3 w - - 0 1 H/H");
    assert!(moves(&p).is_empty());
}

#[test]
fn king_capture_is_always_legal_but_pawn_capture_still_compulsory_s12() {
    // The rook a8 could take the king, but White (CLASSIC-HOME) must capture with the pawn.
    let p = pos("R6k/8/8/8/8/2n5/1P6/3QK3 w - - 0 1");
    assert_eq!(moves(&p), ["b2-c3"]);
    // Without the pawn capture, taking the king is legal even when pinned.
    let p = pos("R6k/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(has(&p, "a8-h8"));
    let p = pos("1R5k/8/8/8/8/8/8/r3K3 w - - 0 1 H/H");
    assert!(has(&p, "b8-h8"));
}

#[test]
fn kings_never_adjacent_even_as_counter_check_seed_note_4_s6() {
    let p = pos("8/8/5k2/8/r2K4/8/8/8 w - - 0 1");
    assert!(p.in_check(Color::White));
    assert!(!has(&p, "d4-e5"));
    assert!(has(&p, "d4-e3"));
}

#[test]
fn classic_late_checkmate_ends_the_game_against_a_capture_side_seed_6_s7() {
    let p = pos("7k/8/5KQ1/8/8/8/8/8 w - - 0 1 L/H");
    let p = play(&p, "g6-g7");
    assert!(p.in_check(Color::Black));
    assert!(moves(&p).is_empty());
}

#[test]
fn stalemate_has_no_legal_move_and_no_check_s7() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 L/H");
    assert!(!p.in_check(Color::Black));
    assert!(moves(&p).is_empty());
}

// --- Orthodox details (seed Notes 1, 2; S8) ---

#[test]
fn castling_in_classic_modes_seed_note_1() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(has(&p, "e1-g1") && has(&p, "e1-c1"));
    let q = play(&p, "e1-g1");
    assert_eq!(q.to_notation(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1 H/H");
    let q = play(&p, "e1-c1");
    assert_eq!(q.to_notation(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1 H/H");
    // Not through an attacked square.
    let p = pos("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    assert!(!has(&p, "e1-g1"));
}

#[test]
fn en_passant_and_promotion_in_every_mode_seed_note_2_s8() {
    for state in ["-", "B32", "L"] {
        let p = pos(&format!("7k/8/8/3pP3/8/8/8/R3K1Q1 w - d6 0 1 {state}/H"));
        assert!(has(&p, "e5-d6"), "{state}");
        let p = pos(&format!("7k/P7/8/8/8/8/8/R3K1Q1 w - - 0 1 {state}/H"));
        for r in ["Q", "R", "B", "N"] {
            assert!(has(&p, &format!("a7-a8={r}")), "{state} {r}");
        }
    }
}

// --- Notation (S9, S14) ---

#[test]
fn en_passant_square_written_after_every_double_step_s14() {
    let p = play(&Position::new(), "a2-a4");
    assert_eq!(
        p.to_notation(),
        "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQkq a3 0 1"
    );
}

#[test]
fn impossible_positions_are_rejected_with_reasons_s9() {
    for (fen, what) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w Qkq - 0 1",
            "pawn",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
            "more than one king",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 B40/-",
            "at most 32",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR b kq - 0 1",
            "has no king",
        ),
        ("8/8/8/8/8/8/8/Kk6 w - - 0 1", "adjacent"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "no king and no black piece"),
        ("8/8/8/8/8/8/8/r7 b - - 0 1", "no king and no white piece"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            "en-passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -@e4/-",
            "original queen",
        ),
        ("4k3/8/8/8/8/3Q4/8/4K3 w - - 0 1", "CLASSIC-LATE"),
    ] {
        let e = Position::from_notation((), fen).expect_err(fen).to_string();
        assert!(e.contains(what), "{fen}: {e}");
    }
    for bad in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 B/-",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 X",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
    ] {
        assert!(Position::from_notation((), bad).is_err(), "{bad}");
    }
}

#[test]
fn promoted_pieces_follow_the_mode_of_their_type_s5() {
    // White is SWAPPED (queen g1): the new rook makes night moves as a bishop.
    let p = play(&pos("7k/P7/8/8/8/8/8/R3K1Q1 w - - 0 1"), "a7-a8=R h8-h7");
    assert!(has(&p, "a8-b7"));
    assert!(!has(&p, "a8-a7"));
}

#[test]
fn en_passant_counts_as_a_capture_when_both_kings_are_attacked_s11() {
    // Both kings attacked (a-file and h-file); White is SWAPPED (queen g2), so no pawn
    // capture is compulsory. The en-passant capture is a capture and keeps the counter-check;
    // the pawn push attacks nothing and is illegal.
    let p = pos("r6k/8/8/3pP3/8/8/6Q1/K6R w - d6 0 1");
    assert!(p.in_check(Color::White) && p.in_check(Color::Black));
    assert!(has(&p, "e5-d6"));
    assert!(!has(&p, "e5-e6"));
    assert!(has(&p, "h1-h8"));
    assert!(!has(&p, "a1-b1"), "a king step that attacks nothing");
}
