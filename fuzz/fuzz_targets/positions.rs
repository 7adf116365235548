//! Every variant's position parser on arbitrary bytes: the first byte picks the variant, the
//! rest is the notation. It must never panic, and whatever it accepts must write back to a
//! notation that reads back to the same text.
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
    if let Ok(session) = v.session(Some(text)) {
        let written = session.notation();
        let again = v
            .session(Some(&written))
            .unwrap_or_else(|e| panic!("{}: own notation {written:?} rejected: {e}", v.id()));
        assert_eq!(again.notation(), written, "{}", v.id());
    }
});
