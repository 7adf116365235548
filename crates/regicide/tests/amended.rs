//! The rules of `docs/rules/regicide.md` that judge the last prince at the end of the turn
//! (R7, R8(a)), the moved-pawn rule and its notation field (R12, R14), and castling with a
//! rook that moved this turn: each shown by the fast generator and, where moves are
//! listed, by the slow reference generator of `common/mod.rs` as well.

mod common;

use common::{build, moves_of, play, RMove, RefPos};
use fairy_kernel::{perft, Color, Game, Outcome, PositionError, Reason};
use fairy_regicide::{parse_square, Position};

/// The sorted legal sub-moves, asserting that the reference generator lists the same.
fn checked_moves(p: &Position) -> Vec<String> {
    let fast = moves_of(p);
    let mut reference: Vec<String> = RefPos::from_fast(p)
        .legal_moves()
        .iter()
        .map(RMove::text)
        .collect();
    reference.sort();
    assert_eq!(fast, reference, "fast and reference differ in {p:?}");
    fast
}

fn read(text: &str) -> Position {
    Position::from_notation((), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position of the rules document (section 6): White's last prince q12 is in check
/// from the rook q1; every square it can reach is attacked or occupied; the escape is to
/// move the pawn p11 on front II and then step the prince to p11 on front III.
const THROUGH_CHECK: &str = "16K7/15P8/24/P23/11b12/24/24/24/24/24/24/3k7k4rr1k4 w 1 - - - 0 1";

#[test]
fn r7_the_turn_may_pass_through_check_if_it_ends_with_the_last_prince_safe() {
    let p = read(THROUGH_CHECK);
    assert!(p.is_attacked(parse_square("q12").unwrap(), Color::Black));
    assert_eq!(p.outcome(), None, "not checkmate");
    // Front I: the pawn a9 may move although the prince stays in check after it.
    assert_eq!(checked_moves(&p), ["a9-a8"]);
    assert_eq!(perft(&p, 1), 1);
    assert_eq!(perft(&p, 2), 2);
    assert_eq!(perft(&p, 3), 2);
    let mut q = p.clone();
    play(&mut q, &["a9-a8"]);
    assert_eq!(q.front(), 2);
    assert_eq!(checked_moves(&q), ["p11-p10", "p11-p9"]);
    for pawn in ["p11-p10", "p11-p9"] {
        let mut r = q.clone();
        play(&mut r, &[pawn]);
        assert_eq!((r.front(), r.side_to_move()), (3, Color::White));
        // Only the step to p11 ends the turn with the prince unattacked.
        assert_eq!(checked_moves(&r), ["q12-p11"]);
        play(&mut r, &["q12-p11"]);
        assert_eq!(r.side_to_move(), Color::Black);
        assert!(!r.is_attacked(parse_square("p11").unwrap(), Color::Black));
    }
}

#[test]
fn r7_a_sub_move_that_leaves_the_prince_attacked_needs_a_completion() {
    // White's last prince x12 is in check from the rook x1; w11 and w12 are attacked by
    // the rook w1. Front II's rook p5 can block on x5 (check over) or on w5 (then the
    // prince escapes to w11 or w12 on front III). The knight b12 on front I may make any
    // move: the turn can still be completed.
    let p = build(
        &[
            ("x12", 'K'),
            ("b12", 'N'),
            ("p5", 'R'),
            ("x1", 'r'),
            ("w1", 'r'),
            ("a1", 'k'),
        ],
        "w 1 - - - 0 1",
    );
    let front1 = checked_moves(&p);
    assert_eq!(front1, ["b12-a10", "b12-c10", "b12-d11"]);
    let mut q = p.clone();
    play(&mut q, &["b12-d11"]);
    // Any other rook move leaves the prince in check with no way out on front III.
    assert_eq!(checked_moves(&q), ["p5-w5", "p5-x5"]);
    let mut r = q.clone();
    play(&mut r, &["p5-w5"]);
    assert_eq!(checked_moves(&r), ["x12-w11", "x12-w12"]);
    // Without the rook there is no completion: the knight may not move, the prince
    // has no square, and that is checkmate.
    let mated = build(
        &[
            ("x12", 'K'),
            ("b12", 'N'),
            ("x1", 'r'),
            ("w1", 'r'),
            ("a1", 'k'),
        ],
        "w 1 - - - 0 1",
    );
    assert!(checked_moves(&mated).is_empty());
    assert_eq!(
        mated.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Checkmate
        })
    );
}

#[test]
fn r7_a_later_capture_of_the_opponents_last_prince_completes_the_turn() {
    // Black's last prince e1 is in check from the rook e12. The knight b1 may leave it in
    // check on front I, because the rook x3 captures White's last prince x12 on front III.
    let p = build(
        &[
            ("e1", 'k'),
            ("b1", 'n'),
            ("e12", 'R'),
            ("d12", 'R'),
            ("f12", 'R'),
            ("x12", 'K'),
            ("x3", 'r'),
        ],
        "b 1 - - - 0 1",
    );
    let moves = checked_moves(&p);
    assert!(moves.contains(&"b1-c3".to_string()), "{moves:?}");
    let mut q = p.clone();
    play(&mut q, &["b1-c3"]);
    assert_eq!(q.front(), 3);
    // The rook may also block the e-file on e3.
    assert_eq!(checked_moves(&q), ["x3-e3", "x3-x12"]);
    play(&mut q, &["x3-x12"]);
    assert_eq!(
        q.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::KingCaptured
        })
    );
    // With White's prince out of reach and rank 3 closed by a pawn, nothing completes the
    // turn: no sub-move is legal, and that is checkmate.
    let mated = build(
        &[
            ("e1", 'k'),
            ("b1", 'n'),
            ("e12", 'R'),
            ("d12", 'R'),
            ("f12", 'R'),
            ("w12", 'K'),
            ("x3", 'r'),
            ("w3", 'P'),
        ],
        "b 1 - - - 0 1",
    );
    assert!(checked_moves(&mated).is_empty());
    assert_eq!(mated.outcome().map(|o| o.reason()), Some(Reason::Checkmate));
}

#[test]
fn r7_r9_a_rook_listed_as_moved_this_turn_may_not_castle() {
    // Front II to move; the right `I` is kept, but the rook on i12 is listed as moved.
    let pieces = [
        ("l12", 'K'),
        ("i12", 'R'),
        ("a5", 'N'),
        ("x12", 'K'),
        ("a1", 'k'),
    ];
    let moved_rook = build(&pieces, "w 2 I - i12 0 1");
    assert!(!checked_moves(&moved_rook).contains(&"l12-j12".to_string()));
    let other_moved = build(&pieces, "w 2 I - a5 0 1");
    assert!(checked_moves(&other_moved).contains(&"l12-j12".to_string()));
}

#[test]
fn r8a_a_position_read_mid_turn_with_no_completion_is_checkmate() {
    // White's last prince a12 is in check from the rook a1 (b11, b12 attacked by the rook
    // b1); the knight c10 already moved this turn; front II has no white piece.
    let text = format!(
        "{} w 2 - - c10 3 9",
        common::board_text(&[
            ("a12", 'K'),
            ("c10", 'N'),
            ("a1", 'r'),
            ("b1", 'r'),
            ("x1", 'k'),
        ])
    );
    let p = read(&text);
    assert_eq!(
        (p.side_to_move(), p.front()),
        (Color::White, 2),
        "not passed"
    );
    assert!(checked_moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Checkmate
        })
    );
    assert_eq!(p.to_notation(), text);
    // The same with the prince safe: the turn passes as before.
    let safe = read(&text.replace("K23", "2K21"));
    assert_eq!(safe.side_to_move(), Color::Black);
}

#[test]
fn r14_only_a_pawn_that_has_not_moved_double_steps() {
    // White's pawn c10 captures onto the starting square d9 (the d-pawn having gone).
    let mut p = build(
        &[
            ("c10", 'P'),
            ("d9", 'n'),
            ("e9", 'P'),
            ("a12", 'K'),
            ("x1", 'k'),
        ],
        "w 1 - - - 0 1",
    );
    play(&mut p, &["c10-d9", "x1-x2"]);
    assert_eq!(
        p.moved_pawn_squares().iter().collect::<Vec<_>>(),
        [s("d9").index()]
    );
    let moves = checked_moves(&p);
    assert!(moves.contains(&"d9-d8".to_string()));
    assert!(!moves.contains(&"d9-d7".to_string()), "{moves:?}");
    assert!(
        moves.contains(&"e9-e7".to_string()),
        "an unmoved pawn double-steps"
    );
    // The entry goes when the pawn leaves its square.
    play(&mut p, &["d9-d8"]);
    assert!(p.moved_pawn_squares().is_empty());
}

#[test]
fn r14_the_entry_goes_when_the_pawn_is_captured() {
    let mut p = build(
        &[
            ("b10", 'P'),
            ("c9", 'p'),
            ("d12", 'K'),
            ("x1", 'k'),
            ("d8", 'p'),
        ],
        "w 1 - - - 0 1",
    );
    play(&mut p, &["b10-c9"]);
    assert!(p.moved_pawn_squares().contains(s("c9").index()));
    // Black's pawn d8 captures c9 (Black pawns move toward rank 12).
    assert_eq!(p.side_to_move(), Color::Black);
    play(&mut p, &["d8-c9"]);
    assert!(p.moved_pawn_squares().is_empty(), "{}", p.to_notation());
}

fn s(name: &str) -> fairy_regicide::Square {
    parse_square(name).unwrap()
}

#[test]
fn r12_the_ninth_field_round_trips_and_decides_the_double_step() {
    let board = common::board_text(&[
        ("d9", 'P'),
        ("s4", 'p'),
        ("g10", 'P'),
        ("a12", 'K'),
        ("x1", 'k'),
    ]);
    let without = read(&format!("{board} w 1 - - - 0 1"));
    assert!(checked_moves(&without).contains(&"d9-d7".to_string()));
    let text = format!("{board} w 1 - - - 0 1 s4,d9");
    let with = read(&text);
    assert_eq!(with.to_notation(), text);
    assert_ne!(with, without);
    assert_ne!(with.hash(), without.hash());
    assert_eq!(with.hash(), with.hash_from_scratch());
    let moves = checked_moves(&with);
    assert!(!moves.contains(&"d9-d7".to_string()), "{moves:?}");
    assert!(moves.contains(&"g10-g8".to_string()));
    // Black's s4 is recorded too.
    let mut black = read(&format!("{board} b 1 - - - 0 1 s4,d9"));
    assert!(!checked_moves(&black).contains(&"s4-s6".to_string()));
    play(&mut black, &["s4-s5"]);
    assert_eq!(
        black.to_notation(),
        format!(
            "{} w 1 - - - 0 2 d9",
            black.to_notation().split(' ').next().unwrap()
        )
    );
    // A position without such pawns writes eight fields.
    assert_eq!(without.to_notation().split(' ').count(), 8);
}

#[test]
fn r12_a_malformed_ninth_field_is_rejected_with_a_typed_error() {
    let board = common::board_text(&[
        ("d9", 'P'),
        ("a11", 'P'),
        ("s4", 'p'),
        ("a12", 'K'),
        ("x1", 'k'),
    ]);
    for bad in [
        "-", "", "d9,d9", "a11,d9", "e5", "c9", "d4", "x13", "d9;a11",
    ] {
        let text = format!("{board} w 1 - - - 0 1 {bad}");
        match Position::from_notation((), &text) {
            Err(PositionError::Field { field, .. }) => assert_eq!(field, "moved pawns", "{bad}"),
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    // In order it reads.
    assert!(Position::from_notation((), &format!("{board} w 1 - - - 0 1 s4,d9,a11")).is_ok());
    assert!(matches!(
        Position::from_notation((), &format!("{board} w 1 - - - 0 1 d9 a11")),
        Err(PositionError::FieldCount { found: 10, .. })
    ));
}

#[test]
fn r7_capturing_both_remaining_enemy_princes_later_in_the_turn_completes_it() {
    // Black's last prince c2 is in check from the rook c1. White has two princes, j4 and
    // r10: the knight i6 can take j4 on front II, and then r10 is White's last prince,
    // which the knight q8 takes on front III. So every front-I sub-move is legal, even one
    // that leaves the prince in check (found by the random games against the reference).
    let p =
        read("9n14/6q17/9P2B4K6/5q18/16n7/p12p10/8n15/14b9/9K4n7P1/24/2k21/2R21 b 1 - - - 1 6 j10");
    let moves = checked_moves(&p);
    assert!(moves.contains(&"f9-a4".to_string()), "{moves:?}");
    let mut q = p.clone();
    play(&mut q, &["f9-a4", "i6-j4"]);
    assert_eq!(q.front(), 3);
    assert_eq!(checked_moves(&q), ["q8-r10"]);
    play(&mut q, &["q8-r10"]);
    assert_eq!(q.outcome().map(|o| o.winner()), Some(Some(Color::Black)));
}
