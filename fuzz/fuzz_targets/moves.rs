//! Every variant's move parser on arbitrary text from its start position: the first byte
//! picks the variant. It must never panic; an accepted move must be one of the legal moves.
#![no_main]

use fairy::registry;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let variants = registry::built();
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let v = variants[pick as usize % variants.len()];
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut session = v.session(None).expect("start position");
    let legal = session.legal_moves(None).expect("no square filter");
    if let Ok(canonical) = session.apply(text) {
        assert!(legal.contains(&canonical), "{}: {text:?} -> {canonical}", v.id());
    }
});
