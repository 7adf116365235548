//! With both original queens at home (both sides CLASSIC-HOME), neither king attacked and
//! no pawn capture available, the legal moves of Synthesis chess are exactly the orthodox
//! ones (docs/rules/synthesis.md 3.1, 4.1): checked against cozy-chess on positions of that
//! kind reached by random orthodox play. (With a king attacked they differ on purpose:
//! check in answer to check, 4.2.)

mod common;

use common::Rng;
use cozy_chess::{Board, Color as CColor, Piece, Square};
use fairy_kernel::Game as _;
use fairy_synthesis::Position;
use quickcheck::QuickCheck;
use std::sync::atomic::{AtomicUsize, Ordering};

static COMPARED: AtomicUsize = AtomicUsize::new(0);

fn orthodox_moves(b: &Board) -> Vec<String> {
    let mut out = vec![];
    b.generate_moves(|ms| {
        for m in ms {
            let mut to = m.to;
            let us = b.side_to_move();
            if b.piece_on(m.from) == Some(Piece::King) && b.color_on(m.to) == Some(us) {
                // cozy-chess writes castling as king-takes-rook.
                let file = if (m.to as usize) % 8 > (m.from as usize) % 8 {
                    6
                } else {
                    2
                };
                to = Square::index((m.from as usize) / 8 * 8 + file);
            }
            let mut s = format!("{}-{}", m.from, to);
            if let Some(p) = m.promotion {
                s.push('=');
                s.push_str(&format!("{p}").to_uppercase());
            }
            out.push(s);
        }
        false
    });
    out.sort();
    out
}

fn has_pawn_capture(b: &Board) -> bool {
    let mut found = false;
    b.generate_moves(|ms| {
        for m in ms {
            if b.piece_on(m.from) == Some(Piece::Pawn) && m.from.file() != m.to.file() {
                found = true;
            }
        }
        found
    });
    found
}

fn queens_home(b: &Board) -> bool {
    b.colored_pieces(CColor::White, Piece::Queen) == Square::D1.bitboard()
        && b.colored_pieces(CColor::Black, Piece::Queen) == Square::D8.bitboard()
}

fn check_walk(seed: u64) -> bool {
    let mut rng = Rng::new(seed);
    let mut b = Board::default();
    for _ in 0..80 {
        let mut all = vec![];
        b.generate_moves(|ms| {
            all.extend(ms);
            false
        });
        if all.is_empty() {
            break;
        }
        if queens_home(&b) && b.checkers().is_empty() && !has_pawn_capture(&b) {
            let fen = format!("{b}");
            let p = Position::from_notation((), &fen).expect("orthodox FEN reads");
            let mut ours: Vec<String> = p.legal_move_list().iter().map(|m| m.to_string()).collect();
            ours.sort();
            let theirs = orthodox_moves(&b);
            COMPARED.fetch_add(1, Ordering::Relaxed);
            if ours != theirs {
                eprintln!("seed {seed} {fen}\nours   {ours:?}\ncozy   {theirs:?}");
                return false;
            }
        }
        let m = all[rng.below(all.len())];
        b.play_unchecked(m);
    }
    true
}

#[test]
fn classic_home_without_pawn_captures_equals_orthodox_chess() {
    QuickCheck::new()
        .tests(300)
        .quickcheck(check_walk as fn(u64) -> bool);
    let n = COMPARED.load(Ordering::Relaxed);
    assert!(n > 1000, "only {n} positions compared");
}
