//! Every legal move of the conformance vectors stays within what its rule set declares:
//! its promotion among `promotion_letters`, its flags within `move_flags` (the Python
//! module sizes its action coding from these two).

use std::collections::BTreeSet;

#[test]
fn legal_move_records_stay_within_the_declared_promotions_and_flags() {
    let (mut variants, mut promotions) = (0, 0);
    for v in fairy::registry::built() {
        let path = format!(
            "{}/../../tests/conformance/{}.jsonl",
            env!("CARGO_MANIFEST_DIR"),
            v.id()
        );
        let text = std::fs::read_to_string(&path).expect("every variant has vectors");
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
        for line in text.lines() {
            let Some(at) = line.find("\"position\":\"") else {
                continue;
            };
            let rest = &line[at + 12..];
            let fen = &rest[..rest.find('"').unwrap()];
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
