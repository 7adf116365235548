//! One test per rule, named after it, citing the seed section or the rule label (T1-T12,
//! T6a) of docs/rules/chess-t.md.

use fairy_kernel::{Color, Game, Heuristics, Outcome, Reason};

use super::{at, build, build_full, set, sq, targets};
use crate::Variant::{ChessT, ChessT1, ChessT2};
use crate::{strength, MoveList, Position};

fn play(p: &mut Position, text: &str) {
    let m = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.to_notation()));
    p.play(m);
}

fn kings() -> [(&'static str, char); 2] {
    [("i1", 'K'), ("i8", 'k')]
}

fn with_kings(extra: &[(&'static str, char)]) -> Vec<(&'static str, char)> {
    let mut v = kings().to_vec();
    v.extend_from_slice(extra);
    v
}

// ----- movement --------------------------------------------------------------------------

#[test]
fn knecht_two_step_only_inside_own_territory() {
    // Seed §Knecht; T12: the landing cell must be in the own territory.
    let p = build(
        ChessT,
        &with_kings(&[("a2", 'N'), ("c3", 'N'), ("a6", 'n')]),
        "b4,b5",
        'w',
    );
    assert_eq!(targets(&p, "a2"), set(&["a1", "a3", "a4", "b2"]));
    assert_eq!(targets(&p, "c3"), set(&["b3", "c2", "c4", "d3"]));
    let p = build(
        ChessT,
        &with_kings(&[("a7", 'n'), ("a6", 'n'), ("c6", 'n')]),
        "b4,b5",
        'b',
    );
    assert_eq!(targets(&p, "c6"), set(&["b6", "c5", "c7", "d6"]));
    assert_eq!(targets(&p, "a7"), set(&["a8", "b7"]));
}

#[test]
fn knecht_two_step_does_not_jump() {
    // Seed §Knecht: "Кнехт не может перепрыгивать через фигуры".
    let p = build(
        ChessT,
        &with_kings(&[("c2", 'N'), ("c3", 'N')]),
        "b4,b5",
        'w',
    );
    assert_eq!(targets(&p, "c2"), set(&["b2", "c1", "d2"]));
}

#[test]
fn non_royal_pieces_do_not_land_on_castle_cells() {
    // T4, T9: the Scout leaps but does not land on an empty castle cell (d1, e2), nor
    // on Black's impregnable field b5.
    let p = build(ChessT2, &with_kings(&[("c3", 'S')]), "b4,b5", 'w');
    assert_eq!(targets(&p, "c3"), set(&["a2", "a4", "b1", "d5", "e4"]));
}

#[test]
fn royal_pieces_enter_either_castle() {
    // T4: the King steps onto Black's castle cell e7 (and would win by castle
    // capture), a Prince onto its own castle cell e2.
    let p = build(
        ChessT,
        &[("e6", 'K'), ("a8", 'k'), ("f3", 'P')],
        "b4,b5",
        'w',
    );
    assert!(targets(&p, "e6").contains(&"e7".to_owned()));
    assert!(targets(&p, "f3").contains(&"e2".to_owned()));
}

#[test]
fn ritter_and_konnet_jump_the_enemy_field_but_never_land_on_it() {
    // Seed §General, §Ritter; T3, T12.
    let p = build(
        ChessT,
        &with_kings(&[("h3", 'R'), ("h2", 'C')]),
        "b4,h5",
        'w',
    );
    let r = targets(&p, "h3");
    assert!(r.contains(&"h4".to_owned()) && r.contains(&"h6".to_owned()));
    assert!(!r.contains(&"h5".to_owned()));
    let c = targets(&p, "h2");
    assert!(c.contains(&"h4".to_owned()) && !c.contains(&"h5".to_owned()));
}

#[test]
fn diagonal_lines_stop_before_the_enemy_field() {
    // Seed §Prince: the field "also shuts off" the cell behind it.
    let p = build(ChessT, &with_kings(&[("d3", 'P')]), "b4,b5", 'w');
    let t = targets(&p, "d3");
    assert!(t.contains(&"c4".to_owned()));
    assert!(!t.contains(&"b5".to_owned()) && !t.contains(&"a6".to_owned()));
}

#[test]
fn chess_t1_ritter_and_konnet_have_orthogonal_range_two() {
    // T10.
    let p = build(
        ChessT1,
        &[("h1", 'K'), ("h8", 'k'), ("a3", 'R'), ("d5", 'C')],
        "-",
        'w',
    );
    assert_eq!(
        targets(&p, "a3"),
        set(&["a1", "a2", "a4", "a5", "b3", "c3"])
    );
    let c = targets(&p, "d5");
    assert!(c.contains(&"d7".to_owned()) && !c.contains(&"d8".to_owned()));
    assert!(c.contains(&"a8".to_owned()) && c.contains(&"g2".to_owned()));
}

#[test]
fn check_has_no_legal_effect() {
    // T7: the King may move into a cell where the enemy has superiority.
    let p = build(
        ChessT,
        &[("d4", 'K'), ("a8", 'k'), ("g7", 'c')],
        "b4,b5",
        'w',
    );
    let (w, b) = strength(&p, at("e5"));
    assert!(b > w);
    assert!(targets(&p, "d4").contains(&"e5".to_owned()));
}

#[test]
fn lone_defender_moves_only_within_its_castle() {
    // T7, T12 (chess-T1 §3.4): White's King is its only royal piece in its castle and
    // a black Prince stands there: it may go to e2 and f1 only (d1: no superiority).
    let pieces = [("e1", 'K'), ("a3", 'P'), ("d1", 'p'), ("a8", 'k')];
    let p = build(ChessT, &pieces, "b4,b5", 'w');
    assert_eq!(targets(&p, "e1"), set(&["e2", "f1"]));
    // With a second royal defender in the castle the King may leave.
    let mut more = pieces.to_vec();
    more.push(("f1", 'P'));
    let p = build(ChessT, &more, "b4,b5", 'w');
    assert!(targets(&p, "e1").contains(&"d2".to_owned()));
}

// ----- strength and capture ----------------------------------------------------------------

#[test]
fn strength_sums_follow_jumping_lines_and_stop_on_blocked_lines() {
    // T6, T12: the Ritter's strength passes its own Knecht; the Prince's diagonal
    // reaches the first occupied cell and no further.
    let p = build(
        ChessT,
        &with_kings(&[("a1", 'R'), ("a2", 'N'), ("c3", 'P'), ("d4", 'n')]),
        "b4,b5",
        'w',
    );
    assert_eq!(strength(&p, at("a3")), (6, 0));
    assert_eq!(strength(&p, at("a4")), (6, 0)); // Ritter 2 + the Knecht's two-step 1
    assert_eq!(strength(&p, at("d4")), (3, 2));
    assert_eq!(strength(&p, at("e5")).0, 0);
    // In half units the Knecht is 2, the Konnet 6.
    assert_eq!(strength(&p, at("a2")), (6, 0));
}

#[test]
fn equal_strength_refuses_capture() {
    // T6: strictly more strength is needed to capture. Ritter 2 against Knechts 1 + 1: in
    // Chess-T the move onto c4 is an exchange (T6a), not a capture; chess-T1 allows nothing.
    let p = build(
        ChessT,
        &with_kings(&[("c1", 'R'), ("c4", 'n'), ("d4", 'n')]),
        "b4,b5",
        'w',
    );
    assert_eq!(strength(&p, at("c4")), (4, 4));
    let m = p.parse_move("c1-c4").unwrap();
    assert!(!m.is_capture() && m.is_exchange());
    // chess-T1: a Prince c3 against a Ver Knecht d4, 1½ : 1½: no move onto d4.
    let p = build(
        ChessT1,
        &[("h1", 'K'), ("h8", 'k'), ("c3", 'P'), ("d4", 'v')],
        "-",
        'w',
    );
    assert_eq!(strength(&p, at("d4")), (3, 3));
    assert!(!targets(&p, "c3").contains(&"d4".to_owned()));
}

#[test]
fn equal_strength_exchange_removes_both_pieces() {
    // T6a: the Knechts d4 and d5 project 1 : 1 onto d5; the exchange empties both cells and
    // resets the half-move clock.
    let text = "8k/9/7n1/3n3N1/3N1n3/9/5N3/K8 w b4,b5 - 7 20";
    let mut p = Position::from_notation(ChessT, text).unwrap();
    assert_eq!(strength(&p, at("d5")), (2, 2));
    let m = p.parse_move("d4-d5").unwrap();
    assert!(m.is_exchange() && !m.is_capture());
    assert_eq!(p.format_move(m), "d4-d5");
    assert_eq!(p.parse_move("d4:d5"), Ok(m));
    p.play(m);
    assert_eq!(p.piece_at(at("d4")), None);
    assert_eq!(p.piece_at(at("d5")), None);
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(p.hash(), p.compute_hash());
    assert_eq!(p.to_notation(), "8k/9/7n1/7N1/5n3/9/5N3/K8 b b4,b5 - 0 20");
    // Chess-T2 exchanges as well.
    let mut q = Position::start(ChessT2);
    play(&mut q, "e2-e4");
    assert!(q.parse_move("e7-e4").unwrap().is_exchange());
}

#[test]
fn konnets_exchange_from_the_start() {
    // T6a: after 1. e2-e4 the Konnets stand 3 : 3 on e4; 1... e7-e4 removes both.
    for v in [ChessT, ChessT2] {
        let mut p = Position::start(v);
        play(&mut p, "e2-e4");
        assert_eq!(strength(&p, at("e4")), (6, 6));
        play(&mut p, "e7-e4");
        assert_eq!(p.piece_at(at("e4")), None);
        assert_eq!(p.piece_at(at("e7")), None);
        assert!(p.pieces(Color::White, crate::Role::Konnet) == 0);
        assert!(p.pieces(Color::Black, crate::Role::Konnet) == 0);
        assert_eq!(p.outcome(), None);
    }
}

#[test]
fn the_king_never_exchanges() {
    // T6a: King d3 against a Ver Knecht d4, 1½ : 1½; no move onto d4. A Prince with the same
    // sums may exchange.
    let p = build(
        ChessT,
        &[("d3", 'K'), ("i8", 'k'), ("d4", 'v')],
        "b4,b5",
        'w',
    );
    assert_eq!(strength(&p, at("d4")), (3, 3));
    assert!(!targets(&p, "d3").contains(&"d4".to_owned()));
    let p = build(
        ChessT,
        &[("i1", 'K'), ("i8", 'k'), ("d3", 'P'), ("d4", 'v')],
        "b4,b5",
        'w',
    );
    assert!(p.parse_move("d3-d4").unwrap().is_exchange());
}

#[test]
fn knecht_two_step_and_ver_knecht_exchange_without_promotion() {
    // T6a: the Knecht's two-step exchanges as it would capture (2 : 2 on c4); a Ver Knecht
    // exchanging on the enemy back rank is one move without promotion (1½ : 1½ on a8).
    let p = build(
        ChessT,
        &with_kings(&[("c2", 'N'), ("c4", 'n')]),
        "b4,b5",
        'w',
    );
    assert_eq!(strength(&p, at("c4")), (2, 2));
    assert!(p.parse_move("c2-c4").unwrap().is_exchange());
    let p = build(
        ChessT2,
        &[("e1", 'K'), ("i8", 'k'), ("a7", 'V'), ("a8", 'v')],
        "b4,b5",
        'w',
    );
    assert_eq!(strength(&p, at("a8")), (3, 3));
    assert_eq!(targets(&p, "a7"), set(&["a6", "a8", "b7"]));
    assert!(p.parse_move("a7-a8").unwrap().is_exchange());
    assert!(p.parse_move("a7-a8=R").is_err());
}

#[test]
fn exchanging_the_enemy_king_wins() {
    // T6a, T7: a Prince d4 against the lone black King e5, 1½ : 1½.
    let mut p = build(
        ChessT,
        &[("i1", 'K'), ("e5", 'k'), ("d4", 'P')],
        "b4,b5",
        'w',
    );
    play(&mut p, "d4-e5");
    assert_eq!(p.piece_at(at("d4")), None);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::KingCaptured
        })
    );
    assert_eq!(p.count_moves(), 0);
}

#[test]
fn a_prince_exchanging_in_the_enemy_castle_neither_promotes_nor_uses_the_right() {
    // T6a: 3½ : 3½ on e8 (Prince + Ritter against Prince + Ritter, both sides' full sums as
    // a royal piece attacks); the exchange empties e8, no Konnet, the flag stays clear, and
    // with no royal piece in Black's castle play goes on.
    let mut p = build(
        ChessT,
        &[
            ("e1", 'K'),
            ("e5", 'R'),
            ("c6", 'P'),
            ("e8", 'p'),
            ("g8", 'r'),
            ("a8", 'k'),
        ],
        "b4,b5",
        'w',
    );
    assert_eq!(strength(&p, at("e8")), (7, 7));
    assert!(targets(&p, "c6").contains(&"e8".to_owned()));
    assert!(!targets(&p, "c6").contains(&"e8=C".to_owned()));
    play(&mut p, "c6-e8");
    assert_eq!(p.piece_at(at("e8")), None);
    assert!(!p.konnet_promoted(Color::White));
    assert_eq!(p.outcome(), None);
}

#[test]
fn superiority_allows_capture_and_support_counts() {
    // T6: a supporting Knecht (its two-step line) makes 3 against 2; both attackers
    // may capture.
    let p = build(
        ChessT,
        &with_kings(&[("c1", 'R'), ("c2", 'N'), ("c4", 'n'), ("d4", 'n')]),
        "b4,b5",
        'w',
    );
    assert_eq!(strength(&p, at("c4")), (6, 4));
    assert!(targets(&p, "c1").contains(&"c4".to_owned()));
    assert!(targets(&p, "c2").contains(&"c4".to_owned()));
}

#[test]
fn castle_cell_attack_counts_non_royal_strength_only_with_a_royal_attacker() {
    // T6 (chess-T1 fig. 4.11): the Ritter alone gives White 0 on e8; with a Prince
    // also reaching e8 the Ritter's 2 counts.
    let alone = build(
        ChessT,
        &[("e1", 'K'), ("e5", 'R'), ("e8", 'k')],
        "b4,b5",
        'w',
    );
    assert_eq!(strength(&alone, at("e8")), (0, 3));
    let both = build(
        ChessT,
        &[("e1", 'K'), ("e5", 'R'), ("c6", 'P'), ("e8", 'k')],
        "b4,b5",
        'w',
    );
    assert_eq!(strength(&both, at("e8")), (7, 3));
    assert!(targets(&both, "c6").contains(&"e8=C".to_owned()));
    // Non-royal strength counts fully in defence: a black Ritter g8 makes it 7 : 7.
    let defended = build(
        ChessT,
        &[
            ("e1", 'K'),
            ("e5", 'R'),
            ("c6", 'P'),
            ("e8", 'k'),
            ("g8", 'r'),
        ],
        "b4,b5",
        'w',
    );
    assert_eq!(strength(&defended, at("e8")), (7, 7));
    assert!(!targets(&defended, "c6").contains(&"e8=C".to_owned()));
    // Equal sums: an exchange (T6a), not a capture.
    assert!(defended.parse_move("c6-e8").unwrap().is_exchange());
}

#[test]
fn a_piece_on_its_own_impregnable_field_cannot_be_captured() {
    // Seed §General; T3, T9: not by overwhelming force, not by a Scout.
    let p = build(
        ChessT2,
        &with_kings(&[("b2", 'R'), ("a3", 'S'), ("c4", 'C'), ("b5", 'n')]),
        "b4,b5",
        'w',
    );
    let mut ml = MoveList::new();
    p.legal_moves(&mut ml);
    assert!(ml.iter().all(|m| m.target() != sq(&p, "b5")));
    assert!(strength(&p, at("b5")).0 > strength(&p, at("b5")).1);
}

#[test]
fn scout_captures_regardless_of_strength() {
    // T9: the Scout adds 0 but takes any piece on its leap cells.
    let p = build(
        ChessT2,
        &with_kings(&[("c3", 'S'), ("d5", 'c'), ("d6", 'n')]),
        "b4,b5",
        'w',
    );
    assert_eq!(strength(&p, at("d5")).0, 0);
    assert!(targets(&p, "c3").contains(&"d5".to_owned()));
}

#[test]
fn scout_exchange_removes_both_pieces() {
    // T9, T11: onto an enemy piece on a castle cell both are removed.
    let mut p = build(
        ChessT2,
        &[("i1", 'K'), ("c6", 'S'), ("d8", 'p'), ("e8", 'k')],
        "b4,b5",
        'w',
    );
    play(&mut p, "c6-d8");
    assert_eq!(p.piece_at(at("d8")), None);
    assert_eq!(p.piece_at(at("c6")), None);
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(p.outcome(), None);
    // An exchange with the King wins.
    let mut p = build(
        ChessT2,
        &[("i1", 'K'), ("d6", 'S'), ("e8", 'k')],
        "b4,b5",
        'w',
    );
    play(&mut p, "d6-e8");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::KingCaptured
        })
    );
}

// ----- promotion ---------------------------------------------------------------------------

#[test]
fn knecht_becomes_ver_knecht_on_rank_6_and_black_on_rank_3() {
    // T8, T12.
    let p = build(ChessT, &with_kings(&[("e5", 'N')]), "b4,b5", 'w');
    assert_eq!(targets(&p, "e5"), set(&["d5", "e4", "e6=V", "f5"]));
    let p = build(ChessT, &with_kings(&[("d4", 'n')]), "b4,b5", 'b');
    assert_eq!(targets(&p, "d4"), set(&["c4", "d3=V", "d5", "e4"]));
}

#[test]
fn ver_knecht_on_the_enemy_back_rank_must_promote() {
    // T8: Ritter, Prince or Konnet; also Scout in Chess-T2 (and chess-T1).
    let p = build(ChessT, &with_kings(&[("a7", 'V')]), "b4,b5", 'w');
    assert_eq!(
        targets(&p, "a7"),
        set(&["a6", "a8=C", "a8=P", "a8=R", "b7"])
    );
    let p = build(ChessT2, &with_kings(&[("a7", 'V')]), "b4,b5", 'w');
    assert_eq!(
        targets(&p, "a7"),
        set(&["a6", "a8=C", "a8=P", "a8=R", "a8=S", "b7"])
    );
}

#[test]
fn promotion_caps_three_princes_three_konnets() {
    // T8.
    let p = build(
        ChessT,
        &with_kings(&[
            ("a7", 'V'),
            ("c3", 'P'),
            ("d3", 'P'),
            ("f3", 'P'),
            ("c4", 'C'),
            ("d4", 'C'),
            ("f4", 'C'),
        ]),
        "b4,b5",
        'w',
    );
    assert_eq!(targets(&p, "a7"), set(&["a6", "a8=R", "b7"]));
}

#[test]
fn ver_knecht_steps_onto_a_free_enemy_castle_cell() {
    // T8, T12: only forward, becoming a Prince or a Konnet; not sideways onto e7.
    let p = build(
        ChessT,
        &[("i1", 'K'), ("d7", 'V'), ("a8", 'k')],
        "b4,b5",
        'w',
    );
    assert_eq!(targets(&p, "d7"), set(&["c7", "d6", "d8=C", "d8=P"]));
    // Forward from e6 onto e7; Black forward from e3 onto e2.
    let p = build(
        ChessT,
        &[("i1", 'K'), ("e6", 'V'), ("a8", 'k'), ("f7", 'V')],
        "b4,b5",
        'w',
    );
    assert_eq!(targets(&p, "e6"), set(&["d6", "e5", "e7=C", "e7=P", "f6"]));
    assert_eq!(targets(&p, "f7"), set(&["f6", "f8=C", "f8=P", "g7"]));
    let p = build(
        ChessT,
        &[("i1", 'K'), ("e3", 'v'), ("a8", 'k'), ("d2", 'v')],
        "b4,b5",
        'b',
    );
    assert_eq!(targets(&p, "e3"), set(&["d3", "e2=C", "e2=P", "e4", "f3"]));
    assert_eq!(targets(&p, "d2"), set(&["c2", "d1=C", "d1=P", "d3"]));
    // Not onto an occupied castle cell, not even with superiority.
    let p = build(
        ChessT,
        &[
            ("i1", 'K'),
            ("d7", 'V'),
            ("a8", 'k'),
            ("d8", 'p'),
            ("c8", 'R'),
        ],
        "b4,b5",
        'w',
    );
    assert!(!targets(&p, "d7").iter().any(|t| t.starts_with("d8")));
}

#[test]
fn prince_becomes_konnet_once_per_side() {
    // T8, T12: the first Prince entering the enemy castle from outside becomes a
    // Konnet and sets the flag; the next one stays a Prince.
    let mut p = build(
        ChessT,
        &[
            ("e1", 'K'),
            ("d6", 'P'),
            ("c7", 'P'),
            ("a8", 'k'),
            ("f8", 'p'),
        ],
        "b4,b5",
        'w',
    );
    assert!(targets(&p, "d6").contains(&"e7=C".to_owned()));
    play(&mut p, "d6-e7"); // the suffix of an automatic promotion may be omitted
    assert!(p.konnet_promoted(Color::White));
    assert!(p.to_notation().contains(" W "));
    assert_eq!(p.piece_at(at("e7")).unwrap().role, crate::Role::Konnet);
    play(&mut p, "a8-b8");
    let t = targets(&p, "c7");
    assert!(t.contains(&"d8".to_owned()) && !t.contains(&"d8=C".to_owned()));
}

#[test]
fn prince_moving_inside_the_enemy_castle_does_not_promote() {
    // T12: only a move into the castle from outside.
    let p = build(
        ChessT,
        &[("e1", 'K'), ("d8", 'P'), ("a8", 'k'), ("f8", 'p')],
        "b4,b5",
        'w',
    );
    assert!(targets(&p, "d8").contains(&"e8".to_owned()));
}

#[test]
fn no_prince_to_konnet_with_three_konnets() {
    // T8, T12: the promotion does not happen, but the first entry uses up the right: the
    // flag is set, and a later Prince entry (with fewer Konnets) stays a Prince.
    let mut p = build(
        ChessT,
        &[
            ("e1", 'K'),
            ("d6", 'P'),
            ("a3", 'C'),
            ("b3", 'C'),
            ("c3", 'C'),
            ("a8", 'k'),
            ("f8", 'p'),
        ],
        "b4,b5",
        'w',
    );
    play(&mut p, "d6-e7");
    assert!(p.konnet_promoted(Color::White));
    assert!(p.to_notation().contains(" W "));
    assert_eq!(p.hash(), p.compute_hash());
    assert_eq!(p.piece_at(at("e7")).unwrap().role, crate::Role::Prince);
    let later = build_full(
        ChessT,
        &[
            ("e1", 'K'),
            ("d6", 'P'),
            ("a3", 'C'),
            ("a8", 'k'),
            ("f8", 'p'),
        ],
        "b4,b5",
        'w',
        "W",
        0,
    );
    assert!(targets(&later, "d6").contains(&"e7".to_owned()));
    assert!(!targets(&later, "d6").contains(&"e7=C".to_owned()));
}

// ----- game end ----------------------------------------------------------------------------

#[test]
fn capturing_the_king_wins() {
    // T7.
    let mut p = build(
        ChessT,
        &[("e1", 'K'), ("a5", 'C'), ("a8", 'k')],
        "b4,b5",
        'w',
    );
    play(&mut p, "a5-a8");
    let o = Some(Outcome::Win {
        winner: Color::White,
        reason: Reason::KingCaptured,
    });
    assert_eq!(p.outcome(), o);
    assert_eq!(p.count_moves(), 0);
}

#[test]
fn entering_the_empty_enemy_castle_wins() {
    // T7: castle capture.
    let mut p = build(
        ChessT,
        &[("e1", 'K'), ("e6", 'P'), ("a8", 'k')],
        "b4,b5",
        'w',
    );
    play(&mut p, "e6-e7=C");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::CastleCapture
        })
    );
    assert_eq!(p.count_moves(), 0);
}

#[test]
fn removing_the_last_royal_defender_wins_by_castle_capture() {
    // T7 (chess-T1 §3.9, third way): a white Prince is already inside; the Konnet
    // takes Black's only royal piece in the castle.
    let mut p = build(
        ChessT,
        &[
            ("e1", 'K'),
            ("d8", 'P'),
            ("f5", 'C'),
            ("f8", 'p'),
            ("a8", 'k'),
        ],
        "b4,b5",
        'w',
    );
    assert_eq!(p.outcome(), None);
    play(&mut p, "f5-f8");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::CastleCapture
        })
    );
}

#[test]
fn blockade_loses() {
    // T7: Black to move has no legal move: the King's cells hold Ritters it is too
    // weak to take.
    let p = build(
        ChessT,
        &[
            ("e1", 'K'),
            ("a8", 'k'),
            ("a7", 'R'),
            ("b7", 'R'),
            ("b8", 'R'),
        ],
        "b4,b5",
        'b',
    );
    assert_eq!(p.count_moves(), 0);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Blockade
        })
    );
}

#[test]
fn forty_moves_without_capture_draw_but_keep_the_moves() {
    // T7, T12: 80 plies without capture or exchange; Knecht moves do not reset.
    let start = Position::start(ChessT);
    let text = start.to_notation().replace(" 0 1", " 79 40");
    let mut p = Position::from_notation(ChessT, &text).unwrap();
    assert_eq!(p.outcome(), None);
    play(&mut p, "a2-a3");
    assert_eq!(p.halfmove_clock(), 80);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Reason::MoveRule
        })
    );
    assert_eq!(p.count_moves(), 38);
}

#[test]
fn captures_reset_the_half_move_clock() {
    let mut p = build_full(
        ChessT,
        &with_kings(&[("c1", 'R'), ("c2", 'N'), ("c4", 'n')]),
        "b4,b5",
        'w',
        "-",
        30,
    );
    play(&mut p, "c1:c4");
    assert_eq!(p.halfmove_clock(), 0);
}

#[test]
fn evaluate_is_material_from_the_side_to_move() {
    let p = build(ChessT, &with_kings(&[("a1", 'R')]), "b4,b5", 'w');
    assert!(p.evaluate() > 0);
    let p = build(ChessT, &with_kings(&[("a1", 'R')]), "b4,b5", 'b');
    assert!(p.evaluate() < 0);
    assert_eq!(Position::start(ChessT).evaluate(), 0);
}
