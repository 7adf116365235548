//! Perft from the start (docs/rules/chess-t.md §10).

use fairy_kernel::{perft, Game};

use crate::{Position, Variant};

#[test]
fn checkpoint_start_strings() {
    // docs/rules/chess-t.md §1: the start positions in the position notation.
    assert_eq!(
        Position::start(Variant::ChessT).to_notation(),
        "r2pkp2r/nnnncnnnn/9/9/9/9/NNNNCNNNN/R2PKP2R w b4,b5 - 0 1"
    );
    assert_eq!(
        Position::start(Variant::ChessT2).to_notation(),
        "rs1pkp1sr/nnnncnnnn/9/9/9/9/NNNNCNNNN/RS1PKP1SR w b4,b5 - 0 1"
    );
    assert_eq!(
        Position::start(Variant::ChessT1).to_notation(),
        "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w - - 0 1"
    );
}

#[test]
fn checkpoint_perft_1_and_2() {
    // docs/rules/chess-t.md §10: depth 2 counts the two Konnet exchanges 1. e2-e4 e7-e4 and
    // 1. e2-e5 e7-e5 (T6a) in Chess-T and Chess-T2.
    for (v, d1, d2) in [
        (Variant::ChessT, 38, 1443),
        (Variant::ChessT2, 38, 1443),
        (Variant::ChessT1, 23, 529),
    ] {
        let p = Position::start(v);
        assert_eq!(perft(&p, 1), d1, "{v} depth 1");
        assert_eq!(perft(&p, 2), d2, "{v} depth 2");
    }
}
