//! The end of the game (docs/rules/synthesis.md section 5; seed §Goal, §6; S7, S12; G1)
//! and the kernel's `Game` trait.

use fairy_kernel::{perft, Color, Game, GameRecord, Outcome, Reason};
use fairy_synthesis::Position;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
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
    let mut g = GameRecord::new(Position::start());
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
    assert_eq!(Game::evaluate(&p), 0, "the start is symmetric");
    assert!(Game::diagram(&p).contains("r n b q k b n r"));
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
    assert!(Game::evaluate(&w) > 800);
    assert_eq!(Game::evaluate(&w), -Game::evaluate(&b));
}
