//! Macros that give a variant's position type the common shape of every variant crate
//! (CONTRIBUTING.md, "The shape of a variant crate"), written once here.

/// For a [`Game`](crate::Game) type whose `Variant` is `()`: `new()` (the start position)
/// and `Default` (the same).
#[macro_export]
macro_rules! impl_position_new {
    ($ty:ty) => {
        impl $ty {
            /// The start position.
            pub fn new() -> Self {
                <$ty as $crate::Game>::start(())
            }
        }
        impl ::core::default::Default for $ty {
            /// The start position.
            fn default() -> Self {
                Self::new()
            }
        }
    };
}

/// For a [`Game`](crate::Game) type whose `Variant` is `()`: `Display` writes the position
/// notation, `FromStr` reads it (surrounding whitespace ignored), as
/// [`Game::to_notation`](crate::Game::to_notation) and
/// [`Game::from_notation`](crate::Game::from_notation).
#[macro_export]
macro_rules! impl_position_text {
    ($ty:ty) => {
        impl ::core::fmt::Display for $ty {
            /// The position notation.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(&<$ty as $crate::Game>::to_notation(self))
            }
        }
        impl ::core::str::FromStr for $ty {
            type Err = $crate::PositionError;
            /// Reads the position notation.
            fn from_str(text: &str) -> ::core::result::Result<Self, Self::Err> {
                <$ty as $crate::Game>::from_notation((), text.trim())
            }
        }
    };
}
