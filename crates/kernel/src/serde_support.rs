//! Serialization of positions and moves as their notation strings (feature `serde`).
//!
//! A variant implements `Display` and `FromStr` for its position and move types and calls
//! [`impl_serde_via_str!`](crate::impl_serde_via_str) for each; a deserialized value has
//! then always been through the parser, so it is validated.

#[doc(hidden)]
pub use serde as __serde;

/// Implements `serde::Serialize` and `serde::Deserialize` for a type through its
/// `Display` and `FromStr` implementations (the error of `FromStr` must be `Display`).
///
/// ```text
/// fairy_kernel::impl_serde_via_str!(Position);
/// ```
#[macro_export]
macro_rules! impl_serde_via_str {
    ($ty:ty) => {
        impl $crate::serde_support::__serde::Serialize for $ty {
            fn serialize<S: $crate::serde_support::__serde::Serializer>(
                &self,
                s: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> $crate::serde_support::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::serde_support::__serde::Deserializer<'de>>(
                d: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let s = <::std::string::String as $crate::serde_support::__serde::Deserialize>::deserialize(d)?;
                s.parse::<$ty>()
                    .map_err(<D::Error as $crate::serde_support::__serde::de::Error>::custom)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use core::fmt;
    use core::str::FromStr;

    #[derive(Debug, PartialEq)]
    struct Even(u32);
    impl fmt::Display for Even {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", self.0)
        }
    }
    impl FromStr for Even {
        type Err = String;
        fn from_str(s: &str) -> Result<Self, String> {
            let n: u32 = s.parse().map_err(|_| format!("not a number: {s}"))?;
            if n % 2 == 0 {
                Ok(Even(n))
            } else {
                Err(format!("odd: {n}"))
            }
        }
    }
    impl_serde_via_str!(Even);

    #[test]
    fn round_trips_and_validates() {
        assert_eq!(serde_json::to_string(&Even(4)).unwrap(), "\"4\"");
        assert_eq!(serde_json::from_str::<Even>("\"8\"").unwrap(), Even(8));
        let e = serde_json::from_str::<Even>("\"3\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("odd"), "{e}");
    }
}
