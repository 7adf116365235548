//! The engine evaluation (not a rule; docs/rules/chess-t.md §11): one test per term, colour
//! symmetry over random play, bounds.

use fairy_kernel::{Color, Game, Heuristics};

use super::build;
use super::random::Rng;
use crate::tables::NO_CELL;
use crate::Variant::{ChessT, ChessT1, ChessT2};
use crate::{MoveList, Position, Variant};

/// The colour-mirrored position: ranks reversed, colours swapped (pieces, side to move,
/// impregnable fields, Konnet flags).
fn mirror(p: &Position) -> Position {
    let files = p.rules().files as usize;
    let ranks = p.rules().ranks as usize;
    let flip = |c: usize| (ranks - 1 - c / files) * files + c % files;
    let mut m = Position::empty(p.variant);
    for c in 0..files * ranks {
        if let Some(piece) = p.piece_on(c as u16) {
            m.put(flip(c) as u8, piece.role, !piece.color);
        }
    }
    let imp = |c: u8| {
        if c == NO_CELL {
            NO_CELL
        } else {
            flip(c as usize) as u8
        }
    };
    m.imp = [imp(p.imp[1]), imp(p.imp[0])];
    m.konnet_flags = (p.konnet_flags & 1) << 1 | (p.konnet_flags >> 1 & 1);
    m.side = !p.side;
    m.halfmove = p.halfmove;
    m.hash = m.compute_hash();
    m
}

fn eval_of(v: Variant, pieces: &[(&str, char)], side: char) -> i32 {
    let fields = if v == ChessT1 { "-" } else { "b4,b5" };
    build(v, pieces, fields, side).evaluate()
}

#[test]
fn start_positions_evaluate_to_zero() {
    for v in Variant::ALL {
        assert_eq!(Position::start(v).evaluate(), 0, "{v}");
    }
}

#[test]
fn evaluation_is_colour_symmetric_and_bounded_over_random_play() {
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for v in Variant::ALL {
        for _game in 0..20 {
            let mut p = Position::start(v);
            for _ply in 0..120 {
                let e = p.evaluate();
                assert!(e.abs() <= 100_000);
                let m = mirror(&p);
                assert_eq!(
                    m.evaluate(),
                    e,
                    "{} vs {}",
                    p.to_notation(),
                    m.to_notation()
                );
                checked += 1;
                let mut moves = MoveList::new();
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                p.play(moves[rng.below(moves.len())]);
            }
        }
    }
    assert!(checked > 1000);
}

#[test]
fn material_counts_for_the_side_to_move() {
    let base = [("e1", 'K'), ("e8", 'k'), ("e2", 'C'), ("e7", 'c')];
    let mut more = base.to_vec();
    more.push(("a1", 'R'));
    for v in [ChessT, ChessT2, ChessT1] {
        assert!(eval_of(v, &more, 'w') > eval_of(v, &base, 'w') + 150);
        assert_eq!(eval_of(v, &more, 'b'), -eval_of(v, &more, 'w'));
    }
}

#[test]
fn a_centralised_piece_scores_more_than_on_the_rim() {
    let base = [("e1", 'K'), ("e8", 'k'), ("e2", 'C'), ("e7", 'c')];
    for piece in ['R', 'S'] {
        let at = |cell| {
            let mut v = base.to_vec();
            v.push((cell, piece));
            eval_of(ChessT2, &v, 'w')
        };
        assert!(at("e4") > at("a3"), "{piece}");
    }
    // The positional table alone (mobility aside), Prince and Konnet too.
    for kind in [
        crate::Role::Prince,
        crate::Role::Konnet,
        crate::Role::Ritter,
    ] {
        let centre = crate::eval::piece_square(9, 8, Color::White, kind, 4 + 9 * 3);
        let rim = crate::eval::piece_square(9, 8, Color::White, kind, 9 * 3);
        assert!(centre > rim, "{kind:?}");
    }
}

#[test]
fn an_advanced_knecht_scores_more_than_a_home_one() {
    let base = [("e1", 'K'), ("e8", 'k'), ("e2", 'C'), ("e7", 'c')];
    let with = |cell, piece| {
        let mut v = base.to_vec();
        v.push((cell, piece));
        eval_of(ChessT, &v, 'w')
    };
    assert!(with("a5", 'N') > with("a2", 'N'));
    assert!(with("a7", 'V') > with("a4", 'V'));
    // Black's Knecht advances downward: a black Knecht on a4 is worse for White than on a7.
    assert!(with("a4", 'n') < with("a7", 'n'));
}

#[test]
fn royal_defenders_in_the_own_castle_count() {
    // The white Prince in its castle (d1) against the same Prince outside it (a1); the
    // centre-less rim cells keep mobility and centralisation close.
    let base = [("e1", 'K'), ("e8", 'k'), ("e7", 'c'), ("i5", 'C')];
    let mut inside = base.to_vec();
    inside.push(("d1", 'P'));
    let mut outside = base.to_vec();
    outside.push(("a1", 'P'));
    assert!(eval_of(ChessT, &inside, 'w') > eval_of(ChessT, &outside, 'w'));
}

#[test]
fn a_prince_near_the_enemy_castle_threatens_more_when_it_is_empty() {
    // White Prince on e5 (two cells from e7) against a Prince on e3, Black's castle
    // defended by its King, then empty of royal pieces (the black King outside).
    let near = |king: &'static str| {
        let v = [("e1", 'K'), ("e2", 'C'), (king, 'k'), ("e5", 'P')];
        eval_of(ChessT, &v, 'w')
    };
    let far = |king: &'static str| {
        let v = [("e1", 'K'), ("e2", 'C'), (king, 'k'), ("e3", 'P')];
        eval_of(ChessT, &v, 'w')
    };
    assert!(near("e8") > far("e8"));
    assert!(near("a8") - far("a8") > near("e8") - far("e8"));
}
