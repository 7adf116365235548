//! Every variant crate has the common shape (CONTRIBUTING.md): `Position::new()` and
//! `Default` give the start, whose notation is `START`; `Display` and `FromStr` are the
//! position notation and read each other back; the prelude brings the `Game` trait.

macro_rules! common_shape {
    ($name:ident, $krate:ident) => {
        #[test]
        fn $name() {
            use $krate::prelude::*;
            let start = Position::new();
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
