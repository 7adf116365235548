//! `Square` and `Move` as text without a position: `Display`/`FromStr` round trips.

use fairy_glinski::{Move, MoveKind, MoveList, Position, Square};
use fairy_kernel::Game;

#[test]
fn every_square_round_trips_through_its_name() {
    assert_eq!(Square::ALL.len(), Square::COUNT);
    for sq in Square::ALL {
        let name = sq.to_string();
        assert_eq!(name.parse::<Square>(), Ok(sq), "{name}");
        assert_eq!(Square::new(sq.index()), Some(sq));
    }
    assert_eq!(Square::new(Square::COUNT as u16), None);
    assert!("a0".parse::<Square>().is_err() && "".parse::<Square>().is_err());
}

/// A few hundred positions of random games from the start.
fn random_positions() -> Vec<Position> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::new();
    for _ in 0..8 {
        let mut p = Position::new();
        for _ in 0..60 {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            out.push(p.clone());
            p.play(moves[(rand() % moves.len() as u64) as usize]);
        }
    }
    out
}

#[test]
fn every_legal_move_round_trips_through_its_text() {
    let (mut exact, mut resolved) = (0usize, 0usize);
    let positions = random_positions();
    assert!(positions.len() >= 200, "{}", positions.len());
    for p in positions {
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        for &m in &moves {
            let text = m.to_string();
            assert_eq!(text, p.format_move(m));
            let read: Move = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(
                (read.from(), read.to(), read.promotion()),
                (m.from(), m.to(), m.promotion())
            );
            // The text does not carry every kind; the position gives it back.
            assert_eq!(p.resolve(read), Some(m), "{text}");
            if read == m {
                exact += 1;
            } else {
                assert_eq!(read.kind(), MoveKind::Normal, "{text}");
                resolved += 1;
            }
        }
    }
    assert!(exact > 1000 && resolved > 0, "{exact} {resolved}");
}

#[test]
fn move_text_errors_are_one_line() {
    for bad in ["", "a1", "a1-a0", "a1-a2=K", "a1-a2=X"] {
        let e = bad.parse::<Move>().unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
    }
}
