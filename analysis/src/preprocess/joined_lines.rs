//! The lines ReShade reports for code on a logical line that spans several physical ones.
//!
//! ReShade's preprocessor writes its output a logical line at a time. Before a line it writes
//! `#line E` (E: the physical line of the newline that ends it) unless E is one more than the
//! line it wrote last. A logical line goes on past a newline after a backslash or inside a block
//! comment. The comment is dropped from the output, newlines and all. The backslash and its
//! newline are copied, so the parser counts that newline again. So a line joined by a
//! backslash or a comment counts from E, and the lines after a backslash join count on from
//! there ("drift") until the next `#line`. That comes after a line with no output: blank, only a
//! comment, a directive. Only the stages after the preprocessor see this numbering (the
//! preprocessor's own errors carry its lexer's lines).
//!
//! A function-like macro call whose arguments span lines is numbered in `call_lines.rs`. Not
//! modelled: a macro that expands to nothing (an empty line to ReShade, not here).

/// One logical line being read: its physical lines, each with the backslash joins before it.
struct Logical {
    lines: Vec<(u32, u32)>,
    joins: u32,
    code: bool,
}

/// Where the parser's numbering stands between logical lines.
struct Numbering {
    /// The physical line that ended the last logical line written (`None`: a `#line` comes).
    last_end: Option<u32>,
    /// The parser's line for the next line written without a `#line`.
    next: u32,
}

impl Numbering {
    /// Numbers the logical line that ends on physical line `end`, recording in `out` each
    /// physical line whose reported line differs.
    fn finish(&mut self, logical: &Logical, end: u32, out: &mut Vec<(u32, u32)>) {
        if !logical.code {
            return;
        }
        let first = match self.last_end {
            Some(last) if end == last + 1 => self.next,
            _ => end,
        };
        for &(line, joins) in &logical.lines {
            if first + joins != line {
                out.push((line, first + joins));
            }
        }
        self.next = first + logical.joins + 1;
        self.last_end = Some(end);
    }
}

/// For the text `text[start..end]` between directives, whose first physical line is
/// `first_line`, appends to `out` each (physical line, reported line) pair where ReShade's
/// parser numbers the line otherwise. Nothing is appended where no logical line spans lines.
pub(super) fn parser_lines(
    text: &str,
    start: usize,
    end: usize,
    first_line: u32,
    out: &mut Vec<(u32, u32)>,
) {
    let bytes = &text.as_bytes()[..end];
    let mut line = first_line;
    let mut numbering = Numbering {
        last_end: None,
        next: first_line,
    };
    let mut logical = Logical {
        lines: vec![(line, 0)],
        joins: 0,
        code: false,
    };
    let mut i = start;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (b'\n', _) => {
                numbering.finish(&logical, line, out);
                line += 1;
                logical.lines.clear();
                logical.lines.push((line, 0));
                logical.joins = 0;
                logical.code = false;
                i += 1;
            }
            (b'\\', Some(b'\n' | b'\r')) if newline_at(bytes, i + 1).is_some() => {
                logical.joins += 1;
                line += 1;
                logical.lines.push((line, logical.joins));
                i = newline_at(bytes, i + 1).unwrap_or(i + 1);
            }
            (b'/', Some(b'/')) => {
                i = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |k| i + k);
            }
            (b'/', Some(b'*')) => {
                let close =
                    memchr::memmem::find(&bytes[i + 2..], b"*/").map_or(bytes.len(), |k| i + 4 + k);
                for _ in memchr::memchr_iter(b'\n', &bytes[i..close]) {
                    line += 1;
                    logical.lines.push((line, logical.joins));
                }
                i = close;
            }
            (b'"', _) => {
                logical.code = true;
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n') {
                    i += if bytes[i] == b'\\' && bytes.get(i + 1) != Some(&b'\n') {
                        2
                    } else {
                        1
                    };
                }
                i += usize::from(bytes.get(i) == Some(&b'"'));
            }
            (b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c', _) => i += 1,
            _ => {
                logical.code = true;
                i += 1;
            }
        }
    }
    numbering.finish(&logical, line, out);
}

/// Past the newline (`\n` or `\r\n`) at `at`, if one is there.
fn newline_at(bytes: &[u8], at: usize) -> Option<usize> {
    match (bytes.get(at), bytes.get(at + 1)) {
        (Some(b'\n'), _) => Some(at + 1),
        (Some(b'\r'), Some(b'\n')) => Some(at + 2),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::parser_lines;

    fn lines(text: &str) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        parser_lines(text, 0, text.len(), 1, &mut out);
        out
    }

    #[test]
    fn plain_lines_keep_their_numbers() {
        assert!(lines("a;\nb;\n\n// c\nd /* e */;\n").is_empty());
        // A comment alone across lines is an empty line.
        assert!(lines("a;\n/* x\ny */\nb;\n").is_empty());
    }

    #[test]
    fn a_backslash_join_counts_from_its_last_line_and_drifts_until_a_blank_line() {
        // Lines 1-2 joined: written after `#line 2`, the backslash's newline counted again.
        let text = "a + \\\nb;\nc;\nd;\n\ne;\n";
        assert_eq!(lines(text), [(1, 2), (2, 3), (3, 4), (4, 5)]);
    }

    #[test]
    fn a_comment_join_puts_the_whole_line_on_its_last_line() {
        assert_eq!(lines("a; /* x\ny */ b;\nc;\n"), [(1, 2)]);
    }
}
