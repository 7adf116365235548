//! The game-record reader on arbitrary text, then replay in every variant the record names
//! (or the one the first byte picks). It must never panic; a record that reads must write
//! back to text that reads to the same tags, moves and result, and a record that replays
//! must have exactly as many moves in the session as in the record.
#![no_main]

use fairy::record::replay;
use fairy::{registry, RecordText};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let variants = registry::built();
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(rec) = RecordText::parse(text) else {
        return;
    };
    let back = RecordText::parse(&rec.to_string()).expect("a written record reads back");
    assert_eq!(back.tags, rec.tags);
    assert_eq!(back.moves, rec.moves);
    assert_eq!(back.result, rec.result);
    let v = match rec.tag("Variant").and_then(|id| registry::find(id).ok()) {
        Some(v) => v,
        None => variants[pick as usize % variants.len()],
    };
    if let Ok(session) = replay(&rec, v) {
        assert_eq!(session.history().len(), rec.moves.len());
    }
});
