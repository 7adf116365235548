//! Tables written by `cargo xtask codegen` from [`crate::tables::compute`]; do not edit
//! the files of this folder other than this one by hand.

#![allow(missing_docs, clippy::unreadable_literal)]

pub mod chess_t;
pub mod chess_t1;
pub mod chess_t2;
