//! Every variant's move parser on arbitrary text, from positions of the conformance vectors
//! (`tests/conformance/<variant>.jsonl`): the first byte picks the variant, the second the
//! position. It must never panic; an accepted move must be one of the legal moves, and
//! taking it back must restore the position.
#![no_main]

use fairy::registry;
use libfuzzer_sys::fuzz_target;

/// The conformance vectors of variant `id` (one JSON object a line).
fn vectors(id: &str) -> &'static str {
    match id {
        "regicide" => include_str!("../../tests/conformance/regicide.jsonl"),
        "chess-t" => include_str!("../../tests/conformance/chess-t.jsonl"),
        "chess-t2" => include_str!("../../tests/conformance/chess-t2.jsonl"),
        "chess-t1" => include_str!("../../tests/conformance/chess-t1.jsonl"),
        "dainy" => include_str!("../../tests/conformance/dainy.jsonl"),
        "glinski" => include_str!("../../tests/conformance/glinski.jsonl"),
        "dragonchess" => include_str!("../../tests/conformance/dragonchess.jsonl"),
        "synthesis" => include_str!("../../tests/conformance/synthesis.jsonl"),
        _ => "",
    }
}

/// The `position` field of a vector line (the notation has no `"` in any variant).
fn position_of(line: &str) -> Option<&str> {
    let at = line.find("\"position\":\"")? + "\"position\":\"".len();
    let len = line[at..].find('"')?;
    Some(&line[at..at + len])
}

fuzz_target!(|data: &[u8]| {
    let variants = registry::built();
    let [pick, which, rest @ ..] = data else {
        return;
    };
    let v = variants[*pick as usize % variants.len()];
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let lines: Vec<&str> = vectors(v.id()).lines().collect();
    let fen = lines
        .get(*which as usize % lines.len().max(1))
        .and_then(|l| position_of(l));
    let Ok(mut session) = v.session(fen) else {
        return;
    };
    let before = session.notation();
    let legal = session.legal_moves(None).expect("no square filter");
    if let Ok(canonical) = session.apply(text) {
        assert!(legal.contains(&canonical), "{}: {text:?} -> {canonical}", v.id());
        assert!(session.undo());
        assert_eq!(session.notation(), before, "{}: undo of {canonical}", v.id());
    }
});
