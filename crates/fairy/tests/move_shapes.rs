//! Every legal move of the conformance vectors stays within what its rule set declares:
//! its promotion among `promotion_letters`, its flags within `move_flags` (the Python
//! module sizes its action coding from these two).

use std::collections::BTreeSet;

mod common;

#[test]
fn legal_move_records_stay_within_the_declared_promotions_and_flags() {
    let (mut variants, mut promotions) = (0, 0);
    for v in fairy::registry::built() {
        let start = v.session(None).unwrap();
        let letters = start.promotion_letters();
        let flags = start.move_flags();
        let pieces: Vec<char> = start.pieces().iter().map(|p| p.letter).collect();
        assert!(
            letters.iter().all(|l| pieces.contains(l)),
            "{}: promotion letters {letters:?} are pieces",
            v.id()
        );
        let (mut seen_letters, mut seen_flags) = (BTreeSet::new(), fairy::seam::MoveFlags::NONE);
        let positions = common::conformance_positions(v.id());
        assert!(!positions.is_empty(), "{} has vectors", v.id());
        for fen in &positions {
            let s = v.session(Some(fen)).unwrap();
            assert_eq!(s.promotion_letters(), letters, "{} {fen}", v.id());
            for r in s.legal_move_records() {
                if let Some(l) = r.promotion {
                    assert!(letters.contains(&l), "{} {fen} {}", v.id(), r.text);
                    seen_letters.insert(l);
                }
                assert!(flags.contains(r.flags), "{} {fen} {}", v.id(), r.text);
                seen_flags |= r.flags;
            }
        }
        // Moves with flags occur in every variant that declares some.
        assert!(!seen_flags.is_empty() || flags.is_empty(), "{}", v.id());
        promotions += seen_letters.len();
        variants += 1;
    }
    assert_eq!(variants, fairy::registry::built().len());
    assert!(promotions > 0, "the vectors reach promotions");
}

/// Imperial Regicide says through the seam which front is to move and what its cell
/// colours mean; an undivided board says neither.
#[test]
fn the_front_to_move_and_the_field_legend_come_from_the_variant() {
    let mut r = fairy::registry::find("regicide")
        .unwrap()
        .session(None)
        .unwrap();
    assert_eq!(fairy::picture::front_to_move(r.as_ref()), Some(1));
    let first = r.legal_moves(None).unwrap()[0].clone();
    r.apply(&first).unwrap();
    assert_eq!(fairy::picture::front_to_move(r.as_ref()), Some(2));
    assert_eq!(r.field_legend().len(), r.file_groups().len());
    let view = r.board_view().unwrap();
    let legend = fairy::picture::legend(r.as_ref(), &view);
    assert!(legend
        .iter()
        .any(|e| e.text.starts_with("front II, files i-p")));
    assert!(legend.iter().any(|e| e.text == "Prince"));

    let g = fairy::registry::find("glinski")
        .unwrap()
        .session(None)
        .unwrap();
    assert_eq!(fairy::picture::front_to_move(g.as_ref()), None);
    assert!(g.field_legend().is_empty());
    let legend = fairy::picture::legend(g.as_ref(), &g.board_view().unwrap());
    assert!(legend.iter().all(|e| !e.text.starts_with("front")));
}
