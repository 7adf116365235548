//! The engine on the real variants: a mate in two per variant that has mate (checked
//! against a brute-force solver), and sane moves for every registered variant.

use fairy::registry;
use fairy_engine::{mate_score, Limits, Rng, Searcher};
use fairy_kernel::game::MoveBuf;
use fairy_kernel::{Game, Heuristics, Outcome};

fn legal<G: Game>(pos: &G) -> Vec<G::Move> {
    let mut list = G::MoveList::default();
    pos.legal_moves(&mut list);
    list.as_slice().to_vec()
}

fn wins<G: Game>(pos: &G, winner: fairy_kernel::Color) -> bool {
    matches!(pos.outcome(), Some(Outcome::Win { winner: w, .. }) if w == winner)
}

/// Whether the side to move of `pos` wins by force within `moves` of its own moves (the
/// side to move alternates every ply in the games checked here).
fn forced_win<G: Game>(pos: &G, moves: u32) -> bool {
    let me = pos.side_to_move();
    moves > 0
        && legal(pos).into_iter().any(|m| {
            let mut a = pos.clone();
            a.play(m);
            if wins(&a, me) {
                return true;
            }
            let replies = legal(&a);
            !replies.is_empty()
                && replies.into_iter().all(|r| {
                    let mut b = a.clone();
                    b.play(r);
                    forced_win(&b, moves - 1)
                })
        })
}

/// The engine finds the mate in two of `fen`: score, a principal variation that ends in
/// the win, and a first move that the brute-force solver confirms.
fn check_mate_in_two<G: Game + Heuristics>(variant: G::RuleSet, fen: &str) {
    let pos = G::from_notation(variant, fen).expect("the test position reads");
    assert!(!forced_win(&pos, 1), "{fen} is a mate in one");
    assert!(forced_win(&pos, 2), "{fen} is no mate in two");
    let mut engine = Searcher::<G>::new(8);
    let r = engine.search(&pos, &[], &Limits::depth(5));
    assert_eq!(r.score.value(), mate_score(3), "{fen}");
    let best = r.best.expect("a move");
    let mut after = pos.clone();
    after.play(best);
    let me = pos.side_to_move();
    assert!(legal(&after).into_iter().all(|reply| {
        let mut b = after.clone();
        b.play(reply);
        forced_win(&b, 1)
    }));
    let mut p = pos.clone();
    for &m in &r.pv {
        assert!(legal(&p).contains(&m));
        p.play(m);
    }
    assert!(wins(&p, me), "the pv ends in the win");
}

#[test]
fn dragonchess_mate_in_two() {
    // Scarlet to move: the Gold King on 2a1 is frozen by the Basilisk below it; the
    // Oliphant gets out by 2k3-2k2 and gives mate along rank 3 next move.
    check_mate_in_two::<fairy_dragonchess::Position>(
        (),
        "12/12/12/12/12/12/12/12 | 7k4/12/12/4W7/12/10wo/11w/K11 | 12/12/12/12/12/12/12/b11 s 0 1",
    );
}

#[test]
fn synthesis_mate_in_two() {
    // Found by the engine among random K+Q+R vs K(+p) positions; confirmed by brute force.
    check_mate_in_two::<fairy_synthesis::Position>((), "8/5R2/5K2/1p6/8/3Q4/8/2k5 w - - 0 1");
    check_mate_in_two::<fairy_synthesis::Position>((), "4R1K1/5p2/8/8/8/8/5Q2/1k6 w - - 0 1");
}

#[test]
fn dainy_mate_in_two() {
    // Found by the engine among random K+Q+R vs K positions; confirmed by brute force.
    check_mate_in_two::<fairy_dainy::Position>((), "5/4K1/7/1R6/9/10/3Q5/8/7/2k3/5 w - 0 1");
    check_mate_in_two::<fairy_dainy::Position>((), "4k/6/7/8/1K4R2/10/9/8/7/6/4Q w - 0 1");
}

#[test]
fn glinski_mate_in_two() {
    // Found among random K+Q+R vs K positions; confirmed by brute force.
    check_mate_in_two::<fairy_glinski::Position>((), "1/3/4Q/7/9/11/11/7R3/1K9/11/6k4 w - 0 1");
}

#[test]
fn every_registered_variant_gets_legal_engine_and_random_moves() {
    for v in registry::built() {
        let mut rng = Rng::new(7);
        let mut s = v.session(None).expect("start position");
        for _ in 0..6 {
            if s.is_over() {
                break;
            }
            let legal = s.legal_moves(None).expect("moves");
            let e = s
                .engine_move(&Limits::depth(1))
                .unwrap_or_else(|| panic!("{}: no engine move", v.id()));
            assert!(legal.contains(&e.text), "{}: {}", v.id(), e.text);
            assert_eq!(e.pv.first(), Some(&e.text));
            let r = s.random_move(&mut rng).expect("a random move");
            assert!(legal.contains(&r));
            s.apply(&r).expect("random move plays");
        }
    }
}

/// Full-width minimax without quiescence: the value the engine must find with its
/// transposition-table cut-offs and quiescence switched off. The score is negated only
/// when the side to move changes (Imperial Regicide's sub-moves keep it).
fn plain_minimax<G: Game + Heuristics>(
    pos: &G,
    depth: u32,
    ply: usize,
    path: &mut Vec<u64>,
) -> i32 {
    if ply > 0 && path.contains(&pos.hash()) {
        return 0;
    }
    let score_of = |o: Outcome| match o.winner() {
        Some(w) if w == pos.side_to_move() => mate_score(ply),
        Some(_) => -mate_score(ply),
        None => 0,
    };
    if depth == 0 {
        return pos.outcome().map_or_else(|| pos.evaluate(), score_of);
    }
    let moves = legal(pos);
    if moves.is_empty() {
        return pos.outcome().map_or(0, score_of);
    }
    path.push(pos.hash());
    let mut best = i32::MIN;
    for m in moves {
        let mut child = pos.clone();
        child.play(m);
        let s = plain_minimax(&child, depth - 1, ply + 1, path);
        best = best.max(if child.side_to_move() == pos.side_to_move() {
            s
        } else {
            -s
        });
    }
    path.pop();
    best
}

fn check_against_minimax<G: Game + Heuristics>(variant: G::RuleSet, depth: u32, positions: usize) {
    let config = fairy_engine::SearchConfig {
        tt_cutoffs: false,
        quiescence: false,
        reductions: false,
        null_move: false,
        delta_pruning: false,
        futility: false,
    };
    let mut engine = Searcher::<G>::with_config(1, config);
    let mut rng = Rng::new(17);
    for _ in 0..positions {
        let mut pos = G::start(variant);
        for _ in 0..rng.below(12) {
            match fairy_engine::random_move(&pos, &mut rng) {
                Some(m) => pos.play(m),
                None => break,
            }
        }
        if legal(&pos).is_empty() {
            continue;
        }
        let r = engine.search(&pos, &[], &Limits::depth(depth));
        let want = plain_minimax(&pos, r.depth, 0, &mut Vec::new());
        assert_eq!(r.score.value(), want, "{}", pos.to_notation());
    }
}

#[test]
fn regicide_search_equals_minimax_over_sub_moves() {
    // Two plies are mostly two sub-moves of the same side: no negation between them.
    check_against_minimax::<fairy_regicide::Position>((), 2, 4);
    // Three plies from random points of a turn cross from one side's turn to the other's.
    check_against_minimax::<fairy_regicide::Position>((), 3, 3);
}

#[test]
fn synthesis_dainy_dragonchess_chess_t_search_equals_minimax() {
    check_against_minimax::<fairy_synthesis::Position>((), 2, 4);
    check_against_minimax::<fairy_dainy::Position>((), 2, 4);
    check_against_minimax::<fairy_dragonchess::Position>((), 2, 2);
    check_against_minimax::<fairy_chess_t::Position>(fairy_chess_t::Variant::ChessT, 2, 4);
}

#[test]
fn chess_t_winning_capture() {
    // The White Ritter on e4 (strength 2) takes the lone Black Knecht on e5 (strength 1):
    // the only capture, and better than every quiet move at the same depth.
    let fen = "8k/9/6r2/4n4/4R4/N8/2N6/7K1 w b4,b5 - 0 1";
    let pos = fairy_chess_t::Position::from_notation(fairy_chess_t::Variant::ChessT, fen)
        .expect("the test position reads");
    let mut engine = Searcher::<fairy_chess_t::Position>::new(8);
    let r = engine.search(&pos, &[], &Limits::depth(3));
    let best = r.best.expect("a move");
    assert_eq!(pos.format_move(best), "e4-e5");
    assert!(pos.is_capture(best));
    assert!(
        r.score.value() > pos.evaluate(),
        "{} vs {}",
        r.score.value(),
        pos.evaluate()
    );
    // Brute force: the capture beats every other move (the Knecht is worth 50; positional
    // terms of the evaluation may bring another move close).
    let value = |m| {
        let mut child = pos;
        child.play(m);
        -plain_minimax(&child, 2, 1, &mut vec![pos.hash()])
    };
    let capture = value(best);
    for m in legal(&pos) {
        if m != best {
            assert!(value(m) < capture, "{}", pos.format_move(m));
        }
    }
}

#[test]
fn regicide_mate_in_two_turns_with_sub_moves() {
    // White's turn has two sub-moves (fronts I and II; nothing on front III), Black's turn
    // one (its prince), then White wins on its next turn: four plies, the side to move
    // kept between the first two.
    let fen = "24/4R19/1k22/24/24/8K5Q9/24/24/24/24/24/15R8 w 1 - - - 0 1";
    let pos = fairy_regicide::Position::from_notation((), fen).expect("reads");
    let mut engine = Searcher::<fairy_regicide::Position>::new(8);
    let r = engine.search(&pos, &[], &Limits::depth(6));
    assert_eq!(r.score.value(), mate_score(4), "{:?}", r.pv);
    let me = pos.side_to_move();
    let mut p = pos.clone();
    let mut sides = Vec::new();
    for &m in &r.pv {
        assert!(legal(&p).contains(&m));
        sides.push(p.side_to_move());
        p.play(m);
    }
    assert!(wins(&p, me), "the pv ends in White's win");
    assert_eq!(sides[0], sides[1], "two sub-moves of one turn");
    // The exact search (no table cut-offs, no reductions, no quiescence) agrees, and
    // finds no win within White's first turn.
    let exact = fairy_engine::SearchConfig {
        tt_cutoffs: false,
        quiescence: false,
        reductions: false,
        null_move: false,
        delta_pruning: false,
        futility: false,
    };
    let mut engine = Searcher::<fairy_regicide::Position>::with_config(8, exact);
    assert_eq!(
        engine.search(&pos, &[], &Limits::depth(4)).score.value(),
        mate_score(4)
    );
    assert!(engine.search(&pos, &[], &Limits::depth(3)).score.value() < mate_score(3));
}

/// A variant that opts in to futility pruning (Heuristics::futility_margin) visits fewer nodes at
/// equal depth than the search without it, and still returns a legal move.
fn check_futility_searches_fewer_nodes<G: Game + Heuristics>(pos: &G, depth: u32) {
    let off = fairy_engine::SearchConfig {
        futility: false,
        ..Default::default()
    };
    assert!(pos.futility_margin().is_some());
    let limits = Limits::depth(depth);
    let with = Searcher::<G>::new(8).search(pos, &[], &limits);
    let without = Searcher::<G>::with_config(8, off).search(pos, &[], &limits);
    assert!(
        with.nodes < without.nodes,
        "{} >= {}",
        with.nodes,
        without.nodes
    );
    assert!(legal(pos).contains(&with.best.expect("a move")));
}

#[test]
fn regicide_futility_pruning_searches_fewer_nodes() {
    // The mate in two turns above is found with futility pruning on, the default.
    let pos = fairy_regicide::Position::from_notation((), fairy_regicide::START).expect("reads");
    check_futility_searches_fewer_nodes(&pos, 5);
}

#[test]
fn dainy_futility_pruning_searches_fewer_nodes() {
    // The mates in two above are found with futility pruning on, the default.
    check_futility_searches_fewer_nodes(&fairy_dainy::Position::start(()), 6);
}

#[test]
fn synthesis_futility_pruning_searches_fewer_nodes() {
    // The mates in two above are found with futility pruning on, the default.
    check_futility_searches_fewer_nodes(&fairy_synthesis::Position::start(()), 6);
}
