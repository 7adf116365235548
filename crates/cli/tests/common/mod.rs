//! Running `fairy serve` from tests: a child process on a free loopback port, killed when
//! the test ends.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// The `fairy` binary of this build.
pub const FAIRY: &str = env!("CARGO_BIN_EXE_fairy");

/// A child process killed (SIGKILL) when the test ends, however it ends.
pub struct Proc(pub Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `fairy serve --port 0 --database DATABASE` (a file or a `postgres://` URL): the process
/// and the URL it listens on (`http://127.0.0.1:PORT`).
pub fn serve(database: &str) -> (Proc, String) {
    let mut child = Command::new(FAIRY)
        .args(["serve", "--port", "0", "--database", database])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start fairy serve");
    let stdout = child.stdout.take().expect("stdout");
    let proc = Proc(child);
    let mut line = String::new();
    let mut reader = BufReader::new(stdout);
    reader
        .read_line(&mut line)
        .expect("read the listening line");
    // The server writes more lines; its output must stay open.
    std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .trim_end_matches('/')
        .to_owned();
    (proc, url)
}
