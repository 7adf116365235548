//! One test per rule of docs/rules/glinski.md, named after the rule and citing its section
//! (and the project's rulings G1-G4 defined there).

use fairy_kernel::{perft, Color, Game, GameRecord, Geometry, Outcome, Reason};

use super::{after, after_all, fen, moves, names, pos, setup, sq, targets};
use crate::generated::tables::SHADE;
use crate::notation::geometry;
use crate::{MoveKind, MoveList, Position, Role, START};

/// The start position string of docs/rules/glinski.md §5.1, shared with other programs.
const CHECKPOINT_START: &str =
    "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1";

#[test]
fn checkpoint_start_position_string() {
    assert_eq!(START, CHECKPOINT_START);
    assert_eq!(Position::start(()).to_notation(), CHECKPOINT_START);
}

#[test]
fn checkpoint_perft_1_and_2() {
    let p = Position::start(());
    assert_eq!(perft(&p, 1), 51);
    assert_eq!(perft(&p, 2), 2586);
}

/// §1: 91 cells, files a..l without j of 6..11..6 cells, ranks bent at file f.
#[test]
fn board_has_91_cells_in_eleven_files_without_j() {
    let g = geometry();
    assert_eq!(g.cell_count(), 91);
    let lens: Vec<u8> = (0..11).map(|f| g.line_len(f)).collect();
    assert_eq!(lens, [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]);
    assert!(g.parse_square("j1").is_err());
    assert!(g.parse_square("f12").is_err());
    let rank1: Vec<String> = crate::rank_cells(1)
        .iter()
        .map(|&s| g.square_name(s))
        .collect();
    assert_eq!(rank1.join(" "), "a1 b1 c1 d1 e1 f1 g1 h1 i1 k1 l1");
    let rank7: Vec<String> = crate::rank_cells(7)
        .iter()
        .map(|&s| g.square_name(s))
        .collect();
    assert_eq!(rank7.join(" "), "b7 c7 d7 e7 f7 g7 h7 i7 k7");
    assert_eq!(crate::rank_cells(11).len(), 1);
}

/// §1: three shades, 30 light, 31 medium, 30 dark; f1 light, f6 medium, f11 dark; the
/// three bishops of each side stand on the three shades.
#[test]
fn three_shades_and_three_bishops() {
    let count = |s: u8| SHADE.iter().filter(|&&x| x == s).count();
    assert_eq!((count(0), count(1), count(2)), (30, 31, 30));
    assert_eq!(SHADE[sq("f1") as usize], 0);
    assert_eq!(SHADE[sq("f6") as usize], 1);
    assert_eq!(SHADE[sq("f11") as usize], 2);
    let mut w: Vec<u8> = ["f1", "f2", "f3"]
        .iter()
        .map(|c| SHADE[sq(c) as usize])
        .collect();
    w.sort();
    assert_eq!(w, [0, 1, 2]);
    // Touching neighbours never share a shade.
    for c in geometry().squares() {
        for d in fairy_kernel::geometry::hexmoves::TOUCHING {
            if let Some(t) = geometry().step(c, d) {
                assert_ne!(SHADE[c as usize], SHADE[t as usize]);
            }
        }
    }
}

/// §2 (ruling "Glinski"): the setup, White K g1 Q e1 R c1 i1 N d1 h1 B f1 f2 f3, pawns
/// b1 c2 d3 e4 f5 g4 h3 i2 k1; Black mirrored.
#[test]
fn setup_matches_the_ruling() {
    let p = Position::start(());
    let white = [
        ("g1", 'K'),
        ("e1", 'Q'),
        ("c1", 'R'),
        ("i1", 'R'),
        ("d1", 'N'),
        ("h1", 'N'),
        ("f1", 'B'),
        ("f2", 'B'),
        ("f3", 'B'),
    ];
    let black = [
        ("g10", 'k'),
        ("e10", 'q'),
        ("c8", 'r'),
        ("i8", 'r'),
        ("d9", 'n'),
        ("h9", 'n'),
        ("f11", 'b'),
        ("f10", 'b'),
        ("f9", 'b'),
    ];
    for (c, l) in white.iter().chain(black.iter()) {
        assert_eq!(p.piece_on(sq(c)).map(|x| x.char()), Some(*l), "{c}");
    }
    for c in ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"] {
        assert_eq!(p.piece_on(sq(c)).map(|x| x.char()), Some('P'), "{c}");
    }
    for c in ["b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "k7"] {
        assert_eq!(p.piece_on(sq(c)).map(|x| x.char()), Some('p'), "{c}");
    }
    assert_eq!(p.occupied().count(), 36);
}

/// §3.2: the rook slides along the six touching lines: 30 cells from the centre.
#[test]
fn rook_slides_on_six_touching_lines() {
    let p = setup(&[("f6", 'R'), ("l3", 'K'), ("b7", 'k')], 'w');
    let t = targets(&p, "f6");
    assert_eq!(t.len(), 30);
    for c in ["f1", "f11", "a1", "l6", "a6", "l1", "e6", "g5"] {
        assert!(t.contains(&c.to_string()), "{c} in {t:?}");
    }
    // Blocked: a piece on the line stops it (own piece excluded, enemy captured).
    let p = setup(
        &[
            ("f6", 'R'),
            ("f8", 'n'),
            ("f4", 'N'),
            ("l3", 'K'),
            ("b7", 'k'),
        ],
        'w',
    );
    let t = targets(&p, "f6");
    assert!(t.contains(&"f8".to_string()) && !t.contains(&"f9".to_string()));
    assert!(t.contains(&"f5".to_string()) && !t.contains(&"f4".to_string()));
}

/// §3.3: the bishop slides along the six gap lines, keeping its shade: 12 cells from the
/// centre.
#[test]
fn bishop_slides_on_six_gap_lines_keeping_its_shade() {
    let p = setup(&[("f6", 'B'), ("l3", 'K'), ("b7", 'k')], 'w');
    let t = targets(&p, "f6");
    assert_eq!(
        t,
        names(&["d5", "b4", "e4", "d2", "g4", "h2", "h5", "k4", "g7", "h8", "e7", "d8"])
    );
    for c in &t {
        assert_eq!(SHADE[sq(c) as usize], SHADE[sq("f6") as usize]);
    }
}

/// §3.4: the queen combines rook and bishop: 42 cells from the centre.
#[test]
fn queen_is_rook_plus_bishop() {
    let p = setup(&[("f6", 'Q'), ("l3", 'K'), ("b7", 'k')], 'w');
    assert_eq!(targets(&p, "f6").len(), 42);
}

/// §3.5: the knight leaps to the 12 nearest cells on no line through it, over pieces.
#[test]
fn knight_leaps_to_twelve_cells() {
    let p = setup(
        &[
            ("f6", 'N'),
            ("f7", 'P'),
            ("e6", 'P'),
            ("g6", 'P'),
            ("l3", 'K'),
            ("b7", 'k'),
        ],
        'w',
    );
    assert_eq!(
        targets(&p, "f6"),
        names(&["e8", "g8", "h7", "i5", "i4", "h3", "g3", "e3", "d3", "c4", "c5", "d7"])
    );
    // From the start, the d1 knight jumps out over its pawns.
    assert_eq!(
        targets(&Position::start(()), "d1"),
        names(&["b2", "c3", "f4", "g2"])
    );
}

/// §3.1: the king steps to the 12 neighbouring cells (6 touching, 6 across a gap), never
/// onto an attacked cell.
#[test]
fn king_steps_to_twelve_neighbours_not_into_check() {
    let p = setup(&[("f6", 'K'), ("a1", 'k')], 'w');
    assert_eq!(
        targets(&p, "f6"),
        names(&["f7", "g6", "g5", "f5", "e5", "e6", "g7", "h5", "g4", "e4", "d5", "e7"])
    );
    // A black rook on k7 holds the touching line k7-i7-h7-g7-f7-e6-d5.
    let p = setup(&[("f6", 'K'), ("a1", 'k'), ("k7", 'r')], 'w');
    let t = targets(&p, "f6");
    assert!(!t.contains(&"f7".to_string()), "{t:?}");
    assert!(!t.contains(&"e6".to_string()), "{t:?}");
    assert!(!t.contains(&"g7".to_string()), "{t:?}");
    assert!(t.contains(&"f5".to_string()));
}

/// §3.6(a): a pawn steps one cell forward along its file, onto an empty cell only.
#[test]
fn pawn_steps_one_cell_along_its_file() {
    let p = setup(&[("f6", 'P'), ("c4", 'p'), ("a1", 'K'), ("l6", 'k')], 'w');
    assert_eq!(targets(&p, "f6"), ["f7"]);
    let p = setup(&[("f6", 'P'), ("f7", 'n'), ("a1", 'K'), ("l6", 'k')], 'w');
    assert!(targets(&p, "f6").is_empty());
    let p = setup(&[("c4", 'p'), ("a1", 'K'), ("l6", 'k')], 'b');
    assert_eq!(targets(&p, "c4"), ["c3"]);
}

/// §3.6(b) (ruling "Glinski"): two cells from any start cell of its side, both empty.
#[test]
fn pawn_double_step_from_every_start_cell() {
    let p = Position::start(());
    for (c, two) in [
        ("b1", "b3"),
        ("c2", "c4"),
        ("d3", "d5"),
        ("e4", "e6"),
        ("f5", "f7"),
        ("g4", "g6"),
        ("h3", "h5"),
        ("i2", "i4"),
        ("k1", "k3"),
    ] {
        let t = targets(&p, c);
        // f5-f7 is blocked by the black f7 pawn.
        assert_eq!(t.contains(&two.to_string()), c != "f5", "{c}: {t:?}");
    }
    let p = after(&p, "g4-g5");
    for (c, two) in [("b7", "b5"), ("e7", "e5"), ("k7", "k5"), ("g7", "g5")] {
        assert_eq!(targets(&p, c).contains(&two.to_string()), c != "g7", "{c}");
    }
    // Not from a cell that is not a start cell.
    let p = after_all(&Position::start(()), &["g4-g5", "b7-b6"]);
    assert_eq!(targets(&p, "g5"), ["g6"]);
    // Not over an occupied cell.
    let p = setup(&[("e4", 'P'), ("e5", 'n'), ("a1", 'K'), ("l6", 'k')], 'w');
    assert!(targets(&p, "e4").is_empty());
}

/// §3.6(b) (docs/rules/glinski.md): a pawn that reaches another start cell of its side by a
/// capture may double-step from there.
#[test]
fn pawn_double_step_from_a_start_cell_reached_by_capture() {
    let p = setup(&[("b1", 'P'), ("c2", 'n'), ("a1", 'K'), ("l6", 'k')], 'w');
    let p = after(&p, "b1-c2");
    let p = after(&p, "l6-l5");
    let t = targets(&p, "c2");
    assert_eq!(t, ["c3", "c4"]);
    let q = after(&p, "c2-c4");
    assert_eq!(q.ep_cell(), Some(sq("c3")));
}

/// §3.6(c): a pawn captures on the two touching cells obliquely ahead (White: 10 and 2
/// o'clock, e4 takes d4 or f5; Black: 8 and 4 o'clock), never straight ahead.
#[test]
fn pawn_captures_obliquely_forward() {
    let p = setup(
        &[
            ("e4", 'P'),
            ("d4", 'n'),
            ("f5", 'n'),
            ("e5", 'n'),
            ("d5", 'n'),
            ("a1", 'K'),
            ("l6", 'k'),
        ],
        'w',
    );
    assert_eq!(targets(&p, "e4"), ["d4", "f5"]);
    let p = setup(
        &[
            ("e7", 'p'),
            ("d6", 'N'),
            ("f7", 'N'),
            ("e6", 'N'),
            ("a1", 'K'),
            ("l6", 'k'),
        ],
        'b',
    );
    assert_eq!(targets(&p, "e7"), ["d6", "f7"]);
}

/// §3.6(d): en passant, only on the move right after the double step, on the skipped cell;
/// the pawn that stepped is removed.
#[test]
fn en_passant_capture_right_after_a_double_step() {
    let p = setup(
        &[
            ("e6", 'P'),
            ("c5", 'P'),
            ("d7", 'p'),
            ("a1", 'K'),
            ("l6", 'k'),
        ],
        'b',
    );
    let p = after(&p, "d7-d5");
    assert_eq!(p.ep_cell(), Some(sq("d6")));
    assert!(p.to_notation().contains(" w d6 "), "{}", p.to_notation());
    assert_eq!(targets(&p, "e6"), ["d6", "e7"]);
    assert_eq!(targets(&p, "c5"), ["c6", "d6"]);
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    let ep = l
        .iter()
        .copied()
        .find(|m| m.kind() == MoveKind::EnPassant && m.origin() == sq("e6"))
        .expect("en passant listed");
    assert!(p.is_capture(ep));
    let q = after(&p, "e6-d6");
    assert!(
        q.piece_on(sq("d5")).is_none(),
        "the pawn that stepped is taken"
    );
    assert_eq!(q.piece_on(sq("d6")).map(|x| x.char()), Some('P'));
    assert_eq!(q.occupied().count(), 4);
    // One move later the right is gone.
    let r = after_all(&p, &["a1-a2", "l6-l5"]);
    assert_eq!(r.ep_cell(), None);
    assert_eq!(targets(&r, "e6"), ["e7"]);
    // Black takes en passant too: White e4-e6 skips e5; d5 and f6 take there.
    let p = setup(
        &[
            ("e4", 'P'),
            ("d5", 'p'),
            ("f6", 'p'),
            ("a1", 'K'),
            ("l6", 'k'),
        ],
        'w',
    );
    let p = after(&p, "e4-e6");
    assert!(targets(&p, "d5").contains(&"e5".to_string()));
    assert!(targets(&p, "f6").contains(&"e5".to_string()));
    let q = after(&p, "f6-e5");
    assert!(q.piece_on(sq("e6")).is_none());
}

/// §3.6(d), §4.1: en passant that empties a line onto its own king is illegal.
#[test]
fn en_passant_exposing_the_king_is_illegal() {
    // e6 and d5 both stand on the touching line g7-f7-e6-d5-c4-b3.
    let p = setup(
        &[
            ("g7", 'K'),
            ("e6", 'P'),
            ("d7", 'p'),
            ("b3", 'r'),
            ("l6", 'k'),
        ],
        'b',
    );
    let p = after(&p, "d7-d5");
    assert_eq!(targets(&p, "e6"), ["e7"]);
}

/// §3.6(e): promotion on the last cell of every file (White) and on rank 1 (Black), to
/// queen, rook, bishop or knight, by a step or a capture.
#[test]
fn promotion_cells_of_every_file() {
    let g = geometry();
    for f in 0..11 {
        let len = g.line_len(f);
        let from = g.square_name(g.cell(f, len - 1).unwrap());
        let to = g.square_name(g.cell(f, len).unwrap());
        let p = setup(&[(&from, 'P'), ("f1", 'K'), ("f9", 'k')], 'w');
        let p = if f == 5 {
            setup(&[(&from, 'P'), ("f1", 'K'), ("a1", 'k')], 'w')
        } else {
            p
        };
        let t = targets(&p, &from);
        let want: Vec<String> = ["B", "N", "Q", "R"]
            .iter()
            .map(|r| format!("{to}={r}"))
            .collect();
        assert_eq!(t, want, "white {from}");
        let from = g.square_name(g.cell(f, 2).unwrap());
        let to = g.square_name(g.cell(f, 1).unwrap());
        let p = setup(&[(&from, 'p'), ("f6", 'K'), ("f11", 'k')], 'b');
        let want: Vec<String> = ["B", "N", "Q", "R"]
            .iter()
            .map(|r| format!("{to}={r}"))
            .collect();
        assert_eq!(targets(&p, &from), want, "black {from}");
    }
    // By capture, and the new piece moves as such.
    let p = setup(&[("e9", 'P'), ("d9", 'n'), ("a1", 'K'), ("l6", 'k')], 'w');
    assert_eq!(
        targets(&p, "e9"),
        names(&["d9=B", "d9=N", "d9=Q", "d9=R", "e10=B", "e10=N", "e10=Q", "e10=R"])
    );
    let q = after(&p, "e9-d9=N");
    assert_eq!(q.piece_on(sq("d9")).map(|x| x.role), Some(Role::Knight));
}

/// §3.6(e), §5.3: a pawn move to the end of the file must name its promotion.
#[test]
fn promotion_must_be_named() {
    let p = setup(&[("f10", 'P'), ("a1", 'K'), ("l6", 'k')], 'w');
    assert!(p.parse_move("f10-f11").is_err());
    assert!(p.parse_move("f10-f11=K").is_err());
    assert!(p.parse_move("f10-f11=P").is_err());
    assert!(p.parse_move("f10-f11=Q").is_ok());
    assert!(p.parse_move("f10-f11=n").is_ok());
}

/// §3 (ruling "Glinski"): no castling; the king moves one cell only.
#[test]
fn no_castling() {
    let p = setup(&[("g1", 'K'), ("c1", 'R'), ("i1", 'R'), ("g10", 'k')], 'w');
    let t = targets(&p, "g1");
    assert!(!t.is_empty());
    for c in &t {
        assert!(
            crate::generated::tables::KING[sq("g1") as usize].contains(sq(c)),
            "{c}"
        );
    }
}

/// §4.1: a piece pinned to its king may move only along the pin line.
#[test]
fn pinned_piece_moves_only_along_the_pin() {
    let p = setup(&[("f1", 'K'), ("f3", 'R'), ("f9", 'r'), ("a1", 'k')], 'w');
    assert_eq!(
        targets(&p, "f3"),
        names(&["f2", "f4", "f5", "f6", "f7", "f8", "f9"])
    );
    let p = setup(&[("f1", 'K'), ("f3", 'B'), ("f9", 'r'), ("a1", 'k')], 'w');
    assert!(targets(&p, "f3").is_empty());
}

/// §4.2: checkmate wins.
#[test]
fn checkmate_wins() {
    let p = setup(&[("f11", 'k'), ("f10", 'Q'), ("f9", 'K')], 'b');
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
    assert!(p.parse_move("f11-e10").is_err());
}

/// §4.3 (ruling "Glinski"): stalemate is a win (3/4 point) for the side that stalemated,
/// with its own outcome reason; possible even with bare kings (K c3 against K a1).
#[test]
fn stalemate_wins_for_the_stalemating_side() {
    let p = setup(&[("a1", 'k'), ("c3", 'K')], 'b');
    assert!(moves(&p).is_empty());
    assert!(!p.in_check(Color::Black));
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::StalemateWin
        })
    );
}

/// Ruling G1: threefold repetition is a draw (through the game record).
#[test]
fn threefold_repetition_draws() {
    let mut rec = GameRecord::new(Position::start(()));
    for _ in 0..2 {
        for m in ["d1-c3", "d9-c6", "c3-d1", "c6-d9"] {
            assert!(rec.outcome().is_none());
            rec.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }
    assert_eq!(
        rec.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
}

/// §4.4: no material is declared dead: the game goes on with bare kings (a stalemate can
/// still decide it).
#[test]
fn bare_kings_play_on() {
    let p = setup(&[("a1", 'k'), ("f6", 'K')], 'w');
    assert_eq!(p.outcome(), None);
}

/// §5.2 and the en-passant field: an en-passant cell is kept in the notation after every
/// double step and read back.
#[test]
fn en_passant_field_round_trips() {
    let text = fen(
        &[("e6", 'P'), ("d5", 'p'), ("a1", 'K'), ("l6", 'k')],
        'w',
        "d6",
    );
    let p = pos(&text);
    assert_eq!(p.to_notation(), text);
    assert_eq!(targets(&p, "e6"), ["d6", "e7"]);
}

/// §4.1: in double check only the king moves.
#[test]
fn double_check_allows_only_king_moves() {
    let p = setup(
        &[
            ("f6", 'K'),
            ("a3", 'R'),
            ("f10", 'r'),
            ("e8", 'n'),
            ("l6", 'k'),
        ],
        'w',
    );
    assert!(p.in_check(Color::White));
    let all = moves(&p);
    assert!(!all.is_empty());
    assert!(all.iter().all(|m| m.starts_with("f6-")), "{all:?}");
}

/// §3.1, §4.1: the king may not capture a protected piece, and a check must be answered.
#[test]
fn king_cannot_take_a_protected_piece() {
    let p = setup(
        &[
            ("f6", 'K'),
            ("a3", 'R'),
            ("f7", 'q'),
            ("f11", 'r'),
            ("l6", 'k'),
        ],
        'w',
    );
    let t = targets(&p, "f6");
    assert!(!t.contains(&"f7".to_string()), "{t:?}");
    // The rook cannot help: every legal move is a king move.
    assert!(moves(&p).iter().all(|m| m.starts_with("f6-")));
}
