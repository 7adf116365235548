//! The engine on the real variants: a mate in two per variant that has mate (checked
//! against a brute-force solver), and sane moves for every registered variant.

use fairy_cli::registry;
use fairy_engine::{mate_score, Limits, Rng, Searcher};
use fairy_kernel::game::MoveBuf;
use fairy_kernel::{Game, Outcome};

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
fn check_mate_in_two<G: Game>(variant: G::Variant, fen: &str) {
    let pos = G::from_notation(variant, fen).expect("the test position reads");
    assert!(!forced_win(&pos, 1), "{fen} is a mate in one");
    assert!(forced_win(&pos, 2), "{fen} is no mate in two");
    let mut engine = Searcher::<G>::new(8);
    let r = engine.search(&pos, &[], &Limits::depth(5));
    assert_eq!(r.score, mate_score(3), "{fen}");
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
    check_mate_in_two::<fairy_dainy::Dainy>((), "5/4K1/7/1R6/9/10/3Q5/8/7/2k3/5 w - 0 1");
    check_mate_in_two::<fairy_dainy::Dainy>((), "4k/6/7/8/1K4R2/10/9/8/7/6/4Q w - 0 1");
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
