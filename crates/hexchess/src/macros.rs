//! Macros that write the per-variant glue: the [`crate::Tables`] implementation over a
//! variant's generated `static` tables, and the read access of a position to its
//! [`crate::Placement`].

/// Declares a unit struct `$name` implementing [`crate::Tables`] with a variant's generated
/// tables (`RAYS[cell][direction]`, `KNIGHT[cell]`, `KING[cell]`, `PAWN[colour][cell]` the
/// cells a pawn attacks), and the public functions `rook_attacks` and `bishop_attacks`
/// over them.
#[macro_export]
macro_rules! hex_tables {
    ($(#[$meta:meta])* $vis:vis struct $name:ident {
        rays: $rays:path,
        knight: $knight:path,
        king: $king:path,
        pawn_attacks: $pawn:path $(,)?
    }) => {
        $(#[$meta])*
        $vis struct $name;

        impl $crate::Tables for $name {
            #[inline(always)]
            fn rays(sq: u16) -> &'static [$crate::Cells; 12] {
                &$rays[sq as usize]
            }
            #[inline(always)]
            fn knight(sq: u16) -> $crate::Cells {
                $knight[sq as usize]
            }
            #[inline(always)]
            fn king(sq: u16) -> $crate::Cells {
                $king[sq as usize]
            }
            #[inline(always)]
            fn pawn_attacks(color: $crate::Color, sq: u16) -> $crate::Cells {
                $pawn[color.index()][sq as usize]
            }
        }

        /// The cells a rook on `sq` attacks with occupancy `occ` (the 6 touching directions).
        #[inline]
        pub fn rook_attacks(sq: u16, occ: $crate::Cells) -> $crate::Cells {
            $crate::rook_attacks::<$name>(sq, occ)
        }

        /// The cells a bishop on `sq` attacks with occupancy `occ` (the 6 gap directions).
        #[inline]
        pub fn bishop_attacks(sq: u16, occ: $crate::Cells) -> $crate::Cells {
            $crate::bishop_attacks::<$name>(sq, occ)
        }
    };
}

/// Writes, inside `impl Position { ... }` of a position with a field `pl` holding its
/// [`crate::Placement`], the public read access to the pieces: `piece_at`, `occupied_by`,
/// `occupied`, `pieces` and `king`, with squares of the variant's typed square `$sq`
/// (from `fairy_kernel::define_square!`), and the crate's own `piece_on` and `king_cell`
/// on cell indices.
#[macro_export]
macro_rules! placement_access {
    ($sq:ty) => {
        /// The piece on `sq`, if any.
        #[inline]
        pub fn piece_at(&self, sq: $sq) -> Option<$crate::Piece> {
            self.pl.piece_at(sq.index())
        }

        /// The piece on cell index `sq`, if any.
        #[inline]
        pub(crate) fn piece_on(&self, sq: u16) -> Option<$crate::Piece> {
            self.pl.piece_at(sq)
        }

        /// The cells occupied by `color` (a set of cell indices).
        #[inline]
        pub fn occupied_by(&self, color: $crate::Color) -> $crate::Cells {
            self.pl.occupied_by(color)
        }

        /// All occupied cells.
        #[inline]
        pub fn occupied(&self) -> $crate::Cells {
            self.pl.occupied()
        }

        /// The cells of `color`'s pieces of `role`.
        #[inline]
        pub fn pieces(&self, color: $crate::Color, role: $crate::Role) -> $crate::Cells {
            self.pl.pieces(color, role)
        }

        /// The square of `color`'s king.
        #[inline]
        pub fn king(&self, color: $crate::Color) -> $sq {
            <$sq>::from_index(self.pl.king(color))
        }

        /// The cell index of `color`'s king.
        #[inline(always)]
        pub(crate) fn king_cell(&self, color: $crate::Color) -> u16 {
            self.pl.king(color)
        }
    };
}

/// Writes, at the root of a hexagonal variant's crate, the text of its moves without a
/// position: `Display` and `FromStr` of the move type `$mv` (and, with the crate's `serde`
/// feature, `Serialize`/`Deserialize` through that text), and `Position::resolve`, which
/// finds the legal move of a position that a move read this way means.
///
/// `write` and `read` are the crate's coordinate-notation functions
/// (`fn(Move) -> String` and `fn(&str) -> Result<Move, fairy_kernel::MoveError>`), `list`
/// the crate's move list type. The `ambiguity` doc lines say, in the variant's own terms,
/// which moves the text alone cannot tell apart; the `example` doc lines are the doctest of
/// `FromStr`. The crate must have a module `movegen` with a `Position::generate` taking a
/// [`crate::Sink`], and depend on `fairy-kernel`.
#[macro_export]
macro_rules! hex_move_text {
    (
        move: $mv:ident,
        list: $list:ty,
        write: $write:path,
        read: $read:path,
        ambiguity: { $(#[$amb:meta])* },
        example: { $(#[$ex:meta])* } $(,)?
    ) => {
        impl core::fmt::Display for $mv {
            /// The coordinate notation of the move, as [`fairy_kernel::Game::format_move`] writes
            /// it: `from-to`, `=` and the role letter for a promotion.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(&$write(*self))
            }
        }

        impl core::str::FromStr for $mv {
            type Err = fairy_kernel::MoveError;

            /// Reads a move in the coordinate notation without a position, as
            /// [`Display`](core::fmt::Display) writes it (the separators the notation accepts
            /// besides `-` too).
            ///
            $(#[$amb])*
            /// A move read here is therefore a normal move or a promotion; [`Position::resolve`]
            /// gives the legal move of a position with the same squares and promotion, kind
            /// included (check it with [`Position::resolve`] or `Position::is_legal` before
            /// playing it). [`Position::parse_move`](fairy_kernel::Game::parse_move) does both
            /// at once.
            ///
            $(#[$ex])*
            fn from_str(text: &str) -> Result<$mv, Self::Err> {
                $read(text)
            }
        }

        #[cfg(feature = "serde")]
        fairy_kernel::impl_serde_via_str!($mv);

        impl Position {
            /// The legal move of this position with the squares and promotion of `m`, kind
            /// included, or `None` if there is none: what a [`Move`] read without a position (its
            /// `FromStr`) means here.
            pub fn resolve(&self, m: $mv) -> Option<$mv> {
                let mut moves = <$list>::new();
                self.generate(&mut $crate::Lister(&mut moves));
                moves.into_iter().find(|l| {
                    l.origin() == m.origin()
                        && l.target() == m.target()
                        && l.promotion() == m.promotion()
                })
            }
        }
    };
}
