//! The end of the game (docs/rules/synthesis.md section 5; seed §Goal, §6; S7, S12; G1)
//! and the kernel's `Game` trait.

use fairy_kernel::{perft, Color, Game, GameRecord, Heuristics, Outcome, Presentation, Reason};
use fairy_synthesis::Position;

mod common;
use common::reference::RefPos;

fn pos(fen: &str) -> Position {
    Position::from_notation((), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn line(p: &Position, moves: &str) -> Position {
    let mut p = *p;
    for t in moves.split_whitespace() {
        let m = Game::parse_move(&p, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        Game::play(&mut p, m);
    }
    p
}

#[test]
fn classic_late_checkmate_wins_seed_6_s7() {
    let p = line(&pos("7k/8/5KQ1/8/8/8/8/8 w - - 0 1 L/H"), "g6-g7");
    assert_eq!(
        Game::outcome(&p),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
}

/// The fast and the reference generator's legal move texts, sorted.
fn both_move_lists(p: &Position) -> (Vec<String>, Vec<String>) {
    let mut fast: Vec<String> = p.legal_move_list().iter().map(|m| m.to_string()).collect();
    fast.sort();
    let mut slow: Vec<String> = RefPos::from_position(p)
        .legal()
        .iter()
        .map(|m| m.text())
        .collect();
    slow.sort();
    (fast, slow)
}

#[test]
fn classic_late_mate_stands_against_a_counter_check_s7() {
    // docs/rules/synthesis.md, S7: Black could answer with a1-a6+ or a1-f1+ (check in
    // answer to check), but White, CLASSIC-LATE, has mated: the game is over.
    let p = pos("7k/6Q1/5K2/8/8/8/8/r7 b - - 0 1 L/H");
    let (fast, slow) = both_move_lists(&p);
    assert!(fast.is_empty(), "{fast:?}");
    assert_eq!(fast, slow);
    assert_eq!(perft(&p, 1), 0);
    assert_eq!(
        Game::outcome(&p),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
    assert_eq!(Game::outcome(&p).map(|o| o.result_str()), Some("1-0"));
    // The same position with White not CLASSIC-LATE: the counter-checks are played.
    let q = pos("7k/6Q1/5K2/8/8/8/8/r7 b - - 0 1 H/H");
    let (fast, slow) = both_move_lists(&q);
    assert!(fast.contains(&"a1-a6".to_string()), "{fast:?}");
    assert_eq!(fast, slow);
    assert_eq!(Game::outcome(&q), None);
}

#[test]
fn classic_late_mate_stands_even_if_the_mating_king_can_be_taken_s7() {
    // The rook f1 attacks the White king f6: Black could capture it, but the mate came
    // first.
    let p = pos("7k/6Q1/5K2/8/8/8/8/5r2 b - - 0 1 L/H");
    let (fast, slow) = both_move_lists(&p);
    assert!(fast.is_empty(), "{fast:?}");
    assert_eq!(fast, slow);
    assert_eq!(
        Game::outcome(&p),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
    let q = pos("7k/6Q1/5K2/8/8/8/8/5r2 b - - 0 1 H/H");
    assert!(q.legal_move_list().iter().any(|m| m.to_string() == "f1-f6"));
}

#[test]
fn classic_late_check_with_an_escape_keeps_the_counter_checks_s7() {
    // The queen h1 checks h8 but g8 is free: no mate, so a1-a6+ stays legal.
    let p = pos("7k/8/5K2/8/8/8/8/r6Q b - - 0 1 L/H");
    let (fast, slow) = both_move_lists(&p);
    assert!(fast.contains(&"h8-g8".to_string()), "{fast:?}");
    assert!(fast.contains(&"a1-a6".to_string()), "{fast:?}");
    assert_eq!(fast, slow);
    assert_eq!(Game::outcome(&p), None);
}

#[test]
fn no_legal_move_while_attacked_loses_in_every_mode_s12() {
    // docs/rules/synthesis.md 9.6: the BEREFT king at B0 cannot escape.
    let p = line(&pos("k7/8/8/8/8/8/B7/4K2r w - - 0 1 B1/H"), "e1-e2 h1-h2");
    assert_eq!(
        Game::outcome(&p),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Checkmate
        })
    );
}

#[test]
fn stalemate_is_a_draw_s7() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 L/H");
    assert_eq!(
        Game::outcome(&p),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn king_capture_reply_decides_the_winner_seed_goal_s7() {
    let start = pos("7k/R7/8/4r3/8/8/8/4K3 w - - 0 1");
    // Black captures the White king; White has a reply and wins by capturing last.
    let p = line(&start, "a7-a8 e5-e1");
    assert_eq!(Game::outcome(&p), None, "the reply is still to be played");
    let p = line(&p, "a8-h8");
    assert_eq!(
        Game::outcome(&p),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::KingCaptured
        })
    );
    // No reply possible: the first capturer wins.
    let p = pos("7k/8/8/8/8/8/8/4r3 w - - 0 1 H/H");
    assert_eq!(
        Game::outcome(&p),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::KingCaptured
        })
    );
}

#[test]
fn threefold_repetition_is_a_draw_g1() {
    let mut g = GameRecord::new(Position::new());
    for t in "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1 f6-g8".split_whitespace() {
        assert_eq!(g.outcome(), None);
        g.play_text(t).unwrap();
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
    // Perft ignores repetition (S14).
    assert_eq!(perft(g.position(), 1), 20);
}

#[test]
fn game_trait_round_trips_and_perft_checkpoints() {
    let p = <Position as Game>::start(());
    assert_eq!(
        p.to_notation(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        <Position as Game>::from_notation((), &p.to_notation()).unwrap(),
        p
    );
    assert_eq!(perft(&p, 1), 20);
    assert_eq!(perft(&p, 2), 400);
    assert_eq!(perft(&p, 3), 8576);
    assert_eq!(Heuristics::evaluate(&p), 0, "the start is symmetric");
    assert!(Presentation::diagram(&p).contains("r n b q k b n r"));
    assert_eq!(Game::parse_square(&p, "e4").unwrap(), 28);
    assert!(Game::parse_square(&p, "i9").is_err());
    let m = Game::parse_move(&p, "e2-e4").unwrap();
    assert_eq!(Game::format_move(&p, m), "e2-e4");
    assert_eq!(Game::move_origin(&p, m), 12);
    assert!(!Game::is_capture(&p, m));
    assert_eq!(Game::hash(&p), Game::hash_from_scratch(&p));
}

#[test]
fn evaluate_counts_material_from_the_side_to_move() {
    // White is a queen up (SWAPPED queen on d4 is still a queen).
    let w = pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -/H");
    let b = pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 -/H");
    assert!(Heuristics::evaluate(&w) > 800);
    assert_eq!(Heuristics::evaluate(&w), -Heuristics::evaluate(&b));
}
