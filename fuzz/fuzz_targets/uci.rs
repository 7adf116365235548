//! `fairy uci` on arbitrary input lines, for every variant (`setoption name UCI_Variant`
//! picks one). It must never panic or hang: every `go` is parsed as given (the parser is
//! what is fuzzed) and then searched as `go depth 1` (a `go perft` of 2 plies or fewer runs
//! as given), `setoption name Hash` is parsed but
//! not applied (it would allocate up to 4 GiB), and a `quit` ends the input.
#![no_main]

use std::io::Write;
use std::sync::{Arc, Mutex};

use fairy_cli::uci;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut script = String::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.split_first() {
            Some((&"go", rest)) => {
                // The session checks the same way; a refused `go` is answered with an error.
                match uci::parse_go(rest) {
                    Ok(g) if g.perft.is_some_and(|d| d <= 2) => {
                        script.push_str(line);
                        script.push('\n');
                    }
                    Ok(_) => script.push_str("go depth 1\n"),
                    Err(_) => {}
                }
            }
            Some((&"setoption", rest)) => {
                let hash = uci::parse_setoption(rest)
                    .is_ok_and(|(name, _)| name.eq_ignore_ascii_case("hash"));
                if !hash {
                    script.push_str(line);
                    script.push('\n');
                }
            }
            _ => {
                script.push_str(line);
                script.push('\n');
            }
        }
    }
    script.push_str("quit\n");
    let sink: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
    let out: uci::Output = Arc::clone(&sink) as Arc<Mutex<dyn Write + Send>>;
    uci::run(&mut script.as_bytes(), out);
    let answer = sink.lock().map(|b| b.clone()).unwrap_or_default();
    let answer = String::from_utf8(answer).expect("UCI output is text");
    for l in answer.lines() {
        assert!(!l.contains('\r'), "{l:?}");
    }
});
