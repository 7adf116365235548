//! Generic properties (see `fairy_tests::properties`) over every variant crate.
//! One line per variant: its `Game` type and rule set.

use fairy_tests::properties::check_random_games;

/// Declares the property tests of one variant: a quick one, and a long one in release.
macro_rules! variant_properties {
    ($name:ident, $long:ident, $game:ty, $variant:expr) => {
        #[test]
        fn $name() {
            let n =
                check_random_games::<$game>($variant, 4, 60, 1).unwrap_or_else(|e| panic!("{e}"));
            assert!(n > 0);
        }

        #[test]
        #[ignore = "long random play: run in release (`.ci/run` does)"]
        fn $long() {
            for seed in 0..8 {
                check_random_games::<$game>($variant, 25, 300, seed)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
        }
    };
}

variant_properties!(
    dragonchess_random_games,
    dragonchess_random_games_long,
    fairy_dragonchess::Position,
    ()
);
