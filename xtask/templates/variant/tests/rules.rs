//! One test per rule of docs/rules/{{name}}.md, named after its label.

mod common;

use common::{place, random_positions};
use {{crate}}::board::CELLS;
use {{crate}}::prelude::*;

/// {{label}}1: the board has its cells, each with a name that reads back.
#[test]
fn {{label_lower}}1_every_cell_has_a_name_that_reads_back() {
    assert_eq!(Square::all().count(), CELLS);
    for sq in Square::all() {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }
    assert!("{{off_board}}".parse::<Square>().is_err());
}

/// {{label}}2: a king steps to each of its neighbours.
#[test]
fn {{label_lower}}2_a_king_steps_to_every_neighbour() {
    let p = place(&[("{{center}}", 'K'), ("{{far2}}", 'k')], 'w');
    assert_eq!(p.count_legal_moves(), {{center_king_moves}});
}

/// {{label}}2: a rook slides along its lines to the edge of an empty board.
#[test]
fn {{label_lower}}2_a_rook_slides_to_the_edge() {
    let p = place(&[("{{center}}", 'R'), ("{{far1}}", 'K'), ("{{far2}}", 'k')], 'w');
    let rook: Square = "{{center}}".parse().unwrap();
    let mut moves = MoveList::default();
    p.legal_moves(&mut moves);
    let rook_moves = moves.iter().filter(|m| m.from == rook).count();
    assert_eq!(rook_moves, {{center_rook_moves}});
}

/// {{label}}3: no piece moves onto its own side's piece, and a rook stops at the first
/// occupied cell (capturing it if it is the enemy's).
#[test]
fn {{label_lower}}3_captures_only_the_enemy_and_lines_stop_at_a_piece() {
    // A white rook behind the king: the king's own cell blocks the line.
    let p = place(&[("{{center}}", 'R'), ("{{next}}", 'K'), ("{{far2}}", 'k')], 'w');
    let next: Square = "{{next}}".parse().unwrap();
    let mut moves = MoveList::default();
    p.legal_moves(&mut moves);
    assert!(moves.iter().all(|m| m.to != next));
    let rook: Square = "{{center}}".parse().unwrap();
    let rook_moves = |p: &Position| {
        let mut moves = MoveList::default();
        p.legal_moves(&mut moves);
        moves.iter().filter(|m| m.from == rook).count()
    };
    let open = place(&[("{{center}}", 'R'), ("{{far1}}", 'K'), ("{{far2}}", 'k')], 'w');
    assert!(rook_moves(&p) < rook_moves(&open));
    // The same with a black king there: the rook may take it, and goes no further.
    let enemy = place(&[("{{center}}", 'R'), ("{{far1}}", 'K'), ("{{next}}", 'k')], 'w');
    assert_eq!(rook_moves(&enemy), rook_moves(&p) + 1);
    for p in random_positions(10, 60) {
        let mut moves = MoveList::default();
        p.legal_moves(&mut moves);
        for &m in moves.iter() {
            if let Some(victim) = p.piece_at(m.to) {
                assert_ne!(victim.color, p.side_to_move(), "{p}: {m}");
                assert!(p.is_capture(m));
            }
        }
    }
}

/// {{label}}4: there is no check rule; a king may stay or step into attack, and the side
/// whose king is captured loses.
#[test]
fn {{label_lower}}4_capturing_the_king_wins_and_check_does_not_restrict() {
    let mut p = place(&[("{{center}}", 'R'), ("{{far1}}", 'K'), ("{{next}}", 'k')], 'b');
    assert!(p.is_check());
    // Black may leave its king attacked: some move keeps it on the rook's line.
    let mut moves = MoveList::default();
    p.legal_moves(&mut moves);
    assert!(moves.iter().any(|&m| {
        let mut child = p.clone();
        child.play(m);
        child.king(Color::Black).is_some_and(|k| child.is_attacked(k, Color::White))
    }));
    // White to move takes the king.
    p = place(&[("{{center}}", 'R'), ("{{far1}}", 'K'), ("{{next}}", 'k')], 'w');
    p.play_text("{{center}}x{{next}}").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::KingCaptured
        })
    );
    assert_eq!(p.count_legal_moves(), 0);
    // The position after the capture is a position of the game: it reads back.
    assert_eq!(p.to_string().parse::<Position>(), Ok(p.clone()));
}

/// {{label}}5: a hundred plies without a capture draw the game.
#[test]
fn {{label_lower}}5_the_move_rule_draws() {
    let board = START.split(' ').next().unwrap();
    let p: Position = format!("{board} w 100 60").parse().unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Reason::MoveRule
        })
    );
    assert_eq!(p.count_legal_moves(), 0);
    let q: Position = format!("{board} w 99 60").parse().unwrap();
    assert_eq!(q.outcome(), None);
}

/// {{label}}6: the evaluation counts material from the side to move's view.
#[test]
fn {{label_lower}}6_evaluation_counts_material_for_the_side_to_move() {
    let up = place(&[("{{center}}", 'R'), ("{{far1}}", 'K'), ("{{far2}}", 'k')], 'w');
    let down = place(&[("{{center}}", 'R'), ("{{far1}}", 'K'), ("{{far2}}", 'k')], 'b');
    assert!(up.evaluate() > 0);
    assert_eq!(up.evaluate(), -down.evaluate());
    assert_eq!(Position::new().evaluate(), 0);
}
