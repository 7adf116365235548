//! Every variant crate has the common shape (CONTRIBUTING.md): `Position::new()` and
//! `Default` give the start, whose notation is `START`; `Display` and `FromStr` are the
//! position notation and read each other back; the prelude brings the `Game` trait.
//! Chess-T, whose crate has three rule sets, takes the rule set: `Position::new(Variant)`.

macro_rules! common_shape {
    ($name:ident, $krate:ident) => {
        common_shape!($name, $krate, ());
    };
    ($name:ident, $krate:ident, ($($variant:tt)*)) => {
        #[test]
        fn $name() {
            use $krate::prelude::*;
            let start = Position::new($($variant)*);
            assert_eq!(start, Position::default());
            assert_eq!(start.to_string(), START);
            assert_eq!(start.to_notation(), START);
            let again: Position = format!(" {START} ").parse().expect("reads");
            assert_eq!(again, start);
            let mut moves = MoveList::new();
            start.legal_moves(&mut moves);
            assert!(moves.len() <= MAX_MOVES);
            let mut pos = start.clone();
            pos.try_play(moves[0]).expect("a legal move");
            assert!(!start.is_check());
            let _: fn(Piece) -> Piece = |p| p;
            let _: Option<Role> = None;
            assert!(std::any::type_name::<$krate::kernel::BitSet<1>>().contains("BitSet"));
        }
    };
}

common_shape!(regicide, fairy_regicide);
common_shape!(dainy, fairy_dainy);
common_shape!(glinski, fairy_glinski);
common_shape!(synthesis, fairy_synthesis);
common_shape!(dragonchess, fairy_dragonchess);
common_shape!(chess_t, fairy_chess_t, (Variant::ChessT));

/// The other two rule sets of the Chess-T crate: `Display` names the rule set, so that
/// `FromStr` reads it back under the same rules; `to_notation` is the bare notation.
#[test]
fn chess_t_rule_sets() {
    use fairy_chess_t::prelude::*;
    for (variant, start) in [(Variant::ChessT2, START_T2), (Variant::ChessT1, START_T1)] {
        let pos = Position::new(variant);
        assert_eq!(pos.to_notation(), start);
        assert_eq!(pos.to_string(), format!("{variant} {start}"));
        assert_eq!(pos.to_string().parse::<Position>().expect("reads"), pos);
        assert_eq!(Position::from_notation(variant, start).expect("reads"), pos);
    }
}
