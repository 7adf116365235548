//! `Game::is_check` on positions whose check is plain from the rules, one per variant, and
//! not in the start positions.

use fairy_kernel::Game;

mod common;

fn check<G: Game>(variant: G::RuleSet, checked: &str, quiet: &str) {
    let p = G::from_notation(variant, checked).expect("reads");
    assert!(p.is_check(), "{checked}");
    let q = G::from_notation(variant, quiet).expect("reads");
    assert!(!q.is_check(), "{quiet}");
    assert!(!G::start(variant).is_check());
}

#[test]
fn synthesis_rook_on_the_open_file() {
    check::<fairy_synthesis::Position>(
        (),
        "4k3/8/8/8/8/8/8/4R2K b - - 0 1",
        "4k3/8/8/8/8/8/4p3/4R2K b - - 0 1",
    );
}

#[test]
fn dragonchess_oliphant_on_the_first_rank() {
    check::<fairy_dragonchess::Position>(
        (),
        "12/12/12/12/12/12/12/12 | 11k/12/12/12/12/12/12/o10K | 12/12/12/12/12/12/12/12 g 0 1",
        "12/12/12/12/12/12/12/12 | 11k/12/12/12/12/12/12/o9OK | 12/12/12/12/12/12/12/12 g 0 1",
    );
}

/// Every checkmated position of the conformance vectors is in check, every stalemated one
/// is not (the vectors come from long random games of every variant).
#[test]
fn mates_of_the_conformance_vectors_are_checks() {
    let mut mates = 0;
    for v in fairy::registry::built() {
        for fen in &common::conformance_positions(v.id()) {
            let s = v.session(Some(fen)).unwrap();
            let reason = s.outcome().map(|o| o.reason());
            if reason == Some(fairy::Reason::Checkmate) {
                mates += 1;
                assert!(s.is_check(), "{} {fen}", v.id());
            }
            if reason == Some(fairy::Reason::Stalemate) {
                assert!(!s.is_check(), "{} {fen}", v.id());
            }
        }
    }
    assert!(mates > 5, "only {mates} mates in the vectors");
}

#[test]
fn pictures_say_check_and_outline_the_king() {
    let v = fairy::registry::find("synthesis").unwrap();
    let s = v.session(Some("4k3/8/8/8/8/8/8/4R2K b - - 0 1")).unwrap();
    assert!(fairy::picture::status(s.as_ref()).ends_with(", in check"));
    let svg = fairy::picture::styled_svg(s.as_ref(), &[], false).unwrap();
    assert!(
        svg.contains("#e02020"),
        "the checked king is outlined in red"
    );
    let quiet = v.session(None).unwrap();
    let svg = fairy::picture::styled_svg(quiet.as_ref(), &[], false).unwrap();
    assert!(!svg.contains("#e02020"));
}
