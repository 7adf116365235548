//! One test per rule of `docs/rules/dainy.md`, named after the rule, citing the seed
//! article and the ruling.

use fairy_kernel::{perft, Color, Game, GameRecord, Geometry, Outcome, Reason};

use super::{after, moves, names, pos, sq, targets};
use crate::generated::tables::COLOUR;
use crate::notation::geometry;
use crate::tables::{king, LINE_LENGTHS};
use crate::{Position, Role};

/// Builds a position from `"Ka4 Ra1 kk4"` (piece letter, then cell; upper case White).
pub(crate) fn setup(list: &str, side: char, castling: &str) -> Position {
    let g = geometry();
    let mut cells = [None; 80];
    for tok in list.split_whitespace() {
        let mut cs = tok.chars();
        let piece = cs.next().expect("piece letter");
        cells[sq(cs.as_str()) as usize] = Some(piece);
    }
    let mut board = String::new();
    for line in (0..11).rev() {
        let mut empty = 0;
        for n in 1..=LINE_LENGTHS[line] {
            match cells[g.cell(line, n).expect("cell") as usize] {
                Some(c) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    board.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if line > 0 {
            board.push('/');
        }
    }
    pos(&format!("{board} {side} {castling} 0 1"))
}

// ---- The board (seed §2.1, §5.1; ruling H1) ----

#[test]
fn board_has_80_cells_in_lines_a_to_k_of_5_to_10_cells() {
    // Seed §5.1: "A от 1 до 5 … F от 1 до 10 … K от 1 до 5"; §2.1: 80 cells.
    let g = geometry();
    assert_eq!(g.cell_count(), 80);
    for (line, &len) in LINE_LENGTHS.iter().enumerate() {
        assert_eq!(g.line_len(line), len);
    }
    assert_eq!(g.square_name(0), "a1");
    assert_eq!(g.square_name(79), "k5");
    assert!(g.parse_square("j6").is_ok(), "line j is used (ruling H1)");
}

#[test]
fn board_touching_cells_follow_ruling_h1() {
    // a1 touches a2, b1, b2; in the upper half f1 touches only g1 upward, f2 touches g1, g2.
    let g = geometry();
    let touching = |name: &str| -> Vec<String> {
        let s = sq(name);
        let mut v: Vec<String> = crate::hexmoves::TOUCHING
            .iter()
            .filter_map(|&d| g.step(s, d))
            .map(|t| g.square_name(t))
            .collect();
        v.sort();
        v
    };
    assert_eq!(touching("a1"), names(&["a2", "b1", "b2"]));
    assert_eq!(touching("f1"), names(&["e1", "f2", "g1"]));
    assert_eq!(touching("f2"), names(&["e1", "e2", "f1", "f3", "g1", "g2"]));
    // The hexagon's sides: two of 5 cells (lines a and k) and four of 6 (seed §2.1).
    assert_eq!(
        touching("f10"),
        names(&["e9", "f9", "g9"]),
        "f10 is a corner"
    );
}

#[test]
fn board_three_colours_27_27_26_touching_cells_differ() {
    // Seed §2.1: cells alternately light, grey and dark; ruling H1: colour (y + w) mod 3.
    let mut count = [0; 3];
    for &c in COLOUR.iter() {
        count[c as usize] += 1;
    }
    assert_eq!(count, [27, 27, 26]);
    let g = geometry();
    for s in g.squares() {
        for &d in &crate::hexmoves::TOUCHING {
            if let Some(t) = g.step(s, d) {
                assert_ne!(COLOUR[s as usize], COLOUR[t as usize]);
            }
        }
    }
    assert_eq!(
        COLOUR[sq("a1") as usize],
        0,
        "a1 is light (implementation decision)"
    );
}

#[test]
fn board_g6_lines_of_seed_2_4() {
    // Seed §2.4 shows the lines through a piece on G-6 (picture lost): the horizontal g1..g9,
    // the two verticals and the three diagonals of ruling H1.
    let p = setup("Ka1 kk1 Qg6", 'w', "-");
    let t = targets(&p, "g6");
    for c in ["g1", "g5", "g7", "g9"] {
        assert!(t.contains(&c.to_string()), "horizontal {c}");
    }
    // Verticals g6-h5-i4-j3-k2, g6-h6-i6-j6 and back f7-e7-d7-c7, f6-e5-d4-c3-b2 (a1 holds
    // the own king); diagonals g6-i5, g6-h7, g6-h4-i2, g6-e6-c5-a4, g6-f5-e3-d1, g6-f8-e9.
    for c in [
        "h5", "i4", "k2", "h6", "j6", "f7", "c7", "f6", "b2", "i5", "h7", "i2", "a4", "d1", "e9",
    ] {
        assert!(t.contains(&c.to_string()), "{c} in {t:?}");
    }
}

// ---- Start position (seed §2.2, §2.3; ruling H3) ----

#[test]
fn start_position_is_ruling_h3() {
    let p = Position::start(());
    assert_eq!(
        p.to_notation(),
        "r2kr/nbbbqn/ppppppp/8/9/10/9/8/PPPPPPP/NBBBQN/R2KR w KQkq 0 1"
    );
    for c in Color::ALL {
        assert_eq!(p.occupied_by(c).count(), 16, "seed §2.2: 16 pieces");
        assert_eq!(p.pieces(c, Role::Pawn).count(), 7);
        assert_eq!(p.pieces(c, Role::Bishop).count(), 3);
        let mut colours: Vec<u8> = p
            .pieces(c, Role::Bishop)
            .iter()
            .map(|s| COLOUR[s as usize])
            .collect();
        colours.sort_unstable();
        assert_eq!(colours, [0, 1, 2], "three bishops on three colours");
    }
    assert_eq!(p.side_to_move(), Color::White, "seed §1.1: White begins");
}

#[test]
fn start_position_perft_matches_checkpoints() {
    let p = Position::start(());
    assert_eq!(perft(&p, 1), 53);
    assert_eq!(perft(&p, 2), 2664);
}

#[test]
fn start_bishops_and_queens_face_their_twins_across_open_lines() {
    // Ruling H3 keeps this consequence: b2-j2 and b5-j5 capture on move 1.
    let m = moves(&Position::start(()));
    for c in ["b2-j2", "b3-j3", "b4-j4", "b5-j5"] {
        assert!(m.contains(&c.to_string()), "{c}");
    }
}

// ---- Piece moves (seed §3.1-§3.8; rulings H2, H4) ----

#[test]
fn rook_moves_along_the_six_touching_directions() {
    // Seed §3.3.
    let p = setup("Ka1 kk1 Rf5", 'w', "-");
    let want = "a5 b1 b5 c2 c5 d3 d5 e4 e5 f1 f10 f2 f3 f4 f6 f7 f8 f9 g4 g5 h3 h5 i2 i5 j1 j5 k5";
    assert_eq!(
        targets(&p, "f5"),
        names(&want.split(' ').collect::<Vec<_>>())
    );
}

#[test]
fn bishop_moves_along_the_six_diagonals() {
    // Seed §3.2.
    let p = setup("Ka1 kk1 Bf5", 'w', "-");
    let want = "b3 d1 d4 d7 e3 e6 g3 g6 h1 h4 h7 j3";
    assert_eq!(
        targets(&p, "f5"),
        names(&want.split(' ').collect::<Vec<_>>())
    );
}

#[test]
fn bishop_never_leaves_its_colour() {
    // Seed §3.2, §2.2 (three bishops): every empty-board bishop target of every cell has the
    // cell's colour; the random-play property test checks every bishop move played.
    let g = geometry();
    for s in g.squares() {
        let t = crate::bishop_attacks(s, crate::Cells::EMPTY);
        assert!(t.iter().all(|x| COLOUR[x as usize] == COLOUR[s as usize]));
    }
}

#[test]
fn queen_moves_as_rook_and_bishop() {
    // Seed §3.4.
    let q = targets(&setup("Ka1 kk1 Qf5", 'w', "-"), "f5");
    let mut rb = targets(&setup("Ka1 kk1 Rf5", 'w', "-"), "f5");
    rb.extend(targets(&setup("Ka1 kk1 Bf5", 'w', "-"), "f5"));
    rb.sort();
    assert_eq!(q, rb);
    assert_eq!(q.len(), 39);
}

#[test]
fn sliders_do_not_pass_occupied_cells() {
    // Seed §3.5: the rook stops before its own knight on f7 and captures on f3.
    let p = setup("Ka1 kk1 Rf5 Nf7 pf3", 'w', "-");
    let t = targets(&p, "f5");
    assert!(t.contains(&"f6".to_string()) && t.contains(&"f3".to_string()));
    for c in ["f7", "f8", "f2", "f1"] {
        assert!(!t.contains(&c.to_string()), "{c}");
    }
}

#[test]
fn knight_has_12_targets_from_a_central_cell() {
    // Seed §3.6; ruling H2: the nearest cells on no line.
    let p = setup("Ka1 kk1 Nf5", 'w', "-");
    let want = [
        "c3", "c4", "d2", "d6", "e2", "e7", "g2", "g7", "h2", "h6", "i3", "i4",
    ];
    assert_eq!(targets(&p, "f5"), names(&want));
}

#[test]
fn knight_leaps_over_surrounding_pieces() {
    // Ruling H2: the knight leaps. Surround f5 with the own king's neighbours.
    let p = setup("Ka1 kk1 Nf5 Pe4 Pe5 Pf4 Pf6 Pg4 Pg5", 'w', "-");
    assert_eq!(targets(&p, "f5").len(), 12);
}

#[test]
fn king_moves_to_its_12_neighbours() {
    // Seed §3.8(a); ruling H2.
    let p = setup("Kf5 kk1", 'w', "-");
    let want = [
        "d4", "e3", "e4", "e5", "e6", "f4", "f6", "g3", "g4", "g5", "g6", "h4",
    ];
    assert_eq!(targets(&p, "f5"), names(&want));
    assert_eq!(king(geometry())[sq("f5") as usize].count(), 12);
}

#[test]
fn king_does_not_move_onto_a_cell_attacked_even_by_a_pinned_piece() {
    // Seed §3.8(a): opponent's pieces attack a cell even when they cannot move. The black
    // rook f8 is pinned by the white rook f1 against its king f10, yet it covers g7.
    let p = setup("Kg6 Rf1 rf8 kf10", 'w', "-");
    let want = ["e6", "f8", "g5", "h4", "h5", "h7"];
    assert_eq!(targets(&p, "g6"), names(&want));
    let free = setup("Kg6 kf10", 'w', "-");
    assert!(targets(&free, "g6").contains(&"g7".to_string()));
}

#[test]
fn pawn_steps_straight_ahead_along_the_diagonal() {
    // Seed §3.7(a); ruling H4: (+2,+1) for White, to an empty cell, never a capture.
    assert_eq!(
        targets(&setup("Ka1 kk3 Pe4", 'w', "-"), "e4"),
        names(&["g4"])
    );
    assert_eq!(
        targets(&setup("Ka1 kk3 Pf4", 'w', "-"), "f4"),
        names(&["h3"])
    );
    // Blocked by any piece; the pawn cannot capture straight ahead.
    assert!(targets(&setup("Ka1 kk3 Ph5 nj4 rj5", 'w', "-"), "h5").is_empty());
    // Black steps (-2,-1).
    let b = setup("Ka1 kk3 pg5", 'b', "-");
    assert_eq!(targets(&b, "g5"), names(&["e5"]));
}

#[test]
fn pawn_first_move_options_from_the_starting_line() {
    // Seed §3.7(b); ruling H4: from line c also a step onto either touching cell ahead.
    assert_eq!(
        targets(&setup("Ka1 kk1 Pc3", 'w', "-"), "c3"),
        names(&["d3", "d4", "e4"])
    );
    assert_eq!(
        targets(&setup("Ka1 kk1 Pc3 Nd3", 'w', "-"), "c3"),
        names(&["d4", "e4"])
    );
    // Black from line i: (-1,0), (-1,-1), and the step (-2,-1).
    assert_eq!(
        targets(&setup("Ka1 kk3 pi3", 'b', "-"), "i3"),
        names(&["g4", "h3", "h4"])
    );
    // A pawn that left its starting line has no such option.
    assert_eq!(
        targets(&setup("Ka1 kk1 Pd3", 'w', "-"), "d3"),
        names(&["f4"])
    );
}

#[test]
fn pawn_captures_on_the_touching_cells_ahead() {
    // Seed §3.7(c); ruling H4: "moves like a bishop, threatens like a rook".
    let p = setup("Ka1 kk1 Pe4 ng4 nf4 Bf5", 'w', "-");
    assert_eq!(targets(&p, "e4"), names(&["f4"]));
    // Only opponent's pieces are captured; the first-move option is not a capture option.
    let p = setup("Ka1 kk1 Pc3 pe4 pd4", 'w', "-");
    assert_eq!(targets(&p, "c3"), names(&["d3", "d4"]));
}

#[test]
fn pawn_promotes_on_the_farthest_line_to_four_pieces() {
    // Seed §3.7(d); ruling H4: White on line k, Black on line a; Q, R, B or N.
    let p = setup("Ka1 kk5 Pi2", 'w', "-");
    assert_eq!(targets(&p, "i2"), names(&["k1=B", "k1=N", "k1=Q", "k1=R"]));
    let p = setup("Ka1 kk4 Pj2 rk2", 'w', "-");
    assert_eq!(targets(&p, "j2"), names(&["k2=B", "k2=N", "k2=Q", "k2=R"]));
    let q = after(&p, "j2-k2=N");
    assert_eq!(
        q.piece_on(sq("k2")).map(|x| (x.color, x.role)),
        Some((Color::White, Role::Knight))
    );
    let b = setup("Ra1 Kk1 kf10 pb2", 'b', "-");
    assert_eq!(targets(&b, "b2"), names(&["a1=B", "a1=N", "a1=Q", "a1=R"]));
}

#[test]
fn pawn_on_line_j_only_captures() {
    // Ruling H4 consequence: a White pawn on line j has no step.
    assert!(targets(&setup("Ka1 kk4 Pj2", 'w', "-"), "j2").is_empty());
}

// ---- Castling (seed §3.8(b), §3.9; ruling H3) ----

const CASTLE_BASE: &str = "Ra1 Ka4 Ra5 rk1 kk4 rk5";

#[test]
fn castling_long_and_short_for_both_sides() {
    let p = setup(CASTLE_BASE, 'w', "KQkq");
    let t = targets(&p, "a4");
    assert!(t.contains(&"a1".to_string()) && t.contains(&"a5".to_string()));
    let long = after(&p, "a4-a1");
    assert_eq!(
        long.to_notation(),
        "r2kr/6/7/8/9/10/9/8/7/6/KR2R b kq 1 1",
        "king a1, rook a2"
    );
    let short = after(&p, "a4-a5");
    assert_eq!(short.to_notation(), "r2kr/6/7/8/9/10/9/8/7/6/R2RK b kq 1 1");
    let b = setup(CASTLE_BASE, 'b', "KQkq");
    assert_eq!(
        after(&b, "k4-k1").to_notation(),
        "kr2r/6/7/8/9/10/9/8/7/6/R2KR w KQ 1 2"
    );
    assert_eq!(
        after(&b, "k4-k5").to_notation(),
        "r2rk/6/7/8/9/10/9/8/7/6/R2KR w KQ 1 2"
    );
}

#[test]
fn castling_impossible_after_the_king_moved() {
    // Seed §3.9(1)(a).
    let p = setup(CASTLE_BASE, 'w', "KQkq");
    let p = after(
        &after(&after(&after(&p, "a4-a3"), "k4-k3"), "a3-a4"),
        "k3-k4",
    );
    assert_eq!(p.to_notation().split(' ').nth(2), Some("-"));
    let t = targets(&p, "a4");
    assert!(!t.contains(&"a1".to_string()) && !t.contains(&"a5".to_string()));
}

#[test]
fn castling_impossible_with_a_rook_that_moved() {
    // Seed §3.9(1)(b): only the other rook keeps its right.
    let p = setup(CASTLE_BASE, 'w', "KQkq");
    let p = after(
        &after(&after(&after(&p, "a1-a2"), "k5-j6"), "a2-a1"),
        "j6-k5",
    );
    assert_eq!(p.to_notation().split(' ').nth(2), Some("Kq"));
    let t = targets(&p, "a4");
    assert!(!t.contains(&"a1".to_string()) && t.contains(&"a5".to_string()));
}

#[test]
fn castling_refused_in_check() {
    // Seed §3.9(2)(a): the black rook e4 attacks a4.
    let p = setup("Ra1 Ka4 Ra5 re4 kk3", 'w', "KQ");
    assert_eq!(targets(&p, "a4"), names(&["a3", "b3", "b5", "b6", "c5"]));
}

#[test]
fn castling_may_pass_over_an_attacked_cell() {
    // docs/rules/dainy.md, H3: only the king's cell and the cell it lands on must be
    // unattacked; the king may cross an attacked a3 (rook e3) or a2 (rook e2), and the rook
    // may land on the attacked a2.
    for list in ["Ra1 Ka4 Ra5 re3 kk3", "Ra1 Ka4 Ra5 re2 kk3"] {
        let p = setup(list, 'w', "KQ");
        let t = targets(&p, "a4");
        assert!(
            t.contains(&"a1".to_string()) && t.contains(&"a5".to_string()),
            "{list}"
        );
        let q = after(&p, "a4-a1");
        assert!(!q.in_check(Color::White), "{list}");
    }
    // The same for Black crossing k3 and k2.
    for list in ["rk1 kk4 rk5 Rg3 Ka3", "rk1 kk4 rk5 Rg2 Ka3"] {
        let p = setup(list, 'b', "kq");
        assert!(targets(&p, "k4").contains(&"k1".to_string()), "{list}");
    }
}

#[test]
fn castling_over_a_cell_attacked_from_the_start() {
    // docs/rules/dainy.md, H3: 1. b2-j2 (or b4-j4) takes a bishop and attacks a cell the
    // black king crosses in long castling; Black may still castle, so perft 2 from the
    // start is 2664.
    let start = Position::start(());
    for first in ["b2-j2", "b4-j4"] {
        let p = after(&start, first);
        let crossed = ["k2", "k3"]
            .iter()
            .any(|c| p.attackers(sq(c), Color::White, p.occupied()).any());
        assert!(crossed, "{first} attacks k2 or k3");
        assert!(targets(&p, "k4").contains(&"k1".to_string()), "{first}");
    }
    assert_eq!(perft(&start, 2), 2664);
    assert_eq!(super::reference::Ref::from_dainy(&start).perft(2), 2664);
}

#[test]
fn castling_refused_onto_an_attacked_cell() {
    // Seed §3.9(2)(a): long onto a1 (rook e1), short onto a5 (rook e9).
    let p = setup("Ra1 Ka4 Ra5 re1 kk3", 'w', "KQ");
    let t = targets(&p, "a4");
    assert!(!t.contains(&"a1".to_string()) && t.contains(&"a5".to_string()));
    let p = setup("Ra1 Ka4 Ra5 re9 kk3", 'w', "KQ");
    let t = targets(&p, "a4");
    assert!(t.contains(&"a1".to_string()) && !t.contains(&"a5".to_string()));
}

#[test]
fn castling_refused_when_a_piece_stands_between() {
    // Seed §3.9(2)(b).
    let p = setup("Ra1 Na2 Ka4 Ra5 kk3", 'w', "KQ");
    let t = targets(&p, "a4");
    assert!(!t.contains(&"a1".to_string()) && t.contains(&"a5".to_string()));
}

// ---- Check (seed §3.9(2)(c), §3.10; ruling H5) ----

#[test]
fn no_move_may_leave_the_own_king_in_check() {
    // Seed §3.10: the rook f3 is pinned along line f and keeps to it.
    let p = setup("Kf1 Rf3 rf8 kk1", 'w', "-");
    assert_eq!(
        targets(&p, "f3"),
        names(&["f2", "f4", "f5", "f6", "f7", "f8"])
    );
    // A pinned bishop cannot move at all.
    let p = setup("Kf1 Bf3 rf8 kk1", 'w', "-");
    assert!(targets(&p, "f3").is_empty());
}

#[test]
fn check_must_be_answered() {
    // Seed §3.10: in check by the rook e4 only king moves, captures of the checker and
    // blocks on b4, c4, d4 are legal.
    let p = setup("Ka4 Nb1 re4 kk3 Bf4", 'w', "-");
    assert!(p.in_check(Color::White));
    for m in moves(&p) {
        let q = after(&p, &m);
        assert!(!q.in_check(Color::White), "{m}");
    }
}

// ---- End of the game (seed §4; rulings H5, G1) ----

#[test]
fn checkmate_wins() {
    // Seed §1.2, §4.1(a).
    let p = setup("Kf3 Bb5 kf1", 'b', "-");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
}

#[test]
fn stalemate_is_a_draw() {
    // Seed §4.2(a): the black king a1 has no move and is not in check.
    let p = setup("Kc3 Nd5 ka1", 'b', "-");
    assert!(moves(&p).is_empty() && !p.in_check(Color::Black));
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn dead_position_bare_kings_is_a_draw() {
    // Seed §4.2(b): king against king can never be mated.
    let p = setup("Kf3 kk3", 'w', "-");
    assert!(!moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Reason::DeadPosition
        })
    );
}

#[test]
fn dead_position_not_declared_for_king_and_minor_piece() {
    // Implementation decision (docs/rules/dainy.md §5): on this board a king and one minor
    // piece can mate a lone king, so such positions are not dead.
    for (mate, other) in [
        ("Kc3 Be3 ka1", "Kc3 Be3 kk3"),
        ("Kc3 Nb4 ka1", "Kc3 Nb4 kk3"),
        ("Kc3 Bb3 ka1", "Kc3 Bb3 kk3"),
        ("Kc5 Bb4 ka5", "Kc5 Bb4 kk3"),
        ("Kf3 Bb5 kf1", "Kf3 Bb5 kk3"),
    ] {
        let p = setup(mate, 'b', "-");
        assert_eq!(
            p.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: Reason::Checkmate
            }),
            "{mate}"
        );
        assert_eq!(setup(other, 'w', "-").outcome(), None, "{other}");
    }
}

#[test]
fn threefold_repetition_is_a_draw() {
    // Seed §4.2(d); ruling G1 (decided by the kernel's GameRecord from the hash).
    let mut g = GameRecord::new(Position::start(()));
    for _ in 0..2 {
        for m in ["b1-a3", "j1-k3", "a3-b1", "k3-j1"] {
            assert!(g.outcome().is_none());
            g.play_text(m).expect("legal");
        }
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
}
