//! Parsers never panic (quickcheck feeds arbitrary and mutated strings), notation
//! round-trips, and play/undo restores the position.

mod common;

use common::{random_step, Rng};
use fairy_kernel::{Game, GameRecord};
use fairy_regicide::{parse_square, Position};
use quickcheck::QuickCheck;

#[test]
fn position_parser_never_panics_on_arbitrary_text() {
    fn prop(s: String) -> bool {
        let _ = Position::from_notation((), &s);
        true
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(prop as fn(String) -> bool);
}

#[test]
fn move_and_square_parsers_never_panic_on_arbitrary_text() {
    fn prop(s: String) -> bool {
        let p = Position::start(());
        let _ = p.parse_move(&s);
        let _ = parse_square(&s);
        true
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(prop as fn(String) -> bool);
}

/// Valid notations with one character replaced, inserted or deleted: parsing either fails
/// with an error or yields a position that round-trips.
#[test]
fn mutated_notations_are_rejected_or_round_trip() {
    fn prop(seed: u64) -> bool {
        let mut rng = Rng::new(seed);
        let mut p = Position::start(());
        for _ in 0..rng.below(60) {
            if !random_step(&mut p, &mut rng) {
                break;
            }
        }
        let mut bytes: Vec<u8> = p.to_notation().into_bytes();
        const ALPHABET: &[u8] = b"KQRBNPkqrbnp0123456789/ -,wbxz";
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(bytes.len() as u64) as usize;
            let c = ALPHABET[rng.below(ALPHABET.len() as u64) as usize];
            match rng.below(3) {
                0 => bytes[i] = c,
                1 => bytes.insert(i, c),
                _ => {
                    bytes.remove(i);
                }
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        match Position::from_notation((), &text) {
            Err(e) => !e.to_string().is_empty(),
            Ok(q) => Position::from_notation((), &q.to_notation()).as_ref() == Ok(&q),
        }
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(u64) -> bool);
}

#[test]
fn play_then_undo_restores_the_position() {
    let mut rng = Rng::new(7);
    let mut rec = GameRecord::new(Position::start(()));
    let mut seen = vec![rec.position().clone()];
    for _ in 0..120 {
        let mut p = rec.position().clone();
        if !random_step(&mut p, &mut rng) {
            break;
        }
        // Find the move that was played and play it through the record.
        let mut moves = fairy_regicide::MoveList::new();
        rec.position().legal_moves(&mut moves);
        let m = *moves
            .iter()
            .find(|&&m| {
                let mut c = rec.position().clone();
                c.play(m);
                c == p
            })
            .expect("the random move is legal");
        rec.play(m);
        seen.push(rec.position().clone());
    }
    while rec.undo() {
        seen.pop();
        assert_eq!(rec.position(), seen.last().unwrap());
        assert_eq!(rec.position().hash(), seen.last().unwrap().hash());
    }
}

#[test]
fn display_and_from_str_use_the_position_notation() {
    let p = Position::start(());
    let text = p.to_string();
    assert_eq!(text, p.to_notation());
    assert_eq!(text.parse::<Position>(), Ok(p));
    assert!("garbage".parse::<Position>().is_err());
}
