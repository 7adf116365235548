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
