//! `Session::listing` and `Session::play_listed`: playing a listed move by its index gives
//! the same game as playing its text, in every built variant, and a listing of another
//! position is refused.

use fairy::{registry, Rng};

#[test]
fn playing_listed_moves_equals_playing_their_texts() {
    for variant in registry::built() {
        let mut by_index = variant.session(None).expect("start");
        let mut by_text = variant.session(None).expect("start");
        let mut rng = Rng::new(11);
        for _ in 0..40 {
            if by_text.is_over() {
                break;
            }
            let listing = by_index.listing();
            let mut sorted = listing.texts.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, by_text.legal_moves(None).expect("moves"));
            let pick = by_text.random_move(&mut rng).expect("a legal move");
            let index = listing
                .texts
                .iter()
                .position(|t| *t == pick)
                .expect("listed");
            assert!(by_index.play_listed(&listing, index), "{}", variant.id());
            by_text.apply(&pick).expect("legal");
            assert_eq!(by_index.notation(), by_text.notation(), "{}", variant.id());
            assert_eq!(by_index.history(), by_text.history());
            // The listing belongs to the position before the move: refused now.
            assert!(!by_index.play_listed(&listing, index));
            assert!(!by_index.play_listed(&by_index.listing(), usize::MAX));
        }
        assert!(by_index.history().len() > 1, "{}", variant.id());
    }
}
