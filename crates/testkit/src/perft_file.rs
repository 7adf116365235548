//! Perft files: reading them, and checking their figures against a variant's generators.
//!
//! A perft file `tests/perft/<variant-id>.perft` holds entries separated by blank lines:
//!
//! ```text
//! # comments start with '#'
//! id start
//! position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! perft 1 20
//! perft 2 400
//! ```
//!
//! `id` names the entry, `position` is the variant's position notation (the rest of the
//! line), and each `perft <depth> <nodes>` line is a figure on which the fast and the
//! reference generators agreed.

use std::path::Path;

use fairy_kernel::{perft, Game};

/// One position of a perft file with its figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftEntry {
    /// The entry's name.
    pub id: String,
    /// The position notation.
    pub position: String,
    /// `(depth, nodes)` pairs in file order.
    pub counts: Vec<(u32, u64)>,
}

/// Reads a perft file's text.
///
/// # Errors
/// A message naming the line for an unknown keyword, a bad number, or an entry without
/// `id` or `position`.
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftEntry>, String> {
    let mut entries = Vec::new();
    let mut cur: Option<PerftEntry> = None;
    let finish = |cur: &mut Option<PerftEntry>, entries: &mut Vec<PerftEntry>| {
        if let Some(e) = cur.take() {
            if e.position.is_empty() {
                return Err(format!("entry {:?} has no position", e.id));
            }
            entries.push(e);
        }
        Ok(())
    };
    for (no, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            finish(&mut cur, &mut entries)?;
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => {
                finish(&mut cur, &mut entries)?;
                cur = Some(PerftEntry {
                    id: rest.to_owned(),
                    position: String::new(),
                    counts: Vec::new(),
                });
            }
            "position" | "perft" => {
                let e = cur
                    .as_mut()
                    .ok_or_else(|| format!("line {}: {key} before any id", no + 1))?;
                if key == "position" {
                    e.position = rest.to_owned();
                } else {
                    let mut it = rest.split_whitespace();
                    let parse = |s: Option<&str>| -> Result<u64, String> {
                        s.and_then(|s| s.parse().ok()).ok_or_else(|| {
                            format!("line {}: expected `perft <depth> <nodes>`", no + 1)
                        })
                    };
                    let d = parse(it.next())? as u32;
                    let n = parse(it.next())?;
                    e.counts.push((d, n));
                }
            }
            _ => return Err(format!("line {}: unknown keyword {key:?}", no + 1)),
        }
    }
    finish(&mut cur, &mut entries)?;
    Ok(entries)
}

/// Every perft file (`*.perft`) of the folder `dir` as `(variant id, entries)`, sorted by id.
///
/// # Errors
/// Unreadable files and parse errors, with the file name.
pub fn perft_files(dir: &Path) -> Result<Vec<(String, Vec<PerftEntry>)>, String> {
    let mut out = Vec::new();
    let rd = std::fs::read_dir(dir).map_err(|e| e.to_string())?;
    for entry in rd.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("perft") {
            continue;
        }
        let id = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_owned();
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let entries = parse_perft_file(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        out.push((id, entries));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// Checks every figure of the perft file `text` up to `limit` nodes twice: by the fast
/// generator ([`perft()`] of the position `read` gives) and by `reference(position, depth)`,
/// the variant's slow reference generator. Returns the number of figures checked.
///
/// # Panics
///
/// When the file cannot be read, a position is refused, a figure disagrees (naming the
/// entry, the generator and the depth), or no figure is at most `limit`.
pub fn check_perft_file<G: Game>(
    text: &str,
    limit: u64,
    read: impl Fn(&str) -> G,
    reference: impl Fn(&G, u32) -> u64,
) -> usize {
    let entries = parse_perft_file(text).unwrap_or_else(|e| panic!("perft file: {e}"));
    let mut checked = 0;
    for e in entries {
        let p = read(&e.position);
        for &(depth, nodes) in &e.counts {
            if nodes > limit {
                continue;
            }
            assert_eq!(perft(&p, depth), nodes, "fast: {} depth {depth}", e.id);
            assert_eq!(
                reference(&p, depth),
                nodes,
                "reference: {} depth {depth}",
                e.id
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "no figure of at most {limit} nodes");
    checked
}

/// Perft of a reference generator: the number of move paths `depth` plies deep from
/// `pos`, with `moves` giving the legal moves of a position and `after` the position after
/// one of them. The count a variant's slow generator, written straight from the rules,
/// gives to compare with the fast [`perft()`].
pub fn reference_perft<P, M>(
    pos: &P,
    depth: u32,
    moves: &impl Fn(&P) -> Vec<M>,
    after: &impl Fn(&P, &M) -> P,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = moves(pos);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|m| reference_perft(&after(pos, m), depth - 1, moves, after))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_entries_and_rejects_garbage() {
        let e = parse_perft_file(
            "# c\nid a\nposition x y\nperft 1 20\nperft 2 400\n\nid b\nposition z\n",
        )
        .unwrap();
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].counts, [(1, 20), (2, 400)]);
        assert_eq!(e[1].position, "z");
        assert!(parse_perft_file("perft 1 2").is_err());
        assert!(parse_perft_file("id a\nposition p\nperft x 2").is_err());
        assert!(parse_perft_file("id a\n").is_err());
        assert!(parse_perft_file("id a\nposition p\nbogus").is_err());
    }
}
