//! Pure functions that compute the per-square move tables from the kernel's layered
//! geometry, and their rendering for `cargo xtask codegen`.
//!
//! Every table has one entry per square (288) and holds a set of squares. The compiled
//! statics live in `src/generated/tables.rs`; a unit test recomputes every table here and
//! compares it with the statics, so the two cannot drift apart.

use fairy_kernel::codegen::{GeneratedFile, TableWriter};
use fairy_kernel::{BitSet, Delta, Geometry};

use crate::types::{Level, BOARD, SQUARES};

/// A set of squares of the three boards.
pub type Bits = BitSet<5>;

/// The eight flat directions as (file, rank) steps, in table order: N, NE, E, SE, S, SW, W,
/// NW ("N" is toward rank 8). Directions 0, 1, 2 and 7 increase the square index, 3..=6
/// decrease it.
pub const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

const ORTH: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn targets(sq: u16, steps: impl IntoIterator<Item = (i8, i8, i8)>) -> Bits {
    let mut b = Bits::EMPTY;
    for (dz, dx, dy) in steps {
        if let Some(t) = BOARD.step(sq, Delta::layered(dz, dx, dy)) {
            b.insert(t);
        }
    }
    b
}

fn on_level(steps: &[(i8, i8)], dz: i8) -> impl Iterator<Item = (i8, i8, i8)> + '_ {
    steps.iter().map(move |&(dx, dy)| (dz, dx, dy))
}

fn per_square(f: impl Fn(u16, Level) -> Bits) -> Vec<Bits> {
    (0..SQUARES as u16)
        .map(|sq| f(sq, Level::of_cell(sq)))
        .collect()
}

/// One orthogonal step on the same board (Dragon, Mage off the Ground, Elemental).
pub fn orth_step() -> Vec<Bits> {
    per_square(|sq, _| targets(sq, on_level(&ORTH, 0)))
}

/// One diagonal step on the same board (the Elemental's non-capturing step, seed §5.3).
pub fn diag_step() -> Vec<Bits> {
    per_square(|sq, _| targets(sq, on_level(&DIAG, 0)))
}

/// Two squares orthogonally on the same board (the Elemental's long step, seed §5.3); the
/// square between is the midpoint of the two indices.
pub fn orth_two() -> Vec<Bits> {
    per_square(|sq, _| targets(sq, ORTH.iter().map(|&(x, y)| (0, 2 * x, 2 * y))))
}

/// Knight's leaps on the Ground (Unicorn, seed §4.3; Paladin, seed §4.9); empty on the Sky
/// and the Underworld.
pub fn knight() -> Vec<Bits> {
    per_square(|sq, lvl| {
        if lvl == Level::Ground {
            targets(sq, on_level(&KNIGHT_LEAPS, 0))
        } else {
            Bits::EMPTY
        }
    })
}

/// Griffon targets (seed §3.2, ruling D3). Sky: the leap of 3 and 2 squares along the two
/// axes, and the four Ground squares diagonally adjacent to the square below. Ground: one
/// diagonal step, and the four Sky squares diagonally adjacent to the square above.
/// Underworld: none. The relation is symmetric, so the entry of a square is also the set of
/// squares from which a Griffon attacks it.
pub fn griffon() -> Vec<Bits> {
    const LEAP: [(i8, i8); 8] = [
        (3, 2),
        (2, 3),
        (-2, 3),
        (-3, 2),
        (-3, -2),
        (-2, -3),
        (2, -3),
        (3, -2),
    ];
    per_square(|sq, lvl| match lvl {
        Level::Sky => targets(sq, on_level(&LEAP, 0).chain(on_level(&DIAG, -1))),
        Level::Ground => targets(sq, on_level(&DIAG, 0).chain(on_level(&DIAG, 1))),
        Level::Underworld => Bits::EMPTY,
    })
}

/// Hero targets (seed §4.4, ruling D3). Ground: one or two squares diagonally (jumping), and
/// the squares diagonally adjacent to the squares directly above and below. Sky and
/// Underworld: only the Ground squares diagonally adjacent to the square below or above.
/// Symmetric.
pub fn hero() -> Vec<Bits> {
    per_square(|sq, lvl| match lvl {
        Level::Ground => targets(
            sq,
            on_level(&DIAG, 0)
                .chain(DIAG.iter().map(|&(x, y)| (0, 2 * x, 2 * y)))
                .chain(on_level(&DIAG, 1))
                .chain(on_level(&DIAG, -1)),
        ),
        Level::Sky => targets(sq, on_level(&DIAG, -1)),
        Level::Underworld => targets(sq, on_level(&DIAG, 1)),
    })
}

/// Cleric targets (seed §4.6): one step in any flat direction, or one level straight up or
/// down. Symmetric.
pub fn cleric() -> Vec<Bits> {
    per_square(|sq, _| targets(sq, on_level(&DIRS, 0).chain([(1, 0, 0), (-1, 0, 0)])))
}

/// King targets (seed §4.8, ruling D3). Ground: one step in any flat direction, or one
/// level straight up or down. Sky and Underworld: only the Ground square directly below or
/// above. Symmetric.
pub fn king() -> Vec<Bits> {
    per_square(|sq, lvl| match lvl {
        Level::Ground => targets(sq, on_level(&DIRS, 0).chain([(1, 0, 0), (-1, 0, 0)])),
        Level::Sky => targets(sq, [(-1, 0, 0)]),
        Level::Underworld => targets(sq, [(1, 0, 0)]),
    })
}

/// Paladin targets (seed §4.9, ruling D3): one step in any flat direction; on the Ground also
/// the knight's leap; from every level the three-dimensional knight's leap (one level and
/// two squares orthogonally, or two levels and one square orthogonally). Symmetric.
pub fn paladin() -> Vec<Bits> {
    let mut three_d = Vec::new();
    for dz in [-2i8, -1, 1, 2] {
        let k = if dz.abs() == 1 { 2 } else { 1 };
        for &(x, y) in &ORTH {
            three_d.push((dz, k * x, k * y));
        }
    }
    per_square(|sq, lvl| {
        let mut b = targets(sq, on_level(&DIRS, 0).chain(three_d.iter().copied()));
        if lvl == Level::Ground {
            b |= targets(sq, on_level(&KNIGHT_LEAPS, 0));
        }
        b
    })
}

/// The Dragon's capture from afar (seed §3.3). For a Sky square: the Ground square below it
/// and the four Ground squares orthogonally adjacent to that one. For a Ground square: the
/// Sky squares from which a Dragon captures there (the same shape above). Underworld: none.
pub fn afar() -> Vec<Bits> {
    const FIVE: [(i8, i8); 5] = [(0, 0), (0, 1), (1, 0), (0, -1), (-1, 0)];
    per_square(|sq, lvl| match lvl {
        Level::Sky => targets(sq, on_level(&FIVE, -1)),
        Level::Ground => targets(sq, on_level(&FIVE, 1)),
        Level::Underworld => Bits::EMPTY,
    })
}

/// For each square, the ray in each direction of [`DIRS`] on its own board, the square
/// itself excluded (sliders: Oliphant, Thief, Mage on the Ground, Dragon on the Sky). The
/// move generator keeps them per board, built at compile time (`shift.rs`), and its tests
/// compare them with these.
pub fn rays() -> Vec<Vec<Bits>> {
    (0..SQUARES as u16)
        .map(|sq| {
            DIRS.iter()
                .map(|&(dx, dy)| {
                    let mut b = Bits::EMPTY;
                    let mut cur = sq;
                    while let Some(t) = BOARD.step(cur, Delta::layered(0, dx, dy)) {
                        b.insert(t);
                        cur = t;
                    }
                    b
                })
                .collect()
        })
        .collect()
}

/// For each square, one square straight forward on the same board for Gold (index 0,
/// toward rank 8) and Scarlet (index 1, toward rank 1): Warrior, Sylph, Dwarf, Basilisk.
/// Forward for one side is backward for the other.
pub fn forward() -> Vec<Vec<Bits>> {
    (0..SQUARES as u16)
        .map(|sq| vec![targets(sq, [(0, 0, 1)]), targets(sq, [(0, 0, -1)])])
        .collect()
}

/// For each square, the two squares diagonally forward on the same board for Gold (index 0)
/// and Scarlet (index 1).
pub fn diag_forward() -> Vec<Vec<Bits>> {
    (0..SQUARES as u16)
        .map(|sq| {
            vec![
                targets(sq, [(0, -1, 1), (0, 1, 1)]),
                targets(sq, [(0, -1, -1), (0, 1, -1)]),
            ]
        })
        .collect()
}

/// The two squares sideways on the same board (the Dwarf's non-capturing step, seed §5.1).
pub fn sideways() -> Vec<Bits> {
    per_square(|sq, _| targets(sq, [(0, -1, 0), (0, 1, 0)]))
}

/// For each square, every square from which a piece of either side could capture there
/// without sliding: the union of the leaps and steps of every kind (Griffon, Hero, Cleric,
/// King, Paladin, Unicorn, Warrior, Sylph, Dwarf, Basilisk, Mage and Dragon off their slides,
/// Elemental, the Dragon from afar), blockers ignored. An attack test whose attackers miss
/// this set needs only the sliding lines (a unit test in `position.rs` checks the superset).
pub fn contact() -> Vec<Bits> {
    let (orth, orth_two, fwd, diag_fwd) = (orth_step(), orth_two(), forward(), diag_forward());
    let tables = [
        griffon(),
        hero(),
        cleric(),
        king(),
        paladin(),
        afar(),
        knight(),
    ];
    per_square(|sq, _| {
        let s = sq as usize;
        let mut b = orth[s] | orth_two[s] | fwd[s][0] | fwd[s][1];
        b |= diag_fwd[s][0] | diag_fwd[s][1];
        for t in &tables {
            b |= t[s];
        }
        // Level changes of one and two boards straight up or down (Sylph, Dwarf, Mage,
        // Elemental), and the Elemental's steps after or before one.
        b |= targets(sq, [(1, 0, 0), (-1, 0, 0), (2, 0, 0), (-2, 0, 0)]);
        b |= targets(sq, on_level(&ORTH, 1).chain(on_level(&ORTH, -1)));
        b
    })
}

/// The generated files of this crate: `tables.rs` with every table above as a static.
/// `cargo xtask codegen` writes them to `crates/dragonchess/src/generated/`.
pub fn generated_files() -> Vec<GeneratedFile> {
    let mut w = TableWriter::new();
    w.bitsets("ORTH_STEP", "One flat orthogonal step.", &orth_step());
    w.bitsets("DIAG_STEP", "One flat diagonal step.", &diag_step());
    w.bitsets(
        "ORTH_TWO",
        "Two squares orthogonally on the same board.",
        &orth_two(),
    );
    w.bitsets("KNIGHT", "Knight's leaps on the Ground.", &knight());
    w.bitsets("GRIFFON", "Griffon targets (seed §3.2).", &griffon());
    w.bitsets("HERO", "Hero targets (seed §4.4).", &hero());
    w.bitsets("CLERIC", "Cleric targets (seed §4.6).", &cleric());
    w.bitsets("KING", "King targets (seed §4.8).", &king());
    w.bitsets("PALADIN", "Paladin targets (seed §4.9).", &paladin());
    w.bitsets(
        "AFAR",
        "Dragon's capture from afar (seed §3.3), and its reverse for Ground squares.",
        &afar(),
    );
    w.nested_bitsets(
        "FORWARD",
        "One square straight forward, for Gold and Scarlet.",
        &forward(),
    );
    w.nested_bitsets(
        "DIAG_FORWARD",
        "The squares diagonally forward, for Gold and Scarlet.",
        &diag_forward(),
    );
    w.bitsets("SIDEWAYS", "The two squares sideways.", &sideways());
    w.bitsets(
        "CONTACT",
        "The squares from which any piece captures without sliding (a superset).",
        &contact(),
    );
    vec![w.finish(
        "tables.rs",
        "Dragonchess move tables: one set of squares per square (288), computed by\n\
         `fairy_dragonchess::tables` from the kernel's layered geometry.",
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generated::tables as g;

    fn same(name: &str, computed: &[Bits], compiled: &[Bits]) {
        assert_eq!(computed.len(), compiled.len(), "{name}: length");
        for (sq, (a, b)) in computed.iter().zip(compiled).enumerate() {
            assert_eq!(a, b, "{name}[{sq}] differs: run `cargo xtask codegen`");
        }
    }

    fn same_nested<const D: usize>(name: &str, computed: &[Vec<Bits>], compiled: &[[Bits; D]]) {
        assert_eq!(computed.len(), compiled.len(), "{name}: length");
        for (sq, (a, b)) in computed.iter().zip(compiled).enumerate() {
            assert_eq!(
                a.as_slice(),
                b.as_slice(),
                "{name}[{sq}] differs: run `cargo xtask codegen`"
            );
        }
    }

    #[test]
    fn generated_tables_match_the_generators() {
        same("ORTH_STEP", &orth_step(), &g::ORTH_STEP);
        same("DIAG_STEP", &diag_step(), &g::DIAG_STEP);
        same("ORTH_TWO", &orth_two(), &g::ORTH_TWO);
        same("KNIGHT", &knight(), &g::KNIGHT);
        same("GRIFFON", &griffon(), &g::GRIFFON);
        same("HERO", &hero(), &g::HERO);
        same("CLERIC", &cleric(), &g::CLERIC);
        same("KING", &king(), &g::KING);
        same("PALADIN", &paladin(), &g::PALADIN);
        same("AFAR", &afar(), &g::AFAR);
        same_nested("FORWARD", &forward(), &g::FORWARD);
        same_nested("DIAG_FORWARD", &diag_forward(), &g::DIAG_FORWARD);
        same("SIDEWAYS", &sideways(), &g::SIDEWAYS);
        same("CONTACT", &contact(), &g::CONTACT);
    }

    #[test]
    fn symmetric_tables_are_symmetric() {
        for (name, t) in [
            ("GRIFFON", griffon()),
            ("HERO", hero()),
            ("CLERIC", cleric()),
            ("KING", king()),
            ("PALADIN", paladin()),
        ] {
            for a in 0..SQUARES as u16 {
                for b in t[a as usize].iter() {
                    assert!(t[b as usize].contains(a), "{name}: {a} -> {b} but not back");
                }
            }
        }
    }

    #[test]
    fn seed_examples_in_tables() {
        use crate::types::cell_name as square_name;
        let p = |s: &str| BOARD.parse_square(s).unwrap();
        let names = |b: Bits| {
            let mut v: Vec<String> = b.iter().map(square_name).collect();
            v.sort();
            v
        };
        let sorted = |v: &[&str]| {
            let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
            v.sort();
            v
        };
        // Seed §3.2: Griffon on 3d4.
        assert_eq!(
            names(griffon()[p("3d4") as usize]),
            sorted(&[
                "3a2", "3b1", "3f1", "3g2", "3g6", "3f7", "3b7", "3a6", "2c5", "2c3", "2e3", "2e5"
            ])
        );
        // Seed §3.3: Dragon on 3c4 from afar.
        assert_eq!(
            names(afar()[p("3c4") as usize]),
            sorted(&["2c4", "2c5", "2d4", "2c3", "2b4"])
        );
    }
}
