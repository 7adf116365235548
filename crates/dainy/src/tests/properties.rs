//! Properties over positions reached by random legal play: the fast generator against the
//! reference, hashing, notation round trips, copy-make, colour mirroring; and the tables.

use fairy_kernel::{perft, Color, Game, GameRecord, Outcome, Reason};
use quickcheck::{quickcheck, TestResult};

use super::reference::Ref;
use super::{moves, pos, random_game};
use crate::generated::tables as gen;
use crate::tables;
use crate::{MoveList, Position, Role};

/// The fast generator and the reference agree on the moves, on check and on the outcome.
fn agrees_with_reference(p: &Position) -> Result<(), String> {
    let r = Ref::from_dainy(p);
    let fast = moves(p);
    let slow = r.legal_texts();
    if fast != slow {
        return Err(format!(
            "{}\nfast only: {:?}\nreference only: {:?}",
            p.to_notation(),
            fast.iter()
                .filter(|m| !slow.contains(m))
                .collect::<Vec<_>>(),
            slow.iter()
                .filter(|m| !fast.contains(m))
                .collect::<Vec<_>>()
        ));
    }
    if p.count_legal_moves() != fast.len() {
        return Err(format!("{}: count differs from list", p.to_notation()));
    }
    let side = p.side_to_move();
    if p.in_check(side) != r.in_check(side) {
        return Err(format!("{}: check differs", p.to_notation()));
    }
    let want = if slow.is_empty() {
        Some(if r.in_check(side) {
            Outcome::Win {
                winner: !side,
                reason: Reason::Checkmate,
            }
        } else {
            Outcome::Draw {
                reason: Reason::Stalemate,
            }
        })
    } else if p.occupied().count() == 2 {
        Some(Outcome::Draw {
            reason: Reason::DeadPosition,
        })
    } else {
        None
    };
    if p.outcome() != want {
        return Err(format!(
            "{}: outcome {:?} != {want:?}",
            p.to_notation(),
            p.outcome()
        ));
    }
    Ok(())
}

quickcheck! {
    fn fast_generator_matches_reference_over_random_play(seed: u64) -> TestResult {
        for p in random_game(seed, 120) {
            if let Err(e) = agrees_with_reference(&p) {
                return TestResult::error(e);
            }
        }
        TestResult::passed()
    }

    fn incremental_hash_equals_hash_from_scratch(seed: u64) -> bool {
        fairy_hexchess::testing::hashes_agree(&random_game(seed, 150))
    }

    fn notation_round_trips_over_random_play(seed: u64) -> bool {
        fairy_hexchess::testing::notation_round_trips(&random_game(seed, 150))
    }

    fn move_notation_round_trips_over_random_play(seed: u64) -> bool {
        fairy_hexchess::testing::move_texts_round_trip(&random_game(seed, 60))
    }

    fn play_then_undo_restores_the_position(seed: u64) -> bool {
        let game = random_game(seed, 80);
        let mut rec = GameRecord::new(Position::start(()));
        for w in game.windows(2) {
            let mut l = MoveList::new();
            w[0].legal_moves(&mut l);
            let Some(&m) = l.iter().find(|&&m| {
                let mut q = w[0].clone();
                q.play(m);
                q == w[1]
            }) else {
                return false;
            };
            rec.play(m);
        }
        for p in game.iter().rev() {
            if rec.position() != p {
                return false;
            }
            rec.undo();
        }
        true
    }

    fn bishop_moves_keep_their_colour(seed: u64) -> bool {
        random_game(seed, 100).iter().all(|p| {
            let mut l = MoveList::new();
            p.legal_moves(&mut l);
            l.iter().all(|m| {
                p.piece_on(m.origin()).map(|x| x.role) != Some(Role::Bishop)
                    || gen::COLOUR[m.origin() as usize] == gen::COLOUR[m.target() as usize]
            })
        })
    }

    fn colour_mirrored_positions_have_equal_perft(seed: u64) -> bool {
        let game = random_game(seed, 40);
        let p = &game[game.len() / 2];
        perft(p, 2) == perft(&mirror(p), 2)
    }
}

/// The position with colours exchanged and the board reflected line `y` <-> `10 - y` (same
/// cell number): by ruling H3 Black's army is White's mirrored, so the game is the same.
fn mirror(p: &Position) -> Position {
    let text = p.to_notation();
    let fields: Vec<&str> = text.split(' ').collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(fairy_testkit::text_checks::swap_case)
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let mut castling = String::new();
    for (c, from) in [('K', 'k'), ('Q', 'q'), ('k', 'K'), ('q', 'Q')] {
        if fields[2].contains(from) {
            castling.push(c);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    pos(&format!(
        "{} {side} {castling} {} {}",
        board.join("/"),
        fields[3],
        fields[4]
    ))
}

#[test]
fn mirror_of_start_is_start_with_black_to_move() {
    let m = mirror(&Position::start(()));
    assert_eq!(m.side_to_move(), Color::Black);
    assert_eq!(perft(&m, 2), perft(&Position::start(()), 2));
}

#[test]
fn perft_3_matches_reference() {
    let p = Position::start(());
    assert_eq!(perft(&p, 3), Ref::from_dainy(&p).perft(3));
}

#[test]
#[ignore = "slow in debug; run with --release --ignored"]
fn perft_4_matches_reference() {
    let p = Position::start(());
    assert_eq!(perft(&p, 4), 7_229_750);
    assert_eq!(Ref::from_dainy(&p).perft(4), 7_229_750);
}

/// Backs the depth-5 figure of `tests/perft/dainy.perft`. The reference needs about ten
/// minutes in release, too long for every CI run: it runs only when the environment variable
/// `FAIRY_SLOW_REFERENCE` is set (`FAIRY_SLOW_REFERENCE=1 cargo test --release -p
/// fairy-dainy perft_5 -- --ignored`).
#[test]
#[ignore = "about ten minutes in release; needs FAIRY_SLOW_REFERENCE=1"]
fn perft_5_matches_reference() {
    if std::env::var_os("FAIRY_SLOW_REFERENCE").is_none() {
        eprintln!("perft_5_matches_reference skipped: set FAIRY_SLOW_REFERENCE=1 to run it");
        return;
    }
    let p = Position::start(());
    assert_eq!(perft(&p, 5), 390_634_106);
    assert_eq!(Ref::from_dainy(&p).perft(5), 390_634_106);
}

/// Every figure of `tests/perft/dainy.perft` up to `limit` nodes, recomputed by the
/// reference generator.
fn perft_file_agrees_with_reference(limit: u64) {
    let text = include_str!("../../tests/perft/dainy.perft");
    let mut position = None;
    let mut checked = 0;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("position ") {
            position = Some(pos(rest.trim()));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest
                .split_whitespace()
                .map(|x| x.parse::<u64>().expect("number"));
            let (d, n) = (it.next().expect("depth"), it.next().expect("nodes"));
            if n > limit {
                continue;
            }
            let p = position.as_ref().expect("position before perft");
            assert_eq!(perft(p, d as u32), n, "fast {} depth {d}", p.to_notation());
            assert_eq!(
                Ref::from_dainy(p).perft(d as u32),
                n,
                "reference {} depth {d}",
                p.to_notation()
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn perft_file_agrees_with_reference_shallow() {
    perft_file_agrees_with_reference(20_000);
}

#[test]
#[ignore = "slow in debug; run with --release --ignored"]
fn perft_file_agrees_with_reference_deep() {
    perft_file_agrees_with_reference(10_000_000);
}

#[test]
fn generated_tables_match_the_table_functions() {
    let b = tables::board();
    let rays = tables::rays(&b);
    for (s, per_dir) in rays.iter().enumerate() {
        assert_eq!(per_dir.as_slice(), gen::RAYS[s].as_slice(), "rays of {s}");
    }
    assert_eq!(tables::ascending(&b), gen::ASCENDING.to_vec());
    for d in 0..12 {
        assert_eq!(
            crate::movegen::ascends(d),
            gen::ASCENDING[d],
            "direction {d}"
        );
    }
    assert_eq!(tables::knight(&b), gen::KNIGHT.to_vec());
    assert_eq!(tables::king(&b), gen::KING.to_vec());
    assert_eq!(tables::slider_lines(&b, true), gen::ROOK_LINES.to_vec());
    assert_eq!(tables::slider_lines(&b, false), gen::BISHOP_LINES.to_vec());
    let ahead = tables::pawn_ahead(&b);
    for (c, per_cell) in ahead.iter().enumerate() {
        assert_eq!(*per_cell, gen::PAWN_AHEAD[c].to_vec());
    }
    let steps = tables::pawn_step(&b);
    for (c, per_cell) in steps.iter().enumerate() {
        assert_eq!(*per_cell, gen::PAWN_STEP[c].to_vec());
    }
    assert_eq!(tables::colour(&b), gen::COLOUR.to_vec());
    assert_eq!(tables::lines(&b), gen::LINES.to_vec());
    // The generated file is what codegen writes now (modulo rustfmt, which only changes
    // whitespace).
    let files = tables::generated_files();
    let strip = |s: &str| {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .replace(",]", "]")
    };
    let on_disk = include_str!("../generated/tables.rs");
    assert_eq!(strip(&files[0].source), strip(on_disk));
}

#[test]
fn random_play_reaches_castling_promotion_check_and_game_ends() {
    // The random games of the reference comparison exercise every special rule.
    let (mut castle, mut promo, mut check, mut ended) = (0, 0, 0, 0);
    for seed in 0..100 {
        let game = random_game(seed, 120);
        for p in &game {
            let mut l = MoveList::new();
            p.legal_moves(&mut l);
            castle += l.iter().filter(|m| m.is_castle()).count();
            promo += l.iter().filter(|m| m.promotion().is_some()).count();
            check += usize::from(p.in_check(p.side_to_move()));
        }
        ended += usize::from(game.last().is_some_and(|p| p.outcome().is_some()));
    }
    assert!(
        castle > 0 && promo > 0 && check > 0 && ended > 0,
        "{castle} {promo} {check} {ended}"
    );
}
