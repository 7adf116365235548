//! Helpers shared by the facade's integration tests.

/// The positions of variant `id`'s conformance vectors (tests/conformance/ID.jsonl), in
/// file order; empty when the variant has no vectors.
pub fn conformance_positions(id: &str) -> Vec<String> {
    let path = format!(
        "{}/../../tests/conformance/{id}.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|line| {
            let at = line.find("\"position\":\"")?;
            let rest = &line[at + 12..];
            Some(rest[..rest.find('"')?].to_owned())
        })
        .collect()
}
