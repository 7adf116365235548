//! Reading lines of text from a person or a program without ending on bad bytes.

use std::io::{self, BufRead};

/// Reads one line (through `\n`, or to the end of input) into `line`, replacing bytes that
/// are not UTF-8 with U+FFFD, so that a stray byte is read as a bad word (answered like any
/// other) instead of ending the session. Returns the number of bytes read, 0 at the end.
///
/// # Errors
/// The I/O errors of `input`.
pub fn read_line_lossy<R: BufRead + ?Sized>(input: &mut R, line: &mut String) -> io::Result<usize> {
    let mut bytes = Vec::new();
    let n = input.read_until(b'\n', &mut bytes)?;
    line.push_str(&String::from_utf8_lossy(&bytes));
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_bytes_become_replacement_characters_and_reading_goes_on() {
        let mut input: &[u8] = b"uci\n\xff\xfe\nisready\n";
        let mut lines = Vec::new();
        let mut line = String::new();
        while read_line_lossy(&mut input, &mut line).unwrap() > 0 {
            lines.push(line.trim().to_owned());
            line.clear();
        }
        assert_eq!(lines, ["uci", "\u{fffd}\u{fffd}", "isready"]);
    }
}
