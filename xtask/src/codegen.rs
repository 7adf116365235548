//! `cargo xtask codegen`: generated tables of every variant crate.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use fairy_kernel::codegen::{GeneratedFile, HEADER};

/// A crate whose tables are generated: its directory (relative to the workspace root) and
/// the function of the crate that renders its files.
struct Target {
    dir: &'static str,
    files: fn() -> Vec<GeneratedFile>,
}

/// Every generated crate. To add one: a dependency in xtask/Cargo.toml and one entry here,
/// pointing to the crate's public table-rendering function.
fn targets() -> Vec<Target> {
    vec![
        Target {
            dir: "crates/dragonchess",
            files: fairy_dragonchess::tables::generated_files,
        },
        Target {
            dir: "crates/dainy",
            files: fairy_dainy::tables::generated_files,
        },
        Target {
            dir: "crates/chess-t",
            files: fairy_chess_t::tables::generated_files,
        },
        Target {
            dir: "crates/regicide",
            files: fairy_regicide::tables::generated_files,
        },
        Target {
            dir: "crates/synthesis",
            files: fairy_synthesis::tables::generated_files,
        },
        Target {
            dir: "crates/glinski",
            files: fairy_glinski::tables::generated_files,
        },
    ]
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace root")
        .to_path_buf()
}

fn rustfmt(source: &str) -> Result<String, String> {
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run rustfmt: {e}"))?;
    child
        .stdin
        .take()
        .ok_or("rustfmt has no stdin")?
        .write_all(source.as_bytes())
        .map_err(|e| format!("cannot write to rustfmt: {e}"))?;
    let out = child
        .wait_with_output()
        .map_err(|e| format!("rustfmt failed: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "rustfmt rejected generated code: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("rustfmt output is not UTF-8: {e}"))
}

fn mod_file(files: &[GeneratedFile]) -> GeneratedFile {
    let mut source = format!(
        "{HEADER}\n//! Tables computed from the kernel's geometry by `cargo xtask codegen`.\n\n"
    );
    for f in files {
        let stem = f.name.trim_end_matches(".rs");
        source.push_str(&format!("pub mod {stem};\n"));
    }
    GeneratedFile {
        name: "mod.rs".into(),
        source,
    }
}

/// Writes (or with `check`, compares) every generated file.
pub fn run(check: bool) -> Result<(), String> {
    let root = workspace_root();
    let mut stale = Vec::new();
    let mut written = 0;
    for t in targets() {
        let dir = root.join(t.dir).join("src/generated");
        let mut files = (t.files)();
        files.push(mod_file(&files));
        let mut expected_names = Vec::new();
        for f in &files {
            let text = rustfmt(&f.source)?;
            let path = dir.join(&f.name);
            expected_names.push(f.name.clone());
            let current = std::fs::read_to_string(&path).ok();
            if current.as_deref() == Some(text.as_str()) {
                continue;
            }
            if check {
                stale.push(path.display().to_string());
            } else {
                std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
                written += 1;
            }
        }
        if let Ok(rd) = std::fs::read_dir(&dir) {
            for entry in rd.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if !expected_names.contains(&name) {
                    stale.push(format!(
                        "{} (not generated any more)",
                        entry.path().display()
                    ));
                }
            }
        }
    }
    if !stale.is_empty() {
        return Err(format!(
            "stale generated files (run `cargo xtask codegen`):\n  {}",
            stale.join("\n  ")
        ));
    }
    if !check {
        println!("codegen: {written} file(s) written");
    } else {
        println!("codegen: all generated files are fresh");
    }
    Ok(())
}
