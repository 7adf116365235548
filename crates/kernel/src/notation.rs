//! Pieces of position notation shared by every variant: FEN-like board rows (letters for
//! pieces, digit runs for empty squares, `/` between rows) and error constructors.

use crate::error::PositionError;

/// Writes board rows FEN-style: each row left to right, a piece as its letter, a run of
/// empty squares as its decimal length (multi-digit where rows are long), rows joined by
/// `/`. The caller gives the rows in the order they are written (top rank first).
///
/// ```
/// use fairy_kernel::notation::write_rows;
/// let rows = vec![vec![Some('r'), None, None], vec![None; 12]];
/// assert_eq!(write_rows(rows), "r2/12");
/// ```
pub fn write_rows<R, C>(rows: R) -> String
where
    R: IntoIterator<Item = C>,
    C: IntoIterator<Item = Option<char>>,
{
    let mut s = String::new();
    for (i, row) in rows.into_iter().enumerate() {
        if i > 0 {
            s.push('/');
        }
        let mut run = 0u32;
        for cell in row {
            match cell {
                Some(c) => {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(c);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
    }
    s
}

/// Reads FEN-like board rows: `lengths[i]` is the number of cells of the i-th row written.
/// Returns, per row, the cells left to right (`Some(letter)` for a piece). Letters are not
/// checked here (the variant maps them to pieces); anything that is neither an ASCII letter
/// nor a digit is an error.
///
/// # Errors
/// [`PositionError::Field`] (field `field`) for a wrong number of rows, a row of the wrong
/// length, a zero or leading-zero digit run, or a character that is neither a letter nor a
/// digit; the message quotes the row.
///
/// ```
/// use fairy_kernel::notation::read_rows;
/// let rows = read_rows("board", "r2/12", &[3, 12]).unwrap();
/// assert_eq!(rows[0], [Some('r'), None, None]);
/// assert!(read_rows("board", "r3/12", &[3, 12]).is_err());
/// ```
pub fn read_rows(
    field: &'static str,
    text: &str,
    lengths: &[usize],
) -> Result<Vec<Vec<Option<char>>>, PositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != lengths.len() {
        return Err(field_error(
            field,
            text,
            format!(
                "{} rows separated by '/', found {}",
                lengths.len(),
                rows.len()
            ),
        ));
    }
    let mut out = Vec::with_capacity(rows.len());
    for (i, (&row, &len)) in rows.iter().zip(lengths).enumerate() {
        let mut cells = Vec::with_capacity(len);
        let mut chars = row.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            if c.is_ascii_digit() {
                let mut end = start + 1;
                while let Some(&(j, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = j + 1;
                    chars.next();
                }
                let digits = &row[start..end];
                let n: usize = match digits.parse() {
                    Ok(n) if n > 0 && !digits.starts_with('0') && n <= len => n,
                    _ => {
                        return Err(field_error(
                            field,
                            row,
                            format!("row {} has a bad run of empty squares {digits:?}", i + 1),
                        ))
                    }
                };
                cells.extend(std::iter::repeat_n(None, n));
            } else if c.is_ascii_alphabetic() {
                cells.push(Some(c));
            } else {
                return Err(field_error(
                    field,
                    row,
                    format!("row {}: {c:?} is neither a piece letter nor a digit", i + 1),
                ));
            }
            if cells.len() > len {
                break;
            }
        }
        if cells.len() != len {
            return Err(field_error(
                field,
                row,
                format!(
                    "row {} has {len} squares, this one describes {}",
                    i + 1,
                    cells.len()
                ),
            ));
        }
        out.push(cells);
    }
    Ok(out)
}

/// A [`PositionError::Field`] for `field` quoting `text`.
pub fn field_error(field: &'static str, text: &str, expected: impl Into<String>) -> PositionError {
    PositionError::Field {
        field,
        text: text.to_owned(),
        expected: expected.into(),
    }
}

/// A [`PositionError::Impossible`] with `reason`.
pub fn impossible(reason: impl Into<String>) -> PositionError {
    PositionError::Impossible {
        reason: reason.into(),
    }
}

/// Reads a non-negative move counter (half-move clock, move number) field.
///
/// # Errors
/// [`PositionError::Field`] when it is not a decimal number that fits in `u32`.
pub fn read_counter(field: &'static str, text: &str) -> Result<u32, PositionError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(field_error(field, text, "a non-negative whole number"));
    }
    text.parse()
        .map_err(|_| field_error(field, text, "a number 0..4294967295: this one is too large"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::quickcheck;

    #[test]
    fn multi_digit_runs_for_wide_boards() {
        let rows = read_rows("board", "24/2pppp4pppp4pppp2", &[24, 24]).unwrap();
        assert!(rows[0].iter().all(Option::is_none));
        assert_eq!(rows[1].iter().filter(|c| c.is_some()).count(), 12);
        assert_eq!(write_rows(rows), "24/2pppp4pppp4pppp2");
    }

    #[test]
    fn errors_name_the_row() {
        for bad in [
            "8/8", "8/8/8/9", "8/8/8/7", "8/8/8/07", "8/8/8/7!", "8/8/8/0",
        ] {
            let e = read_rows("board", bad, &[8, 8, 8, 8]);
            assert!(e.is_err(), "{bad}");
        }
        let e = read_rows("board", "8/8/8/9", &[8, 8, 8, 8])
            .unwrap_err()
            .to_string();
        assert!(e.contains("row 4"), "{e}");
        assert!(read_counter("half-move clock", "-1").is_err());
        assert!(read_counter("half-move clock", "99999999999").is_err());
        assert_eq!(read_counter("move number", "12"), Ok(12));
    }

    quickcheck! {
        fn round_trip(cells: Vec<Option<u8>>) -> bool {
            let row: Vec<Option<char>> = cells
                .iter()
                .take(30)
                .map(|c| c.map(|b| (b'a' + b % 26) as char))
                .collect();
            let len = row.len();
            if len == 0 { return true; }
            let text = write_rows([row.clone()]);
            read_rows("board", &text, &[len]).map(|r| r[0] == row).unwrap_or(false)
        }

        fn never_panics(text: String) -> bool {
            let _ = read_rows("board", &text, &[8, 8]);
            true
        }
    }
}
