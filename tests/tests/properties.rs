//! Generic properties (see `fairy_testkit::properties`) over every variant crate.
//! One line per variant: its `Game` type and rule set.

use fairy_testkit::properties::check_random_games;

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
            for seed in 0..3 {
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

variant_properties!(
    dainy_random_games,
    dainy_random_games_long,
    fairy_dainy::Position,
    ()
);
variant_properties!(
    chess_t_random_games,
    chess_t_random_games_long,
    fairy_chess_t::Position,
    fairy_chess_t::Variant::ChessT
);
variant_properties!(
    chess_t2_random_games,
    chess_t2_random_games_long,
    fairy_chess_t::Position,
    fairy_chess_t::Variant::ChessT2
);
variant_properties!(
    chess_t1_random_games,
    chess_t1_random_games_long,
    fairy_chess_t::Position,
    fairy_chess_t::Variant::ChessT1
);
variant_properties!(
    regicide_random_games,
    regicide_random_games_long,
    fairy_regicide::Position,
    ()
);
variant_properties!(
    synthesis_random_games,
    synthesis_random_games_long,
    fairy_synthesis::Position,
    ()
);
variant_properties!(
    glinski_random_games,
    glinski_random_games_long,
    fairy_glinski::Position,
    ()
);

// new-variant: properties (`cargo xtask new-variant` adds variants above this line)
