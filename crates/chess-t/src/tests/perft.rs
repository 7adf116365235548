//! Perft from the start (CHECKPOINTS.md).

use fairy_kernel::{perft, perft_divide, Game};

use crate::{Position, Variant};

#[test]
fn checkpoint_start_strings() {
    // CHECKPOINTS.md, "Start positions".
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
    // CHECKPOINTS.md, "Perft from the start".
    for (v, d1, d2) in [
        (Variant::ChessT, 38, 1441),
        (Variant::ChessT2, 38, 1441),
        (Variant::ChessT1, 23, 529),
    ] {
        let p = Position::start(v);
        assert_eq!(perft(&p, 1), d1, "{v} depth 1");
        assert_eq!(perft(&p, 2), d2, "{v} depth 2");
    }
}

#[test]
#[ignore]
fn divide_chess_t() {
    let p = Position::start(Variant::ChessT);
    for (m, n) in perft_divide(&p, 2) {
        println!("{} {}", p.format_move(m), n);
    }
}

#[test]
#[ignore]
fn debug_h4() {
    let mut p = Position::start(Variant::ChessT);
    let m = p.parse_move("h2-h4").unwrap();
    p.play(m);
    let h4 = p.parse_square("h4").unwrap();
    println!("{:?}", crate::strength(&p, h4));
    let mut ml = crate::MoveList::new();
    p.legal_moves(&mut ml);
    for m in ml {
        print!("{} ", p.format_move(m));
    }
}

#[test]
#[ignore]
fn timing() {
    for v in Variant::ALL {
        let p = Position::start(v);
        for d in 1..=5 {
            let t = std::time::Instant::now();
            let n = perft(&p, d);
            let e = t.elapsed();
            println!(
                "{v} {d} {n} {:?} {:.1} Mnps",
                e,
                n as f64 / e.as_secs_f64() / 1e6
            );
        }
    }
}
