//! The seed's worked examples (chapter "Общие принципы ходов фигур на доске"), each on a
//! position built to match the text.

use super::{build, set, targets};
use crate::Variant::ChessT;

/// Figures 2.1 / 2.2: white Knechts h2, d2, c2, a4, black Ver Knechts d3, g5; White's
/// impregnable field b4, Black's a5 (as in that diagram, T3).
fn fig_2_1(side: char) -> crate::Position {
    build(
        ChessT,
        &[
            ("e1", 'K'),
            ("h2", 'N'),
            ("d2", 'N'),
            ("c2", 'N'),
            ("a4", 'N'),
            ("e8", 'k'),
            ("d3", 'v'),
            ("g5", 'v'),
        ],
        "b4,a5",
        side,
    )
}

#[test]
fn seed_knecht_h2_unobstructed() {
    // Seed §Knecht, fig. 2.1: "g2, i2, h1, h3, h4".
    assert_eq!(
        targets(&fig_2_1('w'), "h2"),
        set(&["g2", "i2", "h1", "h3", "h4"])
    );
}

#[test]
fn seed_knecht_d2_fully_blocked() {
    // Seed §Knecht: d3 holds a black Ver Knecht that White lacks the superiority to take
    // (White 1 : Black 1½), d4 lies behind it (no jumping), c2 is White's own Knecht, d1 and
    // e2 are White's castle cells.
    let p = fig_2_1('w');
    assert_eq!(targets(&p, "d2"), Vec::<String>::new());
    assert_eq!(crate::strength(&p, super::at("d3")), (2, 3));
}

#[test]
fn seed_knecht_a4_own_field_yes_enemy_field_no() {
    // Seed §Knecht: a3 and White's impregnable field b4; not a5, Black's field.
    assert_eq!(targets(&fig_2_1('w'), "a4"), set(&["a3", "b4"]));
}

#[test]
fn seed_ver_knecht_g5_unobstructed() {
    // Seed §VerKnecht, fig. 2.2: "f5, h5, g6 и g4".
    assert_eq!(targets(&fig_2_1('b'), "g5"), set(&["f5", "h5", "g6", "g4"]));
}

#[test]
fn seed_ver_knecht_d3_cannot_capture_d2() {
    // Seed §VerKnecht: "c3, e3, d4"; d2 holds a white Knecht and Black lacks superiority.
    let p = fig_2_1('b');
    assert_eq!(targets(&p, "d3"), set(&["c3", "e3", "d4"]));
    let (w, b) = crate::strength(&p, super::at("d2"));
    assert!(b <= w, "{w} {b}");
}

/// Figure 2.3: white Ritter h4; black Ritter c2 and Ver Knecht c3; White's field c4.
fn fig_2_3(side: char) -> crate::Position {
    build(
        ChessT,
        &[
            ("e1", 'K'),
            ("h4", 'R'),
            ("e8", 'k'),
            ("c2", 'r'),
            ("c3", 'v'),
        ],
        "c4,b5",
        side,
    )
}

#[test]
fn seed_ritter_h4_unobstructed() {
    // Seed §Ritter, fig. 2.3: i4, g4, f4, e4 and h3, h2, h1, h5, h6, h7.
    assert_eq!(
        targets(&fig_2_3('w'), "h4"),
        set(&["i4", "g4", "f4", "e4", "h3", "h2", "h1", "h5", "h6", "h7"])
    );
}

#[test]
fn seed_ritter_c2_jumps_obstacles() {
    // Seed §Ritter: c1, b2, a2; d2 and f2 (jumping the castle cell e2); c5 (jumping its own
    // Ver Knecht on c3 and White's impregnable field c4).
    assert_eq!(
        targets(&fig_2_3('b'), "c2"),
        set(&["c1", "b2", "a2", "d2", "f2", "c5"])
    );
}

/// Figures 2.4 / 2.5: white Prince g4; black Prince c3 next to white Knechts b3 (supported
/// from a3) and its own Knecht d4; White's field b4. Both sides' Konnet flags are set so
/// that a Prince entering the enemy castle (c3-e1) is a plain move, as in the seed's chapter,
/// which precedes the promotion rules.
fn fig_2_4(side: char) -> crate::Position {
    super::build_full(
        ChessT,
        &[
            ("i1", 'K'),
            ("g4", 'P'),
            ("b3", 'N'),
            ("a3", 'N'),
            ("e8", 'k'),
            ("c3", 'p'),
            ("d4", 'n'),
        ],
        "b4,b5",
        side,
        "WB",
        0,
    )
}

#[test]
fn seed_prince_g4_unobstructed_enters_own_castle() {
    // Seed §Prince, fig. 2.4: no limits; the line f3-d1 crosses White's castle cells e2, d1,
    // which the royal Prince may enter.
    assert_eq!(
        targets(&fig_2_4('w'), "g4"),
        set(&["g3", "g5", "f4", "h4", "h5", "i6", "h3", "i2", "f3", "e2", "d1", "f5", "e6", "d7"])
    );
}

#[test]
fn seed_prince_c3_obstacles() {
    // Seed §Prince, fig. 2.5: "d3, d2, e1, c2, b2, a1, c4"; not b3 (no superiority), not b4
    // (White's field) nor a5 behind it, not d4 (own Knecht) nor e5 behind it.
    let p = fig_2_4('b');
    assert_eq!(
        targets(&p, "c3"),
        set(&["d3", "d2", "e1", "c2", "b2", "a1", "c4"])
    );
    let (w, b) = crate::strength(&p, super::at("b3"));
    assert_eq!((w, b), (4, 3));
}
