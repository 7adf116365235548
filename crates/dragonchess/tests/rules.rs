//! One test per rule of docs/rules/dragonchess.md, and the seed's worked examples.

use fairy_dragonchess::prelude::*;
use fairy_dragonchess::*;

trait Legal {
    fn legal(&self) -> MoveList;
}

impl Legal for Position {
    fn legal(&self) -> MoveList {
        let mut l = MoveList::new();
        self.legal_moves(&mut l);
        l
    }
}

/// Build a position from (square, letter) pairs and a side (`g`/`s`).
fn pos(pieces: &[(&str, char)], side: char) -> Position {
    let mut boards = [[['.'; 12]; 8]; 3];
    for &(sq, c) in pieces {
        let b = sq.as_bytes();
        let l = (b[0] - b'1') as usize;
        let f = (b[1] - b'a') as usize;
        let r = (b[2] - b'1') as usize;
        boards[l][r][f] = c;
    }
    let mut parts = Vec::new();
    for l in [2usize, 1, 0] {
        let mut ranks = Vec::new();
        for r in (0..8).rev() {
            let mut s = String::new();
            let mut run = 0;
            for &c in &boards[l][r] {
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
            ranks.push(s);
        }
        parts.push(ranks.join("/"));
    }
    let text = format!("{} {} 0 1", parts.join(" | "), side);
    match Position::from_notation((), &text) {
        Ok(p) => p,
        Err(e) => panic!("bad test position {text}: {e:?}"),
    }
}

/// Legal moves starting on `from`, as sorted strings.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal()
        .iter()
        .map(|m| m.to_string())
        .filter(|m| m.starts_with(from))
        .collect();
    v.sort();
    v
}

/// Targets (the part after the separator) of the moves from `from`.
fn targets(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = moves_from(p, from)
        .iter()
        .map(|m| m[4..].to_string())
        .collect();
    v.sort();
    v
}

fn set(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// Kings kept out of the way in most tests.
const KINGS: [(&str, char); 2] = [("2a1", 'K'), ("2l8", 'k')];

fn with_kings(extra: &[(&str, char)]) -> Vec<(&'static str, char)> {
    let mut v: Vec<(&'static str, char)> = KINGS.to_vec();
    for &(s, c) in extra {
        v.push((Box::leak(s.to_string().into_boxed_str()), c));
    }
    v
}

#[test]
fn sylph_on_sky_moves_diagonally_forward_captures_straight_and_below_seed_3_1() {
    // Seed §3.1: a Sylph on 3c4 moves to 3b5 or 3d5, captures on 3c5 or 2c4.
    let p = pos(
        &with_kings(&[("3c4", 'S'), ("3c5", 'g'), ("2c4", 'w')]),
        'g',
    );
    assert_eq!(targets(&p, "3c4"), set(&["3b5", "3d5", "3c5", "2c4"]));
    // Without enemies there: only the diagonal moves.
    let p = pos(&with_kings(&[("3c4", 'S')]), 'g');
    assert_eq!(targets(&p, "3c4"), set(&["3b5", "3d5"]));
    // Straight forward is capture only, diagonal move only.
    let p = pos(
        &with_kings(&[("3c4", 'S'), ("3b5", 'g'), ("3c5", 'G')]),
        'g',
    );
    assert_eq!(targets(&p, "3c4"), set(&["3d5"]));
}

#[test]
fn sylph_on_ground_returns_above_or_to_any_empty_start_square_ruling_d3() {
    // Seed §3.1: from 2c4 back to 3c4 or to 3a2, 3c2, 3e2, 3g2, 3i2, 3k2 (Gold).
    let p = pos(&with_kings(&[("2c4", 'S'), ("3e2", 'G')]), 'g');
    assert_eq!(
        targets(&p, "2c4"),
        set(&["3c4", "3a2", "3c2", "3g2", "3i2", "3k2"])
    );
    // Scarlet's start squares are on rank 7.
    let p = pos(&with_kings(&[("2c4", 's')]), 's');
    assert_eq!(
        targets(&p, "2c4"),
        set(&["3c4", "3a7", "3c7", "3e7", "3g7", "3i7", "3k7"])
    );
    // No captures on the way up, and none on the Ground.
    let p = pos(
        &with_kings(&[("2c4", 'S'), ("3c4", 's'), ("2d5", 'w'), ("2c5", 'w')]),
        'g',
    );
    assert!(!targets(&p, "2c4").contains(&"3c4".to_string()));
    assert!(targets(&p, "2c4").iter().all(|t| t.starts_with('3')));
}

#[test]
fn sylph_return_to_a_start_square_above_is_listed_once_ruling_d10() {
    let p = pos(&with_kings(&[("2c2", 'S')]), 'g');
    assert_eq!(
        targets(&p, "2c2"),
        set(&["3a2", "3c2", "3e2", "3g2", "3i2", "3k2"])
    );
}

#[test]
fn sylph_on_last_rank_only_captures_below_seed_3_1() {
    let p = pos(&with_kings(&[("3c8", 'S'), ("2c8", 'o')]), 'g');
    assert_eq!(targets(&p, "3c8"), set(&["2c8"]));
}

#[test]
fn griffon_on_sky_leaps_and_descends_diagonally_seed_3_2() {
    // Seed §3.2: from 3d4 to 3a2 3b1 3f1 3g2 3g6 3f7 3b7 3a6 and 2c5 2c3 2e3 2e5.
    let p = pos(
        &with_kings(&[("3d4", 'G'), ("3e4", 'S'), ("3d5", 's'), ("2d4", 'w')]),
        'g',
    );
    assert_eq!(
        targets(&p, "3d4"),
        set(&["3a2", "3b1", "3f1", "3g2", "3g6", "3f7", "3b7", "3a6", "2c5", "2c3", "2e3", "2e5"])
    );
}

#[test]
fn griffon_on_ground_steps_diagonally_or_climbs_seed_3_2() {
    // Seed §3.2: a Griffon on 2e5 reaches 2f6 2f4 2d4 2d6 3f6 3f4 3d4 3d6.
    let p = pos(
        &with_kings(&[("2e5", 'G'), ("3e5", 'S'), ("1e5", 'D')]),
        'g',
    );
    assert_eq!(
        targets(&p, "2e5"),
        set(&["2f6", "2f4", "2d4", "2d6", "3f6", "3f4", "3d4", "3d6"])
    );
}

#[test]
fn dragon_slides_diagonally_steps_orthogonally_and_captures_from_afar_seed_3_3() {
    // Seed §3.3: a Dragon on 3c4 captures from afar on 2c4, 2c5, 2d4, 2c3, 2b4.
    let p = pos(
        &with_kings(&[
            ("3c4", 'R'),
            ("2c4", 'w'),
            ("2c5", 'w'),
            ("2d4", 'w'),
            ("2c3", 'o'),
            ("2b4", 'u'),
            ("2d5", 'w'),
        ]),
        'g',
    );
    let afar: Vec<String> = moves_from(&p, "3c4")
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(
        afar,
        set(&["3c4x2b4", "3c4x2c3", "3c4x2c4", "3c4x2c5", "3c4x2d4"])
    );
    let flat: Vec<String> = moves_from(&p, "3c4")
        .into_iter()
        .filter(|m| !m.contains('x'))
        .collect();
    // Bishop lines (blocked by nothing) and one orthogonal step; never down.
    assert_eq!(flat.len(), 11 + 4);
    assert!(flat.iter().all(|m| m[4..].starts_with('3')));
    // The Dragon stays: after 3c4x2c4 it is still on 3c4.
    let m = p.parse_move("3c4x2c4").expect("legal");
    let mut q = p.clone();
    q.play(m);
    assert!(q.to_notation().contains("2R9"), "{}", q.to_notation());
}

#[test]
fn warrior_steps_forward_captures_diagonally_no_double_step_seed_4_1() {
    // Seed §4.1: a Gold Warrior on 2c2 moves to 2c3 or captures on 2b3, 2d3.
    let p = pos(
        &with_kings(&[("2c2", 'W'), ("2b3", 'w'), ("2d3", 'w')]),
        'g',
    );
    assert_eq!(targets(&p, "2c2"), set(&["2c3", "2b3", "2d3"]));
    let p = pos(&with_kings(&[("2c2", 'W'), ("2c3", 'w')]), 'g');
    assert!(targets(&p, "2c2").is_empty());
}

#[test]
fn warrior_promotes_to_hero_only_seed_4_1_ruling_d5() {
    let p = pos(&with_kings(&[("2c7", 'W'), ("2d8", 'o')]), 'g');
    assert_eq!(moves_from(&p, "2c7"), set(&["2c7-2c8=H", "2c7-2d8=H"]));
    let m = p.parse_move("2c7-2c8").expect("=H may be omitted");
    assert_eq!(m.to_string(), "2c7-2c8=H");
    let mut q = p.clone();
    q.play(m);
    assert!(q.to_notation().contains("2H"), "{}", q.to_notation());
}

#[test]
fn oliphant_unicorn_thief_stay_on_the_ground_seed_4_2_4_3_4_5() {
    let p = pos(
        &with_kings(&[("2e4", 'O'), ("2e6", 'w'), ("2c4", 'W')]),
        'g',
    );
    assert_eq!(
        targets(&p, "2e4"),
        set(&[
            "2e5", "2e6", "2e3", "2e2", "2e1", "2d4", "2f4", "2g4", "2h4", "2i4", "2j4", "2k4",
            "2l4"
        ])
    );
    let p = pos(&with_kings(&[("2b1", 'U')]), 'g');
    assert_eq!(targets(&p, "2b1"), set(&["2a3", "2c3", "2d2"]));
    let p = pos(&with_kings(&[("2d1", 'T'), ("2f3", 'w')]), 'g');
    assert_eq!(
        targets(&p, "2d1"),
        set(&["2c2", "2b3", "2a4", "2e2", "2f3"])
    );
}

#[test]
fn hero_on_ground_jumps_diagonally_and_changes_level_seed_4_4() {
    let p = pos(
        &with_kings(&[
            ("2e4", 'H'),
            ("2f5", 'W'),
            ("2d3", 'w'),
            ("3e4", 'S'),
            ("1e4", 'D'),
        ]),
        'g',
    );
    assert_eq!(
        targets(&p, "2e4"),
        set(&[
            "2g6", "2d5", "2c6", "2d3", "2c2", "2f3", "2g2", // 2f5 own: jumped over to 2g6
            "3d5", "3f5", "3d3", "3f3", "1d5", "1f5", "1d3", "1f3",
        ])
    );
}

#[test]
fn hero_off_ground_only_returns_to_any_of_four_ruling_d3() {
    let p = pos(&with_kings(&[("3e4", 'H'), ("2d5", 'w')]), 'g');
    assert_eq!(targets(&p, "3e4"), set(&["2d5", "2f5", "2d3", "2f3"]));
    let p = pos(&with_kings(&[("1l1", 'H')]), 'g');
    assert_eq!(targets(&p, "1l1"), set(&["2k2"]));
}

#[test]
fn cleric_steps_on_every_level_and_straight_up_down_seed_4_6() {
    let p = pos(&with_kings(&[("3e4", 'C')]), 'g');
    assert_eq!(
        targets(&p, "3e4"),
        set(&["3d3", "3d4", "3d5", "3e3", "3e5", "3f3", "3f4", "3f5", "2e4"])
    );
    let p = pos(&with_kings(&[("2e4", 'C')]), 'g');
    assert_eq!(targets(&p, "2e4").len(), 10);
}

#[test]
fn mage_queen_on_ground_and_level_moves_seed_4_7() {
    // Seed §4.7: from 2c4 up to 3c4; from 3c4 down two to 1c4; on 1c4 it steps 1c5 1d4 1c3 1b4.
    let p = pos(&with_kings(&[("2c4", 'M')]), 'g');
    let t = targets(&p, "2c4");
    assert!(t.contains(&"3c4".to_string()) && t.contains(&"1c4".to_string()));
    assert!(!t.iter().any(|s| s.starts_with('3') && s != "3c4"));
    let p = pos(&with_kings(&[("3c4", 'M')]), 'g');
    assert_eq!(
        targets(&p, "3c4"),
        set(&["3c5", "3d4", "3c3", "3b4", "2c4", "1c4"])
    );
    let p = pos(&with_kings(&[("1c4", 'M')]), 'g');
    assert_eq!(
        targets(&p, "1c4"),
        set(&["1c5", "1d4", "1c3", "1b4", "2c4", "3c4"])
    );
}

#[test]
fn mage_two_level_move_needs_empty_ground_square_seed_6() {
    let p = pos(
        &with_kings(&[("1d4", 'M'), ("2d4", 'w'), ("3d4", 's')]),
        'g',
    );
    assert_eq!(
        targets(&p, "1d4"),
        set(&["1d5", "1e4", "1d3", "1c4", "2d4"])
    );
}

#[test]
fn king_on_ground_steps_and_changes_level_seed_4_8() {
    let p = pos(&[("2e4", 'K'), ("2l8", 'k')], 'g');
    assert_eq!(
        targets(&p, "2e4"),
        set(&["2d3", "2d4", "2d5", "2e3", "2e5", "2f3", "2f4", "2f5", "3e4", "1e4"])
    );
}

#[test]
fn king_off_ground_only_returns_ruling_d3() {
    let p = pos(&[("3e4", 'K'), ("2e4", 'w'), ("2l8", 'k')], 'g');
    assert_eq!(moves_from(&p, "3e4"), set(&["3e4-2e4"]));
    let p = pos(&[("1e4", 'K'), ("2l8", 'k')], 'g');
    assert_eq!(moves_from(&p, "1e4"), set(&["1e4-2e4"]));
}

#[test]
fn paladin_three_dimensional_knight_seed_4_9() {
    // Seed §4.9: a Paladin on 3c4 changes level to 2c6 2e4 2c2 2a4 1c5 1d4 1c3 1b4.
    let p = pos(&with_kings(&[("3c4", 'P')]), 'g');
    let down: Vec<String> = targets(&p, "3c4")
        .into_iter()
        .filter(|t| !t.starts_with('3'))
        .collect();
    assert_eq!(
        down,
        set(&["2c6", "2e4", "2c2", "2a4", "1c5", "1d4", "1c3", "1b4"])
    );
    let sky: Vec<String> = targets(&p, "3c4")
        .into_iter()
        .filter(|t| t.starts_with('3'))
        .collect();
    assert_eq!(sky.len(), 8);
    // On the Ground: king step, knight, and the one-level 3-D leap, jumping.
    let p = pos(&with_kings(&[("2h1", 'P')]), 'g');
    assert_eq!(
        targets(&p, "2h1"),
        set(&[
            "2g1", "2g2", "2h2", "2i2", "2i1", "2f2", "2g3", "2i3", "2j2", "3h3", "3f1", "3j1",
            "1h3", "1f1", "1j1"
        ])
    );
}

#[test]
fn dwarf_moves_forward_sideways_captures_diagonally_and_up_seed_5_1() {
    // Seed §5.1: a Dwarf on 1d4 moves to 1d5 1c4 1e4, captures on 1c5 1e5 2d4.
    let p = pos(
        &with_kings(&[("1d4", 'D'), ("1c5", 'd'), ("1e5", 'd'), ("2d4", 'w')]),
        'g',
    );
    assert_eq!(
        targets(&p, "1d4"),
        set(&["1d5", "1c4", "1e4", "1c5", "1e5", "2d4"])
    );
    // Never backward, never up without a capture.
    let p = pos(&with_kings(&[("1d4", 'D')]), 'g');
    assert_eq!(targets(&p, "1d4"), set(&["1d5", "1c4", "1e4"]));
}

#[test]
fn dwarf_on_ground_returns_down_to_empty_square_seed_5_1() {
    let p = pos(&with_kings(&[("2d4", 'D')]), 'g');
    assert_eq!(targets(&p, "2d4"), set(&["2d5", "2c4", "2e4", "1d4"]));
    let p = pos(&with_kings(&[("2d4", 'D'), ("1d4", 'd')]), 'g');
    assert_eq!(targets(&p, "2d4"), set(&["2d5", "2c4", "2e4"]));
}

#[test]
fn dwarf_on_last_rank_keeps_sideways_moves_ruling_d3() {
    let p = pos(&with_kings(&[("1d8", 'D'), ("2d8", 'o')]), 'g');
    assert_eq!(targets(&p, "1d8"), set(&["1c8", "1e8", "2d8"]));
}

#[test]
fn basilisk_moves_forward_and_back_seed_5_2() {
    // Seed §5.2: a Basilisk on 1d4 moves or captures on 1c5 1d5 1e5 and moves to 1d3.
    let p = pos(
        &with_kings(&[("1d4", 'B'), ("1d5", 'd'), ("1d3", 'd')]),
        'g',
    );
    assert_eq!(targets(&p, "1d4"), set(&["1c5", "1d5", "1e5"]));
    let p = pos(&with_kings(&[("1d4", 'B')]), 'g');
    assert_eq!(targets(&p, "1d4"), set(&["1c5", "1d5", "1e5", "1d3"]));
}

#[test]
fn basilisk_freezes_the_enemy_piece_above_ruling_d4() {
    // A Scarlet Oliphant on 2d4 above a Gold Basilisk on 1d4 cannot move.
    let p = pos(&with_kings(&[("1d4", 'B'), ("2d4", 'o')]), 's');
    assert!(targets(&p, "2d4").is_empty());
    // Its own Basilisk does not freeze it.
    let p = pos(&with_kings(&[("1d4", 'b'), ("2d4", 'o')]), 's');
    assert!(!targets(&p, "2d4").is_empty());
}

#[test]
fn frozen_piece_gives_no_check_ruling_d4() {
    // Scarlet Oliphant on 2a4 would check the Gold King on 2a1, but it is frozen.
    let p = pos(
        &[("2a1", 'K'), ("2l8", 'k'), ("2a4", 'o'), ("1a4", 'B')],
        'g',
    );
    assert!(!p.is_check());
    // The King may even step along the frozen Oliphant's file.
    assert!(targets(&p, "2a1").contains(&"2a2".to_string()));
}

#[test]
fn moving_the_basilisk_away_may_be_illegal_ruling_d10() {
    let p = pos(
        &[("2a1", 'K'), ("2l8", 'k'), ("2a4", 'o'), ("1a4", 'B')],
        'g',
    );
    // 1a4-1a5 and 1a4-1b5 would release the Oliphant, which then checks: illegal.
    // 1a4-1a3 is illegal too.
    assert!(targets(&p, "1a4").is_empty());
}

#[test]
fn a_piece_may_move_onto_a_square_where_it_is_frozen_ruling_d10() {
    let p = pos(&with_kings(&[("2d5", 'o'), ("1d4", 'B')]), 's');
    assert!(targets(&p, "2d5").contains(&"2d4".to_string()));
}

#[test]
fn frozen_king_in_check_is_mated_seed_5_2_ruling_d4() {
    // Gold King on 2a1 frozen by a Scarlet Basilisk on 1a1, checked by an Oliphant on 2a8
    // which nothing can capture or block except by interposing.
    let p = pos(
        &[("2a1", 'K'), ("1a1", 'b'), ("2a8", 'o'), ("2l8", 'k')],
        'g',
    );
    assert!(p.is_check());
    assert!(p.legal().is_empty());
    // With a Gold Thief able to interpose, it is not mate.
    let p = pos(
        &[
            ("2a1", 'K'),
            ("1a1", 'b'),
            ("2a8", 'o'),
            ("2l8", 'k'),
            ("2c3", 'T'),
        ],
        'g',
    );
    let mut all: Vec<String> = p.legal().iter().map(|m| m.to_string()).collect();
    all.sort();
    assert_eq!(all, set(&["2c3-2a5"]));
}

#[test]
fn elemental_underworld_moves_and_climb_seed_5_3() {
    // Seed §5.3: an Elemental on 1d4 moves to 1c5 1e5 1e3 1c3; moves or captures on
    // 1d5 1d6 1e4 1f4 1d3 1d2 1c4 1b4; captures above on 2d5 2e4 2d3 2c4.
    let p = pos(
        &with_kings(&[
            ("1d4", 'E'),
            ("2d5", 'w'),
            ("2e4", 'w'),
            ("2d3", 'w'),
            ("2c4", 'w'),
        ]),
        'g',
    );
    assert_eq!(
        targets(&p, "1d4"),
        set(&[
            "1c5", "1e5", "1e3", "1c3", "1d5", "1d6", "1e4", "1f4", "1d3", "1d2", "1c4", "1b4",
            "2d5", "2e4", "2d3", "2c4"
        ])
    );
    // Without enemies above, no climbing (it rises only to capture).
    let p = pos(&with_kings(&[("1d4", 'E')]), 'g');
    assert_eq!(targets(&p, "1d4").len(), 12);
}

#[test]
fn elemental_needs_empty_intermediate_squares_seed_6() {
    // 1e4 occupied: no 1f4, no climb to 2e4.
    let p = pos(
        &with_kings(&[("1d4", 'E'), ("1e4", 'D'), ("2e4", 'w')]),
        'g',
    );
    let t = targets(&p, "1d4");
    assert!(!t.contains(&"1f4".to_string()) && !t.contains(&"2e4".to_string()));
}

#[test]
fn elemental_on_ground_descends_seed_5_3() {
    // Seed §5.3: an Elemental on 2d4 moves or captures on 1d5 1e4 1d3 1c4.
    let p = pos(&with_kings(&[("2d4", 'E'), ("1d5", 'd')]), 'g');
    assert_eq!(targets(&p, "2d4"), set(&["1d5", "1e4", "1d3", "1c4"]));
    // The square directly below must be empty.
    let p = pos(&with_kings(&[("2d4", 'E'), ("1d4", 'd')]), 'g');
    assert!(targets(&p, "2d4").is_empty());
}

#[test]
fn dragon_capture_from_afar_gives_check_ruling_d6() {
    let p = pos(&[("2e4", 'K'), ("3e5", 'r'), ("2l8", 'k')], 'g');
    assert!(p.is_check());
}

#[test]
fn sylph_and_dwarf_captures_across_levels_give_check_ruling_d6() {
    let p = pos(&[("2e4", 'K'), ("3e4", 's'), ("2l8", 'k')], 'g');
    assert!(p.is_check());
    let p = pos(&[("2e4", 'K'), ("1e4", 'd'), ("2l8", 'k')], 'g');
    assert!(p.is_check());
}

#[test]
fn capture_from_afar_legality_judged_with_dragon_in_place_ruling_d10() {
    // Gold Dragon 3c4 shields the Gold King on 3a2 from the Scarlet Dragon on 3e6?
    // Bishop line 3e6-3d5-3c4-3b3-3a2: capturing from afar keeps the Dragon on 3c4, so the
    // shield stays and the capture is legal.
    let p = pos(
        &[
            ("3a2", 'K'),
            ("3c4", 'R'),
            ("3e6", 'r'),
            ("2c4", 'w'),
            ("2l8", 'k'),
        ],
        'g',
    );
    assert!(moves_from(&p, "3c4").contains(&"3c4x2c4".to_string()));
    // Moving the Dragon off the line is illegal.
    assert!(!moves_from(&p, "3c4").contains(&"3c4-3c5".to_string()));
}

#[test]
fn king_may_not_move_into_check_ruling_d6() {
    let p = pos(&[("2e4", 'K'), ("2f8", 'o'), ("2l8", 'k')], 'g');
    let t = targets(&p, "2e4");
    assert!(!t.iter().any(|s| s.starts_with("2f")));
}

#[test]
fn setup_has_42_pieces_a_side_on_the_squares_of_ruling_d2() {
    let p = Position::new();
    let count = |c: fairy_kernel::Color| p.side_pieces(c).count();
    assert_eq!(count(GOLD), 42);
    assert_eq!(count(SCARLET), 42);
    let expect = [
        ("3c1", 'G'),
        ("3k1", 'G'),
        ("3g1", 'R'),
        ("3a2", 'S'),
        ("3k2", 'S'),
        ("2a1", 'O'),
        ("2b1", 'U'),
        ("2c1", 'H'),
        ("2d1", 'T'),
        ("2e1", 'C'),
        ("2f1", 'M'),
        ("2g1", 'K'),
        ("2h1", 'P'),
        ("2i1", 'T'),
        ("2j1", 'H'),
        ("2k1", 'U'),
        ("2l1", 'O'),
        ("2f2", 'W'),
        ("1c1", 'B'),
        ("1k1", 'B'),
        ("1g1", 'E'),
        ("1b2", 'D'),
        ("1l2", 'D'),
        // Scarlet mirrors the ranks on the same files.
        ("3g8", 'r'),
        ("3a7", 's'),
        ("2g8", 'k'),
        ("2h8", 'p'),
        ("1g8", 'e'),
        ("1b7", 'd'),
    ];
    for (sq, letter) in expect {
        let s: Square = sq.parse().unwrap();
        assert_eq!(p.piece_at(s).map(|x| x.letter()), Some(letter), "{sq}");
    }
}

#[test]
fn first_moves_per_piece_match_the_hand_count() {
    // Counted by hand: Griffons 3+2, Dragon 13 (with the Sylph on 3a7), Sylphs 11,
    // Unicorns 4, Heroes 8, Cleric 2, Mage 2, Paladin 8, Warriors 12, Basilisks 2,
    // Elemental 6, Dwarves 17; Oliphants, Thieves and King none.
    let p = Position::new();
    let mut per_kind = std::collections::BTreeMap::new();
    for m in p.legal() {
        let k = p.piece_at(m.from()).unwrap().role.letter();
        *per_kind.entry(k).or_insert(0) += 1;
    }
    let want = [
        ('G', 5),
        ('R', 13),
        ('S', 11),
        ('U', 4),
        ('H', 8),
        ('C', 2),
        ('M', 2),
        ('P', 8),
        ('W', 12),
        ('B', 2),
        ('E', 6),
        ('D', 17),
    ];
    assert_eq!(per_kind, want.into_iter().collect());
    assert!(moves_from(&p, "3g1").contains(&"3g1-3a7".to_string()));
}

#[test]
fn paladin_leaps_from_the_underworld_too_seed_4_9() {
    let p = pos(&with_kings(&[("1e4", 'P')]), 'g');
    let up: Vec<String> = targets(&p, "1e4")
        .into_iter()
        .filter(|t| !t.starts_with('1'))
        .collect();
    assert_eq!(
        up,
        set(&["2e6", "2g4", "2e2", "2c4", "3e5", "3f4", "3e3", "3d4"])
    );
}

#[test]
fn griffon_on_sky_edge_descends_to_two_squares_seed_3_2() {
    let p = pos(&with_kings(&[("3a4", 'G')]), 'g');
    let down: Vec<String> = targets(&p, "3a4")
        .into_iter()
        .filter(|t| t.starts_with('2'))
        .collect();
    assert_eq!(down, set(&["2b5", "2b3"]));
}

#[test]
fn capture_from_afar_is_written_with_x_ruling_d9() {
    let p = pos(&with_kings(&[("3c4", 'R'), ("2c4", 'w')]), 'g');
    assert!(p.parse_move("3c4x2c4").is_ok());
    match p.parse_move("3c4-2c4") {
        Err(fairy_kernel::MoveError::Illegal { reason, .. }) => {
            assert!(reason.contains("3c4x2c4"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

// ---- Hero origins (docs/rules/dragonchess.md, D3 and D8) ----

/// The position of the checkpoint: a Gold Hero on 3d4, Kings on 2l8 and 2l1.
const HERO_SKY: &str =
    "12/12/12/12/3H8/12/12/12 | 11k/12/12/12/12/12/12/11K | 12/12/12/12/12/12/12/12 g 0 1";

fn read(text: &str) -> Position {
    Position::from_notation((), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `text` with the Hero origins field `field` appended.
fn with_origins(text: &str, field: &str) -> String {
    format!("{text} {field}")
}

#[test]
fn hero_off_ground_returns_only_to_its_recorded_origin_ruling_d3() {
    let p = read(&with_origins(HERO_SKY, "3d4:2c3"));
    assert_eq!(moves_from(&p, "3d4"), set(&["3d4-2c3"]));
    assert_eq!(p.hero_origin(square(3, 3, 3)), Some(square(2, 2, 2)));
    let q = read(HERO_SKY);
    assert_eq!(q.hero_origin(square(3, 3, 3)), None);
    assert_eq!(targets(&q, "3d4"), set(&["2c3", "2e3", "2c5", "2e5"]));
    // The same from the Underworld, another origin.
    let u = "12/12/12/12/12/12/12/12 | 11k/12/12/12/12/12/12/11K | 12/12/12/12/3H8/12/12/12 g 0 1";
    assert_eq!(
        moves_from(&read(&with_origins(u, "1d4:2e5")), "1d4"),
        set(&["1d4-2e5"])
    );
}

#[test]
fn hero_rising_in_play_records_and_loses_its_origin_ruling_d3() {
    let p = pos(&with_kings(&[("2c3", 'H')]), 'g');
    let mut q = p.clone();
    q.play(q.parse_move("2c3-3d4").unwrap());
    assert!(q.to_notation().ends_with(" 3d4:2c3"), "{}", q.to_notation());
    q.play(q.parse_move("2l8-2k8").unwrap());
    assert_eq!(moves_from(&q, "3d4"), set(&["3d4-2c3"]));
    // The record round-trips and is part of the hash.
    let text = q.to_notation();
    let back = read(&text);
    assert_eq!(back, q);
    assert_eq!(
        fairy_kernel::Game::hash(&back),
        fairy_kernel::Game::hash(&q)
    );
    let bare = read(text.trim_end_matches(" 3d4:2c3"));
    assert_ne!(bare, q);
    assert_ne!(
        fairy_kernel::Game::hash(&bare),
        fairy_kernel::Game::hash(&q)
    );
    assert_eq!(
        fairy_kernel::Game::hash_from_scratch(&q),
        fairy_kernel::Game::hash(&q)
    );
    // Returning removes the record.
    q.play(q.parse_move("3d4-2c3").unwrap());
    assert!(!q.to_notation().contains(':'), "{}", q.to_notation());
    assert!(q.hero_origins().is_empty());
    assert_eq!(
        fairy_kernel::Game::hash_from_scratch(&q),
        fairy_kernel::Game::hash(&q)
    );
}

#[test]
fn capturing_a_hero_off_ground_removes_its_record_ruling_d3() {
    // The Scarlet Cleric on 3d5 takes the Gold Hero on 3d4.
    let p = read(&with_origins(
        "12/12/12/3c8/3H8/12/12/12 | 11k/12/12/12/12/12/12/11K | 12/12/12/12/12/12/12/12 s 0 1",
        "3d4:2c3",
    ));
    let mut q = p.clone();
    q.play(q.parse_move("3d5-3d4").unwrap());
    assert!(q.hero_origins().is_empty());
    assert!(!q.to_notation().contains(':'));
    assert_eq!(
        fairy_kernel::Game::hash_from_scratch(&q),
        fairy_kernel::Game::hash(&q)
    );
}

#[test]
fn hero_off_ground_blocked_or_capturing_on_its_origin_ruling_d3() {
    // An own Warrior on the origin: no move, though it still guards that square.
    let own =
        "12/12/12/12/3H8/12/12/12 | 11k/12/12/12/12/2W9/12/11K | 12/12/12/12/12/12/12/12 g 0 1";
    let p = read(&with_origins(own, "3d4:2c3"));
    assert!(moves_from(&p, "3d4").is_empty());
    assert!(p.is_attacked(square(2, 2, 2), GOLD));
    // An enemy Warrior there is captured.
    let enemy =
        "12/12/12/12/3H8/12/12/12 | 11k/12/12/12/12/2w9/12/11K | 12/12/12/12/12/12/12/12 g 0 1";
    assert_eq!(
        moves_from(&read(&with_origins(enemy, "3d4:2c3")), "3d4"),
        set(&["3d4-2c3"])
    );
}

#[test]
fn hero_off_ground_attacks_only_its_origin_ruling_d3() {
    let p = read(&with_origins(HERO_SKY, "3d4:2c3"));
    let attacked: Vec<String> = [(2, 2), (4, 2), (2, 4), (4, 4)]
        .iter()
        .filter(|&&(f, r)| p.is_attacked(square(2, f, r), GOLD))
        .map(|&(f, r)| square_name(square(2, f, r)))
        .collect();
    assert_eq!(attacked, set(&["2c3"]));
    let q = read(HERO_SKY);
    assert!([(2, 2), (4, 2), (2, 4), (4, 4)]
        .iter()
        .all(|&(f, r)| q.is_attacked(square(2, f, r), GOLD)));
    // A Scarlet King on 2e3, Gold to move: possible only when the Hero came from 2c3 (with
    // no record it would stand in check while not to move).
    let k = "12/12/12/12/3H8/12/12/12 | 12/12/12/12/12/4k7/12/11K | 12/12/12/12/12/12/12/12 g 0 1";
    assert!(Position::from_notation((), &with_origins(k, "3d4:2c3")).is_ok());
    assert!(Position::from_notation((), k).is_err());
    assert!(Position::from_notation((), &with_origins(k, "3d4:2e3")).is_err());
    // Scarlet to move with its King on 2f4: it may step to 2e3 and 2e5, which the Hero
    // from 2c3 does not cover; with no record it may not.
    let s = "12/12/12/12/3H8/12/12/12 | 12/12/12/12/5k6/12/12/11K | 12/12/12/12/12/12/12/12 s 0 1";
    let t = targets(&read(&with_origins(s, "3d4:2c3")), "2f4");
    assert!(t.contains(&"2e3".to_string()) && t.contains(&"2e5".to_string()));
    let t = targets(&read(s), "2f4");
    assert!(!t.contains(&"2e3".to_string()) && !t.contains(&"2e5".to_string()));
}

#[test]
fn hero_origins_field_is_written_in_square_order_and_validated_ruling_d8() {
    let two =
        "12/12/12/12/3H8/12/12/12 | 11k/12/12/12/12/12/12/11K | 12/12/12/12/12/12/1h10/12 g 0 1";
    let p = read(&with_origins(two, "3d4:2c3,1b2:2a1"));
    assert!(
        p.to_notation().ends_with(" 1b2:2a1,3d4:2c3"),
        "{}",
        p.to_notation()
    );
    assert_eq!(read(&p.to_notation()), p);
    for (field, why) in [
        ("-", "an entry is"),
        ("", "an entry is"),
        ("3d4", "an entry is"),
        ("3d4:2c3,", "an entry is"),
        ("3d4:2z3", "square names"),
        ("2l1:2k2", "on the Ground"),
        ("3e4:2d3", "no Hero"),
        ("3d4:2c3,3d4:2c3", "named twice"),
        ("3d4:2d3", "is not diagonally next"),
        ("3d4:2b2", "is not diagonally next"),
        ("3d4:1c3", "is not diagonally next"),
    ] {
        match Position::from_notation((), &with_origins(HERO_SKY, field)) {
            Err(fairy_kernel::PositionError::Field {
                field: name,
                expected,
                ..
            }) => {
                assert_eq!(name, "Hero origins", "{field}");
                assert!(expected.contains(why), "{field}: {expected}");
            }
            other => panic!("{field:?}: {other:?}"),
        }
    }
}

#[test]
fn several_heroes_may_share_an_origin_ruling_d3() {
    let text =
        "12/12/12/12/3H8/12/12/12 | 11k/12/12/12/12/12/12/11K | 12/12/12/12/1H10/12/12/12 g 0 1";
    let p = read(&with_origins(text, "1b4:2c3,3d4:2c3"));
    assert_eq!(moves_from(&p, "3d4"), set(&["3d4-2c3"]));
    assert_eq!(moves_from(&p, "1b4"), set(&["1b4-2c3"]));
}

#[test]
fn a_hero_that_does_not_attack_leaves_other_attacks_in_place_ruling_d3() {
    // Found by random play: the Scarlet Hero on 3d7 came from 2e8, so it does not attack 2c6,
    // but the Scarlet Elemental on 1c7 does (through the empty 1c6): 2d6-2c6 is illegal.
    let p = read("12/3hk7/12/12/11s/5S6/12/12 | 12/12/3K8/9w2/6W5/W1WD8/7W4/12 | 10B1/2e3d5/5d6/1E10/3D8/7D1DD1/2B3D1H3/12 g 1 138 1i2:2j1,3d7:2e8");
    assert!(!targets(&p, "2d6").contains(&"2c6".to_string()));
    assert!(p.is_attacked(square(2, 2, 5), SCARLET));
}
