//! A typed square for a variant crate's public API: [`define_square!`](crate::define_square).
//!
//! Inside a variant crate, squares are dense `u16` cell indices of its
//! [`Geometry`](crate::Geometry), which is what the move generator wants. In the crate's
//! public API a bare `u16` says nothing: which board, which numbering, is `300` a square at
//! all? So every variant crate defines, with this macro, a `Square` newtype over its cell
//! index that can only hold a cell of its board, prints as the square name of the crate's
//! notation (`e4`, `k10`, `3c4`) and parses from it, the way `shakmaty::Square` and
//! `cozy_chess::Square` read.
//!
//! ```
//! use fairy_kernel::{Geometry, RectBoard, SquareError};
//!
//! fn board() -> RectBoard {
//!     RectBoard::new(8, 8)
//! }
//!
//! fairy_kernel::define_square! {
//!     /// A square of the 8x8 board.
//!     pub struct Square;
//!     count: 64,
//!     name: |index| board().square_name(index),
//!     parse: |text| board().parse_square(text),
//! }
//!
//! let e4: Square = "e4".parse().unwrap();
//! assert_eq!(e4.index(), 28);
//! assert_eq!(e4.to_string(), "e4");
//! assert_eq!(Square::new(28), Some(e4));
//! assert_eq!(Square::new(64), None);
//! assert_eq!(Square::ALL.len(), Square::COUNT);
//! assert!("i9".parse::<Square>().is_err());
//! assert!(matches!("e".parse::<Square>(), Err(SquareError::Malformed { .. })));
//! ```

/// Defines a square type for a variant crate: a `Copy + Eq + Ord + Hash` newtype over the
/// crate's `u16` cell index (`0..count`), with
///
/// - `Square::new(index) -> Option<Square>` (`None` for an index that is not a cell) and
///   `index()`; `From<Square> for u16`;
/// - `Square::COUNT` and `Square::ALL` (every square in index order);
/// - `Display` (and `Debug`): the square name as the crate's notation writes it, given by
///   `name: fn(u16) -> String`;
/// - `FromStr` with `Err = `[`SquareError`](crate::SquareError), given by
///   `parse: fn(&str) -> Result<u16, SquareError>` (which must return an index below
///   `count`);
/// - under the invoking crate's `serde` feature (which must enable `fairy-kernel/serde`),
///   `Serialize`/`Deserialize` as the name string, through
///   `impl_serde_via_str!` (module `serde_support`, kernel feature `serde`);
/// - `pub(crate) const fn from_index(index: u16) -> Square` for the crate itself, which
///   knows its indices are cells (checked in debug builds only).
///
/// `name` and `parse` are expressions: paths to functions or closures.
///
/// ```text
/// fairy_kernel::define_square! {
///     /// A square of the board, `a1`..`x12`.
///     pub struct Square;
///     count: 288,
///     name: crate::notation::square_name,
///     parse: crate::notation::parse_square,
/// }
/// ```
#[macro_export]
macro_rules! define_square {
    (
        $(#[$meta:meta])*
        $vis:vis struct $ty:ident;
        count: $count:expr,
        name: $name_fn:expr,
        parse: $parse_fn:expr $(,)?
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis struct $ty(u16);

        impl $ty {
            /// The number of squares of the board.
            pub const COUNT: usize = $count;

            /// Every square of the board, in index order.
            pub const ALL: [$ty; $count] = {
                let mut all = [$ty(0); $count];
                let mut i = 0;
                while i < $count {
                    all[i] = $ty(i as u16);
                    i += 1;
                }
                all
            };

            /// The square with cell index `index`, or `None` if no cell has that index.
            #[inline]
            pub const fn new(index: u16) -> ::core::option::Option<$ty> {
                if (index as usize) < $count {
                    ::core::option::Option::Some($ty(index))
                } else {
                    ::core::option::Option::None
                }
            }

            /// The square's cell index, `0..COUNT`: the index the crate's geometry, tables
            /// and the kernel's `Game` methods (`move_origin`, `parse_square`) use.
            #[inline]
            pub const fn index(self) -> u16 {
                self.0
            }

            /// The square of a cell index the crate knows to be valid.
            #[allow(dead_code)]
            #[inline(always)]
            pub(crate) const fn from_index(index: u16) -> $ty {
                debug_assert!((index as usize) < $count);
                $ty(index)
            }
        }

        impl ::core::convert::From<$ty> for u16 {
            /// The square's cell index.
            #[inline]
            fn from(square: $ty) -> u16 {
                square.0
            }
        }

        impl ::core::fmt::Display for $ty {
            /// The square's name in the crate's notation.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let name: ::std::string::String = ($name_fn)(self.0);
                f.pad(&name)
            }
        }

        impl ::core::fmt::Debug for $ty {
            /// The square's name, as `Display`.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(self, f)
            }
        }

        impl ::core::str::FromStr for $ty {
            type Err = $crate::SquareError;
            /// Reads a square name of the crate's notation.
            fn from_str(text: &str) -> ::core::result::Result<$ty, $crate::SquareError> {
                let index: u16 = ($parse_fn)(text)?;
                ::core::result::Result::Ok($ty::from_index(index))
            }
        }

        #[cfg(feature = "serde")]
        $crate::impl_serde_via_str!($ty);
    };
}

#[cfg(test)]
mod tests {
    use crate::{Geometry, RectBoard, SquareError};

    fn board() -> RectBoard {
        RectBoard::new(5, 12)
    }

    define_square! {
        /// A square of a 5x12 board.
        pub struct Cell;
        count: 60,
        name: |i| board().square_name(i),
        parse: |t| board().parse_square(t),
    }

    #[test]
    fn every_square_round_trips_through_its_name() {
        assert_eq!(Cell::ALL.len(), board().cell_count());
        for (i, &c) in Cell::ALL.iter().enumerate() {
            assert_eq!(c.index() as usize, i);
            assert_eq!(Cell::new(i as u16), Some(c));
            let name = c.to_string();
            assert_eq!(name, board().square_name(i as u16));
            assert_eq!(name.parse::<Cell>(), Ok(c));
            assert_eq!(format!("{c:?}"), name);
        }
        assert_eq!(Cell::new(60), None);
        assert_eq!(
            format!("{:>4}|", Cell::ALL[0]),
            format!("{:>4}|", Cell::ALL[0].to_string())
        );
    }

    #[test]
    fn bad_names_give_the_geometry_error() {
        let e = "z1".parse::<Cell>().unwrap_err();
        assert_eq!(
            Err::<u16, SquareError>(e.clone()),
            board().parse_square("z1")
        );
        assert!(!e.to_string().contains('\n'));
        assert!("f1".parse::<Cell>().is_err() && "a13".parse::<Cell>().is_err());
    }

    #[test]
    fn order_is_index_order() {
        let mut v: Vec<Cell> = Cell::ALL.iter().rev().copied().collect();
        v.sort();
        assert_eq!(v, Cell::ALL);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_as_the_name() {
        let c: Cell = "e11".parse().unwrap();
        assert_eq!(serde_json::to_string(&c).unwrap(), "\"e11\"");
        assert_eq!(serde_json::from_str::<Cell>("\"e11\"").unwrap(), c);
        assert!(serde_json::from_str::<Cell>("\"f1\"").is_err());
    }
}
