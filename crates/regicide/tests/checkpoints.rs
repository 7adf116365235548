//! The figures every implementation of docs/rules/regicide.md must reproduce: the start
//! position (section 8) and perft 1, 2 from it (section 10).

use fairy_kernel::{perft, Game};
use fairy_regicide::Position;

const START: &str = "RNBKQBNRRNBKQBNRRNBKQBNR/P6PP6PP6P/1P4P2P4P2P4P1/2PPPP4PPPP4PPPP2/24/24/24/24/2pppp4pppp4pppp2/1p4p2p4p2p4p1/p6pp6pp6p/rnbkqbnrrnbkqbnrrnbkqbnr w 1 AHIPQXahipqx - - 0 1";

#[test]
fn start_position_matches_checkpoint() {
    assert_eq!(Position::start(()).to_notation(), START);
    assert_eq!(
        Position::from_notation((), START).unwrap(),
        Position::start(())
    );
}

#[test]
fn perft_1_and_2_match_checkpoint() {
    let p = Position::start(());
    assert_eq!(perft(&p, 1), 46);
    assert_eq!(perft(&p, 2), 2560);
}
