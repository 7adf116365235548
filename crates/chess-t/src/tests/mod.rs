//! Unit tests: one per rule, the seed's worked examples, the reference generator, notation.

mod perft;
mod random;
mod reference;
