//! The fast generator against the slow reference generator (tests/common/reference.rs,
//! written from the rules document without tables): equal move sets, check status and
//! outcomes on positions reached by random legal play, and equal perft from the start.

mod common;

use common::{move_strings, random_game, to_board};
use fairy_dragonchess::Position;
use fairy_kernel::{Game, Outcome, Reason};
use quickcheck::{QuickCheck, TestResult};

/// Compares the two generators on one position; `Err` describes the first difference.
fn compare(p: &Position) -> Result<(), String> {
    let b = to_board(p);
    let fast = move_strings(p);
    let mut slow: Vec<String> = b.legal().iter().map(|m| m.notation()).collect();
    slow.sort();
    if fast != slow {
        let extra: Vec<_> = fast.iter().filter(|m| !slow.contains(m)).collect();
        let missing: Vec<_> = slow.iter().filter(|m| !fast.contains(m)).collect();
        return Err(format!(
            "{}: fast has extra {extra:?}, misses {missing:?}",
            p.to_notation()
        ));
    }
    if p.count_legal_moves() != fast.len() {
        return Err(format!(
            "{}: bulk count {} for {} moves",
            p.to_notation(),
            p.count_legal_moves(),
            fast.len()
        ));
    }
    let check = b.in_check(b.side);
    if p.is_check() != check {
        return Err(format!("{}: check status differs", p.to_notation()));
    }
    let expected = if !slow.is_empty() {
        None
    } else if check {
        Some(Outcome::Win {
            winner: !p.side_to_move(),
            reason: Reason::Checkmate,
        })
    } else {
        Some(Outcome::Draw {
            reason: Reason::Stalemate,
        })
    };
    if p.outcome() != expected {
        return Err(format!("{}: outcome differs", p.to_notation()));
    }
    Ok(())
}

fn compare_game(seed: u64, plies: usize) -> Result<usize, String> {
    let game = random_game(seed, plies);
    for p in &game {
        compare(p)?;
    }
    Ok(game.len())
}

#[test]
fn start_position_matches_reference() {
    compare(&Position::new()).unwrap();
}

#[test]
fn fast_generator_matches_reference_on_random_play() {
    fn prop(seed: u64) -> TestResult {
        match compare_game(seed, 120) {
            Ok(_) => TestResult::passed(),
            Err(e) => TestResult::error(e),
        }
    }
    QuickCheck::new()
        .tests(12)
        .quickcheck(prop as fn(u64) -> TestResult);
}

/// A random sparse position: both Kings and up to 24 other pieces on squares their kind can
/// stand on (not a Warrior, Sylph or Dwarf on a rank it can never reach), read through the
/// notation; `None` when the notation rejects it (e.g. the side not to move is in check).
fn random_position(seed: u64) -> Option<Position> {
    let mut rng = common::Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(7));
    let mut cells = [['.'; 12]; 24]; // row = (level - 1) * 8 + rank
    let letters = b"SGRWOUHTCMPDBE";
    let place = |cells: &mut [[char; 12]; 24], rng: &mut common::Rng, letter: char| {
        for _ in 0..50 {
            let (l, f, r) = (rng.below(3), rng.below(12), rng.below(8));
            if cells[l * 8 + r][f] != '.' {
                continue;
            }
            let upper = letter.to_ascii_uppercase();
            let gold = letter.is_ascii_uppercase();
            let ok_level = match upper {
                'R' => l == 2,
                'W' | 'O' | 'U' | 'T' => l == 1,
                'B' => l == 0,
                'S' | 'G' => l >= 1,
                'D' | 'E' => l <= 1,
                _ => true,
            };
            let (back, last) = if gold { (0, 7) } else { (7, 0) };
            let ok_rank = match upper {
                'W' => r != back && r != last,
                'S' | 'D' => r != back,
                _ => true,
            };
            if ok_level && ok_rank {
                cells[l * 8 + r][f] = letter;
                return;
            }
        }
    };
    place(&mut cells, &mut rng, 'K');
    place(&mut cells, &mut rng, 'k');
    for _ in 0..rng.below(25) {
        let c = letters[rng.below(letters.len())] as char;
        let c = if rng.below(2) == 0 {
            c
        } else {
            c.to_ascii_lowercase()
        };
        place(&mut cells, &mut rng, c);
    }
    let board = |l: usize| -> String {
        (0..8)
            .rev()
            .map(|r| {
                let mut s = String::new();
                let mut run = 0;
                for &c in &cells[l * 8 + r] {
                    if c == '.' {
                        run += 1;
                    } else {
                        if run > 0 {
                            s.push_str(&run.to_string());
                            run = 0;
                        }
                        s.push(c);
                    }
                }
                if run > 0 {
                    s.push_str(&run.to_string());
                }
                s
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    let side = if rng.below(2) == 0 { "g" } else { "s" };
    let text = format!("{} | {} | {} {side} 0 1", board(2), board(1), board(0));
    Position::from_notation((), &text).ok()
}

/// Compares the generators on a random sparse position and on random play from it.
fn compare_sparse(seed: u64, plies: usize) -> Result<usize, String> {
    let Some(mut p) = random_position(seed) else {
        return Ok(0);
    };
    let mut rng = common::Rng(seed ^ 0x5555);
    let mut n = 0;
    for _ in 0..=plies {
        compare(&p)?;
        n += 1;
        let mut l = fairy_dragonchess::MoveList::new();
        p.legal_moves(&mut l);
        if l.is_empty() {
            break;
        }
        p.play(l[rng.below(l.len())]);
    }
    Ok(n)
}

#[test]
fn fast_generator_matches_reference_on_random_sparse_positions() {
    fn prop(seed: u64) -> TestResult {
        match compare_sparse(seed, 20) {
            Ok(_) => TestResult::passed(),
            Err(e) => TestResult::error(e),
        }
    }
    QuickCheck::new()
        .tests(150)
        .quickcheck(prop as fn(u64) -> TestResult);
}

#[test]
#[ignore = "long: run in release"]
fn fast_generator_matches_reference_on_many_sparse_positions() {
    let mut positions = 0;
    for seed in 0..5_000 {
        positions += compare_sparse(seed, 30).unwrap();
    }
    eprintln!("{positions} positions compared");
}

#[test]
#[ignore = "long: run in release"]
fn fast_generator_matches_reference_on_many_games() {
    let games: u64 = std::env::var("DC_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(100);
    let mut positions = 0;
    for seed in 1000..1000 + games {
        positions += compare_game(seed, 300).unwrap();
    }
    eprintln!("{positions} positions compared");
}

fn reference_perft(b: &common::reference::Board, depth: u32) -> u64 {
    let moves = b.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| reference_perft(&b.after(m), depth - 1))
        .sum()
}

#[test]
fn reference_perft_2_from_start_matches_checkpoints() {
    let b = to_board(&Position::new());
    assert_eq!(reference_perft(&b, 1), 90);
    assert_eq!(reference_perft(&b, 2), 8094);
}

#[test]
#[ignore = "long: run in release"]
fn reference_perft_3_from_start_matches_fast() {
    let p = Position::new();
    assert_eq!(
        reference_perft(&to_board(&p), 3),
        fairy_kernel::perft(&p, 3)
    );
}

/// Perft of the reference generator for a position given in notation (used to check the
/// figures of tests/perft/dragonchess.perft before recording them).
#[test]
#[ignore = "on demand: set DC_POS (and DC_DEPTH, default 3); does nothing without DC_POS"]
fn reference_perft_of_env_position() {
    let Ok(text) = std::env::var("DC_POS") else {
        return;
    };
    let depth: u32 = std::env::var("DC_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let p = Position::from_notation((), &text).unwrap();
    let slow = reference_perft(&to_board(&p), depth);
    let fast = fairy_kernel::perft(&p, depth);
    eprintln!("reference perft {depth} = {slow}, fast = {fast}");
    assert_eq!(slow, fast);
}
