//! `cargo xtask new-variant <name> --board square|hex|layered [--into DIR]`: writes a new
//! variant crate `crates/<name>` (package `fairy-<name>`) that builds and passes its tests at
//! once, and registers it in the facade, the workspace and the cross-variant tests.
//!
//! The crate is a small complete game (kings and rooks; the king is captured, not mated) on
//! the chosen kernel geometry, with its rules document, a perft file whose figures the fast
//! and the reference generators agree on, notation and copy-make tests, a README doctest, an
//! example and a `serde` feature (see CONTRIBUTING.md, "Starting a variant with the
//! scaffold"). The templates are under `xtask/templates/`.
//!
//! Registration inserts lines above marker comments (`new-variant: ...`) in
//! `crates/fairy/src/registry.rs`, `crates/fairy/Cargo.toml`, the root `Cargo.toml`,
//! `tests/Cargo.toml` and `tests/tests/properties.rs`; every marker is checked before
//! anything is written.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The crate's files: path inside `crates/<name>/` and template text.
const CRATE_FILES: &[(&str, &str)] = &[
    (
        "Cargo.toml",
        include_str!("../templates/variant/Cargo.toml"),
    ),
    ("README.md", include_str!("../templates/variant/README.md")),
    (
        "src/lib.rs",
        include_str!("../templates/variant/src/lib.rs"),
    ),
    (
        "src/position.rs",
        include_str!("../templates/variant/src/position.rs"),
    ),
    (
        "src/types.rs",
        include_str!("../templates/variant/src/types.rs"),
    ),
    (
        "tests/common/mod.rs",
        include_str!("../templates/variant/tests/common/mod.rs"),
    ),
    (
        "tests/notation.rs",
        include_str!("../templates/variant/tests/notation.rs"),
    ),
    (
        "tests/perft.rs",
        include_str!("../templates/variant/tests/perft.rs"),
    ),
    (
        "tests/rules.rs",
        include_str!("../templates/variant/tests/rules.rs"),
    ),
    (
        "examples/{{snake}}_random_game.rs",
        include_str!("../templates/variant/examples/random_game.rs"),
    ),
    (
        "examples/{{snake}}_perft.rs",
        include_str!("../templates/variant/examples/perft.rs"),
    ),
];

/// The rules document template.
const RULES_DOC: &str = include_str!("../templates/docs/rules.md");
/// The perft file template (positions only; the figures are computed afterwards).
const PERFT_FILE: &str = include_str!("../templates/variant/tests/perft/variant.perft");

/// Names that are not variant ids: packages and folders of the workspace, feature names.
const RESERVED: &[&str] = &[
    "all", "benches", "cli", "default", "engine", "fairy", "fuzz", "kernel", "python", "svg",
    "tests", "web", "xtask",
];

/// The geometry a new variant is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    /// The kernel's `RectBoard`, 8x8.
    Square,
    /// The kernel's `HexBoard` through `hexmoves::axial_board`, 61 cells.
    Hex,
    /// The kernel's `LayeredBoard`, three 8x8 levels.
    Layered,
}

impl BoardKind {
    /// Reads `square`, `hex` or `layered`.
    ///
    /// # Errors
    /// A one-line message naming the accepted kinds.
    pub fn parse(text: &str) -> Result<BoardKind, String> {
        match text {
            "square" => Ok(BoardKind::Square),
            "hex" => Ok(BoardKind::Hex),
            "layered" => Ok(BoardKind::Layered),
            _ => Err(format!(
                "unknown board {text:?}: expected square, hex or layered"
            )),
        }
    }

    fn board_template(self) -> &'static str {
        match self {
            BoardKind::Square => include_str!("../templates/boards/square.rs"),
            BoardKind::Hex => include_str!("../templates/boards/hex.rs"),
            BoardKind::Layered => include_str!("../templates/boards/layered.rs"),
        }
    }

    /// The board-specific placeholders of the templates.
    fn values(self) -> Vec<(&'static str, &'static str)> {
        match self {
            BoardKind::Square => vec![
                ("board_words", "8x8 board"),
                ("board_keyword", "board-games"),
                ("start", "r3k2r/8/8/8/8/8/8/R3K2R w 0 1"),
                ("middle", "r3k3/8/2r5/8/3R4/8/8/R3K3 b 4 9"),
                ("center", "d4"),
                ("next", "d5"),
                ("far1", "h1"),
                ("far2", "a8"),
                ("center_king_moves", "8"),
                ("center_rook_moves", "14"),
                ("off_board", "i1"),
                ("example_from", "e1"),
                ("example_move", "e1-e2"),
                (
                    "board_rule",
                    "The board is 8x8 (the kernel's `RectBoard`): files `a` to `h` from \
                     White's left, ranks `1` to `8` from White's side. White's King stands \
                     on e1 and its Rooks on a1 and h1; Black's on e8, a8 and h8.",
                ),
                (
                    "piece_rule",
                    "The King steps to any of the eight neighbouring squares. The Rook \
                     moves any number of empty squares along its rank or file.",
                ),
                (
                    "rows_rule",
                    "the ranks from 8 down to 1, each from file `a` to file `h`",
                ),
                (
                    "square_rule",
                    "by its file letter and rank number, `a1` to `h8`",
                ),
                (
                    "start_diagram",
                    "    a b c d e f g h\n 8  r . . . k . . r   8\n 7  . . . . . . . .   7\n \
                     6  . . . . . . . .   6\n 5  . . . . . . . .   5\n 4  . . . . . . . .   4\n \
                     3  . . . . . . . .   3\n 2  . . . . . . . .   2\n 1  R . . . K . . R   1\n \
                        a b c d e f g h",
                ),
            ],
            BoardKind::Hex => vec![
                ("board_words", "61-cell hexagonal board"),
                ("board_keyword", "hexagonal"),
                ("start", "5/6/R5r/8/K7k/8/R5r/6/5 w 0 1"),
                ("middle", "5/1r4/7/2R5/K3r4/8/3R3/6/4k w 2 7"),
                ("center", "e5"),
                ("next", "e6"),
                ("far1", "a3"),
                ("far2", "i3"),
                ("center_king_moves", "12"),
                ("center_rook_moves", "24"),
                ("off_board", "e10"),
                ("example_from", "e1"),
                ("example_move", "e1-e2"),
                (
                    "board_rule",
                    "The board is a regular hexagon of 61 cells, five cells a side (the \
                     kernel's `HexBoard` in the axial scheme of `hexmoves::axial_board`): \
                     nine files `a` to `i` of 5, 6, 7, 8, 9, 8, 7, 6 and 5 cells, each \
                     numbered from White's side. White's King stands on e1 and its Rooks on \
                     c1 and g1; Black's on e9, c7 and g7.",
                ),
                (
                    "piece_rule",
                    "The King steps to any of the six cells that share a side with its \
                     cell, or to any of the six cells across a corner (as the Gliński \
                     king). The Rook moves any number of empty cells along one of the six \
                     lines through the sides of its cell.",
                ),
                (
                    "rows_rule",
                    "the files from `a` to `i`, each from its cell 1 upward",
                ),
                (
                    "square_rule",
                    "by its file letter and its number in the file, `a1` to `a5`, `e1` to \
                     `e9`, `i1` to `i5`",
                ),
                (
                    "start_diagram",
                    "file  cells from 1 upward\n   a  . . . . .\n   b  . . . . . .\n   c  R . \
                     . . . . r\n   d  . . . . . . . .\n   e  K . . . . . . . k\n   f  . . . . . \
                     . . .\n   g  R . . . . . r\n   h  . . . . . .\n   i  . . . . .",
                ),
            ],
            BoardKind::Layered => vec![
                ("board_words", "three stacked 8x8 boards"),
                ("board_keyword", "3d-chess"),
                (
                    "start",
                    "r3k2r/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/R3K2R w 0 1",
                ),
                (
                    "middle",
                    "4k3/8/8/8/8/8/8/8/8/8/2r5/8/3R4/8/8/8/8/8/8/8/8/8/r7/R3K3 b 4 9",
                ),
                ("center", "2d4"),
                ("next", "2d5"),
                ("far1", "1h1"),
                ("far2", "3a8"),
                ("center_king_moves", "26"),
                ("center_rook_moves", "16"),
                ("off_board", "4a1"),
                ("example_from", "1e1"),
                ("example_move", "1e1-1e2"),
                (
                    "board_rule",
                    "The board is three 8x8 levels stacked (the kernel's `LayeredBoard`), \
                     level 1 at the bottom; on each level files `a` to `h` and ranks `1` to \
                     `8` as on a chessboard. White's King stands on 1e1 and its Rooks on 1a1 \
                     and 1h1; Black's on 3e8, 3a8 and 3h8.",
                ),
                (
                    "piece_rule",
                    "The King steps to any of the 26 cells around its cell, on its level or \
                     the level above or below. The Rook moves any number of empty cells \
                     along its rank or file, or straight up or down through the levels.",
                ),
                (
                    "rows_rule",
                    "level 3 first, then 2, then 1; on each level the ranks from 8 down to \
                     1, each from file `a` to file `h` (24 rows)",
                ),
                (
                    "square_rule",
                    "by its level, file letter and rank number, `1a1` to `3h8`",
                ),
                (
                    "start_diagram",
                    "level 3: r . . . k . . r (rank 8), ranks 7-1 empty\nlevel 2: empty\n\
                     level 1: ranks 8-2 empty, R . . . K . . R (rank 1)",
                ),
            ],
        }
    }
}

/// Checks a variant id: lower-case ASCII letters and digits in words joined by single
/// hyphens, starting with a letter, at most 24 characters, not a reserved name.
///
/// # Errors
/// A one-line message saying what is wrong.
pub fn check_name(name: &str) -> Result<(), String> {
    let words_ok = name.split('-').all(|w| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    });
    if name.is_empty() || name.len() > 24 || !name.as_bytes()[0].is_ascii_lowercase() || !words_ok {
        return Err(format!(
            "invalid variant name {name:?}: use 1-24 lower-case letters and digits, words \
             joined by single hyphens, starting with a letter (such as \"my-chess\")"
        ));
    }
    if RESERVED.contains(&name) {
        return Err(format!(
            "invalid variant name {name:?}: it is reserved ({})",
            RESERVED.join(", ")
        ));
    }
    Ok(())
}

/// Replaces every `{{key}}` of `template` by its value.
///
/// # Errors
/// The first placeholder without a value (a template bug).
pub fn render(template: &str, values: &HashMap<&str, String>) -> Result<String, String> {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after.find("}}").ok_or_else(|| {
            format!(
                "unclosed placeholder near {:?}",
                &after[..after.len().min(20)]
            )
        })?;
        let key = &after[..end];
        let value = values
            .get(key)
            .ok_or_else(|| format!("template placeholder {{{{{key}}}}} has no value"))?;
        out.push_str(value);
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The placeholder values for `name` on `board`.
fn values_for(name: &str, board: BoardKind) -> HashMap<&'static str, String> {
    let label = name[..1].to_ascii_uppercase();
    let mut title: String = name.replace('-', " ");
    title.replace_range(..1, &label);
    let mut v: HashMap<&'static str, String> = HashMap::new();
    for (k, val) in board.values() {
        v.insert(k, val.to_owned());
    }
    let summary = format!(
        "kings and rooks on {}; capturing the King wins (a scaffold, to be replaced by the \
         real rules).",
        v["board_words"]
    );
    v.insert("name", name.to_owned());
    v.insert("package", format!("fairy-{name}"));
    v.insert("crate", format!("fairy_{}", name.replace('-', "_")));
    v.insert("snake", name.replace('-', "_"));
    v.insert("title", title);
    v.insert("label", label.clone());
    v.insert("label_lower", label.to_ascii_lowercase());
    v.insert("summary", summary);
    v
}

/// One change to an existing file: insert `line` above the marker `marker`.
struct Insert {
    file: &'static str,
    marker: &'static str,
    text: String,
}

/// The registration edits for `name`.
fn registrations(name: &str, values: &HashMap<&str, String>) -> Vec<Insert> {
    let krate = &values["crate"];
    let package = &values["package"];
    let ident = name.replace('-', "_").to_ascii_uppercase();
    vec![
        Insert {
            file: "Cargo.toml",
            marker: "# new-variant: workspace dependencies",
            text: format!("{package} = {{ path = \"crates/{name}\", version = \"0.1.0\" }}\n"),
        },
        Insert {
            file: "crates/fairy/Cargo.toml",
            marker: "# new-variant: features",
            text: format!("{name} = [\"dep:{package}\"]\n"),
        },
        Insert {
            file: "crates/fairy/Cargo.toml",
            marker: "# new-variant: dependencies",
            text: format!("{package} = {{ workspace = true, optional = true }}\n"),
        },
        Insert {
            file: "crates/fairy/src/registry.rs",
            marker: "// new-variant: statics",
            text: format!(
                "/// {title} (crate `{package}`).\n#[cfg(feature = \"{name}\")]\nstatic {ident}: \
                 Adapter<{krate}::Position> = Adapter::new(\n    \"{name}\",\n    \"{title}: {words}, \
                 kings and rooks\",\n    (),\n);\n\n",
                title = values["title"],
                words = values["board_words"],
            ),
        },
        Insert {
            file: "crates/fairy/src/registry.rs",
            marker: "        // new-variant: entries",
            text: format!("        #[cfg(feature = \"{name}\")]\n        Entry::built(&{ident}),\n"),
        },
        Insert {
            file: "tests/Cargo.toml",
            marker: "# new-variant: dependencies",
            text: format!("{package} = {{ path = \"../crates/{name}\" }}\n"),
        },
        Insert {
            file: "tests/tests/properties.rs",
            marker: "// new-variant: properties",
            text: format!(
                "variant_properties!(\n    {id}_random_games,\n    {id}_random_games_long,\n    \
                 {krate}::Position,\n    ()\n);\n\n",
                id = name.replace('-', "_"),
            ),
        },
    ]
}

/// Adds `name` to the `default = [...]` feature list of the facade's manifest (written on
/// one line, or one entry a line with a trailing comma).
fn add_default_feature(manifest: &str, name: &str) -> Result<String, String> {
    let missing = || "crates/fairy/Cargo.toml has no `default = [...]` feature list".to_owned();
    let start = if manifest.starts_with("default = [") {
        0
    } else {
        manifest.find("\ndefault = [").ok_or_else(missing)? + 1
    };
    let open = start + "default = [".len();
    let close = open + manifest[open..].find(']').ok_or_else(missing)?;
    let inner = &manifest[open..close];
    let kept = inner.trim_end();
    let entry = format!("\"{name}\"");
    let list = if kept.trim().is_empty() {
        entry
    } else if kept.ends_with(',') && inner.contains('\n') {
        let indent = kept
            .rsplit('\n')
            .next()
            .map_or("    ", |l| &l[..l.len() - l.trim_start().len()]);
        format!("{kept}\n{indent}{entry},{}", &inner[kept.len()..])
    } else {
        format!("{}, {entry}", kept.trim_end_matches(','))
    };
    Ok(format!("{}{list}{}", &manifest[..open], &manifest[close..]))
}

/// Inserts `text` above the line holding `marker`.
fn insert_above(content: &str, marker: &str, text: &str) -> Option<String> {
    let at = content.find(marker)?;
    let line_start = content[..at].rfind('\n').map_or(0, |i| i + 1);
    Some(format!(
        "{}{}{}",
        &content[..line_start],
        text,
        &content[line_start..]
    ))
}

/// The workspace root this xtask belongs to.
fn default_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace root")
        .to_path_buf()
}

fn read(root: &Path, file: &str) -> Result<String, String> {
    std::fs::read_to_string(root.join(file))
        .map_err(|e| format!("{}: {e}", root.join(file).display()))
}

fn write(root: &Path, file: &str, text: &str) -> Result<(), String> {
    let path = root.join(file);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(unix)]
fn link(root: &Path, target: &str, file: &str) -> Result<(), String> {
    let path = root.join(file);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::os::unix::fs::symlink(target, &path).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(not(unix))]
fn link(root: &Path, target: &str, file: &str) -> Result<(), String> {
    // Without symbolic links: a copy (keep it in step with its original by hand).
    let path = root.join(file);
    let original = path.parent().unwrap_or(root).join(target);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::copy(&original, &path)
        .map(|_| ())
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn cargo(root: &Path, args: &[&str], env: &[(&str, &str)]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut cmd = Command::new(cargo);
    cmd.args(args).current_dir(root);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cargo {}: {e}", args.join(" ")))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`cargo {}` failed ({status})", args.join(" ")))
    }
}

/// Writes the variant `name` on `board` into the workspace at `into` (default: this
/// workspace), registers it, formats it and computes its perft figures.
///
/// # Errors
/// A one-line message: an invalid or existing name, a missing marker, a file that cannot
/// be written, or a failed build.
pub fn run(name: &str, board: &str, into: Option<&Path>) -> Result<(), String> {
    check_name(name)?;
    let board = BoardKind::parse(board)?;
    let root = into.map_or_else(default_root, Path::to_path_buf);
    let package = format!("fairy-{name}");
    if !root.join("crates/fairy/src/registry.rs").is_file() {
        return Err(format!(
            "{} is not a fairy workspace (no crates/fairy/src/registry.rs)",
            root.display()
        ));
    }

    // Refuse an existing name, wherever it shows.
    for (path, what) in [
        (format!("crates/{name}"), "a crate folder"),
        (format!("docs/rules/{name}.md"), "a rules document"),
        (format!("tests/perft/{name}.perft"), "a perft file"),
    ] {
        if root.join(&path).exists() {
            return Err(format!("variant {name:?} exists: {what} {path} is there"));
        }
    }
    let registry = read(&root, "crates/fairy/src/registry.rs")?;
    if registry.contains(&format!("\"{name}\"")) {
        return Err(format!(
            "variant {name:?} exists: crates/fairy/src/registry.rs names it"
        ));
    }
    let workspace = read(&root, "Cargo.toml")?;
    if workspace.contains(&format!("\n{package} ")) {
        return Err(format!(
            "variant {name:?} exists: Cargo.toml names {package}"
        ));
    }
    let ident = name.replace('-', "_").to_ascii_uppercase();
    if registry.contains(&format!("static {ident}:")) {
        return Err(format!(
            "variant {name:?} would clash with the static {ident} of crates/fairy/src/registry.rs"
        ));
    }

    let values = values_for(name, board);
    // Every edit is prepared (and every marker found) before anything is written.
    let mut edited: HashMap<&'static str, String> = HashMap::new();
    for ins in registrations(name, &values) {
        let current = match edited.get(ins.file) {
            Some(text) => text.clone(),
            None => read(&root, ins.file)?,
        };
        let next = insert_above(&current, ins.marker, &ins.text).ok_or_else(|| {
            format!(
                "{}: no marker line `{}` (add it where new variants go)",
                ins.file,
                ins.marker.trim()
            )
        })?;
        edited.insert(ins.file, next);
    }
    let facade = add_default_feature(&edited["crates/fairy/Cargo.toml"], name)?;
    edited.insert("crates/fairy/Cargo.toml", facade);
    let mut files: Vec<(String, String)> = Vec::new();
    for (path, template) in CRATE_FILES {
        files.push((
            format!("crates/{name}/{}", render(path, &values)?),
            render(template, &values)?,
        ));
    }
    files.push((
        format!("crates/{name}/src/board.rs"),
        render(board.board_template(), &values)?,
    ));
    files.push((format!("docs/rules/{name}.md"), render(RULES_DOC, &values)?));
    files.push((
        format!("tests/perft/{name}.perft"),
        render(PERFT_FILE, &values)?,
    ));

    for (path, text) in &files {
        write(&root, path, text)?;
    }
    let links = [
        (
            format!("../../docs/rules/{name}.md"),
            format!("crates/{name}/RULES.md"),
        ),
        (
            "../../LICENSE-MIT".to_owned(),
            format!("crates/{name}/LICENSE-MIT"),
        ),
        (
            "../../LICENSE-APACHE".to_owned(),
            format!("crates/{name}/LICENSE-APACHE"),
        ),
        (
            format!("../../../../tests/perft/{name}.perft"),
            format!("crates/{name}/tests/perft/{name}.perft"),
        ),
    ];
    for (target, path) in &links {
        link(&root, target, path)?;
    }
    let mut edited: Vec<_> = edited.into_iter().collect();
    edited.sort();
    for (file, text) in &edited {
        write(&root, file, text)?;
    }
    if let Ok(log) = read(&root, "CHANGELOG.md") {
        let entry = format!(
            "### {package} 0.1.0 (new)\n- {}: generated by `cargo xtask new-variant {name} \
             --board {}`.\n\n",
            values["title"],
            match board {
                BoardKind::Square => "square",
                BoardKind::Hex => "hex",
                BoardKind::Layered => "layered",
            }
        );
        if let Some(text) = log
            .find("## Unreleased\n\n")
            .map(|at| at + "## Unreleased\n\n".len())
            .map(|at| format!("{}{entry}{}", &log[..at], &log[at..]))
        {
            write(&root, "CHANGELOG.md", &text)?;
            edited.push(("CHANGELOG.md", String::new()));
        }
    }

    println!("wrote:");
    for (path, _) in &files {
        println!("  {path}");
    }
    for (_, path) in &links {
        println!("  {path} (link)");
    }
    println!("edited:");
    for (file, _) in &edited {
        println!("  {file}");
    }

    cargo(
        &root,
        &["fmt", "-p", &package, "-p", "fairy", "-p", "fairy-tests"],
        &[],
    )?;
    println!("computing the perft figures (fast and reference generators must agree):");
    cargo(
        &root,
        &["test", "-p", &package, "--test", "perft"],
        &[("FAIRY_WRITE_PERFT", "1")],
    )?;
    println!(
        "\n{package} is ready. Next: edit docs/rules/{name}.md and crates/{name}/src, then\n  \
         cargo test -p {package}\n  \
         FAIRY_WRITE_PERFT=1 cargo test -p {package} --test perft   (after a rules change)\n  \
         cargo run -p fairy-cli -- perft {name} 3\n  \
         cargo xtask conformance                                  (the conformance vectors)"
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        for good in ["mychess", "my-chess", "chess3", "a", "x-2-y"] {
            assert_eq!(check_name(good), Ok(()), "{good}");
        }
        for bad in [
            "",
            "My",
            "3d",
            "my_chess",
            "-a",
            "a-",
            "a--b",
            "é",
            "a b",
            "kernel",
            "tests",
            "abcdefghijklmnopqrstuvwxy",
        ] {
            let e = check_name(bad).unwrap_err();
            assert!(
                !e.contains('\n') && e.contains("invalid variant name"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn boards_are_checked() {
        assert_eq!(BoardKind::parse("hex"), Ok(BoardKind::Hex));
        let e = BoardKind::parse("round").unwrap_err();
        assert!(
            !e.contains('\n') && e.contains("square, hex or layered"),
            "{e}"
        );
    }

    #[test]
    fn every_placeholder_of_every_template_has_a_value() {
        for board in [BoardKind::Square, BoardKind::Hex, BoardKind::Layered] {
            let v = values_for("my-game", board);
            for (path, t) in CRATE_FILES {
                let out = render(t, &v).unwrap_or_else(|e| panic!("{path}: {e}"));
                assert!(!out.contains("{{"), "{path}");
                let file = render(path, &v).unwrap_or_else(|e| panic!("{path}: {e}"));
                assert!(!file.contains('{'), "{file}");
            }
            for t in [board.board_template(), RULES_DOC, PERFT_FILE] {
                let out = render(t, &v).unwrap();
                assert!(!out.contains("{{"));
            }
            assert!(render("{{nope}}", &v).is_err());
        }
    }

    #[test]
    fn registrations_go_above_their_markers() {
        let v = values_for("my-game", BoardKind::Square);
        let text = "a\n        // new-variant: entries\nb\n";
        let ins = registrations("my-game", &v)
            .into_iter()
            .find(|i| i.marker.ends_with("entries"))
            .unwrap();
        let out = insert_above(text, ins.marker, &ins.text).unwrap();
        assert_eq!(
            out,
            "a\n        #[cfg(feature = \"my-game\")]\n        Entry::built(&MY_GAME),\n        \
             // new-variant: entries\nb\n"
        );
        assert!(insert_above("no marker", ins.marker, "x").is_none());
        let manifest = "[features]\ndefault = [\"a\", \"b\"]\na = []\n";
        assert_eq!(
            add_default_feature(manifest, "my-game").unwrap(),
            "[features]\ndefault = [\"a\", \"b\", \"my-game\"]\na = []\n"
        );
        let multi = "[features]\ndefault = [\n    \"a\",\n    \"b\",\n]\n";
        assert_eq!(
            add_default_feature(multi, "c").unwrap(),
            "[features]\ndefault = [\n    \"a\",\n    \"b\",\n    \"c\",\n]\n"
        );
        assert_eq!(
            add_default_feature("default = []\n", "c").unwrap(),
            "default = [\"c\"]\n"
        );
        assert!(add_default_feature("[features]\n", "c").is_err());
    }

    #[test]
    fn the_repository_has_every_marker() {
        let root = default_root();
        let v = values_for("zz-probe", BoardKind::Hex);
        for ins in registrations("zz-probe", &v) {
            let text = read(&root, ins.file).unwrap();
            assert!(text.contains(ins.marker), "{}: {}", ins.file, ins.marker);
        }
        assert!(add_default_feature(&read(&root, "crates/fairy/Cargo.toml").unwrap(), "x").is_ok());
    }

    #[test]
    fn an_existing_name_is_refused_before_anything_is_written() {
        let e = run("glinski", "hex", None).unwrap_err();
        assert!(e.contains("exists") && !e.contains('\n'), "{e}");
        let e = run("Bad", "hex", None).unwrap_err();
        assert!(e.contains("invalid variant name"), "{e}");
        let e = run("fresh-name", "round", None).unwrap_err();
        assert!(e.contains("unknown board"), "{e}");
        assert!(!default_root().join("crates/fresh-name").exists());
    }
}
