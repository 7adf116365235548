//! The engine on the toy game: exact values against a plain minimax, mates, captures,
//! limits, the principal variation, and the incremental hash.

use std::time::{Duration, Instant};

use fairy_engine::toy::{Toy, ToyRules};
use fairy_engine::{
    mate_score, random_move, Limits, Rng, SearchConfig, Searcher, Value, DRAW, INFINITY,
    QUIESCENCE_DEPTH,
};
use fairy_kernel::{Game, Outcome};

fn outcome_score(o: Outcome, pos: &Toy, ply: usize) -> Value {
    match o.winner() {
        Some(w) if w == pos.side_to_move() => mate_score(ply),
        Some(_) => -mate_score(ply),
        None => DRAW,
    }
}

fn moves(pos: &Toy) -> Vec<<Toy as Game>::Move> {
    let mut list = <Toy as Game>::MoveList::default();
    pos.legal_moves(&mut list);
    list.as_slice().to_vec()
}

/// Captures below the horizon, without pruning, at most `QUIESCENCE_DEPTH` deep.
fn quiesce(pos: &Toy, ply: usize, qdepth: u32) -> Value {
    let all = moves(pos);
    if all.is_empty() {
        return pos.outcome().map_or(DRAW, |o| outcome_score(o, pos, ply));
    }
    let mut best = pos.evaluate();
    if qdepth >= QUIESCENCE_DEPTH {
        return best;
    }
    for m in all.into_iter().filter(|&m| pos.is_capture(m)) {
        let mut child = pos.clone();
        child.play(m);
        let s = if child.side_to_move() == pos.side_to_move() {
            quiesce(&child, ply + 1, qdepth + 1)
        } else {
            -quiesce(&child, ply + 1, qdepth + 1)
        };
        best = best.max(s);
    }
    best
}

/// The value the engine must find: full-width minimax to `depth`, then captures; a position
/// repeating one on the path is a draw; the score is negated only when the side changes.
fn minimax(pos: &Toy, depth: u32, ply: usize, path: &mut Vec<u64>) -> Value {
    if let Some(o) = pos.outcome() {
        return outcome_score(o, pos, ply);
    }
    if ply > 0 && path.contains(&pos.hash()) {
        return DRAW;
    }
    if depth == 0 {
        return quiesce(pos, ply, 0);
    }
    let all = moves(pos);
    if all.is_empty() {
        return DRAW;
    }
    path.push(pos.hash());
    let mut best = -INFINITY;
    for m in all {
        let mut child = pos.clone();
        child.play(m);
        let s = if child.side_to_move() == pos.side_to_move() {
            minimax(&child, depth - 1, ply + 1, path)
        } else {
            -minimax(&child, depth - 1, ply + 1, path)
        };
        best = best.max(s);
    }
    path.pop();
    best
}

/// Positions reached by random play from the start, with a few pieces knocked off.
fn random_positions(rules: ToyRules, count: usize, seed: u64) -> Vec<Toy> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Toy::start(rules);
        let plies = rng.below(14);
        for _ in 0..plies {
            match random_move(&pos, &mut rng) {
                Some(m) => pos.play(m),
                None => break,
            }
        }
        if pos.outcome().is_none() {
            out.push(pos);
        }
    }
    out
}

fn exact_engine() -> Searcher<Toy> {
    Searcher::with_config(
        1,
        SearchConfig {
            tt_cutoffs: false,
            quiescence: true,
            reductions: false,
            null_move: false,
            delta_pruning: false,
            futility: false,
        },
    )
}

fn check_against_minimax(rules: ToyRules, depth: u32, count: usize, seed: u64) {
    let mut engine = exact_engine();
    for pos in random_positions(rules, count, seed) {
        let r = engine.search(&pos, &[], &Limits::depth(depth));
        let want = minimax(&pos, r.depth, 0, &mut Vec::new());
        assert_eq!(
            r.score.value(),
            want,
            "{} at depth {} (asked {depth})",
            pos.to_notation(),
            r.depth
        );
        // The best move really has the score.
        let best = r.best.expect("a move");
        let mut child = pos.clone();
        child.play(best);
        let s = if r.depth == 1 {
            None
        } else if child.side_to_move() == pos.side_to_move() {
            Some(minimax_from_child(&pos, &child, r.depth, false))
        } else {
            Some(minimax_from_child(&pos, &child, r.depth, true))
        };
        if let Some(s) = s {
            assert_eq!(s, want, "best move of {}", pos.to_notation());
        }
    }
}

fn minimax_from_child(root: &Toy, child: &Toy, depth: u32, negate: bool) -> Value {
    let mut path = vec![root.hash()];
    let s = minimax(child, depth - 1, 1, &mut path);
    if negate {
        -s
    } else {
        s
    }
}

#[test]
fn search_equals_minimax_with_one_move_a_turn() {
    for depth in 1..=3 {
        check_against_minimax(ToyRules::Single, depth, 25, 11 + u64::from(depth));
    }
}

#[test]
fn search_equals_minimax_when_the_side_keeps_the_move() {
    // Two sub-moves a turn: the score must not be negated between them.
    for (depth, count) in [(1, 20), (2, 20), (3, 12), (4, 3)] {
        check_against_minimax(ToyRules::Double, depth, count, 101 + u64::from(depth));
    }
}

#[test]
fn the_transposition_table_does_not_change_the_best_move_value_on_mates() {
    // With cut-offs on, mate scores must still come out with the right distance.
    let pos = Toy::from_notation(ToyRules::Single, MATE_IN_TWO).unwrap();
    let mut engine = Searcher::<Toy>::new(4);
    for _ in 0..2 {
        let r = engine.search(&pos, &[], &Limits::depth(6));
        assert_eq!(r.score.value(), mate_score(5));
    }
}

/// White to move captures the black king on the 5th ply at the latest whatever Black does,
/// and cannot force it on the 3rd: a mate in two in a game won by capturing the king.
const MATE_IN_TWO: &str = "5/k4/5/1R3/K4 w";

#[test]
fn finds_the_mate_in_two() {
    let pos = Toy::from_notation(ToyRules::Single, MATE_IN_TWO).unwrap();
    // The oracle agrees that it is a mate in two, not in one.
    assert!(minimax(&pos, 3, 0, &mut Vec::new()) < mate_score(3));
    assert_eq!(minimax(&pos, 5, 0, &mut Vec::new()), mate_score(5));

    let mut engine = Searcher::<Toy>::new(4);
    let r = engine.search(&pos, &[], &Limits::depth(8));
    assert_eq!(r.score.value(), mate_score(5), "pv {:?}", r.pv);
    assert!(r.depth <= 5, "stops once the mate is proven");
    // The first move keeps the mate in two.
    let mut child = pos.clone();
    child.play(r.best.unwrap());
    assert_eq!(
        -minimax(&child, 4, 1, &mut vec![pos.hash()]),
        mate_score(5),
        "{}",
        pos.format_move(r.best.unwrap())
    );
    // The principal variation is legal and ends with the king captured.
    let mut p = pos.clone();
    for &m in &r.pv {
        assert!(moves(&p).contains(&m), "pv move legal");
        p.play(m);
    }
    assert_eq!(r.pv.len(), 5);
    assert_eq!(
        p.outcome().and_then(|o| o.winner()),
        Some(fairy_kernel::Color::White)
    );
}

#[test]
fn the_losing_side_sees_its_loss() {
    // Black to move in the position after White's best first move: lost on the 4th ply.
    let pos = Toy::from_notation(ToyRules::Single, MATE_IN_TWO).unwrap();
    let mut engine = Searcher::<Toy>::new(1);
    let r = engine.search(&pos, &[], &Limits::depth(5));
    let mut child = pos.clone();
    child.play(r.best.unwrap());
    let r2 = engine.search(&child, &[pos.hash()], &Limits::depth(6));
    assert_eq!(r2.score.value(), -mate_score(4));
}

#[test]
fn finds_the_mate_in_two_sub_moves_of_one_turn() {
    // Two moves a turn: the rook goes to the king's rank, then takes it, in one turn.
    let pos = Toy::from_notation(ToyRules::Double, "4k/5/5/5/R1K2 w 0").unwrap();
    let mut engine = Searcher::<Toy>::new(1);
    let r = engine.search(&pos, &[], &Limits::depth(4));
    assert_eq!(r.score.value(), mate_score(2));
    assert_eq!(r.pv.len(), 2);
    let mut p = pos.clone();
    p.play(r.pv[0]);
    assert_eq!(
        p.side_to_move(),
        fairy_kernel::Color::White,
        "still White's turn"
    );
    p.play(r.pv[1]);
    assert_eq!(
        p.outcome().and_then(|o| o.winner()),
        Some(fairy_kernel::Color::White)
    );
}

#[test]
fn takes_the_hanging_piece() {
    // The white rook on a1 takes the undefended black knight on a4.
    let pos = Toy::from_notation(ToyRules::Single, "4k/n4/5/5/R3K w").unwrap();
    let mut engine = Searcher::<Toy>::new(1);
    let r = engine.search(&pos, &[], &Limits::depth(3));
    assert_eq!(pos.format_move(r.best.unwrap()), "a1-a4");
    assert!(r.score.value() > 200, "{}", r.score.value());
}

#[test]
fn no_move_when_the_game_is_over() {
    let pos = Toy::from_notation(ToyRules::Single, "5/5/5/5/R3K b").unwrap();
    let mut engine = Searcher::<Toy>::new(1);
    let r = engine.search(&pos, &[], &Limits::depth(3));
    assert_eq!(r.best, None);
    assert_eq!(r.score.value(), -mate_score(0));
    assert_eq!(r.depth, 0);
}

#[test]
fn repetition_of_a_game_position_is_a_draw() {
    // Black is lost on material but every move of White... we only check that a history
    // containing the position after a move makes that move score as a draw.
    let pos = Toy::from_notation(ToyRules::Single, "k4/5/5/5/4K w").unwrap();
    let mut engine = exact_engine();
    let r = engine.search(&pos, &[], &Limits::depth(1));
    assert_eq!(r.depth, 1);
    let mv = r.best.unwrap();
    let mut child = pos.clone();
    child.play(mv);
    // With the child position in the history every move but mv keeps its value, mv is 0.
    let r2 = engine.search(&pos, &[child.hash()], &Limits::depth(1));
    if r.score.value() > 0 {
        assert_ne!(r2.best, Some(mv));
    }
}

#[test]
fn time_limit_is_respected() {
    let pos = Toy::start(ToyRules::Single);
    let mut engine = Searcher::<Toy>::new(4);
    let t0 = Instant::now();
    let r = engine.search(&pos, &[], &Limits::movetime_ms(100));
    let spent = t0.elapsed();
    assert!(r.best.is_some());
    assert!(r.depth >= 1);
    assert!(spent < Duration::from_millis(600), "{spent:?}");
}

#[test]
fn node_limit_is_respected_after_the_first_iteration() {
    let pos = Toy::start(ToyRules::Double);
    let mut engine = Searcher::<Toy>::new(1);
    let limits = Limits {
        nodes: Some(5_000),
        ..Limits::default()
    };
    let r = engine.search(&pos, &[], &limits);
    assert!(r.best.is_some());
    assert!(r.nodes <= 5_000 + 2_000, "{}", r.nodes);
}

#[test]
fn principal_variation_is_legal() {
    for rules in [ToyRules::Single, ToyRules::Double] {
        for pos in random_positions(rules, 10, 7) {
            let mut engine = Searcher::<Toy>::new(1);
            let r = engine.search(&pos, &[], &Limits::depth(4));
            assert_eq!(r.pv.first().copied(), r.best);
            let mut p = pos.clone();
            for &m in &r.pv {
                assert!(moves(&p).contains(&m), "{}", pos.to_notation());
                p.play(m);
            }
        }
    }
}

#[test]
fn incremental_hash_equals_hash_from_scratch_over_random_play() {
    let mut rng = Rng::new(2024);
    for rules in [ToyRules::Single, ToyRules::Double] {
        for _ in 0..200 {
            let mut pos = Toy::start(rules);
            assert_eq!(pos.hash(), pos.hash_from_scratch());
            while let Some(m) = random_move(&pos, &mut rng) {
                pos.play(m);
                assert_eq!(pos.hash(), pos.hash_from_scratch(), "{}", pos.to_notation());
                let back = Toy::from_notation(rules, &pos.to_notation()).unwrap();
                assert_eq!(back, pos);
            }
        }
    }
}

#[test]
fn engine_beats_the_random_mover() {
    let mut rng = Rng::new(5);
    let mut wins = 0;
    for game in 0..6 {
        let engine_side = if game % 2 == 0 {
            fairy_kernel::Color::White
        } else {
            fairy_kernel::Color::Black
        };
        let mut pos = Toy::start(ToyRules::Single);
        let mut engine = Searcher::<Toy>::new(1);
        for _ in 0..200 {
            if pos.outcome().is_some() {
                break;
            }
            let m = if pos.side_to_move() == engine_side {
                engine.search(&pos, &[], &Limits::depth(3)).best
            } else {
                random_move(&pos, &mut rng)
            };
            match m {
                Some(m) => pos.play(m),
                None => break,
            }
        }
        if pos.outcome().and_then(|o| o.winner()) == Some(engine_side) {
            wins += 1;
        }
    }
    assert!(wins >= 5, "{wins} of 6");
}
