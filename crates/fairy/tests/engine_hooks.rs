//! The two things the engine asks of a variant besides its rules, on every variant and
//! many random positions: `Heuristics::play_null` (the null move) and `Heuristics::capture_gain`.

use fairy_engine::{random_move, Rng};
use fairy_kernel::game::MoveBuf;
use fairy_kernel::{Game, Heuristics};

fn legal<G: Game>(pos: &G) -> Vec<G::Move> {
    let mut list = G::MoveList::default();
    pos.legal_moves(&mut list);
    list.as_slice().to_vec()
}

/// Random positions of `variant`: the positions of `games` random games, up to `plies` each.
fn positions<G: Game>(variant: G::RuleSet, games: usize, plies: usize) -> Vec<G> {
    let mut rng = Rng::new(29);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = G::start(variant);
        for _ in 0..plies {
            let Some(m) = random_move(&pos, &mut rng) else {
                break;
            };
            pos.play(m);
            out.push(pos.clone());
        }
    }
    out
}

/// Out of check (the engine never passes in check), a null move gives the move to the
/// other side, keeps the hash exact and leaves a position that reads back from its own
/// notation; a refused one changes nothing. Returns how many positions passed.
fn check_null_move<G: Game + Heuristics>(variant: G::RuleSet) -> usize {
    let mut passes = 0;
    for pos in positions::<G>(variant, 12, 60) {
        if pos.outcome().is_some() || pos.is_check() {
            continue;
        }
        let mut child = pos.clone();
        if !child.play_null() {
            assert_eq!(child, pos, "a refused pass changed {}", pos.to_notation());
            continue;
        }
        passes += 1;
        assert_ne!(
            child.side_to_move(),
            pos.side_to_move(),
            "{}",
            pos.to_notation()
        );
        assert_eq!(
            child.hash(),
            child.hash_from_scratch(),
            "{}",
            pos.to_notation()
        );
        assert_ne!(child.hash(), pos.hash());
        let text = child.to_notation();
        let back = G::from_notation(variant, &text).expect("the passed position reads");
        assert_eq!(back.hash(), child.hash(), "{text}");
        // The opponent can move on from it (or the position is decided), without panics.
        let _ = legal(&child);
        let _ = child.evaluate();
    }
    passes
}

/// Quiet moves without promotion gain nothing; captures of a known piece gain something.
fn check_capture_gain<G: Game + Heuristics>(variant: G::RuleSet) {
    let mut captures = 0;
    for pos in positions::<G>(variant, 8, 60) {
        for m in legal(&pos) {
            let gain = pos.capture_gain(m);
            if pos.is_capture(m) {
                captures += 1;
                assert!(gain.abs() <= 100_000, "{}: {gain}", pos.format_move(m));
            } else {
                assert!(gain >= 0, "{}: {gain}", pos.format_move(m));
            }
        }
    }
    assert!(captures > 0, "random games of {variant:?} had captures");
}

#[test]
fn null_moves_are_exact_in_every_variant() {
    assert!(check_null_move::<fairy_regicide::Position>(()) > 0);
    for v in fairy_chess_t::Variant::ALL {
        assert!(check_null_move::<fairy_chess_t::Position>(v) > 0);
    }
    assert!(check_null_move::<fairy_dainy::Position>(()) > 0);
    assert!(check_null_move::<fairy_glinski::Position>(()) > 0);
    assert!(check_null_move::<fairy_dragonchess::Position>(()) > 0);
    assert!(check_null_move::<fairy_synthesis::Position>(()) > 0);
}

#[test]
fn capture_gains_are_sane_in_every_variant() {
    check_capture_gain::<fairy_regicide::Position>(());
    for v in fairy_chess_t::Variant::ALL {
        check_capture_gain::<fairy_chess_t::Position>(v);
    }
    check_capture_gain::<fairy_dainy::Position>(());
    check_capture_gain::<fairy_glinski::Position>(());
    check_capture_gain::<fairy_dragonchess::Position>(());
    check_capture_gain::<fairy_synthesis::Position>(());
}

#[test]
fn a_regicide_pass_is_refused_between_sub_moves() {
    let mut pos = fairy_regicide::Position::new();
    let first = legal(&pos)[0];
    pos.play(first);
    let mut child = pos.clone();
    assert!(
        !child.play_null(),
        "no pass after the turn's first sub-move"
    );
    assert_eq!(child, pos);
    let mut start = fairy_regicide::Position::new();
    assert!(start.play_null(), "a pass before the turn's first sub-move");
}

#[test]
fn the_larger_capture_has_the_larger_gain() {
    // Synthesis: the white rook on d1 can take the black queen at home on d8; d1-d2 is quiet.
    let pos =
        fairy_synthesis::Position::from_notation((), "3qk3/8/8/8/8/8/8/3RK3 w - - 0 1").unwrap();
    let gain = |t: &str| pos.capture_gain(pos.parse_move(t).unwrap());
    assert_eq!(gain("d1-d8"), 900);
    assert_eq!(gain("d1-d2"), 0);
}
