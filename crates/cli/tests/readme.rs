//! A newcomer's check: every `fairy` example in the README and in `docs/` runs as written.
//!
//! Examples are the lines of ```` ```sh ```` blocks that start with `fairy ` or with
//! `cargo run --release -- ` (run here through the built binary). Synopses with
//! placeholders live in ```` ```text ```` blocks and are not run. Each example must exit 0;
//! `play` examples get `quit` on standard input.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Splits a shell line into words, honouring single and double quotes.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        words.push(cur);
    }
    words
}

fn examples(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut in_sh = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            in_sh = !in_sh && t == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        let t = t.split(" # ").next().unwrap_or("").trim();
        let rest = t
            .strip_prefix("fairy ")
            .or_else(|| t.strip_prefix("cargo run --release -- "));
        if let Some(rest) = rest {
            out.push(shell_words(rest));
        }
    }
    out
}

fn markdown_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut stack = vec![root().join("docs")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "md") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn shell_words_split_like_a_shell() {
    assert_eq!(
        shell_words("apply x --fen 'a b' \"c\" ''"),
        ["apply", "x", "--fen", "a b", "c", ""]
    );
}

#[test]
fn every_documented_example_runs() {
    let bin = env!("CARGO_BIN_EXE_fairy");
    let mut ran = 0;
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for args in examples(&text) {
            let mut cmd = Command::new(bin);
            cmd.args(&args);
            let out = if args.first().is_some_and(|a| a == "play") {
                use std::io::Write;
                let mut child = cmd
                    .stdin(std::process::Stdio::piped())
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap();
                let _ = child.stdin.take().unwrap().write_all(b"quit\n");
                child.wait_with_output().unwrap()
            } else {
                cmd.output().unwrap()
            };
            assert!(
                out.status.success(),
                "{}: `fairy {}` exited {:?}: {}",
                file.display(),
                args.join(" "),
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran > 0, "no example found in README.md or docs/");
}

/// The match examples of the README and docs/uci.md do not mislead: the engine named first
/// is the stronger one and scores more, and no Elo figure is infinite.
#[test]
fn match_examples_show_the_stronger_engine_winning() {
    let bin = env!("CARGO_BIN_EXE_fairy");
    let mut ran = 0;
    for file in [root().join("README.md"), root().join("docs/uci.md")] {
        let text = std::fs::read_to_string(&file).unwrap();
        for args in examples(&text) {
            if args.first().map(String::as_str) != Some("match")
                || !args.iter().any(|a| a == "--engine")
                || args.iter().any(|a| a == "--sprt")
            {
                continue;
            }
            let out = Command::new(bin).args(&args).output().unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            let line = stdout
                .lines()
                .find(|l| l.starts_with("score of "))
                .unwrap_or_else(|| panic!("{}: {stdout}", args.join(" ")));
            let wdl: Vec<u32> = line
                .split(": ")
                .nth(1)
                .and_then(|t| t.split(' ').next())
                .unwrap_or_default()
                .split('-')
                .filter_map(|x| x.parse().ok())
                .collect();
            assert_eq!(wdl.len(), 3, "{line}");
            assert!(wdl[0] > wdl[2], "`fairy {}`: {line}", args.join(" "));
            assert!(!stdout.contains("inf"), "{stdout}");
            ran += 1;
        }
    }
    assert!(ran > 0, "no engine match example found");
}

/// Registry commands (`cargo add`, `pip install fairy-variants`) only come with what works
/// before the crates and the module are published: a path dependency and a maturin build.
#[test]
fn install_instructions_work_before_publication() {
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    if text.contains("cargo add fairy-") {
        assert!(
            text.contains("not on crates.io yet"),
            "say it is not published"
        );
        let path_dep = text
            .lines()
            .find_map(|l| l.split("path = \"../fairy/").nth(1))
            .and_then(|rest| rest.split('"').next())
            .expect("a path dependency in the README");
        assert!(
            root().join(path_dep).join("Cargo.toml").is_file(),
            "the path dependency names a crate of this repository: {path_dep}"
        );
    }
    if text.contains("pip install fairy-variants") {
        assert!(text.contains("not on PyPI yet"), "say it is not published");
        assert!(text.contains("maturin build") && text.contains("target/wheels/"));
    }
}
